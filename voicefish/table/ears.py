"""How the table hears a player: a small interface with a scripted, a typed and a voice implementation.

Every implementation turns what it got into an :class:`~voicefish.speech.intents.Intent` through the same
parser, so the table loop cannot tell them apart.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from typing import Protocol, TextIO, runtime_checkable

from voicefish.cards import Rank
from voicefish.rules import RuleSet
from voicefish.speech.grammar import TableContext, load_grammar
from voicefish.speech.intents import Intent, NoIntent, Quit
from voicefish.speech.parser import Parser
from voicefish.table.phrases import phrasebook

__all__ = [
    "Ears",
    "Heard",
    "LearningEars",
    "ListenRequest",
    "PolicyEars",
    "RememberingEars",
    "RoomAwareEars",
    "ScriptExhausted",
    "ScriptedEars",
    "TellingEars",
    "TypedEars",
    "TypingEars",
    "parse_for",
]


@dataclass(frozen=True, slots=True)
class ListenRequest:
    """What the table is listening for right now."""

    speaker: str
    """The player expected to speak (the one whose turn it is)."""
    players: tuple[str, ...]
    """Every player at the table, in seat order, the speaker included (a player out of cards too: an ask of them is
    answered "out of this game")."""
    hand: tuple[Rank, ...]
    """The speaker's ranks: the recognizer may use them to weigh what was probably said."""
    rules: RuleSet
    computers: frozenset[str] = frozenset()
    out: frozenset[str] = frozenset()
    """Players out of this game (no cards left; public): still named, but an ask of them is refused."""
    expecting: str = "turn"
    """``turn`` (an ask or a command), ``confirm`` (yes or no), ``pause`` (anything to go on)."""
    prompt: str = ""
    """The last thing the table said to the speaker (typed input shows it)."""
    moment: int = 0
    """How many public events the game has had so far (a clock of the game, public information)."""
    repeating: bool = False
    """The speaker repeats ``prompt`` after the table (the voice check): nothing is played on it, so there is no
    hurry to close the utterance, and what is learnt from it is best heard to its end."""
    patience: float | None = None
    """Seconds to wait for someone to speak, instead of the ears' own timeout (None: their own). The table waits
    only a moment after what it took for table talk (:data:`TABLE_TALK`)."""
    lang: str = "en"
    """The table's language: the grammar (``grammar/<lang>.txt``) what is said is parsed with."""
    which: bool = False
    """The table just asked for a name or a rank alone ("Did you mean Fatima or Wen? Just say the name.", "Which
    cards do you want from Fatima? Just say the rank."): a recognizer that hears only sentences listens for a name
    or a rank said alone too (:meth:`~voicefish.speech.grammar.Grammar.fragments`; the recognizer's ``which``)."""

    def context(self) -> TableContext:
        return TableContext(players=self.players, me=self.speaker, rules=self.rules, computers=self.computers)


UNSURE_TEXT = "unsure text"
""":attr:`Heard.reason` of a typed (or transcribed) sentence the parser matched only loosely: confirmed first."""

TABLE_TALK = frozenset({"low confidence", "not a game sentence", "nothing heard", "no speech"})
"""The recognizers' reasons (:attr:`Heard.reason`) for an utterance they took for talk not meant for the game."""


@dataclass(frozen=True, slots=True)
class Heard:
    """One understood utterance."""

    intent: Intent
    text: str = ""
    confidence: float = 1.0
    """0..1; typed text is certain."""
    confirm: bool = False
    """True when the recognizer was unsure: the table asks before acting."""
    reason: str = ""
    """Why it is to be confirmed or was not taken, as the recognizer says (e.g. ``confidence.LOUD_ROOM``)."""
    loud: bool = False
    """The recognizer heard it in a room it knows to be loud (``Recognition.loud``)."""
    typed: bool = False
    """Typed at a keyboard (``--text``, or a line typed during a voice turn): what was written is what was meant, so a
    rank the player does not hold is not asked back as a possible mishearing."""


class Ears(Protocol):
    """Hears one utterance; ``None`` means nothing was said before the timeout."""

    def listen(self, request: ListenRequest) -> Heard | None: ...


@runtime_checkable
class LearningEars(Ears, Protocol):
    """Ears that learn each player's voice from what the table acted on as meant."""

    @property
    def learning(self) -> bool:
        """Whether anything is learnt from :meth:`understood` (the table skips the voice check otherwise)."""
        ...

    def understood(self, heard: Heard, said: str | None = None) -> None:
        """``heard`` (returned by :meth:`listen`) was right: the table played it or the player confirmed it.
        ``said``: the sentence of the table the player was asked to say (the voice check), when known."""
        ...


@runtime_checkable
class RoomAwareEars(Ears, Protocol):
    """Ears that can tell a silent player from a player drowned by the room's talk."""

    @property
    def heard_only_the_room(self) -> bool:
        """The last :meth:`listen` that heard nothing (returned None) heard other people talking meanwhile, talk the
        listener left alone as not loud enough to be the player's: the table asks the player to speak up."""
        ...


@runtime_checkable
class RememberingEars(LearningEars, Protocol):
    """Learning ears that can remember a player's voice from an earlier session."""

    def recall(self, name: str) -> tuple[bool, str]:
        """Use ``name``'s remembered voice: (True, "") when in use; (False, why) when one exists but cannot be
        used; (False, "") when there is none."""
        ...


@runtime_checkable
class TellingEars(Ears, Protocol):
    """Ears with news for the whole table: a change the players notice (the voice ears: the slower, better
    recognizer resting while the computer is too busy for it, and back again)."""

    def news(self) -> list[str]:
        """What to tell the table since the last call, in the language of the last request; each said once."""
        ...


@runtime_checkable
class TypingEars(Ears, Protocol):
    """Ears that may also take a line typed at the keyboard while they listen (a voice game, issue 33)."""

    @property
    def typing(self) -> bool:
        """Whether a typed line is taken now (a keyboard is there and its input has not ended)."""
        ...


class ScriptExhausted(Exception):
    """A scripted game ran out of lines (the loop saves and stops as on quit)."""


_PARSERS: dict[tuple[object, ...], Parser] = {}


def parse_for(request: ListenRequest, text: str) -> Heard:
    """Parse ``text`` for this table and speaker."""
    key = (request.players, request.speaker, request.rules, request.computers, request.lang)
    parser = _PARSERS.get(key)
    if parser is None:
        if len(_PARSERS) > 64:
            _PARSERS.clear()
        parser = _PARSERS[key] = Parser(request.context(), load_grammar(request.lang))
    result = parser.parse(text)
    # Unsure text is asked back exactly as unsure speech is ("Leo, take your time with those sevens" is no ask).
    return Heard(
        result.intent,
        text=text,
        confidence=min(1.0, max(0.0, result.score / 100.0)),
        confirm=result.needs_confirm,
        reason=UNSURE_TEXT if result.needs_confirm else "",
    )


def parse_typed(request: ListenRequest, text: str) -> Heard:
    """:func:`parse_for` of a line typed at a keyboard (``--text``, or during a voice turn): marked ``typed``, as
    what was written is what was meant."""
    return replace(parse_for(request, text), typed=True)


@dataclass
class ScriptedEars:
    """Plays back a script: text (parsed like typed input), ``None`` (silence), or a ready :class:`Heard`."""

    script: Iterable[str | Heard | None]
    heard_log: list[tuple[ListenRequest, Heard | None]] = field(default_factory=list)

    def __post_init__(self) -> None:
        self._it = iter(self.script)

    def listen(self, request: ListenRequest) -> Heard | None:
        try:
            item = next(self._it)
        except StopIteration:
            raise ScriptExhausted("the script has no more lines") from None
        heard = parse_for(request, item) if isinstance(item, str) else item
        self.heard_log.append((request, heard))
        return heard


class TypedEars:
    """Reads typed lines (play without a microphone). End of input means quit; an empty line is silence."""

    def __init__(
        self,
        stream: TextIO | None = None,
        out: TextIO | None = None,
        *,
        on_eof: Callable[[], None] | None = None,
    ) -> None:
        self._in = stream
        self._out = out
        self._on_eof = on_eof

    def listen(self, request: ListenRequest) -> Heard | None:
        inp = self._in or sys.stdin
        out = self._out or sys.stdout
        words = phrasebook(request.lang)
        label = {"confirm": words.YES_NO_PROMPT, "pause": words.PAUSED_PROMPT}.get(request.expecting, request.speaker)
        out.write(f"{label}> ")
        out.flush()
        try:
            line = inp.readline()
        except (UnicodeDecodeError, ValueError):
            return Heard(NoIntent(), text="")
        if line == "":
            if self._on_eof is not None:
                self._on_eof()
            return Heard(Quit(), text="")
        text = line.strip()
        if not text:
            return None if request.expecting != "pause" else Heard(NoIntent(), text="")
        return parse_typed(request, text)


@dataclass
class PolicyEars:
    """A scripted player that decides what to say from what it is asked (for loop tests and demos).

    ``policy(request)`` returns the text to say (parsed like speech), a ready :class:`Heard`, or ``None``
    for silence. It only sees the :class:`ListenRequest`, i.e. what a real speaker knows of the moment."""

    policy: Callable[[ListenRequest], str | Heard | None]
    limit: int = 100_000
    """Raise :class:`ScriptExhausted` after this many utterances (a stuck test ends instead of hanging)."""
    heard_log: list[tuple[ListenRequest, Heard | None]] = field(default_factory=list)

    def listen(self, request: ListenRequest) -> Heard | None:
        if len(self.heard_log) >= self.limit:
            raise ScriptExhausted(f"the policy spoke {self.limit} times")
        item = self.policy(request)
        heard = parse_for(request, item) if isinstance(item, str) else item
        self.heard_log.append((request, heard))
        return heard
