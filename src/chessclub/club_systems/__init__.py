"""Club competitions outside FIDE's pairing systems (``docs/rules/club-systems.md``): the Keizer
season (:mod:`.keizer`), Scheveningen team matches (:mod:`.scheveningen`) and knockout cups
(:mod:`.knockout`). Pure, like the rest of the core: the web layer stores, these compute."""
