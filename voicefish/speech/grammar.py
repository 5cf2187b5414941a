"""The phrase templates of one language, and everything made from them for one table.

``load_grammar("en")`` reads ``grammar/en.txt`` (shipped in the package as ``voicefish/data/grammar``).
For a :class:`TableContext` — the players at the table, the speaker, the rules — a
:class:`Grammar` generates every sentence with its intent, a compact JSGF grammar for pocketsphinx,
the Vosk phrase list and the recognizer vocabulary. The parser matches text with the same templates.
"""

from __future__ import annotations

import functools
import importlib.resources
from collections.abc import Collection, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from voicefish.cards import RANKS, Card, Rank, Suit, parse_rank
from voicefish.rules import RuleSet
from voicefish.speech.intents import (
    INTENT_TYPES,
    Ambiguous,
    Ask,
    Count,
    History,
    Intent,
    NoIntent,
)
from voicefish.speech.names import NameForm, merge_forms, player_forms, possessive
from voicefish.speech.normalize import match_key, spoken_form
from voicefish.speech.template import (
    Binding,
    Node,
    TemplateError,
    expand,
    parse_template,
    slots_in,
    to_jsgf,
)

__all__ = [
    "COMMAND_INTENTS",
    "Grammar",
    "GrammarError",
    "TableContext",
    "Template",
    "VocabEntry",
    "available_languages",
    "build_intent",
    "load_grammar",
]

COMMAND_INTENTS: tuple[str, ...] = tuple(n for n in INTENT_TYPES if n not in ("none", "ambiguous"))
"""The intent sections a grammar file may have, in a fixed order."""
_VOCAB_SECTIONS = (
    "ranks",
    "suits",
    "numbers",
    "fillers",
    "spellings",
    "not_a_move",
    "ask_cues",
    "names",
    "name_forms",
    "rules",
)
_SUIT_BY_CODE = {s.value: s for s in Suit}


class GrammarError(ValueError):
    """A grammar file that cannot be read or does not follow the format."""


@dataclass(frozen=True)
class TableContext:
    """What the grammar needs to know about the table right now."""

    players: tuple[str, ...]
    """The players at the table (one out of cards too: the table answers an ask of them), in seat order, spelled as
    they should come back."""
    me: str | None = None
    """The speaker, who can never be the target of an ask (``None``: unknown)."""
    rules: RuleSet = field(default_factory=RuleSet)
    """The rule set; ``authors`` switches asks to exact cards."""
    aliases: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    """Player → extra spoken names ("Grandma", "Gran")."""
    computers: frozenset[str] = frozenset()
    """The players that are computer players ("the computer" means the one computer player)."""

    def __post_init__(self) -> None:
        if any(not p.strip() for p in self.players):
            raise ValueError("a player name cannot be empty")
        if len(set(self.players)) != len(self.players):
            raise ValueError(f"player names must differ: {', '.join(self.players)}")
        if self.me is not None and self.me not in self.players:
            raise ValueError(f"the speaker {self.me!r} is not one of the players {', '.join(self.players)}")
        unknown = (set(self.aliases) | set(self.computers)) - set(self.players)
        if unknown:
            raise ValueError(f"aliases or computers name unknown players: {', '.join(sorted(unknown))}")

    @property
    def opponents(self) -> tuple[str, ...]:
        """Everyone the speaker may ask (all players when the speaker is unknown)."""
        return tuple(p for p in self.players if p != self.me)

    @property
    def seat_order(self) -> dict[str, int]:
        """Player → 0-based seat."""
        return {p: i for i, p in enumerate(self.players)}


@dataclass(frozen=True)
class VocabEntry:
    """The words of one rank, suit or number."""

    plural: tuple[str, ...]
    """Spoken plural forms, the first one canonical ("sevens"); for numbers the spoken forms."""
    singular: tuple[str, ...]
    """Spoken singular forms ("seven"); empty for numbers."""
    parse_only: tuple[str, ...]
    """Forms understood but never offered to a recognizer: digits, misspellings, misheard words."""


@dataclass(frozen=True)
class Template:
    """One template line of an intent section."""

    intent: str
    """The section, e.g. ``"ask"``."""
    text: str
    """The line as written."""
    node: Node
    """The parsed line."""
    parse_only: bool
    """Written with a leading ``~``: understood, never offered to a recognizer."""
    slots: frozenset[str]
    """The slots it may contain."""


def build_intent(intent: str, bindings: Mapping[str, object], ctx: TableContext) -> Intent:
    """The intent of a matched or generated template.

    ``bindings`` maps slots to values: ``name``/``names`` → tuple of candidate players, ``rank``/``rank1``
    → :class:`Rank`, ``suit`` → :class:`Suit` (rank1 + suit name an exact card). An ask naming only the speaker gives
    ``NoIntent("you cannot ask yourself")``; several candidates give :class:`Ambiguous`.
    """
    who = bindings.get("name", bindings.get("names"))
    candidates: tuple[str, ...] | None = None
    if isinstance(who, tuple):
        candidates = tuple(str(p) for p in who if p in ctx.players)
    if intent == "ask":
        rank = bindings.get("rank", bindings.get("rank1"))
        suit = bindings.get("suit")
        card = Card(rank, suit) if isinstance(rank, Rank) and isinstance(suit, Suit) else None
        if not isinstance(rank, Rank):
            return NoIntent("no rank named")
        exact = card if isinstance(card, Card) and ctx.rules.authors else None
        if candidates is None:
            targets = ctx.opponents
        else:
            targets = tuple(p for p in candidates if p != ctx.me)
            if not targets:
                return NoIntent("you cannot ask yourself" if ctx.me in candidates else "no such player")
        if not targets:
            return NoIntent("no one to ask")
        if len(targets) > 1:
            return Ambiguous(targets, Ask("", rank, exact))
        return Ask(targets[0], rank, exact)
    if intent in ("count", "history"):
        if candidates is None:
            if intent == "history":
                return History(None)
            return Count(ctx.me) if ctx.me is not None else NoIntent("who is speaking is not known")
        if not candidates:
            return NoIntent("no such player")
        if len(candidates) > 1:
            return Ambiguous(candidates, Count("") if intent == "count" else History(""))
        return Count(candidates[0]) if intent == "count" else History(candidates[0])
    cls = INTENT_TYPES[intent]
    made: Intent = cls()
    return made


class Grammar:
    """The phrase templates and vocabulary of one language."""

    def __init__(
        self,
        *,
        lang: str,
        ranks: Mapping[Rank, VocabEntry],
        suits: Mapping[Suit, VocabEntry],
        numbers: Mapping[int, VocabEntry],
        fillers: Iterable[str],
        spellings: Mapping[str, str] | None = None,
        not_a_move: Iterable[str] = (),
        ask_cues: Iterable[str] = (),
        aliases: Mapping[str, Node],
        rules: Mapping[str, Node],
        templates: Iterable[Template],
        name_endings: Mapping[str, tuple[str, ...]] | None = None,
    ) -> None:
        self.lang = lang
        self.ranks = dict(ranks)
        self.suits = dict(suits)
        self.numbers = dict(numbers)
        self.fillers = tuple(fillers)
        self.spellings = dict(spellings or {})
        self.not_a_move = frozenset(match_key(w) for w in not_a_move if match_key(w))
        """Words that, dropped from around a relaxed ask, show the ask was only talked about."""
        self.ask_cues = frozenset(match_key(w) for w in ask_cues if match_key(w))
        """Words that make a sentence naming one player and one rank a (low-score) ask."""
        """Another spelling → the word the templates use, both in matching form (``"u"`` → ``"you"``)."""
        self.aliases = dict(aliases)
        self.rules = dict(rules)
        self.templates = tuple(templates)
        self.name_endings = dict(name_endings or {})
        """A name's ending → the endings of its other forms (Polish "ia" → "iu", "~ię": Kasia → Kasiu, Kasię);
        a leading ``~`` marks a form understood but never offered to a recognizer."""
        self._check()

    # --- reading -----------------------------------------------------------------

    @classmethod
    def from_text(cls, text: str, lang: str = "en") -> Grammar:
        """Read the grammar file format (see ``grammar/en.txt`` for its description)."""
        section: str | None = None
        ranks: dict[Rank, VocabEntry] = {}
        suits: dict[Suit, VocabEntry] = {}
        numbers: dict[int, VocabEntry] = {}
        fillers: list[str] = []
        spellings: dict[str, str] = {}
        not_a_move: list[str] = []
        ask_cues: list[str] = []
        aliases: dict[str, Node] = {}
        rules: dict[str, Node] = {}
        templates: list[Template] = []
        name_endings: dict[str, tuple[str, ...]] = {}
        for lineno, raw in enumerate(text.splitlines(), 1):
            line = raw.strip()
            if not line or line.startswith("#"):
                continue
            where = f"{lang} grammar line {lineno}"
            try:
                if line.startswith("[") and line.endswith("]") and " " not in line:
                    section = line[1:-1]
                    if section not in _VOCAB_SECTIONS and section not in COMMAND_INTENTS:
                        raise GrammarError(f"unknown section [{section}]")
                    continue
                if section is None:
                    raise GrammarError("text before the first [section]")
                if section in ("fillers", "not_a_move", "ask_cues"):
                    {"fillers": fillers, "not_a_move": not_a_move, "ask_cues": ask_cues}[section].extend(
                        w.strip() for w in line.split(",") if w.strip()
                    )
                elif section == "spellings":
                    word, sep, others = line.partition("=")
                    if not sep or not word.strip():
                        raise GrammarError("expected 'word = other, spellings'")
                    for other in others.split(","):
                        if match_key(other):
                            spellings[match_key(other)] = match_key(word)
                elif section in ("ranks", "suits", "numbers"):
                    key, entry = _vocab_line(line, columns=2 if section == "numbers" else 3)
                    if section == "ranks":
                        ranks[parse_rank(key)] = entry
                    elif section == "suits":
                        if key.upper() not in _SUIT_BY_CODE:
                            raise GrammarError(f"unknown suit code {key!r}; codes are S H D C")
                        suits[_SUIT_BY_CODE[key.upper()]] = entry
                    else:
                        numbers[int(key)] = entry
                elif section == "name_forms":
                    ending, sep, others = line.partition("=")
                    forms = tuple(o.strip().casefold() for o in others.split(",") if o.strip())
                    if not sep or not ending.strip() or not forms:
                        raise GrammarError("expected 'ending = other endings'")
                    name_endings[ending.strip().casefold()] = forms
                elif section in ("names", "rules"):
                    key, sep, body = line.partition("=")
                    if not sep or not key.strip():
                        raise GrammarError("expected 'name = template'")
                    (aliases if section == "names" else rules)[key.strip()] = parse_template(body.strip())
                else:
                    parse_only = line.startswith("~")
                    body = line[1:].strip() if parse_only else line
                    node = parse_template(body)
                    templates.append(Template(section, body, node, parse_only, frozenset()))
            except (TemplateError, ValueError) as exc:
                raise GrammarError(f"{where}: {exc}") from None
        missing_refs = [t.text for t in templates if _bad_refs(t.node, rules)]
        if missing_refs:
            raise GrammarError(f"{lang} grammar: unknown <rule> in: {missing_refs[0]}")
        templates = [
            Template(t.intent, t.text, t.node, t.parse_only, frozenset(slots_in(t.node, rules))) for t in templates
        ]
        return cls(
            lang=lang,
            ranks=ranks,
            suits=suits,
            numbers=numbers,
            fillers=fillers,
            spellings=spellings,
            not_a_move=not_a_move,
            ask_cues=ask_cues,
            aliases=aliases,
            rules=rules,
            templates=templates,
            name_endings=name_endings,
        )

    def _check(self) -> None:
        missing = [r.code for r in RANKS if r not in self.ranks]
        if missing:
            raise GrammarError(f"{self.lang} grammar: no words for ranks {' '.join(missing)}")
        if set(self.suits) != set(Suit):
            raise GrammarError(f"{self.lang} grammar: [suits] must give all four suits S H D C")
        seen: dict[str, Rank] = {}
        for rank, entry in self.ranks.items():
            for word in (*entry.plural, *entry.singular, *entry.parse_only):
                key = match_key(word)
                if seen.setdefault(key, rank) != rank:
                    raise GrammarError(f"{self.lang} grammar: {word!r} is given for two ranks")
        for t in self.templates:
            if t.intent == "ask" and not t.slots & {"rank", "rank1"}:
                raise GrammarError(f"{self.lang} grammar: ask template without a rank or card: {t.text}")

    # --- slot values for one table ---------------------------------------------------

    def name_forms(self, ctx: TableContext) -> list[NameForm]:
        """Every way of saying each player at this table (own names, nicknames, seats, "the computer")."""
        forms = player_forms(ctx.players, ctx.aliases)
        forms += self._inflected(forms)
        seat = self.aliases.get("seat")
        if seat is not None:
            for i, player in enumerate(ctx.players, 1):
                entry = self.numbers.get(i)
                if entry is None:
                    continue
                spoken = [(spoken_form(w), True) for w in entry.plural]
                spoken += [(spoken_form(w), False) for w in entry.parse_only]
                for words, ok in spoken:
                    for out, _ in expand(seat, self.rules, {"number": [(words, i)]}):
                        forms.append(NameForm(out, (player,), ok))
        computer = self.aliases.get("computer")
        computers = tuple(p for p in ctx.players if p in ctx.computers)
        if computer is not None and computers:
            forms.extend(NameForm(out, computers) for out, _ in expand(computer, self.rules, {}))
        return merge_forms(forms, ctx.seat_order)

    def _inflected(self, forms: list[NameForm]) -> list[NameForm]:
        """The other forms of each name by the ``[name_forms]`` ending rules (the longest ending that fits wins).

        A form equal to some player's own name or alias is left out, so it never makes that name ambiguous.
        """
        if not self.name_endings:
            return []
        own = {f.key for f in forms}
        endings = sorted(self.name_endings, key=len, reverse=True)
        out: list[NameForm] = []
        for f in forms:
            last = f.spoken[-1]
            ending = next((e for e in endings if last.endswith(e)), None)
            if ending is None:
                continue
            for other in self.name_endings[ending]:
                spoken_ok = f.spoken_ok and not other.startswith("~")
                stem = last[: len(last) - len(ending)] + other.lstrip("~")
                form = NameForm((*f.spoken[:-1], stem), f.players, spoken_ok)
                if form.key not in own:
                    out.append(form)
        return out

    def _slot_values(
        self, ctx: TableContext, hand: Collection[Rank] | None
    ) -> dict[str, list[tuple[tuple[str, ...], object]]]:
        names = [f for f in self.name_forms(ctx) if f.spoken_ok and f.players != (ctx.me,)]
        ranks = [r for r in RANKS if hand is None or r in hand]
        values: dict[str, list[tuple[tuple[str, ...], object]]] = {
            "name": [(f.spoken, f.players) for f in names],
            "names": [(possessive(f.spoken), f.players) for f in names],
            "rank": [(spoken_form(w), r) for r in ranks for w in self.ranks[r].plural],
            "rank1": [(spoken_form(w), r) for r in ranks for w in self.ranks[r].singular],
        }
        values["suit"] = [(spoken_form(w), s) for s in Suit for w in self.suits[s].plural]
        return {k: v for k, v in values.items() if v}

    def _templates_for(self, ctx: TableContext, *, parse_only: bool = False) -> Iterator[Template]:
        for t in self.templates:
            if t.parse_only and not parse_only:
                continue
            if t.intent == "count" and ctx.me is None and not t.slots & {"name", "names"}:
                continue  # "how many cards do I have" needs to know who speaks
            if t.intent == "ask":
                has_card = "suit" in t.slots
                if has_card != ctx.rules.authors:
                    continue
            yield t

    # --- what the recognizers get ------------------------------------------------------

    def sentences(
        self, ctx: TableContext, *, hand: Collection[Rank] | None = None, parse_only: bool = False
    ) -> Iterator[tuple[str, Intent]]:
        """Every sentence the templates generate for this table, with its intent, each sentence once.

        Only players in ``ctx.players`` appear, never the speaker as a target; under ``authors`` asks name
        exact cards, otherwise ranks; ``hand`` keeps only asks for ranks the speaker holds. Fillers are not
        expanded. ``parse_only`` adds the ``~`` templates (never the parse-only vocabulary).
        """
        values = self._slot_values(ctx, hand)
        seen: set[str] = set()
        built: dict[tuple[str, Binding], Intent] = {}  # sentences that differ in small words only share their intent
        for t in self._templates_for(ctx, parse_only=parse_only):
            if not t.slots <= values.keys():
                continue
            for words, binding in expand(t.node, self.rules, values):
                sentence = " ".join(words)
                if sentence in seen:
                    continue
                seen.add(sentence)
                intent = built.get((t.intent, binding))
                if intent is None:
                    intent = built[t.intent, binding] = build_intent(t.intent, _bindings(binding), ctx)
                if not isinstance(intent, NoIntent):
                    yield sentence, intent

    def fragments(self, ctx: TableContext) -> list[str]:
        """The words said alone to the table's two short questions: a player's name ("Did you mean Fatima or Wen?
        Just say the name.") and a rank ("Which cards do you want from Fatima? Just say the rank."), as the
        templates spell them. Not sentences (they mean nothing alone): the table reads them as the answer
        (:func:`voicefish.table.policy.chosen`, :func:`~voicefish.table.policy.rank_for`). A recognizer that
        only hears sentences (pocketsphinx) listens for them too."""
        values = self._slot_values(ctx, None)
        return sorted({" ".join(words) for slot in ("name", "rank", "rank1") for words, _ in values.get(slot, [])})

    def vosk_phrases(self, ctx: TableContext, *, hand: Collection[Rank] | None = None) -> list[str]:
        """The Vosk phrase list: every sentence (use ``json.dumps(phrases + ["[unk]"], ensure_ascii=False)``)."""
        return [s for s, _ in self.sentences(ctx, hand=hand)]

    def vocabulary(self, ctx: TableContext, *, hand: Collection[Rank] | None = None) -> set[str]:
        """Every word a recognizer decoding with this table's grammar may output."""
        words: set[str] = set()
        jsgf = self.to_jsgf(ctx, hand=hand)
        for line in jsgf.splitlines()[2:]:
            _, _, body = line.partition("=")
            for tok in body.replace(";", " ").split():
                if tok not in ("|", "(", ")", "[", "]") and not tok.startswith("<"):
                    words.add(tok)
        return words

    def spoken_words(self, ctx: TableContext, *, hand: Collection[Rank] | None = None) -> set[str]:
        """Same as :meth:`vocabulary`: check these against a recognizer dictionary and add what is missing."""
        return self.vocabulary(ctx, hand=hand)

    def name_words(self, ctx: TableContext) -> set[str]:
        """The words of player names and aliases in the grammar (the ones most likely missing from a dictionary).

        Includes the possessive forms' stems only; :meth:`vocabulary` has every word (``"priya's"`` too).
        """
        return {w for f in self.name_forms(ctx) if f.spoken_ok and f.players != (ctx.me,) for w in f.spoken}

    def to_jsgf(self, ctx: TableContext, *, hand: Collection[Rank] | None = None) -> str:
        """A compact JSGF grammar of this table's sentences (rules and alternatives, not a flat list).

        Words are lower-case as a recognizer spells them; player names appear as given (lower-cased), so the
        caller must add pronunciations for words missing from its dictionary (see :meth:`name_words`).
        ``hand`` keeps only asks for ranks the speaker holds (an empty hand: no asks at all).
        """
        values = self._slot_values(ctx, hand)
        slot_rules = {
            "name": [" ".join(w) for w, _ in values.get("name", [])],
            "names": [" ".join(w) for w, _ in values.get("names", [])],
            "rank": [" ".join(w) for w, _ in values.get("rank", [])],
            "rank1": [" ".join(w) for w, _ in values.get("rank1", [])],
            "suit": [" ".join(w) for w, _ in values.get("suit", [])],
        }
        by_intent: dict[str, list[str]] = {}
        used_refs: set[str] = set()
        for t in self._templates_for(ctx):
            if not t.slots <= values.keys():
                continue
            _collect_refs(t.node, self.rules, used_refs)
            by_intent.setdefault(t.intent, []).append(to_jsgf(t.node, _ref_rule, _slot_rule))
        lines = ["#JSGF V1.0;", f"grammar voicefish_{self.lang};"]
        lines.append("public <command> = " + " | ".join(f"<{i}>" for i in by_intent) + " ;")
        for intent, bodies in by_intent.items():
            lines.append(f"<{intent}> = " + " | ".join(bodies) + " ;")
        for name in sorted(used_refs):
            lines.append(f"<{_ref_rule(name)}> = " + to_jsgf(self.rules[name], _ref_rule, _slot_rule) + " ;")
        used_slots = set().union(*(t.slots for t in self._templates_for(ctx) if t.slots <= values.keys()))
        for slot in sorted(used_slots):
            alts = sorted(set(slot_rules[slot]))
            lines.append(f"<{_slot_rule(slot)}> = " + " | ".join(alts) + " ;")
        return "\n".join(lines) + "\n"


def _ref_rule(name: str) -> str:
    return f"r_{name}"


def _slot_rule(name: str) -> str:
    return f"s_{name}"


def _collect_refs(node: Node, rules: Mapping[str, Node], out: set[str]) -> None:
    from voicefish.speech.template import Alt, Opt, Ref, Seq

    if isinstance(node, Ref):
        if node.name not in out:
            out.add(node.name)
            _collect_refs(rules[node.name], rules, out)
    elif isinstance(node, Seq):
        for n in node.items:
            _collect_refs(n, rules, out)
    elif isinstance(node, Alt):
        for n in node.options:
            _collect_refs(n, rules, out)
    elif isinstance(node, Opt):
        _collect_refs(node.item, rules, out)


def _bad_refs(node: Node, rules: Mapping[str, Node]) -> bool:
    found: set[str] = set()
    try:
        _collect_refs(node, rules, found)
    except KeyError:
        return True
    return False


def _bindings(binding: Binding) -> dict[str, object]:
    return dict(binding)


def _vocab_line(line: str, *, columns: int) -> tuple[str, VocabEntry]:
    key, sep, body = line.partition("=")
    if not sep or not key.strip():
        raise GrammarError("expected 'code = words / words / words'")
    cols = [[w.strip() for w in col.split(",") if w.strip()] for col in body.split("/")]
    if len(cols) > columns or not cols[0]:
        raise GrammarError(f"expected at most {columns} columns separated by '/', the first not empty")
    cols += [[] for _ in range(columns - len(cols))]
    if columns == 2:
        return key.strip(), VocabEntry(tuple(cols[0]), (), tuple(cols[1]))
    return key.strip(), VocabEntry(tuple(cols[0]), tuple(cols[1]), tuple(cols[2]))


def grammar_dir() -> Path:
    """Where the grammar files are: the package copy, else the source tree's ``grammar/``."""
    packaged = Path(str(importlib.resources.files("voicefish"))) / "data" / "grammar"
    if packaged.is_dir():
        return packaged
    return Path(__file__).resolve().parents[2] / "grammar"


def available_languages() -> list[str]:
    """The languages that have a grammar file."""
    return sorted(p.stem for p in grammar_dir().glob("*.txt"))


@functools.cache
def load_grammar(lang: str = "en") -> Grammar:
    """The grammar of ``lang`` (read once per process). Raises :class:`GrammarError`."""
    if not lang.replace("_", "").replace("-", "").isalnum():
        raise GrammarError(f"bad language code {lang!r}")
    path = grammar_dir() / f"{lang}.txt"
    try:
        text = path.read_text(encoding="utf-8")
    except OSError:
        known = ", ".join(available_languages()) or "none"
        raise GrammarError(f"no grammar for language {lang!r} (have: {known})") from None
    return Grammar.from_text(text, lang)
