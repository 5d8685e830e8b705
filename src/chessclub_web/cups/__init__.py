"""Knockout cups: the bracket, each match's tie-break chain, the bracket page (K30–K39)."""
