"""``python -m voicefish``."""

import sys

from voicefish.cli import main

sys.exit(main())
