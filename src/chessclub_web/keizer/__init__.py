"""The Keizer competition's pages: its parameters, each evening's attendance and pairing, the
standings recalculated from the stored evenings (rules K1–K9 in the core, K20–K24 here)."""
