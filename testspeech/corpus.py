"""What people say at a Go Fish table, with the intent each means: asks, commands, yes/no, and table talk.

Written by hand from how people talk, never generated from grammar/en.txt (the recognizers' grammar must not be
the measure of itself). Expected intents are the JSON objects ``voicefish parse --json`` prints, e.g.
``{"type": "ask", "target": "Priya", "rank": "J"}``; table talk has ``expected=None``: it must not be acted on.

Every utterance is ``tuning`` or ``holdout``: hold-out phrasings and tables (players) are never used for tuning.
Some names are missing from the pocketsphinx dictionary (Priya, Kwame, Yuki, Ximena, Olu).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

__all__ = [
    "RANKS",
    "TABLES",
    "Split",
    "Table",
    "Utterance",
    "all_utterances",
    "answers",
    "asks",
    "commands",
    "talk",
]

Split = Literal["tuning", "holdout"]


@dataclass(frozen=True, slots=True)
class Table:
    """Players at a table and who is speaking (``me``)."""

    players: tuple[str, ...]
    me: str
    split: Split

    @property
    def others(self) -> tuple[str, ...]:
        return tuple(p for p in self.players if p != self.me)


@dataclass(frozen=True, slots=True)
class Utterance:
    """One thing said at a table: ``expected`` is the ``voicefish parse --json`` object, None for table talk."""

    text: str
    players: tuple[str, ...]
    me: str
    expected: dict[str, Any] | None
    split: Split

    @property
    def is_talk(self) -> bool:
        return self.expected is None


TABLES: tuple[Table, ...] = (
    Table(("Priya", "Sam", "Leo"), "Sam", "tuning"),
    Table(("Aisha", "Kwame", "Tom"), "Tom", "tuning"),
    Table(("Yuki", "Marcus", "Chloe", "Dev"), "Dev", "tuning"),
    Table(("Ximena", "Oskar", "Beth"), "Beth", "holdout"),
    Table(("Olu", "Siobhan", "Ravi", "Hamish"), "Hamish", "holdout"),
    Table(("Fatima", "Wen", "Joe"), "Joe", "holdout"),
)
"""The tables: names from several languages, some not in cmudict. Hold-out tables have their own players."""

RANKS: dict[str, tuple[str, str]] = {
    "A": ("aces", "ace"),
    "2": ("twos", "two"),
    "3": ("threes", "three"),
    "4": ("fours", "four"),
    "5": ("fives", "five"),
    "6": ("sixes", "six"),
    "7": ("sevens", "seven"),
    "8": ("eights", "eight"),
    "9": ("nines", "nine"),
    "10": ("tens", "ten"),
    "J": ("jacks", "jack"),
    "Q": ("queens", "queen"),
    "K": ("kings", "king"),
}
"""Rank code → (plural, singular) as people say them."""

# {n} a player's name, {r} a rank in the plural, {r1} in the singular with its article ("a jack", "an ace").
_ASKS: dict[Split, tuple[str, ...]] = {
    "tuning": (
        "{n}, do you have any {r}?",
        "Got any {r}, {n}?",
        "{n}, can I have your {r} please",
        "do you have any {r}, {n}?",
        "{n} give me all your {r}",
        "{n}, have you got any {r}?",
        "{n}, do you have {r1}?",
        "I'll ask {n} for {r}.",
    ),
    "holdout": (
        "{n}, any {r}?",
        "Hey {n}, got any {r}?",
        "{n}, hand over your {r}",
        "{n}, I need your {r}",
        "Give me your {r}, {n}.",
        "Um, {n}, do you have any {r}?",
        "{n}, have you got {r1}?",
        "I'm asking {n} for {r}.",
    ),
}

_COMMANDS: dict[Split, tuple[tuple[str, dict[str, Any]], ...]] = {
    "tuning": (
        ("What's in my hand?", {"type": "read_hand"}),
        ("read me my cards", {"type": "read_hand"}),
        ("What's the score?", {"type": "score"}),
        ("How many cards are left in the pile?", {"type": "stock"}),
        ("Whose turn is it?", {"type": "whose_turn"}),
        ("How many cards does {n} have?", {"type": "count", "target": "{n}"}),
        ("Say that again", {"type": "repeat"}),
        ("help", {"type": "help"}),
        ("pause the game", {"type": "pause"}),
        ("I want to quit", {"type": "quit"}),
        ("slow down please", {"type": "slower"}),
        ("talk faster", {"type": "faster"}),
    ),
    "holdout": (
        ("what cards do I have?", {"type": "read_hand"}),
        ("Who's winning?", {"type": "score"}),
        ("How many are left to draw?", {"type": "stock"}),
        ("Is it my turn?", {"type": "whose_turn"}),
        ("How many cards has {n} got?", {"type": "count", "target": "{n}"}),
        ("Sorry, can you repeat that?", {"type": "repeat"}),
        ("What can I say?", {"type": "help"}),
        ("hold on, pause", {"type": "pause"}),
        ("let's stop the game", {"type": "quit"}),
        ("could you speak more slowly", {"type": "slower"}),
        ("a bit quicker please", {"type": "faster"}),
    ),
}

_ANSWERS: dict[Split, tuple[tuple[str, str], ...]] = {
    "tuning": (
        ("yes", "yes"),
        ("yeah", "yes"),
        ("yes please", "yes"),
        ("that's right", "yes"),
        ("sure", "yes"),
        ("no", "no"),
        ("nope", "no"),
        ("no thanks", "no"),
        ("that's wrong", "no"),
    ),
    "holdout": (
        ("yep", "yes"),
        ("correct", "yes"),
        ("yes, that's it", "yes"),
        ("uh huh", "yes"),
        ("nah", "no"),
        ("no, that's not it", "no"),
        ("not that one", "no"),
        ("no way", "no"),
    ),
}

_TALK: dict[Split, tuple[str, ...]] = {
    "tuning": (
        "pass the chips, {n}",
        "{n}, take your time with those {r}",
        "I never get any {r}",
        "{n} always asks for {r}",
        "{n}, do you want a drink?",
        "who wants more tea?",
        "I should have asked for {r}",
        "{n}, don't look at my cards",
        "I love this game",
        "{n}, your turn to shuffle next game",
        "my {r} are cursed tonight",
        "did you see the match last night?",
    ),
    "holdout": (
        "{n}, have you got the time?",
        "I hope {n} doesn't have any {r}",
        "{n} has all the {r}, I bet",
        "who dealt this mess?",
        "{n}, can you pass the water?",
        "I was going to ask for {r}",
        "careful {n}, the cat wants your cards",
        "we should play this at Christmas",
        "{n}, you're so lucky with {r}",
        "I'm hungry, is there any pizza left?",
        "why does {n} keep asking me for {r}",
        "give me a minute to think",
    ),
}


def _article(word: str) -> str:
    return ("an " if word[0] in "aeiou" else "a ") + word


def _tables(split: Split | None) -> list[Table]:
    return [t for t in TABLES if split is None or t.split == split]


def asks(split: Split | None = None) -> list[Utterance]:
    """Asks: every phrasing of the split with every rank, each at one of the split's tables (the table and the
    player asked rotate, so every table and every player is asked about)."""
    out: list[Utterance] = []
    for sp in ("tuning", "holdout") if split is None else (split,):
        tables = _tables(sp)
        for i, phrasing in enumerate(_ASKS[sp]):
            for j, (code, (plural, singular)) in enumerate(RANKS.items()):
                table = tables[(i + j) % len(tables)]
                target = table.others[(i * 5 + j) % len(table.others)]
                text = phrasing.format(n=target, r=plural, r1=_article(singular))
                expected = {"type": "ask", "target": target, "rank": code}
                out.append(Utterance(text, table.players, table.me, expected, sp))
    return out


def commands(split: Split | None = None) -> list[Utterance]:
    """Commands other than asks (the hand, the score, whose turn, repeat, pause, quit, ...), at each table."""
    out: list[Utterance] = []
    for sp in ("tuning", "holdout") if split is None else (split,):
        for k, table in enumerate(_tables(sp)):
            for i, (text, expected) in enumerate(_COMMANDS[sp]):
                target = table.others[(i + k) % len(table.others)]
                filled = {
                    key: value.format(n=target) if isinstance(value, str) else value for key, value in expected.items()
                }
                out.append(Utterance(text.format(n=target), table.players, table.me, filled, sp))
    return out


def answers(split: Split | None = None) -> list[Utterance]:
    """Yes and no in many forms (said when the game asks back)."""
    out: list[Utterance] = []
    for sp in ("tuning", "holdout") if split is None else (split,):
        table = _tables(sp)[0]
        out += [Utterance(text, table.players, table.me, {"type": kind}, sp) for text, kind in _ANSWERS[sp]]
    return out


def talk(split: Split | None = None) -> list[Utterance]:
    """Table talk that names players and ranks but is not a move: the game must not act on it."""
    out: list[Utterance] = []
    for sp in ("tuning", "holdout") if split is None else (split,):
        for k, table in enumerate(_tables(sp)):
            for i, text in enumerate(_TALK[sp]):
                target = table.others[(i + k) % len(table.others)]
                plural = list(RANKS.values())[(3 * i + k) % len(RANKS)][0]
                out.append(Utterance(text.format(n=target, r=plural), table.players, table.me, None, sp))
    return out


def all_utterances(split: Split | None = None) -> list[Utterance]:
    """Asks, commands, answers and talk of ``split`` (both when None)."""
    return asks(split) + commands(split) + answers(split) + talk(split)


def _kind(u: Utterance) -> str:
    if u.expected is None:
        return "talk"
    return {"ask": "ask", "yes": "yes/no", "no": "yes/no"}.get(str(u.expected["type"]), "command")


def text_report() -> list[str]:
    """How the game's parser reads the corpus as text (the ceiling for any recognizer's words): per kind and
    split, right / total (talk: not taken as a move; a guess the game would confirm counts as taken), then the
    misses. ``python -m testspeech.corpus`` prints it."""
    from collections import Counter

    from voicefish.speech.grammar import TableContext
    from voicefish.speech.intents import intent_to_json
    from voicefish.speech.parser import Parser

    parsers: dict[tuple[tuple[str, ...], str], Parser] = {}
    right: Counter[tuple[str, str]] = Counter()
    total: Counter[tuple[str, str]] = Counter()
    misses: list[str] = []
    for u in all_utterances():
        key = (u.players, u.me)
        if key not in parsers:
            parsers[key] = Parser(TableContext(u.players, me=u.me))
        got = intent_to_json(parsers[key].parse(u.text).intent)
        ok = got["type"] == "none" if u.expected is None else got == u.expected
        total[_kind(u), u.split] += 1
        right[_kind(u), u.split] += ok
        if not ok:
            misses.append(f"  {u.split:7} {u.text!r}: expected {u.expected}, parsed {got}")
    lines = [f"{kind:8} {split:7} {right[kind, split]:4} / {n}" for (kind, split), n in sorted(total.items())]
    return [*lines, "misses:", *misses]


if __name__ == "__main__":
    print("\n".join(text_report()))
