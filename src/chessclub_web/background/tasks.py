"""The one task of the queue: run a :class:`~chessclub_web.background.models.Job` by its id.

Every kind of job goes through it, so that the queue holds nothing but a job's id (the job's
own row holds its arguments, progress and outcome).
"""

from __future__ import annotations

import uuid

from django_tasks import task


@task()
def run_job(job_id: str) -> str:
    """Run the job ``job_id`` (a UUID's text); its status afterwards. Idempotent: a finished
    job is left as it is."""
    from chessclub_web.background import runner

    return str(runner.run(uuid.UUID(job_id)).status)
