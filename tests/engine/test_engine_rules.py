"""One small exact test per rule and per switch of RULES.md: a scripted deck, scripted asks, the
expected events. Seats: Ann 0, Bo 1, Cy 2, Di 3, Ed 4, Fay 5 (clockwise; "left" = next seat)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tests.engine.enginekit import (
    Referee,
    cards,
    deal_deck,
    deck_with,
    drain,
    hand_of,
    missing_ask,
    names,
    play_random,
)
from voicefish.cards import Rank, Suit, full_deck, parse_card, shuffled_deck
from voicefish.engine import (
    PUBLIC,
    Ask,
    AskForHeldCard,
    AskForUnheldRank,
    AskSelf,
    Draw,
    Game,
    GameOver,
    IllegalAction,
    NotYourTurn,
    Out,
    TargetOut,
    UnknownPlayer,
    WrongAskKind,
)
from voicefish.engine.log import game_lines
from voicefish.rules import SWITCHES, RuleError, RuleSet, preset

A, K, Q, J = Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK
R2, R3, R4, R5, R7 = Rank.TWO, Rank.THREE, Rank.FOUR, Rank.FIVE, Rank.SEVEN
ANN, BO, CY = 0, 1, 2


def card(code: str) -> Any:
    return parse_card(code)


def events_since(game: Game, start: int) -> list[dict[str, Any]]:
    return game_lines(game)[start:]


def n_events(game: Game) -> int:
    return len(game.log_events())


def kinds(lines: list[dict[str, Any]]) -> list[str]:
    return [str(x["event"]) for x in lines]


def referee_ok(game: Game) -> None:
    ref = Referee(game.players, game.rules)
    ref.feed(game.log_events())
    if game.over:
        ref.check_final(game)


def two_player(ann: str, bo: str, stock: str = "", rules: RuleSet | None = None, **kw: Any) -> Game:
    """Ann and Bo, Bo deals, so Ann gets the first card and the first turn."""
    return Game(names(2), rules, deck=deal_deck([ann, bo], stock, dealer=BO), dealer=BO, **kw)


def three_player(rules: RuleSet | None = None) -> Game:
    """Ann, Bo and Cy, Cy deals: Ann plays first; the stock starts with KD."""
    hands = ["AS 2S 3S 4S 5S 6S 7S", "8S 9S 10S JS QS KS 8H", "9H 10H JH QH KH AH 2H"]
    return Game(names(3), rules, deck=deal_deck(hands, "KD", dealer=CY), dealer=CY)


# --- table and deal ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "classic", "seven_for_two_only"), [(2, 7, 7), (3, 7, 5), (4, 5, 5), (5, 5, 5), (6, 5, 5)]
)
def test_hand_sizes(players: int, classic: int, seven_for_two_only: int) -> None:
    for rules, size in ((RuleSet(), classic), (RuleSet(seven_for_two_only=True), seven_for_two_only)):
        game = Game(names(players), rules, seed=3)
        deal = game_lines(game)[1]
        assert deal["event"] == "deal"
        assert {len(h) for h in deal["hands"].values()} == {size}
        dealt_books = sum(len(x["cards"]) for x in game_lines(game) if x["event"] == "book")
        assert game.stock_size == 52 - players * size
        assert sum(game.view(s).hand_sizes[s] for s in range(players)) + dealt_books == players * size


@pytest.mark.parametrize("players", [1, 7])
def test_table_of_wrong_size_is_refused(players: int) -> None:
    with pytest.raises(RuleError):
        Game([f"P{i}" for i in range(players)])
    with pytest.raises(RuleError):
        RuleSet().hand_size(players)


def test_bad_tables_and_decks_are_refused() -> None:
    with pytest.raises(ValueError, match="same name"):
        Game(["Ann", "ann"])
    with pytest.raises(ValueError):
        Game(["Ann", " "])
    with pytest.raises(ValueError):
        Game(names(3), dealer=3)
    with pytest.raises(ValueError):
        Game(names(3), deck=full_deck()[:51])
    with pytest.raises(ValueError):
        Game(names(3), deck=[*full_deck()[:51], full_deck()[0]])


@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_deal_one_card_at_a_time_from_the_left_of_the_dealer(dealer: int) -> None:
    deck = full_deck()
    random.Random(dealer).shuffle(deck)
    game = Game(names(4), deck=deck, dealer=dealer)
    deal = game_lines(game)[1]["hands"]
    for k in range(4):
        seat = (dealer + 1 + k) % 4
        assert deal[names(4)[seat]] == [str(c) for c in deck[k:20:4]]
    assert game_lines(game)[0]["deck"] == [str(c) for c in deck]
    first_turn = next(x for x in game_lines(game) if x["event"] == "turn")
    assert first_turn["player"] == names(4)[(dealer + 1) % 4]
    assert game.current == (dealer + 1) % 4


def test_a_shuffled_deck_is_the_generators_own_shuffle() -> None:
    """``shuffled_deck`` writes the shuffle out for a plain ``random.Random``: the same deck as ``rng.shuffle`` and
    the generator left in the same state, for any seed; any other generator is asked to shuffle itself."""
    for seed in range(3000):
        ours, theirs = random.Random(seed), random.Random(seed)
        deck = full_deck()
        theirs.shuffle(deck)
        assert shuffled_deck(ours) == deck, seed
        assert ours.getrandbits(64) == theirs.getrandbits(64), seed

    class Counted(random.Random):
        shuffles = 0

        def shuffle(self, x: Any) -> None:
            Counted.shuffles += 1
            super().shuffle(x)

    assert set(shuffled_deck(Counted(1))) == set(full_deck())
    assert Counted.shuffles == 1


def test_a_dealt_book_is_laid_before_the_first_turn() -> None:
    game = two_player("AS 2S AH AD 3S AC 4S", "5S 6S 7S 8S 9S 10S JS", "QS")
    assert kinds(events_since(game, 0)) == ["game_start", "deal", "book", "turn"]
    book = game_lines(game)[2]
    assert book == {"event": "book", "player": "Ann", "rank": "A", "cards": ["AS", "AH", "AD", "AC"]}
    assert game.view(ANN).hand_sizes == (3, 7)
    assert game.books == ((A,), ())
    assert game.scores == (1, 0)


# --- asking -------------------------------------------------------------------------------


def test_yes_hands_over_all_cards_of_the_rank_and_the_asker_goes_again() -> None:
    game = two_player("AS 2S 3S 4S 5S 6S 7S", "AH AD 8S 9S 10S JS QS", "KS")
    start = n_events(game)
    game.apply(Ask(ANN, BO, A))
    assert events_since(game, start) == [
        {"event": "ask", "player": "Ann", "target": "Bo", "rank": "A"},
        {"event": "give", "from": "Bo", "to": "Ann", "rank": "A", "count": 2, "cards": ["AH", "AD"]},
    ]
    assert game.current == ANN
    assert game.view(ANN).holds(A) == 3 and game.view(BO).holds(A) == 0
    assert game.view(ANN).hand_sizes == (9, 5)
    # Cy would not see the suits, but both players do; the table sees rank and count only.
    give_public = game.public_view().events[-1]
    assert getattr(give_public, "cards", "x") is None and getattr(give_public, "count", 0) == 2
    # the same rank again is allowed (nothing left to give now)
    assert game.is_legal(Ask(ANN, BO, A))


def test_go_fish_draws_the_top_card_hidden_and_the_turn_passes_left() -> None:
    game = three_player()
    start = n_events(game)
    game.apply(Ask(ANN, CY, R3))
    assert events_since(game, start) == [
        {"event": "ask", "player": "Ann", "target": "Cy", "rank": "3"},
        {"event": "go_fish", "player": "Ann", "target": "Cy", "stock_empty": False},
        {"event": "draw", "player": "Ann", "card": "KD", "matched": False},
        {"event": "turn", "player": "Bo"},
    ]
    assert game.current == BO  # left of the asker, not the asked player
    draw_events = [e for e in game.view(ANN).events if isinstance(e, Draw)]
    assert draw_events[-1].card == card("KD")
    for seat in (BO, CY, PUBLIC):
        hidden = [e for e in game.view(seat).events if isinstance(e, Draw)][-1]
        assert hidden.card is None and not hidden.matched
    assert card("KD") in game.view(ANN).hand


def test_turn_to_asked_player_after_go_fish() -> None:
    game = three_player(RuleSet(turn_to_asked_player=True))
    game.apply(Ask(ANN, CY, R3))
    assert game_lines(game)[-1] == {"event": "turn", "player": "Cy"}
    assert game.current == CY


def test_lucky_draw_is_shown_and_the_asker_goes_again() -> None:
    game = two_player("AS 2S 3S 4S 5S 6S 7S", "8S 9S 10S JS QS KS 8H", "2H")
    start = n_events(game)
    game.apply(Ask(ANN, BO, R2))
    assert events_since(game, start)[1:] == [
        {"event": "go_fish", "player": "Ann", "target": "Bo", "stock_empty": False},
        {"event": "draw", "player": "Ann", "card": "2H", "matched": True},
    ]
    assert game.current == ANN
    shown = [e for e in game.view(BO).events if isinstance(e, Draw)][-1]
    assert shown.card == card("2H") and shown.matched


def test_lucky_draw_that_completes_a_book() -> None:
    game = two_player("AS AH AD 2S 3S 4S 5S", "8S 9S 10S JS QS KS 8H", "AC")
    start = n_events(game)
    game.apply(Ask(ANN, BO, A))
    assert events_since(game, start)[2:] == [
        {"event": "draw", "player": "Ann", "card": "AC", "matched": True},
        {"event": "book", "player": "Ann", "rank": "A", "cards": ["AS", "AH", "AD", "AC"]},
    ]
    assert game.current == ANN and game.books == ((A,), ()) and game.view(ANN).hand_sizes[ANN] == 4


def test_unlucky_draw_that_completes_a_book_is_laid_and_the_turn_passes() -> None:
    game = two_player("AS AH AD 2S 3S 4S 5S", "8S 9S 10S JS QS KS 8H", "AC")
    start = n_events(game)
    game.apply(Ask(ANN, BO, R2))
    assert events_since(game, start)[2:] == [
        {"event": "draw", "player": "Ann", "card": "AC", "matched": False},
        {"event": "book", "player": "Ann", "rank": "A", "cards": ["AS", "AH", "AD", "AC"]},
        {"event": "turn", "player": "Bo"},
    ]
    assert game.books == ((A,), ())


def test_a_book_from_a_give_is_laid_at_once() -> None:
    game = two_player("AS AH 2S 3S 4S 5S 6S", "AD AC 8S 9S 10S JS QS", "KS")
    game.apply(Ask(ANN, BO, A))
    assert game_lines(game)[-1] == {"event": "book", "player": "Ann", "rank": "A", "cards": ["AS", "AH", "AD", "AC"]}
    assert game.current == ANN and game.scores == (1, 0)


def test_hand_emptied_by_a_book_mid_turn_refills_five_and_the_asker_carries_on() -> None:
    game = two_player("AS AH AD 2S 2H 2D KS", "AC 2C KH KD KC 3S 4S", "5S 5H 6S 6H 7S 8S")
    game.apply(Ask(ANN, BO, R2))
    game.apply(Ask(ANN, BO, K))
    start = n_events(game)
    game.apply(Ask(ANN, BO, A))
    assert events_since(game, start) == [
        {"event": "ask", "player": "Ann", "target": "Bo", "rank": "A"},
        {"event": "give", "from": "Bo", "to": "Ann", "rank": "A", "count": 1, "cards": ["AC"]},
        {"event": "book", "player": "Ann", "rank": "A", "cards": ["AS", "AH", "AD", "AC"]},
        {"event": "refill", "player": "Ann", "count": 5, "cards": ["5S", "5H", "6S", "6H", "7S"]},
    ]
    assert game.current == ANN and game.view(ANN).hand == tuple(cards("5S 5H 6S 6H 7S"))
    assert game.scores == (3, 0)
    refill_seen_by_bo = game.view(BO).events[-1]
    assert getattr(refill_seen_by_bo, "cards", "x") is None and getattr(refill_seen_by_bo, "count", 0) == 5


def test_a_giver_emptied_by_a_give_refills_too() -> None:
    rules = RuleSet(pairs=True)
    game = two_player("AS 2S 3S 4S 5S 6S 7S", "KS KH QS QH JS JH AH", "8H 9H 10H 2H 3H 4H", rules)
    assert game.view(BO).hand == (card("AH"),)
    start = n_events(game)
    game.apply(Ask(ANN, BO, A))
    assert events_since(game, start)[1:] == [
        {"event": "give", "from": "Bo", "to": "Ann", "rank": "A", "count": 1, "cards": ["AH"]},
        {"event": "book", "player": "Ann", "rank": "A", "cards": ["AS", "AH"]},
        {"event": "refill", "player": "Bo", "count": 5, "cards": ["8H", "9H", "10H", "2H", "3H"]},
    ]
    assert game.current == ANN and game.stock_size == 52 - 14 - 5


def test_refill_takes_what_is_left_when_fewer_than_five() -> None:
    """Found in seeded random games: every refill takes min(5, stock) cards, and short ones occur."""
    short = 0
    for seed in range(300):
        game = Game(names(2 + seed % 5), RuleSet(pairs=seed % 2 == 1), seed=seed)
        play_random(game, random.Random(seed))
        lines = game_lines(game)
        pos = sum(len(h) for h in lines[1]["hands"].values())
        for x in lines:
            if x["event"] == "draw":
                pos += 1
            elif x["event"] == "refill":
                assert x["count"] == len(x["cards"]) == min(5, 52 - pos)
                assert x["cards"] == lines[0]["deck"][pos : pos + x["count"]]
                short += x["count"] < 5
                pos += x["count"]
        if short >= 3:
            break
    assert short >= 3, "no short refill found"


def test_the_stock_running_dry_mid_turn_then_misses_pass_left() -> None:
    for rules, next_after_dry_miss in (
        (RuleSet(), "left"),
        (RuleSet(turn_to_asked_player=True), "asked"),
        (RuleSet(continuous=True), "asked"),
    ):
        game = Game(names(3), rules, seed=5, dealer=CY)
        drain(game, 1)
        p = game.current
        assert p is not None
        a = missing_ask(game)
        assert a is not None
        start = n_events(game)
        game.apply(a)
        last = events_since(game, start)
        assert kinds(last)[:3] == ["ask", "go_fish", "draw"] and game.stock_size == 0
        assert last[1]["stock_empty"] is False
        if game.over:  # pragma: no cover - depends on the deal
            continue
        q = game.current
        assert q is not None
        b = missing_ask(game)
        assert b is not None, "nobody to miss"
        start = n_events(game)
        game.apply(b)
        dry = events_since(game, start)
        assert kinds(dry)[:2] == ["ask", "go_fish"] and "draw" not in kinds(dry)
        assert dry[1]["stock_empty"] is True
        want = b.target if next_after_dry_miss == "asked" else (q + 1) % 3
        assert game.current == want, f"{rules.switches_on}: after a miss on an empty stock"
        assert dry[-1] == {"event": "turn", "player": names(3)[want]}


def _find_out(seed_from: int) -> tuple[Game, int]:
    """A 3-player game played randomly until a player goes out while two others still play."""
    for seed in range(seed_from, seed_from + 500):
        game = Game(names(3), seed=seed)
        rng = random.Random(seed)
        while not game.over:
            game.apply(rng.choice(game.legal_actions()))
            outs = [e for e in game.log_events() if isinstance(e, Out)]
            if outs and not game.over and sum(game.view(PUBLIC).active) == 2:
                return game, outs[0].player
    raise AssertionError("no game with a player out found")


def test_a_player_who_is_out_cannot_be_asked_and_is_skipped() -> None:
    game, out = _find_out(0)
    view = game.public_view()
    assert not view.active[out] and view.hand_sizes[out] == 0 and view.stock_size == 0
    p = game.current
    assert p is not None and p != out
    rank = game.view(p).hand[0].rank
    before = _snapshot(game)
    with pytest.raises(TargetOut):
        game.apply(Ask(p, out, rank))
    assert _snapshot(game) == before
    assert all(a.target != out for a in game.legal_actions())
    # play to the end: the out player never gets a turn again
    start = n_events(game)
    play_random(game, random.Random(1))
    assert all(x.get("player") != names(3)[out] for x in events_since(game, start) if x["event"] == "turn")
    referee_ok(game)


# --- end, scoring, ties --------------------------------------------------------------------


def test_game_ends_when_all_books_are_down_and_scores_add_up() -> None:
    for rules in (RuleSet(), RuleSet(point_fish=True), RuleSet(pairs=True), RuleSet(pairs=True, point_fish=True)):
        game = Game(names(4), rules, seed=21)
        play_random(game, random.Random(2))
        assert game.end_reason == "all_books"
        assert sum(len(b) for b in game.books) == rules.total_books
        assert sum(game.scores) == rules.max_points
        end = game_lines(game)[-1] if not rules.sudden_death else None
        assert end is not None and end["event"] == "game_end"
        assert end["scores"] == dict(zip(names(4), game.scores, strict=True))
        best = max(game.scores)
        assert end["winners"] == [names(4)[s] for s in range(4) if game.scores[s] == best]


def test_point_fish_totals_seventeen_computed() -> None:
    rules = RuleSet(point_fish=True)
    assert rules.max_points == sum(2 if r in (A, K, Q, J) else 1 for r in Rank) == 17
    assert [rules.points(r) for r in (A, K, Q, J)] == [2, 2, 2, 2]
    assert all(rules.points(r) == 1 for r in Rank if r not in (A, K, Q, J))
    assert RuleSet().max_points == 13
    assert RuleSet(pairs=True, point_fish=True).max_points == 34


def _tie_game(rules: RuleSet, tiebreak: str | None = None) -> Game:
    """Ann (dealer) books aces (2 points under point_fish), Bo books twos at the deal and threes with his
    first ask, emptying Ann's hand: 2 - 2."""
    deck = deal_deck(["AS AH AD AC 3S 3H 3D", "2S 2H 2D 2C 3C 5S 6S"], "", dealer=ANN)
    tb = None if tiebreak is None else deck_with(tiebreak)
    game = Game(names(2), rules, deck=deck, dealer=ANN, tiebreak_deck=tb)
    assert game.current == BO
    game.apply(Ask(BO, ANN, R3))
    return game


def test_a_tie_is_shared() -> None:
    game = _tie_game(RuleSet(point_fish=True, empty_hand_ends_game=True))
    assert game.over and game.end_reason == "empty_hand"
    assert game_lines(game)[-1] == {
        "event": "game_end",
        "scores": {"Ann": 2, "Bo": 2},
        "books": {"Ann": ["A"], "Bo": ["2", "3"]},
        "winners": ["Ann", "Bo"],
        "reason": "empty_hand",
    }
    assert game.winners == (ANN, BO)


def test_sudden_death_tie_break_first_book_wins() -> None:
    # Tie-break deal starts left of the dealer (Ann): Bo AS AH AD 2S 3S, Ann 4S 5S 6S 7S AC.
    game = _tie_game(
        RuleSet(point_fish=True, empty_hand_ends_game=True, sudden_death=True),
        tiebreak="AS 4S AH 5S AD 6S 2S 7S 3S AC",
    )
    assert not game.over and game.in_tiebreak
    lines = game_lines(game)
    i = kinds(lines).index("tiebreak_start")
    assert lines[i - 1]["event"] == "game_end" and lines[i - 1]["winners"] == ["Ann", "Bo"]
    assert lines[i]["players"] == ["Ann", "Bo"]
    assert lines[i + 1]["hands"] == {"Ann": ["4S", "5S", "6S", "7S", "AC"], "Bo": ["AS", "AH", "AD", "2S", "3S"]}
    assert lines[i + 2 :] == [{"event": "turn", "player": "Bo"}]
    assert game.current == BO
    assert game.public_view().scores == (2, 2)  # the main game's points stay on show
    start = n_events(game)
    game.apply(Ask(BO, ANN, A))
    assert events_since(game, start) == [
        {"event": "ask", "player": "Bo", "target": "Ann", "rank": "A"},
        {"event": "give", "from": "Ann", "to": "Bo", "rank": "A", "count": 1, "cards": ["AC"]},
        {"event": "book", "player": "Bo", "rank": "A", "cards": ["AS", "AH", "AD", "AC"]},
        {"event": "tiebreak_end", "winner": "Bo", "winners": ["Bo"]},
    ]
    assert game.over and game.winners == (BO,) and game.scores == (2, 2)
    with pytest.raises(GameOver):
        game.apply(Ask(BO, ANN, R2))
    referee_ok(game)


def test_tie_break_started_mid_ask_gives_exactly_one_first_turn() -> None:
    """Cy (not tied) ends the main game by emptying Ann's hand; the tie-break between Ann and Bo must
    start with one turn event, for the first tied player left of the dealer (Bo dealt: Ann)."""
    rules = RuleSet(pairs=True, empty_hand_ends_game=True, sudden_death=True)
    deck = deal_deck(["AS AH KS KH QS QH 5S", "2S 2H 3S 3H 4S 4H 6S", "5H 7S 8S 9S 10S JS KD"], "", dealer=BO)
    tb = deck_with("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S")  # no pair in either tie-break hand
    game = Game(names(3), rules, deck=deck, dealer=BO, tiebreak_deck=tb)
    assert game.current == CY
    game.apply(Ask(CY, ANN, R5))
    lines = game_lines(game)
    i = kinds(lines).index("tiebreak_start")
    assert lines[i - 1]["winners"] == ["Ann", "Bo"] and lines[i - 1]["scores"] == {"Ann": 3, "Bo": 3, "Cy": 1}
    assert kinds(lines[i:]) == ["tiebreak_start", "deal", "turn"], "one turn event starts the tie-break"
    assert lines[-1] == {"event": "turn", "player": "Ann"}
    assert game.current == ANN


# --- switches ------------------------------------------------------------------------------


def test_empty_hand_ends_game() -> None:
    game = two_player("AS 2S 3S 4S 5S 6S 7S", "AH AD AC 8S 9S 10S JS", "KS", RuleSet(empty_hand_ends_game=True))
    game.apply(Ask(ANN, BO, A))  # Ann books aces, 6 cards left
    assert not game.over
    # default rules: an emptied hand refills instead
    rules_game = _tie_game(RuleSet(point_fish=True))
    assert not rules_game.over
    tail = game_lines(rules_game)[-3:]  # Bo's book of threes, Ann's refill (4S 4H 4D 4C 5H), her book of fours
    assert [x["event"] for x in tail] == ["book", "refill", "book"]
    assert tail[1] == {"event": "refill", "player": "Ann", "count": 5, "cards": ["4S", "4H", "4D", "4C", "5H"]}
    ended = _tie_game(RuleSet(point_fish=True, empty_hand_ends_game=True))
    assert ended.over and "refill" not in kinds(game_lines(ended))


def test_stock_out_ends_game_when_the_last_card_is_drawn() -> None:
    game = Game(names(3), RuleSet(stock_out_ends_game=True), seed=8, dealer=CY)
    drain(game, 1)
    a = missing_ask(game)
    assert a is not None
    start = n_events(game)
    game.apply(a)
    got = events_since(game, start)
    assert kinds(got)[:3] == ["ask", "go_fish", "draw"]
    assert got[-1]["event"] == "game_end" and got[-1]["reason"] == "stock_out"
    assert game.over and game.current is None
    referee_ok(game)
    # without the switch the same draw plays on
    other = Game(names(3), seed=8, dealer=CY)
    drain(other, 1)
    b = missing_ask(other)
    assert b is not None
    other.apply(b)
    assert not other.over and other.stock_size == 0


def test_pairs_books_are_two_cards() -> None:
    game = two_player("AS AH AD 2S 3S 4S 5S", "2H 6S 7S 8S 9S 10S JS", "QS", RuleSet(pairs=True))
    lines = game_lines(game)
    assert lines[2] == {"event": "book", "player": "Ann", "rank": "A", "cards": ["AS", "AH"]}
    start = n_events(game)
    game.apply(Ask(ANN, BO, R2))
    assert events_since(game, start)[1:] == [
        {"event": "give", "from": "Bo", "to": "Ann", "rank": "2", "count": 1, "cards": ["2H"]},
        {"event": "book", "player": "Ann", "rank": "2", "cards": ["2S", "2H"]},
    ]
    assert game.books == ((A, R2), ())
    assert RuleSet(pairs=True).total_books == 26


def test_pairs_four_of_a_kind_dealt_is_two_books() -> None:
    game = two_player("AS AH AD AC 3S 4S 5S", "2H 6S 7S 8S 9S 10S JS", "QS", RuleSet(pairs=True))
    assert game.books == ((A, A), ())


def test_authors_exact_card_given_and_go_again() -> None:
    rules = RuleSet(authors=True)
    game = two_player("AS 2S 3S 4S 5S 6S 7S", "AH AD 8S 9S 10S JS QS", "AC KS", rules)
    with pytest.raises(WrongAskKind):
        game.apply(Ask(ANN, BO, A))
    with pytest.raises(AskForHeldCard):
        game.apply(Ask(ANN, BO, A, card("AS")))
    with pytest.raises(WrongAskKind):
        game.apply(Ask(ANN, BO, A, card("KD")))
    start = n_events(game)
    game.apply(Ask(ANN, BO, A, card("AH")))
    assert events_since(game, start) == [
        {"event": "ask", "player": "Ann", "target": "Bo", "rank": "A", "card": "AH"},
        {"event": "give", "from": "Bo", "to": "Ann", "rank": "A", "count": 1, "cards": ["AH"]},
    ]
    assert game.current == ANN and game.view(BO).holds(A) == 1  # only the named card moved
    # Under authors the card was named aloud, so everyone may see the give.
    assert game.public_view().events[-1] == game.log_events()[-1]
    # Ask for AC (in the stock): a miss, the draw is exactly AC: go again.
    start = n_events(game)
    game.apply(Ask(ANN, BO, A, card("AC")))
    assert events_since(game, start)[1:] == [
        {"event": "go_fish", "player": "Ann", "target": "Bo", "stock_empty": False},
        {"event": "draw", "player": "Ann", "card": "AC", "matched": True},
    ]
    assert game.current == ANN


def test_authors_same_rank_wrong_suit_draw_is_not_a_match() -> None:
    rules = RuleSet(authors=True)
    game = two_player("AS 2S 3S 4S 5S 6S 7S", "8S 9S 10S JS QS KS 8H", "AH", rules)
    start = n_events(game)
    game.apply(Ask(ANN, BO, A, card("AD")))
    assert events_since(game, start)[2:] == [
        {"event": "draw", "player": "Ann", "card": "AH", "matched": False},
        {"event": "turn", "player": "Bo"},
    ]
    hidden = game.view(BO).events[-2]
    assert getattr(hidden, "card", "x") is None


def test_may_ask_for_held_card_is_a_bluff_that_always_misses() -> None:
    rules = RuleSet(authors=True, may_ask_for_held_card=True)
    game = two_player("AS 2S 3S 4S 5S 6S 7S", "AH AD 8S 9S 10S JS QS", "KS", rules)
    assert Ask(ANN, BO, A, card("AS")) in game.legal_actions()
    start = n_events(game)
    game.apply(Ask(ANN, BO, A, card("AS")))
    assert events_since(game, start) == [
        {"event": "ask", "player": "Ann", "target": "Bo", "rank": "A", "card": "AS"},
        {"event": "go_fish", "player": "Ann", "target": "Bo", "stock_empty": False},
        {"event": "draw", "player": "Ann", "card": "KS", "matched": False},
        {"event": "turn", "player": "Bo"},
    ]
    assert game.view(BO).holds(A) == 2  # Bo kept his aces


def test_continuous_plays_on_until_every_card_is_booked() -> None:
    for seed in range(30):
        game = Game(names(4), RuleSet(continuous=True), seed=seed)
        play_random(game, random.Random(seed))
        assert game.end_reason == "all_books" and sum(len(b) for b in game.books) == 13
        referee_ok(game)


def test_no_peeking_is_recorded_and_does_not_change_play() -> None:
    plain = Game(names(3), seed=4)
    peek = Game(names(3), RuleSet(no_peeking=True), seed=4)
    play_random(plain, random.Random(9))
    play_random(peek, random.Random(9))
    a, b = game_lines(plain), game_lines(peek)
    assert b[0]["rules"] == ["no_peeking"] and a[0]["rules"] == []
    assert a[1:] == b[1:]


def test_presets_and_invalid_combinations() -> None:
    assert preset("dutch") == RuleSet()
    assert preset("polish").seven_for_two_only and preset("polish").stock_out_ends_game
    assert preset("portuguese").turn_to_asked_player
    assert RuleSet.parse("point_fish, pairs") == RuleSet(point_fish=True, pairs=True)
    assert set(SWITCHES) == {
        "seven_for_two_only",
        "turn_to_asked_player",
        "empty_hand_ends_game",
        "stock_out_ends_game",
        "point_fish",
        "sudden_death",
        "authors",
        "may_ask_for_held_card",
        "pairs",
        "continuous",
        "no_peeking",
    }
    for bad in (
        {"may_ask_for_held_card": True},
        {"continuous": True, "stock_out_ends_game": True},
        {"continuous": True, "empty_hand_ends_game": True},
    ):
        with pytest.raises(RuleError):
            RuleSet(**bad)
    with pytest.raises(RuleError, match="unknown rule"):
        RuleSet.parse("point_fish,flying")
    with pytest.raises(RuleError):
        preset("martian")


# --- illegal actions leave the game unchanged ----------------------------------------------


def _snapshot(game: Game) -> Any:
    n = len(game.players)
    return (
        game_lines(game),
        [game.view(s) for s in range(n)],
        game.public_view(),
        game.current,
        game.over,
        game.stock_size,
        [sorted(map(str, hand_of(game, s))) for s in range(n)],
    )


@pytest.mark.parametrize(
    ("ask", "error"),
    [
        (Ask(BO, ANN, Rank.EIGHT), NotYourTurn),
        (Ask(ANN, ANN, A), AskSelf),
        (Ask(ANN, BO, Rank.EIGHT), AskForUnheldRank),
        (Ask(ANN, 5, A), UnknownPlayer),
        (Ask(-1, BO, A), UnknownPlayer),
        (Ask(ANN, BO, A, card("AH")), WrongAskKind),
    ],
)
def test_illegal_actions_raise_typed_errors_and_change_nothing(ask: Ask, error: type[IllegalAction]) -> None:
    game = three_player()
    before = _snapshot(game)
    assert not game.is_legal(ask)
    with pytest.raises(error) as info:
        game.apply(ask)
    assert isinstance(info.value, IllegalAction) and isinstance(info.value, ValueError)
    assert info.value.code and str(info.value)
    assert _snapshot(game) == before
    assert ask not in game.legal_actions()


def test_legal_actions_are_exactly_the_asks_that_apply_accepts() -> None:
    for rules in (RuleSet(), RuleSet(authors=True), RuleSet(authors=True, may_ask_for_held_card=True)):
        game = Game(names(3), rules, seed=2)
        p = game.current
        assert p is not None
        legal = set(game.legal_actions())
        everything = [
            Ask(p, t, r, c)
            for t in range(3)
            for r in Rank
            for c in [None, *(parse_card(r.code + s.value) for s in Suit)]
        ]
        accepted = {a for a in everything if game.is_legal(a)}
        assert accepted == legal
        assert game.legal_actions(seat=(p + 1) % 3) == []
        own = game.view(p).legal_actions()
        assert set(own) == legal
        assert game.view((p + 1) % 3).legal_actions() == []


def test_illegal_after_game_over() -> None:
    game = Game(names(2), seed=1)
    play_random(game, random.Random(1))
    before = _snapshot(game)
    with pytest.raises(GameOver):
        game.apply(Ask(ANN, BO, A))
    assert game.legal_actions() == [] and _snapshot(game) == before


@pytest.mark.parametrize(
    ("ask", "error"),
    [
        (Ask(ANN, BO, A), WrongAskKind),  # only a rank under authors
        (Ask(ANN, BO, A, card("AS")), AskForHeldCard),  # Ann holds AS
        (Ask(ANN, BO, A, card("KD")), WrongAskKind),  # the card is not of the rank named
        (Ask(ANN, BO, K, card("KD")), AskForUnheldRank),  # Ann holds no king
        (Ask(BO, ANN, Rank.EIGHT, card("8H")), NotYourTurn),
    ],
)
def test_illegal_asks_under_authors_change_nothing(ask: Ask, error: type[IllegalAction]) -> None:
    game = two_player("AS 2S 3S 4S 5S 6S 7S", "AH AD 8S 9S 10S JS QS", "KS", RuleSet(authors=True))
    before = _snapshot(game)
    with pytest.raises(error):
        game.apply(ask)
    assert _snapshot(game) == before


def test_views_during_a_tie_break() -> None:
    game = _tie_game(
        RuleSet(point_fish=True, empty_hand_ends_game=True, sudden_death=True),
        tiebreak="AS 4S AH 5S AD 6S 2S 7S 3S AC",
    )
    for seat in (ANN, BO, PUBLIC):
        view = game.view(seat)
        assert view.in_tiebreak and not view.over
        assert view.books == ((A,), (R2, R3)) and view.scores == (2, 2)  # the main game's result stays on show
        assert view.active == (True, True) and view.stock_size == 52 - 10
    assert game.view(ANN).hand == tuple(cards("AC 4S 5S 6S 7S"))
    assert game.view(BO).legal_actions() and game.view(ANN).legal_actions() == []
    with pytest.raises(UnknownPlayer):
        game.view(2)


def test_session_records_the_main_game_score_and_the_tie_break_winner() -> None:
    from voicefish.engine.session import Session

    session = Session(names(3), RuleSet(sudden_death=True), games=12, seed=4)
    seen_tiebreak = False
    rng = random.Random(3)
    while not session.over:
        game = session.next_game()
        play_random(game, rng)
        totals = list(session.totals)
        session.record(game)
        assert [b - a for a, b in zip(totals, session.totals, strict=True)] == list(game.scores)
        assert len(game.winners) == 1 or not game.in_tiebreak or game.log_events()[-1].winner is None  # type: ignore[union-attr]
        seen_tiebreak |= game.in_tiebreak
    assert seen_tiebreak, "no tie-break in 12 games: pick another seed"
