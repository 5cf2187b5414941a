"""What goes in and out of a game: the one kind of action (:class:`Ask`), and what a seat may see of a game
(:class:`PlayerView`, whose history :class:`EventHistory` picks each event's version for its seat on read).

:class:`~voicefish.engine.game.Game` builds these; nothing here holds or changes game state.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import compress
from typing import Final, NamedTuple, overload

from voicefish.cards import RANKS, SUITS, Card, Rank
from voicefish.engine.events import Deal, Event
from voicefish.engine.shared import _BY_SUITS
from voicefish.rules import MAX_PLAYERS, RuleSet

__all__ = ["NO_CARDS", "Ask", "EventHistory", "PlayerView", "legal_asks"]


@dataclass(frozen=True, slots=True)
class Ask:
    """The one kind of action: ``player`` asks ``target`` for ``rank`` (under ``authors``: for ``card``)."""

    player: int
    target: int
    rank: Rank
    card: Card | None = None


class EventHistory:
    """A read-only, fixed-length window on one seat's history (no copy is made): a :class:`~collections.abc.Sequence`
    of events (registered as one, not derived from it, so that the compiled engine makes it a native class: making
    one per view, and its ``len``, cost a fraction of an ABC's).

    The game stores each event once (``full``) with its public version (``public``, the same object when the
    event hides nothing) and, per hidden event, who may see more (``own``: ``None`` for a public event, a
    tuple of the seats that see the full event, or a tuple of per-seat versions for a deal). The version
    this seat may see is chosen on read."""

    __slots__ = ("_full", "_length", "_own", "_public", "_seat")

    def __init__(
        self,
        public: list[Event],
        length: int,
        full: list[Event] | None = None,
        own: list[tuple[object, ...] | None] | None = None,
        seat: int = -1,
    ) -> None:
        self._public = public
        self._length = length
        self._full = full
        self._own = own
        self._seat = seat

    def _at(self, index: int) -> Event:
        own = self._own
        if own is None:
            return self._public[index]
        who = own[index]
        if who is None or self._seat < 0:
            return self._public[index]
        if who and who[0].__class__ is not int:  # a deal: one version per seat
            ev = who[self._seat]
            assert isinstance(ev, Deal)
            return ev
        if self._seat in who:
            assert self._full is not None
            return self._full[index]
        return self._public[index]

    def _slice(self, start: int, stop: int, step: int) -> list[Event]:
        """The public versions sliced in C, then this seat's own version put in where it sees more (``step > 0``)."""
        out = self._public[start:stop:step]
        own, seat = self._own, self._seat
        if own is None or seat < 0:
            return out
        for k, who in enumerate(own[start:stop:step]):
            if who is not None:
                out[k] = self._at(start + k * step)
        return out

    def __len__(self) -> int:
        return self._length

    @overload
    def __getitem__(self, index: int) -> Event: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[Event]: ...
    def __getitem__(self, index: int | slice) -> Event | Sequence[Event]:
        if isinstance(index, slice):
            start, stop, step = index.indices(self._length)
            if step < 0:  # (a stop of -1 would read as the list's end)
                return [self._at(i) for i in range(start, stop, step)]
            return self._slice(start, stop, step)
        if index < 0:
            index += self._length
        if not 0 <= index < self._length:
            raise IndexError(index)
        return self._at(index)

    def __iter__(self) -> Iterator[Event]:
        at = self._at
        for i in range(self._length):
            yield at(i)

    def __reversed__(self) -> Iterator[Event]:
        at = self._at
        for i in range(self._length - 1, -1, -1):
            yield at(i)

    def __contains__(self, value: object) -> bool:
        return any(ev == value for ev in self)

    def index(self, value: object, start: int = 0, stop: int | None = None) -> int:
        """The first position of ``value`` in ``start:stop`` (what :meth:`collections.abc.Sequence.index` does)."""
        first, last, _ = slice(start, stop).indices(self._length)
        for i in range(first, last):
            if self._at(i) == value:
                return i
        raise ValueError(f"{value!r} is not in the history")

    def count(self, value: object) -> int:
        return sum(1 for ev in self if ev == value)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Sequence):
            return NotImplemented
        return len(self) == len(other) and all(a == b for a, b in zip(self, other, strict=True))

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        return f"EventHistory({list(self)!r})"


Sequence.register(EventHistory)  # a sequence to isinstance() too (a native class when compiled: no ABC base)


class PlayerView(NamedTuple):
    """What one seat may know of a game: its own hand and everything public. ``seat == PUBLIC`` is the table.

    A named tuple (``_fields``, ``_replace``, ``_asdict``), built by :meth:`~voicefish.engine.game.Game.view` in one
    step: a view is built for every decision. The hand is stored as :attr:`hand_masks`; :attr:`hand` lists it."""

    seat: int
    players: tuple[str, ...]
    rules: RuleSet
    game: int
    dealer: int
    hand_masks: bytes
    """This seat's cards, 14 bytes: per rank (index 1-13) the suits held as a mask (S=1 H=2 D=4 C=8), 0 for a
    rank not held; index 0 is always 0. All zero for the table."""
    hand_sizes: tuple[int, ...]
    stock_size: int
    books: tuple[tuple[Rank, ...], ...]
    """Ranks booked by each seat, in the order laid (in a tie-break: the main game's books)."""
    scores: tuple[int, ...]
    active: tuple[bool, ...]
    """Seats that can still be asked (not out, and in the tie-break when one is on)."""
    current: int | None
    """Seat whose turn it is, ``None`` when the game is over."""
    over: bool
    winners: tuple[int, ...]
    in_tiebreak: bool
    events: EventHistory
    """The whole history this seat may see, from the game start."""

    @property
    def hand(self) -> tuple[Card, ...]:
        """This seat's cards, sorted by rank then suit (empty for the table); made from :attr:`hand_masks` on read."""
        return _hand_of(self.hand_masks)

    def holds(self, rank: Rank) -> int:
        """How many cards of ``rank`` this seat holds."""
        return _POPCOUNT[self.hand_masks[rank]]

    @property
    def my_turn(self) -> bool:
        return self.current == self.seat and not self.over

    def legal_actions(self) -> list[Ask]:
        """The asks this seat may make now (empty when it is not its turn)."""
        return list(legal_asks(self))


_LEGAL: Final[dict[object, tuple[Ask, ...]]] = {}
"""The rank asks per (seat, active seats, ranks held), keyed by :func:`_legal_key` (compiled) or a tuple of the three
(the source): play meets the same ones again and again (in random play 55 % of decisions after 100 games, 75-85 %
after 1 000). Emptied when full: at most ~5.5 MB (6 players)."""
_COMPILED: Final = not __file__.endswith(".py")
"""This module runs compiled (mypyc), and so every compiled module of the engine and the players (all or none:
:mod:`voicefish._compiled`): its loops are C, so a key built by a loop is the cheaper; from source a tuple made in
C is."""
_HELD: Final = bytes([0] + [1] * 255)
"""A ``bytes.translate`` table: a rank's suit mask to 1 when any suit is held, else 0."""
_LEGAL_MAX: Final = 1 << 14

_POPCOUNT: Final = tuple(bin(m).count("1") for m in range(16))
"""Cards in a rank's suit mask."""

NO_CARDS: Final = bytes(14)
"""The :attr:`PlayerView.hand_masks` of an empty hand (and of the table)."""


def _hand_of(masks: bytes | bytearray) -> tuple[Card, ...]:
    """The cards of per-rank suit masks, sorted by rank then suit."""
    cards: list[Card] = []
    for r in range(1, 14):
        m = masks[r]
        if m:
            cards += _BY_SUITS[r][m]
    return tuple(cards)


_ASKS: Final[dict[tuple[int, int, Rank, Card | None], Ask]] = {}
"""Every possible ask, made once: actions are small frozen values, so they can be shared."""


def _ask(seat: int, target: int, rank: Rank, card: Card | None = None) -> Ask:
    key = (seat, target, rank, card)
    ask = _ASKS.get(key)
    if ask is None:
        ask = _ASKS[key] = Ask(seat, target, rank, card)
    return ask


_RANK_ASKS: Final[tuple[tuple[tuple[Ask, ...], ...], ...]] = tuple(
    tuple(tuple(_ask(p, t, r) for r in (Rank.ACE, *RANKS)) for t in range(MAX_PLAYERS)) for p in range(MAX_PLAYERS)
)
"""``_RANK_ASKS[player][target][rank]``: the rank asks, built once (index 0 is unused: a copy of the Ace's)."""


_ROWS: Final[dict[tuple[int, tuple[bool, ...]], tuple[tuple[Ask, ...], int]]] = {}
"""Per (seat, active seats): every rank ask of ``seat``, target by target, 14 per target (the rank's index; index 0
is never chosen), and the number of targets. At most 6 * 2**6 entries."""


def _ask_rows(seat: int, active: tuple[bool, ...]) -> tuple[tuple[Ask, ...], int]:
    rows = _ROWS.get((seat, active))
    if rows is None:
        table = _RANK_ASKS[seat]
        targets = [t for t, a in enumerate(active) if a and t != seat]
        rows = _ROWS[seat, active] = (tuple(a for t in targets for a in table[t]), len(targets))
    return rows


def legal_asks(view: PlayerView) -> Sequence[Ask]:
    """What :meth:`PlayerView.legal_actions` lists, without its copy: under the default rules a tuple shared by every
    view with the same asks (read it, never change it). For players that choose one ask and keep none."""
    seat = view.seat
    if view.current != seat or view.over:
        return ()
    if view.rules.authors:
        return _legal(seat, view.hand, view.active, view.rules)
    return _rank_asks_shared(seat, view.hand_masks, view.active)


def _rank_asks(seat: int, masks: bytes, active: tuple[bool, ...]) -> list[Ask]:
    """Every rank ask of ``seat`` (not under authors): each active opponent, each held rank (``masks[rank]``
    not 0), in that order."""
    return list(_rank_asks_shared(seat, masks, active))


def _legal_key(seat: int, masks: bytes, active: tuple[bool, ...]) -> int:
    """One small integer for (seat, active seats, ranks held): the seat in bits 0-2, the active seats from bit 3, the
    ranks held (``masks[rank]`` not 0) from bit 9. Compiled, an int hashes and compares in a step (a tuple of the
    three is hashed and compared item by item on every decision); from source this loop costs more than the tuple."""
    key = seat
    bit = 8
    for a in active:
        if a:
            key |= bit
        bit <<= 1
    bit = 1 << 9
    for r in range(1, 14):
        if masks[r]:
            key |= bit
        bit <<= 1
    return key


def _rank_asks_shared(seat: int, masks: bytes, active: tuple[bool, ...]) -> tuple[Ask, ...]:
    """:func:`_rank_asks` as a shared tuple. Looked up by the ranks held; else made by a loop (compiled) or picked in C
    by :func:`itertools.compress` from the seat's rows, the masks repeated once per target (from source)."""
    key: object = _legal_key(seat, masks, active) if _COMPILED else (seat, active, masks.translate(_HELD))
    asks = _LEGAL.get(key)
    if asks is None:
        if len(_LEGAL) >= _LEGAL_MAX:
            _LEGAL.clear()
        if _COMPILED:  # a loop in C
            table = _RANK_ASKS[seat]
            held = [r for r in range(1, 14) if masks[r]]
            asks = tuple([table[t][r] for t, a in enumerate(active) if a and t != seat for r in held])
        else:
            rows, targets = _ROWS.get((seat, active)) or _ask_rows(seat, active)
            asks = tuple(compress(rows, masks * targets))
        _LEGAL[key] = asks
    return asks


def _legal(seat: int, hand: Sequence[Card], active: Sequence[bool], rules: RuleSet) -> list[Ask]:
    """Every ask of ``seat`` under authors: each active opponent, each held rank, each card of it (but a held card
    unless the rules allow it), in that order."""
    held_ranks = sorted({c[0] for c in hand})
    targets = [t for t, a in enumerate(active) if a and t != seat]
    out: list[Ask] = []
    held = set(hand)
    for t in targets:
        for r in held_ranks:
            for s in SUITS:
                card = Card(r, s)
                if card in held and not rules.may_ask_for_held_card:
                    continue
                out.append(_ask(seat, t, r, card))
    return out
