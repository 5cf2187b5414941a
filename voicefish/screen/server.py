"""The local web app: one table page (public facts and live captions) and one private page per human.

The server runs an aiohttp application on its own event loop in a background thread, so the game thread only
ever calls three cheap, non-blocking things: :meth:`ScreenServer.update` (a :class:`StateObserver`), the public
:attr:`ScreenServer.caption_sink` and each seat's :meth:`ScreenServer.private_sink`.

Live updates are Server-Sent Events. Every stream (the table, and each private page) is a numbered sequence:
each change gets the next number, a client that connects first receives a ``sync`` (the whole current picture
and its number), and a client that sees a gap in the numbers fetches a fresh ``sync`` — so a missed update is
detected and repaired, never silently lost.

Privacy: a private page, its data and its stream are served only with that player's token (from ``secrets``,
new for every server, so an old session's link is refused); anything else gets 403 and no hand. The table page
and its data are built only from the public snapshot and public messages. The server listens on loopback unless
``lan=True``.
"""

from __future__ import annotations

import asyncio
import atexit
import contextlib
import json
import secrets
import socket
import threading
from collections import deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, TextIO

from aiohttp import web

from voicefish.screen import pages
from voicefish.screen.qr import qr_svg_data_uri, qr_terminal
from voicefish.table.channels import PUBLIC, Message

__all__ = ["ScreenError", "ScreenServer", "start_screen"]

LOG_KEEP = 200
"""Captions (table) or private messages (a seat) kept for a client that (re)connects."""
HISTORY_KEEP = 512
"""Events kept per stream (not used for replay: a reconnecting client always gets a fresh ``sync``)."""
MAX_BACKLOG = 2000
"""Events queued for one slow client before it is disconnected (it reconnects and resyncs)."""
PING_SECONDS = 15.0
"""An SSE comment is sent this often so dead connections are noticed."""

_Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


class ScreenError(RuntimeError):
    """The screen server could not start (port taken, address not available); ``str()`` is one sentence."""


@dataclass
class _Stream:
    """One live stream (the table's or one seat's): the current state, a message log and the subscribers."""

    seq: int = 0
    state: dict[str, Any] | None = None
    state_json: str = ""
    log: deque[dict[str, Any]] = field(default_factory=lambda: deque(maxlen=LOG_KEEP))
    subscribers: set[asyncio.Queue[tuple[int, str] | None]] = field(default_factory=set)


class _CaptionSink:
    """Public messages → the table page's captions. A private message given here by mistake is dropped."""

    def __init__(self, server: ScreenServer) -> None:
        self._server = server

    def deliver(self, message: Message) -> None:
        if message.audience != PUBLIC:
            return
        self._server._publish_caption(message)


class _PrivateSink:
    """One seat's private messages → that seat's private page only."""

    def __init__(self, server: ScreenServer, seat: int) -> None:
        self._server = server
        self.seat = seat

    def deliver(self, message: Message) -> None:
        if message.audience != self.seat:
            return
        self._server._publish_private_message(self.seat, message)


def _lan_address() -> str:
    """This machine's address on the local network (no packet is sent), or loopback when there is none."""
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        s.connect(("10.254.254.254", 9))  # a UDP "connect" only picks the outgoing interface
        addr = str(s.getsockname()[0])
        if addr and not addr.startswith("0."):
            return addr
    with contextlib.suppress(OSError):
        addr = socket.gethostbyname(socket.gethostname())
        if addr:
            return addr
    return "127.0.0.1"


def _message_json(message: Message, n: int) -> dict[str, Any]:
    return {"n": n, "text": message.text, "kind": message.kind, "voice": message.voice}


class ScreenServer:
    """The running screen. Build it with :func:`start_screen`.

    ``table_url`` is the shared screen; ``private_urls[seat]`` is each human's private page (secret: give it
    only to that player). ``update`` receives snapshots; ``caption_sink`` and ``private_sink(seat)`` receive
    messages. ``stop()`` ends everything (also run at interpreter exit)."""

    def __init__(
        self,
        humans: dict[int, str],
        *,
        host: str | None = None,
        port: int = 0,
        lan: bool = False,
        show_join_codes: bool = True,
    ) -> None:
        for seat, name in humans.items():
            if seat < 0 or not name.strip():
                raise ValueError(f"bad human seat {seat!r} / name {name!r}")
        self.humans = dict(humans)
        self.lan = lan
        self.bind_host = host if host is not None else ("0.0.0.0" if lan else "127.0.0.1")
        self._port_wanted = port
        self._loopback_only = self.bind_host in ("127.0.0.1", "localhost", "::1")
        self.port = 0
        self.show_join_codes = show_join_codes
        self._tokens: dict[int, str] = {seat: secrets.token_urlsafe(24) for seat in humans}
        self._by_token: dict[str, int] = {t: s for s, t in self._tokens.items()}
        self._lock = threading.Lock()
        self._table = _Stream()
        self._private: dict[int, _Stream] = {seat: _Stream() for seat in humans}
        self._claimed: set[int] = set()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._runner: web.AppRunner | None = None
        self._thread: threading.Thread | None = None
        self._stopped = threading.Event()
        self.caption_sink = _CaptionSink(self)
        self._private_sinks = {seat: _PrivateSink(self, seat) for seat in humans}
        self.url_host = "127.0.0.1"

    # --- public API ---------------------------------------------------------------------------------------

    @property
    def base_url(self) -> str:
        return f"http://{self.url_host}:{self.port}"

    @property
    def table_url(self) -> str:
        """The table page (public information and captions only)."""
        return f"{self.base_url}/"

    @property
    def private_urls(self) -> dict[int, str]:
        """Each human seat's private page. Secret: whoever has the link sees that hand."""
        return {seat: f"{self.base_url}/p/{token}" for seat, token in self._tokens.items()}

    def private_sink(self, seat: int) -> _PrivateSink:
        """The private-message sink for ``seat`` (a human given to :func:`start_screen`)."""
        if seat not in self._private_sinks:
            raise KeyError(f"seat {seat} has no private page (humans: {sorted(self.humans)})")
        return self._private_sinks[seat]

    def seq(self, seat: int | None = None) -> int:
        """The latest sequence number of the table stream (``seat=None``) or of one seat's private stream."""
        with self._lock:
            return (self._table if seat is None else self._private[seat]).seq

    def update(self, public: dict[str, Any], private: dict[int, dict[str, Any]]) -> None:
        """New table state (a :class:`~voicefish.table.channels.StateObserver`). Unchanged parts send nothing."""
        self._publish_state(self._table, public, kind="state")
        for seat, snap in private.items():
            stream = self._private.get(seat)
            if stream is None:
                continue  # not a human with a page here: never served
            self._publish_state(stream, _withhold(snap), kind="state")

    def print_links(self, out: TextIO, *, qr: bool = True) -> None:
        """Tell the table where the pages are: the table URL, and each human's private link and QR code."""
        out.write(f"Table screen: {self.table_url}\n")
        if self._loopback_only:
            out.write(
                "(These links work on this computer only; start with --lan so phones on the same network can "
                "open them.)\n"
            )
        for seat, url in sorted(self.private_urls.items()):
            name = self.humans[seat]
            out.write(f"{name}: open your private page on your phone or a screen only you can see:\n  {url}\n")
            if qr:
                out.write(qr_terminal(url))
        out.flush()

    def stop(self, timeout: float = 5.0) -> None:
        """Close every page's stream and the server, and join the thread. Safe to call twice."""
        if self._stopped.is_set():
            return
        self._stopped.set()
        with contextlib.suppress(Exception):
            atexit.unregister(self.stop)
        loop, thread = self._loop, self._thread
        if loop is None or thread is None:
            return
        if loop.is_running():
            fut = asyncio.run_coroutine_threadsafe(self._shutdown(), loop)
            with contextlib.suppress(Exception):
                fut.result(timeout)
            loop.call_soon_threadsafe(loop.stop)
        thread.join(timeout)

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive() and not self._stopped.is_set()

    def __enter__(self) -> ScreenServer:
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    # --- starting -----------------------------------------------------------------------------------------

    def start(self, timeout: float = 10.0) -> ScreenServer:
        """Start the server thread and wait until it listens; raises :class:`ScreenError` if it cannot."""
        ready = threading.Event()
        failure: list[BaseException] = []

        def main() -> None:
            loop = asyncio.new_event_loop()
            self._loop = loop
            asyncio.set_event_loop(loop)
            try:
                loop.run_until_complete(self._serve())
            except BaseException as exc:  # reported to the caller below
                failure.append(exc)
                ready.set()
                loop.close()
                return
            ready.set()
            try:
                loop.run_forever()
            finally:
                loop.close()

        self._thread = threading.Thread(target=main, name="voicefish-screen", daemon=True)
        self._thread.start()
        if not ready.wait(timeout):
            raise ScreenError("the screen server did not start in time")
        if failure:
            exc = failure[0]
            self._thread.join(1)
            if isinstance(exc, OSError):
                raise ScreenError(
                    f"the screen cannot listen on {self.bind_host}:{self._port_wanted} ({exc.strerror or exc}); "
                    "choose another port or stop the program using it"
                ) from exc
            raise ScreenError(f"the screen server did not start: {exc}") from exc
        self.url_host = _lan_address() if self.lan else self.bind_host
        if self.url_host == "0.0.0.0":
            self.url_host = _lan_address()
        atexit.register(self.stop)
        return self

    async def _serve(self) -> None:
        app = web.Application(middlewares=[self._middleware])
        app.router.add_get("/", self._table_page)
        app.router.add_get("/api/table", self._table_api)
        app.router.add_get("/events/table", self._table_events)
        app.router.add_get("/favicon.ico", self._no_content)
        app.router.add_get("/p", self._forbidden)
        app.router.add_get("/p/", self._forbidden)
        app.router.add_get("/p/{token}", self._private_page)
        app.router.add_get("/p/{token}/", self._private_page)
        app.router.add_get("/p/{token}/api", self._private_api)
        app.router.add_get("/p/{token}/events", self._private_events)
        app.router.add_route("*", "/p/{token}/{rest:.*}", self._forbidden)
        runner = web.AppRunner(app, access_log=None, shutdown_timeout=1.0)
        await runner.setup()
        site = web.TCPSite(runner, self.bind_host, self._port_wanted)
        try:
            await site.start()
        except BaseException:
            await runner.cleanup()
            raise
        self._runner = runner
        server = site._server
        assert isinstance(server, asyncio.base_events.Server)
        self.port = int(server.sockets[0].getsockname()[1])

    async def _shutdown(self) -> None:
        """Tell every open page the game has ended (a numbered ``closed`` event), end the streams, close."""
        loop = asyncio.get_running_loop()
        with self._lock:
            for stream in [self._table, *self._private.values()]:
                self._publish(stream, {"type": "closed"}, force=True)
                for q in stream.subscribers:
                    loop.call_soon(q.put_nowait, None)  # after the closed event, which is already queued
        await asyncio.sleep(0.05)
        if self._runner is not None:
            await self._runner.cleanup()

    # --- publishing (any thread) --------------------------------------------------------------------------

    def _publish(self, stream: _Stream, payload: dict[str, Any], *, force: bool = False) -> None:
        """Give ``payload`` the stream's next number and queue it for every subscriber. Caller holds the lock."""
        stream.seq += 1
        payload["seq"] = stream.seq
        text = json.dumps(payload, separators=(",", ":"))
        loop = self._loop
        if loop is None or (self._stopped.is_set() and not force) or not stream.subscribers:
            return
        for q in list(stream.subscribers):
            with contextlib.suppress(RuntimeError):  # loop closed while stopping
                loop.call_soon_threadsafe(_offer, q, (stream.seq, text))

    def _publish_state(self, stream: _Stream, state: dict[str, Any], *, kind: str) -> None:
        text = json.dumps(state, sort_keys=True, separators=(",", ":"))
        with self._lock:
            if text == stream.state_json:
                return
            stream.state_json = text
            stream.state = json.loads(text)
            self._publish(stream, {"type": kind, "state": stream.state})

    def _publish_caption(self, message: Message) -> None:
        with self._lock:
            item = _message_json(message, self._table.seq + 1)
            self._table.log.append(item)
            self._publish(self._table, {"type": "caption", "item": item})

    def _publish_private_message(self, seat: int, message: Message) -> None:
        with self._lock:
            stream = self._private[seat]
            item = _message_json(message, stream.seq + 1)
            stream.log.append(item)
            self._publish(stream, {"type": "message", "item": item})

    def _joins(self) -> list[dict[str, Any]]:
        """Join codes for the table page: each human's link and QR code until their page has been opened."""
        out: list[dict[str, Any]] = []
        for seat, name in sorted(self.humans.items()):
            entry: dict[str, Any] = {"seat": seat, "name": name, "connected": seat in self._claimed}
            if self.show_join_codes and seat not in self._claimed:
                url = self.private_urls[seat]
                entry["url"] = url
                entry["qr"] = qr_svg_data_uri(url)
            out.append(entry)
        return out

    def _sync_payload(self, stream: _Stream, *, table: bool) -> str:
        """The whole current picture of one stream (caller holds the lock)."""
        payload: dict[str, Any] = {"type": "sync", "seq": stream.seq, "state": stream.state, "log": list(stream.log)}
        if table:
            payload["joins"] = self._joins()
        return json.dumps(payload, separators=(",", ":"))

    # --- HTTP (event loop thread) -------------------------------------------------------------------------

    @web.middleware
    async def _middleware(self, request: web.Request, handler: _Handler) -> web.StreamResponse:
        if self._loopback_only and request.host.rsplit(":", 1)[0] not in ("127.0.0.1", "localhost", "[::1]"):
            # a page on some other site pointing its scripts at our port through a DNS name: refuse
            return web.Response(status=403, text="403: the screen only answers on this computer\n")
        try:
            response = await handler(request)
        except web.HTTPException as exc:
            response = exc
        response.headers.setdefault("Cache-Control", "no-store")
        response.headers.setdefault("X-Content-Type-Options", "nosniff")
        response.headers.setdefault("Referrer-Policy", "no-referrer")
        response.headers.setdefault("X-Frame-Options", "DENY")
        response.headers.setdefault("Content-Security-Policy", pages.CSP)
        return response

    async def _no_content(self, request: web.Request) -> web.StreamResponse:
        return web.Response(status=204)

    async def _forbidden(self, request: web.Request) -> web.StreamResponse:
        return web.Response(status=403, text=pages.FORBIDDEN_TEXT)

    def _seat_for(self, request: web.Request) -> int | None:
        given = request.match_info.get("token", "")
        for token, seat in self._by_token.items():
            if secrets.compare_digest(given.encode(), token.encode()):
                return seat
        return None

    async def _table_page(self, request: web.Request) -> web.StreamResponse:
        return web.Response(text=pages.table_html(), content_type="text/html", charset="utf-8")

    async def _table_api(self, request: web.Request) -> web.StreamResponse:
        with self._lock:
            body = self._sync_payload(self._table, table=True)
        return web.Response(text=body, content_type="application/json")

    async def _table_events(self, request: web.Request) -> web.StreamResponse:
        return await self._sse(request, self._table, table=True)

    async def _private_page(self, request: web.Request) -> web.StreamResponse:
        seat = self._seat_for(request)
        if seat is None:
            return web.Response(status=403, text=pages.FORBIDDEN_TEXT)
        first = False
        with self._lock:
            if seat not in self._claimed:
                self._claimed.add(seat)
                first = True
            if first:
                self._publish(self._table, {"type": "joins", "joins": self._joins()})
        return web.Response(text=pages.private_html(self.humans[seat]), content_type="text/html", charset="utf-8")

    async def _private_api(self, request: web.Request) -> web.StreamResponse:
        seat = self._seat_for(request)
        if seat is None:
            return web.Response(status=403, text=pages.FORBIDDEN_TEXT)
        with self._lock:
            body = self._sync_payload(self._private[seat], table=False)
        return web.Response(text=body, content_type="application/json")

    async def _private_events(self, request: web.Request) -> web.StreamResponse:
        seat = self._seat_for(request)
        if seat is None:
            return web.Response(status=403, text=pages.FORBIDDEN_TEXT)
        return await self._sse(request, self._private[seat], table=False)

    async def _sse(self, request: web.Request, stream: _Stream, *, table: bool) -> web.StreamResponse:
        response = web.StreamResponse(
            headers={"Content-Type": "text/event-stream", "Cache-Control": "no-store", "X-Accel-Buffering": "no"}
        )
        await response.prepare(request)
        q: asyncio.Queue[tuple[int, str] | None] = asyncio.Queue()
        with self._lock:
            if self._stopped.is_set():
                return response
            first = self._sync_payload(stream, table=table)
            stream.subscribers.add(q)
        try:
            await response.write(f"retry: 1000\ndata: {first}\n\n".encode())
            while True:
                try:
                    item = await asyncio.wait_for(q.get(), PING_SECONDS)
                except TimeoutError:
                    await response.write(b": ping\n\n")
                    continue
                if item is None:
                    break
                seq, text = item
                await response.write(f"id: {seq}\ndata: {text}\n\n".encode())
        except (ConnectionResetError, RuntimeError):
            pass  # the page went away
        finally:
            with self._lock:
                stream.subscribers.discard(q)
        return response


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


def start_screen(
    humans: dict[int, str],
    *,
    host: str | None = None,
    port: int = 0,
    lan: bool = False,
    show_join_codes: bool = True,
) -> ScreenServer:
    """Start the screen for ``humans`` (seat → name) and return it once it listens.

    ``host`` defaults to 127.0.0.1 (``0.0.0.0`` with ``lan=True``, and the URLs then use this machine's LAN
    address); ``port=0`` picks a free port. ``show_join_codes`` puts each human's link and QR code on the table
    page until that human's page has been opened. Raises :class:`ScreenError` when it cannot listen."""
    return ScreenServer(humans, host=host, port=port, lan=lan, show_join_codes=show_join_codes).start()
