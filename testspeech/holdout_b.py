"""Hold-out set B: a bigger hold-out set, written on 2 December 2026 (16:05 UTC) **before** the second round of
tuning the Whisper ear (issue #27), and never to be tuned on.

Set A (the hold-out phrasings, tables and seeds 100–109 of :mod:`testspeech.corpus` and :mod:`testspeech.voices`)
was small (20 asks and commands per condition: one miss was 5 points) and its misses were read while tuning, so
it is no longer clean hold-out material. Set B has its own tables (players), its own phrasings of asks, commands
and table talk, and its own seeds (110–159); it is said by the hold-out voices only (:data:`testspeech.HOLDOUT`,
espeak-ng one voice of six). Per condition it has :data:`PER_CONDITION` asks and commands and every one of its
talk lines, so one miss moves a condition by less than one point.

Look at its numbers, never at its misses, when changing the recognizer, the grammar or the parser: a phrasing that
set B shows missing must be found again in the tuning material before it is added.

    from testspeech.holdout_b import samples
    for s in samples():             # the fixed set: every condition, voices and seeds in turn
        audio = render(s)           # testspeech.sets.render
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from testspeech.corpus import RANKS, Table, Utterance
from testspeech.voices import HOLDOUT

if TYPE_CHECKING:
    from testspeech.sets import Sample

__all__ = [
    "CONDITIONS",
    "PER_CONDITION",
    "SEEDS",
    "TABLES",
    "asks",
    "commands",
    "draw",
    "samples",
    "talk",
    "utterances",
]

SEEDS: tuple[int, ...] = tuple(range(110, 160))
"""Set B's seeds (noise draws, babble talkers and sentences, piper takes): neither tuning nor set A."""

CONDITIONS: tuple[str, ...] = ("clean", "babble20", "babble10")
"""The conditions set B is measured in (names of :data:`testspeech.noise.CONDITIONS`)."""

PER_CONDITION = 120
"""Asks and commands per condition (drawn once, with a fixed seed, from the 153 of set B)."""

TABLES: tuple[Table, ...] = (
    Table(("Ingrid", "Tariq", "Mei", "Paul"), "Paul", "holdout"),
    Table(("Nadia", "Bruno", "Keisha"), "Keisha", "holdout"),
    Table(("Lars", "Amara", "Diego", "Rosa"), "Rosa", "holdout"),
)
"""Set B's tables: players seen nowhere else in the project's test speech."""

# {n} a player's name, {r} a rank in the plural, {r1} in the singular with its article ("a jack", "an ace").
_ASKS: tuple[str, ...] = (
    "{n}, do you happen to have any {r}?",
    "{n}, got any {r} for me?",
    "Any {r}, {n}?",
    "{n}, I'm looking for {r}.",
    "OK {n}, give me your {r}.",
    "{n}, have you got any {r}, please?",
    "So {n}, any {r} in your hand?",
    "{n}, is there {r1} in your hand?",
    "Right, {n}, I'll take your {r}.",
)

_COMMANDS: tuple[tuple[str, dict[str, Any]], ...] = (
    ("which cards have I got?", {"type": "read_hand"}),
    ("read out my hand", {"type": "read_hand"}),
    ("who's ahead?", {"type": "score"}),
    ("how big is the pile now?", {"type": "stock"}),
    ("whose go is it?", {"type": "whose_turn"}),
    ("how many does {n} have left?", {"type": "count", "target": "{n}"}),
    ("what did you say?", {"type": "repeat"}),
    ("I need some help", {"type": "help"}),
    ("can we take a break?", {"type": "pause"}),
    ("I'm done, quit the game", {"type": "quit"}),
    ("slower please", {"type": "slower"}),
    ("can you speed up a bit?", {"type": "faster"}),
)

_TALK: tuple[str, ...] = (
    "{n}, do you want some crisps?",
    "I bet {n} is hiding the {r}",
    "no more {r} for me tonight",
    "{n}, stop peeking at the deck",
    "whose idea was this game anyway",
    "{n}, remember when you had four {r}?",
    "I'm going to win this round",
    "{n}, your phone is ringing",
    "we need more {r} in this deck",
    "let's order food after this game",
    "{n} asked me for {r} last time",
    "can somebody open a window?",
)


def _article(word: str) -> str:
    return ("an " if word[0] in "aeiou" else "a ") + word


def asks(tables: Sequence[Table] = TABLES, phrasings: Sequence[str] = _ASKS) -> list[Utterance]:
    """Every ask phrasing with every rank, the table and the player asked rotating."""
    out: list[Utterance] = []
    for i, phrasing in enumerate(phrasings):
        for j, (code, (plural, singular)) in enumerate(RANKS.items()):
            table = tables[(i + j) % len(tables)]
            target = table.others[(i * 5 + j) % len(table.others)]
            text = phrasing.format(n=target, r=plural, r1=_article(singular))
            expected = {"type": "ask", "target": target, "rank": code}
            out.append(Utterance(text, table.players, table.me, expected, "holdout"))
    return out


def commands(
    tables: Sequence[Table] = TABLES, phrasings: Sequence[tuple[str, dict[str, Any]]] = _COMMANDS
) -> list[Utterance]:
    """Every command phrasing at every table."""
    out: list[Utterance] = []
    for k, table in enumerate(tables):
        for i, (text, expected) in enumerate(phrasings):
            target = table.others[(i + k) % len(table.others)]
            filled = {key: v.format(n=target) if isinstance(v, str) else v for key, v in expected.items()}
            out.append(Utterance(text.format(n=target), table.players, table.me, filled, "holdout"))
    return out


def talk(tables: Sequence[Table] = TABLES, lines: Sequence[str] = _TALK) -> list[Utterance]:
    """Table talk naming players and ranks, at every table: never to be acted on."""
    out: list[Utterance] = []
    for k, table in enumerate(tables):
        for i, text in enumerate(lines):
            target = table.others[(i + k) % len(table.others)]
            plural = list(RANKS.values())[(3 * i + k) % len(RANKS)][0]
            out.append(Utterance(text.format(n=target, r=plural), table.players, table.me, None, "holdout"))
    return out


def utterances() -> list[Utterance]:
    """Asks, commands and talk of set B."""
    return asks() + commands() + talk()


def samples(
    conditions: Sequence[str] = CONDITIONS, per_condition: int = PER_CONDITION, *, talk_lines: int | None = None
) -> list[Sample]:
    """The fixed set: per condition ``per_condition`` asks and commands (the same seeded draw every time) and
    ``talk_lines`` talk lines (default all 36), said by the hold-out voices in turn (another voice for the same
    utterance in the next condition), each with its own seed of :data:`SEEDS`."""
    return draw("holdout B", asks() + commands(), talk(), SEEDS, conditions, per_condition, talk_lines)


def draw(
    label: str,
    said: Sequence[Utterance],
    chatter: Sequence[Utterance],
    seeds: Sequence[int],
    conditions: Sequence[str],
    per_condition: int,
    talk_lines: int | None,
) -> list[Sample]:
    """A hold-out set's fixed draw (:func:`samples`), seeded by ``label`` and the condition."""
    from testspeech.sets import Sample

    n_talk = len(chatter) if talk_lines is None else talk_lines
    out: list[Sample] = []
    k = 0
    for c, cond in enumerate(conditions):
        rnd = random.Random(f"{label} {cond}")
        picked = rnd.sample(list(said), min(per_condition, len(said)))
        picked += rnd.sample(list(chatter), min(n_talk, len(chatter)))
        for i, u in enumerate(picked):
            out.append(Sample(u, HOLDOUT[(i + c) % len(HOLDOUT)], cond, seeds[k % len(seeds)]))
            k += 1
    return out
