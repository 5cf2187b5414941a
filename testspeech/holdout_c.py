"""Hold-out set C: written on 4 December 2026 (22:50 UTC) **before** the re-decode that checks a rank of Whisper's
prompt (issue #27, bench/history/asr.md item 11) was written or tried, and never to be tuned on.

Set B's misses were read on 4 December (its two wrong-played rows, to see whether the prompt's example ranks were
behind them), so set B can no longer judge a change aimed at such misses blind. Set C has its own tables (players
named nowhere else in the project's test speech), its own phrasings of asks, commands and table talk, and its own
seeds (200–259); it is said by the same hold-out voices (:data:`testspeech.HOLDOUT`; no other voice that sounds like
a person installs here), built and drawn exactly as set B (:func:`testspeech.holdout_b.draw`). It is measured with
hands (``bench/asr_realistic.py --set c --hands``): every asker holds the rank asked for, as in a game.

Look at its numbers, never at its misses.

    from testspeech.holdout_c import samples
    for s in samples():             # the fixed set: every condition, voices and seeds in turn
        audio = render(s)           # testspeech.sets.render
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from testspeech import holdout_b
from testspeech.corpus import Table, Utterance

if TYPE_CHECKING:
    from testspeech.sets import Sample

__all__ = [
    "CONDITIONS",
    "PER_CONDITION",
    "SEEDS",
    "TABLES",
    "asks",
    "commands",
    "samples",
    "talk",
    "utterances",
]

SEEDS: tuple[int, ...] = tuple(range(200, 260))
"""Set C's seeds (noise draws, babble talkers and sentences, piper takes): neither tuning nor set A nor set B."""

CONDITIONS: tuple[str, ...] = holdout_b.CONDITIONS
"""The conditions set C is measured in (as set B)."""

PER_CONDITION = 120
"""Asks and commands per condition (drawn once, with a fixed seed, from the 163 of set C)."""

TABLES: tuple[Table, ...] = (
    Table(("Henrik", "Zainab", "Felix", "Noor"), "Noor", "holdout"),
    Table(("Carmen", "Tobias", "Hana"), "Hana", "holdout"),
    Table(("Dmitri", "Grace", "Malik", "Sofia"), "Sofia", "holdout"),
)
"""Set C's tables: players named nowhere else in the project's test speech."""

# {n} a player's name, {r} a rank in the plural, {r1} in the singular with its article ("a jack", "an ace").
_ASKS: tuple[str, ...] = (
    "{n}, could I have your {r}?",
    "Do you have {r1}, {n}?",
    "{n}, hand over your {r}.",
    "{n}, any {r} at all?",
    "I'd like your {r}, {n}.",
    "{n}, give me all of your {r}, please.",
    "{n}, my turn. Do you have any {r}?",
    "Let me ask {n} for {r}.",
    "{n}, {r}, please.",
    "Um, {n}, have you got {r1}?",
)

_COMMANDS: tuple[tuple[str, dict[str, Any]], ...] = (
    ("tell me my cards", {"type": "read_hand"}),
    ("what's the score now?", {"type": "score"}),
    ("how many cards are left in the pond?", {"type": "stock"}),
    ("whose turn is it now?", {"type": "whose_turn"}),
    ("how many cards has {n} got?", {"type": "count", "target": "{n}"}),
    ("say that again please", {"type": "repeat"}),
    ("how do I play this?", {"type": "help"}),
    ("hold on, pause the game", {"type": "pause"}),
    ("I want to stop playing now", {"type": "quit"}),
    ("please talk more slowly", {"type": "slower"}),
    ("talk a bit faster", {"type": "faster"}),
)

_TALK: tuple[str, ...] = (
    "{n}, pass the popcorn please",
    "I think {n} has all the {r}",
    "{n}, it's your turn to shuffle next time",
    "I never get any {r} in this game",
    "{n}, did you see the match last night?",
    "who wants another drink",
    "{n} always wins at this",
    "I had three {r} a minute ago",
    "{n}, don't look at my cards",
    "this deck is getting worn out",
    "ask {n} about the {r}, go on",
    "my cat likes to sit on the cards",
)


def asks() -> list[Utterance]:
    """Every ask phrasing with every rank, the table and the player asked rotating."""
    return holdout_b.asks(TABLES, _ASKS)


def commands() -> list[Utterance]:
    """Every command phrasing at every table."""
    return holdout_b.commands(TABLES, _COMMANDS)


def talk() -> list[Utterance]:
    """Table talk naming players and ranks, at every table: never to be acted on."""
    return holdout_b.talk(TABLES, _TALK)


def utterances() -> list[Utterance]:
    """Asks, commands and talk of set C."""
    return asks() + commands() + talk()


def samples(
    conditions: Sequence[str] = CONDITIONS, per_condition: int = PER_CONDITION, *, talk_lines: int | None = None
) -> list[Sample]:
    """The fixed set, drawn as set B's (:func:`testspeech.holdout_b.samples`) with its own label and seeds."""
    return holdout_b.draw("holdout C", asks() + commands(), talk(), SEEDS, conditions, per_condition, talk_lines)
