# ruff: noqa: E501 - the table of sentence patterns reads best one rule a line
"""A referee for the narrator: every sentence it says about a game is read back and checked against the game's full
log (the unredacted events, as the log file holds them). A sentence no rule here recognises is a failure too, so a
new sentence cannot slip in unchecked; and every public event must be told (an ask, its outcome, a lucky draw, a book,
a refill, a player out, the end, a turn: in compact narration a human's turn only), "goes again" exactly when the asker
keeps the turn (in compact narration a human asker only: a computer's next ask names it). Both narrations are refereed: verbose (every outcome a sentence of its own) and compact (the default:
an ask and its outcome in one sentence, "Leo asks Sam for sevens: go fish.")."""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from voicefish.bots import make_player
from voicefish.cards import Card, Rank, Suit
from voicefish.engine import (
    AskEvent,
    Book,
    Deal,
    Draw,
    Event,
    Game,
    GameEnd,
    GameStart,
    Give,
    GoFish,
    Out,
    Refill,
    TiebreakEnd,
    TiebreakStart,
    Turn,
)
from voicefish.engine.session import Session
from voicefish.outputs.channels import Message
from voicefish.rules import RuleSet
from voicefish.table.narrator import Narrator

RANK_WORDS = {
    "ace": Rank.ACE, "two": Rank.TWO, "three": Rank.THREE, "four": Rank.FOUR, "five": Rank.FIVE,
    "six": Rank.SIX, "seven": Rank.SEVEN, "eight": Rank.EIGHT, "nine": Rank.NINE, "ten": Rank.TEN,
    "jack": Rank.JACK, "queen": Rank.QUEEN, "king": Rank.KING,
}  # fmt: skip
PLURALS = {("sixes" if w == "six" else w + "s"): r for w, r in RANK_WORDS.items()}
SUIT_WORDS = {"spades": Suit.SPADES, "hearts": Suit.HEARTS, "diamonds": Suit.DIAMONDS, "clubs": Suit.CLUBS}
COUNTS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8}
NUMBERS = {"no": 0, **{k: v for k, v in COUNTS.items() if k not in ("a", "an")}}
NUMBERS |= {"nine": 9, "ten": 10, "eleven": 11, "twelve": 12}
N = r"(\w+)"


def num(word: str) -> int:
    return NUMBERS[word] if word in NUMBERS else int(word)


def rank_of(word: str) -> Rank:
    return PLURALS[word] if word in PLURALS else RANK_WORDS[word]


def card_of(text: str) -> Card:
    m = re.fullmatch(r"the (\w+) of (\w+)", text)
    assert m, text
    return Card(RANK_WORDS[m.group(1)], SUIT_WORDS[m.group(2)])


def cards_of(phrase: str) -> list[tuple[Rank, Suit | None]]:
    """A phrase of ``cards_phrase`` read back: ``two sevens and an ace``; ``the sevens of clubs and hearts; the
    eight of diamonds``."""
    out: list[tuple[Rank, Suit | None]] = []
    if phrase.startswith("the "):
        for group in phrase.split("; "):
            m = re.fullmatch(r"the (\w+) of (.+)", group)
            assert m, phrase
            suits = re.split(r", | and ", m.group(2))
            assert (len(suits) == 1) == (m.group(1) in RANK_WORDS), f"number agreement: {group!r}"
            out += [(rank_of(m.group(1)), SUIT_WORDS[s]) for s in suits]
        return out
    for item in re.split(r", | and ", phrase):
        count, word = item.split()
        n = COUNTS[count]
        assert (n == 1) == (word in RANK_WORDS), f"number agreement: {item!r}"
        if count in ("a", "an"):
            assert count == ("an" if word[0] in "aeiou" else "a"), f"article: {item!r}"
        out += [(rank_of(word), None)] * n
    return out


def same_cards(said: list[tuple[Rank, Suit | None]], cards: Sequence[Card]) -> bool:
    if any(s is None for _, s in said):
        return sorted(r.value for r, _ in said) == sorted(c.rank.value for c in cards)
    return sorted((r.value, s.value) for r, s in said if s is not None) == sorted(
        (c.rank.value, c.suit.value) for c in cards
    )


def english(text: str) -> None:
    """Articles and plurals by rule."""
    assert not re.search(r"\ba [aeiou]", text), f"article: {text!r}"
    assert not re.search(r"\ban [^aeiou\W]", text), f"article: {text!r}"
    assert not re.search(r"\bone (cards|books|pairs|points|games)\b", text), f"plural: {text!r}"
    assert not re.search(r"\b(two|three|four|five|six|seven|eight|nine|ten) (card|book|pair|point|game)\b", text), (
        f"plural: {text!r}"
    )


@dataclass
class Referee:
    """Checks one message against the event it tells, the batch around it and the game after the batch; then
    (:meth:`all_told`) that every public event of the batch was told."""

    game: Game
    checked: dict[str, int] = field(default_factory=dict)
    computers: frozenset[int] = frozenset()
    verbose: bool = True
    told: set[int] = field(default_factory=set)
    """Indices in the batch of the events told so far (:meth:`all_told` checks and clears them)."""
    again: int = 0
    """How many times "goes again" was said in the batch."""

    def name(self, seat: int) -> str:
        return self.game.players[seat]

    def seat(self, name: str) -> int:
        return self.game.players.index(name)

    def public(self, msg: Message, ev: Event | None, batch: Sequence[Event], index: int) -> None:
        text, rules = msg.text, self.game.rules
        english(text)
        rules_for: list[tuple[str, Callable[[re.Match[str]], None]]] = [
            (rf"Game (\d+)\. {N} deals\.", lambda m: self._is(ev, GameStart, game=int(m[1]), dealer=self.seat(m[2]))),
            (r"Everyone gets (\w+) cards?\.", lambda m: self._everyone(ev, num(m[1]))),
            (r"(.+) get (\w+) cards? each\.", lambda m: self._some(ev, m[1], num(m[2]))),
            (rf"{N}, your turn\.", lambda m: self._turn(ev, m[1])),
            (rf"{N} asks {N} for (the \w+ of \w+|\w+)(?:, ([^:]+))?: (.+)", lambda m: self._compact(ev, batch, index, m)),
            (rf"{N} asks {N} for (.+)\.", lambda m: self._ask(ev, m[1], m[2], m[3])),
            (rf"{N}, do you have (?:any )?(.+)\?", lambda m: self._ask(ev, msg.voice or "", m[1], m[2])),
            (rf"{N} has (.+)\. {N} takes (it|them)\.", lambda m: self._give(ev, m[1], m[2], m[3], m[4])),
            (rf"Go Fish! {N} draws\.", lambda m: self._fish(ev, batch, index, m[1], empty=False)),
            (rf"Go Fish! The pond is empty, so {N} can't draw\.", lambda m: self._fish(ev, batch, index, m[1], empty=True)),
            (rf"{N} (?:has no|doesn't have) (.+)\. {N} plays next\.", lambda m: self._miss(ev, batch, index, target=m[1], what=m[2], nxt=m[3])),
            (rf"Lucky! {N} fished (an? \w+|the \w+ of \w+), just what was asked for\.", lambda m: self._lucky(ev, m[1], m[2])),
            (rf"{N} lays down a (book|pair) of (\w+)\.", lambda m: self._book(ev, m[1], m[2], m[3])),
            (rf"{N} is out of cards and takes (\w+) from the pond\.", lambda m: self._is(ev, Refill, player=self.seat(m[1]), count=num(m[2]))),
            (rf"{N} has no cards left and is out of this game\.", lambda m: self._is(ev, Out, player=self.seat(m[1]))),
            (r"Game over\. (.+?) (?:wins|tie) with (\w+) (\w+?)s?(?: each)?!? Score: (.+)\.", lambda m: self._end(ev, m)),
            (r"Game over\. (.+?) (?:wins|tie) with (\w+) (\w+?)s?(?: each)?\. Score: (.+)\.", lambda m: self._end(ev, m)),
            (r"It's a tie! (.+) play one sudden-death hand\. The first to lay a (book|pair) wins\.", lambda m: self._tie(ev, m[1])),
            (rf"{N} wins the tie-break and the game!", lambda m: self._is(ev, TiebreakEnd, winner=self.seat(m[1]))),
            (r"The tie-break ended with no book: the win is shared\.", lambda m: self._is(ev, TiebreakEnd, winner=None)),
            (rf"{N} goes again\.", lambda m: self._again(batch, index, m[1])),
        ]  # fmt: skip
        del rules
        for pattern, check in rules_for:
            m = re.fullmatch(pattern, text)
            if m:
                check(m)
                self.told.add(index)
                key = pattern.split("\\")[0][:24]
                self.checked[key] = self.checked.get(key, 0) + 1
                return
        raise AssertionError(f"a sentence the referee does not know: {text!r}")

    def private(self, seat: int, msg: Message, ev: Event | None) -> None:
        text = msg.text
        english(text)
        assert msg.audience == seat
        if m := re.fullmatch(r"You drew (the \w+ of \w+)\.", text):
            assert isinstance(ev, Draw) and ev.player == seat and not ev.matched and ev.card == card_of(m[1]), text
        elif m := re.fullmatch(r"You got (.+)\.", text):
            assert isinstance(ev, Give) and ev.receiver == seat and ev.cards and same_cards(cards_of(m[1]), ev.cards)
        elif m := re.fullmatch(r"You picked up (.+)\.", text):
            assert isinstance(ev, Refill) and ev.player == seat and ev.cards and same_cards(cards_of(m[1]), ev.cards)
        else:
            raise AssertionError(f"a private sentence the referee does not know: {text!r}")
        self.checked["private"] = self.checked.get("private", 0) + 1

    # --- the facts ---

    def _is(self, ev: Event | None, kind: type, **facts: object) -> None:
        assert isinstance(ev, kind), (ev, kind)
        for key, value in facts.items():
            assert getattr(ev, key) == value, (ev, key, value)

    def _turn(self, ev: Event | None, name: str) -> None:
        self._is(ev, Turn, player=self.seat(name))
        assert self.verbose or self.seat(name) not in self.computers, "compact: a computer's turn is not announced"

    def _compact(self, ev: Event | None, batch: Sequence[Event], index: int, m: re.Match[str]) -> None:
        """``Leo asks Sam for sevens[, because ...]: <outcome>``: the ask, and its outcome against the events after
        it (the reason, ``--explain``'s, is the computer player's own and not in the log)."""
        assert not self.verbose, f"a compact sentence in verbose narration: {m[0]!r}"
        self._ask(ev, m[1], m[2], m[3])
        assert isinstance(ev, AskEvent)
        asker, target, outcome = ev.player, ev.target, m[5]
        assert m[4] is None or ev.player in self.computers, "only a computer player's reason is said"
        first = batch[index + 1]
        if o := re.fullmatch(rf"{N} (?:gives (\w+)|has it)\.", outcome):
            assert isinstance(first, Give) and first.giver == target == self.seat(o[1]) and first.receiver == asker
            assert first.count == (1 if o[2] is None else num(o[2])) and (o[2] is None) == (ev.card is not None), o[0]
            self.told.add(index + 1)
        elif o := re.fullmatch(rf"go fish(?:\.| — {N} fished (an? \w+|it)\.)", outcome):
            draw = batch[index + 2]
            assert isinstance(first, GoFish) and not first.stock_empty and isinstance(draw, Draw), (first, draw)
            assert draw.player == asker and draw.matched == (o[1] is not None), (o[0], draw)
            if o[1] is not None:
                assert self.seat(o[1]) == asker and draw.card is not None
                if o[2] == "it":
                    assert ev.card is not None and draw.card == ev.card, (o[0], draw)
                else:
                    self._lucky(draw, o[1], o[2])
            self.told.update({index + 1, index + 2})
        elif outcome == "go fish, but the pond is empty.":
            assert isinstance(first, GoFish) and first.stock_empty and not self.game.rules.continuous, first
            self.told.add(index + 1)
        elif o := re.fullmatch(rf"{N} (?:has none|doesn't have it) and plays next\.", outcome):
            assert (o[0].startswith(f"{m[2]} doesn't")) == (ev.card is not None), o[0]
            self._miss(first, batch, index + 1, target=o[1], what=m[3], nxt=o[1])
            self.told.add(index + 1)
        else:
            raise AssertionError(f"an outcome the referee does not know: {m[0]!r}")

    def all_told(self, batch: Sequence[Event], current: int | None) -> None:
        """Every public event of ``batch`` was told (a Go Fish's unmatched draw with its Go Fish; a deal whose hands
        differ in size, in a tie-break, need not be), and "goes again" exactly when the asker keeps the turn (in compact
        narration, a human asker only)."""
        must = (GameStart, AskEvent, Give, GoFish, Book, Refill, Out, GameEnd, TiebreakStart, TiebreakEnd)
        for i, ev in enumerate(batch):
            if isinstance(ev, Turn):
                needed = self.verbose or ev.player not in self.computers
            elif isinstance(ev, Draw):
                needed = ev.matched
            else:
                needed = isinstance(ev, must)
            assert not needed or i in self.told, f"not told: {ev} in {batch}"
        asks = [e for e in batch if isinstance(e, AskEvent)]
        keeps = bool(asks) and asks[-1].player == current and not any(isinstance(e, Turn) for e in batch)
        keeps = keeps and (self.verbose or asks[-1].player not in self.computers)
        assert self.again == (1 if keeps else 0), f"goes again said {self.again} times: {batch}"
        self.told.clear()
        self.again = 0

    def _everyone(self, ev: Event | None, n: int) -> None:
        assert isinstance(ev, Deal) and all(k == n for k in ev.sizes), ev

    def _some(self, ev: Event | None, names: str, n: int) -> None:
        assert isinstance(ev, Deal), ev
        said = sorted(self.seat(x) for x in re.split(r", | and ", names))
        assert said == [i for i, k in enumerate(ev.sizes) if k] and all(ev.sizes[i] == n for i in said), ev
        assert len(said) < len(self.game.players)

    def _ask(self, ev: Event | None, asker: str, target: str, what: str) -> None:
        assert isinstance(ev, AskEvent) and ev.player == self.seat(asker) and ev.target == self.seat(target), ev
        if ev.card is not None:
            assert card_of(what) == ev.card, (what, ev)
        else:
            assert rank_of(what) == ev.rank, (what, ev)

    def _give(self, ev: Event | None, giver: str, what: str, receiver: str, pronoun: str) -> None:
        assert isinstance(ev, Give) and ev.giver == self.seat(giver) and ev.receiver == self.seat(receiver), ev
        assert (pronoun == "it") == (ev.count == 1), (pronoun, ev)
        if what.startswith("the "):
            assert ev.cards is not None and card_of(what) == ev.cards[0] and ev.count == 1, (what, ev)
        else:
            said = cards_of(what)
            assert len(said) == ev.count and {r for r, _ in said} == {ev.rank}, (what, ev)

    def _fish(self, ev: Event | None, batch: Sequence[Event], index: int, asker: str, *, empty: bool) -> None:
        assert isinstance(ev, GoFish) and ev.player == self.seat(asker) and ev.stock_empty == empty, ev
        if not empty:
            after = batch[index + 1]
            assert isinstance(after, Draw) and after.player == ev.player, after
        else:
            assert not self.game.rules.continuous

    def _miss(self, ev: Event | None, batch: Sequence[Event], index: int, *, target: str, what: str, nxt: str) -> None:
        assert isinstance(ev, GoFish) and ev.stock_empty and self.game.rules.continuous, ev
        assert ev.target == self.seat(target) == self.seat(nxt), ev
        ask = batch[index - 1]
        assert isinstance(ask, AskEvent) and ask.target == ev.target, ask
        if ask.card is not None:
            assert card_of(what) == ask.card
        else:
            assert rank_of(what) == ask.rank
        following = [e for e in batch[index + 1 :] if isinstance(e, Turn)]
        over = any(isinstance(e, GameEnd | TiebreakStart) for e in batch[index + 1 :])
        assert over or (following and following[0].player == ev.target) or self.game.current == ev.target, batch

    def _lucky(self, ev: Event | None, player: str, what: str) -> None:
        assert isinstance(ev, Draw) and ev.matched and ev.player == self.seat(player) and ev.card is not None, ev
        if what.startswith("the "):
            assert card_of(what) == ev.card
        else:
            art, word = what.split()
            assert rank_of(word) == ev.card.rank and art == ("an" if word[0] in "aeiou" else "a"), what

    def _book(self, ev: Event | None, player: str, kind: str, ranks: str) -> None:
        assert isinstance(ev, Book) and ev.player == self.seat(player) and ev.rank == rank_of(ranks), ev
        assert (kind == "pair") == self.game.rules.pairs and len(ev.cards) == (2 if kind == "pair" else 4)

    def _end(self, ev: Event | None, m: re.Match[str]) -> None:
        assert isinstance(ev, GameEnd), ev
        winners = sorted(self.seat(x) for x in re.split(r", | and ", m[1]))
        assert winners == sorted(ev.winners), (m[0], ev)
        assert all(ev.scores[w] == num(m[2]) for w in winners), (m[0], ev)
        unit = "point" if self.game.rules.point_fish else ("pair" if self.game.rules.pairs else "book")
        assert m[3] == unit, m[0]
        for part in re.split(r", | and ", m[4]):
            who, score = part.rsplit(" ", 1)
            assert ev.scores[self.seat(who)] == int(score), (part, ev)

    def _tie(self, ev: Event | None, names: str) -> None:
        assert isinstance(ev, TiebreakStart), ev
        assert sorted(self.seat(x) for x in re.split(r", | and ", names)) == sorted(ev.players), ev

    def _again(self, batch: Sequence[Event], index: int, name: str) -> None:
        assert index == len(batch), "goes again is about the state after the action"
        self.again += 1
        asks = [e for e in batch if isinstance(e, AskEvent)]
        assert asks and asks[-1].player == self.seat(name) == self.game.current, batch
        assert not any(isinstance(e, Turn) for e in batch)


RULE_SETS: list[str] = [
    "",
    "seven_for_two_only",
    "turn_to_asked_player",
    "empty_hand_ends_game",
    "stock_out_ends_game",
    "point_fish",
    "sudden_death",
    "authors",
    "authors,may_ask_for_held_card",
    "pairs",
    "continuous",
    "no_peeking",
    "authors,continuous",
    "pairs,continuous,sudden_death",
    "point_fish,sudden_death",
    "polish",
    "portuguese",
    "authors,sudden_death",
    "turn_to_asked_player,sudden_death",
    "pairs,empty_hand_ends_game",
]

KINDS = ("random", "easy", "medium", "hard")
MAX_ACTIONS = 3000


def referee_games(rules_text: str, seeds: range, *, verbose: bool = False) -> dict[str, int]:
    """Plays a game per seed (2–6 computer players of mixed strength), narrates every action as the table does (in
    compact or ``verbose`` narration) and checks every sentence, and that every public event was told. Returns how
    many sentences of each kind were checked."""
    rules = RuleSet.parse(rules_text)
    checked: dict[str, int] = {}
    for seed in seeds:
        rng = random.Random(seed)
        n = 2 + seed % 5
        names = ["Ana", "Ben", "Cy", "Dot", "Eve", "Fay"][:n]
        computers = frozenset(s for s in range(n) if rng.random() < 0.5)
        game = Session(names, rules, games=1, seed=seed).next_game()
        players = [make_player(KINDS[(seed + s) % len(KINDS)], random.Random(seed * 10 + s)) for s in range(n)]
        narrator = Narrator(names, rules, computers, verbose=verbose)
        referee = Referee(game, computers=computers, verbose=verbose)
        seen = 0
        for _ in range(MAX_ACTIONS):
            full = game.log_events()
            batch = full[seen:]
            public = game.public_view().events[seen:]
            for index, msg in narrator.public_indexed(public, game.current):
                referee.public(msg, batch[index] if index < len(batch) else None, batch, index)
            referee.all_told(batch, game.current)
            for seat in range(n):
                own = game.view(seat).events[seen:]
                for index, msg in narrator.private_indexed(seat, own):
                    referee.private(seat, msg, batch[index])
            seen = len(full)
            if game.over:
                break
            current = game.current
            assert current is not None
            game.apply(players[current].decide(game.view(current)).action)
        else:  # a family's game must end: computer players that circle forever are a bug (issue 31's finding)
            raise AssertionError(f"{rules_text!r} seed {seed}: no end after {MAX_ACTIONS} actions")
        for key, count in referee.checked.items():
            checked[key] = checked.get(key, 0) + count
    return checked
