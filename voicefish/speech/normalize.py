"""Text normalisation shared by the templates and the parser (so both see words the same way)."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

__all__ = ["MAX_CHARS", "match_tokens", "named_in", "spoken_form"]

MAX_CHARS = 1000
"""Longer text is never a game command: the parser answers ``none`` without looking further."""

_APOSTROPHES = str.maketrans({"\u2019": "'", "\u2018": "'", "\u02bc": "'", "`": "'", "\u00b4": "'"})
_NOT_WORD = re.compile(r"[^\w']+")
_SPOKEN_SPLIT = re.compile(r"[^\w']+")


def _strip_accents(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def spoken_form(text: str) -> tuple[str, ...]:
    """How a recognizer would write ``text``: lower case, apostrophes kept, other punctuation dropped.

    ``"Mary-Jane"`` → ``("mary", "jane")``; ``"What's"`` → ``("what's",)``.
    """
    text = unicodedata.normalize("NFC", text).translate(_APOSTROPHES).casefold()
    return tuple(w.strip("'") for w in _SPOKEN_SPLIT.split(text) if w.strip("'"))


def match_tokens(text: str) -> list[str]:
    """The tokens used for matching: lower case, no accents, no apostrophes, no punctuation.

    ``"Priya — got any 7's?"`` → ``["priya", "got", "any", "7s"]``. Underscores and control characters
    split words; characters of other scripts stay (they simply match nothing).
    """
    text = unicodedata.normalize("NFKC", text).translate(_APOSTROPHES).casefold()
    text = _strip_accents(text).replace("'", "").replace("_", " ")
    return [t for t in _NOT_WORD.split(text) if t]


def match_key(text: str) -> str:
    """One word or phrase in matching form: ``"I'll ask"`` → ``"ill ask"``."""
    return " ".join(match_tokens(text))


def named_in(text: str, names: Iterable[tuple[tuple[str, ...], str]]) -> set[str]:
    """The players whose name ``text`` writes out as whole words: ``names`` pairs each way a player is named (its
    :func:`match_tokens`) with the player. ``named_in("Leo, any fours?", [(("leo",), "Leo")])`` → ``{"Leo"}``."""
    tokens = match_tokens(text)
    return {
        player
        for said, player in names
        if said and any(tuple(tokens[i : i + len(said)]) == said for i in range(len(tokens) - len(said) + 1))
    }
