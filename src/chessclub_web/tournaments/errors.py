"""Errors of tournament imports (importable before Django is set up)."""

from __future__ import annotations

from typing import Any

from chessclub_web import refusals


class ImportRefusedError(refusals.BadInput, ValueError):
    """An import that is refused before anything is read or stored (the message says why)."""


class DuplicateImportError(ImportRefusedError):
    status = 409

    """The same file (same SHA-256) was already imported into this club.

    ``existing`` is the tournament row imported from it (the most recent one), ``url`` the URL
    path of its page. Import anyway with ``allow_duplicate=True``; ``force`` is how the caller
    says it (the command line raises it with ``--allow-duplicate``).
    """

    def __init__(self, existing: Any, url: str, *, force: str = "allow_duplicate=True") -> None:
        self.existing = existing
        self.url = url
        self.force = force
        super().__init__(
            f"this file was already imported into club {existing.club.number} as "
            f"tournament {existing.pk} « {existing.name} » ({url}); "
            f"import it anyway with {force}"
        )


class FileTooLargeError(ImportRefusedError):
    status = 413

    """The file is larger than an import takes (the web form's limit, 5 MB); nothing is read.

    ``size`` and ``limit`` are in bytes; the message (current language) names both in MB.
    """

    def __init__(self, size: int, limit: int) -> None:
        from django.utils.translation import gettext as _

        self.size = size
        self.limit = limit
        super().__init__(
            _("the file is too large: %(size)s MB (%(limit)s MB at most)")
            % {"size": f"{size / (1024 * 1024):.1f}", "limit": limit // (1024 * 1024)}
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


class TeamImportError(ImportRefusedError):
    """A team TRF (team records ``310``/``013``) that cannot be stored as a team event as it
    is: nothing is imported. The message (current language) says why and points to the
    *Teams* tab, where a team event is entered by hand."""


class DetailsConflictError(refusals.Conflict):
    """Someone else changed some of the tournament's details since the edit page was loaded:
    nothing was saved. ``fields`` names them (field names, ``round N``)."""

    def __init__(self, fields: list[str]) -> None:
        self.fields = fields
        super().__init__(", ".join(fields))


class ClosedTournamentChangeError(refusals.ClosedTournament):
    """A change of a closed tournament's details that the closing rules forbid (spec C1: what
    the final standings and the club Elo were computed from). ``reasons`` are messages for the
    user (current language); nothing was saved."""

    def __init__(self, reasons: list[str]) -> None:
        self.reasons = reasons
        super().__init__(" ".join(reasons))


class RoundDatesError(refusals.BadInput):
    """Round dates outside the tournament's dates (``services.round_date_refusal``): 400,
    nothing saved. ``reasons`` are messages for the user (current language), one per round,
    each naming the round, its date and the tournament's dates."""

    def __init__(self, reasons: list[str]) -> None:
        self.reasons = reasons
        super().__init__(" ".join(reasons), field="date")


class RoundNotShownError(refusals.Refused):
    """A ``?round=`` the standings pages cannot show: not a number or below 1 (400), or no
    published round of that number (404; a draft round is one only for those who may see
    it, and the standings count published rounds only: spec S3). The message (current
    language) says why and names the last published round."""
