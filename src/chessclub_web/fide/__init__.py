"""FIDE's rating list on the site: the combined and per-time-control downloads imported by staff
(through the federation app's versions), stored one row per FIDE ID and updated in place, and
searched when a player is registered."""
