"""The public-knowledge tracker never claims more than the truth, and the players use what it knows."""

from __future__ import annotations

import random

import pytest

from tests.bots.botkit import hand_of
from voicefish.bots import make_player
from voicefish.bots.memory import Knowledge
from voicefish.bots.reasons import describe
from voicefish.cards import Card, Rank, Suit, full_deck, parse_card
from voicefish.engine import Ask, Game
from voicefish.rules import RuleSet


def check_sound(game: Game, k: Knowledge, seat: int) -> None:
    view = game.view(seat)
    k.update(view)
    assert k.sizes == list(view.hand_sizes)
    assert k.stock == view.stock_size
    for s in range(len(game.players)):
        if s == seat:
            continue
        hand = hand_of(game, s)
        for rank in Rank:
            true = sum(1 for c in hand if c.rank is rank)
            assert k.known[s][rank] <= true, f"seat {seat} thinks {s} holds more {rank} than it does"
            unexplained = true - k.known[s][rank]
            if unexplained > 0:
                slots, _ = k.slots(rank)
                assert slots[s] > 0, f"seat {seat} rules out {rank} for {s}, who holds one"
            mine = view.holds(rank)
            assert k.free(rank, mine) >= 0
        for card, where in k.card_at.items():
            assert card in hand_of(game, where)
        for card in k.lacks[s]:
            assert card not in hand


@pytest.mark.slow
@pytest.mark.parametrize("config", ["", "authors", "pairs", "continuous", "authors,may_ask_for_held_card,pairs"])
def test_knowledge_never_claims_more_than_the_truth(config: str) -> None:
    rules = RuleSet.parse(config)
    rng = random.Random(config)
    for g in range(6):
        n = 2 + g % 4
        game = Game([f"p{i}" for i in range(n)], rules, seed=rng.getrandbits(32))
        kinds = ["hard", "random", "rule", "easy", "medium", "persistent"][:n]
        players = [make_player(kind, random.Random(g)) for kind in kinds]
        trackers = [Knowledge() for _ in range(n)]
        while not game.over:
            for s in range(n):
                check_sound(game, trackers[s], s)
            seat = game.current
            assert seat is not None
            game.apply(players[seat].decide(game.view(seat)).action)


def scripted_three_player_game() -> Game:
    """Cat (seat 2) plays first, asks Bob for sevens and misses; then it is Ann's turn. Ann holds a seven."""
    ann = [f"{r}S" for r in ("7", "2", "3", "4", "5", "6", "8")]
    bob = ["9S", "9H", "10S", "10H", "JS", "JH", "QS"]
    cat = [f"{r}H" for r in ("7", "2", "3", "4", "5", "6", "8")]
    dealt: list[str] = []
    for i in range(7):  # dealing starts left of the dealer (Bob): Cat, Ann, Bob, Cat, ...
        dealt += [cat[i], ann[i], bob[i]]
    front = [parse_card(c) for c in [*dealt, "KC"]]
    deck = front + [c for c in full_deck() if c not in front]
    game = Game(["Ann", "Bob", "Cat"], deck=deck, dealer=1, seed=1)
    assert game.current == 2
    game.apply(Ask(2, 1, Rank.SEVEN))
    assert game.current == 0
    return game


@pytest.mark.parametrize("kind", ["medium", "hard", "rule"])
def test_players_ask_the_one_who_just_asked_for_their_rank(kind: str) -> None:
    game = scripted_three_player_game()
    decision = make_player(kind, random.Random(1)).decide(game.view(0))
    assert decision.action == Ask(0, 2, Rank.SEVEN)
    assert decision.reason.kind == "they_asked"
    assert (decision.reason.seat, decision.reason.rank) == (2, "7")
    text = describe(decision.reason, game.players, listener_seat=2, asker=0)
    assert text == "Ann asks you for sevens, because you asked for them just now."


def test_hard_counts_the_last_cards_when_the_stock_is_empty() -> None:
    """Heads-up with an empty stock, every card Ann cannot see is in Bob's hand: hard asks for one of them."""
    rng = random.Random(9)
    for seed in range(40):
        game = Game(["Ann", "Bob"], seed=seed)
        players = [make_player("random", random.Random(rng.getrandbits(32))) for _ in range(2)]
        while not game.over and (game.stock_size > 0 or game.current != 0):
            seat = game.current
            assert seat is not None
            game.apply(players[seat].decide(game.view(seat)).action)
        if game.over:
            continue
        decision = make_player("hard", random.Random(seed)).decide(game.view(0))
        bob = {c.rank for c in hand_of(game, 1)}
        mine = {c.rank for c in hand_of(game, 0)}
        if bob & mine:
            assert decision.action.rank in bob, "with nothing hidden, hard must ask for a rank Bob holds"
            return
    pytest.fail("no position with an empty stock and a rank both players hold")


def test_hard_asks_for_an_exact_card_it_has_seen_given_under_authors() -> None:
    """Under authors suits are public: after Cat takes the 2H from Bob, Ann (holding a two) asks Cat for it."""
    rules = RuleSet(authors=True)
    ann = ["2S", "3S", "4S", "5S", "6S", "8S", "9S"]
    bob = ["2H", "3H", "4H", "5H", "6H", "8H", "9H"]
    cat = ["2D", "3D", "4D", "5D", "6D", "8D", "9D"]
    dealt: list[str] = []
    for i in range(7):
        dealt += [cat[i], ann[i], bob[i]]
    front = [parse_card(c) for c in [*dealt, "KC", "KD"]]
    deck = front + [c for c in full_deck() if c not in front]
    game = Game(["Ann", "Bob", "Cat"], rules, deck=deck, dealer=1, seed=1)
    game.apply(Ask(2, 1, Rank.TWO, Card(Rank.TWO, Suit.HEARTS)))  # Cat takes 2H from Bob, goes again
    game.apply(Ask(2, 1, Rank.THREE, Card(Rank.THREE, Suit.CLUBS)))  # Bob has no 3C: Go Fish, Cat draws KC
    assert game.current == 0
    decision = make_player("hard", random.Random(2)).decide(game.view(0))
    assert decision.action.card == Card(Rank.TWO, Suit.HEARTS)
    assert decision.action.target == 2
    assert decision.reason.kind == "they_received"


def _left_with_none(k: Knowledge, target: int, rank: Rank, within: int) -> bool:
    """Whether ``target`` was publicly left with no ``rank`` (said "Go Fish" to it, or handed all of it over)
    at most ``within`` asks ago, and has drawn no hidden card since."""
    if k.known[target][rank] or k.elig[target][rank]:
        return False
    return any(0 <= k.asks - at <= within for at in (k.said_no[target][rank], k.gave_all[target][rank]))


@pytest.mark.parametrize("players", [3, 4])
def test_medium_never_asks_for_a_rank_the_target_just_gave_away_or_refused(players: int) -> None:
    """An attentive adult does not ask Leo for sixes right after taking all of Leo's sixes (nor after Leo said
    "Go Fish" to sixes): within the four asks medium remembers everything, such an ask is made only when every
    other ask is one it may remember as refused too (its target was left with none of the rank, at any age:
    medium keeps 60 % of older facts, so an older refusal may stand against the only other ask). The facts are
    read by a tracker of our own from the same public view."""
    rng = random.Random(players)
    checked = 0
    for g in range(60):
        game = Game([f"p{i}" for i in range(players)], seed=rng.getrandbits(32))
        kinds = ["medium", *["random"] * (players - 1)]
        seats = [make_player(kind, random.Random(rng.getrandbits(32))) for kind in kinds]
        k = Knowledge()
        while not game.over:
            seat = game.current
            assert seat is not None
            view = game.view(seat)
            action = seats[seat].decide(view).action
            if seat == 0:
                k.update(view)
                legal = view.legal_actions()
                if _left_with_none(k, action.target, action.rank, within=4):
                    assert all(_left_with_none(k, a.target, a.rank, within=k.asks) for a in legal), (
                        f"game {g}: medium asked p{action.target} for {action.rank} it just saw them left without"
                    )
                checked += any(_left_with_none(k, a.target, a.rank, within=4) for a in legal)
            game.apply(action)
    assert checked > 100, "too few decisions where the rule could matter"
