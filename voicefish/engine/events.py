"""Language-free events. The engine emits these; narration, logs, screens and bots read them.

Seats are indices into the table's player list. An event may carry hidden information (a hand,
an unmatched draw); :func:`redact` gives the version one seat may see, and the game log writes the
full version with :meth:`to_json`. Field comments state what each field holds.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from voicefish.cards import Card, Rank, parse_card, parse_rank

__all__ = [
    "AskEvent",
    "Book",
    "Deal",
    "Draw",
    "Event",
    "GameEnd",
    "GameStart",
    "Give",
    "GoFish",
    "Out",
    "Refill",
    "TiebreakEnd",
    "TiebreakStart",
    "Turn",
    "event_from_json",
    "redact",
]


def _codes(cards: Sequence[Card]) -> list[str]:
    return [str(c) for c in cards]


_Setter = Callable[[Any, Any], None]


def _setter(cls: type, name: str) -> _Setter:
    """The slot setter of a frozen dataclass's field. The events the engine makes on every ask (:class:`AskEvent`
    under authors, :class:`Give`, :class:`Draw`, :class:`Book`, :class:`Refill`) write their own ``__init__`` with
    them: what the generated frozen one does (it calls ``object.__setattr__`` per field), about 40 % faster."""
    setter: _Setter = cls.__dict__[name].__set__
    return setter


@dataclass(frozen=True, slots=True)
class GameStart:
    """A game begins."""

    game: int
    """1-based number of the game in its session."""
    players: tuple[str, ...]
    """Names in seat order (clockwise)."""
    dealer: int
    """Seat of the dealer."""
    rules: tuple[str, ...]
    """Names of the switches that are on."""
    seed: int | None
    """Seed of the shuffle (hidden: it reveals the deck)."""
    deck: tuple[Card, ...] | None
    """The whole shuffled deck in order (hidden)."""

    def to_json(self, names: Sequence[str]) -> dict[str, Any]:
        return {
            "event": "game_start",
            "game": self.game,
            "seed": self.seed,
            "players": list(self.players),
            "dealer": self.dealer,
            "rules": list(self.rules),
            "deck": None if self.deck is None else _codes(self.deck),
        }


@dataclass(frozen=True, slots=True)
class Deal:
    """The opening hands were dealt."""

    sizes: tuple[int, ...]
    """Cards dealt to each seat (0 for seats not in a tie-break)."""
    hands: tuple[tuple[Card, ...] | None, ...]
    """Each seat's dealt cards, or ``None`` where hidden from the viewer."""

    def to_json(self, names: Sequence[str]) -> dict[str, Any]:
        return {
            "event": "deal",
            "hands": {names[i]: (None if h is None else _codes(h)) for i, h in enumerate(self.hands) if self.sizes[i]},
            "sizes": {names[i]: n for i, n in enumerate(self.sizes) if n},
        }


@dataclass(frozen=True, slots=True)
class Turn:
    """A player's turn starts."""

    player: int

    def to_json(self, names: Sequence[str]) -> dict[str, Any]:
        return {"event": "turn", "player": names[self.player]}


@dataclass(frozen=True, slots=True)
class AskEvent:
    """A player asked another for a rank (or, under ``authors``, an exact card). Public."""

    player: int
    target: int
    rank: Rank
    card: Card | None = None

    def __init__(self, player: int, target: int, rank: Rank, card: Card | None = None) -> None:
        _ask_player(self, player)
        _ask_target(self, target)
        _ask_rank(self, rank)
        _ask_card(self, card)

    def to_json(self, names: Sequence[str]) -> dict[str, Any]:
        out: dict[str, Any] = {
            "event": "ask",
            "player": names[self.player],
            "target": names[self.target],
            "rank": self.rank.code,
        }
        if self.card is not None:
            out["card"] = str(self.card)
        return out


@dataclass(frozen=True, slots=True)
class Give:
    """The asked player handed over cards. The rank and count are public; suits only to the two players
    (and to everyone under ``authors``, where the card was named)."""

    giver: int
    receiver: int
    rank: Rank
    count: int
    cards: tuple[Card, ...] | None

    def __init__(self, giver: int, receiver: int, rank: Rank, count: int, cards: tuple[Card, ...] | None) -> None:
        _give_giver(self, giver)
        _give_receiver(self, receiver)
        _give_rank(self, rank)
        _give_count(self, count)
        _give_cards(self, cards)

    def to_json(self, names: Sequence[str]) -> dict[str, Any]:
        return {
            "event": "give",
            "from": names[self.giver],
            "to": names[self.receiver],
            "rank": self.rank.code,
            "count": self.count,
            "cards": None if self.cards is None else _codes(self.cards),
        }


@dataclass(frozen=True, slots=True)
class GoFish:
    """The asked player had none. ``stock_empty``: there is nothing to draw (under ``continuous`` nobody
    says "Go Fish" then)."""

    player: int
    target: int
    stock_empty: bool

    def to_json(self, names: Sequence[str]) -> dict[str, Any]:
        return {
            "event": "go_fish",
            "player": names[self.player],
            "target": names[self.target],
            "stock_empty": self.stock_empty,
        }


@dataclass(frozen=True, slots=True)
class Draw:
    """A player drew from the stock after a Go Fish. A matching card is shown; otherwise the card is hidden."""

    player: int
    matched: bool
    card: Card | None

    def __init__(self, player: int, matched: bool, card: Card | None) -> None:
        _draw_player(self, player)
        _draw_matched(self, matched)
        _draw_card(self, card)

    def to_json(self, names: Sequence[str]) -> dict[str, Any]:
        return {
            "event": "draw",
            "player": names[self.player],
            "card": None if self.card is None else str(self.card),
            "matched": self.matched,
        }


@dataclass(frozen=True, slots=True)
class Book:
    """A book was laid face up. Public."""

    player: int
    rank: Rank
    cards: tuple[Card, ...]

    def __init__(self, player: int, rank: Rank, cards: tuple[Card, ...]) -> None:
        _book_player(self, player)
        _book_rank(self, rank)
        _book_cards(self, cards)

    def to_json(self, names: Sequence[str]) -> dict[str, Any]:
        return {"event": "book", "player": names[self.player], "rank": self.rank.code, "cards": _codes(self.cards)}


@dataclass(frozen=True, slots=True)
class Refill:
    """A player with an empty hand drew from the stock. The count is public, the cards are not."""

    player: int
    count: int
    cards: tuple[Card, ...] | None

    def __init__(self, player: int, count: int, cards: tuple[Card, ...] | None) -> None:
        _refill_player(self, player)
        _refill_count(self, count)
        _refill_cards(self, cards)

    def to_json(self, names: Sequence[str]) -> dict[str, Any]:
        return {
            "event": "refill",
            "player": names[self.player],
            "count": self.count,
            "cards": None if self.cards is None else _codes(self.cards),
        }


@dataclass(frozen=True, slots=True)
class Out:
    """A player has no cards and the stock is empty: out for the rest of the game."""

    player: int

    def to_json(self, names: Sequence[str]) -> dict[str, Any]:
        return {"event": "out", "player": names[self.player]}


@dataclass(frozen=True, slots=True)
class GameEnd:
    """The game is over. ``winners`` share the win (a tie lists every tied player)."""

    scores: tuple[int, ...]
    books: tuple[tuple[Rank, ...], ...]
    winners: tuple[int, ...]
    reason: str
    """Why it ended: ``all_books``, ``no_cards``, ``empty_hand``, ``stock_out``, ``stuck``."""

    def to_json(self, names: Sequence[str]) -> dict[str, Any]:
        return {
            "event": "game_end",
            "scores": {names[i]: s for i, s in enumerate(self.scores)},
            "books": {names[i]: [r.code for r in b] for i, b in enumerate(self.books)},
            "winners": [names[i] for i in self.winners],
            "reason": self.reason,
        }


@dataclass(frozen=True, slots=True)
class TiebreakStart:
    """Under ``sudden_death``: the tied players play one hand from a fresh deck."""

    players: tuple[int, ...]
    deck: tuple[Card, ...] | None
    """The fresh deck in order (hidden)."""

    def to_json(self, names: Sequence[str]) -> dict[str, Any]:
        return {
            "event": "tiebreak_start",
            "players": [names[i] for i in self.players],
            "deck": None if self.deck is None else _codes(self.deck),
        }


@dataclass(frozen=True, slots=True)
class TiebreakEnd:
    """The tie-break is over: the first to lay a book won. ``winner`` is ``None`` if it ended with no book
    (then the tied players keep sharing the win)."""

    winner: int | None
    winners: tuple[int, ...]

    def to_json(self, names: Sequence[str]) -> dict[str, Any]:
        return {
            "event": "tiebreak_end",
            "winner": None if self.winner is None else names[self.winner],
            "winners": [names[i] for i in self.winners],
        }


_ask_player: Final = _setter(AskEvent, "player")
_ask_target: Final = _setter(AskEvent, "target")
_ask_rank: Final = _setter(AskEvent, "rank")
_ask_card: Final = _setter(AskEvent, "card")
_give_giver: Final = _setter(Give, "giver")
_give_receiver: Final = _setter(Give, "receiver")
_give_rank: Final = _setter(Give, "rank")
_give_count: Final = _setter(Give, "count")
_give_cards: Final = _setter(Give, "cards")
_draw_player: Final = _setter(Draw, "player")
_draw_matched: Final = _setter(Draw, "matched")
_draw_card: Final = _setter(Draw, "card")
_book_player: Final = _setter(Book, "player")
_book_rank: Final = _setter(Book, "rank")
_book_cards: Final = _setter(Book, "cards")
_refill_player: Final = _setter(Refill, "player")
_refill_count: Final = _setter(Refill, "count")
_refill_cards: Final = _setter(Refill, "cards")

Event = (
    GameStart
    | Deal
    | Turn
    | AskEvent
    | Give
    | GoFish
    | Draw
    | Book
    | Refill
    | Out
    | GameEnd
    | TiebreakStart
    | TiebreakEnd
)


def redact(event: Event, seat: int, authors: bool) -> Event:
    """The version of ``event`` that ``seat`` may see (``seat = -1``: the public table)."""
    match event:
        case GameStart() if event.deck is not None or event.seed is not None:
            return GameStart(event.game, event.players, event.dealer, event.rules, None, None)
        case Deal():
            return Deal(event.sizes, tuple(h if i == seat else None for i, h in enumerate(event.hands)))
        case Give() if not authors and seat not in (event.giver, event.receiver) and event.cards is not None:
            return Give(event.giver, event.receiver, event.rank, event.count, None)
        case Draw() if not event.matched and seat != event.player and event.card is not None:
            return Draw(event.player, event.matched, None)
        case Refill() if seat != event.player and event.cards is not None:
            return Refill(event.player, event.count, None)
        case TiebreakStart() if event.deck is not None:
            return TiebreakStart(event.players, None)
    return event


# --- reading the log back ------------------------------------------------------------


def _seat(names: Mapping[str, int], value: Any) -> int:
    if not isinstance(value, str) or value not in names:
        raise ValueError(f"unknown player {value!r}")
    return names[value]


def _cards(value: Any) -> tuple[Card, ...] | None:
    if value is None:
        return None
    if not isinstance(value, list):
        raise ValueError("cards must be a list")
    return tuple(parse_card(str(c)) for c in value)


def _text(value: Any, what: str) -> str:
    if not isinstance(value, str):
        raise ValueError(f"a {what} must be a name, not {value!r}")
    return value


def _req(d: Mapping[str, Any], key: str) -> Any:
    if key not in d:
        raise ValueError(f"missing field {key!r}")
    return d[key]


def event_from_json(d: Mapping[str, Any], players: Sequence[str]) -> Event:
    """Parse one log line's object back into an event. Raises ``ValueError``/``CardError`` on bad input."""
    names = {n: i for i, n in enumerate(players)}
    kind = _req(d, "event")
    if kind == "game_start":
        deck = _cards(d.get("deck"))
        return GameStart(
            game=int(_req(d, "game")),
            players=tuple(str(p) for p in _req(d, "players")),
            dealer=int(_req(d, "dealer")),
            rules=tuple(_text(r, "rule") for r in _req(d, "rules")),
            seed=None if d.get("seed") is None else int(d["seed"]),
            deck=deck,
        )
    if kind == "deal":
        hands = _req(d, "hands")
        if not isinstance(hands, dict):
            raise ValueError("hands must be an object")
        hs: list[tuple[Card, ...] | None] = [None] * len(players)
        sizes = [0] * len(players)
        for name, cards in hands.items():
            i = _seat(names, name)
            hs[i] = _cards(cards)
            sizes[i] = len(hs[i] or ())
        return Deal(sizes=tuple(sizes), hands=tuple(hs))
    if kind == "turn":
        return Turn(_seat(names, _req(d, "player")))
    if kind == "ask":
        card = d.get("card")
        return AskEvent(
            _seat(names, _req(d, "player")),
            _seat(names, _req(d, "target")),
            parse_rank(str(_req(d, "rank"))),
            None if card is None else parse_card(str(card)),
        )
    if kind == "give":
        cards = _cards(_req(d, "cards"))
        if not cards:
            raise ValueError("a give must name its cards")
        return Give(_seat(names, _req(d, "from")), _seat(names, _req(d, "to")), cards[0].rank, len(cards), cards)
    if kind == "go_fish":
        return GoFish(
            _seat(names, _req(d, "player")), _seat(names, _req(d, "target")), bool(d.get("stock_empty", False))
        )
    if kind == "draw":
        return Draw(_seat(names, _req(d, "player")), bool(_req(d, "matched")), parse_card(str(_req(d, "card"))))
    if kind == "book":
        return Book(_seat(names, _req(d, "player")), parse_rank(str(_req(d, "rank"))), _cards(_req(d, "cards")) or ())
    if kind == "refill":
        cards = _cards(_req(d, "cards")) or ()
        return Refill(_seat(names, _req(d, "player")), len(cards), cards)
    if kind == "out":
        return Out(_seat(names, _req(d, "player")))
    if kind == "game_end":
        scores = _req(d, "scores")
        books = _req(d, "books")
        if not isinstance(scores, dict) or not isinstance(books, dict):
            raise ValueError("scores and books must be objects")
        return GameEnd(
            scores=tuple(int(scores.get(n, 0)) for n in players),
            books=tuple(tuple(parse_rank(str(r)) for r in books.get(n, [])) for n in players),
            winners=tuple(_seat(names, w) for w in _req(d, "winners")),
            reason=str(d.get("reason", "")),
        )
    if kind == "tiebreak_start":
        deck = _cards(d.get("deck"))
        if deck is not None and (len(deck) != 52 or len(set(deck)) != 52):
            raise ValueError("a tie-break deck must hold each of the 52 cards exactly once")
        return TiebreakStart(tuple(_seat(names, p) for p in _req(d, "players")), deck)
    if kind == "tiebreak_end":
        w = d.get("winner")
        winner = None if w is None else _seat(names, w)
        ws = d.get("winners")
        winners = tuple(_seat(names, x) for x in ws) if isinstance(ws, list) else (() if winner is None else (winner,))
        return TiebreakEnd(winner, winners)
    raise ValueError(f"unknown event {kind!r}")
