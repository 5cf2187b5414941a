"""Who may use the screen server: its access checks and the tokens they compare. See docs/private-pages.md.

- Nothing served without a token carries a private link, a token or a hand: the public table page
  (``/``, ``/api/table``, ``/events/table``) lists who has joined, never a link. The join codes (each human's
  link and QR code) are served only on the host's table screen, ``/t/<table token>/``, printed in the terminal.
- A private link binds to the first device that opens it: the page's own script claims it with a POST (a
  request no link preview, HEAD request or plain fetch of the page ever makes), and the server answers with an
  HttpOnly, SameSite=Strict cookie kept only for that link's path. Its data and stream are then served only
  with that cookie; any other device is told the link is in use, and how to get a new one.
- A fresh link revokes the old one: from the table (:meth:`~voicefish.outputs.server.ScreenServer.renew_link`,
  offered by voice and typing) or from the owner's own page (a POST that needs the device cookie, the page's own
  origin and a header a cross-site form cannot send).
- Every request must name this server by an address it answers on (loopback, or the LAN address in ``--lan``
  mode) in ``Host``, and a request with an ``Origin`` must come from such a page (no DNS rebinding, no other
  site's scripts). Tokens come from ``secrets`` and are new for every server.
- Malformed HTTP gets aiohttp's plain 400; nothing is logged on the shared terminal.

Split from :mod:`voicefish.outputs.server`, which re-exports the public names here; :class:`_Access` is a base of
:class:`~voicefish.outputs.server.ScreenServer`.
"""

from __future__ import annotations

import contextlib
import re
import secrets
import sys
import threading
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from types import ModuleType

from aiohttp import web

from voicefish.outputs import pages

DEVICE_COOKIE = "vf_device"
"""The cookie that binds a private link to the device that opened it first (one per link, by path)."""
COOKIE_SECONDS = 12 * 3600
"""How long a device keeps its binding (a session is never that long; the tokens die with the server)."""
ACTION_HEADER = "X-Voicefish-Action"
"""Sent by the page's own script with every POST; a cross-site form cannot set it, and a cross-origin script
would need a CORS preflight, which this server never grants."""

_PREVIEW_AGENTS = re.compile(
    r"facebookexternalhit|facebookcatalog|facebot|meta-externalagent|twitterbot|slackbot|slack-imgproxy|"
    r"discordbot|telegrambot|whatsapp/|linkedinbot|skypeuripreview|embedly|iframely|pinterestbot|vkshare|"
    r"redditbot|applebot|googlebot|bingbot|duckduckbot|yandexbot|google-pagerenderer|mastodon/|"
    r"\b(?:bot|crawler|spider|preview)\b|curl/|wget/|python-|python/|go-http-client|okhttp|java/|libwww|"
    r"httpie|axios/|node-fetch",
    re.IGNORECASE,
)
"""User agents of link unfurlers and scripts: they never claim a link, whatever they send. (Only their own
names: the in-app browsers of chat apps, where a player really opens the link, must not match.)"""

_Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


@dataclass
class _Seat:
    """One human's private page: the current token, the device it is bound to, and the tokens it replaced."""

    token: str
    device: str | None = None
    revoked: set[str] = field(default_factory=set)


_LOOPBACK_NAMES = ("127.0.0.1", "localhost", "[::1]")
_WILDCARDS = ("0.0.0.0", "::", "")


def _url_name(host: str) -> str:
    """``host`` as it appears in a URL's authority (IPv6 in brackets)."""
    return f"[{host}]" if ":" in host and not host.startswith("[") else host


def is_link_preview(user_agent: str) -> bool:
    """True for the user agent of a link unfurler (chat apps, social sites) or of a script, not a browser."""
    return not user_agent.strip() or bool(_PREVIEW_AGENTS.search(user_agent))


class _Access:
    """The access checks of :class:`~voicefish.outputs.server.ScreenServer` (it sets these attributes)."""

    humans: dict[int, str]
    words: ModuleType
    _lock: threading.Lock
    _seats: dict[int, _Seat]
    _host_token: str
    _allowed_hosts: frozenset[str]

    @web.middleware
    async def _middleware(self, request: web.Request, handler: _Handler) -> web.StreamResponse:
        if request.headers.get("Host", "").lower() not in self._allowed_hosts:
            # a page on some other site pointing its scripts at our port through a DNS name: refuse
            return _plain(403, pages.WRONG_HOST_TEXT)
        origin = request.headers.get("Origin")
        if origin is not None and origin.lower() not in {f"http://{h}" for h in self._allowed_hosts}:
            return _plain(403, pages.WRONG_ORIGIN_TEXT)  # another site's script, or an opaque origin
        try:
            response = await handler(request)
        except web.HTTPException as exc:  # the router's 404 / 405, a redirect: as a plain response
            response = web.Response(status=exc.status, text=exc.text, headers=exc.headers)
        except Exception as exc:  # a bug: one line on stderr, a plain 500 to the page, never a traceback
            with contextlib.suppress(Exception):
                sys.stderr.write(f"screen: {request.method} {request.path}: {type(exc).__name__}: {exc}\n")
            response = _plain(500, "500: the screen server failed on this request.\n")
        response.headers.setdefault("Cache-Control", "no-store")
        response.headers.setdefault("X-Content-Type-Options", "nosniff")
        response.headers.setdefault("Referrer-Policy", "no-referrer")
        response.headers.setdefault("X-Frame-Options", "DENY")
        response.headers.setdefault("Content-Security-Policy", pages.CSP)
        return response

    async def _forbidden(self, request: web.Request) -> web.StreamResponse:
        return _plain(403, pages.forbidden_text(self.words))

    async def _table_forbidden(self, request: web.Request) -> web.StreamResponse:
        return _plain(403, pages.TABLE_FORBIDDEN_TEXT)

    def _is_host(self, request: web.Request) -> bool | None:
        """None: no table token in the path (the public page); True: the right one; False: a wrong one."""
        given = request.match_info.get("token")
        if given is None:
            return None
        return secrets.compare_digest(given.encode(), self._host_token.encode())

    def _seat_for(self, request: web.Request) -> tuple[int | None, str]:
        """The seat whose current token is in the path, or None and why not (a refusal text)."""
        given = request.match_info.get("token", "").encode()
        with self._lock:
            for seat, st in self._seats.items():
                if secrets.compare_digest(given, st.token.encode()):
                    return seat, ""
            if any(given.decode() in st.revoked for st in self._seats.values()):
                return None, pages.replaced_text(self.words)
        return None, pages.forbidden_text(self.words)

    def _device_ok(self, request: web.Request, seat: int) -> bool:
        """True when this request comes from the device bound to ``seat``'s link (its cookie)."""
        cookie = request.cookies.get(DEVICE_COOKIE, "")
        with self._lock:
            device = self._seats[seat].device
        return device is not None and bool(cookie) and secrets.compare_digest(cookie.encode(), device.encode())

    def _set_device(self, response: web.StreamResponse, token: str, device: str) -> None:
        response.set_cookie(
            DEVICE_COOKIE,
            device,
            path=f"/p/{token}",
            max_age=COOKIE_SECONDS,
            httponly=True,
            samesite="Strict",
        )

    def _post_refusal(self, request: web.Request, action: str) -> str | None:
        """Why a POST is not the page's own script acting for its owner, or None when it is."""
        if request.headers.get(ACTION_HEADER) != action or request.headers.get("Origin") is None:
            return pages.NOT_FROM_PAGE_TEXT
        if request.headers.get("Sec-Fetch-Site", "same-origin") != "same-origin":
            return pages.NOT_FROM_PAGE_TEXT  # a browser that says so: the request came from another page
        if is_link_preview(request.headers.get("User-Agent", "")):
            return pages.PREVIEW_TEXT
        return None


def _plain(status: int, text: str) -> web.Response:
    return web.Response(status=status, text=text, content_type="text/plain", charset="utf-8")
