"""The screen server over plain HTTP (no browser): what each URL serves as a scripted game runs, tokens,
the numbered live stream, withholding under no_peeking, starting and stopping."""

from __future__ import annotations

import contextlib
import html
import http.client
import io
import json
import re
import socket
import threading
import time
from collections.abc import Iterator
from typing import Any
from urllib.parse import urlsplit

import pytest

from voicefish.outputs import ScreenError, ScreenServer, start_screen
from voicefish.outputs.channels import PUBLIC, Message, Outputs
from voicefish.outputs.server import _lan_address
from voicefish.rules import RuleSet
from voicefish.table import phrasebook as en
from voicefish.table.snapshots import private_snapshot, public_snapshot

from .screenkit import ALL_CODES, Device, ScriptedTable, card_codes_in, get, get_json, hand_codes, may_read

NAMES = ["Priya", "Leo", "Sam"]


@pytest.fixture
def server() -> Iterator[ScreenServer]:
    srv = start_screen({0: "Priya", 2: "Sam"}, words=en)
    yield srv
    srv.stop()


def wire(srv: ScreenServer, table: ScriptedTable) -> None:
    """Connect a screen to a table's outputs exactly as the play command does."""
    table.outputs.observers.append(srv)
    table.outputs.public.append(srv.caption_sink)
    for seat in srv.humans:
        table.outputs.add_private(seat, srv.private_sink(seat))


def without_joins(payload: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in payload.items() if k != "joins"}


@pytest.mark.slow
def test_every_url_serves_exactly_the_engine_views_as_the_game_runs(server: ScreenServer) -> None:
    table = ScriptedTable(NAMES, humans=[0, 2], seed=11)
    wire(server, table)
    base = server.private_urls
    phones = {seat: Device() for seat in (0, 2)}
    for seat, phone in phones.items():
        assert phone.open(base[seat]).status == 200
    for _ in table.run():
        game = table.game
        pub = get_json(server.table_url + "api/table")
        assert pub["state"] == public_snapshot(game.public_view())
        assert pub["seq"] == server.seq()
        # the table's data never holds a card code (books are ranks; hands are hidden)
        assert card_codes_in(json.dumps(without_joins(pub))) == set()
        for seat in (0, 2):
            data = phones[seat].get_json(base[seat] + "/api")
            view = game.view(seat)
            assert data["state"] == private_snapshot(view, may_read_hand=may_read(view))
            shown = sorted(c for g in data["state"]["hand"] for c in g["cards"])
            assert shown == hand_codes(view)
            # the page's hand holds this player's cards and no one else's (its message log and "drawn" may name
            # a card the player drew and has since given away: that is their own history, not a leak)
            others = {str(c) for s in range(3) if s != seat for c in game.view(s).hand}
            assert card_codes_in(json.dumps(data["state"]["hand"])) & others == set()
    assert game.over and table.steps > 10
    # captions are exactly the public messages, in order, and never a private one
    pub = get_json(server.table_url + "api/table")
    public_texts = table.record.texts
    assert [c["text"] for c in pub["log"]] == public_texts[-len(pub["log"]) :]
    private_texts = {m["text"] for s in (0, 2) for m in phones[s].get_json(base[s] + "/api")["log"]}
    assert private_texts, "the scripted game sent private draw messages"
    assert private_texts.isdisjoint(public_texts)


def test_wrong_missing_and_old_tokens_get_403_and_no_hand() -> None:
    old = start_screen({0: "Priya", 1: "Leo"}, words=en)
    old_token = urlsplit(old.private_urls[0]).path.rsplit("/", 1)[1]
    old.stop()
    srv = start_screen({0: "Priya", 1: "Leo"}, port=0, words=en)
    try:
        table = ScriptedTable(NAMES[:2], humans=[0, 1], seed=3)
        wire(srv, table)
        table.publish()
        good = urlsplit(srv.private_urls[0]).path.rsplit("/", 1)[1]
        phone = Device()
        assert phone.open(srv.private_urls[0]).status == 200
        assert phone.get(srv.private_urls[0] + "/api").status == 200
        assert good != old_token
        other = "y" if good.endswith("x") else "x"  # (a token may itself end in "x")
        bad_paths = [
            "/p",
            "/p/",
            f"/p/{old_token}",
            f"/p/{old_token}/api",
            f"/p/{old_token}/events",
            f"/p/{good[:-1]}",
            f"/p/{good[:-1]}{other}/api",
            f"/p/{good.upper()}/api",
            "/p/%20/api",
            "/p/x/events",
            f"/p/{good}x/api",
        ]
        for path in bad_paths:
            r = phone.get(srv.base_url + path)  # the owner's own phone, cookie and all
            status, body = r.status, r.body
            assert status == 403, path
            assert card_codes_in(body) == set(), path
            assert "hand" not in body.lower()
        # the old server is really gone
        with pytest.raises(OSError):
            get(old.base_url + f"/p/{old_token}/api", timeout=1)
    finally:
        srv.stop()


def test_tokens_are_new_every_session_and_long() -> None:
    seen: set[str] = set()
    for _ in range(3):
        srv = start_screen({0: "Priya", 1: "Leo", 2: "Sam"}, words=en)
        try:
            tokens = [urlsplit(u).path.rsplit("/", 1)[1] for u in srv.private_urls.values()]
        finally:
            srv.stop()
        assert all(len(t) >= 32 for t in tokens)
        assert seen.isdisjoint(tokens)
        seen.update(tokens)
    assert len(seen) == 9


class SSEReader:
    """A raw Server-Sent Events client in a thread (what EventSource does, minus reconnects)."""

    def __init__(self, url: str, device: Device | None = None) -> None:
        parts = urlsplit(url)
        self.conn = http.client.HTTPConnection(parts.hostname or "", parts.port, timeout=10)
        headers = {}
        if device is not None:
            jar = device.cookies.items()
            headers["Cookie"] = "; ".join(f"{n}={v}" for (p, n), v in jar if parts.path.startswith(p))
        self.conn.request("GET", parts.path, headers=headers)
        self.response = self.conn.getresponse()
        self.status = self.response.status
        self.messages: list[dict[str, Any]] = []
        self.ids: list[str] = []
        self.thread = threading.Thread(target=self._read, daemon=True)
        if self.status == 200:
            self.thread.start()

    def _read(self) -> None:
        data: list[str] = []
        try:
            for raw in self.response:
                line = raw.decode().rstrip("\n")
                if line.startswith("data: "):
                    data.append(line[6:])
                elif line.startswith("id: "):
                    self.ids.append(line[4:])
                elif line == "" and data:
                    self.messages.append(json.loads("\n".join(data)))
                    data = []
        except (OSError, ValueError):
            pass

    def wait_seq(self, seq: int, timeout: float = 10) -> None:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if self.messages and self.messages[-1]["seq"] >= seq:
                return
            time.sleep(0.01)
        raise AssertionError(f"stream stopped at {self.messages[-1]['seq'] if self.messages else None}, want {seq}")

    def close(self) -> None:
        sock = self.conn.sock
        if sock is not None:
            with contextlib.suppress(OSError):
                sock.shutdown(socket.SHUT_RDWR)  # wakes the reader thread at once
        self.thread.join(2)
        self.conn.close()


def test_live_streams_are_numbered_without_gaps_and_end_in_the_engine_state(server: ScreenServer) -> None:
    table = ScriptedTable(NAMES, humans=[0, 2], seed=5)
    wire(server, table)
    table_stream = SSEReader(server.base_url + "/events/table")
    phone = Device()
    assert phone.open(server.private_urls[2]).status == 200
    mine = SSEReader(server.private_urls[2] + "/events", phone)
    assert table_stream.status == 200 and mine.status == 200
    for _ in table.run():
        pass
    table_stream.wait_seq(server.seq())
    mine.wait_seq(server.seq(2))
    for stream, final in (
        (table_stream, public_snapshot(table.game.public_view())),
        (mine, private_snapshot(table.game.view(2))),
    ):
        first, *rest = stream.messages
        assert first["type"] == "sync"
        assert [m["seq"] for m in rest] == list(range(first["seq"] + 1, rest[-1]["seq"] + 1))
        assert stream.ids == [str(m["seq"]) for m in rest]
        states = [m["state"] for m in stream.messages if m.get("state") is not None]
        assert states[-1] == final
        stream.close()
    kinds = {m["type"] for m in table_stream.messages}
    assert {"sync", "state", "caption"} <= kinds
    assert "message" in {m["type"] for m in mine.messages}
    # a stream that connects late starts with the whole picture
    late = SSEReader(server.base_url + "/events/table")
    late.wait_seq(server.seq())
    assert late.messages[0]["type"] == "sync" and late.messages[0]["seq"] == server.seq()
    assert late.messages[0]["state"] == public_snapshot(table.game.public_view())
    late.close()


def test_unchanged_snapshots_send_nothing(server: ScreenServer) -> None:
    table = ScriptedTable(NAMES, humans=[0, 2], seed=5)
    wire(server, table)
    table.publish()
    before = server.seq(), server.seq(0), server.seq(2)
    table.outputs.update(public_snapshot(table.game.public_view()), {0: private_snapshot(table.game.view(0))})
    assert (server.seq(), server.seq(0), server.seq(2)) == before


def test_no_peeking_hand_is_withheld_outside_the_own_turn() -> None:
    srv = start_screen({0: "Priya", 1: "Leo", 2: "Sam"}, words=en)
    try:
        table = ScriptedTable(NAMES, humans=[0, 1, 2], rules=RuleSet(no_peeking=True), seed=9)
        wire(srv, table)
        turns_seen = withheld_seen = 0
        phones = {seat: Device() for seat in (0, 1, 2)}
        for seat, phone in phones.items():
            assert phone.open(srv.private_urls[seat]).status == 200
        for _ in table.run():
            for seat in (0, 1, 2):
                view = table.game.view(seat)
                data = phones[seat].get_json(srv.private_urls[seat] + "/api")
                if view.my_turn:
                    turns_seen += 1
                    assert data["state"]["hand_visible"] is True
                    assert sorted(c for g in data["state"]["hand"] for c in g["cards"]) == hand_codes(view)
                else:
                    withheld_seen += 1
                    assert data["state"]["hand_visible"] is False
                    assert data["state"]["hand"] == [] and data["state"]["drawn"] is None
                    assert card_codes_in(json.dumps(data["state"])) == set()
        assert turns_seen > 5 and withheld_seen > 10
        # even a snapshot that wrongly carries cards is stripped when hand_visible is false
        leaky = private_snapshot(table.game.view(0), may_read_hand=True) | {"hand_visible": False}
        leaky["hand"] = [{"rank": "7", "cards": ["7H", "7S"]}]
        leaky["drawn"] = "7H"
        srv.update(public_snapshot(table.game.public_view()), {0: leaky})
        data = phones[0].get_json(srv.private_urls[0] + "/api")
        assert data["state"]["hand"] == [] and data["state"]["drawn"] is None
        assert "7H" not in json.dumps(data)
    finally:
        srv.stop()


def test_sinks_route_only_their_own_audience(server: ScreenServer) -> None:
    out = Outputs(public=[server.caption_sink], private={0: [server.private_sink(0)], 2: [server.private_sink(2)]})
    out.say(Message("Leo asks Priya for sevens."))
    out.say(Message("You drew the queen of hearts.", audience=0, kind="draw"))
    # sinks given the wrong message by a wiring mistake drop it
    server.caption_sink.deliver(Message("You drew the king of clubs.", audience=2))
    server.private_sink(0).deliver(Message("You drew the king of clubs.", audience=2))
    server.private_sink(0).deliver(Message("Everyone hears this.", audience=PUBLIC))
    table_log = [c["text"] for c in get_json(server.table_url + "api/table")["log"]]
    assert [c["text"] for c in get_json(server.public_url + "api/table")["log"]] == table_log
    phones = {seat: Device() for seat in (0, 2)}
    for seat, phone in phones.items():
        assert phone.open(server.private_urls[seat]).status == 200
    mine = [m["text"] for m in phones[0].get_json(server.private_urls[0] + "/api")["log"]]
    theirs = [m["text"] for m in phones[2].get_json(server.private_urls[2] + "/api")["log"]]
    assert table_log == ["Leo asks Priya for sevens."]
    assert mine == ["You drew the queen of hearts."]
    assert theirs == []
    with pytest.raises(KeyError):
        server.private_sink(1)  # Leo is a computer player: no page


def test_join_codes_show_on_the_table_until_the_page_is_opened(server: ScreenServer) -> None:
    joins = get_json(server.table_url + "api/table")["joins"]
    assert [(j["seat"], j["name"], j["url"]) for j in joins] == [
        (0, "Priya", server.private_urls[0]),
        (2, "Sam", server.private_urls[2]),
    ]
    assert all(j["qr"].startswith("data:image/svg+xml") for j in joins)
    # the public table page (no token) lists who has joined, never a link
    assert get_json(server.public_url + "api/table")["joins"] == [
        {"seat": 0, "name": "Priya", "connected": False},
        {"seat": 2, "name": "Sam", "connected": False},
    ]
    status, body = get(server.private_urls[0])
    assert status == 200 and "Priya" in body
    assert get_json(server.table_url + "api/table")["joins"][0]["url"] == server.private_urls[0]  # not claimed
    assert Device().open(server.private_urls[0]).status == 200  # the page's script claims the link
    joins = get_json(server.table_url + "api/table")["joins"]
    assert joins[0] == {"seat": 0, "name": "Priya", "connected": True}
    assert joins[1]["url"] == server.private_urls[2]
    # the private page itself has no external asset: everything inline
    assert 'src="http' not in body and 'href="http' not in body and "<link" not in body
    out = io.StringIO()
    server.print_links(out)
    text = out.getvalue()
    assert server.table_url in text and all(u in text for u in server.private_urls.values())
    assert "--lan" in text  # the links are loopback ones: say how to reach them from a phone
    assert text.count("\u2588") > 100  # the QR codes, drawn in block characters


@pytest.mark.parametrize("lang", ["it", "pl", "es", "nl", "pt"])
def test_the_links_and_refusals_are_in_the_tables_language(lang: str) -> None:
    """What the terminal prints about the pages, and what a wrong or second device is told, in the table's language
    (the English-word check of test_phrases)."""
    from tests.table.test_phrases import ENGLISH, SHARED, words
    from voicefish.table.phrases import phrasebook

    book = phrasebook(lang)
    srv = start_screen({0: "Marco"}, words=book)
    try:
        out = io.StringIO()
        srv.print_links(out, qr=False)
        srv.renew_link(0)
        url = srv.private_urls[0]
        assert Device().open(url).status == 200
        status, in_use = get(url.rstrip("/") + "/api")  # this machine is not the device that claimed the link
        token = urlsplit(url).path.split("/")[2]
        page = get(url.replace(token, "x" * len(token)))[1]  # a notice page: its one sentence, and its language
        assert f'<html lang="{lang}">' in page
        wrong = html.unescape(page.split('role="alert">')[1].split("</p>")[0])
        text = "\n".join([out.getvalue(), in_use, wrong])
        for part in (book.LINKS_TABLE, book.links_private("Marco"), book.links_renewed("Marco"), book.PAGE_ELSEWHERE):
            assert part in text
        text = re.sub(r"http://\S+", "", text)  # the links themselves (their tokens are no words)
        assert status == 403 and book.PAGE_FORBIDDEN in wrong
        assert not words(text) & (ENGLISH - SHARED[lang]), sorted(words(text) & (ENGLISH - SHARED[lang]))
    finally:
        srv.stop()


def test_headers_keep_pages_private_and_self_contained(server: ScreenServer) -> None:
    parts = urlsplit(server.private_urls[0])
    conn = http.client.HTTPConnection(parts.hostname or "", parts.port, timeout=5)
    conn.request("GET", parts.path)
    r = conn.getresponse()
    r.read()
    assert r.status == 200
    assert r.getheader("Cache-Control") == "no-store"
    assert r.getheader("Referrer-Policy") == "no-referrer"
    assert "default-src 'none'" in (r.getheader("Content-Security-Policy") or "")
    # a request naming some other host (DNS rebinding from a web page) is refused
    conn.request("GET", parts.path + "/api", headers={"Host": f"evil.invalid:{parts.port}"})
    r = conn.getresponse()
    assert r.status == 403 and card_codes_in(r.read().decode()) == set()
    conn.close()


def test_listens_on_loopback_only_by_default(server: ScreenServer) -> None:
    assert server.bind_host == "127.0.0.1"
    assert urlsplit(server.table_url).hostname == "127.0.0.1"
    lan = _lan_address()
    if lan.startswith("127."):
        pytest.skip("this machine has no network address other than loopback")
    with pytest.raises(OSError), socket.create_connection((lan, server.port), timeout=2):
        pass


def test_lan_mode_listens_on_all_addresses_and_links_use_the_lan_address() -> None:
    srv = start_screen({0: "Priya"}, lan=True, words=en)
    try:
        assert srv.bind_host == "0.0.0.0"
        host = urlsplit(srv.private_urls[0]).hostname
        assert host == _lan_address()
        phone = Device()
        assert phone.open(srv.private_urls[0]).status == 200  # reachable through that address
        assert phone.get(srv.private_urls[0] + "/api").status == 200
    finally:
        srv.stop()


def test_stop_ends_streams_and_joins_the_thread_and_a_taken_port_is_a_clear_error() -> None:
    srv = start_screen({0: "Priya"}, words=en)
    stream = SSEReader(srv.base_url + "/events/table")
    stream.wait_seq(0)
    started = time.monotonic()
    srv.stop()
    assert time.monotonic() - started < 3
    assert not srv.running
    assert srv._thread is not None and not srv._thread.is_alive()
    stream.thread.join(3)
    assert not stream.thread.is_alive(), "the open stream was closed by stop()"
    assert stream.messages[-1] == {"type": "closed", "seq": 1}  # the page was told why
    srv.stop()  # twice is fine
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        port = s.getsockname()[1]
        with pytest.raises(ScreenError, match=f"cannot listen on 127.0.0.1:{port}"):
            start_screen({0: "Priya"}, port=port, words=en)


def test_a_table_of_computer_players_gets_just_the_table_page() -> None:
    srv = start_screen({}, words=en)
    try:
        assert srv.private_urls == {}
        table = ScriptedTable(NAMES, humans=[], seed=1)
        wire(srv, table)
        for _ in range(5):
            table.step()
        data = get_json(srv.table_url + "api/table")
        assert data["state"] == public_snapshot(table.game.public_view()) and data["joins"] == []
    finally:
        srv.stop()


def test_bad_humans_are_refused() -> None:
    with pytest.raises(ValueError):
        ScreenServer({-1: "Priya"}, words=en)
    with pytest.raises(ValueError):
        ScreenServer({0: "  "}, words=en)


def test_all_codes_regex_sanity() -> None:
    # the leak detector must be able to fail: it finds every card code standing alone
    assert card_codes_in(" ".join(ALL_CODES)) == set(ALL_CODES)
    assert card_codes_in("p/ab7Hcd 10Sx Q") == set()
