"""The table's ears on a real microphone: endpointed utterances decoded by the offline recognizer.

``open_voice_ears`` picks the recognizer (Vosk when an English model is installed, else the embedded
pocketsphinx) and says which one it uses and how to get the better one.
"""

from __future__ import annotations

import functools
import os
import re
import sys
import time
from dataclasses import dataclass, field, replace
from itertools import product
from pathlib import Path
from typing import TYPE_CHECKING

from voicefish.table.ears import Heard, ListenRequest, parse_typed

if TYPE_CHECKING:
    from collections.abc import Callable
    from types import ModuleType

    from voicefish.audio.adapt import Transform
    from voicefish.audio.earcons import Earcons
    from voicefish.audio.listen import Keyboard, Listener, Microphone, Utterance
    from voicefish.audio.recognizer import Recognition, Recognizer, StreamingRecognizer
    from voicefish.audio.voices import VoiceStore
    from voicefish.audio.whisper import WhisperBack, WhisperTooSlow
    from voicefish.speech.grammar import Grammar
    from voicefish.speech.parser import Parser

__all__ = ["Listened", "VoiceEars", "listen_joining", "make_recognizer", "open_voice_ears"]

HEARD_LOG_ENV = "VOICEFISH_HEARD_LOG"
"""A file each utterance the ears decode is appended to, as one JSON line (:attr:`VoiceEars.trace`): what the
recognizer wrote and how the game understood it, for a bug report about hearing and for the voice game bench."""

LISTEN_TIMEOUT = 8.0
"""Seconds of silence before the table reprompts."""
SHORT_UTTERANCE = 0.9
"""Seconds: an utterance this short may be only a name, so the listener waits a moment for the rest."""
ANSWER_JOIN_WAIT = 0.6
"""Seconds after the part of an answer heard (the table is confirming) within which more speech must begin to be
joined to it: measured, the endpointer closed "No, ... I said kings." at its comma in a quiet room (flite slt and
rms, virtual microphone), and "yes, that's it" and "no, that's not it" in babble (8 of the voice-game bench's 11
replies before the end), and the game replied while the player was still speaking. What a lone "yes" costs: its
reply comes this much later (measured: 0.35 -> 1.0 s after its end, flite slt and rms, virtual microphone). In a
loud room (:data:`ANSWER_JOIN_ABOVE_ROOM_DB`) only speech at the player's level is the rest (:func:`voice_floor`),
and it must begin within this and the endpointer's window."""
ANSWER_JOIN_ABOVE_ROOM_DB = 20.0
"""dB the part of an answer or an ask heard must stand above the room's level for the room to be quiet: below it, the
waits for the rest hear the room's talk as speech (measured in the voice-game bench with babble 10 dB under the
player: replies came 5-7 s late, the talk joined to a clear "correct" or "uh huh" made it unsure and it was asked
again), so there they take only speech at the player's level (:func:`voice_floor`) and at most
:data:`LOUD_JOIN_SECONDS` of it."""
ANSWER_REST_PAUSE = 0.3
"""Seconds of quiet after which the rest of an answer (joined to its first part, :data:`ANSWER_JOIN_WAIT`) may be
closed as a whole sentence (the listener's ``continuation_pause``; the detector's own is 0.15 s): the first part,
"no,", is a whole sentence already, and fed it again the sentence rule closed at the first short dip in the rest.
Measured (realistic babble 10 dB, the game's ears, the loud room's waits): "no, ... I said | kings" closed after "I
said" and replied to before the player finished (Whisper: "No. Nice hit."), and the like in CI ("No, sweet.")."""

JOIN_WAIT = 1.2
"""Seconds after an unfinished part of an ask (a bare name, "Omar, do you have any" ...) within which the rest must
begin to be joined to it: a hesitation of up to about a second (the listener notices speech a window after it
begins, and the part closed a moment after its last word). Nothing begun by then: the part is answered as it is."""
LOUD_JOIN_SECONDS = 2.5
"""Seconds the rest of an unfinished ask may run in a loud room (the part heard less than
:data:`ANSWER_JOIN_ABOVE_ROOM_DB` above the room's level): other people's talk keeps the endpointer in speech, and the
:data:`JOIN_WAIT` for the rest went on to the detector's ``max_seconds``. Measured (flite awb, babble 10 dB, the
game's ears on a paced stream): "Fatima, any fours?" heard as unfinished, then replied to 6.3 s after its end. The
rest of an ask ("... do you have any jacks, please?") takes under 2.5 s; a longer one is cut there and decoded as
it is."""
GARBLED_LEAD_SECONDS = 2.0
"""In a loud room, a part up to this long (from its start) that Whisper made nothing of and was unsure of
(:data:`GARBLED_LEAD_LOGPROB`) waits for more speech to join, like a short one: "Hey Wen, ... got any jacks?" closed at
its comma in babble was written with the room's words ("He's learning.", "What's going on, Wen?", "Okay, what?") and
the rest heard apart, without a name. Measured (tuning voices, babble 10 dB, a 0.8 s pause after a lead-in and a
name, the game's ears): 64 → 75 of 108 asks heard whole at 2.0 s with no bar; but talk said 1 s before an ask
("pass the chips please", ... "Wen, got any jacks?") joined to it lost the ask (27 → 12 of 48): the bar keeps sure
talk apart."""
GARBLED_LEAD_LOGPROB = -0.5
"""Whisper's average log-probability below which a part it made nothing of counts as garbled (tuning voices, babble
10 dB, decoded alone: lead-ins "Hey Wen," ... median −0.68, 71 % below; whole sentences of talk median −0.30, 23 %
below)."""
QUICK_EAR_WAITS = True
"""At a turn in a loud room, a part up to :data:`GARBLED_LEAD_SECONDS` long that the quicker ear heard alone
(pocketsphinx deciding: Whisper resting on a busy computer, or missing) waits for more speech to join, like a short
one (not while the game is paused or the voice check is repeated: no ask is said there), unless it heard an ask or
part of one (those have rules of their own, :func:`unfinished`): a name said before a comma pause,
heard with the room's words, became a command or words not meant for the game and was answered before the player
went on (voice game seed 315, two games at once on 2 cores: "Fatima, ... have you got a three?" heard as "fatima
history"; 8 replies before the player finished). Measured with ``bench/quicker_ear_bench.py``."""
QUICKER_EAR_EVIDENCE = "acoustic"
"""A feature every result of pocketsphinx's own carries (its confidence evidence); when Whisper decided, the hybrid
gives pocketsphinx's features as ``sphinx_...``: so a result with it is the quicker ear's own."""
QUICK_EAR_IN_QUIET = True
""":data:`QUICK_EAR_WAITS` in a quiet room too: pocketsphinx alone heard the first half of "Give me your fours, ...
Ravi." as "give me a minute" and "Priya, ..." as "hurry up", and replied before the player went on."""

UNFINISHED_ENDINGS = frozenset(
    {"any", "some", "your", "have", "got", "for", "a", "an", "the", "of", "do", "give", "you"}
)
"""Words an ask cannot end with ("Omar, do you have any ...", "can I have your ...", "Priya, have you got ...",
"Fatima, do you ..."): an utterance ending in one waits for the rest (:func:`unfinished`). (Commands that end so,
"what have I got", are understood as commands and answered.)"""
NAME_LEAD_IN = 2
"""Words before a name that still make the start of an ask ("hey Fatima", "okay so Wen"): an utterance that is only
that, and not understood as anything, waits for the rest (:func:`unfinished`)."""
NAME_MISTAKEN = "a name this voice is heard saying for another"
""":attr:`Heard.reason` of a sure ask asked back because the voice check heard another of this speaker's names as
its player's (:meth:`VoiceEars._note_names`)."""
CAPTION_REACTION = 0.3
"""Seconds after a question shown only on the screen (no speech) before what the player says can be its answer: no
one reads "Omar, for sevens?" and begins to answer sooner (a bare visual reaction takes about 0.25 s), while the last
word of the ask it confirms ("..., please") often comes just after it (issue 33). A spoken question is answered only
after it was spoken (the ears are muted meanwhile), and words still going on when it ends are not an answer
(``Listener.listen``'s ``after``)."""


@dataclass(frozen=True)
class Listened:
    """One utterance as the game's ears take it (:func:`listen_joining`)."""

    utterance: Utterance
    streamed: Recognition | None
    """What the recognizer made of it while it was spoken (joined parts too: the listener feeds it the first part
    again as the rest begins), or decoded whole to tell whether it was finished; None when neither was done (nothing
    streamed, the session's first utterance, a half sentence to decode again): then it is decoded whole."""
    joined: bool
    """A short first part was not understood on its own, so speech after it was waited for to join to it."""
    first: Recognition | None = None
    """While confirming, when speech followed the first part and was joined to it: what the recognizer made of the
    first part alone (the answer the player began with, "no" of "no, that's not it")."""


def listen_joining(
    listener: Listener,
    streamer: StreamingRecognizer | None,
    timeout: float,
    *,
    join: bool = True,
    after: float | None = None,
    reaction: float = 0.0,
    names: tuple[str, ...] = (),
    stop: Callable[[], bool] | None = None,
    turn: bool = False,
    answer: bool = False,
    max_seconds: float | None = None,
    repeating: bool = False,
) -> Listened | None:
    """The next utterance from ``listener`` (None: nobody spoke within ``timeout``), with ``streamer``'s result.

    A very short utterance is often a name said before a pause ("Priya ... do you have any jacks?"): with ``join``,
    speech that follows within a moment is joined to it. Not when it was already understood as a whole ("Leo,
    sevens!" decoded while spoken); not while confirming (``answer`` below: "yes" is short and whole). An utterance
    of any length that is an unfinished ask (:func:`unfinished`: "do you have any threes, ... Priya?") waits for the
    rest the same way: the end of a turn is told by meaning, not only by silence. ``after`` and ``reaction``: only
    speech begun after a question asked then is taken (``Listener.listen``). ``names``: the table's players (a bare
    name is unfinished). ``stop``: True ends the listening with None (a line was typed: ``Listener.listen``).
    ``turn``: the table listens for an ask or a command, so a yes or a no is not an answer (nothing was asked) and
    waits for more the same way: measured, pocketsphinx heard "Do you have any threes," closed at its comma as "yup
    that's right" in 2 of 12 tries, and the game replied before the player said "Priya" (in a loud room too,
    Whisper: the voice-game bench in babble). ``answer``: the table is confirming: speech that begins within
    :data:`ANSWER_JOIN_WAIT` of the part heard is joined to it (an answer closed at its comma, "yes, ... that's it",
    is not replied to before the player finished), and :attr:`Listened.first` keeps what the first part was. In a
    loud room every wait for the rest takes only speech at the player's level (:func:`voice_floor`).
    ``max_seconds``: the longest utterance taken (None: the detector's). ``repeating``: the player repeats a sentence
    of the voice check (:func:`unfinished`'s ``prompt_asks`` off)."""
    from voicefish.speech.intents import Ambiguous, Ask, No, NoIntent, Yes

    taken: list[tuple[Utterance, Recognition | None]] = []  # the streamed result is given once: keep it
    asked: list[bool] = []

    def take(u: Utterance, whole: bool = False) -> Recognition | None:
        if streamer is None:
            return None
        if not taken or taken[-1][0] is not u:
            taken.append((u, streamer.streamed(u.audio)))
        if whole and taken[-1][1] is None:  # not decoded while spoken: decoded whole now (and given out as it is)
            taken[-1] = (u, streamer.decode(u.audio))
        return taken[-1][1]

    def joins(u: Utterance) -> bool:
        if answer:  # whatever the first part was, the rest of the answer is waited for a moment (once)
            take(u)
            asked.append(not asked)
            return asked[-1]
        if u.spoken >= SHORT_UTTERANCE:  # (speech of which no word was made: likely the first half of one too)
            first = take(u, whole=True)
            asked.append(
                first is not None
                and (
                    unfinished(first, streamer, names, prompt_asks=not repeating)
                    or not first.text.strip()
                    or stray(first)
                    or garbled(u, first)
                )
            )
            return asked[-1]
        first = take(u)
        asked.append(
            first is None
            or isinstance(first.intent, NoIntent)
            or unfinished(first, streamer, names, prompt_asks=not repeating)
            or stray(first)
            or garbled(u, first)
        )
        return asked[-1]

    def stray(r: Recognition) -> bool:
        return turn and isinstance(r.intent, Yes | No)

    def garbled(u: Utterance, r: Recognition) -> bool:  # (:data:`GARBLED_LEAD_SECONDS`, :data:`QUICK_EAR_WAITS`)
        if u.spoken >= GARBLED_LEAD_SECONDS:
            return False
        quiet = in_a_quiet_room(listener, u)
        if QUICKER_EAR_EVIDENCE in r.features:  # the quicker ear's own result (pocketsphinx decided, not Whisper)
            ask = isinstance(r.intent, Ask | Ambiguous)
            return QUICK_EAR_WAITS and turn and not repeating and (QUICK_EAR_IN_QUIET or not quiet) and not ask
        logprob = r.features.get("avg_logprob", 0.0)
        return not quiet and isinstance(r.intent, NoIntent) and logprob < GARBLED_LEAD_LOGPROB

    utterance = listener.listen(
        timeout,
        max_seconds,
        continuation=joins if join or answer else None,
        continuation_wait=ANSWER_JOIN_WAIT if answer else JOIN_WAIT,
        continuation_seconds=lambda u: None if in_a_quiet_room(listener, u) else LOUD_JOIN_SECONDS,
        continuation_floor=lambda u: None if in_a_quiet_room(listener, u) else voice_floor(listener, u),
        continuation_pause=ANSWER_REST_PAUSE if answer else None,
        after=after,
        reaction=reaction,
        stop=stop,
    )
    if utterance is None:
        return None
    first = taken[0][1] if answer and taken and taken[0][0] is not utterance else None
    return Listened(utterance, take(utterance), any(asked), first)


def voice_floor(listener: Listener, utterance: Utterance) -> float | None:
    """The level (frame energy, dB) the rest of ``utterance`` must reach to be the player's own words in a loud room:
    ``voicefish.audio.listen.endpoint.VOICE_FLOOR_DB`` below their voice."""
    from voicefish.audio.listen.endpoint import VOICE_FLOOR_DB

    levels = [x for x in (listener.voice_db, listener.detector.level_db(utterance.audio)) if x is not None]
    return max(levels) - VOICE_FLOOR_DB if levels else None


def in_a_quiet_room(listener: Listener, utterance: Utterance) -> bool:
    """``utterance`` stood :data:`ANSWER_JOIN_ABOVE_ROOM_DB` above the room's level (or the room is not known yet:
    under ``voicefish.audio.listen.endpoint.ROOM_LEAST_SECONDS`` of it heard): the table's waits for more speech may
    listen on; in a loud room they would hear the room's talk."""
    above = listener.detector.above_room_db(utterance.audio)
    return above is None or above >= ANSWER_JOIN_ABOVE_ROOM_DB


def answer_begun(whole: Recognition, first: Recognition) -> Recognition:
    """The answer to a yes/no question heard as ``whole``, whose ``first`` part was heard alone before the player
    went on: the whole when it is an answer; else a "no" the player began with stands ("no, that's not it": nothing
    is played on a no), and a "yes" they began with is unsure (asked again: no move without a clear yes, and
    "yes ... no, wait" must not play it)."""
    from voicefish.speech.intents import No, Quit, Yes

    if isinstance(whole.intent, Yes | No | Quit):
        return whole
    if isinstance(first.intent, No):
        return first
    if isinstance(first.intent, Yes):
        return replace(first, confirm=True)
    return whole


def unfinished(
    result: Recognition, recognizer: object = None, names: tuple[str, ...] = (), *, prompt_asks: bool = True
) -> bool:
    """Whether ``result`` is an ask the player has not finished: a rank without a name when more than one player may be
    meant ("do you have any threes" ...), words an ask cannot end with (:data:`UNFINISHED_ENDINGS`: "Omar, do you have
    any" ..., even when the recognizer made an ask of it: Whisper's text snapped to "Omar, threes"), a bare name (of
    ``names``) or a name after at most :data:`NAME_LEAD_IN` words that are not an ask ("Hey Fatima," ..., "Um, Wen,"
    ...: measured, a realistic voice's comma pause closed them and the rest was heard apart, without a name), or the
    first words of one of the table's sentences that goes on ("priya do you have any" ...; the ``recognizer``'s
    ``sentences``, when it has them; a sentence of its own too, when the recognizer was not sure of it: "do you have any
    threes" ... "priya", measured, pocketsphinx unsure of the words before the comma). Also what Whisper makes of words
    it could not make out: its prompt's own sentence (an example ask too, unsure), or a question to the table it is
    unsure of (measured in babble, tuning voice flite kal16: "Leo," closed at its comma, written "What's the score?" and
    "What do you have?", answered before the player went on), or an unsure ask whose rank Whisper did not write out
    (measured in babble, hold-out Piper: "Fatima, ... have you got a four?" closed at its comma, written "Fatima. Yes."
    and asked back as "Fatima, for tens?" before the player went on; "Um, Wen, ... do you have any kings?" written
    "Fatima. Fatima. Fatima." and asked back as eights), or an unsure ask whose player Whisper did not write when more
    than one opponent may be meant (issue 33: "Do you have any threes, ... Priya?", a comma pause before a trailing
    name: "Give me your fours," written "Yes, give your fours." and asked back as "Wen, for fours?" before the name was
    said). ``prompt_asks``: False while the player repeats a sentence of the voice check, whose first is the prompt's
    own example ask (said whole, and unsure there for a rank nobody holds yet)."""
    from voicefish.audio.confidence import is_move
    from voicefish.audio.recognizer import Recognition
    from voicefish.audio.whisper import PLAYERS_NAMED, PROMPT_SENTENCE, PROMPT_WORDS, RANKS_WRITTEN
    from voicefish.speech.intents import Ambiguous, Ask, NoIntent
    from voicefish.speech.normalize import match_tokens, named_in
    from voicefish.speech.sounds import NAME_SOUNDS_LIKE, sound_likeness, spell_digits

    intent = result.intent
    if (
        result.features.get("hearing", 0.0) >= 1.0
        and result.alternatives
        and not _a_command(result.alternatives[0], names, recognizer)
    ):
        # an ask from another of Whisper's hypotheses: the start of an ask when its best text is ("Hey, Fatima." ...,
        # whose other hypothesis "Eight Fatima." was replied to before the player went on, in babble). Not when the
        # best text is a whole command: "what have I got" (the room's talk, forced into the grammar, for "Wen, I need
        # your threes" in babble) ends with a word an ask cannot end with, and the whole ask, heard, waited for more
        # (tuning voices, babble 10 dB: the reply 3 s after the player finished)
        best = Recognition(result.alternatives[0], NoIntent(), 0.0, False)
        if unfinished(best, recognizer, names, prompt_asks=prompt_asks):
            return True
    if isinstance(intent, Ambiguous) and isinstance(intent.partial, Ask):
        return True
    if isinstance(intent, Ask) and result.confirm and result.features.get(RANKS_WRITTEN, 1.0) == 0.0:
        return True  # a rank Whisper did not write, filled in by the snap: "Fatima. Yes." snapped to tens, unsure
    if isinstance(intent, Ask) and result.confirm and result.features.get(PLAYERS_NAMED, 1.0) == 0.0 and len(names) > 2:
        return True  # no name written, one filled in by the snap, more than one opponent: a trailing name may follow
    if isinstance(intent, NoIntent) and result.reason == PROMPT_WORDS:
        return True  # Whisper wrote its prompt's own sentence for words it could not make out: a name before a pause
    if prompt_asks and isinstance(intent, Ask) and result.confirm and result.features.get(PROMPT_SENTENCE, 0.0) >= 1.0:
        return True  # its prompt's own example ask, unsure: "Fatima, ... hand over your threes" closed at the comma,
        # written "Fatima, do you have any sevens?" and asked back as sevens before the player went on (flite awb)
    rank_only = isinstance(intent, NoIntent) and result.features.get(RANKS_WRITTEN, 0.0) >= 1.0 and len(names) > 2
    if rank_only and not named_in(result.text, [(tuple(match_tokens(n)), n) for n in names]):
        return True  # words of a rank, no sentence, no name: "Give me your sixes, ... Fatima." written "Get it, move
        # your sixes." (flite awb, quiet room, voice game seed 300): the name said after the pause was lost
    if result.confirm and not isinstance(intent, NoIntent | Ask | Ambiguous) and not is_move(intent):
        return True  # a question only near what was said ("What do you have?" for "Leo, ..."): the rest may follow
    if not isinstance(intent, NoIntent | Ask | Ambiguous) or not result.text:
        return False
    words = match_tokens(result.text)
    if words and words[-1] in UNFINISHED_ENDINGS:
        return True
    # also with digits spelled as said, inside a word too: Whisper wrote "A1." and "K1." for "Hey Wen," and "M-1." for
    # "Um, Wen," (Piper voices, quiet and babble; 6 times in one hold-out voice's games, the rest heard without a name)
    spelled = spell_digits(part for word in words for part in re.findall(r"\d+|\D+", word))
    forms = [words] if spelled == words else [words, spelled]  # (most texts have no digit: read them once)
    for said, name in product(forms, [match_tokens(n) for n in names]):
        if not name or len(said) < len(name) or len(said) - len(name) > NAME_LEAD_IN:
            continue
        if said[-len(name) :] == name and (len(said) == len(name) or isinstance(intent, NoIntent) or result.confirm):
            return True  # (an unsure ask too: "Hays, Fatima." snapped to twos, for "Hey Fatima, ... got any fours?")
        if isinstance(intent, NoIntent) and sound_likeness(said[-len(name) :], name) >= NAME_SOUNDS_LIKE:
            return True  # (Whisper wrote "I'm one." for "Um, Wen, ...")
    if not isinstance(intent, NoIntent):
        return False
    sentences = getattr(recognizer, "sentences", None)
    if not isinstance(sentences, frozenset):
        return False
    begun = result.text + " "
    return any(s.startswith(begun) for s in sentences)


def _a_command(text: str, names: tuple[str, ...], recognizer: object) -> bool:
    """Whether ``text`` is, word for word, a sentence of the table that is neither an ask nor part of one: a command or
    an answer ("what have I got", "let's take a break"), in the ``recognizer``'s grammar (English without one)."""
    from voicefish.audio.whisper import EXACT_SENTENCE
    from voicefish.speech.grammar import Grammar
    from voicefish.speech.intents import Ambiguous, Ask, NoIntent

    grammar = getattr(recognizer, "grammar", None)
    try:
        parser = _table_parser(names, grammar if isinstance(grammar, Grammar) else None)
    except ValueError:  # (names no table can have: nothing to parse for)
        return False
    parsed = parser.parse(text)
    return parsed.score >= EXACT_SENTENCE and not isinstance(parsed.intent, NoIntent | Ask | Ambiguous)


@functools.lru_cache(maxsize=8)
def _table_parser(names: tuple[str, ...], grammar: Grammar | None) -> Parser:
    """A parser of the table of ``names`` (made once: it takes a twentieth of a second)."""
    from voicefish.speech.grammar import TableContext
    from voicefish.speech.parser import Parser

    return Parser(TableContext(names), grammar)


@dataclass
class VoiceEars:
    """Hears one utterance from a listener and decodes it with the recognizer for the current table."""

    listener: Listener
    recognizer: Recognizer
    microphone: Microphone | None = None
    timeout: float = LISTEN_TIMEOUT
    notices: list[str] = field(default_factory=list)
    stream: bool = True
    """Decode while the player speaks when the recognizer can (the reply comes ~0.1–1 s sooner)."""
    voices: VoiceStore | None = None
    """Where players' voices are remembered between sessions (``--remember-voices``); None: nowhere."""
    earcons: Earcons | None = None
    """Where the ears' earcons play (a blip as they start listening, two notes when they heard something the game
    will act on), muting the :attr:`listener` meanwhile; None: silent (``--no-earcons``, or no audio output)."""
    keyboard: Keyboard | None = None
    """Where a typed line is read while listening (standard input in ``voicefish play``): whatever comes first, a
    finished line or a finished utterance, is the answer; None: nothing is typed."""
    trace: Path | None = None
    """Where every utterance decoded is appended as one JSON line (``$VOICEFISH_HEARD_LOG``): ``t`` (when it
    was decoded, ``time.monotonic()``), ``expecting``, ``speaker``, ``text`` (as the recognizer wrote it),
    ``intent`` (the object of ``voicefish parse --json``), ``confidence``, ``confirm``, ``reason``. A file that
    cannot be written stops the trace, never the game. None: no trace."""
    _table_key: tuple[object, ...] | None = None
    _recent: list[tuple[Heard, Utterance, str]] = field(default_factory=list)
    """The last few results given out, with their audio and speaker, for :meth:`understood`."""
    _streamer: StreamingRecognizer | None = None
    """The recognizer, when it is the listener's sink (decoding while the player speaks)."""
    _room_only: bool = False
    _players: tuple[str, ...] = ()
    _mistaken: dict[str, set[str]] = field(default_factory=dict)
    """Speaker → the players whose name another of this speaker's names was heard as in the voice check ("leo do
    you have any aces" written "Priya, do you have any aces?": "Priya"): their asks to them are asked back."""
    _tell_quiet: bool = True
    """The listener's own ``tell_quiet`` setting, used for everything but a repeated prompt."""
    _spoke: bool = False
    """The game spoke (the ears were muted and unmuted) since the last listen."""
    _spoke_at: float = 0.0
    """When it last stopped speaking (``time.perf_counter()``, when the ears were unmuted)."""
    _news: list[WhisperTooSlow | WhisperBack] = field(default_factory=list)
    """The recognizer's changes the table has not told yet (:meth:`news`)."""
    _lang: str = "en"
    """The language of the last request (the news is worded in it)."""

    def __post_init__(self) -> None:
        from voicefish.audio.recognizer import StreamingRecognizer
        from voicefish.audio.sphinx import SphinxRecognizer
        from voicefish.audio.whisper import HybridRecognizer

        if isinstance(self.recognizer, HybridRecognizer):  # Whisper resting, and back: told to the table (news)
            self.recognizer.notice = self._news.append
        self._tell_quiet = self.listener.detector.tell_quiet
        if isinstance(self.recognizer, SphinxRecognizer):  # a loud room told by the room's own level, when known
            self.recognizer.room_level = lambda: self.listener.detector.room_rms
        if self.stream and isinstance(self.recognizer, StreamingRecognizer) and self.listener.detector.sink is None:
            self.listener.detector.sink = self.recognizer
            self._streamer = self.recognizer
        if self.voices is not None:
            self.remember_voices(self.voices)

    def remember_voices(self, store: VoiceStore) -> None:
        """Keep each player's voice in ``store`` as it is learnt, and use what it remembers (:meth:`recall`)."""
        from voicefish.audio.sphinx import SphinxRecognizer

        self.voices = store
        rec = self.recognizer
        if isinstance(rec, SphinxRecognizer):
            model = rec.model_signature[0]

            def keep(speaker: str, transform: Transform) -> None:
                store.save(speaker, transform, model)

            rec.on_transform = keep

    def recall(self, name: str) -> tuple[bool, str]:
        """Use ``name``'s remembered voice, if any: (True, "") when it is now in use; (False, why) when there is
        one that cannot be used; (False, "") when there is none (or voices are not remembered)."""
        from voicefish.audio.sphinx import SphinxRecognizer
        from voicefish.audio.voices import VoiceFileError

        rec = self.recognizer
        if self.voices is None or not isinstance(rec, SphinxRecognizer) or not rec.learning:
            return False, ""
        model, shape = rec.model_signature
        try:
            transform = self.voices.load(name, model, shape)
        except VoiceFileError as exc:
            return False, str(exc)
        if transform is None:
            return False, ""
        rec.use_transform(name, transform)
        return True, ""

    def listen(self, request: ListenRequest) -> Heard | None:
        """The next utterance for ``request``. When the table is confirming (``expecting`` ``confirm``), its question
        was just asked: printed, and spoken to its end when speech is on. Only what the player says after it is
        the answer (issue 33: a trailing "please" was taken as a yes): speech begun before it or still going on
        when it ends is dropped, and so is speech begun within :data:`CAPTION_REACTION` of a question only shown."""
        from voicefish.audio.recognizer import AdaptingRecognizer, AskedRecognizer, ExpectingRecognizer
        from voicefish.speech.intents import Ask, NoIntent

        spoken, self._spoke = self._spoke, False
        self._lang = request.lang
        self._players = request.players
        asked = None  # the question is asked just before its answer is listened for: shown, and spoken to its end
        if request.expecting == "confirm":
            asked = self._spoke_at if spoken else time.perf_counter()
        if self.earcons is not None and request.expecting == "turn":
            # not after a yes/no question (the question is the cue, and the blip would mute a prompt "yes": playing
            # it opens an output stream, 0.3-0.75 s measured), nor while paused
            self.earcons.play("listening")

        key = (request.players, request.speaker, request.rules, request.computers, request.hand)
        if key != self._table_key:
            self.recognizer.set_table(request.context(), request.hand)
            self._table_key = key
        if isinstance(self.recognizer, ExpectingRecognizer):
            # while confirming, only yes / no / quit can be heard; after "Did you mean Fatima or Wen?", a name alone too
            self.recognizer.expect("which" if request.which and request.expecting == "turn" else request.expecting)
        if isinstance(self.recognizer, AskedRecognizer):
            self.recognizer.asked(request.prompt if request.expecting == "confirm" else "")
        if isinstance(self.recognizer, AdaptingRecognizer):
            self.recognizer.set_speaker(request.speaker)  # heard with their own voice's transform, once learnt
        detector = self.listener.detector
        dropped = detector.room_dropped
        # A prompt repeated for the voice check is learnt from, not played: its last word is not taken as finished
        # while the decoder runs it on into the quiet (measured: the hard voice's check kept fewer prompts so).
        detector.tell_quiet = self._tell_quiet and not request.repeating
        timeout = self.timeout if request.patience is None else request.patience
        # after something taken for table talk in a loud room, the room's talk kept the endpointer in speech and the
        # short wait went on to the detector's longest utterance: a new ask is taken, but not heard for that long
        loud = (
            request.patience is not None
            and bool(self._recent)
            and not in_a_quiet_room(self.listener, self._recent[-1][1])
        )
        typed: list[str] = []
        keyboard = self.keyboard if self.typing else None
        if keyboard is not None:
            keyboard.drain()  # typed before this listen began: not an answer to what the table just asked

        def stop() -> bool:
            line = None if keyboard is None else keyboard.poll()
            if line is not None:
                typed.append(line)
            return line is not None

        listened = listen_joining(
            self.listener,
            self._streamer,
            timeout,
            join=request.expecting != "confirm",
            answer=request.expecting == "confirm",
            after=asked,
            reaction=0.0 if spoken else CAPTION_REACTION,
            names=request.players,
            stop=stop if keyboard is not None else None,
            turn=request.expecting == "turn",
            max_seconds=LOUD_JOIN_SECONDS if loud else None,
            repeating=request.repeating,
        )
        if typed:  # typed before the player's utterance ended: the typed line wins (what was half said is dropped)
            self._room_only = False
            return parse_typed(request, typed[0])
        self._room_only = listened is None and (detector.room_dropped > dropped or detector.hearing_room)
        if listened is None:
            return None
        utterance = listened.utterance
        result = listened.streamed  # None when not decoded while spoken: decoded whole below
        if result is None:
            result = self.recognizer.decode(utterance.audio)
        if listened.first is not None:
            result = answer_begun(result, listened.first)
        heard = Heard(
            result.intent,
            text=result.text,
            confidence=result.confidence,
            confirm=result.confirm,
            reason=result.reason,
            loud=result.loud,
        )
        if (
            request.expecting == "turn"
            and isinstance(heard.intent, Ask)
            and not heard.confirm
            and heard.intent.target in self._mistaken.get(request.speaker, ())
        ):
            heard = replace(heard, confirm=True, reason=NAME_MISTAKEN)
        self._recent = [*self._recent[-3:], (heard, utterance, request.speaker)]
        if self.trace is not None:
            self._write_trace(self.trace, request, heard)
        if self.earcons is not None and not isinstance(heard.intent, NoIntent):
            self.earcons.play("heard")  # heard, and acted on: the answer follows
        return heard

    def _write_trace(self, path: Path, request: ListenRequest, heard: Heard) -> None:
        import json

        from voicefish.speech.intents import intent_to_json

        row = {
            "t": round(time.monotonic(), 3),
            "expecting": request.expecting,
            "speaker": request.speaker,
            "text": heard.text,
            "intent": intent_to_json(heard.intent),  # (as ``voicefish parse --json`` writes it)
            "confidence": heard.confidence,
            "confirm": heard.confirm,
            "reason": heard.reason,
        }
        try:
            with path.open("a", encoding="utf-8") as f:
                f.write(json.dumps(row, ensure_ascii=False) + "\n")
        except OSError:
            self.trace = None  # (a full disk or a bad path: the game goes on untraced)

    @property
    def typing(self) -> bool:
        """A line typed at the :attr:`keyboard` is taken while listening (there is one and its input goes on)."""
        return self.keyboard is not None and not self.keyboard.closed

    def news(self) -> list[str]:
        """What the table should say about its listening since the last call, each once: the better recognizer
        (Whisper) resting while the computer is too busy for it, and back (``HybridRecognizer``'s notices)."""
        from voicefish.audio.whisper import WhisperTooSlow
        from voicefish.table.phrases import phrasebook

        book = phrasebook(self._lang)
        said = [book.QUICKER_EAR if isinstance(n, WhisperTooSlow) else book.BETTER_EAR_BACK for n in self._news]
        self._news.clear()
        return [str(s) for s in said]

    @property
    def heard_only_the_room(self) -> bool:
        """The last listen heard nothing but the room's talk (see ``ears.RoomAwareEars``)."""
        return self._room_only

    @property
    def learning(self) -> bool:
        """Whether the recognizer learns voices (pocketsphinx with adaptation available and on)."""
        from voicefish.audio.recognizer import AdaptingRecognizer

        return isinstance(self.recognizer, AdaptingRecognizer) and self.recognizer.learning

    def understood(self, heard: Heard, said: str | None = None) -> None:
        """The table acted on ``heard`` as meant (or the player was repeating ``said``, a sentence of the table):
        the recognizer learns the speaker's voice from it."""
        from voicefish.audio.recognizer import AdaptingRecognizer

        for h, utterance, speaker in self._recent:
            if h is heard and said is not None:
                self._note_names(speaker, said, heard.text)
            if h is heard and isinstance(self.recognizer, AdaptingRecognizer):
                if said is None:
                    self.recognizer.learn(speaker, utterance.audio, heard.text)
                else:
                    self.recognizer.learn(speaker, utterance.audio, said, heard=heard.text)
                return

    def _note_names(self, speaker: str, said: str, text: str) -> None:
        """The voice check: ``speaker`` was asked to say ``said`` and the recognizer wrote ``text``. When ``said``
        names one player and ``text`` names another instead, that other player's name is what this speaker's names
        may be heard as: a sure ask to them is asked back from now on (:data:`NAME_MISTAKEN`). Measured in the
        voice-game bench (tuning voice flite kal16, a loud room): the check wrote "leo do you have any aces" as
        "Priya, do you have any ..." in all three games, and the games played 1 to 6 asks to Priya meant for Leo."""
        from voicefish.speech.normalize import match_tokens, named_in

        names = [(tuple(match_tokens(player)), player) for player in self._players]
        meant, written = named_in(said, names), named_in(text, names)
        if len(meant) == 1 and written and not written & meant:
            self._mistaken.setdefault(speaker, set()).update(written - {speaker})

    # The table speaker mutes us while it talks, so the game never hears itself.
    def mute(self) -> None:
        self.listener.mute()

    def unmute(self) -> None:
        self._spoke, self._spoke_at = True, time.perf_counter()
        self.listener.unmute()

    def close(self) -> None:
        if self.microphone is not None:
            self.microphone.close()


WHISPER_BUDGET = 2.5
"""Seconds: a machine where Whisper takes longer than this for a short utterance listens with pocketsphinx alone."""


def _whisper_or_why(model: str | None, probe: bool, book: ModuleType) -> tuple[Recognizer | None, str]:
    """The Whisper recognizer and "" (timed on a short clip when ``probe``: the better of two decodes); or None and
    why it cannot be used; or, when the probe found it too slow, the loaded recognizer and why (worded by the
    phrasebook ``book``): the hybrid lets it rest and tries it again later."""
    from voicefish.audio.recognizer import RecognizerError
    from voicefish.audio.whisper import DEFAULT_WHISPER_MODEL, WhisperRecognizer, quiet_probe
    from voicefish.speech.grammar import TableContext

    try:
        whisper = WhisperRecognizer(model or DEFAULT_WHISPER_MODEL)
    except RecognizerError as exc:
        return None, str(exc)
    if probe:
        import time

        whisper.set_table(TableContext(("Sam", "Leo")))
        took = float("inf")
        for _ in range(2):  # the first decode also warms the model up (measured slower): the better of two counts
            t0 = time.perf_counter()
            whisper.decode(quiet_probe())
            took = min(took, time.perf_counter() - t0)
        if took > WHISPER_BUDGET:
            return whisper, str(book.whisper_too_slow(took, WHISPER_BUDGET))
    return whisper, ""


def make_recognizer(
    backend: str = "auto", model: str | None = None, *, probe: bool = True, lang: str = "en"
) -> tuple[Recognizer, str]:
    """The recognizer for ``backend`` and the sentence saying which it is.

    ``pocketsphinx``; ``vosk`` (``model``: its folder, default the installed one); ``whisper`` (``model``: a
    Whisper manifest name or folder, default :data:`~voicefish.audio.whisper.DEFAULT_WHISPER_MODEL`); ``hybrid``
    (pocketsphinx acting on its sure results, Whisper deciding the rest); ``auto``: Vosk when an English Vosk model
    is installed, else Whisper deciding every utterance with pocketsphinx streaming beside it and standing in when
    Whisper proves too slow, else pocketsphinx alone. With ``probe``, Whisper is timed once on a short clip: on a
    computer too slow for it (or without it) ``auto`` and ``hybrid`` listen with pocketsphinx alone and say why.
    Every sentence (the notice, the refusals raised, the hybrid's mid-game switch) is in the table's ``lang``.
    """
    from voicefish.audio.models import find_vosk_model
    from voicefish.audio.recognizer import RecognizerError
    from voicefish.table.phrases import phrasebook

    book = phrasebook(lang)
    if lang != "en":
        return _recognizer_for(lang, backend, model, book)
    if backend == "whisper":
        whisper, why = _whisper_or_why(model, probe=False, book=book)
        if whisper is None:  # (no probe: never "too slow" here)
            raise RecognizerError(why)
        return whisper, book.listening_whisper(getattr(whisper, "model_name", model))
    if backend == "hybrid" or (backend == "auto" and model is None and find_vosk_model() is None):
        whisper, why = _whisper_or_why(model if backend == "hybrid" else None, probe, book)
        if whisper is not None:
            from voicefish.audio.whisper import HybridRecognizer, WhisperRecognizer

            assert isinstance(whisper, WhisperRecognizer)
            notice = _gave_up_notice(book)
            # measured (bench/results/asr_realistic.md): pocketsphinx's own sure results were wrong too often on
            # realistic voices, so by default Whisper decides every utterance and pocketsphinx stands in for it
            hybrid = HybridRecognizer(whisper, trust_sphinx=backend == "hybrid", notice=notice)
            if why:  # too slow right now (a busy computer is often busy for a while): it rests, and is tried again
                hybrid.rest()
                return hybrid, book.listening_sphinx_for_now(why)
            if backend == "hybrid":
                return hybrid, book.listening_hybrid(whisper.model_name)
            return hybrid, book.listening_whisper_first(whisper.model_name)
        from voicefish.audio.sphinx import SphinxRecognizer

        return SphinxRecognizer(), book.listening_sphinx_alone(why)
    vosk_path = Path(model).expanduser() if model else (find_vosk_model() if backend in ("auto", "vosk") else None)
    if backend == "vosk" and vosk_path is None:
        raise RuntimeError(book.NO_VOSK_MODEL)
    if vosk_path is not None and backend != "pocketsphinx":
        from voicefish.audio.vosk_backend import VoskRecognizer

        return VoskRecognizer(vosk_path), book.listening_vosk(vosk_path.name)
    from voicefish.audio.sphinx import SphinxRecognizer

    return SphinxRecognizer(), str(book.LISTENING_SPHINX_ASKED)  # (asked for by name: a Vosk model may be there)


def _gave_up_notice(book: ModuleType) -> Callable[[WhisperTooSlow | WhisperBack], None]:
    """The hybrid's mid-game switch to pocketsphinx alone, and back, worded by ``book`` and printed on standard
    error (where no table tells it: the game's :class:`VoiceEars` take the notices over and the table says them)."""
    from voicefish.audio.whisper import WhisperTooSlow

    def say(change: WhisperTooSlow | WhisperBack) -> None:
        if isinstance(change, WhisperTooSlow):
            print(book.whisper_gave_up(change.seconds, change.limit), file=sys.stderr, flush=True)
        else:
            print(book.BETTER_EAR_BACK, file=sys.stderr, flush=True)

    return say


def _recognizer_for(lang: str, backend: str, model: str | None, book: ModuleType) -> tuple[Recognizer, str]:
    """The recognizer of a table in ``lang`` (not English): Whisper told the language (the default; an English-only
    Whisper model is replaced by whisper-base, and said so), or Vosk with that language's model. Pocketsphinx (alone
    or in the hybrid) has an English model only: refused with one line."""
    from voicefish.audio.models import find_vosk_model
    from voicefish.audio.recognizer import RecognizerError
    from voicefish.speech.grammar import load_grammar

    grammar = load_grammar(lang)
    if backend in ("pocketsphinx", "hybrid"):
        raise RecognizerError(book.SPHINX_ENGLISH_ONLY)
    vosk_path = Path(model).expanduser() if model and backend == "vosk" else find_vosk_model(lang)
    if backend == "vosk":
        if vosk_path is None:
            raise RecognizerError(book.NO_VOSK_MODEL_HERE)
        from voicefish.audio.vosk_backend import VoskRecognizer

        return VoskRecognizer(vosk_path, grammar=grammar), book.listening_vosk(vosk_path.name)
    from voicefish.audio.whisper import DEFAULT_WHISPER_MODEL, WhisperRecognizer

    name = model or DEFAULT_WHISPER_MODEL
    notice = ""
    if name.endswith(".en"):
        notice = f"{book.english_only_model(name, DEFAULT_WHISPER_MODEL)} "
        name = DEFAULT_WHISPER_MODEL
    whisper = WhisperRecognizer(name, grammar=grammar, language=lang)
    return whisper, f"{notice}{book.listening_whisper_in_language(whisper.model_name)}"


def open_voice_ears(
    *, input_device: str | int | None = None, backend: str = "auto", model: str | None = None, lang: str = "en"
) -> VoiceEars:
    """Open the microphone and the recognizer, and the keyboard on standard input when it is a terminal or a pipe
    (a typed line is taken too). Raises a clear error when the microphone or the recognizer is unavailable."""
    from voicefish.audio.listen import Keyboard, Listener, Microphone

    spec: str | int | None = input_device
    if isinstance(spec, str) and spec.isdigit():
        spec = int(spec)
    mic = Microphone.choose(spec).start()
    try:
        recognizer, notice = make_recognizer(backend, model, lang=lang)
    except BaseException:
        mic.close()
        raise
    return VoiceEars(
        Listener(mic), recognizer, microphone=mic, notices=[notice], keyboard=Keyboard.stdin(), trace=heard_log()
    )


def heard_log() -> Path | None:
    """The file ``$VOICEFISH_HEARD_LOG`` names (:data:`HEARD_LOG_ENV`), or None when it is unset or empty."""
    value = os.environ.get(HEARD_LOG_ENV, "").strip()
    return Path(value).expanduser() if value else None
