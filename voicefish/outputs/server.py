"""The local web app: one table page (public facts and live captions) and one private page per human.

The server runs an aiohttp application on its own event loop in a background thread, so the game thread only
ever calls cheap, non-blocking things: :meth:`ScreenServer.update` (a :class:`StateObserver`), the public
:attr:`ScreenServer.caption_sink`, each seat's :meth:`ScreenServer.private_sink` and
:meth:`ScreenServer.renew_link`.

Live updates are Server-Sent Events. Every stream (the table, and each private page) is a numbered sequence:
each change gets the next number, a client that connects first receives a ``sync`` (the whole current picture
and its number), and a client that sees a gap in the numbers fetches a fresh ``sync`` — so a missed update is
detected and repaired, never silently lost.

Privacy and LAN security (the tokens, the first-device claim, the Host and Origin checks) are in
:mod:`voicefish.outputs.access`, with docs/private-pages.md.
"""

from __future__ import annotations

import asyncio
import atexit
import contextlib
import json
import logging
import secrets
import socket
import threading
from types import ModuleType
from typing import Any, TextIO

from aiohttp import web

from voicefish.outputs import pages
from voicefish.outputs.access import (
    _LOOPBACK_NAMES,
    _WILDCARDS,
    ACTION_HEADER,
    COOKIE_SECONDS,
    DEVICE_COOKIE,
    _Access,
    _plain,
    _Seat,
    _url_name,
    is_link_preview,
)
from voicefish.outputs.channels import PUBLIC, Message
from voicefish.outputs.qr import qr_svg_data_uri, qr_terminal
from voicefish.outputs.streams import (
    LOG_KEEP,
    MAX_BACKLOG,
    PING_SECONDS,
    _message_json,
    _offer,
    _Queue,
    _Stream,
    _withhold,
)

__all__ = ["ScreenError", "ScreenServer", "is_link_preview", "start_screen"]
__all__ += ["ACTION_HEADER", "COOKIE_SECONDS", "DEVICE_COOKIE", "LOG_KEEP", "MAX_BACKLOG", "PING_SECONDS"]


_quiet = logging.getLogger("voicefish.outputs.http")
_quiet.addHandler(logging.NullHandler())
_quiet.propagate = False  # aiohttp's "Error handling request" tracebacks never reach the shared terminal


def _html(text: str, status: int = 200) -> web.Response:
    return web.Response(status=status, text=text, content_type="text/html", charset="utf-8")


class ScreenError(RuntimeError):
    """The screen server could not start (port taken, address not available); ``str()`` is one sentence."""


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


class ScreenServer(_Access):
    """The running screen. Build it with :func:`start_screen`.

    ``table_url`` is the host's table screen (with join codes: keep it on this computer or the shared screen);
    ``public_url`` is the same table without join codes; ``private_urls[seat]`` is each human's private page
    (secret: give it only to that player). ``update`` receives snapshots; ``caption_sink`` and
    ``private_sink(seat)`` receive messages; ``renew_link(seat)`` replaces a link. ``stop()`` ends everything
    (also run at interpreter exit)."""

    def __init__(
        self,
        humans: dict[int, str],
        *,
        host: str | None = None,
        port: int = 0,
        lan: bool = False,
        show_join_codes: bool = True,
        words: ModuleType,
    ) -> None:
        for seat, name in humans.items():
            if seat < 0 or not name.strip():
                raise ValueError(f"bad human seat {seat!r} / name {name!r}")
        self.humans = dict(humans)
        self.words = words  # the table's phrasebook: the pages' language
        self.lan = lan
        self.bind_host = host if host is not None else ("0.0.0.0" if lan else "127.0.0.1")
        self._port_wanted = port
        self._loopback_only = self.bind_host in ("127.0.0.1", "localhost", "::1") and not lan
        self.port = 0
        self.show_join_codes = show_join_codes
        self._seats: dict[int, _Seat] = {seat: _Seat(secrets.token_urlsafe(24)) for seat in humans}
        self._host_token = secrets.token_urlsafe(24)
        self._lock = threading.Lock()
        self._table = _Stream()
        self._private: dict[int, _Stream] = {seat: _Stream() for seat in humans}
        self._loop: asyncio.AbstractEventLoop | None = None
        self._runner: web.AppRunner | None = None
        self._thread: threading.Thread | None = None
        self._stopped = threading.Event()
        self._links_out: TextIO | None = None
        self._links_qr = True
        self.caption_sink = _CaptionSink(self)
        self._private_sinks = {seat: _PrivateSink(self, seat) for seat in humans}
        self.url_host = "127.0.0.1"
        self._allowed_hosts: frozenset[str] = frozenset()

    # --- public API ---------------------------------------------------------------------------------------

    @property
    def base_url(self) -> str:
        return f"http://{_url_name(self.url_host)}:{self.port}"

    @property
    def table_url(self) -> str:
        """The host's table screen: public information, captions, and the join codes of those who have not
        opened their page yet. Keep it on this computer or the shared screen."""
        return f"{self.base_url}/t/{self._host_token}/"

    @property
    def public_url(self) -> str:
        """The table page anyone may open: public information and captions, never a link or a hand."""
        return f"{self.base_url}/"

    @property
    def private_urls(self) -> dict[int, str]:
        """Each human seat's private page. Secret: the first device to open it is the only one it works on."""
        with self._lock:
            return {seat: self._private_url(s.token) for seat, s in self._seats.items()}

    def private_sink(self, seat: int) -> _PrivateSink:
        """The private-message sink for ``seat`` (a human given to :func:`start_screen`)."""
        if seat not in self._private_sinks:
            raise KeyError(f"seat {seat} has no private page (humans: {sorted(self.humans)})")
        return self._private_sinks[seat]

    def seq(self, seat: int | None = None) -> int:
        """The latest sequence number of the table stream (``seat=None``) or of one seat's private stream."""
        with self._lock:
            return (self._table if seat is None else self._private[seat]).seq

    def connected(self, seat: int) -> bool:
        """True once a device has claimed ``seat``'s current link."""
        with self._lock:
            return self._seats[seat].device is not None

    def update(self, public: dict[str, Any], private: dict[int, dict[str, Any]]) -> None:
        """New table state (a :class:`~voicefish.outputs.channels.StateObserver`). Unchanged parts send nothing."""
        self._publish_state(self._table, public, kind="state")
        for seat, snap in private.items():
            stream = self._private.get(seat)
            if stream is None:
                continue  # not a human with a page here: never served
            self._publish_state(stream, _withhold(snap), kind="state")

    def renew_link(self, seat: int) -> bool:
        """Give ``seat`` a fresh private link and revoke the old one (the table's "new link" command).

        The device that had the old link loses it (its open page is told), the new link is free for the first
        device that opens it, its QR code shows on the table screen again, and it is printed where
        :meth:`print_links` printed the first ones. False (and nothing changes) when ``seat`` has no private
        page here or the server has stopped."""
        if seat not in self._seats or self._stopped.is_set():
            return False
        with self._lock:
            self._replace_token(seat, device=None)
            url = self._private_url(self._seats[seat].token)
        out = self._links_out
        if out is not None:
            with contextlib.suppress(OSError, ValueError):
                out.write(f"{self.words.links_renewed(self.humans[seat])}\n  {url}\n")
                if self._links_qr:
                    out.write(qr_terminal(url))
                out.flush()
        return True

    def print_links(self, out: TextIO, *, qr: bool = True) -> None:
        """Tell the table where the pages are: the table URL, and each human's private link and QR code."""
        self._links_out, self._links_qr = out, qr
        out.write(f"{self.words.LINKS_TABLE}\n  {self.table_url}\n{self.words.LINKS_PUBLIC} {self.public_url}\n")
        if self._loopback_only:
            out.write(f"({self.words.PAGE_LOCAL_ONLY.format('--lan')})\n")
        for seat, url in sorted(self.private_urls.items()):
            out.write(f"{self.words.links_private(self.humans[seat])}\n  {url}\n")
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
        self.url_host = _lan_address() if self.bind_host in _WILDCARDS else self.bind_host
        names = {*_LOOPBACK_NAMES, _url_name(self.url_host)}
        if self.bind_host not in _WILDCARDS:
            names.add(_url_name(self.bind_host))
        self._allowed_hosts = frozenset(f"{n}:{self.port}".lower() for n in names)
        atexit.register(self.stop)
        return self

    async def _serve(self) -> None:
        app = web.Application(middlewares=[self._middleware], client_max_size=4096)
        app.router.add_get("/", self._table_page)
        app.router.add_get("/api/table", self._table_api)
        app.router.add_get("/events/table", self._table_events)
        app.router.add_get("/t/{token}", self._host_redirect)
        app.router.add_get("/t/{token}/", self._table_page)
        app.router.add_get("/t/{token}/api/table", self._table_api)
        app.router.add_get("/t/{token}/events/table", self._table_events)
        app.router.add_get("/favicon.ico", self._no_content)
        app.router.add_get("/p/{token}", self._private_page)
        app.router.add_get("/p/{token}/", self._private_page)
        app.router.add_post("/p/{token}/claim", self._claim)
        app.router.add_post("/p/{token}/renew", self._renew)
        app.router.add_get("/p/{token}/api", self._private_api)
        app.router.add_get("/p/{token}/events", self._private_events)
        app.router.add_route("*", "/p", self._forbidden)
        app.router.add_route("*", "/p/{rest:.*}", self._forbidden)
        app.router.add_route("*", "/t/{rest:.*}", self._table_forbidden)
        runner = web.AppRunner(app, access_log=None, shutdown_timeout=1.0, logger=_quiet)
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

    # --- links (caller holds the lock) --------------------------------------------------------------------

    def _private_url(self, token: str) -> str:
        return f"{self.base_url}/p/{token}"

    def _replace_token(self, seat: int, *, device: str | None) -> None:
        """A new token for ``seat`` bound to ``device`` (None: free); the old one is revoked, and the pages
        that used it are told and cut off."""
        st = self._seats[seat]
        st.revoked.add(st.token)
        st.token = secrets.token_urlsafe(24)
        st.device = device
        stream = self._private[seat]
        old = dict(stream.subscribers)
        self._publish(stream, {"type": "revoked"})
        stream.subscribers.clear()
        loop = self._loop
        if loop is not None:
            for q in old:
                with contextlib.suppress(RuntimeError):
                    loop.call_soon_threadsafe(q.put_nowait, None)
        self._publish_joins()

    def _publish_joins(self) -> None:
        self._publish(
            self._table,
            {"type": "joins", "joins": self._joins(links=False)},
            host_payload={"type": "joins", "joins": self._joins(links=True)},
        )

    # --- publishing (any thread) --------------------------------------------------------------------------

    def _publish(
        self,
        stream: _Stream,
        payload: dict[str, Any],
        *,
        force: bool = False,
        host_payload: dict[str, Any] | None = None,
    ) -> None:
        """Give ``payload`` the stream's next number and queue it for every subscriber (``host_payload``, when
        given, for the host's table screen instead). Caller holds the lock."""
        stream.seq += 1
        payload["seq"] = stream.seq
        text = json.dumps(payload, separators=(",", ":"))
        host_text = text
        if host_payload is not None:
            host_payload["seq"] = stream.seq
            host_text = json.dumps(host_payload, separators=(",", ":"))
        loop = self._loop
        if loop is None or (self._stopped.is_set() and not force) or not stream.subscribers:
            return
        for q, host in list(stream.subscribers.items()):
            with contextlib.suppress(RuntimeError):  # loop closed while stopping
                loop.call_soon_threadsafe(_offer, q, (stream.seq, host_text if host else text))

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

    def _joins(self, *, links: bool) -> list[dict[str, Any]]:
        """Who has opened their page; with ``links`` (the host's screen only) the link and QR code of each
        human whose link is still free. Caller holds the lock."""
        out: list[dict[str, Any]] = []
        for seat, name in sorted(self.humans.items()):
            st = self._seats[seat]
            entry: dict[str, Any] = {"seat": seat, "name": name, "connected": st.device is not None}
            if links and self.show_join_codes and st.device is None:
                url = self._private_url(st.token)
                entry["url"] = url
                entry["qr"] = qr_svg_data_uri(url)
            out.append(entry)
        return out

    def _sync_payload(self, stream: _Stream, *, table: bool, host: bool = False) -> str:
        """The whole current picture of one stream (caller holds the lock)."""
        payload: dict[str, Any] = {"type": "sync", "seq": stream.seq, "state": stream.state, "log": list(stream.log)}
        if table:
            payload["joins"] = self._joins(links=host)
        return json.dumps(payload, separators=(",", ":"))

    # --- HTTP (event loop thread) -------------------------------------------------------------------------

    async def _no_content(self, request: web.Request) -> web.StreamResponse:
        return web.Response(status=204)

    async def _host_redirect(self, request: web.Request) -> web.StreamResponse:
        if not self._is_host(request):
            return _plain(403, pages.TABLE_FORBIDDEN_TEXT)
        raise web.HTTPFound(f"/t/{self._host_token}/")

    async def _table_page(self, request: web.Request) -> web.StreamResponse:
        if self._is_host(request) is False:
            return _plain(403, pages.TABLE_FORBIDDEN_TEXT)
        return _html(pages.table_html(self.words))

    async def _table_api(self, request: web.Request) -> web.StreamResponse:
        host = self._is_host(request)
        if host is False:
            return _plain(403, pages.TABLE_FORBIDDEN_TEXT)
        with self._lock:
            body = self._sync_payload(self._table, table=True, host=bool(host))
        return web.Response(text=body, content_type="application/json")

    async def _table_events(self, request: web.Request) -> web.StreamResponse:
        host = self._is_host(request)
        if host is False:
            return _plain(403, pages.TABLE_FORBIDDEN_TEXT)
        return await self._sse(request, self._table, table=True, host=bool(host))

    async def _private_page(self, request: web.Request) -> web.StreamResponse:
        """The page itself holds nothing secret (no hand, no token): its script claims the link, then loads the
        hand. So a HEAD request, a link preview or a plain fetch sees an empty page and claims nothing."""
        seat, refusal = self._seat_for(request)
        if seat is None:
            return _html(pages.notice_html(refusal, self.words), 403)
        return _html(pages.private_html(self.humans[seat], self.words))

    async def _claim(self, request: web.Request) -> web.StreamResponse:
        seat, refusal = self._seat_for(request)
        if seat is None:
            return _plain(403, refusal)
        why = self._post_refusal(request, "claim")
        if why is not None:
            return _plain(403, why)
        if self._device_ok(request, seat):
            return web.json_response({"ok": True, "new": False})
        with self._lock:
            st = self._seats[seat]
            if st.device is not None:
                return _plain(409, pages.in_use_text(self.words))
            st.device = secrets.token_urlsafe(24)
            token, device = st.token, st.device
            self._publish_joins()  # the join code disappears from the table screen
        response = web.json_response({"ok": True, "new": True})
        self._set_device(response, token, device)
        return response

    async def _renew(self, request: web.Request) -> web.StreamResponse:
        seat, refusal = self._seat_for(request)
        if seat is None:
            return _plain(403, refusal)
        why = self._post_refusal(request, "renew")
        if why is not None:
            return _plain(403, why)
        if not self._device_ok(request, seat):
            return _plain(403, pages.in_use_text(self.words))
        with self._lock:
            device = secrets.token_urlsafe(24)
            self._replace_token(seat, device=device)
            token = self._seats[seat].token
        response = web.json_response({"ok": True, "path": f"/p/{token}"})
        self._set_device(response, token, device)
        return response

    async def _private_api(self, request: web.Request) -> web.StreamResponse:
        seat, refusal = self._seat_for(request)
        if seat is None:
            return _plain(403, refusal)
        if not self._device_ok(request, seat):
            return _plain(403, pages.in_use_text(self.words) if self.connected(seat) else pages.NOT_CLAIMED_TEXT)
        with self._lock:
            body = self._sync_payload(self._private[seat], table=False)
        return web.Response(text=body, content_type="application/json")

    async def _private_events(self, request: web.Request) -> web.StreamResponse:
        seat, refusal = self._seat_for(request)
        if seat is None:
            return _plain(403, refusal)
        if not self._device_ok(request, seat):
            return _plain(403, pages.in_use_text(self.words) if self.connected(seat) else pages.NOT_CLAIMED_TEXT)
        return await self._sse(request, self._private[seat], table=False)

    async def _sse(
        self, request: web.Request, stream: _Stream, *, table: bool, host: bool = False
    ) -> web.StreamResponse:
        if request.method == "HEAD":  # headers only: no subscriber left waiting on a closed connection
            return web.Response(headers={"Content-Type": "text/event-stream"})
        response = web.StreamResponse(
            headers={"Content-Type": "text/event-stream", "Cache-Control": "no-store", "X-Accel-Buffering": "no"}
        )
        await response.prepare(request)
        q: _Queue = asyncio.Queue()
        with self._lock:
            if self._stopped.is_set():
                return response
            first = self._sync_payload(stream, table=table, host=host)
            stream.subscribers[q] = host
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
                stream.subscribers.pop(q, None)
        return response


def start_screen(
    humans: dict[int, str],
    *,
    host: str | None = None,
    port: int = 0,
    lan: bool = False,
    show_join_codes: bool = True,
    words: ModuleType,
) -> ScreenServer:
    """Start the screen for ``humans`` (seat → name) and return it once it listens.

    ``host`` defaults to 127.0.0.1 (``0.0.0.0`` with ``lan=True``, and the URLs then use this machine's LAN
    address); ``port=0`` picks a free port. ``show_join_codes`` puts each human's link and QR code on the table
    page until that human's page has been opened; ``words``: the table's phrasebook (the pages' language). Raises
    :class:`ScreenError` when it cannot listen."""
    return ScreenServer(humans, host=host, port=port, lan=lan, show_join_codes=show_join_codes, words=words).start()
