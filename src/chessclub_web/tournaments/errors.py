"""Errors of tournament imports (importable before Django is set up)."""

from __future__ import annotations

from typing import Any


class ImportRefusedError(ValueError):
    """An import that is refused before anything is read or stored (the message says why)."""


class DuplicateImportError(ImportRefusedError):
    """The same file (same SHA-256) was already imported into this club.

    ``existing`` is the tournament row imported from it (the most recent one), ``url`` the URL
    path of its page. Import anyway with ``allow_duplicate=True``.
    """

    def __init__(self, existing: Any, url: str) -> None:
        self.existing = existing
        self.url = url
        super().__init__(
            f"this file was already imported into club {existing.club.number} as "
            f"tournament {existing.pk} « {existing.name} » ({url}); "
            "import it anyway with allow_duplicate=True"
        )


class InvalidImportOptionError(ImportRefusedError):
    """An import option (kind, time-control category) has a value that does not exist."""

    def __init__(self, option: str, value: object, allowed: list[str]) -> None:
        self.option = option
        self.value = value
        self.allowed = allowed
        super().__init__(f"{option} must be one of {', '.join(allowed)} (not {value!r})")


class ValueDoesNotFitError(ImportRefusedError):
    """Values of the tournament that the database rows cannot hold (a name too long, a number
    too large…). ``problems`` names each one: ``player 12: name longer than 200 characters``."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = problems
        super().__init__("; ".join(problems))
