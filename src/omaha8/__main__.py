"""``python -m omaha8`` runs the ``omaha8`` command."""

import sys

from .cli import main

sys.exit(main())
