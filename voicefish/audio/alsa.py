"""ALSA's own messages kept off the player's terminal.

libasound reports problems by printing to standard error ("ALSA lib pcm.c:8570:(snd_pcm_recover) underrun
occurred" when the machine is too busy to feed the speaker in time, "Unknown PCM ..." while PortAudio probes
devices). A screen reader reads every such line aloud in the middle of the game. The library lets a program
install its own error handler (``snd_lib_error_set_handler``): :func:`quiet_alsa` installs one that counts the
messages instead of printing them, for the whole process, once. Opening a stream is already wrapped in
``devices.quiet_stderr``; this covers what comes later, while the streams run.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import threading
from typing import Any

__all__ = ["quiet_alsa", "silenced"]

_HANDLER_TYPE = ctypes.CFUNCTYPE(None, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p)
"""``snd_lib_error_handler_t``: file, line, function, error, format (the format's arguments are not read)."""

_lock = threading.Lock()
_handler: Any = None
"""The installed callback, kept alive for as long as libasound may call it."""
_count = 0


def _swallow(file: bytes | None, line: int, function: bytes | None, err: int, fmt: bytes | None) -> None:
    global _count
    _count += 1


def quiet_alsa() -> bool:
    """Install the quiet handler (once per process). False when libasound is not there (no ALSA: nothing to
    quiet) or does not have the function."""
    global _handler
    with _lock:
        if _handler is not None:
            return True
        name = ctypes.util.find_library("asound")
        if name is None:
            return False
        try:
            lib = ctypes.CDLL(name)
            set_handler = lib.snd_lib_error_set_handler
        except (OSError, AttributeError):
            return False
        set_handler.argtypes = [_HANDLER_TYPE]
        set_handler.restype = ctypes.c_int
        handler = _HANDLER_TYPE(_swallow)
        if set_handler(handler) != 0:
            return False
        _handler = handler
        return True


def silenced() -> int:
    """How many ALSA messages were kept off the terminal so far."""
    return _count
