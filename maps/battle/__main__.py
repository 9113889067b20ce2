"""Entry point for ``python -m maps.battle``; see maps/battle/cli.py."""

import sys

from maps.battle.cli import main

sys.exit(main())
