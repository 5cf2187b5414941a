"""Snapping free text to the table's sentences by how the words *sound*, and by what is possible right now.

An open-vocabulary recognizer (Whisper) writes what it hears in plain English, and its misses are near-homophones a
game can resolve: "aids" for eights, "force" for fours, "tents" for tens, "knives" for nines. Matching by spelling
picks wrong ranks ("tents" is as close to "tens" as "tools" to "twos" only by sound), so every word is turned into
its phones — ARPAbet from pocketsphinx's CMU dictionary, and for a word it lacks (a name) from espeak-ng's IPA or
the spelling, the same way the pocketsphinx backend pronounces names — and whole sentences are compared as phone
strings (rapidfuzz's Levenshtein on one character per phone, once with voicing pairs merged: "d"/"t", "z"/"s").

The situation weighs the choice between sentences that sound nearly alike: the players who can be asked (never the
speaker), the asker's ranks when known, and the question being answered (while the table confirms a move, only yes,
no or quit). It only weighs: a sentence heard clearly for a rank the speaker does not hold still wins.

Nothing here decides whether to act: :class:`Snap` carries the evidence (phone score, spelling score, the margin to
the nearest other intent) for the recognizer's confidence.
"""

from __future__ import annotations

import functools
import gc
import re
from collections.abc import Callable, Collection, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from rapidfuzz import fuzz, process
from rapidfuzz.distance import Levenshtein

from voicefish.cards import Rank
from voicefish.speech.grammar import Grammar
from voicefish.speech.intents import Ask, Intent, No, NoIntent, Quit, Yes
from voicefish.speech.normalize import match_key, match_tokens
from voicefish.speech.parser import Parser

__all__ = ["SITUATION_BONUS", "Snap", "SoundMatcher", "phones", "ranks_written", "spell_digits"]

SITUATION_BONUS = 3.0
"""Points added to a sentence's sound score when it fits the situation (a rank the asker holds). Small on purpose:
it settles near-ties between sentences that sound alike, never overrules a clearly heard one."""
_SHORTLIST = 40

# One character per ARPAbet phone (stress dropped), and a coarser one where voicing pairs and close vowels merge.
_PHONES = "AA AE AH AO AW AY B CH D DH EH ER EY F G HH IH IY JH K L M N NG OW OY P R S SH T TH UH UW V W Y Z ZH".split()  # noqa: SIM905
_FINE = {p: chr(0x41 + i) for i, p in enumerate(_PHONES)}
_MERGE = {
    "B": "P", "D": "T", "G": "K", "V": "F", "Z": "S", "ZH": "SH", "DH": "TH", "JH": "CH",
    "AA": "AO", "AH": "AO", "IH": "IY", "UH": "UW", "EH": "AE", "NG": "N",
}  # fmt: skip
_COARSE = {p: _FINE[_MERGE.get(p, p)] for p in _PHONES}
_DIGITS = {
    "1": "one", "2": "two", "3": "three", "4": "four", "5": "five", "6": "six", "7": "seven", "8": "eight",
    "9": "nine", "10": "ten", "11": "eleven", "12": "twelve", "13": "thirteen",
}  # fmt: skip
_NUMBER = re.compile(r"^(\d+)(s|es)?$")


def spell_digits(tokens: Iterable[str]) -> list[str]:
    """Numbers as words, as the grammar writes them: ``7s`` → ``sevens``, ``2`` → ``two``, ``6s`` → ``sixes``."""
    out: list[str] = []
    for t in tokens:
        m = _NUMBER.match(t)
        if m and m.group(1) in _DIGITS:
            word = _DIGITS[m.group(1)]
            out.append(word + ("es" if word.endswith("x") else "s") if m.group(2) else word)
        else:
            out.append(t)
    return out


def words_said(grammar: Grammar, text: str) -> str:
    """``text`` as match tokens without the words the grammar skips ("um, Fatima." → "fatima"): what was said to a
    question that asks for one word (a name or a rank alone)."""
    skipped = {match_key(w) for w in grammar.fillers}
    return " ".join(w for w in match_tokens(text) if w not in skipped)


def ranks_written(grammar: Grammar, text: str) -> set[Rank]:
    """The ranks whose words (plural or singular, or digits: a number is a rank written out in every language; not
    the misheard forms the parser also takes, such as "for" or "too") ``text`` writes out."""
    return set(_ranks_in_order(grammar, text))


def first_rank_written(grammar: Grammar, text: str) -> Rank | None:
    """The rank of the first word of a rank ``text`` writes out (as :func:`ranks_written`), or None."""
    return next(iter(_ranks_in_order(grammar, text)), None)


def _ranks_in_order(grammar: Grammar, text: str) -> list[Rank]:
    """The rank of each word of a rank ``text`` writes out, in the text's order."""
    words = _rank_words(grammar)
    tokens = spell_digits(match_tokens(text)) if grammar.lang == "en" else match_tokens(text)
    return [words[t] for t in tokens if t in words]


@functools.lru_cache(maxsize=16)
def _rank_words(grammar: Grammar) -> dict[str, Rank]:
    entries = grammar.ranks.items()
    words = {match_key(w): r for r, e in entries for w in (*e.plural, *e.singular) if match_key(w)}
    words.update({w: r for r, e in entries for w in e.parse_only if w.isdigit()})  # "hai dei 7?" (no digits spelt)
    return words


@functools.cache
def _cmudict() -> dict[str, tuple[str, ...]]:
    """pocketsphinx's CMU dictionary (first pronunciation of each word), loaded once."""
    try:
        import pocketsphinx
    except ImportError:  # pragma: no cover - a dependency
        return {}
    path = Path(pocketsphinx.get_model_path()) / "en-us" / "cmudict-en-us.dict"
    if not path.is_file():
        path = Path(pocketsphinx.get_model_path()) / "cmudict-en-us.dict"
    words: dict[str, tuple[str, ...]] = {}
    try:
        with path.open(encoding="utf-8", errors="replace") as handle:
            for line in handle:
                parts = line.split()
                if len(parts) < 2 or "(" in parts[0]:
                    continue
                words.setdefault(parts[0].lower(), tuple(p.rstrip("012") for p in parts[1:]))
    except OSError:
        return {}
    return words


@functools.cache
def phones(word: str) -> tuple[str, ...]:
    """ARPAbet phones of one word (matching form, lower case): the CMU dictionary, else espeak-ng, else spelling."""
    word = word.lower().replace("'", "")
    found = _cmudict().get(word)
    if found is not None:
        return found
    from voicefish.speech.pronounce import pronounce  # espeak-ng's IPA or the spelling, as pocketsphinx names are

    return tuple(p for p in pronounce(word)[0] if p in _FINE)


def _encode(words: Iterable[str], phones_of: Callable[[str], tuple[str, ...]] = phones) -> tuple[str, str]:
    ph = [p for w in words for p in phones_of(w)]
    return "".join(_FINE[p] for p in ph), "".join(_COARSE[p] for p in ph)


NAME_SOUNDS_LIKE = 0.6
"""How alike (:func:`sound_likeness`) a word must be to a player's name to be that name misheard ("wendy" for Wen:
0.6; "when", "ben" 0.67 to 1; "yes", "don't", "hand" 0.25-0.33): the last words of an utterance that is the start of
an ask (``voicefish.table.voice.unfinished``), a word in the place of the name a snap filled in
(``voicefish.audio.whisper``)."""


def sound_likeness(said: Iterable[str], meant: Iterable[str]) -> float:
    """How alike two word sequences sound, 0..1 (Levenshtein on their phones, one character per phone); 0 when
    either has no phones."""
    a, b = _encode(said)[0], _encode(meant)[0]
    return float(Levenshtein.normalized_similarity(a, b)) if a and b else 0.0


@dataclass(frozen=True, slots=True)
class Snap:
    """The table sentence nearest to a text by sound, and the evidence for trusting it."""

    sentence: str
    """The table sentence chosen (empty when there was nothing to compare)."""
    intent: Intent
    """Its intent (``NoIntent`` when none)."""
    score: float
    """How alike they sound, 0–100 (half exact phones, half with voicing pairs merged), before the situation."""
    spelling: float
    """How alike they are spelled (rapidfuzz ratio of the words), 0–100."""
    margin: float
    """How much better it sounds than the best sentence with another intent (0: a tie)."""
    fits: bool
    """It fits the situation (a rank the asker holds, or any sentence when that is unknown)."""
    rank_margin: float = 100.0
    """For an ask: how much better it sounds (phones only, no situation bonus) than the best-sounding ask for
    another rank the asker could ask for ("tens" against "sevens"); 100 when there is none."""


_NONE = Snap("", NoIntent(), 0.0, 0.0, 0.0, False)


@dataclass(frozen=True, slots=True)
class _Coded:
    """A table's sentences encoded as phones: the same for every hand, so made once per table and grammar."""

    grammar: object
    sentences: list[str]
    intents: list[Intent]
    fine: list[str]
    coarse: list[str]
    phones: Callable[[str], tuple[str, ...]]
    spell: Callable[[Iterable[str]], list[str]]


_CODED: dict[tuple[object, ...], _Coded] = {}


def _coded(parser: Parser) -> _Coded:
    """The encoded sentences of ``parser``'s table (the last 8 tables kept: a new hand does not encode again)."""
    ctx, grammar = parser.ctx, parser.grammar
    key = (id(grammar), ctx.players, ctx.me, ctx.rules, tuple(sorted(ctx.aliases.items())), ctx.computers)
    hit = _CODED.get(key)
    if hit is not None and hit.grammar is grammar:
        return hit
    with _collector_paused():  # millions of small immutable objects, no cycles: the collector only slows it down
        coded = _encode_table(parser)
    while len(_CODED) >= 8:
        del _CODED[next(iter(_CODED))]
    _CODED[key] = coded
    return coded


@contextmanager
def _collector_paused() -> Iterator[None]:
    """Python's cyclic garbage collector off for the block (and back on after, if it was on)."""
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.enable()


def _encode_table(parser: Parser) -> _Coded:
    """Every sentence of ``parser``'s table with its intent and its sounds."""
    ctx, grammar = parser.ctx, parser.grammar
    pairs = list(grammar.sentences(ctx, parse_only=True))
    sentences = [s for s, _ in pairs]
    split = [s.split() for s in sentences]
    tokens = {w: match_tokens(w) for w in {w for words in split for w in words}}  # each word worked out once
    lang = getattr(grammar, "lang", "en")
    phones_of: Callable[[str], tuple[str, ...]] = phones
    spell: Callable[[Iterable[str]], list[str]] = spell_digits
    if lang != "en":  # the table's language: its own sounds and its own digits (voicefish.speech.sounds_lang)
        from voicefish.speech.sounds_lang import language_phones

        phones_of, spell = language_phones(lang, {t for ts in tokens.values() for t in ts}), list
    codes = {w: _encode(ts, phones_of) for w, ts in tokens.items()}  # a sentence's code joins its words' codes
    return _Coded(
        grammar,
        sentences,
        [i for _, i in pairs],
        ["".join(codes[w][0] for w in words) for words in split],
        ["".join(codes[w][1] for w in words) for words in split],
        phones_of,
        spell,
    )


class SoundMatcher:
    """Snaps texts to one table's sentences by sound. Build one per table and hand (the sentences are encoded once
    per table)."""

    def __init__(self, parser: Parser, hand: Collection[Rank] | None = None) -> None:
        self.parser = parser
        self.hand = frozenset(hand) if hand is not None else None
        coded = _coded(parser)
        self._sentences = coded.sentences
        self._intents = coded.intents
        self._phones = coded.phones
        self._spell = coded.spell
        self._fine = coded.fine
        self._coarse = coded.coarse
        self._answers = [i for i, intent in enumerate(self._intents) if isinstance(intent, Yes | No | Quit)]

    def _fits(self, intent: Intent) -> bool:
        if isinstance(intent, Ask):
            return self.hand is None or intent.rank in self.hand
        return True

    def snap(self, text: str, *, answering: bool = False) -> Snap:
        """The sentence of this table that ``text`` sounds most like; ``answering``: only yes, no or quit."""
        fillers = set(self.parser.grammar.fillers)
        words = [w for w in self._spell(match_tokens(text)) if w not in fillers]
        if not words or not self._sentences:
            return _NONE
        fine, coarse = _encode(words, self._phones)
        if not fine:
            return _NONE
        choices: dict[int, str] | list[str]
        choices = {i: self._fine[i] for i in self._answers} if answering else self._fine
        shortlist = process.extract(
            fine, choices, scorer=Levenshtein.normalized_similarity, limit=_SHORTLIST, score_cutoff=0.3
        )
        if not shortlist:
            return _NONE
        scored: list[tuple[float, float, int]] = []
        for _choice, sim, index in shortlist:
            idx = int(index)
            sound = 50.0 * float(sim) + 50.0 * Levenshtein.normalized_similarity(coarse, self._coarse[idx])
            bonus = SITUATION_BONUS if self._fits(self._intents[idx]) and self.hand is not None else 0.0
            scored.append((sound + bonus, sound, idx))
        scored.sort(key=lambda t: -t[0])
        best_total, best_sound, best = scored[0]
        intent = self._intents[best]
        rival = next((t for t, _s, i in scored[1:] if self._intents[i] != intent), 0.0)
        spelling = float(fuzz.ratio(" ".join(words), " ".join(match_tokens(self._sentences[best]))))
        rank_margin = 100.0
        if isinstance(intent, Ask):
            rivals = [
                snd
                for _t, snd, i in scored[1:]
                if isinstance(other := self._intents[i], Ask) and other.rank != intent.rank and self._fits(other)
            ]
            rank_margin = max(0.0, best_sound - max(rivals)) if rivals else 100.0
        return Snap(
            sentence=self._sentences[best],
            intent=intent,
            score=best_sound,
            spelling=spelling,
            margin=max(0.0, best_total - rival),
            fits=self._fits(intent),
            rank_margin=rank_margin,
        )
