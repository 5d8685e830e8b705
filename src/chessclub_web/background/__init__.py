"""Background work (issue: hosting for a whole federation): the long actions — pairing a round,
closing a tournament, a correction's recompute, importing a rating list — run as *jobs* on a
task queue instead of inside the web request, so that no web server's time limit can cut them.

The queue is Django's task framework (``django_tasks``, the API that Django 6.0 ships as
``django.tasks``) with two backends chosen by ``CHESSCLUB_TASKS``:

- ``immediate`` (default, ``make run``): the job runs in the request's own process, at the end
  of the request's transaction — exactly as before, with no other service;
- ``database``: the job is a row of the same database (``django_tasks_db``), enqueued in the
  same transaction as the request's, and ``chessclub worker`` processes run it.

A :class:`~chessclub_web.background.models.Job` is our own record of the work: who asked, what,
its progress, its outcome (the page to go to and the message, or the refusal), so that the
page that asked can follow it (``/jobs/<id>/``). The work itself is a *handler* registered by
the app that owns the rule (``registry.register``); the job is marked done in the handler's own
storing transaction, so that a job run twice stores its result once.
"""
