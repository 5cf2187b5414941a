"""The small template language of ``grammar/<lang>.txt``: parse, expand, compile to regex and to JSGF.

``[optional words]``, ``(alternative | words)``, ``{slot}`` and ``<rule>`` references. A template is
parsed once into a tree of frozen nodes; the same tree generates sentences, becomes a regular
expression over normalised words for the parser, and becomes a JSGF rule body for pocketsphinx.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass

from voicefish.speech.normalize import match_key

__all__ = [
    "SLOTS",
    "Alt",
    "Node",
    "Opt",
    "Ref",
    "Seq",
    "Slot",
    "TemplateError",
    "Word",
    "expand",
    "parse_template",
    "slots_in",
    "to_jsgf",
    "to_regex",
    "words_in",
]

SLOTS = frozenset({"name", "names", "rank", "rank1", "suit", "number"})


class TemplateError(ValueError):
    """A template line that does not follow the template language."""


@dataclass(frozen=True, slots=True)
class Word:
    """A literal word, spelled as a recognizer writes it (``what's``)."""

    text: str


@dataclass(frozen=True, slots=True)
class Slot:
    """A slot filled from the table or the vocabulary: ``name``, ``rank``, ``card`` ..."""

    name: str


@dataclass(frozen=True, slots=True)
class Ref:
    """A reference to a shared piece defined in ``[rules]``."""

    name: str


@dataclass(frozen=True, slots=True)
class Seq:
    """Items one after another."""

    items: tuple[Node, ...]


@dataclass(frozen=True, slots=True)
class Alt:
    """Exactly one of the options."""

    options: tuple[Node, ...]


@dataclass(frozen=True, slots=True)
class Opt:
    """The item or nothing."""

    item: Node


Node = Word | Slot | Ref | Seq | Alt | Opt

_TOKEN = re.compile(r"\s*(\[|\]|\(|\)|\||\{[a-z0-9_]+\}|<[a-z0-9_]+>|[^\s\[\]()|{}<>]+)")


def _lex(text: str) -> list[str]:
    tokens: list[str] = []
    pos = 0
    text = text.rstrip()
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        if m is None:
            raise TemplateError(f"cannot read template {text!r} at {text[pos:]!r}")
        tokens.append(m.group(1))
        pos = m.end()
    return tokens


def parse_template(text: str) -> Node:
    """Parse one template line into a node tree (raises :class:`TemplateError`)."""
    tokens = _lex(text)
    pos = 0

    def alt() -> Node:
        nonlocal pos
        options = [seq()]
        while pos < len(tokens) and tokens[pos] == "|":
            pos += 1
            options.append(seq())
        return options[0] if len(options) == 1 else Alt(tuple(options))

    def seq() -> Node:
        nonlocal pos
        items: list[Node] = []
        while pos < len(tokens) and tokens[pos] not in ("|", ")", "]"):
            tok = tokens[pos]
            pos += 1
            if tok in ("(", "["):
                inner = alt()
                close = ")" if tok == "(" else "]"
                if pos >= len(tokens) or tokens[pos] != close:
                    raise TemplateError(f"missing {close!r} in template {text!r}")
                pos += 1
                items.append(inner if tok == "(" else Opt(inner))
            elif tok.startswith("{"):
                name = tok[1:-1]
                if name not in SLOTS:
                    raise TemplateError(f"unknown slot {tok} in {text!r}; slots: {', '.join(sorted(SLOTS))}")
                items.append(Slot(name))
            elif tok.startswith("<"):
                items.append(Ref(tok[1:-1]))
            else:
                items.append(Word(tok))
        if not items:
            raise TemplateError(f"empty alternative in template {text!r}")
        return items[0] if len(items) == 1 else Seq(tuple(items))

    node = alt()
    if pos != len(tokens):
        raise TemplateError(f"unexpected {tokens[pos]!r} in template {text!r}")
    return node


def slots_in(node: Node, rules: Mapping[str, Node]) -> set[str]:
    """Every slot that may occur in ``node`` (rules followed)."""
    if isinstance(node, Slot):
        return {node.name}
    if isinstance(node, Ref):
        return slots_in(rules[node.name], rules)
    if isinstance(node, Seq):
        return set().union(*(slots_in(n, rules) for n in node.items))
    if isinstance(node, Alt):
        return set().union(*(slots_in(n, rules) for n in node.options))
    if isinstance(node, Opt):
        return slots_in(node.item, rules)
    return set()


def words_in(node: Node) -> set[str]:
    """The literal words of ``node`` (rules not followed)."""
    if isinstance(node, Word):
        return {node.text}
    if isinstance(node, Seq):
        return set().union(*(words_in(n) for n in node.items))
    if isinstance(node, Alt):
        return set().union(*(words_in(n) for n in node.options))
    if isinstance(node, Opt):
        return words_in(node.item)
    return set()


Binding = tuple[tuple[str, object], ...]
"""Slot name → value pairs of one expansion."""
SlotValues = Mapping[str, list[tuple[tuple[str, ...], object]]]
"""Slot name → every (spoken words, value) it can take."""


def expand(node: Node, rules: Mapping[str, Node], values: SlotValues) -> Iterator[tuple[tuple[str, ...], Binding]]:
    """Every (words, slot bindings) the node generates; a slot missing from ``values`` generates nothing."""
    if isinstance(node, Word):
        yield (node.text,), ()
    elif isinstance(node, Slot):
        for words, value in values.get(node.name, ()):
            yield words, ((node.name, value),)
    elif isinstance(node, Ref):
        yield from expand(rules[node.name], rules, values)
    elif isinstance(node, Opt):
        yield (), ()
        yield from expand(node.item, rules, values)
    elif isinstance(node, Alt):
        for option in node.options:
            yield from expand(option, rules, values)
    else:
        partial: list[tuple[tuple[str, ...], Binding]] = [((), ())]
        for item in node.items:
            tails = list(expand(item, rules, values))  # expanded once, not once per partial sentence
            partial = [(w + w2, b + b2) for w, b in partial for w2, b2 in tails]
        yield from partial


def to_regex(
    node: Node,
    rules: Mapping[str, Node],
    slot_regex: Callable[[str], str],
    word_form: Callable[[str], str] = lambda w: w,
) -> str:
    """A regular expression over matching-form words, each followed by one space.

    ``slot_regex(name)`` gives the pattern of a slot (it must consume its trailing space too);
    ``word_form(token)`` rewrites each literal token the way the matched text will carry it.
    """
    if isinstance(node, Word):
        return "".join(re.escape(word_form(t) + " ") for t in match_key(node.text).split())
    if isinstance(node, Slot):
        return slot_regex(node.name)
    if isinstance(node, Ref):
        return "(?:" + to_regex(rules[node.name], rules, slot_regex, word_form) + ")"
    if isinstance(node, Opt):
        return "(?:" + to_regex(node.item, rules, slot_regex, word_form) + ")?"
    if isinstance(node, Alt):
        return "(?:" + "|".join(to_regex(o, rules, slot_regex, word_form) for o in node.options) + ")"
    return "".join(to_regex(n, rules, slot_regex, word_form) for n in node.items)


def to_jsgf(node: Node, ref_name: Callable[[str], str], slot_name: Callable[[str], str]) -> str:
    """A JSGF expansion: words as they are, ``[...]`` optional, ``( a | b )``, rules as ``<...>``."""
    if isinstance(node, Word):
        return node.text
    if isinstance(node, Slot):
        return f"<{slot_name(node.name)}>"
    if isinstance(node, Ref):
        return f"<{ref_name(node.name)}>"
    if isinstance(node, Opt):
        return "[ " + to_jsgf(node.item, ref_name, slot_name) + " ]"
    if isinstance(node, Alt):
        return "( " + " | ".join(to_jsgf(o, ref_name, slot_name) for o in node.options) + " )"
    return " ".join(to_jsgf(n, ref_name, slot_name) for n in node.items)
