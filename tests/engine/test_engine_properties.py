"""Property tests over thousands of random games: every player count, every switch alone and in
sensible combinations. The referee in ``enginekit`` is an independent reading of RULES.md."""

from __future__ import annotations

import dataclasses
import random
from collections import defaultdict
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.engine.enginekit import Referee, all_cards_in, names, play_random, private_count, random_rules
from voicefish.cards import Card, Rank, full_deck
from voicefish.engine import (
    PUBLIC,
    Ask,
    AskEvent,
    Book,
    Deal,
    Draw,
    Event,
    Game,
    Give,
    Refill,
    TiebreakStart,
)
from voicefish.engine.log import game_lines
from voicefish.rules import SWITCHES, RuleError, RuleSet

# Switches that make sense alone (may_ask_for_held_card needs authors).
ALONE = [s for s in SWITCHES if s != "may_ask_for_held_card"]


def _play_checked(game: Game, rng: random.Random) -> list[Ask]:
    """Random legal asks to the end, checking after each one that no card was created or lost and that the
    public sizes agree with the private state."""
    asks: list[Ask] = []
    while not game.over:
        legal = game.legal_actions()
        assert legal, "the game is not over but the current player has no legal ask"
        a = rng.choice(legal)
        game.apply(a)
        asks.append(a)
        assert private_count(game) == 52
        view = game.public_view()
        assert sum(view.hand_sizes) + view.stock_size + sum(len(b) for b in game._books) * game.rules.book_size == 52
        assert len(asks) < 20_000, "game did not end"
    return asks


def _referee(game: Game) -> Referee:
    ref = Referee(game.players, game.rules)
    ref.feed(game.log_events())
    ref.check_final(game)
    return ref


GAMES_PER_SIZE = {2: 300, 3: 250, 4: 150, 5: 120, 6: 100}


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_random_games_with_random_switches_follow_the_rules(players: int) -> None:
    """Games (more at small tables, whose games are shorter) with a random sensible combination of switches,
    checked event by event by the referee."""
    tiebreaks = 0
    for i in range(GAMES_PER_SIZE[players]):
        rng = random.Random(1000 * players + i)
        rules = random_rules(rng)
        game = Game(names(players), rules, seed=rng.getrandbits(32))
        _play_checked(game, rng)
        ref = _referee(game)
        tiebreaks += ref.in_tiebreak
        assert game.winners, "a finished game has winners"
    assert tiebreaks > 0, "no tie-break was exercised"


@pytest.mark.slow
@pytest.mark.parametrize("switch", [None, *ALONE])
def test_every_switch_alone(switch: str | None) -> None:
    """50 games for each switch on its own (and for the classic game), 2–6 players."""
    rules = RuleSet() if switch is None else RuleSet(**{switch: True})
    total_books = 0
    for i in range(50):
        rng = random.Random(f"{switch}-{i}")
        game = Game(names(2 + i % 5), rules, seed=i)
        play_random(game, rng)
        _referee(game)
        total_books += sum(len(b) for b in game.books)
        if not (rules.stock_out_ends_game or rules.empty_hand_ends_game):
            assert game.end_reason in ("all_books", "no_cards")
            assert sum(len(b) for b in game.books) == rules.total_books
    assert total_books > 0


def test_authors_with_bluffs_follows_the_rules() -> None:
    rules = RuleSet(authors=True, may_ask_for_held_card=True)
    bluffs = 0
    for i in range(20):
        rng = random.Random(i)
        game = Game(names(2 + i % 2), rules, seed=i)
        play_random(game, rng)
        bluffs += _referee(game).bluffs
    assert bluffs > 0, "no bluff was exercised"


@settings(max_examples=120, deadline=None)
@given(flags=st.fixed_dictionaries({name: st.booleans() for name in SWITCHES}))
def test_switch_combinations_are_accepted_exactly_when_they_make_sense(flags: dict[str, bool]) -> None:
    senseless = (
        (flags["may_ask_for_held_card"] and not flags["authors"])
        or (flags["continuous"] and flags["stock_out_ends_game"])
        or (flags["continuous"] and flags["empty_hand_ends_game"])
    )
    if senseless:
        with pytest.raises(RuleError):
            RuleSet(**flags)
        return
    rules = RuleSet(**flags)
    assert set(rules.switches_on) == {k for k, v in flags.items() if v}
    assert RuleSet.from_names(rules.switches_on) == rules


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 6), combo=st.integers(0, 2**16))
def test_hypothesis_games_follow_the_rules(seed: int, players: int, combo: int) -> None:
    rules = random_rules(random.Random(combo))
    game = Game(names(players), rules, seed=seed)
    _play_checked(game, random.Random(seed ^ combo))
    _referee(game)


# --- privacy ------------------------------------------------------------------------------


class Knowledge:
    """The cards one seat may legitimately know, updated event by event: its own cards (dealt, refilled,
    drawn, given to or by it), every book, every matched draw, and under authors the exact cards named in
    asks and handed over."""

    def __init__(self, seat: int, authors: bool) -> None:
        self.seat = seat
        self.authors = authors
        self.known: set[Card] = set()

    def see(self, e: Event) -> None:
        seat, known = self.seat, self.known
        if isinstance(e, TiebreakStart):
            known.clear()  # a fresh deck: where a card was in the main game says nothing now
        elif isinstance(e, Deal) and seat != PUBLIC:
            known.update(e.hands[seat] or ())
        elif isinstance(e, AskEvent) and self.authors and e.card is not None:
            known.add(e.card)
        elif isinstance(e, Give) and (self.authors or seat in (e.giver, e.receiver)):
            known.update(e.cards or ())
        elif isinstance(e, Draw) and (e.matched or e.player == seat) and e.card is not None:
            known.add(e.card)
        elif isinstance(e, Book):
            known.update(e.cards)
        elif isinstance(e, Refill) and e.player == seat:
            known.update(e.cards or ())


def _known_at_end(events: Sequence[Event], seat: int, authors: bool) -> set[Card]:
    k = Knowledge(seat, authors)
    for e in events:
        k.see(e)
    return k.known


def _check_view_privacy(game: Game) -> None:
    full = game.log_events()
    n = len(game.players)
    for seat in [*range(n), PUBLIC]:
        view = game.view(seat)
        assert len(view.events) == len(full)
        knowledge = Knowledge(seat, game.rules.authors)
        for i, (seen, real) in enumerate(zip(view.events, full, strict=True)):
            knowledge.see(real)
            leaked = all_cards_in(seen) - knowledge.known
            assert not leaked, f"seat {seat} sees {leaked} in event #{i} {seen}"
            assert type(seen) is type(real)
            # Nothing public is taken away either: every field without cards is the same.
            for f in dataclasses.fields(real):
                a, b = getattr(seen, f.name), getattr(real, f.name)
                if f.name != "seed" and not all_cards_in(b):
                    assert a == b, f"seat {seat} lost public field {f.name} of event #{i}"
            # A player sees its own cards in full.
            if isinstance(real, Deal) and seat != PUBLIC:
                assert isinstance(seen, Deal) and seen.hands[seat] == real.hands[seat]
            if isinstance(real, Draw | Refill) and real.player == seat:
                assert seen == real
            if isinstance(real, Give) and seat in (real.giver, real.receiver):
                assert seen == real
        rest = view._replace(events=type(view.events)([], 0), hand_masks=bytes(14))
        assert not all_cards_in(rest), f"seat {seat}'s view has cards outside its hand and events"
        assert set(view.hand) <= knowledge.known, f"seat {seat}'s hand shows cards it may not know"


def _check_hands_private(game: Game) -> None:
    n = len(game.players)
    for seat in range(n):
        hand = set(game.view(seat).hand)
        assert hand == {c for cs in game._hands[seat].values() for c in cs}
        others = {c for s in range(n) if s != seat for cs in game._hands[s].values() for c in cs}
        assert not hand & others
    assert game.public_view().hand == ()


@pytest.mark.slow
def test_no_view_exposes_hidden_cards() -> None:
    """Every card in every seat's view (and the table's) is one that seat may know, at every event."""
    for i in range(150):
        rng = random.Random(77_000 + i)
        rules = random_rules(rng)
        game = Game(names(2 + i % 5), rules, seed=i)
        steps = 0
        while not game.over:
            legal = game.legal_actions()
            cur = game.current
            assert cur is not None
            # a computer player reading only its view gets the very same choices
            assert game.view(cur).legal_actions() == legal
            game.apply(rng.choice(legal))
            steps += 1
            if steps % 7 == 0:
                _check_hands_private(game)
        _check_view_privacy(game)


def _swap_unknown_cards(
    deck: list[Card], known: set[Card], rng: random.Random, forbid: set[Card]
) -> tuple[list[Card], int]:
    """``deck`` with the cards unknown to a seat permuted among themselves within each rank.

    Only same-rank cards are permuted, so every public outcome (gives, matches, books) stays the same;
    only which suit sits where changes — exactly what the seat cannot know."""
    groups: dict[Rank, list[int]] = defaultdict(list)
    for i, c in enumerate(deck):
        if c not in known and c not in forbid:
            groups[c.rank].append(i)
    out = list(deck)
    moved = 0
    for idx in groups.values():
        if len(idx) < 2:
            continue
        cards_ = [deck[i] for i in idx]
        perm = cards_[1:] + cards_[:1]  # a rotation: every card moves
        rng.shuffle(idx)
        for i, c in zip(idx, perm, strict=True):
            out[i] = c
        moved += sum(1 for i in idx if out[i] != deck[i])
    return out, moved


@pytest.mark.slow
def test_a_view_does_not_change_when_hidden_cards_are_swapped() -> None:
    """Two games whose decks differ only in cards seat S never sees, played with the same asks, give S
    exactly the same view at every step — while some other seat's view does change (the swap is real)."""
    compared = others_changed = 0
    for i in range(150):
        rng = random.Random(5_000 + i)
        rules = random_rules(rng)
        n = 2 + i % 5
        game_a = Game(names(n), rules, seed=i)
        deck = list(game_a._deck)
        dealer = game_a.dealer
        asks = play_random(game_a, rng)
        events = game_a.log_events()
        tb = next((e for e in events if isinstance(e, TiebreakStart)), None)
        k = rng.randrange(len(asks) + 1)  # compare the first k asks
        # The events the first k asks produce: replay them on a copy to find where they end.
        probe = Game(game_a.players, rules, seed=i, dealer=dealer, deck=deck, tiebreak_deck=tb.deck if tb else None)
        for a in asks[:k]:
            probe.apply(a)
        upto = len(probe.log_events())
        main_upto = min(upto, next((j for j, e in enumerate(events) if isinstance(e, TiebreakStart)), upto))
        seat = rng.randrange(n)
        known_cards = _known_at_end(events[:main_upto], seat, rules.authors)
        named = {e.card for e in events[:upto] if isinstance(e, AskEvent) and e.card is not None}
        deck_b, moved = _swap_unknown_cards(deck, known_cards, rng, named)
        if not moved:
            continue
        game_b = Game(game_a.players, rules, seed=i, dealer=dealer, deck=deck_b, tiebreak_deck=tb.deck if tb else None)
        game_a2 = Game(game_a.players, rules, seed=i, dealer=dealer, deck=deck, tiebreak_deck=tb.deck if tb else None)
        assert game_a2.view(seat) == game_b.view(seat)
        checkpoints = set(rng.sample(range(k), min(k, 4)))
        for step, a in enumerate(asks[:k]):
            game_a2.apply(a)
            game_b.apply(a)  # the same asks stay legal: the seat's view says so
            if step in checkpoints:  # (a view holds the whole history, so a few checkpoints see every event)
                assert game_a2.view(seat) == game_b.view(seat), f"game {i}: seat {seat}'s view changed"
        assert game_a2.view(seat) == game_b.view(seat), f"game {i}: seat {seat}'s view changed"
        assert game_a2.public_view() == game_b.public_view()
        compared += 1
        if any(game_a2.view(s) != game_b.view(s) for s in range(n) if s != seat) or game_lines(game_a2) != game_lines(
            game_b
        ):
            others_changed += 1
    assert compared > 80
    assert others_changed > 40, "the swaps never changed anything: the test would prove nothing"


# --- reproducibility ---------------------------------------------------------------------


def test_same_seed_and_same_decisions_give_identical_logs() -> None:
    for i in range(15):
        rules = random_rules(random.Random(i))
        logs = []
        for _ in range(2):
            game = Game(names(2 + i % 5), rules, seed=900 + i)
            play_random(game, random.Random(i))
            logs.append(game_lines(game))
        assert logs[0] == logs[1]
    a = Game(names(3), seed=1)
    b = Game(names(3), seed=2)
    assert game_lines(a)[0]["deck"] != game_lines(b)[0]["deck"]


def test_at_the_deal_a_view_ignores_every_card_it_does_not_hold() -> None:
    """Swap any two cards a seat was not dealt (between other hands, or a hand and the stock, any ranks):
    whenever the table's view stays the same (no dealt book appears or vanishes), so does the seat's."""
    compared = changed_elsewhere = 0
    for i in range(400):
        rng = random.Random(31_000 + i)
        rules = random_rules(rng)
        n = 2 + i % 5
        dealer = rng.randrange(n)
        deck = full_deck()
        rng.shuffle(deck)
        game_a = Game(names(n), rules, seed=i, dealer=dealer, deck=deck)
        seat = rng.randrange(n)
        mine = set(game_a.view(seat).hand) | {c for e in game_a.log_events() if isinstance(e, Book) for c in e.cards}
        others = [k for k, c in enumerate(deck) if c not in mine]
        x, y = rng.sample(others, 2)
        deck_b = list(deck)
        deck_b[x], deck_b[y] = deck_b[y], deck_b[x]
        game_b = Game(names(n), rules, seed=i, dealer=dealer, deck=deck_b)
        if game_a.public_view() != game_b.public_view():
            continue
        compared += 1
        assert game_a.view(seat) == game_b.view(seat), f"seat {seat} sees a card it was not dealt"
        changed_elsewhere += any(game_a.view(s) != game_b.view(s) for s in range(n))
    assert compared > 300 and changed_elsewhere > 100


def test_the_referee_catches_broken_histories() -> None:
    """The referee is not vacuous: small corruptions of a real history are each caught."""
    from voicefish.engine import Turn

    game = Game(names(4), RuleSet(), seed=17)
    play_random(game, random.Random(17))
    events = game.log_events()
    _referee(game)  # the real one passes

    def broken(i: int, new: Event | None) -> list[Event]:
        out = list(events)
        if new is None:
            del out[i]
        else:
            out[i] = new
        return out

    turn = next(i for i, e in enumerate(events) if isinstance(e, Turn) and i > 5)
    give = next(i for i, e in enumerate(events) if isinstance(e, Give))
    draw = next(i for i, e in enumerate(events) if isinstance(e, Draw) and not e.matched)
    book = next(i for i, e in enumerate(events) if isinstance(e, Book) and i > 5)
    t, g, d = events[turn], events[give], events[draw]
    assert isinstance(t, Turn) and isinstance(g, Give) and isinstance(d, Draw)
    cases = [
        broken(turn, Turn((t.player + 1) % 4)),  # the turn passes to the wrong seat
        broken(give, dataclasses.replace(g, cards=(g.cards or ())[:-1], count=g.count - 1) if g.count > 1 else None),
        broken(draw, dataclasses.replace(d, matched=True)),  # an unmatched draw claimed as a match
        broken(book, None),  # a book never laid
        events[:-1],  # no game_end
    ]
    caught = 0
    for history in cases:
        ref = Referee(game.players, game.rules)
        try:
            ref.feed(history)
            ref.check_final(game)
        except AssertionError:
            caught += 1
    assert caught == len(cases)
