"""The table's word graph: the sentences the decoder listens for (a minimal automaton of every sentence, a loop of
common words beside it), and the words of a decode."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Any

from voicefish.audio.confidence import ANSWERS

_WHOLE = "-whole"
"""The name suffix of a table's second searches: the best path that is a whole sentence (``retry_whole``)."""
_ADAPTED = "+adapted"
"""The name part of a table's searches for an adapted speaker (:data:`ADAPTED_SETTINGS`), before ``_WHOLE``."""

GARBAGE_WORDS: tuple[str, ...] = (
    "the",
    "a",
    "to",
    "and",
    "it",
    "is",
    "that",
    "this",
    "was",
    "i",
    "you",
    "we",
    "they",
    "he",
    "she",
    "on",
    "in",
    "at",
    "with",
    "so",
    "but",
    "oh",
    "well",
    "just",
    "really",
    "very",
    "think",
    "know",
    "look",
    "like",
    "love",
    "good",
    "nice",
    "time",
    "there",
    "here",
    "what",
    "where",
    "when",
    "why",
    "lucky",
    "again",
    "people",
    "thing",
    "going",
    "come",
    "pass",
    "open",
    "eat",
    "drink",
    "water",
    "dinner",
    "tea",
    "dog",
    "cat",
    "ha",
    "hmm",
    "wow",
    "great",
    "bad",
    "funny",
    "game",
    "cards",
)
"""A loop of common words offered beside the game sentences (a garbage model): chatter that fits them better
than any game sentence comes out through the loop and is rejected. Short and common on purpose."""
CONFIRM_ANSWERS = ANSWERS
"""The intents the table acts on while it confirms a move: the only sentences decoded then."""
CONFIRM_LEFT_OUT = frozenset(
    ["absolutely", "affirmative", "negative", "incorrect", "leave", "exit", "course", "do", "over", "we're", "nah"]
)
"""Answers with these words are left out of the word graphs (they stay in the parser and in typed play).
Noise and short words were forced into them ("no" heard as "absolutely", "yep" as "leave"): without them,
measured on hold-out voices (``asr_bench.py --answers --expect confirm --streamed``), answers acted on wrongly
fell from 4.0 to 1.5 % and a wrong "yes" from 2.0 to 0 %, while exact answers rose from 54.5 to 56.5 %."""


def _plain(word: str) -> str:
    """``on(2)`` → ``on``: drop the alternative-pronunciation marker."""
    return re.sub(r"\(\d+\)$", "", word)


_FILLER = re.compile(r"^(<.*>|\[.*\]|\+.*\+|SIL)$")


def _words(segs: Sequence[tuple[str, int, int, float]]) -> list[tuple[str, int, int, float]]:
    """The word segments of a decode without fillers, each word without its pronunciation marker."""
    return [(_plain(w), s, e, a) for w, s, e, a in segs if not _FILLER.match(w)]


def _sentence(segs: Sequence[tuple[str, int, int, float]]) -> str:
    """The words of a decode, as the table's sentences spell them."""
    return " ".join(w for w, *_ in _words(segs))


Transition = tuple[int, int, float, str]


def build_fsg(
    sentences: Iterable[str], garbage: Sequence[str] = (), garbage_weight: float = 0.05
) -> tuple[int, int, list[Transition]]:
    """A word graph accepting exactly ``sentences`` (plus, optionally, any run of ``garbage`` words).

    Returns ``(start, final, transitions)`` for ``Decoder.create_fsg``. The graph is the minimal acyclic
    automaton of the sentences (shared prefixes and suffixes merged), with probabilities that make every
    sentence equally likely; ``garbage`` words loop on a state of their own entered with ``garbage_weight``.
    """
    end = ""
    root: dict[str, Any] = {}
    for sentence in sentences:
        node = root
        for w in sentence.split():
            node = node.setdefault(w, {})
        node[end] = True
    ids: dict[tuple[bool, tuple[tuple[str, int], ...]], int] = {}
    info: dict[int, tuple[bool, tuple[tuple[str, int], ...]]] = {}
    count: dict[int, int] = {}

    def canon(node: dict[str, Any]) -> int:
        arcs = tuple(sorted((w, canon(c)) for w, c in node.items() if w != end))
        sig = (end in node, arcs)
        if sig not in ids:
            i = len(ids)
            ids[sig] = i
            info[i] = sig
            count[i] = (1 if sig[0] else 0) + sum(count[c] for _, c in arcs)
        return ids[sig]

    top = canon(root)
    pure_end = ids.get((True, ()))
    start, final = 0, 1
    num = {top: start}
    for i in sorted(info):
        if i != pure_end and i not in num:
            num[i] = len(num) + 1
    trans: list[Transition] = []
    sentence_share = 1.0 - garbage_weight if garbage else 1.0
    for i in sorted(info):
        if i == pure_end:
            continue
        is_end, arcs = info[i]
        total = count[i] - (1 if is_end else 0)
        share = sentence_share if i == top else 1.0
        for w, c in arcs:
            c_end, c_arcs = info[c]
            if c_end:
                trans.append((num[i], final, share / total, w))
            if c_arcs:
                trans.append((num[i], num[c], share * (count[c] - (1 if c_end else 0)) / total, w))
    if garbage:
        loop = len(num) + 1
        p = 1.0 / len(garbage)
        for w in garbage:
            trans.append((start, loop, garbage_weight * p, w))
            trans.append((loop, loop, 0.5 * p, w))
            trans.append((loop, final, 0.5 * p, w))
    return start, final, trans


def _search_key(kind: str, adapted: bool, whole: bool) -> str:
    """A table's search of ``kind`` (turn, confirm): for an adapted speaker or not, first or second pass; the
    search's name ends with it, so ``_WHOLE`` ends a second pass's name."""
    return f"{kind}{_ADAPTED if adapted else ''}{_WHOLE if whole else ''}"
