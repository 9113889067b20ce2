"""Settings of the burst's beat and worker processes: production settings, an
optional queue prefix (so a test's workers take only that test's tasks), and
the stage timers of bench.burst.stages when FOGDIP_BURST_STAGES is set."""

import os
from pathlib import Path

from celery.signals import task_postrun, task_prerun, worker_process_init, worker_ready

from fogdip.queues import task_routes
from fogdip.settings import *  # noqa: F403

FOGDIP_QUEUE_PREFIX = os.environ.get("FOGDIP_BURST_QUEUE_PREFIX", "")
CELERY_TASK_DEFAULT_QUEUE = f"{FOGDIP_QUEUE_PREFIX}default"
CELERY_TASK_ROUTES = task_routes(FOGDIP_QUEUE_PREFIX)


if os.environ.get("FOGDIP_BURST_STAGES"):

    @worker_process_init.connect
    def install_stage_timers(**_: object) -> None:
        from bench.burst import stages

        stages.install()

    @task_prerun.connect
    def start_task_timer(task_id: str = "", **_: object) -> None:
        from bench.burst import stages

        stages.task_started(task_id)

    @task_postrun.connect
    def stop_task_timer(task_id: str = "", task: object = None, **_: object) -> None:
        from bench.burst import stages

        stages.task_finished(task_id, str(getattr(task, "name", "")))

    @worker_ready.connect
    def say_ready(**_: object) -> None:
        (Path(os.environ["FOGDIP_BURST_STAGES"]) / "ready").write_text("ready")
