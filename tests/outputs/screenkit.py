"""A scripted game that feeds a screen exactly as the table loop does: after each ``game.apply`` the public
and private snapshots go to ``update`` and caption / private messages go to the sinks (narrated by the table's
own narrator), plus helpers shared by the screen tests."""

from __future__ import annotations

import http.client
import json
import random
import re
import urllib.error
import urllib.request
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from http.cookies import SimpleCookie
from typing import Any
from urllib.parse import urlsplit

from voicefish.bots import make_player
from voicefish.cards import SUITS, Card, Rank
from voicefish.engine import Game, PlayerView
from voicefish.outputs.channels import Message, Outputs, RecordingSink
from voicefish.rules import RuleSet
from voicefish.table.narrator import Narrator
from voicefish.table.snapshots import private_snapshot, public_snapshot

ALL_CODES = [str(Card(r, s)) for r in Rank for s in SUITS]
_CODE_RE = re.compile(r"(?<![A-Za-z0-9_-])(?:10|[2-9AJQK])[SHDC](?![A-Za-z0-9_-])")


def card_codes_in(text: str) -> set[str]:
    """Card codes (``7H``, ``10S``) standing alone in ``text`` (not inside a longer token)."""
    return set(_CODE_RE.findall(text))


def may_read(view: PlayerView) -> bool:
    return not view.rules.no_peeking or view.my_turn


@dataclass
class ScriptedTable:
    """A game between computer players where some seats are watched as "humans" on the screen."""

    names: Sequence[str]
    humans: Sequence[int]
    rules: RuleSet = field(default_factory=RuleSet)
    seed: int = 7
    outputs: Outputs = field(default_factory=Outputs)
    game: Game = field(init=False)
    steps: int = field(default=0, init=False)

    def __post_init__(self) -> None:
        self.game = Game(list(self.names), self.rules, seed=self.seed)
        rng = random.Random(self.seed)
        self.bots = [make_player("random", random.Random(rng.getrandbits(63))) for _ in self.names]
        self.narrator = Narrator(self.names, self.rules, frozenset(s for s in range(len(self.names))))
        self.record = RecordingSink()
        self.outputs.public.append(self.record)
        self._seen_public = 0
        self._seen = dict.fromkeys(self.humans, 0)

    def publish(self) -> None:
        """Narrate what happened since the last call and push the snapshots, as the loop does."""
        game = self.game
        pub = game.public_view()
        new_public = list(pub.events[self._seen_public :])
        self._seen_public = len(pub.events)
        for m in self.narrator.public(new_public, game.current):
            self.outputs.say(m)
        for seat in self.humans:
            view = game.view(seat)
            new = list(view.events[self._seen[seat] :])
            self._seen[seat] = len(view.events)
            if may_read(view):
                for m in self.narrator.private(seat, new):
                    self.outputs.say(m)
        public = public_snapshot(pub)
        private = {s: private_snapshot(game.view(s), may_read_hand=may_read(game.view(s))) for s in self.humans}
        self.outputs.update(public, private)

    def step(self) -> bool:
        """Play one ask and publish; False once the game is over."""
        if self.game.over:
            return False
        seat = self.game.current
        assert seat is not None
        self.game.apply(self.bots[seat].decide(self.game.view(seat)).action)
        self.steps += 1
        self.publish()
        return not self.game.over

    def run(self) -> Iterator[int]:
        """Publish the deal, then play to the end, yielding the step number after each ask."""
        self.publish()
        yield 0
        while self.step():
            yield self.steps
        yield self.steps

    def say_private(self, seat: int, text: str) -> None:
        self.outputs.say(Message(text, audience=seat, kind="draw"))


def hand_codes(view: PlayerView) -> list[str]:
    return sorted(str(c) for c in view.hand)


def get(url: str, timeout: float = 5.0) -> tuple[int, str]:
    """GET ``url``: (status, body), also for error statuses."""
    try:
        with urllib.request.urlopen(url, timeout=timeout) as r:
            return int(r.status), r.read().decode()
    except urllib.error.HTTPError as exc:
        return int(exc.code), exc.read().decode()


def get_json(url: str) -> Any:
    status, body = get(url)
    assert status == 200, (status, body)
    return json.loads(body)


BROWSER_UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36"


@dataclass
class Reply:
    status: int
    headers: http.client.HTTPMessage
    body: str


class Device:
    """One phone or computer on the network, over plain HTTP: its own cookie jar, its own source address (a
    second loopback address such as 127.0.0.2 stands for another machine), and a browser's user agent.
    ``open`` does what the private page's script does: load the page, then claim the link with a POST."""

    def __init__(self, source: str | None = None, user_agent: str = BROWSER_UA) -> None:
        self.source = source
        self.user_agent = user_agent
        self.cookies: dict[tuple[str, str], str] = {}  # (path, name) -> value

    def request(
        self,
        method: str,
        url: str,
        *,
        headers: dict[str, str] | None = None,
        host: str | None = None,
        read: int | None = None,
    ) -> Reply:
        """One request on a fresh connection; ``read`` limits the body read (an event stream never ends)."""
        parts = urlsplit(url)
        source = (self.source, 0) if self.source is not None else None
        conn = http.client.HTTPConnection(parts.hostname or "", parts.port, timeout=5, source_address=source)
        try:
            path = parts.path or "/"
            sent = {"User-Agent": self.user_agent} if self.user_agent else {}
            jar = [f"{n}={v}" for (p, n), v in self.cookies.items() if path == p or path.startswith(p + "/")]
            if jar:
                sent["Cookie"] = "; ".join(jar)
            sent.update(headers or {})
            conn.putrequest(method, path, skip_host=True, skip_accept_encoding=True)
            conn.putheader("Host", host if host is not None else parts.netloc)
            for k, v in sent.items():
                conn.putheader(k, v)
            conn.endheaders()
            r = conn.getresponse()
            body = r.read1(read) if read is not None else r.read()
            for raw in r.headers.get_all("Set-Cookie") or []:
                jar_in: SimpleCookie = SimpleCookie()
                jar_in.load(raw)
                for morsel in jar_in.values():
                    self.cookies[(morsel["path"] or "/", morsel.key)] = morsel.value
            return Reply(int(r.status), r.headers, body.decode(errors="replace"))
        finally:
            conn.close()

    def get(self, url: str, **kw: Any) -> Reply:
        return self.request("GET", url, **kw)

    def post(self, url: str, action: str, *, origin: str | None = None, **kw: Any) -> Reply:
        """A POST as the page's script sends it (its Origin and action header)."""
        parts = urlsplit(url)
        headers = {"Origin": origin or f"{parts.scheme}://{parts.netloc}", "X-Voicefish-Action": action}
        headers.update(kw.pop("headers", {}))
        return self.request("POST", url, headers=headers, **kw)

    def open(self, url: str) -> Reply:
        """Load a private page and claim it, as its script does; the claim's reply."""
        page = self.get(url)
        assert page.status == 200, (page.status, page.body)
        return self.post(url + "/claim", "claim")

    def get_json(self, url: str) -> Any:
        r = self.get(url)
        assert r.status == 200, (r.status, r.body)
        return json.loads(r.body)
