"""Private pages safe on a LAN (issue 29, item 1), over plain HTTP: what a guest on the same network can reach
with and without a stolen link, first-device binding, link previews and HEAD requests, fresh links from the
table and from the owner's page, Host and Origin checks, and malformed HTTP.

A second machine is a second loopback address (127.0.0.2): the server listens on every address (``--lan``)
and the guest connects from 127.0.0.2, so the server sees another peer."""

from __future__ import annotations

import io
import json
import socket
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from voicefish.outputs import ScreenServer, start_screen
from voicefish.outputs.channels import Outputs
from voicefish.outputs.pages import NEW_LINK_COMMAND
from voicefish.outputs.server import DEVICE_COOKIE, is_link_preview
from voicefish.table import phrasebook as en

from .screenkit import ALL_CODES, BROWSER_UA, Device, ScriptedTable, card_codes_in, hand_codes

NAMES = ["Priya", "Leo", "Sam"]
GUEST = "127.0.0.2"

PREVIEW_AGENTS = [
    "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)",
    "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)",
    "WhatsApp/2.23.20.0",
    "TelegramBot (like TwitterBot)",
    "Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)",
    "Twitterbot/1.0",
    "LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)",
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_11_1) AppleWebKit/601.2.4 (KHTML, like Gecko) Version/9.0.1 "
    "Safari/601.2.4 facebookexternalhit/1.1 Facebot Twitterbot/1.0",  # iMessage's previews
    "Mozilla/5.0 (Windows NT 6.1; WOW64) SkypeUriPreview Preview/0.5",
    "curl/8.5.0",
    "Python-urllib/3.11",
    "",
]
BROWSERS = [
    BROWSER_UA,
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile "
    "Safari/537.36",
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 "
    "Mobile/15E148 Safari/604.1",
    "Mozilla/5.0 (Android 14; Mobile; rv:125.0) Gecko/125.0 Firefox/125.0",
    "Mozilla/5.0 (Linux; Android 13; SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/24.0 "
    "Chrome/117.0.0.0 Mobile Safari/537.36",
    # in-app browsers of chat apps (a player tapping their link there) and a phone whose model ends in "bot"
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 "
    "Safari Line/14.3.1",
    "Mozilla/5.0 (Linux; Android 14; SM-A546B Build/UP1A; wv) AppleWebKit/537.36 (KHTML, like Gecko) "
    "Version/4.0 Chrome/124.0 Mobile Safari/537.36 KAKAOTALK 10.6.5",
    "Mozilla/5.0 (Linux; Android 12; Cubot KingKong 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile "
    "Safari/537.36",
]


class _Watcher:
    """A state observer without links (as a recorder or another screen would be)."""

    def update(self, public: dict[str, object], private: dict[int, dict[str, object]]) -> None:
        pass


def wire(srv: ScreenServer, table: ScriptedTable) -> None:
    table.outputs.observers.append(srv)
    table.outputs.public.append(srv.caption_sink)
    for seat in srv.humans:
        table.outputs.add_private(seat, srv.private_sink(seat))


def token_of(url: str) -> str:
    return urlsplit(url).path.rstrip("/").rsplit("/", 1)[1]


@pytest.fixture
def lan() -> Iterator[tuple[ScreenServer, ScriptedTable]]:
    """A LAN-mode screen (every address) with two humans and a game under way, reached through loopback."""
    srv = start_screen({0: "Priya", 2: "Sam"}, lan=True, words=en)
    table = ScriptedTable(NAMES, humans=[0, 2], seed=12)
    wire(srv, table)
    steps = table.run()
    for _ in range(6):
        next(steps)
    try:
        yield srv, table
    finally:
        srv.stop()


def local(url: str, port: int) -> str:
    """``url`` reached through 127.0.0.1 (the links name this machine's LAN address)."""
    parts = urlsplit(url)
    return parts._replace(netloc=f"127.0.0.1:{port}").geturl()


def secrets_in(srv: ScreenServer, table: ScriptedTable) -> tuple[list[str], set[str]]:
    """Every token the server holds now (the seats', the table screen's) and every card in a hand."""
    tokens = [token_of(u) for u in srv.private_urls.values()] + [token_of(srv.table_url)]
    cards = {str(c) for s in range(len(table.names)) for c in table.game.view(s).hand}
    return tokens, cards


def assert_nothing_secret(body: str, tokens: list[str], cards: set[str], where: str) -> None:
    for t in tokens:
        assert t not in body, f"{where} carries a token"
    assert "/p/" not in body, f"{where} carries a private link"
    assert card_codes_in(body) & cards == set(), f"{where} carries a card in someone's hand"


def test_token_less_endpoints_never_carry_a_link_a_token_or_a_hand(lan: tuple[ScreenServer, ScriptedTable]) -> None:
    srv, table = lan
    tokens, cards = secrets_in(srv, table)
    guest = Device(GUEST)
    for path in ["/", "/api/table", "/events/table", "/favicon.ico", "/p", "/p/", "/t/", "/t/x/api/table"]:
        for method in ("GET", "HEAD"):
            r = guest.request(method, local(srv.base_url + path, srv.port), read=65536)
            assert_nothing_secret(r.body + str(r.headers), tokens, cards, f"{method} {path}")
    public = guest.get_json(local(srv.public_url + "api/table", srv.port))
    assert public["joins"] == [
        {"seat": 0, "name": "Priya", "connected": False},
        {"seat": 2, "name": "Sam", "connected": False},
    ]
    host_token = token_of(srv.table_url)
    bad = host_token[:-1] + ("y" if host_token.endswith("x") else "x")
    wrong = guest.get(local(f"{srv.base_url}/t/{bad}/api/table", srv.port))
    assert wrong.status == 403 and "table screen link is not valid" in wrong.body
    moved = guest.get(local(srv.table_url.rstrip("/"), srv.port))
    assert moved.status == 302 and moved.headers["Location"] == urlsplit(srv.table_url).path
    # the host's table screen, with its own token, does show the join codes (and so the detector can fail)
    host = guest.get_json(local(srv.table_url + "api/table", srv.port))
    assert [j["url"] for j in host["joins"]] == [srv.private_urls[0], srv.private_urls[2]]
    with pytest.raises(AssertionError, match="token"):
        assert_nothing_secret(json.dumps(host), tokens, cards, "the host's screen")


def test_a_link_binds_to_the_first_device_and_others_are_told_it_is_in_use(
    lan: tuple[ScreenServer, ScriptedTable],
) -> None:
    srv, table = lan
    url = local(srv.private_urls[0], srv.port)
    owner, other = Device(), Device(GUEST)
    claim = owner.open(url)
    assert claim.status == 200 and json.loads(claim.body) == {"ok": True, "new": True}
    cookie = claim.headers["Set-Cookie"]
    assert f"Path=/p/{token_of(url)}" in cookie and "HttpOnly" in cookie and "SameSite=Strict" in cookie
    hand = owner.get_json(url + "/api")["state"]["hand"]
    assert sorted(c for g in hand for c in g["cards"]) == hand_codes(table.game.view(0))
    assert owner.open(url).status == 200  # the same device again (a reload): still its own
    # the second device: the page loads (it holds nothing secret) but the claim is refused, plainly
    assert other.get(url).status == 200
    refused = other.post(url + "/claim", "claim")
    assert refused.status == 409
    assert "already open on another device" in refused.body and f'"{NEW_LINK_COMMAND}"' in refused.body
    for path in ("/api", "/events"):
        r = other.get(url + path, read=65536)
        assert r.status == 403 and "another device" in r.body
        assert card_codes_in(r.body) == set()
    # a made-up cookie is not the device's
    other.cookies[(f"/p/{token_of(url)}", DEVICE_COOKIE)] = "forged"
    assert other.get(url + "/api").status == 403
    # the same device in a second browser is a second device too (no cookie): only the first one is served
    assert Device().post(url + "/claim", "claim").status == 409


def test_head_requests_and_link_previews_claim_nothing_and_keep_the_qr_code(
    lan: tuple[ScreenServer, ScriptedTable],
) -> None:
    srv, _ = lan
    url = local(srv.private_urls[2], srv.port)
    host_api = local(srv.table_url + "api/table", srv.port)

    def sam_join() -> dict[str, object]:
        joins = Device().get_json(host_api)["joins"]
        return next(j for j in joins if j["seat"] == 2)

    assert "qr" in sam_join()
    for agent in PREVIEW_AGENTS:
        bot = Device(GUEST, user_agent=agent)
        assert bot.request("HEAD", url).status == 200
        page = bot.get(url)
        assert page.status == 200 and card_codes_in(page.body) == set() and token_of(url) not in page.body
        assert "Set-Cookie" not in page.headers
        # even an unfurler that runs the page's script (or imitates it) is refused the claim
        assert bot.post(url + "/claim", "claim").status == 403
        assert bot.get(url + "/api").status == 403
    # a browser's user agent, but not the page's own request: no action header, no Origin, a GET, a form
    mimic = Device(GUEST)
    assert mimic.request("POST", url + "/claim").status == 403
    assert mimic.request("POST", url + "/claim", headers={"X-Voicefish-Action": "claim"}).status == 403
    assert mimic.request("GET", url + "/claim").status in (403, 405)
    assert mimic.post(url + "/claim", "renew").status == 403
    form = {"Origin": f"http://127.0.0.1:{srv.port}", "Content-Type": "application/x-www-form-urlencoded"}
    assert mimic.request("POST", url + "/claim", headers=form).status == 403
    assert sam_join()["connected"] is False and sam_join()["url"] == srv.private_urls[2]
    assert not srv.connected(2)
    assert [a for a in PREVIEW_AGENTS if not is_link_preview(a)] == []
    assert [a for a in BROWSERS if is_link_preview(a)] == []
    # a browser that says the request comes from another page (Fetch metadata) is refused too
    cross = mimic.post(url + "/claim", "claim", headers={"Sec-Fetch-Site": "cross-site"})
    assert cross.status == 403 and not srv.connected(2)
    # after all that the link is still Sam's to open
    assert Device().open(url).status == 200 and srv.connected(2)
    assert sam_join() == {"seat": 2, "name": "Sam", "connected": True}


def test_the_table_gives_a_fresh_link_and_the_old_one_stops_working(
    lan: tuple[ScreenServer, ScriptedTable],
) -> None:
    srv, table = lan
    out = io.StringIO()
    srv.print_links(out, qr=False)
    old = local(srv.private_urls[0], srv.port)
    thief, owner = Device(GUEST), Device()
    assert thief.open(old).status == 200  # someone else opened Priya's link first
    assert owner.open(old).status == 409  # Priya is told it is in use ...
    outputs = Outputs(observers=[_Watcher(), srv])  # the loop's Outputs: only observers with links renew
    assert outputs.renew_link(0) is True  # ... and says "new link" at the table
    new = local(srv.private_urls[0], srv.port)
    assert new != old
    printed = out.getvalue()
    assert f"New private link for Priya (the old one no longer works):\n  {srv.private_urls[0]}\n" in printed
    assert "\u2588" not in printed and "\u2580" not in printed  # printed as asked at the start: no QR codes
    for who in (thief, owner):
        assert who.get(old + "/api").status == 403
        page = who.get(old)
        assert page.status == 403 and "replaced by a newer one" in page.body and NEW_LINK_COMMAND in page.body
        assert who.post(old + "/claim", "claim").status == 403
    # the new link is free: its QR code is back on the table screen, and the first device to open it has it
    joins = Device().get_json(local(srv.table_url + "api/table", srv.port))["joins"]
    assert joins[0]["url"] == srv.private_urls[0] and joins[0]["connected"] is False
    assert owner.open(new).status == 200
    assert thief.post(new + "/claim", "claim").status == 409
    hand = owner.get_json(new + "/api")["state"]["hand"]
    assert sorted(c for g in hand for c in g["cards"]) == hand_codes(table.game.view(0))
    # only seats with a page renew; an Outputs without a screen renews nothing
    assert srv.renew_link(1) is False and srv.renew_link(7) is False
    assert Outputs().renew_link(0) is False and Outputs(observers=[_Watcher()]).renew_link(0) is False
    srv.stop()
    assert srv.renew_link(0) is False


def test_an_open_page_on_a_revoked_link_is_told_and_cut_off(lan: tuple[ScreenServer, ScriptedTable]) -> None:
    from .test_server import SSEReader

    srv, table = lan
    url = local(srv.private_urls[2], srv.port)
    phone = Device()
    assert phone.open(url).status == 200
    stream = SSEReader(url + "/events", phone)
    assert stream.status == 200
    stream.wait_seq(srv.seq(2))
    assert srv.renew_link(2)
    stream.thread.join(5)
    assert not stream.thread.is_alive(), "the stream of the revoked link was ended"
    assert stream.messages[-1]["type"] == "revoked"
    next(iter(table.run()))  # the game goes on: nothing more reaches the old stream
    assert stream.messages[-1]["type"] == "revoked"
    stream.close()


def test_the_owner_gets_a_fresh_link_from_their_own_page(lan: tuple[ScreenServer, ScriptedTable]) -> None:
    srv, table = lan
    old = local(srv.private_urls[0], srv.port)
    owner, guest = Device(), Device(GUEST)
    assert owner.open(old).status == 200
    # refused: another device, another site's script, a missing action header
    assert guest.post(old + "/renew", "renew").status == 403
    assert owner.post(old + "/renew", "renew", origin="http://evil.invalid").status == 403
    assert owner.post(old + "/renew", "renew", origin="null").status == 403
    assert owner.request("POST", old + "/renew", headers={"Origin": f"http://127.0.0.1:{srv.port}"}).status == 403
    assert owner.request("GET", old + "/renew").status in (403, 405)
    assert token_of(local(srv.private_urls[0], srv.port)) == token_of(old)  # nothing changed
    r = owner.post(old + "/renew", "renew")
    assert r.status == 200
    path = json.loads(r.body)["path"]
    new = local(srv.private_urls[0], srv.port)
    assert urlsplit(new).path == path != urlsplit(old).path
    # the new link is already this device's; the old one works nowhere
    assert owner.get(new + "/api").status == 200
    assert owner.get(old + "/api").status == 403
    assert guest.post(new + "/claim", "claim").status == 409
    joins = Device().get_json(local(srv.table_url + "api/table", srv.port))["joins"]
    assert joins[0] == {"seat": 0, "name": "Priya", "connected": True}  # no QR code for a link in use
    assert hand_codes(table.game.view(0))


def test_host_and_origin_are_checked_in_lan_mode(lan: tuple[ScreenServer, ScriptedTable]) -> None:
    srv, _ = lan
    port = srv.port
    owner = Device()
    url = local(srv.private_urls[0], port)
    assert owner.open(url).status == 200
    lan_host = urlsplit(srv.private_urls[0]).netloc
    for host in (lan_host, f"127.0.0.1:{port}", f"localhost:{port}"):
        assert owner.get(url + "/api", host=host).status == 200, host
    elsewhere = "203.0.113.8" if srv.url_host == "203.0.113.7" else "203.0.113.7"  # not this machine
    for host in (f"evil.invalid:{port}", f"{elsewhere}:{port}", "127.0.0.1", f"127.0.0.1:{port + 1}", ""):
        r = owner.get(url + "/api", host=host)
        assert r.status in (400, 403) and card_codes_in(r.body) == set(), host
        assert owner.get(local(srv.public_url + "api/table", port), host=host).status in (400, 403), host
    for origin in ("http://evil.invalid", f"http://evil.invalid:{port}", "null", f"https://127.0.0.1:{port}"):
        r = owner.get(url + "/api", headers={"Origin": origin})
        assert r.status == 403 and card_codes_in(r.body) == set(), origin
        assert owner.post(url + "/claim", "claim", origin=origin).status == 403, origin
    assert owner.get(url + "/api", headers={"Origin": f"http://{lan_host}"}).status == 200


def test_a_guest_with_and_without_a_stolen_link_gets_nothing_from_any_endpoint(
    lan: tuple[ScreenServer, ScriptedTable],
) -> None:
    srv, table = lan
    port = srv.port
    owners = {seat: Device() for seat in (0, 2)}
    for seat, phone in owners.items():
        assert phone.open(local(srv.private_urls[seat], port)).status == 200
    tokens, cards = secrets_in(srv, table)
    stolen = [urlsplit(u).path for u in srv.private_urls.values()]
    guest = Device(GUEST)
    paths = ["/", "/api/table", "/events/table", "/favicon.ico", "/p", "/p/", "/t", "/t/", "/p/x/api"]
    for p in stolen:
        paths += [p, p + "/", p + "/api", p + "/events", p + "/claim", p + "/renew", p + "/other", p + "/api/x"]
    lan_host = urlsplit(srv.base_url).netloc
    seen = 0
    for path in paths:
        for method in ("GET", "HEAD", "POST", "PUT", "DELETE", "OPTIONS"):
            for host in (lan_host, f"127.0.0.1:{port}"):
                headers = {"X-Voicefish-Action": "claim", "Origin": f"http://{host}"} if method == "POST" else {}
                r = guest.request(method, f"http://127.0.0.1:{port}{path}", host=host, headers=headers, read=65536)
                seen += 1
                assert_nothing_secret(r.body + str(r.headers), tokens, cards, f"{method} {path}")
                assert "Set-Cookie" not in r.headers, f"{method} {path} gave the guest a device"
                if path.startswith("/p/") and method not in ("HEAD",) and r.status < 400:
                    assert path in stolen or path.rstrip("/") in stolen, (method, path, r.status)
    assert seen >= 300
    # the owners still have their hands; the guest's attempts changed nothing
    for seat, phone in owners.items():
        data = phone.get_json(local(srv.private_urls[seat], port) + "/api")
        assert sorted(c for g in data["state"]["hand"] for c in g["cards"]) == hand_codes(table.game.view(seat))
    assert [token_of(u) for u in srv.private_urls.values()] == tokens[:2]


_SERVE = textwrap.dedent(
    """
    import sys, time
    from voicefish.outputs import start_screen
    from voicefish.table import phrasebook as en
    srv = start_screen({0: "Priya"}, lan=True, words=en)
    print(srv.port, flush=True)
    sys.stdin.read()
    srv.stop()
    """
)

MALFORMED = [
    b"GARBAGE\r\n\r\n",
    b"GET\r\n\r\n",
    b"GET / HTTP/9.9\r\nHost: 127.0.0.1:{port}\r\n\r\n",
    b"GET /\x00 HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n",
    b"GET / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nBad Header\r\n\r\n",
    b"GET / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nX: \x01\r\n\r\n",
    b"GET / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n" + b"X-Long: " + b"a" * 70000 + b"\r\n\r\n",
    b"POST / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
    b"POST / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Length: 3\r\nContent-Length: 4\r\n\r\nabcd",
    b"POST / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nabc\r\n0\r\n\r\n",
    b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03" + bytes(40),  # a TLS hello on the HTTP port
]


def test_malformed_http_gets_a_plain_400_and_nothing_on_the_terminal() -> None:
    root = Path(__file__).resolve().parents[2]
    proc = subprocess.Popen(
        [sys.executable, "-c", _SERVE],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=root,
        env={"PYTHONPATH": str(root), "PATH": "/usr/bin:/bin"},
    )
    try:
        assert proc.stdout is not None
        port = int(proc.stdout.readline())
        for raw in MALFORMED:
            with socket.create_connection(("127.0.0.1", port), timeout=5) as s:
                s.sendall(raw.replace(b"{port}", str(port).encode()))
                data = b""
                while chunk := s.recv(65536):
                    data += chunk
            head, _, body = data.partition(b"\r\n\r\n")
            assert head.split(b"\r\n")[0] in (b"HTTP/1.0 400 Bad Request", b"HTTP/1.1 400 Bad Request"), raw[:40]
            assert b"content-type: text/plain" in head.lower(), raw[:40]
            assert b"Traceback" not in body and b"File " not in body, raw[:40]
        # a good request still works afterwards
        assert Device().get(f"http://127.0.0.1:{port}/api/table").status == 200
    finally:
        _, err = proc.communicate(b"", timeout=20)
    assert proc.returncode == 0
    assert err.decode() == "", "nothing is printed on the shared terminal"


def test_the_leak_detectors_can_fail() -> None:
    assert card_codes_in(" ".join(ALL_CODES)) == set(ALL_CODES)
    with pytest.raises(AssertionError):
        assert_nothing_secret('{"url": "http://x/p/abc"}', [], set(), "a link")
    with pytest.raises(AssertionError):
        assert_nothing_secret("you hold 7H", [], {"7H"}, "a hand")
