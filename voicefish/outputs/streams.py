"""The live streams of the screen server: each stream's numbered state and message log, and the queue of each
subscriber (a page's Server-Sent Events connection), cut off when it falls too far behind.

Split from :mod:`voicefish.outputs.server`, which re-exports the public names here.
"""

from __future__ import annotations

import asyncio
from collections import deque
from dataclasses import dataclass, field
from typing import Any

from voicefish.outputs.channels import Message

LOG_KEEP = 200
"""Captions (table) or private messages (a seat) kept for a client that (re)connects."""
MAX_BACKLOG = 2000
"""Events queued for one slow client before it is disconnected (it reconnects and resyncs)."""
PING_SECONDS = 15.0
"""An SSE comment is sent this often so dead connections are noticed."""

_Queue = asyncio.Queue[tuple[int, str] | None]


@dataclass
class _Stream:
    """One live stream (the table's or one seat's): the current state, a message log and the subscribers
    (each marked True when it may see join codes: the host's table screen)."""

    seq: int = 0
    state: dict[str, Any] | None = None
    state_json: str = ""
    log: deque[dict[str, Any]] = field(default_factory=lambda: deque(maxlen=LOG_KEEP))
    subscribers: dict[_Queue, bool] = field(default_factory=dict)


def _message_json(message: Message, n: int) -> dict[str, Any]:
    return {"n": n, "text": message.text, "kind": message.kind, "voice": message.voice}


def _offer(q: asyncio.Queue[tuple[int, str] | None], item: tuple[int, str]) -> None:
    """Queue an event for one client; a client too far behind is cut off (it reconnects and resyncs)."""
    if q.qsize() >= MAX_BACKLOG:
        while not q.empty():
            q.get_nowait()
        q.put_nowait(None)
        return
    q.put_nowait(item)


def _withhold(snapshot: dict[str, Any]) -> dict[str, Any]:
    """Never forward cards the player may not read now (``no_peeking`` outside their turn), whatever the caller
    put in the snapshot."""
    if snapshot.get("hand_visible", True):
        return snapshot
    return {**snapshot, "hand": [], "drawn": None}
