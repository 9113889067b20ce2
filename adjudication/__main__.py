"""``python -m adjudication``: see adjudication/cli.py."""

import sys

from adjudication.cli import main

sys.exit(main())
