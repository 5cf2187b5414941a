"""voicefish: an offline, voice-controlled Go Fish table."""

from voicefish import _compiled

__version__ = "0.1.0"

ENGINE = _compiled.choose()
"""How the engine's hot modules run: ``"compiled"`` (mypyc, ``setup.py``) or ``"source..."`` (Python; why)."""
