"""Typed identifiers of the domain core.

``PairingNumber`` is a player's starting rank in a tournament (TRF "TPN", the Belgian file's
``N°``), distinct from any database id and from the final rank.
"""

from typing import NewType

PairingNumber = NewType("PairingNumber", int)
RoundNumber = NewType("RoundNumber", int)
