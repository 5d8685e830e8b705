"""The JSON API, ``/api/v1/`` (django-ninja): read what the pages show, write through the
same services, with the pages' permission table (:mod:`.auth`).

- :mod:`.api` — the API itself (:data:`~.api.api`): errors as JSON ``{"error": …}`` with the
  status the services give (400, 403, 404, 409, 413), throttling per token and per address
  (:mod:`.throttles`), the OpenAPI schema at ``/api/v1/schema`` and its page at ``/api/v1/docs``.
- :mod:`.read` — clubs, tournaments, rounds, standings, crosstables, explanations, Elo,
  exports (no login for public data; ETag/304; pages of results).
- :mod:`.write` — results (with their versions: 409 on a stale one), entries, pairing and
  publishing, with a personal token.
- :mod:`.reports` — players reporting their own results.

Documented in ``docs/api.md``.
"""
