"""The site's federation lists (FRBE ``PLAYER``, the FSE ranking list, the FIDE list): site data
shared by every club, imported in versions by staff or federation data managers."""
