"""Accounts: a user's own page (*Mon compte*) and their personal API tokens.

A personal token (:class:`~.models.ApiToken`) lets a program act through the JSON API
(``chessclub_web.api``) as the account that created it, within one club and a chosen set of
actions (:class:`~.models.Scope`): never more than the account's own role allows, checked on
every request. The token's secret is shown once, when it is made; only its SHA-256 is stored.
"""
