"""The pages in a real headless Chromium: the table page follows a scripted game, each private page shows
exactly its owner's hand, wrong tokens see nothing, the no_peeking cover works, a missed update is repaired,
and six private pages plus the table follow a whole game with no update missed. Screenshots go to
artifacts/screenshots/."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from voicefish.outputs import ScreenServer, start_screen
from voicefish.rules import RuleSet
from voicefish.table import phrasebook as en
from voicefish.table.snapshots import last_drawn, private_snapshot, public_snapshot

from .screenkit import ScriptedTable, card_codes_in, hand_codes, may_read

pytestmark = [pytest.mark.browser, pytest.mark.slow]

PHONE = {"width": 412, "height": 915}
SCREEN = {"width": 1280, "height": 900}

_WAIT = "while (Number(document.body.dataset.seq) < s) await new Promise(r => setTimeout(r, 5));"
_READ_PRIVATE = """() => ({
  seq: Number(document.body.dataset.seq),
  hand: [...document.querySelectorAll('#hand [data-card]')].filter(e => e.offsetParent !== null)
          .map(e => e.dataset.card).sort(),
  groups: [...document.querySelectorAll('#hand [data-rank]')].map(e => e.dataset.rank),
  drawn: [...document.querySelectorAll('#drawn [data-card]')].map(e => e.dataset.card),
  status: document.getElementById('status').textContent,
  covered: document.body.dataset.covered,
  coverShown: document.getElementById('cover').offsetParent !== null,
  noteShown: document.getElementById('note').offsetParent !== null,
  html: document.documentElement.outerHTML,
})"""

_READ_TABLE = """() => ({
  seq: Number(document.body.dataset.seq),
  rows: [...document.querySelectorAll('#players tr')].map(tr => ({
    name: tr.dataset.player,
    hand_size: Number(tr.querySelector('[data-field=hand_size]').textContent),
    score: Number(tr.querySelector('[data-field=score]').textContent),
    books: tr.querySelector('[data-field=books]').textContent,
    turn: tr.classList.contains('turn')})),
  status: document.getElementById('status').textContent,
  stock: document.getElementById('stock').textContent,
  captions: [...document.querySelectorAll('#captions li')].map(li => li.textContent),
  joinsShown: !document.getElementById('joinsec').hidden,
  qrs: document.querySelectorAll('#joins img').length,
  text: document.body.innerText,
  state: JSON.stringify(window.vf.state),
})"""


def open_page(browser: Any, url: str, viewport: dict[str, int]) -> Any:
    context = browser.new_context(viewport=viewport, device_scale_factor=1)
    page = context.new_page()
    response = page.goto(url)
    assert response is not None and response.status == 200
    page.wait_for_function("() => document.body.dataset.seq !== undefined", timeout=10_000)
    return page


def wait_seq(page: Any, seq: int) -> None:
    page.wait_for_function("s => Number(document.body.dataset.seq) >= s", arg=seq, timeout=10_000)


def read_at(page: Any, seq: int, reader: str) -> dict[str, Any]:
    """Wait (in the page) until it has applied update ``seq``, then read it — one round trip."""
    result: dict[str, Any] = page.evaluate(f"async s => {{ {_WAIT} return ({reader})(); }}", seq)
    return result


def wire(srv: ScreenServer, table: ScriptedTable) -> None:
    table.outputs.observers.append(srv)
    table.outputs.public.append(srv.caption_sink)
    for seat in srv.humans:
        table.outputs.add_private(seat, srv.private_sink(seat))


def check_table(page: Any, srv: ScreenServer, table: ScriptedTable) -> dict[str, Any]:
    seen = read_at(page, srv.seq(), _READ_TABLE)
    view = table.game.public_view()
    expected = [
        {
            "name": name,
            "hand_size": view.hand_sizes[i],
            "score": view.scores[i],
            "books": " ".join(r.code for r in view.books[i]) or "\u2014",
            "turn": view.current == i and not view.over,
        }
        for i, name in enumerate(view.players)
    ]
    assert seen["rows"] == expected
    assert seen["stock"] == str(view.stock_size)
    if view.over:
        assert seen["status"].startswith("Game over")
    else:
        assert seen["status"].startswith(f"{view.players[view.current or 0]}'s turn")
    publics = table.record.texts
    assert seen["captions"][-1].endswith(publics[-1])
    # the table page never shows a card: nothing on it is a card code
    assert card_codes_in(seen["text"]) == set()
    assert card_codes_in(seen["state"]) == set()
    return dict(seen)


def check_private(page: Any, srv: ScreenServer, table: ScriptedTable, seat: int) -> dict[str, Any]:
    seen = read_at(page, srv.seq(seat), _READ_PRIVATE)
    view = table.game.view(seat)
    readable = may_read(view)
    covered = seen["covered"] == "1"
    if readable and not covered:
        assert seen["hand"] == hand_codes(view)
        assert seen["groups"] == list(dict.fromkeys(c.rank.code for c in view.hand))
        drawn = last_drawn(view)
        assert seen["drawn"] == ([str(drawn)] if drawn is not None and drawn in view.hand else [])
    else:
        assert seen["hand"] == [] and seen["drawn"] == []
    assert ("Your turn" in seen["status"]) == view.my_turn
    others = {str(c) for s in range(len(table.names)) if s != seat for c in table.game.view(s).hand}
    assert card_codes_in(seen["html"]) & others == set()
    return dict(seen)


def test_table_and_private_pages_follow_a_scripted_game(browser: Any, artifacts: Path) -> None:
    srv = start_screen({0: "Priya", 1: "Leo"}, words=en)
    try:
        table = ScriptedTable(["Priya", "Leo", "Sam"], humans=[0, 1], seed=21)
        wire(srv, table)
        tpage = open_page(browser, srv.table_url, SCREEN)
        table.publish()
        seen = check_table(tpage, srv, table)
        assert seen["joinsShown"] and seen["qrs"] == 2  # join codes until the phones have opened their pages
        assert tpage.is_visible("#localonly")  # loopback links: the page says how to reach them from a phone
        tpage.screenshot(path=str(artifacts / "table-join-codes.png"), full_page=True)
        pages = {seat: open_page(browser, srv.private_urls[seat], PHONE) for seat in (0, 1)}
        wait_seq(tpage, srv.seq())
        seen = tpage.evaluate(_READ_TABLE)
        assert not seen["joinsShown"] and seen["qrs"] == 0
        turns = dict.fromkeys((0, 1), 0)
        turn_starts = dict.fromkeys((0, 1), 0)
        was_turn = {seat: table.game.view(seat).my_turn for seat in (0, 1)}
        for step in table.run():
            check_table(tpage, srv, table)
            for seat, page in pages.items():
                got = check_private(page, srv, table, seat)
                turns[seat] += "Your turn" in got["status"]
                now = table.game.view(seat).my_turn
                turn_starts[seat] += now and not was_turn[seat]
                was_turn[seat] = now
            if step == 12:
                tpage.screenshot(path=str(artifacts / "table-midgame.png"), full_page=True)
                pages[0].screenshot(path=str(artifacts / "private-midgame.png"), full_page=True)
        assert table.game.over and min(turns.values()) > 0
        tpage.screenshot(path=str(artifacts / "table-game-over.png"), full_page=True)
        pages[1].screenshot(path=str(artifacts / "private-game-over.png"), full_page=True)
        # screen readers: live regions, and what they were told
        assert tpage.get_attribute("#captions", "role") == "log"
        assert tpage.get_attribute("#captions", "aria-live") == "polite"
        assert tpage.get_attribute("#status", "role") == "status"
        for seat, page in pages.items():
            assert page.get_attribute("#announce", "aria-live") == "assertive"
            said = page.evaluate("() => window.vf.announced")
            assert said.count("Your turn.") == turn_starts[seat] > 0
            draws = [t for t in said if t != "Your turn."]
            assert draws and all(
                re.fullmatch(r"You drew the \w+ of (hearts|spades|diamonds|clubs)\.", t) for t in draws
            )
        for page in [tpage, *pages.values()]:
            assert page.evaluate("() => window.vf.gaps") == 0
            page.context.close()
    finally:
        srv.stop()


def test_wrong_and_old_tokens_see_nothing_in_the_browser(browser: Any) -> None:
    old = start_screen({0: "Priya", 1: "Leo"}, words=en)
    old_url = old.private_urls[0]
    old.stop()
    srv = start_screen({0: "Priya", 1: "Leo"}, words=en)
    try:
        table = ScriptedTable(["Priya", "Leo"], humans=[0, 1], seed=2)
        wire(srv, table)
        table.publish()
        context = browser.new_context()
        page = context.new_page()
        token = urlsplit(srv.private_urls[0]).path.rsplit("/", 1)[1]
        for path in [urlsplit(old_url).path, "/p/", f"/p/{token[:-2]}", f"/p/{token}zz", f"/p/{token[:-2]}/events"]:
            response = page.goto(srv.base_url + path)
            assert response is not None and response.status == 403, path
            assert card_codes_in(page.content()) == set()
            assert "Your hand" not in page.content()
        # the real link works in the same browser
        response = page.goto(srv.private_urls[0])
        assert response is not None and response.status == 200
        page.wait_for_function("() => document.body.dataset.seq !== undefined")
        assert page.evaluate(_READ_PRIVATE)["hand"] == hand_codes(table.game.view(0))
        # the session ends: the open page is told; a new session on the same address refuses the old link,
        # whether the page reconnects by itself (as after a crash) or is reloaded
        port, before = srv.port, page.evaluate("() => window.vf.seq")
        srv.stop()
        page.wait_for_function("() => window.vf.closed === true", timeout=10_000)
        srv = start_screen({0: "Priya", 1: "Leo"}, port=port, words=en)
        table2 = ScriptedTable(["Priya", "Leo"], humans=[0, 1], seed=3)
        wire(srv, table2)
        table2.publish()
        page.evaluate("() => window.vf.connect()")
        page.wait_for_function("() => window.vf.refused === true", timeout=10_000)
        assert "not valid" in page.inner_text("#conn")
        assert page.evaluate("() => window.vf.seq") == before  # nothing of the new game arrived
        new_hand = set(hand_codes(table2.game.view(0)))
        assert card_codes_in(page.evaluate("() => JSON.stringify(window.vf.state)")) & new_hand <= set(
            hand_codes(table.game.view(0))
        )
        response = page.reload()
        assert response is not None and response.status == 403
        assert card_codes_in(page.content()) == set()
        context.close()
    finally:
        srv.stop()


def test_no_peeking_cover_hides_until_tapped_and_again_after(browser: Any, artifacts: Path) -> None:
    srv = start_screen({0: "Priya"}, words=en)
    try:
        table = ScriptedTable(["Priya", "Leo"], humans=[0], rules=RuleSet(no_peeking=True), seed=4)
        wire(srv, table)
        page = open_page(browser, srv.private_urls[0], PHONE)
        own_turns = other_turns = 0
        was_mine = False
        for _ in table.run():
            view = table.game.view(0)
            seen = check_private(page, srv, table, 0)
            if table.game.over:
                break
            if view.my_turn and was_mine:  # the same turn goes on (a catch): the page stays as the player left it
                assert seen["hand"] == ([] if seen["covered"] == "1" else hand_codes(view))
                continue
            was_mine = view.my_turn
            if view.my_turn:
                own_turns += 1
                # covered until tapped
                assert seen["covered"] == "1" and seen["coverShown"] and seen["hand"] == []
                assert not page.is_visible("#hand")
                if own_turns == 1:
                    page.screenshot(path=str(artifacts / "private-no-peeking-covered.png"), full_page=True)
                if own_turns <= 3:
                    if own_turns == 2:  # by keyboard too (screen-reader and switch users)
                        page.focus("#showbtn")
                        page.keyboard.press("Enter")
                    else:
                        page.click("#showbtn")
                    seen = page.evaluate(_READ_PRIVATE)
                    assert seen["covered"] == "0" and seen["hand"] == hand_codes(view)
                    assert page.is_visible("#hidebtn")
                    if own_turns == 1:
                        page.screenshot(path=str(artifacts / "private-no-peeking-revealed.png"), full_page=True)
                    if own_turns == 1:
                        page.click("#hidebtn")  # hidden again by hand ...
                        seen = page.evaluate(_READ_PRIVATE)
                        assert seen["covered"] == "1" and seen["hand"] == [] and seen["coverShown"]
                    # ... or (turns 2, 3) left open: the next own turn must start covered again
            else:
                other_turns += 1
                # the server sends no hand; the page says why and offers no reveal
                assert seen["noteShown"] and not seen["coverShown"] and seen["hand"] == []
                assert page.evaluate("() => window.vf.state.hand.length") == 0
                assert card_codes_in(seen["html"]) == set()
                if other_turns == 1:
                    page.screenshot(path=str(artifacts / "private-no-peeking-not-your-turn.png"), full_page=True)
        assert own_turns >= 3 and other_turns >= 3
        page.context.close()
    finally:
        srv.stop()


def test_a_missed_update_is_detected_and_repaired(browser: Any) -> None:
    srv = start_screen({0: "Priya"}, words=en)
    try:
        table = ScriptedTable(["Priya", "Leo", "Sam"], humans=[0], seed=8)
        wire(srv, table)
        page = open_page(browser, srv.private_urls[0], PHONE)
        steps = table.run()
        for _ in range(6):
            next(steps)
        check_private(page, srv, table, 0)
        # an event arrives whose number skips one: the page must not apply it, but fetch the whole picture
        seq = srv.seq(0)
        fake = private_snapshot(table.game.view(0)) | {"hand": [{"rank": "A", "cards": ["AS"]}], "hand_size": 1}
        page.evaluate("m => window.vf.handle(m)", {"type": "state", "seq": seq + 2, "state": fake})
        page.wait_for_function("() => window.vf.resyncs === 1 && !window.vf.syncing")
        assert page.evaluate("() => window.vf.gaps") == 1
        seen = check_private(page, srv, table, 0)
        assert seen["hand"] == hand_codes(table.game.view(0)) != ["AS"]
        # and the page keeps following the game afterwards
        for _ in range(4):
            next(steps)
        check_private(page, srv, table, 0)
        page.context.close()
    finally:
        srv.stop()


def test_six_private_pages_and_the_table_follow_a_whole_game_without_a_missed_update(
    browser: Any, artifacts: Path
) -> None:
    names = ["Priya", "Leo", "Sam", "Aisha", "Mateo", "Yuki"]
    srv = start_screen(dict(enumerate(names)), words=en)
    try:
        table = ScriptedTable(names, humans=list(range(6)), seed=31)
        wire(srv, table)
        tpage = open_page(browser, srv.table_url, SCREEN)
        first_table = tpage.evaluate("() => window.vf.seq")
        pages = {seat: open_page(browser, srv.private_urls[seat], PHONE) for seat in range(6)}
        first_seq = {seat: page.evaluate("() => window.vf.seq") for seat, page in pages.items()}
        for step in table.run():
            if step % 25 == 0 and not table.game.over:  # now and then, every page must show the engine's view
                check_table(tpage, srv, table)
                for seat, page in pages.items():
                    check_private(page, srv, table, seat)
                if step == 25:
                    tpage.screenshot(path=str(artifacts / "table-six-players.png"), full_page=True)
        assert table.game.over and table.steps > 40
        check_table(tpage, srv, table)
        final = {"table": public_snapshot(table.game.public_view())}
        for seat, page in pages.items():
            check_private(page, srv, table, seat)
            vf = page.evaluate("() => ({seen: window.vf.seen, gaps: window.vf.gaps, state: window.vf.state})")
            assert vf["gaps"] == 0
            assert vf["seen"] == list(range(first_seq[seat] + 1, srv.seq(seat) + 1)), f"seat {seat} missed updates"
            assert vf["state"] == private_snapshot(table.game.view(seat))
        vf = tpage.evaluate("() => ({seen: window.vf.seen, gaps: window.vf.gaps, state: window.vf.state})")
        assert vf["gaps"] == 0 and vf["seen"] == list(range(first_table + 1, srv.seq() + 1))
        assert vf["state"] == final["table"]
        assert srv.seq() > 100
        srv.stop()  # the game is over: every page is told, and stops listening
        for page in [tpage, *pages.values()]:
            page.wait_for_function("() => window.vf.closed === true", timeout=5_000)
            assert "The game has ended" in page.inner_text("#conn")
            page.context.close()
    finally:
        srv.stop()


def _open_refused(browser: Any, url: str, **context_args: Any) -> Any:
    context = browser.new_context(viewport=PHONE, **context_args)
    page = context.new_page()
    response = page.goto(url)
    assert response is not None and response.status == 200  # the page itself holds nothing secret
    page.wait_for_function("() => document.body.dataset.refused !== undefined", timeout=10_000)
    return page


def test_a_link_works_on_one_browser_only_and_a_new_link_moves_it(browser: Any, artifacts: Path) -> None:
    srv = start_screen({0: "Priya", 1: "Leo"}, words=en)
    try:
        table = ScriptedTable(["Priya", "Leo", "Sam"], humans=[0, 1], seed=14)
        wire(srv, table)
        steps = table.run()
        for _ in range(3):
            next(steps)
        tpage = open_page(browser, srv.table_url, SCREEN)
        assert read_at(tpage, srv.seq(), _READ_TABLE)["qrs"] == 2
        public = open_page(browser, srv.public_url, SCREEN)
        seen = read_at(public, srv.seq(), _READ_TABLE)
        assert seen["qrs"] == 0 and not seen["joinsShown"]
        secret_tokens = [
            urlsplit(u).path.rstrip("/").rsplit("/", 1)[1] for u in [*srv.private_urls.values(), srv.table_url]
        ]
        assert not any(t in public.content() for t in secret_tokens)
        assert any(t in tpage.content() for t in secret_tokens)  # (the check can fail: the host's screen has them)
        # Priya's phone opens her link: her hand, and her code leaves the table screen
        url = srv.private_urls[0]
        mine = open_page(browser, url, PHONE)
        check_private(mine, srv, table, 0)
        tpage.wait_for_function("() => document.querySelectorAll('#joins img').length === 1", timeout=10_000)
        # someone else's browser with the same link: told plainly, shown nothing
        other = _open_refused(browser, url)
        assert other.evaluate("() => document.body.dataset.refused") == "409"
        text = other.inner_text("body")
        assert "in use on another device" in text and '"new link"' in text
        assert not other.is_visible("#hand") and not other.is_visible("#renewbtn")
        assert card_codes_in(other.content()) == set()
        other.screenshot(path=str(artifacts / "private-in-use.png"), full_page=True)
        # Priya gets a fresh link from her own page: she stays on it, the old link is dead everywhere
        mine.click("#renewbtn")
        mine.wait_for_url(lambda u: u != url, timeout=10_000)
        new_url = srv.private_urls[0]
        assert mine.url == new_url != url
        mine.wait_for_function("() => document.body.dataset.seq !== undefined", timeout=10_000)
        check_private(mine, srv, table, 0)
        response = other.goto(url)
        assert response is not None and response.status == 403
        assert "replaced by a newer one" in other.inner_text("body") and card_codes_in(other.content()) == set()
        assert _open_refused(browser, new_url).evaluate("() => document.body.dataset.refused") == "409"
        next(steps)
        check_private(mine, srv, table, 0)
        # the table gives a new link ("new link" said at the table): her open page is told and stops; the new
        # code shows on the table screen, and the first browser to open it gets the hand
        assert srv.renew_link(0)
        mine.wait_for_function("() => window.vf.revoked === true", timeout=10_000)
        assert "replaced" in mine.inner_text("#conn")
        tpage.wait_for_function("() => document.querySelectorAll('#joins img').length === 2", timeout=10_000)
        links = tpage.evaluate("() => [...document.querySelectorAll('#joins a')].map(a => a.href)")
        assert srv.private_urls[0] in links and new_url not in links
        moved = open_page(browser, srv.private_urls[0], PHONE)
        check_private(moved, srv, table, 0)
        for page in (tpage, public, mine, other, moved):
            page.context.close()
    finally:
        srv.stop()


def test_a_link_preview_that_runs_the_page_claims_nothing(browser: Any) -> None:
    srv = start_screen({0: "Priya"}, words=en)
    try:
        table = ScriptedTable(["Priya", "Leo"], humans=[0], seed=6)
        wire(srv, table)
        table.publish()
        url = srv.private_urls[0]
        # a chat app's unfurler: a HEAD, then the page in a real engine with its bot user agent
        preview = browser.new_context(user_agent="Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)")
        assert preview.request.head(url).status == 200
        page = preview.new_page()
        response = page.goto(url)
        assert response is not None and response.status == 200
        page.wait_for_function("() => document.body.dataset.refused !== undefined", timeout=10_000)
        assert card_codes_in(page.content()) == set() and not page.is_visible("#hand")
        assert not srv.connected(0)
        preview.close()
        tpage = open_page(browser, srv.table_url, SCREEN)
        assert read_at(tpage, srv.seq(), _READ_TABLE)["qrs"] == 1  # the QR code is still there for Priya
        mine = open_page(browser, url, PHONE)
        check_private(mine, srv, table, 0)
        assert srv.connected(0)
        tpage.wait_for_function("() => document.querySelectorAll('#joins img').length === 0", timeout=10_000)
        for p in (tpage, mine):
            p.context.close()
    finally:
        srv.stop()


def test_an_italian_table_shows_both_pages_in_italian(browser: Any) -> None:
    """The pages are in the table's language (issue 32): their HTML, what their script writes and says, a hand's
    labels and size, and the refusal a second device sees — with no English word left on the screen."""
    from tests.table.test_phrases import ENGLISH, SHARED, words
    from voicefish.table.narrator import Narrator
    from voicefish.table.phrases import phrasebook

    it = phrasebook("it")
    srv = start_screen({0: "Marco"}, words=it)
    try:
        table = ScriptedTable(["Marco", "Ania"], humans=[0], seed=5)
        table.narrator = Narrator(["Marco", "Ania"], table.rules, frozenset({1}), "it")
        wire(srv, table)
        steps = table.run()
        while next(steps) < 2 or not table.game.view(0).my_turn:
            pass
        page = open_page(browser, srv.private_urls[0], PHONE)
        seen = read_at(page, srv.seq(0), _READ_PRIVATE)
        view = table.game.view(0)
        assert seen["status"] == it.PAGE_YOUR_TURN and seen["hand"] == hand_codes(view)
        text = page.evaluate("() => document.body.innerText")
        assert page.evaluate("() => document.documentElement.lang") == "it"
        assert it.PAGE_JUST_FOR_YOU in text and it.PAGE_RENEW in text and it.card_count(len(view.hand)) in text
        assert it.rank_plural(view.hand[0].rank).capitalize() in text
        english = ENGLISH - SHARED["it"]
        assert not words(text) & english, sorted(words(text) & english)
        board = open_page(browser, srv.table_url, SCREEN)
        shown = read_at(board, srv.seq(), _READ_TABLE)
        assert shown["status"] == it.PAGE_TURN_OF.format("Marco") and it.PAGE_CLASSIC in shown["text"]
        assert not words(shown["text"]) & english, sorted(words(shown["text"]) & english)
        other = _open_refused(browser, srv.private_urls[0])  # a second device: refused, in Italian
        assert other.evaluate("() => document.body.dataset.refused") == "409"
        assert other.text_content("#status") == it.PAGE_IN_USE
        assert (other.text_content("#refusal") or "").startswith(it.PAGE_ELSEWHERE)
        for p in (page, board, other):
            p.context.close()
    finally:
        srv.stop()
