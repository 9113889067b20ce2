"""Settings of a worker process started by the fault tests: the test settings,
the test's own queue, the test provider, and the fault points installed
before each task runs (tests.faults.hooks)."""

import os

from celery.signals import task_prerun

from fogdip.queues import TASK_QUEUES
from tests.settings import *  # noqa: F403

CELERY_TASK_DEFAULT_QUEUE = os.environ["FOGDIP_FAULT_QUEUE"]
# Every routed task (the sweeps fan out to adjudication and sending tasks)
# stays on the test's own queue, which only this test's workers consume.
CELERY_TASK_ROUTES = {task: {"queue": CELERY_TASK_DEFAULT_QUEUE} for task in TASK_QUEUES}
EMAIL_BACKEND = "tests.faults.provider.EmailBackend"


@task_prerun.connect
def install_fault_points(**_: object) -> None:
    from tests.faults import hooks

    hooks.install()
