"""The outputs wing: where the table's words go. The routing of the public channel and each human's private one
(``channels``: the privacy boundary), the table speaker's sink (``speech_sink``), earpieces (``earpiece``), the
terminal reveal for a player with neither (``terminal``), and the local web app (``server``, ``pages``, ``qr``: the
table page and the private pages). It takes the table's :class:`~voicefish.table.message.Message` and is handed
everything else (speakers, devices) by ``voicefish.commands.table_io``, which ``voicefish.commands.play`` calls.

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
