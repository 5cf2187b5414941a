"""Text → intent, with the same templates that generate the recognizer grammars.

The text is normalised (lower case, no punctuation or accents, "u" → "you"); player mentions (names,
nicknames, "player two", "the computer", and unknown words close to a name by rapidfuzz) become
placeholders and rank words are tagged with their rank; then the words are matched against every
template at once as one compiled regular expression (built once per grammar, not per table).

Stages, each tried only when the one before found nothing, and the score bands they give:

1. the words as said — 100 for an exact sentence, less for misheard names and parse-only word forms;
2. without the filler words ("um", "okay so", "please") — 2 points less per filler;
3. an ask with a player after dropping up to 3 words at the start or end — at most
   :data:`RELAXED_MAX_SCORE` (60), refused when a dropped word is a rank, a player or a ``[not_a_move]``
   word of the grammar ("I should ask Sam for kings");
4. one player + one rank + an ask cue word ("Sam, hand me your aces") — :data:`CUE_SCORE` (45).

No match is an ordinary ``NoIntent`` with score 0. Callers should confirm anything scoring under 70
("Sam, for sevens?") and may play higher scores directly.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from rapidfuzz import fuzz, process

from voicefish.cards import Rank, Suit
from voicefish.speech.grammar import Grammar, TableContext, Template, build_intent, load_grammar
from voicefish.speech.intents import Ambiguous, Ask, Intent, NoIntent
from voicefish.speech.names import NameMatcher
from voicefish.speech.normalize import MAX_CHARS, match_key, match_tokens
from voicefish.speech.template import to_regex, words_in

__all__ = [
    "CONFIRM_BELOW",
    "CUE_SCORE",
    "GUESSED_NAME_MAX_SCORE",
    "MAX_WORDS",
    "RELAXED_MAX_SCORE",
    "ParseResult",
    "Parser",
]

MAX_WORDS = 40
"""More words than this are never one game command: ``none`` at once."""

_FILLER_PENALTY = 2.0
_PARSE_ONLY_PENALTY = 4.0
_AMBIGUOUS_PENALTY = 10.0
_TRIM_PENALTY = 8.0
_MAX_TRIM = 3
RELAXED_MAX_SCORE = 60.0
"""An ask found only after dropping words around it never scores more than this: confirm it first."""
CONFIRM_BELOW = 70.0
"""Results scoring less than this are guesses (relaxed or cue-based asks, badly misheard names): confirm them."""
GUESSED_NAME_MAX_SCORE = 65.0
"""A move whose player was matched only as a misheard name (rapidfuzz) scores at most this: confirm it first."""
CUE_SCORE = 45.0
"""The score of an ask found from its cue words alone (no template matched): always confirm it."""
_MAX_CUE_WORDS = 12
_MARK = "@"
_OWNER = "%"
_RANK_TAG = "#"
_MAX_READINGS = 8
_UNTAG = re.compile(r"#[^ ]*")


def is_move(intent: Intent) -> bool:
    """An intent that plays a move (an ask), as opposed to a question or command."""
    return isinstance(intent, Ask)


SPELLED_MIN = 3
"""Letters: a run of at least this many single letters is read as a spelled word when it spells one (the shortest
rank words, "ace", "six", "ten", have three)."""


def unspelled(tokens: list[str], words: set[str] | frozenset[str]) -> list[str]:
    """``tokens`` with each run of single letters that spells one of ``words`` joined into it: a rank spelled out
    ("leo s e v e n", "S-E-V-E-N" as a recognizer may write it) is the rank (issue 33: another way for a player
    whose rank keeps being misheard). A leading "a" or "i" may be a word of its own ("a s i x"). Other letters
    stay as they are."""
    out: list[str] = []
    i = 0
    while i < len(tokens):
        j = i
        while j < len(tokens) and len(tokens[j]) == 1 and tokens[j].isalpha():
            j += 1
        if j - i < SPELLED_MIN:
            out.extend(tokens[i : max(j, i + 1)])
            i = max(j, i + 1)
            continue
        word = "".join(tokens[i:j])
        if word in words:
            out.append(word)
        elif tokens[i] in ("a", "i") and j - i > SPELLED_MIN and word[1:] in words:
            out += [tokens[i], word[1:]]
        else:
            out.extend(tokens[i:j])
        i = j
    return out


def _untag(text: str) -> str:
    return _UNTAG.sub("", text)


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

    @property
    def needs_confirm(self) -> bool:
        """A command the game should confirm before acting ("Sam, for sevens?"): score under :data:`CONFIRM_BELOW`."""
        return not isinstance(self.intent, NoIntent) and self.score < CONFIRM_BELOW


@dataclass(frozen=True, slots=True)
class _Who:
    """A player mention found in the words: who it may mean and how sure we are."""

    players: tuple[str, ...]
    score: float
    """100 for an exact name or alias; the rapidfuzz ratio for a misheard one."""


class Parser:
    """Parses text for one table. Build a new one when the table changes (cheap: the regexes are per grammar)."""

    def __init__(self, ctx: TableContext, grammar: Grammar | None = None) -> None:
        self.ctx = ctx
        self.grammar = grammar if grammar is not None else load_grammar("en")
        g = self.grammar
        self.names = NameMatcher(g.name_forms(ctx))
        self._c = _compile(g)
        self._blocking = g.not_a_move | set(self._c.rank_of)
        self._sentences: tuple[list[str], list[tuple[str, Intent]]] | None = None
        self._longest_name = max((len(k.split()) for k in (*self.names.exact, *self.names.possessive)), default=1)

    # --- parsing -------------------------------------------------------------------

    def nearest(self, text: str) -> tuple[str, Intent, float]:
        """The sentence of this table's grammar closest to ``text``, its intent, and the rapidfuzz ratio (0–100).

        A confidence signal for text from an open-vocabulary decode ("ask them for kings" is 86 from "ask sam
        for kings"); it never makes a move by itself — use :meth:`parse` for that. ``("", NoIntent(), 0.0)``
        when there is nothing to compare.
        """
        try:
            key = " ".join(match_tokens(text))[:MAX_CHARS] if isinstance(text, str) else ""
        except Exception:
            key = ""
        if not key:
            return "", NoIntent(), 0.0
        if self._sentences is None:
            pairs = list(self.grammar.sentences(self.ctx))
            self._sentences = ([match_key(s) for s, _ in pairs], pairs)
        keys, pairs = self._sentences
        best = process.extractOne(key, keys, scorer=fuzz.ratio)
        if best is None:
            return "", NoIntent(), 0.0
        sentence, intent = pairs[best[2]]
        return sentence, intent, float(best[1])

    def parse(self, text: str) -> ParseResult:
        """Parse ``text``; never raises (anything unparseable is ``NoIntent`` with score 0)."""
        try:
            return self._parse(text)
        except Exception:  # a bug must not stop a game: it is simply not understood
            return ParseResult(NoIntent(), 0.0, text if isinstance(text, str) else "")

    def _mentions(self, tokens: list[str]) -> tuple[list[list[str]], list[_Who]]:
        """The words with player mentions replaced by ``@k`` (``%k`` possessive), in every reading.

        A name that is also a grammar word (a player called "Will" or "Jack") is read both ways;
        an unknown word close to a name becomes a misheard mention.
        """
        c = self._c
        who: list[_Who] = []
        pieces: list[list[str]] = []  # each piece: the readings of one stretch of words
        i = 0
        while i < len(tokens):
            found = None
            for size in range(min(self._longest_name, len(tokens) - i), 0, -1):
                key = " ".join(tokens[i : i + size])
                if key in self.names.exact:
                    found = (size, key, self.names.exact[key], _MARK)
                    break
                if key in self.names.possessive:
                    found = (size, key, self.names.possessive[key], _OWNER)
                    break
            if found is not None:
                size, key, players, mark = found
                who.append(_Who(players, 100.0))
                placeholder = f"{mark}{len(who) - 1}"
                if all(w in c.known for w in key.split()):
                    pieces.append([placeholder, " ".join(c.tag(w) for w in key.split())])
                else:
                    pieces.append([placeholder])
                i += size
                continue
            tok = tokens[i]
            i += 1
            if tok in c.known or tok[0].isdigit():
                pieces.append([c.tag(tok)])
                continue
            players, score = self.names.fuzzy(tok)
            owners, owner_score = self.names.fuzzy(tok[:-1]) if tok.endswith("s") else ((), 0.0)
            if owners and owner_score > score:
                who.append(_Who(owners, owner_score))
                pieces.append([f"{_OWNER}{len(who) - 1}"])
            elif players:
                who.append(_Who(players, score))
                pieces.append([f"{_MARK}{len(who) - 1}"])
            else:
                pieces.append([tok])
        readings: list[list[str]] = [[]]
        for options in pieces:
            readings = [[*r, o] for r in readings for o in options][:_MAX_READINGS]
        return readings, who

    def _parse(self, text: str) -> ParseResult:
        if not isinstance(text, str) or len(text) > MAX_CHARS:
            return ParseResult(NoIntent("too long" if isinstance(text, str) else ""), 0.0, str(text)[:0])
        spell = self.grammar.spellings
        tokens = [spell.get(t, t) for t in unspelled(match_tokens(text), self._c.known | set(self.names.exact))]
        if not tokens or len(tokens) > MAX_WORDS:
            return ParseResult(NoIntent(), 0.0, text)
        readings, who = self._mentions(tokens)
        c = self._c
        for reading in readings:
            line = " ".join(reading) + " "
            m = c.regex.fullmatch(line)
            if m is not None:
                return self._result(m, line, who, text, skipped=0, trimmed=0)
            # fillers: first around the sentence, one at a time from each end ("hold on, pause", "uh, wait",
            # "okay so ... please"), then anywhere
            for said, skipped in _peeled(line, c.lead_filler, c.tail_filler):
                m = c.regex.fullmatch(said)
                if m is not None:
                    return self._result(m, said, who, text, skipped=skipped, trimmed=0)
            stripped, n = c.fillers.subn("", line)
            m = c.regex.fullmatch(stripped) if n and stripped else None
            if m is not None:
                return self._result(m, stripped, who, text, skipped=n, trimmed=0)
        words = c.fillers.sub("", " ".join(readings[0]) + " ").split()
        m, line, trimmed = self._relaxed(words)
        if m is not None:
            return self._result(m, line, who, text, skipped=0, trimmed=trimmed)
        return self._by_cues(words, who, text)

    def _result(
        self, m: re.Match[str], line: str, who: list[_Who], text: str, *, skipped: int, trimmed: int
    ) -> ParseResult:
        c = self._c
        if m.lastgroup is None:
            return ParseResult(NoIntent(), 0.0, text)
        index = int(m.lastgroup[1:])
        template = c.templates[index]
        penalty = _FILLER_PENALTY * skipped + _TRIM_PENALTY * trimmed
        bindings: dict[str, object] = {}
        guessed_name = False
        for group, slot in c.groups[index]:
            value = m.group(group)
            if value is None:
                continue
            value = _untag(value.strip())
            if slot in ("name", "names"):
                mention = who[int(value[1:])]
                penalty += (100.0 - mention.score) * 0.6
                guessed_name = guessed_name or mention.score < 100.0
                bindings[slot] = mention.players
            elif slot in ("rank", "rank1"):
                rank, parse_only = c.rank_of[value]
                if trimmed and parse_only and value.isalpha():
                    return ParseResult(NoIntent(), 0.0, text)  # "priya for" is no ask once words were dropped
                penalty += _PARSE_ONLY_PENALTY if parse_only else 0.0
                bindings[slot] = rank
            elif slot == "suit":
                suit, parse_only = c.suit_of[value]
                penalty += _PARSE_ONLY_PENALTY if parse_only else 0.0
                bindings[slot] = suit
        intent = build_intent(template.intent, bindings, self.ctx)
        if isinstance(intent, Ambiguous):
            penalty += _AMBIGUOUS_PENALTY
        score = 0.0 if isinstance(intent, NoIntent) else max(1.0, 100.0 - penalty)
        if trimmed:
            score = min(score, RELAXED_MAX_SCORE)
        if guessed_name and is_move(intent):
            # A word that is not a name at the table ("Lea" with Leo there) is never snapped to a player silently:
            # the move is asked back first ("Leo, for sevens?").
            score = min(score, GUESSED_NAME_MAX_SCORE)
        return ParseResult(intent, score, text, template.text, tuple(_untag(line).split()))

    def _by_cues(self, words: list[str], who: list[_Who], text: str) -> ParseResult:
        """The last resort for asks: one player, one rank (or card), an ask cue, no [not_a_move] word.

        "Sam, hand me your aces" → ask Sam for aces with score :data:`CUE_SCORE` (the game confirms it).
        Ranks must be said plainly (no homophones such as "for" or "to"); anything else gives ``NoIntent``.
        """
        g = self.grammar
        c = self._c
        nothing = ParseResult(NoIntent(), 0.0, text)
        plain = [_untag(w) for w in words]
        if not plain or len(plain) > _MAX_CUE_WORDS or not any(w in g.ask_cues for w in plain):
            return nothing
        if any(w in g.not_a_move for w in plain):
            return nothing
        named = [who[int(w[1:])] for w in plain if w[0] in (_MARK, _OWNER) and w[1:].isdigit()]
        ranks = [c.rank_of[w][0] for w in plain if w in c.rank_of and not (c.rank_of[w][1] and w.isalpha())]
        suits = [c.suit_of[w][0] for w in plain if w in c.suit_of]
        if not named and len(set(ranks)) == 1 and len(suits) <= 1:
            return self._nobody(plain, text) or nothing
        if len(named) != 1 or len(set(ranks)) != 1 or len(suits) > 1:
            return nothing
        bindings: dict[str, object] = {"name": named[0].players, "rank": ranks[0]}
        if suits:
            bindings["suit"] = suits[0]
        intent = build_intent("ask", bindings, self.ctx)
        if isinstance(intent, NoIntent):
            return ParseResult(intent, 0.0, text)
        score = CUE_SCORE - (_AMBIGUOUS_PENALTY if isinstance(intent, Ambiguous) else 0.0)
        return ParseResult(intent, score, text, "(ask cues)", tuple(plain))

    def _nobody(self, plain: list[str], text: str) -> ParseResult | None:
        """An ask for one rank that names no player in the game, its one word the grammar does not know written as a
        name ("Bob, any aces?": capitalised, or followed by a comma; typed, since a recognizer hears only the game's
        names): not a move, with the reason the table can say ("nobody called Bob is in this game"). None otherwise
        ("ask them for kings" stays plain talk)."""
        unknown = [w for w in plain if w not in self._c.known and not w[0].isdigit()]
        if len(unknown) != 1 or unknown[0][0] in (_MARK, _OWNER):
            return None
        written = re.search(rf"\b({re.escape(unknown[0])})\b\s*(,?)", text, re.IGNORECASE)
        if written is None or not (written.group(1)[0].isupper() or written.group(2)):
            return None
        return ParseResult(NoIntent(f"nobody called {written.group(1).capitalize()} is in this game"), 0.0, text)

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
                dropped = [_untag(w) for w in (*words[:head], *words[n - tail :])]
                if any(w in self._blocking or w[0] in (_MARK, _OWNER) for w in dropped):
                    continue
                line = " ".join(words[head : n - tail]) + " "
                m = self._c.relaxed.fullmatch(line)
                if m is not None:
                    return m, line, total
        return None, "", 0


@dataclass(frozen=True, slots=True)
class _Compiled:
    """Everything the parser derives from a grammar alone (independent of the table, so built once)."""

    templates: list[Template]
    groups: list[list[tuple[str, str]]]
    """Per template: (regex group, slot) pairs."""
    regex: re.Pattern[str]
    """Every template; ``match.lastgroup`` is ``t<index>``."""
    relaxed: re.Pattern[str]
    """Only the asks that name a player (for the relaxed second try)."""
    fillers: re.Pattern[str]
    lead_filler: re.Pattern[str]
    tail_filler: re.Pattern[str]
    """One filler at the start (``tail_filler``: at the end): stripped one at a time before all at once, so that a
    filler that is also a sentence ("wait", "sorry what") stays when a filler beside it goes ("uh, wait", "wait
    please")."""
    rank_of: dict[str, tuple[Rank, bool]]
    """Matching-form word → (rank, parse only)."""
    suit_of: dict[str, tuple[Suit, bool]]
    known: frozenset[str]
    """Every word the grammar uses (never taken for a misheard name)."""
    rank_tag: dict[str, str]

    def tag(self, word: str) -> str:
        """Rank words carry their rank (``"for"`` → ``"for#4"``), so the regex needs no rank alternation."""
        return self.rank_tag.get(word, word)


@functools.lru_cache(maxsize=8)
def _compile(g: Grammar) -> _Compiled:
    """The regular expressions of ``g`` (cached per grammar: compiling takes 0.1–0.5 s).

    Each template is a named group ``t<i>``; its slots are groups ``t<i>_<k>``. The outermost group closes
    last, so ``match.lastgroup`` names the template that matched (the first one in file order). Player
    mentions are ``@k`` (``%k`` possessive) placeholders and rank words are tagged ``word#code``, so the
    expressions do not depend on the table.
    """
    rank_of: dict[str, tuple[Rank, bool]] = {}
    for rank, entry in g.ranks.items():
        for w in (*entry.plural, *entry.singular):
            rank_of[match_key(w)] = (rank, False)
        for w in entry.parse_only:
            rank_of.setdefault(match_key(w), (rank, True))
    suit_of: dict[str, tuple[Suit, bool]] = {}
    for suit, entry in g.suits.items():
        for w in (*entry.plural, *entry.singular):
            suit_of[match_key(w)] = (suit, False)
        for w in entry.parse_only:
            suit_of.setdefault(match_key(w), (suit, True))
    rank_tag = {k: f"{k}{_RANK_TAG}{r.code}" for k, (r, _) in rank_of.items()}
    known: set[str] = set(rank_of) | set(suit_of)
    for number in g.numbers.values():
        known.update(match_key(w) for w in (*number.plural, *number.parse_only))
    for f in g.fillers:
        known.update(match_tokens(f))
    for node in (*(t.node for t in g.templates), *g.rules.values(), *g.aliases.values()):
        for w in words_in(node):
            known.update(match_tokens(w))
    known = {w for k in known for w in k.split()}

    def alt(keys: Iterable[str]) -> str:
        return "|".join(re.escape(k) for k in sorted(keys, key=len, reverse=True) if k)

    tagged_rank = rf"[^ {_RANK_TAG}]+{_RANK_TAG}[^ ]+"
    alternatives = {
        "name": re.escape(_MARK) + r"\d+",
        "names": re.escape(_OWNER) + r"\d+",
        "rank": tagged_rank,
        "rank1": tagged_rank,
        "suit": alt(suit_of),
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

        body = to_regex(t.node, g.rules, pattern, lambda w: rank_tag.get(w, w))
        parts.append(f"(?P<t{i}>{body})")
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
        lead_filler=re.compile("^" + one),
        tail_filler=re.compile(rf"(?<![^ ]){one}$"),
        rank_of=rank_of,
        suit_of=suit_of,
        known=frozenset(known),
        rank_tag=rank_tag,
    )


def _peeled(line: str, lead: re.Pattern[str], tail: re.Pattern[str]) -> Iterator[tuple[str, int]]:
    """``line`` with fillers taken off its start and its end one at a time (each start, then each end of it), and
    how many were taken: every way but ``line`` itself, never an empty one."""
    start, n = line, 0
    while start:
        end, k = start, 0
        while end:
            if n + k:
                yield end, n + k
            cut = tail.sub("", end, count=1)
            end, k = (cut, k + 1) if cut != end else ("", k)
        cut = lead.sub("", start, count=1)
        start, n = (cut, n + 1) if cut != start else ("", n)
