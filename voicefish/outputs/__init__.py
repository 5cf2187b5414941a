"""Screens and private channels: the local web app (table page, private pages), earpiece routing, and the
terminal reveal for a player with neither.

``start_screen`` is imported lazily so that ``voicefish.outputs.terminal`` and ``voicefish.outputs.earpiece`` do
not pull in the web server.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from voicefish.outputs.server import ScreenError, ScreenServer, start_screen

__all__ = ["ScreenError", "ScreenServer", "start_screen"]


def __getattr__(name: str) -> Any:
    if name in __all__:
        from voicefish.outputs import server

        return getattr(server, name)
    raise AttributeError(f"module 'voicefish.outputs' has no attribute {name!r}")
