"""Entry point for ``python -m maps``; see maps/cli.py."""

import sys

from maps.cli import main

sys.exit(main())
