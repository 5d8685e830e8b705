"""Ratings: FIDE's B.02 tables, the club Elo, and the federations' rating rule sets.

:mod:`chessclub.ratings.fide_tables` holds FIDE's tables (dp by percentage score, expected score
by rating difference) and FIDE's rounding, used by the tiebreaks (C.07 Art. 10) and by every
rating calculation.
"""
