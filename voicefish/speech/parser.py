"""Text → intent, with the same templates that generate the recognizer grammars.

The text is normalised (lower case, no punctuation or accents), unknown words close to a player's
name are marked as misheard names (rapidfuzz), and the words are matched against every template at
once as one compiled regular expression. When nothing matches, the filler words ("um", "please",
"okay so") are dropped and the match is tried again. No match is an ordinary ``NoIntent``.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from voicefish.cards import Rank, Suit
from voicefish.speech.grammar import Grammar, TableContext, Template, build_intent, load_grammar
from voicefish.speech.intents import Ambiguous, Intent, NoIntent
from voicefish.speech.names import NameMatcher
from voicefish.speech.normalize import MAX_CHARS, match_key, match_tokens
from voicefish.speech.template import to_regex, words_in

__all__ = ["CUE_SCORE", "MAX_WORDS", "RELAXED_MAX_SCORE", "ParseResult", "Parser"]

MAX_WORDS = 40
"""More words than this are never one game command: ``none`` at once."""

_FILLER_PENALTY = 2.0
_PARSE_ONLY_PENALTY = 4.0
_AMBIGUOUS_PENALTY = 10.0
_TRIM_PENALTY = 8.0
_MAX_TRIM = 3
RELAXED_MAX_SCORE = 60.0
"""An ask found only after dropping words around it never scores more than this: confirm it first."""
CUE_SCORE = 45.0
"""The score of an ask found from its cue words alone (no template matched): always confirm it."""
_MAX_CUE_WORDS = 12
_MARK = "@"


@dataclass(frozen=True, slots=True)
class ParseResult:
    """What the parser made of one text."""

    intent: Intent
    """The intent; ``NoIntent`` when the text matched no template."""
    score: float
    """How well the text matched a template sentence, 0–100 (100: word for word; 0: no match)."""
    text: str
    """The text as given."""
    template: str = ""
    """The template line that matched (empty when none did), for explanations and debugging."""
    words: tuple[str, ...] = field(default=())
    """The normalised words that were matched (fillers removed when that was needed)."""


class Parser:
    """Parses text for one table. Build a new one when the table changes (a player leaves)."""

    def __init__(self, ctx: TableContext, grammar: Grammar | None = None) -> None:
        self.ctx = ctx
        self.grammar = grammar if grammar is not None else load_grammar("en")
        g = self.grammar
        self.names = NameMatcher(g.name_forms(ctx))
        self._rank_of: dict[str, tuple[Rank, bool]] = {}
        for rank, entry in g.ranks.items():
            for w in (*entry.plural, *entry.singular):
                self._rank_of[match_key(w)] = (rank, False)
            for w in entry.parse_only:
                self._rank_of.setdefault(match_key(w), (rank, True))
        self._suit_of: dict[str, tuple[Suit, bool]] = {}
        for suit, entry in g.suits.items():
            for w in (*entry.plural, *entry.singular):
                self._suit_of[match_key(w)] = (suit, False)
            for w in entry.parse_only:
                self._suit_of.setdefault(match_key(w), (suit, True))
        self._known = self._known_words()
        self._c = _compile(g, tuple(sorted(self.names.exact)), tuple(sorted(self.names.possessive)))
        self._blocking = g.not_a_move | set(self._rank_of) | set(self.names.exact) | set(self.names.possessive)

    # --- building ------------------------------------------------------------------

    def _known_words(self) -> set[str]:
        g = self.grammar
        words: set[str] = set(self._rank_of) | set(self._suit_of)
        for entry in g.numbers.values():
            words.update(match_key(w) for w in (*entry.plural, *entry.parse_only))
        for f in g.fillers:
            words.update(match_tokens(f))
        for node in (*(t.node for t in g.templates), *g.rules.values(), *g.aliases.values()):
            for w in words_in(node):
                words.update(match_tokens(w))
        return {w for k in words for w in k.split()}

    # --- parsing -------------------------------------------------------------------

    def parse(self, text: str) -> ParseResult:
        """Parse ``text``; never raises (anything unparseable is ``NoIntent`` with score 0)."""
        try:
            return self._parse(text)
        except Exception:  # a bug must not stop a game: it is simply not understood
            return ParseResult(NoIntent(), 0.0, text if isinstance(text, str) else "")

    def _parse(self, text: str) -> ParseResult:
        if not isinstance(text, str) or len(text) > MAX_CHARS:
            return ParseResult(NoIntent("too long" if isinstance(text, str) else ""), 0.0, str(text)[:0])
        spell = self.grammar.spellings
        tokens = [spell.get(t, t) for t in match_tokens(text)]
        if not tokens or len(tokens) > MAX_WORDS:
            return ParseResult(NoIntent(), 0.0, text)
        fuzzy: list[tuple[tuple[str, ...], float, str]] = []
        marked: list[str] = []
        for tok in tokens:
            if tok in self._known or tok in self.names.exact or tok in self.names.possessive or tok[0].isdigit():
                marked.append(tok)
                continue
            players, score = self.names.fuzzy(tok, possessive=True)
            if players:
                marked.append(f"{_MARK}{len(fuzzy)}")
                fuzzy.append((players, score, tok))
            else:
                marked.append(tok)
        line = " ".join(marked) + " "
        c = self._c
        skipped = 0
        trimmed = 0
        m = c.regex.fullmatch(line)
        if m is None:
            # fillers: first only around the sentence ("okay so ... please"), then anywhere
            for strip in (c.edge_fillers, c.fillers):
                stripped, n = strip.subn("", line)
                if n and stripped:
                    m = c.regex.fullmatch(stripped)
                    if m is not None:
                        line, skipped = stripped, n
                        break
        if m is None:
            m, line, trimmed = self._relaxed(c.fillers.sub("", line).split())
        if m is None:
            return self._by_cues(c.fillers.sub("", " ".join(marked) + " ").split(), fuzzy, text)
        if m.lastgroup is None:
            return ParseResult(NoIntent(), 0.0, text)
        index = int(m.lastgroup[1:])
        template = c.templates[index]
        penalty = _FILLER_PENALTY * skipped + _TRIM_PENALTY * trimmed
        bindings: dict[str, object] = {}
        for group, slot in c.groups[index]:
            value = m.group(group)
            if value is None:
                continue
            value = value.strip()
            if slot in ("name", "names"):
                if value.startswith(_MARK):
                    players, score, _heard = fuzzy[int(value[1:])]
                    penalty += (100.0 - score) * 0.6
                else:
                    table = self.names.exact if slot == "name" else self.names.possessive
                    players = table[value]
                bindings[slot] = players
            elif slot in ("rank", "rank1"):
                rank, parse_only = self._rank_of[value]
                if trimmed and parse_only and value.isalpha():
                    return ParseResult(NoIntent(), 0.0, text)  # "priya for" is no ask once words were dropped
                penalty += _PARSE_ONLY_PENALTY if parse_only else 0.0
                bindings[slot] = rank
            elif slot == "suit":
                suit, parse_only = self._suit_of[value]
                penalty += _PARSE_ONLY_PENALTY if parse_only else 0.0
                bindings[slot] = suit
        intent = build_intent(template.intent, bindings, self.ctx)
        if isinstance(intent, Ambiguous):
            penalty += _AMBIGUOUS_PENALTY
        score = 0.0 if isinstance(intent, NoIntent) else max(1.0, 100.0 - penalty)
        if trimmed:
            score = min(score, RELAXED_MAX_SCORE)
        return ParseResult(intent, score, text, template.text, tuple(line.split()))

    def _by_cues(self, words: list[str], fuzzy: list[tuple[tuple[str, ...], float, str]], text: str) -> ParseResult:
        """The last resort for asks: one player, one rank (or card), an ask cue, no [not_a_move] word.

        "Sam, hand me your aces" → ask Sam for aces with score :data:`CUE_SCORE` (the game confirms it).
        Ranks must be said plainly (no homophones such as "for" or "to"); anything else gives ``NoIntent``.
        """
        g = self.grammar
        nothing = ParseResult(NoIntent(), 0.0, text)
        if not words or len(words) > _MAX_CUE_WORDS or not any(w in g.ask_cues for w in words):
            return nothing
        if any(w in g.not_a_move for w in words):
            return nothing
        line = " " + " ".join(words) + " "
        who: list[tuple[str, ...]] = []
        for w in words:
            if w.startswith(_MARK):
                who.append(fuzzy[int(w[1:])][0])
        for key, players in self.names.exact.items():
            if f" {key} " in line:
                who.append(players)
        ranks = [self._rank_of[w][0] for w in words if w in self._rank_of and not self._is_homophone(w)]
        suits = [self._suit_of[w][0] for w in words if w in self._suit_of]
        if len(who) != 1 or len(set(ranks)) != 1 or len(suits) > 1:
            return nothing
        bindings: dict[str, object] = {"name": who[0], "rank": ranks[0]}
        if suits:
            bindings["suit"] = suits[0]
        intent = build_intent("ask", bindings, self.ctx)
        if isinstance(intent, NoIntent):
            return ParseResult(intent, 0.0, text)
        score = CUE_SCORE - (_AMBIGUOUS_PENALTY if isinstance(intent, Ambiguous) else 0.0)
        return ParseResult(intent, score, text, "(ask cues)", tuple(words))

    def _is_homophone(self, word: str) -> bool:
        rank_parse_only = self._rank_of[word][1]
        return rank_parse_only and word.isalpha()

    def _relaxed(self, words: list[str]) -> tuple[re.Match[str] | None, str, int]:
        """An ask with a player found after dropping up to 3 words at the start and end.

        "Okay, my turn. Leo, any queens?" → "leo any queens". Refused when a dropped word is a rank, a
        player, or in the grammar's ``[not_a_move]`` list ("I should ask Sam for kings", "Sam, kings are wild").
        """
        n = len(words)
        for total in range(1, _MAX_TRIM + 1):
            for head in range(total + 1):
                tail = total - head
                if n - total < 2:
                    continue
                dropped = words[:head] + words[n - tail :]
                if any(w in self._blocking or w.startswith(_MARK) for w in dropped):
                    continue
                line = " ".join(words[head : n - tail]) + " "
                m = self._c.relaxed.fullmatch(line)
                if m is not None:
                    return m, line, total
        return None, "", 0


@dataclass(frozen=True, slots=True)
class _Compiled:
    templates: list[Template]
    groups: list[list[tuple[str, str]]]
    """Per template: (regex group, slot) pairs."""
    regex: re.Pattern[str]
    """Every template; ``match.lastgroup`` is ``t<index>``."""
    relaxed: re.Pattern[str]
    """Only the asks that name a player (for the relaxed second try)."""
    fillers: re.Pattern[str]
    edge_fillers: re.Pattern[str]


@functools.lru_cache(maxsize=64)
def _compile(g: Grammar, name_keys: tuple[str, ...], owner_keys: tuple[str, ...]) -> _Compiled:
    """Regular expressions for all templates of ``g`` with these names (cached: compiling takes ~0.1 s).

    Each template is a named group ``t<i>``; its slots are groups ``t<i>_<k>``. The outermost group closes
    last, so ``match.lastgroup`` names the template that matched (the first one in file order).
    """
    rank_keys = {match_key(w) for e in g.ranks.values() for w in (*e.plural, *e.singular, *e.parse_only)}
    suit_keys = {match_key(w) for e in g.suits.values() for w in (*e.plural, *e.singular, *e.parse_only)}

    def alt(keys: Iterable[str]) -> str:
        return "|".join(re.escape(k) for k in sorted(keys, key=len, reverse=True) if k)

    mark = re.escape(_MARK) + r"\d+"
    alternatives = {
        "name": f"{alt(name_keys)}|{mark}" if name_keys else mark,
        "names": f"{alt(owner_keys)}|{mark}" if owner_keys else mark,
        "rank": alt(rank_keys),
        "rank1": alt(rank_keys),
        "suit": alt(suit_keys),
    }
    templates = list(g.templates)
    all_groups: list[list[tuple[str, str]]] = []
    parts: list[str] = []
    relaxed: list[str] = []
    for i, t in enumerate(templates):
        groups: list[tuple[str, str]] = []

        def pattern(slot: str, i: int = i, groups: list[tuple[str, str]] = groups) -> str:
            group = f"t{i}_{len(groups)}"
            groups.append((group, slot))
            return f"(?P<{group}>(?:{alternatives[slot]})) "

        parts.append(f"(?P<t{i}>{to_regex(t.node, g.rules, pattern)})")
        all_groups.append(groups)
        if t.intent == "ask" and "name" in t.slots:
            relaxed.append(parts[-1])
    fillers = sorted({match_key(f) for f in g.fillers if match_key(f)}, key=len, reverse=True)
    one = "(?:" + "|".join(re.escape(f) for f in fillers) + ") "
    return _Compiled(
        templates=templates,
        groups=all_groups,
        regex=re.compile("|".join(parts)),
        relaxed=re.compile("|".join(relaxed)),
        fillers=re.compile(r"(?<![^ ])" + one),
        edge_fillers=re.compile(rf"^(?:{one})+|(?<![^ ])(?:{one})+$"),
    )
