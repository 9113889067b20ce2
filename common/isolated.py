"""One item's failure inside a sweep, kept to that item.

The sweeps walk every due phase, turn and reminder of the site. An
exception for one of them (a bug, a record that cannot be read) would stop
the sweep for every game after it, each minute, until someone noticed. So
each item's step runs through `isolated`: its failure is logged in full and
the sweep goes on. A lost database is not isolated: nothing else would go
either, and the sweep's task fails as it should.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TypeVar

from django.db import InterfaceError, OperationalError

logger = logging.getLogger(__name__)
T = TypeVar("T")


def isolated(step: Callable[..., T], *args: object, fallback: T, failed: str) -> T:
    """``step(*args)``; if it raises (the database aside), log ``failed`` with
    the traceback and return ``fallback``."""
    try:
        return step(*args)
    except (OperationalError, InterfaceError):
        raise
    except Exception:  # logged in full; the sweep goes on with the next item
        logger.exception(failed)
        return fallback
