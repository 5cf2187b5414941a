"""voicefish: an offline, voice-controlled Go Fish table."""

__version__ = "0.1.0"
