"""Whisper (faster-whisper, CTranslate2 on the CPU, int8 or float32: :func:`compute_type`) as a recognizer, and the
hybrid with pocketsphinx.

:class:`WhisperRecognizer` writes down what it hears in plain English, prompted with the table's names and the
game's words; the text is snapped to the table's sentences by how it sounds and by what is possible right now
(:mod:`voicefish.speech.sounds`) and understood by the game's own :class:`~voicefish.speech.parser.Parser`. Table
talk comes back verbatim and is rejected; a result that is only near a sentence is asked back (``confirm``). Its
confidence comes from the snap (sound score, the margin to another intent), the decoder's ``avg_logprob`` and its
``no_speech_prob``.

:class:`HybridRecognizer` is pocketsphinx (streaming, endpointing, voice adaptation) that acts on its own sure
results and hands an utterance to Whisper when it is unsure, the room is loud, or what was said is not a sentence of
its grammar. When Whisper turns out too slow on this machine it stops asking it, and says so once.

Whisper was trained on 30-second windows and faster-whisper pads every clip to one, so a short command cost as much
as a long one (about 1 CPU-second for base here); a clip that fits in :attr:`WhisperSettings.window` (10 s) is
encoded on that shorter window instead (about 0.4 CPU-s for base), through CTranslate2 directly.
"""

from __future__ import annotations

import math
import re
import statistics
import sys
import threading
import time
from collections import deque
from collections.abc import Callable, Collection
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from voicefish.audio.confidence import ANSWERS
from voicefish.audio.recognizer import RANK_NOT_IN_HAND, SAMPLE_RATE, Recognition, RecognizerError, Word, check_audio
from voicefish.audio.sphinx import SphinxRecognizer
from voicefish.cards import Rank
from voicefish.speech.grammar import Grammar, TableContext, load_grammar
from voicefish.speech.intents import Ambiguous, Ask, Intent, No, NoIntent, Yes
from voicefish.speech.normalize import match_key, match_tokens, named_in
from voicefish.speech.parser import Parser, ParseResult
from voicefish.speech.sounds import NAME_SOUNDS_LIKE, SoundMatcher, ranks_written, sound_likeness, words_said

__all__ = [
    "DEFAULT_WHISPER_MODEL",
    "PROMPT_RANKS",
    "PROMPT_SENTENCE",
    "PROMPT_WORDS",
    "RANK_FROM_PROMPT",
    "RANK_UNSURE",
    "REPEATED_NO",
    "HybridRecognizer",
    "WhisperBack",
    "WhisperRecognizer",
    "WhisperSettings",
    "WhisperTooSlow",
    "compute_type",
    "example_ranks",
    "whisper_available",
]

DEFAULT_WHISPER_MODEL = "whisper-base"
"""The Whisper model the game uses (see bench/results/asr_realistic.md for why)."""
_RANK_WORDS = "aces, twos, threes, fours, fives, sixes, sevens, eights, nines, tens, jacks, queens, kings"
_PLURALS = dict(zip(Rank, _RANK_WORDS.split(", "), strict=True))
_MIN_SAMPLES = 1600
_WINDOW_SPARE = 1.0
"""Seconds of silence a clip keeps after it in a short window (else the 30 s path decodes it)."""
PROMPT_WORDS = "the prompt's own words"
""":attr:`Recognition.reason` of a text that is a sentence of Whisper's own prompt, written unsure: Whisper could not
make out what was said (not answered; the end of the turn waits for more, ``voicefish.table.voice.unfinished``)."""
_TOKENS_PER_SECOND = 6.0
"""At most this many new tokens per second of speech on a short window (people say about 3 words a second)."""


@dataclass(frozen=True)
class WhisperSettings:
    """How Whisper decodes and when its results are acted on (thresholds tuned on the tuning voices only)."""

    beam_size: int = 5
    """Beam search: on these short commands it costs about 5 % more CPU than greedy (1) and heard one more of
    three babble-10-dB tuning asks (see docs/recognizers.md)."""
    chunk_length: int = 30
    """Seconds of the window every clip is padded to. Measured: 10 or 6 cost the same CPU as 30 with faster-whisper
    1.2.1 (its features are padded to Whisper's 30 s window whatever this says), so Whisper's own value stays."""
    cpu_threads: int = 2
    window: float | None = 10.0
    """Seconds of the encoder's input window for a clip that fits in it (None: Whisper's own 30 s through
    faster-whisper; a longer clip always takes that path). CTranslate2 4.x encodes a shorter mel input than 3000
    frames (it only refuses a longer one), so a shorter window costs a fraction of the CPU; faster-whisper 1.2.1
    always pads to 30 s, so a shorter window is decoded here with CTranslate2's ``Whisper.generate`` and
    faster-whisper's tokenizer and feature extractor. Whisper was trained on 30 s windows: on a short one it may
    repeat itself, so the new tokens are capped by the clip's length and a repeated phrase is cut. 10 s: on the
    tuning voices base heard as much as on 6 s and asked back less, for 0.38 CPU-s instead of ~1.0 on 30 s
    (bench/results/asr_realistic.md)."""
    talk_below: float = 72.0
    """A text that sounds less like any table sentence than this is table talk: not acted on."""
    sure_from: float = 88.0
    """A snap this close (and with a clear margin and a confident decoder) is played without asking back."""
    sure_margin: float = 4.0
    """The snapped sentence must sound this much better than the nearest sentence of another intent to be sure."""
    sure_logprob: float = -0.6
    """The decoder's average log-probability of its tokens must be above this to be sure."""
    answer_sure_logprob: float = -0.8
    """... or above this, for an answer to the table's question that Whisper wrote out as a yes or a no ("Yes.",
    "No,", "Correct."): a word or two said in a loud room decodes at a low average log-probability even when written
    right (bench/results/answers.md: in babble 10 dB most right answers were asked again for it alone). Not lower:
    a hold-out "nah" was written "Yeah, yeah," at -1.17."""
    rank_tie: float = 8.0
    """An ask whose rank sounds less than this much better than another rank the asker could ask for ("tens" and
    "sevens" heard as "sens") is asked back, never played — unless Whisper wrote the rank out as a word of that rank
    and no other ("Kwame, do you have an eight?" sounds within 7 points of "an ace", but Whisper wrote "eight")."""
    keywords_sure_from: float = 80.0
    """An ask whose rank (a word of that rank, no other rank) and player (the name as the table writes it) Whisper
    wrote out is played from this snap score instead of :attr:`sure_from`: the words around them were misheard
    ("I'll ask Kwame for sevens" written "I lost Kwame for sevens", 83), not what the move is. On the tuning voices
    a wrong player written out snapped at 73."""
    no_speech: float = 0.6
    """``no_speech_prob`` above this with a poor log-probability: nothing was said."""
    prompt_check: bool = True
    """A sure ask of a rank the prompt's example asks name (:func:`example_ranks`), decoded less surely than
    :attr:`prompt_check_below`, is decoded once more (the same encoding, a beam of :attr:`beam_size`) with a prompt
    whose example asks name other ranks, and asked back when no close hypothesis of that decode writes the rank:
    Whisper writes its prompt's example ranks for ranks it cannot make out (bench/history/asr.md, item 11)."""
    prompt_check_below: float = -0.2
    """The average log-probability under which a sure ask of an example rank is checked. Chosen on the tuning voices:
    asks whose rank word babble drowned, written "kings", came at -0.25 to -0.54 (7 of 80; tests/audio); kings and
    sevens said and heard right in a quiet room at -0.25 to -0.02 (12 of 13 above -0.2), so a quiet room is seldom
    checked (the check costs a second decode, about 0.25 s here). A beam of 1 for the check was cheaper and asked
    back 6 more right asks of 36 on the tuning split (7 against 1)."""
    question_prompt: bool = True
    """Listening for the answer to a question, Whisper is prompted with the players' names and the question."""
    other_hearings: float = 0.3
    """When the beam's best text is no game sentence (or names two players), a text of another of its hypotheses
    that is an ask, no more than this much lower in average log-probability, is asked back ("Aisha, for tens?")
    instead of being dropped: in babble Whisper's best guess often tacks the room's words onto an ask ("Got any
    tens, but we're sure.") that another hypothesis has without them. Chosen on the tuning voices (the gains were
    0.01-0.24 below the best; 1.0 asked back no more right asks)."""
    ask_at_the_end: bool = True
    """When no hypothesis is a game sentence, an ask the best text ends with (after a sentence's end or a comma,
    naming its player) is asked back (:data:`ASK_AT_THE_END`): talk before an ask was heard with it and the ask was
    lost. Measured with ``bench/talk_ask_bench.py`` (talk, a pause of 0.2-1 s, an ask; the game's ears)."""
    answer_hearings: bool = True
    """Listening for the answer to a question, when the beam's best text is no answer ("I'm sorry." for "no" in
    babble), a yes or a no that another hypothesis no more than :attr:`other_hearings` lower writes surely ("No,
    sorry.") is the answer (:data:`ANSWER_HEARD_AGAIN`) — only when every such hypothesis says the same and no clause
    of any hypothesis says the other ("Sure, no.", "Yes, no, Sam.": the room's words, or a player changing their
    mind, are never taken either way)."""
    answer_scores: bool = True
    """Listening for the answer to a question (English), when no hypothesis of the beam is a yes or a no, or only an
    unsure yes: Whisper's own odds that the text starts with a yes word or a no word (:data:`YES_STARTS`,
    :data:`NO_STARTS`, read from its first decoding step on the clip just encoded) decide it, when one side is likely
    enough and far more likely than the other (:data:`ANSWER_SCORED`; the bars below). A yes so decided is sure; a no
    is unsure (it cancels the ask all the same), and an unsure no is left as it is. In babble Whisper often writes
    other words for a short answer ("uh huh" → "Sir, Sir, Sir,", "yep" → "My goodness.") while its first step still
    puts the answer word well ahead."""
    answer_yes_from: float = -1.8
    """The log-probability of a yes start from which it is taken, ... Tuned on the tuning voices in babble 10 dB
    (offline clips, the odds of every answer and of 240 clips of the room's talk alone): -2.3 took 27 more of 162
    answers at once but made 4 of the room's 240 clips sure answers ("Yeah, I'm gonna put a band in your whistle",
    "I know what's happening ..." as a no); -1.8 takes 18 more and none of the room's."""
    answer_yes_margin: float = 2.0
    """... when it is this far (natural log) above the no starts."""
    answer_no_from: float = -1.8
    """The log-probability of a no start from which it is taken ..."""
    answer_no_margin: float = 2.0
    """... when it is this far above the yes starts."""
    greedy_sure_from: float | None = -0.3
    """An utterance heard while the table waits for a move is first decoded greedily (a beam of 1, on the same
    encoding); an ask that decode makes sure (played at once), with an average log-probability of at least this,
    is taken without the beam, which costs about twice as much (about 85 ms against 170 ms here); anything else is
    decoded with the beam as before. ``None``: always the beam. On the tuning split greedy decodes made 164 sure asks
    of 390 items, none wrong at any bar from -0.1 to -0.6 (the beam's path asked back 10 of them, all right: another
    hypothesis did not write the rank), 154 at -0.3 or above. Not lower: a wrong sure ask the beam's other
    hypotheses caught came at -0.40 ("Yuki, give me all your ties, Aces." for fives in babble, with AVX2 kernels;
    :data:`RANK_HEARD_ONCE`). bench/history/latency.md, session 78."""
    garbled_ask_below: float | None = -0.4
    """When no hypothesis is a game sentence, a text that writes out one rank the asker holds and names at most one
    player, decoded below this average log-probability, is asked back as that ask (or "which player?") with
    :data:`GARBLED_ASK` ("Are any aces going home?" for "Got any aces, Kwame?" in babble); ``None``: never. Clean
    talk about cards is written cleanly ("I never get any sevens.", -0.03 to -0.3): on the tuning voices the rule
    without the bar made 18 more asks right and asked about 49 more sentences of talk (of 432); at -0.4, 16 and 7."""


RANKS_WRITTEN = "ranks_written"
"""The feature of a Whisper result that counts the ranks its text writes out as words of a rank (0: any rank of its
intent was filled in by the snap or taken from a misheard form)."""

RANK_NOT_WRITTEN = "rank not written"
"""The reason an ask is asked back when its rank comes from how a word sounds, not from a word of the rank: it is
never played at once (set B, hold-out: 3 of 161 asks played at once were such, all right; one whole game by voice
played a wrong move so)."""

RANK_HEARD_ONCE = "rank heard once"
"""The reason a sure ask is asked back when its rank word is in the beam's best text only: none of its other
hypotheses, close to it in log-probability, writes that rank (in babble Whisper tacked a rank of its prompt onto an
ask whose rank it could not make out: "Yuki, give me all your ties, Aces." for "... fives", tuning voice flite slt,
played at once; the others wrote "ties" with no rank)."""

RANK_FROM_PROMPT = "rank from the prompt"
"""The reason a sure ask of one of the prompt's example ranks is asked back: decoded again with other example ranks
(:attr:`WhisperSettings.prompt_check`), no close hypothesis wrote it (in babble Whisper wrote "kings" for jacks twice
in one game by voice, and "sevens" for sixes)."""

REPEATED_NO = "a no over and over"
"""The reason an answer Whisper wrote as one no word three times or more ("No, no, no,") is unsure: in babble Whisper
writes that for a "yes" it cannot make out as often as for a no (flite awb's "uh huh" five times at 0.66-0.97 in two
games by voice, one "nah"; on the tuning voices "okay" and "uh huh" once each, "no way" and "uh uh"). An unsure no
cancels the ask all the same; the ask heard again is then asked back once more rather than "Did you mean Fatima or
Wen?" (:meth:`voicefish.table.loop.TableLoop._heard_again`)."""

ASK_AT_THE_END = "an ask at the end of other words"
"""The reason an ask is asked back when Whisper's text is no sentence of the game but ends in one ("Has the chips
pleased? Fatima, do you have any twos?"): table talk before an ask, joined to it while the table waited for the rest of
a first part it could not make out (a name before a pause, a garbled lead-in in a loud room), or said in one breath.
The words after a sentence's end or a comma that make a whole ask, naming its player, longest first; never played at
once (the talk before it may be the player's too: "I never get any sixes, Wen, Fatima, jacks." for "..., Wen, got any
jacks?")."""

GARBLED_ASK = "a rank in words not understood"
"""The reason an ask is asked back when Whisper's text is no sentence of the game but writes out one rank the asker
holds, names at most one player, and was decoded unsurely (:attr:`WhisperSettings.garbled_ask_below`): an ask the
room garbled. Never played at once; with no player named, the game asks which."""

EXACT_SENTENCE = 90.0
"""The parser's score from which a text is the sentence it parses as, word for word (not snapped by sound)."""

WRITTEN_OUT = 96.0
"""The parser's score from which Whisper's words are taken as written (a game sentence, a yes or a no word for word),
not as a guess from how they sound."""

ANSWER_HEARD_AGAIN = "an answer another hearing writes"
"""The reason of a yes or a no taken from another of the beam's hypotheses when the best was no answer
(:attr:`WhisperSettings.answer_hearings`)."""

ANSWER_SCORED = "an answer by Whisper's first word"
"""The reason of a yes or a no taken from Whisper's odds of the first word when no hypothesis wrote an answer
(:attr:`WhisperSettings.answer_scores`)."""

YES_STARTS = ("Yes", "Yeah", "Yep", "Yup", "Mhm", "Mm", "Sure", "Correct", "Exactly", "Aye", "Right", "Indeed")
"""First words of a yes, each one token of Whisper's (with its lower-case form); "Uh huh" and "That's right / it /
correct" are told from "Uh uh" and "That's wrong / not" by a second step."""
NO_STARTS = ("No", "Nope", "Nah", "Naw", "Nay", "Negative", "Wrong", "Not", "Never")
"""First words of a no (as :data:`YES_STARTS`)."""

RANK_ALONE_AGREED = "rank_alone_agreed"
"""The feature of a hybrid result (1) whose rank, said alone to "Which cards do you want from Fatima?", both ears wrote
alone and the same, which made it sure: Whisper decodes a word alone with a low average log-probability, so
"Eights." was taken for an ask the room garbled (:data:`GARBLED_ASK`) and asked back ("Fatima, for eights?") after
the player had just said which cards — four times in one game by voice (Piper joe slow, seed 317, quiet), each a
question more, and two of them lost to a "yes" Whisper did not write as one. pocketsphinx, which then listens for a
name or a rank alone too (``which``), is an ear of its own: both writing that rank alone is evidence enough. Whisper
alone is not: sure of a word alone, it played another rank at once 3 times in 60 answers on the tuning voices
("fives." for "Twos." in a quiet room, "Aces." for "Eights.", "5" for "Kings." in babble; bench/which_answer_bench.py
``--ear default``), so a rank the ears do not agree on is asked back (:data:`RANK_ALONE_UNSURE`)."""

RANK_ALONE_UNSURE = "a rank alone, heard by one ear"
"""The reason a rank said alone to "Which cards do you want from Fatima?" is asked back: the two ears did not both
write it alone (:data:`RANK_ALONE_AGREED`)."""

PROMPT_RANKS: tuple[Rank, Rank] = (Rank.SEVEN, Rank.KING)
"""The ranks of the prompt's example asks ("..., do you have any sevens? Got any kings, ...?") when the asker's hand
is not known, or holds neither (:func:`example_ranks`)."""
_CHECK_RANKS: tuple[Rank, Rank] = (Rank.FOUR, Rank.QUEEN)
"""The ranks of the example asks of the prompt a :data:`PROMPT_RANKS` ask is checked with (no hand known)."""
_EXAMPLE_ORDER: tuple[Rank, ...] = (
    *PROMPT_RANKS,
    *_CHECK_RANKS,
    Rank.NINE,
    Rank.THREE,
    Rank.FIVE,
    Rank.JACK,
    Rank.EIGHT,
    Rank.SIX,
    Rank.TWO,
    Rank.ACE,
    Rank.TEN,
)
"""The ranks the prompt's example asks are taken from, in this order (:func:`example_ranks`)."""


def example_ranks(hand: Collection[Rank] | None) -> tuple[tuple[Rank, Rank], tuple[Rank, Rank]]:
    """The ranks of the prompt's example asks and of the prompt they are checked with: ranks the asker does not
    hold, when there are four. Whisper writes its prompt's example ranks for a rank it cannot make out; an example
    rank the asker held was a legal ask and was played ("Wen, any tens?" written "Wen, any kings?" at 0.795 in babble,
    flite awb, voice game seed 336, the check's second decode writing kings again), one the asker does not hold is
    asked back ("rank not in hand"). With no hand (or one holding all but three ranks), :data:`PROMPT_RANKS` and
    :data:`_CHECK_RANKS` fill in."""
    free = [r for r in _EXAMPLE_ORDER if hand is None or r not in hand]
    order = free + [r for r in _EXAMPLE_ORDER if r not in free]
    return (order[0], order[1]), (order[2], order[3])


PLAYERS_NAMED = "players_named"
"""The feature of a Whisper result that counts the table's players its text names (0: any player of its intent was
filled in by the snap or taken from a misheard name)."""

PROMPT_SENTENCE = "prompt_sentence"
"""The feature of a Whisper result whose text is one of its prompt's own sentences, word for word (1; else 0): an
example ask such as "Fatima, do you have any sevens?" written for a name Whisper heard before a pause (flite awb in
babble, voice game seed 315: asked back as "Did you say sevens?" while the player went on). Unsure, the end of the
turn waits for more (``voicefish.table.voice.unfinished``)."""


def whisper_available() -> str | None:
    """None when faster-whisper can be imported, else why not (a sentence)."""
    try:
        import faster_whisper  # noqa: F401
    except ImportError as exc:
        return f"faster-whisper is not installed ({exc}); pip install faster-whisper==1.2.1"
    return None


COMPUTE_TYPES = ("int8", "float32")
"""The CTranslate2 compute types Whisper may run with (``VOICEFISH_WHISPER_COMPUTE`` picks one by hand)."""


def compute_type(cpuinfo: str | None = None, env: str | None = None, *, model: str = DEFAULT_WHISPER_MODEL) -> str:
    """The compute type Whisper ``model`` decodes fastest with on this processor (``cpuinfo``: the text of
    /proc/cpuinfo, read when None; ``env``: ``VOICEFISH_WHISPER_COMPUTE``, read when None, which overrides the choice).

    CTranslate2 computes with Intel MKL on Intel processors and with oneDNN on others. On an x86 processor that is not
    Intel's and has no VNNI instructions (``avx512_vnni``, ``avx_vnni``: 8-bit dot products), oneDNN's 8-bit kernels
    are slower than its float32 ones: on a 2-core AMD EPYC (AVX2) Whisper base decoded a short ask in about 1.35 s int8
    and 1.1 s float32 (bench/results/asr_realistic.md). Everywhere else int8 stays as it was measured (0.42 CPU-s an
    utterance on another of these machines on 4 December; ARM boards run 8-bit kernels of their own). float32 holds
    the weights unquantized: about 200 MB more memory. tiny.en stays int8 everywhere: its matrices are small, and it
    decoded as fast either way there (0.50–0.67 s wall int8, 0.57–0.62 s float32, three runs each)."""
    import os

    if env is None:
        env = os.environ.get("VOICEFISH_WHISPER_COMPUTE", "")
    if env:
        if env not in COMPUTE_TYPES:
            raise RecognizerError(
                f"VOICEFISH_WHISPER_COMPUTE is {env!r}: it must be one of {', '.join(COMPUTE_TYPES)} (or unset)"
            )
        return env
    if "tiny" in model:
        return "int8"
    if cpuinfo is None:
        try:
            cpuinfo = Path("/proc/cpuinfo").read_text(encoding="utf-8", errors="replace")
        except OSError:
            return "int8"
    vendor, flags = "", set[str]()
    for line in cpuinfo.splitlines():
        key, _, value = line.partition(":")
        key = key.strip()
        if key == "vendor_id" and not vendor:
            vendor = value.strip()
        elif key == "flags" and not flags:
            flags = set(value.split())
    if not flags or vendor == "GenuineIntel" or flags & {"avx512_vnni", "avx_vnni"}:
        return "int8"  # (no x86 flags: another architecture)
    return "float32"


def _floats(audio: npt.NDArray[np.int16]) -> npt.NDArray[np.float32]:
    """``audio`` (int16 mono 16 kHz, checked) as Whisper's float samples."""
    return check_audio(audio).astype(np.float32) / 32768.0


def _clip_key(x: npt.NDArray[np.float32], window: float) -> tuple[float, int]:
    """What the short window's cached encoding is kept under (:attr:`WhisperRecognizer._encoded`): the window and
    the clip's samples, so that only the clip just encoded reads it."""
    return (window, hash(x.tobytes()))


def _prompt(ctx: TableContext, ranks: tuple[Rank, Rank]) -> str:
    names = ", ".join(ctx.players)
    a, b = (ctx.opponents + ctx.players)[:2] if len(ctx.opponents) >= 2 else (ctx.players[0], ctx.players[-1])
    first, second = (_PLURALS[r] for r in ranks)
    return (
        f"{names}. {a}, do you have any {first}? Got any {second}, {b}? {_RANK_WORDS.capitalize()}. What's the score?"
    )


class WhisperRecognizer:
    """Whisper through faster-whisper, understood through the sound matcher and the game's parser.

    ``model`` is a manifest name (``whisper-tiny.en``, ``whisper-base``) or a model folder; either way its
    ``model.bin`` is checked against the manifest's SHA-256 before it is loaded (a bad file raises
    :class:`~voicefish.audio.models.WhisperModelError`, a :class:`RecognizerError` is raised when faster-whisper is
    missing).
    """

    def __init__(
        self,
        model: str = DEFAULT_WHISPER_MODEL,
        ctx: TableContext | None = None,
        *,
        grammar: Grammar | None = None,
        settings: WhisperSettings | None = None,
        language: str = "en",
    ) -> None:
        why = whisper_available()
        if why is not None:
            raise RecognizerError(why)
        from faster_whisper import WhisperModel

        from voicefish.audio import models as m

        self.settings = settings or WhisperSettings()
        folder = Path(model).expanduser()
        if folder.is_dir():
            self.model_name = self._known_folder(folder)
        else:
            self.model_name = model
            try:
                folder = m.whisper_model_folder(model)
            except m.ModelError as exc:
                raise RecognizerError(str(exc)) from None
        self.folder = folder
        self.compute_type = compute_type(model=self.model_name)
        """The CTranslate2 compute type the model runs with (:func:`compute_type`)."""
        try:
            self._model = WhisperModel(
                str(folder), device="cpu", compute_type=self.compute_type, cpu_threads=self.settings.cpu_threads
            )
        except Exception as exc:  # CTranslate2 raises RuntimeError / ValueError on a broken folder
            raise RecognizerError(f"the Whisper model in {folder} cannot be loaded: {exc}") from None
        self.english_only = "tiny.en" in self.model_name or self.model_name.endswith(".en")
        if self.english_only and language != "en":
            raise RecognizerError(f"{self.model_name} understands English only; use whisper-base for '{language}'")
        self.language = language
        """The language Whisper is told it hears (a multilingual model only; an English-only one needs none)."""
        self.grammar = grammar if grammar is not None else load_grammar(language)
        self._parser: Parser | None = None
        self._matcher: SoundMatcher | None = None
        self._matchers: dict[tuple[object, ...], SoundMatcher] = {}
        self._hand: frozenset[Rank] | None = None
        self._names: dict[tuple[str, ...], str] = {}
        """Each way the players who can be asked are named (names and aliases, as match tokens) → the player."""
        self._prompt = ""
        self._check_prompt = ""
        """The prompt a sure ask of one of :attr:`_prompt_ranks` is decoded again with (English only)."""
        self._prompt_ranks: tuple[Rank, Rank] = PROMPT_RANKS
        """The ranks of the prompt's example asks: ranks the asker does not hold (:func:`example_ranks`)."""
        self._names_prompt = ""
        """The players' names as a sentence: the prompt in another language, and before a question asked."""
        self._prompt_keys: set[str] = set()
        """Each sentence of the prompt, as a match key: a command Whisper copied from it is not the player's."""
        self._expecting = "turn"
        self._question = ""
        """The question the table just asked, when its answer is listened for (the prompt then ends with it)."""
        self._lock = threading.Lock()
        self._tokenizer: Any = None
        self._suppress: list[int] = []
        self._encoded: tuple[tuple[float, int], Any] | None = None
        """The last clip's encoder output on a short window, with its key (window, hash of the samples)."""
        if ctx is not None:
            self.set_table(ctx)

    @staticmethod
    def _known_folder(folder: Path) -> str:
        """The manifest name of the model in ``folder``, after checking its ``model.bin`` against it."""
        from voicefish.audio import models as m

        try:
            infos = [i for i in m.load_manifest() if i.kind == "whisper" and i.size is not None]
            size = (folder / "model.bin").stat().st_size
        except (m.ModelError, OSError) as exc:
            raise RecognizerError(f"{folder} is not a usable Whisper model folder ({exc})") from None
        same = [i for i in infos if i.size == size]
        if not same:
            raise RecognizerError(
                f"{folder / 'model.bin'} is not a Whisper model voicefish knows ({size} bytes matches no "
                "manifest entry), so it cannot be checked and was not loaded"
            )
        try:
            m.check_model_bin(folder / "model.bin", same[0])
        except m.ModelError as exc:
            raise RecognizerError(str(exc)) from None
        return same[0].name

    # --- the table ---------------------------------------------------------------------------------

    def set_table(self, ctx: TableContext, hand: Collection[Rank] | None = None) -> None:
        """Listen for this table: prompt with its names; snap to its sentences, weighed by ``hand``."""
        self._parser = Parser(ctx, self.grammar)
        self._hand = frozenset(hand) if hand is not None else None
        self._names = {
            tuple(match_tokens(said)): player
            for player in ctx.players
            if player != ctx.me  # (the speaker, who cannot be asked, may say their own name)
            for said in (player, *ctx.aliases.get(player, ()))
            if match_tokens(said)
        }
        key = (ctx.players, ctx.me, ctx.rules, tuple(sorted(ctx.aliases.items())), self._hand)
        matcher = self._matchers.get(key)
        if matcher is None:
            matcher = SoundMatcher(self._parser, self._hand)
            self._matchers = {**dict(list(self._matchers.items())[-7:]), key: matcher}
        self._matcher = matcher
        # the prompt's sentences are English; another language is prompted with the players' names alone
        self._names_prompt = ", ".join(ctx.players) + "."
        self._prompt_ranks, check_ranks = example_ranks(self._hand)
        self._prompt = _prompt(ctx, self._prompt_ranks) if self.language == "en" else self._names_prompt
        self._check_prompt = _prompt(ctx, check_ranks) if self.language == "en" else ""
        self._prompt_keys = {match_key(x) for x in re.split(r"(?<=[.?!])\s+", self._prompt) if match_key(x)}

    def expect(self, expecting: str) -> None:
        """``turn`` (an ask or a command) or ``confirm`` (only yes, no or quit are taken)."""
        self._expecting = expecting

    def asked(self, question: str) -> None:
        """The answers listened for next answer ``question``: Whisper is prompted with the names and it."""
        self._question = question.strip()

    # --- decoding ----------------------------------------------------------------------------------

    def transcribe(self, audio: npt.NDArray[np.int16]) -> tuple[str, dict[str, float]]:
        """Whisper's text for ``audio`` and its evidence (``avg_logprob``, ``no_speech_prob``, ``compression``)."""
        return self.hearings(audio)[0]

    def hearings(
        self, audio: npt.NDArray[np.int16], *, prompt: str | None = None, beam: int | None = None
    ) -> list[tuple[str, dict[str, float]]]:
        """Whisper's texts for ``audio``, best first, each with its evidence (as :meth:`transcribe`): the beam's
        hypotheses on a short window (at most ``beam_size``, repeats left out), the best alone on the 30 s path.
        ``prompt``: instead of the table's; ``beam``: instead of ``beam_size`` (1: greedy). On a short window the
        clip just heard is not encoded again."""
        x = _floats(audio)
        s = self.settings
        prompt = self._prompt if prompt is None else prompt
        beam = s.beam_size if beam is None else beam
        window = self._short_window(len(x))
        if window is not None:
            return self._transcribe_window(x, window, prompt, beam)
        with self._lock:
            segments, _info = self._model.transcribe(
                x,
                language=None if self.english_only else self.language,
                task="transcribe",
                beam_size=beam,
                best_of=1,
                temperature=0.0,
                without_timestamps=True,
                condition_on_previous_text=False,
                initial_prompt=prompt or None,
                vad_filter=False,
                chunk_length=s.chunk_length,
                suppress_blank=True,
            )
            segs = list(segments)
        text = _cut_repeats(" ".join(seg.text.strip() for seg in segs).strip())
        if not segs:
            return [("", {"avg_logprob": -5.0, "no_speech_prob": 1.0, "compression": 0.0})]
        weights = [max(1, len(seg.tokens)) for seg in segs]
        logprob = sum(seg.avg_logprob * w for seg, w in zip(segs, weights, strict=True)) / sum(weights)
        return [
            (
                text,
                {
                    "avg_logprob": float(logprob),
                    "no_speech_prob": float(max(seg.no_speech_prob for seg in segs)),
                    "compression": float(max(seg.compression_ratio for seg in segs)),
                },
            )
        ]

    def _short_window(self, samples: int) -> float | None:
        """The short window (:attr:`WhisperSettings.window`) a clip of ``samples`` is decoded on, None when it is
        decoded on Whisper's own 30 s path."""
        window = self.settings.window
        return window if window is not None and samples / SAMPLE_RATE + _WINDOW_SPARE <= window < 30.0 else None

    def _transcribe_window(
        self, x: npt.NDArray[np.float32], window: float, prompt_text: str, beam: int
    ) -> list[tuple[str, dict[str, float]]]:
        """:meth:`hearings` with the encoder on a ``window``-second input instead of 30 s (CTranslate2 directly;
        the prompt, suppressed tokens and scores as faster-whisper 1.2.1 makes them)."""
        import ctranslate2
        from faster_whisper.tokenizer import Tokenizer
        from faster_whisper.transcribe import get_compression_ratio, get_suppressed_tokens

        wm = self._model
        if self._tokenizer is None:
            multilingual = bool(wm.model.is_multilingual)
            self._tokenizer = Tokenizer(
                wm.hf_tokenizer,
                multilingual,
                task="transcribe" if multilingual else None,
                language=self.language if multilingual else None,
            )
            self._suppress = list(get_suppressed_tokens(self._tokenizer, [-1]) or [])
        tok = self._tokenizer
        prompt = self._start_tokens(prompt_text)
        new_tokens = int(_TOKENS_PER_SECOND * len(x) / SAMPLE_RATE) + 8
        key = _clip_key(x, window)
        with self._lock:
            if self._encoded is None or self._encoded[0] != key:  # (the last clip's encoding is kept for a check)
                feats = wm.feature_extractor(x)  # (n_mels, frames of the clip): no chunk_length (it would change it)
                frames = int(window * 100)
                feats = np.pad(feats, ((0, 0), (0, max(0, frames - feats.shape[1]))))[:, :frames]
                features = np.ascontiguousarray(feats[None], dtype=np.float32)
                self._encoded = (key, wm.model.encode(ctranslate2.StorageView.from_array(features), to_cpu=False))
            result = wm.model.generate(
                self._encoded[1],
                [prompt],
                beam_size=beam,
                max_length=min(wm.max_length, len(prompt) + new_tokens),
                num_hypotheses=beam,
                return_scores=True,
                return_no_speech_prob=True,
                suppress_blank=True,
                suppress_tokens=self._suppress,
            )[0]
        out: list[tuple[str, dict[str, float]]] = []
        for ids, score in zip(result.sequences_ids, result.scores, strict=True):
            text = _cut_repeats(tok.decode([t for t in ids if t < tok.eot]).strip())
            if out and (not text or any(text == seen for seen, _ in out)):
                continue
            n = len(ids)
            evidence = {
                "avg_logprob": float(score * n / (n + 1)) if text else -5.0,
                "no_speech_prob": float(result.no_speech_prob),
                "compression": float(get_compression_ratio(text)) if text else 0.0,
            }
            out.append((text, evidence))
        return out

    def _start_tokens(self, prompt_text: str) -> list[int]:
        """The decoder's start on a short window: ``prompt_text`` as a previous-text prompt (cut to half the model's
        length), the start-of-transcript sequence and no timestamps."""
        tok = self._tokenizer
        prompt = [tok.sot_prev, *tok.encode(" " + prompt_text.strip())] if prompt_text else []
        return [*prompt[-(self._model.max_length // 2 - 1) :], *tok.sot_sequence, tok.no_timestamps]

    def decode(self, audio: npt.NDArray[np.int16]) -> Recognition:
        """Recognize one utterance (int16 mono 16 kHz)."""
        if self._parser is None or self._matcher is None:
            raise RecognizerError("set_table() must be called before decoding")
        samples = check_audio(audio)
        t0 = time.perf_counter()
        if len(samples) < _MIN_SAMPLES or not np.any(samples):
            return Recognition("", NoIntent(), 0.0, False, (time.perf_counter() - t0) * 1000.0, reason="no speech")
        s = self.settings
        quick = self._greedy_ask(samples, t0=t0)
        if quick is not None:
            return quick
        answer_prompt = self._names_prompt + " " + self._question
        answering = self._expecting == "confirm" and self._question and s.question_prompt
        hearings = self.hearings(samples, prompt=answer_prompt if answering else None)
        first = self.understand(*hearings[0], t0=t0)
        close = self._near_best(hearings)[1:]
        asked = first.intent.partial if isinstance(first.intent, Ambiguous) else first.intent
        if (
            isinstance(asked, Ask)
            and not first.confirm
            and close
            and not any(asked.rank in self._ranks_written(text) for _, (text, _) in close)
        ):
            features = {**first.features, "unsure_heard_once": 1.0}
            # (never played at once; a which-question keeps its reason: the two-names path below still runs)
            first = replace(first, confirm=True, reason=first.reason or RANK_HEARD_ONCE, features=features)
            if isinstance(first.intent, Ask):
                return first
        ask = first.intent if isinstance(first.intent, Ask) and not first.confirm else None
        if ask is not None and self._example_doubted(ask, first) and self._check_prompt:
            again = self._near_best(self.hearings(samples, prompt=self._check_prompt))
            written = [ask.rank in self._ranks_written(text) for _, (text, _) in again]
            features = {**first.features, "prompt_check": 2.0 if written[0] else 1.0 if any(written) else 0.0}
            first = replace(first, features=features, decode_ms=(time.perf_counter() - t0) * 1000.0)
            if not any(written):
                return replace(first, confirm=True, reason=RANK_FROM_PROMPT)  # (never played at once)
        if self._expecting == "confirm":
            answer = self._answer_heard_again(hearings, close, t0=t0) if isinstance(first.intent, NoIntent) else None
            # (an unsure no stays so: Whisper writes "No," and "No, no, no," for a "yes" it cannot make out)
            unsure = isinstance(first.intent, NoIntent) or (isinstance(first.intent, Yes) and first.confirm)
            if answer is None and unsure and s.answer_scores and self.language == "en":
                answer = self._answer_scored(first, samples, answer_prompt, t0=t0)
            return first if answer is None else answer
        if first.reason not in ("not a game sentence", "two players named"):
            return first
        for k, (text, evidence) in close:
            other = self.understand(text, evidence, t0=t0)
            if isinstance(other.intent, Ask) and other.intent.target:  # (an ask, asked back, never played at once)
                features = {**other.features, "hearing": float(k)}
                return replace(
                    other,
                    confirm=True,
                    reason=other.reason or "another hearing",
                    features=features,
                    alternatives=(hearings[0][0],),  # the best text, for the end of the turn (``voice.unfinished``)
                )
        return self.not_a_sentence(first, hearings[0], t0=t0)

    def _greedy_ask(self, samples: npt.NDArray[np.int16], *, t0: float) -> Recognition | None:
        """The sure ask a greedy decode of ``samples`` makes at :attr:`WhisperSettings.greedy_sure_from` or above,
        when the table waits for a move and the clip fits the short window (its encoding is kept for the beam's
        decode); None otherwise (decode with the beam)."""
        s = self.settings
        bar = s.greedy_sure_from
        if bar is None or self._expecting == "confirm" or s.beam_size <= 1:
            return None
        if self._short_window(len(samples)) is None:
            return None
        quick = self.understand(*self.hearings(samples, beam=1)[0], t0=t0)
        logprob = quick.features.get("avg_logprob", -5.0)
        if not isinstance(quick.intent, Ask) or quick.confirm or logprob < bar:
            return None
        if self._example_doubted(quick.intent, quick):
            return None  # (checked against the other example ranks: the beam's path)
        return replace(quick, features={**quick.features, "greedy": 1.0})

    def _example_doubted(self, ask: Ask, heard: Recognition) -> bool:
        """Whether ``ask``, understood as ``heard``, is of a rank the prompt's example asks name, decoded less surely
        than :attr:`WhisperSettings.prompt_check_below`: checked with other example ranks (:attr:`_check_prompt`)."""
        s = self.settings
        unsure = heard.features.get("avg_logprob", 0.0) < s.prompt_check_below
        return s.prompt_check and ask.rank in self._prompt_ranks and unsure

    def _answer_heard_again(
        self,
        hearings: list[tuple[str, dict[str, float]]],
        close: list[tuple[int, tuple[str, dict[str, float]]]],
        *,
        t0: float,
    ) -> Recognition | None:
        """The yes or the no a close hypothesis writes surely, when the best text was no answer and no clause of any
        hypothesis says the other (:attr:`WhisperSettings.answer_hearings`); None otherwise."""
        if not self.settings.answer_hearings or self._parser is None:
            return None
        understood = [(k, self.understand(text, evidence, t0=t0)) for k, (text, evidence) in close]
        sure = [(k, r) for k, r in understood if isinstance(r.intent, (Yes, No)) and not r.confirm]
        kinds = {type(r.intent) for _, r in sure}
        if len(kinds) != 1:
            return None
        parse = self._parser.parse
        clauses = [c for text, _ in hearings for c in _clauses(text)]
        said = {
            type(p.intent) for p in map(parse, clauses) if isinstance(p.intent, (Yes, No)) and p.score >= WRITTEN_OUT
        }
        if said - kinds:
            return None
        k, other = sure[0]
        return replace(other, reason=ANSWER_HEARD_AGAIN, features={**other.features, "hearing": float(k)})

    def answer_odds(self, audio: npt.NDArray[np.int16], prompt_text: str) -> tuple[float, float] | None:
        """The log-probabilities that Whisper's text for ``audio`` (the clip just decoded, on a short window) starts
        with a yes and with a no (:data:`YES_STARTS`, :data:`NO_STARTS`), prompted with ``prompt_text``; None when the
        clip was not encoded on a short window."""
        window = self.settings.window
        tok = self._tokenizer
        if window is None or tok is None or self._encoded is None:
            return None
        if self._encoded[0] != _clip_key(_floats(audio), window):
            return None
        wm = self._model
        encoded = self._encoded[1]
        start = self._start_tokens(prompt_text)

        def step(*prefix: str) -> npt.NDArray[np.float64]:
            ids = [t for p in prefix for t in tok.encode(p)]
            with self._lock:
                result = wm.model.generate(
                    encoded,
                    [[*start, *ids]],
                    beam_size=1,
                    max_length=len(start) + len(ids) + 1,
                    return_logits_vocab=True,
                    suppress_blank=False,
                    suppress_tokens=[],
                )[0]
            logits = np.asarray(result.logits[0][0], dtype=np.float64)
            logits -= float(np.logaddexp.reduce(logits))
            return logits

        def first_token(word: str) -> int:
            return int(tok.encode(word)[0])

        def odds(lp: npt.NDArray[np.float64], words: Collection[str]) -> list[float]:
            ids = {first_token(" " + w) for w in words} | {first_token(" " + w.lower()) for w in words}
            return [float(lp[i]) for i in ids]

        lp = step()
        yes, no = odds(lp, YES_STARTS), odds(lp, NO_STARTS)
        uh = step(" Uh")  # "Uh huh" / "Uh uh"
        yes.append(float(lp[first_token(" Uh")] + uh[first_token(" huh")]))
        no.append(float(lp[first_token(" Uh")] + uh[first_token(" uh")]))
        that = step(" That's")  # "That's right / it / correct" / "That's wrong / not ..."
        that_yes = np.logaddexp.reduce(that[[first_token(f" {w}") for w in ("right", "it", "correct")]])
        that_no = np.logaddexp.reduce(that[[first_token(f" {w}") for w in ("wrong", "not")]])
        yes.append(float(lp[first_token(" That")] + that_yes))
        no.append(float(lp[first_token(" That")] + that_no))
        return float(np.logaddexp.reduce(yes)), float(np.logaddexp.reduce(no))

    def _answer_scored(
        self, first: Recognition, audio: npt.NDArray[np.int16], prompt_text: str, *, t0: float
    ) -> Recognition | None:
        """The yes or the no Whisper's first step makes likely enough, and far more than the other
        (:attr:`WhisperSettings.answer_scores`); None otherwise."""
        odds = self.answer_odds(audio, prompt_text)
        if odds is None:
            return None
        yes, no = odds
        s = self.settings
        features = {**first.features, "answer_yes": yes, "answer_no": no}
        intent: Intent
        if yes >= s.answer_yes_from and yes - no >= s.answer_yes_margin:
            intent = Yes()
        elif no >= s.answer_no_from and no - yes >= s.answer_no_margin:
            intent = No()
        else:
            return replace(first, features=features)
        if not isinstance(first.intent, NoIntent) and type(intent) is not type(first.intent):
            return replace(first, features=features)  # (an unsure answer the odds contradict stays unsure)
        took = (time.perf_counter() - t0) * 1000.0
        sure = round(math.exp(max(yes, no)), 3)
        # a no so taken is unsure: it cancels the ask all the same, and the ask said again is asked back once more
        # rather than "Did you mean Fatima or Wen?" (Whisper writes a no for a "yes" it cannot make out: flite awb's
        # "uh huh" as "No," in a quiet room, a sure no by the answer's bar, looped a turn through which-questions)
        return replace(first, intent=intent, confidence=sure, confirm=isinstance(intent, No), reason=ANSWER_SCORED,
                       features=features, decode_ms=took)  # fmt: skip

    def not_a_sentence(self, first: Recognition, best: tuple[str, dict[str, float]], *, t0: float) -> Recognition:
        """``first``, understood from Whisper's ``best`` text, when no hypothesis was a game sentence: the ask the text
        ends with, or the ask the room garbled, when there is one (the rules that read the best text alone;
        :meth:`decode` applies them last, benches replaying saved texts call it)."""
        if first.reason != "not a game sentence" or self._expecting == "confirm":
            return first
        end = self._ask_at_the_end(*best, t0=t0) if self.settings.ask_at_the_end else None
        if end is not None:
            return end
        garbled = self._garbled_ask(first)
        return first if garbled is None else garbled

    def _garbled_ask(self, first: Recognition) -> Recognition | None:
        """``first`` (no game sentence) asked back as the ask its text's one rank and at most one player make
        (:data:`GARBLED_ASK`), when decoded below :attr:`WhisperSettings.garbled_ask_below`; None otherwise."""
        bar = self.settings.garbled_ask_below
        if bar is None or first.features.get("avg_logprob", 0.0) >= bar:
            return None
        ranks = self._ranks_written(first.text)
        named = self._players_named(first.text)
        if len(ranks) != 1 or len(named) > 1:
            return None
        rank = next(iter(ranks))
        if self._hand is not None and rank not in self._hand:
            return None
        intent: Intent = Ask(next(iter(named)), rank) if named else Ambiguous(self._players(), Ask("", rank))
        return replace(first, intent=intent, confidence=0.0, confirm=True, reason=GARBLED_ASK)

    def _ask_at_the_end(self, text: str, evidence: dict[str, float], *, t0: float) -> Recognition | None:
        """The ask the last words of ``text`` make after a sentence's end or a comma, asked back
        (:data:`ASK_AT_THE_END`); None when they make none."""
        for cut in re.finditer(r"[.?!,]\s+", text):
            end = self.understand(text[cut.end() :], evidence, t0=t0)
            if isinstance(end.intent, Ask) and end.intent.target and self._players_named(end.text):
                return replace(end, confirm=True, reason=end.reason or ASK_AT_THE_END)
        return None

    def _near_best(
        self, hearings: list[tuple[str, dict[str, float]]]
    ) -> list[tuple[int, tuple[str, dict[str, float]]]]:
        """The hypotheses (with their place, the best first) at most :attr:`WhisperSettings.other_hearings` below the
        best in average log-probability."""
        least = hearings[0][1].get("avg_logprob", -5.0) - self.settings.other_hearings
        return [(k, h) for k, h in enumerate(hearings) if h[1].get("avg_logprob", -5.0) >= least]

    def understand(self, text: str, evidence: dict[str, float], *, t0: float | None = None) -> Recognition:
        """What the game makes of Whisper's ``text`` (with its ``evidence``) at this table, now."""
        if self._parser is None or self._matcher is None:
            raise RecognizerError("set_table() must be called before decoding")
        start = time.perf_counter() if t0 is None else t0
        s = self.settings
        answering = self._expecting == "confirm"
        words = tuple(Word(w) for w in match_tokens(text))
        logprob = evidence.get("avg_logprob", -5.0)
        features: dict[str, float] = dict(evidence)

        def result(intent: Intent, confidence: float, confirm: bool, reason: str) -> Recognition:
            return Recognition(
                text=text,
                intent=intent,
                confidence=confidence,
                confirm=confirm,
                decode_ms=(time.perf_counter() - start) * 1000.0,
                words=words,
                alternatives=(snap.sentence,)
                if snap.sentence and snap.intent == intent and snap.sentence != text
                else (),
                reason=reason,
                features=features,
            )

        said = _once(text)  # "Yes, yes, yes, that's right." is understood as "Yes, that's right."
        snap = self._matcher.snap(said, answering=answering)
        features.update(snap=snap.score, spelling=snap.spelling, margin=snap.margin, rank_margin=snap.rank_margin)
        ranks = self._ranks_written(text)  # (the words of a rank the text writes out, read once)
        features[RANKS_WRITTEN] = float(len(ranks))
        if not words:
            return result(NoIntent("nothing heard"), 0.0, False, "nothing heard")
        if evidence.get("no_speech_prob", 0.0) > s.no_speech and logprob < -1.0:
            return result(NoIntent("no speech"), 0.0, False, "no speech")
        raw = self._parser.parse(said)
        if answering and not (isinstance(raw.intent, ANSWERS) and raw.score >= WRITTEN_OUT):
            first = self._answer_first(said)  # "Yes, sir." / "No, that's not it.": the answer its first words give
            if first is not None:
                if not self._rest_agrees(first, said.partition(",")[2]):
                    # an answer the rest speaks against ("Yeah, you're wrong.", "Sure, five."): no snap overrules
                    # that (with the many ways of saying yes, "Yeah, you're wrong." is near "yeah you're right")
                    return result(NoIntent("not an answer"), 0.0, False, "not an answer")
                raw = first
        features["parse"] = raw.score
        talk_words = isinstance(raw.intent, NoIntent) and bool(set(match_tokens(text)) & self.grammar.not_a_move)
        exact = not isinstance(raw.intent, NoIntent) and raw.score >= EXACT_SENTENCE  # the words are a sentence
        if not exact and snap.score < s.talk_below:
            return result(NoIntent("table talk"), 0.0, False, "not a game sentence")
        intent = raw.intent if exact else snap.intent
        if answering and not isinstance(intent, ANSWERS):
            return result(NoIntent("not an answer"), 0.0, False, "not an answer")
        sound = 100.0 if exact else snap.score
        confidence = _clip((sound - s.talk_below) / (100.0 - s.talk_below)) * math.exp(max(-3.0, logprob) / 2)
        confidence *= 1.0 - 0.5 * evidence.get("no_speech_prob", 0.0)
        keywords = isinstance(intent, Ask) and self._written_out(text, intent, ranks)
        bar = s.keywords_sure_from if keywords else s.sure_from
        near = snap.score >= bar and snap.margin >= s.sure_margin
        written = exact and raw.score >= WRITTEN_OUT
        least = s.answer_sure_logprob if answering and written else s.sure_logprob
        sure = (written or near) and logprob >= least
        rules = {  # every rule that would ask back (features ``unsure_*``: which fired, for the benches)
            "unsure_snap": not written and snap.score < bar,
            "unsure_margin": not written and snap.margin < s.sure_margin,
            "unsure_logprob": logprob < least,
            "unsure_talk_words": talk_words,
            "unsure_rank_tie": isinstance(intent, Ask)
            and snap.intent == intent
            and snap.rank_margin < s.rank_tie
            and ranks != {intent.rank},
        }
        features.update({k: 1.0 for k, fired in rules.items() if fired})
        reason = "" if sure else "sounds only near a game sentence"
        if talk_words:  # "I should ask Sam for kings": talk about a move, or a garbled ask: ask back, never play
            sure, reason = False, "words of table talk"
        tokens = match_tokens(text)
        if answering and isinstance(intent, No) and len(tokens) >= 3 and len(set(tokens)) == 1:
            sure, reason = False, REPEATED_NO  # (an unsure no still cancels the ask: only what is asked next differs)
        named = self._players_named(text)
        features[PLAYERS_NAMED] = float(len(named))
        which: tuple[str, ...] = ()  # players to ask between ("Did you mean Fatima or Wen?"), never picked
        why = ""
        if isinstance(intent, Ask) and named - {intent.target}:
            # two players named ("Fatima, Wen, got any fours?": Whisper, prompted with the names, wrote one for "Hey")
            which = tuple(p for p in self._players() if p in named | {intent.target})
            why = "two players named"
        elif isinstance(intent, Ask) and not exact and not named and self._name_filled_in(said, snap.sentence, intent):
            # none named: "I need your fours." snapped to "Wen, I need your fours" (the shortest name fills the gap
            # best; 3 times in one flite awb game in babble)
            which, why = self._players(), "no player named"
        doubted = talk_words or rules["unsure_rank_tie"]
        if isinstance(intent, Ask) and len(which) > 1:
            # unsure (the ask asked back once the name is said) unless its rank is sure: then a clear name in a quiet
            # room plays it (``voicefish.table.policy.chosen``), the narration confirming it
            unsure = not self._rank_sure(intent.rank, ranks, logprob, doubted)
            return result(Ambiguous(which, Ask("", intent.rank, intent.card)), round(confidence, 3), unsure, why)
        if (
            sure
            and isinstance(intent, Ambiguous)
            and isinstance(intent.partial, Ask)
            and not self._rank_sure(intent.partial.rank, ranks, logprob, doubted)
        ):  # a sentence with no name ("Do you have any kings?"): the same bar for its rank as when the name was lost
            sure, reason = False, RANK_UNSURE
        if isinstance(intent, Ask) and self._hand is not None and intent.rank not in self._hand:
            sure, reason = False, RANK_NOT_IN_HAND
        elif rules["unsure_rank_tie"]:
            sure, reason = False, "another rank sounds nearly the same"
        elif sure and isinstance(intent, Ask) and intent.rank not in ranks:
            # a rank the text never writes as a rank word, taken from how a word sounds ("I'm asking Fatima for
            # tenies." for "... twos.", hold-out Piper in babble: tens played at once, a wrong move): asked back
            sure, reason = False, RANK_NOT_WRITTEN
        prompt_own = match_key(said) in self._prompt_keys
        features[PROMPT_SENTENCE] = float(prompt_own)
        waiting_for_a_name = self._expecting == "which"  # "Did you mean Fatima or Wen?" / "Which cards ...?"
        if (not sure or waiting_for_a_name) and not isinstance(intent, (Ask, Ambiguous, *ANSWERS)) and prompt_own:
            # "What's the score?", unsure, for words Whisper could not make out (a bare name or an ask in a loud
            # room, 3 times in one game): its prompt's own sentence, not the player's; not answered, asked again
            # ("Sorry, I didn't catch that": no reason of its own is said). Sure or not while the table waits for a
            # name or a rank: flite awb's "Wen." in babble was written so at 0.73 and answered with the score, the
            # ask lost (voice game seeds 331 and 333); the question is asked once more instead
            return result(NoIntent(), 0.0, False, PROMPT_WORDS)
        return result(intent, round(confidence, 3), not sure, reason)

    def _rank_sure(self, rank: Rank, ranks: set[Rank], logprob: float, doubted: bool) -> bool:
        """Whether the rank of an ask whose player was not heard (the which-player question) is sure enough to play
        once the player is named: its words written out and no other rank's (``ranks``), decoded at the bar of a sure
        ask, not ``doubted`` (words of table talk, another rank sounding nearly the same), in the asker's hand, and
        not one of the prompt's example ranks, which Whisper writes for ranks it cannot make out. Before this, every
        "Did you mean ...?" of a lost name asked the ask back after the name (one question more), and one with two
        names played the snap's rank once the player was named: "Fatima, Wen." understood as tens, a rank nobody
        said (found reading the code; the loop already asks back what an answer heard as two names completes, voice
        game seed 306). On the tuning split's saved decodes (sessions 58-65), understood again: of 23
        which-questions, the 14 with a sure rank all had the rank meant; the one with another rank was unsure."""
        return (
            ranks == {rank}
            and logprob >= self.settings.sure_logprob
            and not doubted
            and (self._hand is None or rank in self._hand)
            and rank not in self._prompt_ranks
        )

    def _rest_agrees(self, first: ParseResult, rest: str) -> bool:
        """Whether the words after an answer's first clause (``first``, a yes or a no) say nothing against it: in
        babble Whisper goes on after a short answer with words of the room's talk or of its prompt ("Yes, sir.",
        "Yes, Ed.", "No, I really..." on the tuning voices), which made a clear answer "something else". Nothing
        after it may be the other answer (a clause or a word of it); after a yes, also no rank or number, no
        player's name and no word of ``[not_a_move]`` ("Yeah, you're wrong.", "Sure, five.", "Yes, not Omar."):
        a yes plays the move. The player and the rank of the question answered agree with it ("Yes, Fatima." for
        "Fatima, for eights?": Whisper, prompted with the question, wrote its name for the rest of "yes, that's it"
        5 times in the voice games' transcripts)."""
        parser = self._parser
        if parser is None:
            return False
        words = [w for w in match_tokens(rest) if w]
        pieces = _clauses(rest) + words
        other = No if isinstance(first.intent, Yes) else Yes
        if any(isinstance(parser.parse(p).intent, other) for p in pieces):
            return False
        if not isinstance(first.intent, Yes):
            return True
        asked = self._question
        ranks = self._ranks_written(rest) - self._ranks_written(asked)
        players = self._players_named(rest) - self._players_named(asked)
        return not (set(words) & self.grammar.not_a_move or ranks or players)

    def _answer_first(self, text: str) -> ParseResult | None:
        """The yes or no ``text``'s first clause writes out, when a comma with more after it ends that clause (the
        answer, when :meth:`_rest_agrees`)."""
        lead, sep, rest = text.partition(",")
        if self._parser is None or not sep or not rest.strip():
            return None
        first = self._parser.parse(lead)
        return first if isinstance(first.intent, (Yes, No)) and first.score >= WRITTEN_OUT else None

    def _name_filled_in(self, said: str, sentence: str, ask: Ask) -> bool:
        """The snap to the grammar's ``sentence`` (of ``ask``) added its player's name rather than hearing a misheard
        one ("Wendy, any fours?" has a word of its own, like the name, in its place): every word of ``said`` is a
        word of the sentence, which has more; or where the sentence has the name (its first or last words), the
        text goes straight on with the sentence's next word ("Hand over your tent." for "wen hand over your tens")
        or has a word that sounds like no player's name ("Don't, do you have any fours?"). Measured in the voice
        game bench (hold-out voices, babble 10 dB): 21 asks of Fatima whose name Whisper lost were asked back as
        Wen's ("Hand over your tent.", "I need your queen."), the shortest name filling the gap best."""
        written, snapped = match_tokens(said), match_tokens(sentence)
        if not written:
            return False
        if set(written) < set(snapped):
            return True
        for name in (list(k) for k, player in self._names.items() if player == ask.target):
            n = len(name)
            if not name or len(snapped) <= n:
                continue
            if snapped[:n] == name:
                place, goes_on = written[0], snapped[n]
            elif snapped[-n:] == name:
                place, goes_on = written[-1], snapped[-n - 1]
            else:
                continue
            like = max(sound_likeness([place], list(k)) for k in self._names)
            return place == goes_on or like < NAME_SOUNDS_LIKE
        return False

    def _players(self) -> tuple[str, ...]:
        """Every player who can be asked, once each, in the table's order (to ask which one was meant)."""
        return tuple(dict.fromkeys(self._names.values()))

    def _players_named(self, text: str) -> set[str]:
        """The table's players whose name (or alias) ``text`` writes out."""
        return named_in(text, self._names.items())

    def _ranks_written(self, text: str) -> set[Rank]:
        """The ranks whose words ``text`` writes out (:func:`~voicefish.speech.sounds.ranks_written`)."""
        return ranks_written(self.grammar, text)

    @staticmethod
    def _written_out(text: str, ask: Ask, ranks: set[Rank]) -> bool:
        """``text``, whose words write out ``ranks``, writes out the ask's rank (and no other) and its player's name
        as the table writes it."""
        tokens = match_tokens(text)
        name = match_tokens(ask.target)
        return bool(name) and all(w in tokens for w in name) and ranks == {ask.rank}


def _clauses(text: str) -> list[str]:
    """``text``'s clauses: its pieces between commas and sentence ends ("Yes, no, Sam." → "Yes", " no", " Sam")."""
    return [c for c in re.split(r"[,.;!?]", text) if c.strip()]


def _cut_repeats(text: str) -> str:
    """``text`` up to where it starts saying itself again ("Olu, any sevens? Olu, any sevens?" → once; "Slow
    down, please. Slow down." → its first sentence): what Whisper does on a short window, or in babble, when
    nothing stops it."""
    sentences = re.split(r"(?<=[.?!])\s+", text.strip())
    if len(sentences) > 1:
        first = [w.strip(".,?!").lower() for w in sentences[0].split()]
        rest = [[w.strip(".,?!").lower() for w in sent.split()] for sent in sentences[1:]]
        if all(r and r == first[: len(r)] for r in rest):
            return sentences[0]
    words = text.split()
    for size in range(1, len(words) // 2 + 1):
        for start in range(len(words) - 2 * size + 1):
            a = [w.strip(".,?!").lower() for w in words[start : start + size]]
            b = [w.strip(".,?!").lower() for w in words[start + size : start + 2 * size]]
            if a == b and (size >= 3 or start + 2 * size == len(words)):
                return " ".join(words[: start + size])
    return text


def _once(text: str) -> str:
    """``text`` with a word said again right after itself said once ("Yes, yes, yes, that's right." → "Yes, that's
    right."): a stutter, or Whisper repeating a word in babble; it never changes what a sentence means."""
    out: list[str] = []
    for word in text.split():
        if out and word.strip(".,?!").lower() == out[-1].strip(".,?!").lower():
            out[-1] = out[-1].rstrip(".,?!") + word[len(word.rstrip(".,?!")) :]  # (the later word's punctuation)
            continue
        out.append(word)
    return " ".join(out)


def _clip(x: float) -> float:
    return 0.0 if x < 0.0 else 1.0 if x > 1.0 else x


RANK_UNSURE = "the rank not sure enough to play once the player is named"
"""The reason a which-player question whose sentence named nobody ("Do you have any kings?") is asked unsure: its
rank is not sure (:meth:`WhisperRecognizer._rank_sure`), so its ask is asked back once the player is named."""

RETRY_AFTER = 6
"""Utterances pocketsphinx hears alone after Whisper proved too slow before Whisper is tried again (a busy computer
is often busy for a while: another program, a download); doubled after each try that is still too slow."""
MAX_REST = 48
"""Utterances: the longest rest between two tries of Whisper."""
DEADLINE_BUDGETS = 2.0
"""An utterance Whisper has not decoded within this many budgets (5 s at the default 2.5 s) is answered with
pocketsphinx's result, and Whisper rests at once: a voice game on a busy computer (seed 317, two games at once)
waited 13 s for one decode before the median over three utterances could rest it. The decode is left to finish in
the background; Whisper is not tried again before it has."""


@dataclass(frozen=True)
class WhisperTooSlow:
    """The facts of the hybrid's mid-game switch: Whisper's median decode took ``seconds``, more than ``limit``, so
    pocketsphinx listens alone for a while (Whisper is tried again later). Its ``str`` is the English sentence (the
    table words it in its own language: ``QUICKER_EAR`` of the phrasebook)."""

    seconds: float
    limit: float

    def __str__(self) -> str:
        return (
            f"Whisper took {self.seconds:.1f} s per utterance on this computer (more than {self.limit:.1f} s), "
            "so pocketsphinx listens alone for a while; Whisper is tried again later."
        )


@dataclass(frozen=True)
class WhisperBack:
    """Whisper, tried again after a rest, decoded an utterance in ``seconds`` (within ``limit``): it listens again."""

    seconds: float
    limit: float

    def __str__(self) -> str:
        return f"Whisper took {self.seconds:.1f} s (within {self.limit:.1f} s), so it listens again."


class HybridRecognizer(SphinxRecognizer):
    """pocketsphinx that asks Whisper whenever it is not sure: its own sure results are acted on as they are
    (streaming, a fifth of a second after the player stops); an utterance it is unsure of, heard in a loud room, or
    not a sentence of its grammar is decoded by Whisper, whose result is the answer.

    ``whisper`` is the Whisper recognizer (None: pocketsphinx alone). ``budget`` (seconds): when Whisper's median
    decode over the last few utterances takes longer, it rests: pocketsphinx hears the next ``retry_after``
    utterances Whisper would have decoded alone, then Whisper decodes the one after; within ``budget`` it is back,
    else it rests twice as long (at most :data:`MAX_REST`). ``notice`` is called once at each change with the facts
    (:class:`WhisperTooSlow`, :class:`WhisperBack`; default: the English sentence printed on standard error).
    ``clock``: what the decodes are timed with (seconds).
    """

    def __init__(
        self,
        whisper: WhisperRecognizer | None,
        ctx: TableContext | None = None,
        *,
        budget: float = 2.5,
        sure_confidence: float = 0.8,
        trust_sphinx: bool = True,
        notice: Callable[[WhisperTooSlow | WhisperBack], None] | None = None,
        retry_after: int = RETRY_AFTER,
        clock: Callable[[], float] = time.perf_counter,
        rank_alone_agreed: bool = True,
        **sphinx: Any,
    ) -> None:
        self.whisper = whisper
        """Whisper while it listens; None while it rests (or when there is none)."""
        self.rank_alone_agreed = rank_alone_agreed
        """A rank said alone to "Which cards do you want from Fatima?" is sure when both ears wrote it alone, the
        same, in a room not known to be loud, and asked back otherwise (:data:`RANK_ALONE_AGREED`); False: Whisper's
        own sureness decides (as before; for the bench's comparison)."""
        self.budget = budget
        self.sure_confidence = sure_confidence
        self.trust_sphinx = trust_sphinx
        """False: Whisper decides every utterance (pocketsphinx only streams, endpoints and stands in when Whisper
        is missing or too slow): what the game uses by default, measured safer on realistic voices."""
        self.notice: Callable[[WhisperTooSlow | WhisperBack], None] = notice or (
            lambda change: print(change, file=sys.stderr, flush=True)
        )
        self.retry_after = retry_after
        self.clock = clock
        self.resting: WhisperRecognizer | None = None
        """Whisper while it rests (too slow lately): tried again after :attr:`rest_left` more utterances."""
        self.rest_left = 0
        self._rest = retry_after
        self._whisper_seconds: deque[float] = deque(maxlen=3)
        self._said: dict[str, str] = {}
        """Whisper's recent texts → the table sentence each was understood as (for :meth:`learn`)."""
        self._table: tuple[TableContext, Collection[Rank] | None] | None = None
        self._expecting = "turn"
        self._question = ""
        self._late: threading.Thread | None = None
        """A decode given up at its deadline (:data:`DEADLINE_BUDGETS`), left to finish in the background."""
        super().__init__(ctx, **sphinx)

    def set_table(self, ctx: TableContext, hand: Collection[Rank] | None = None) -> None:
        super().set_table(ctx, hand)
        self._table = (ctx, hand)  # (a resting Whisper is told when it is tried again)
        if self.whisper is not None:
            self.whisper.set_table(ctx, hand)

    def expect(self, expecting: str) -> None:
        super().expect(expecting)
        self._expecting = expecting
        if self.whisper is not None:
            self.whisper.expect(expecting)

    def asked(self, question: str) -> None:
        self._question = question
        if self.whisper is not None:
            self.whisper.asked(question)

    def sure(self, r: Recognition) -> bool:
        """pocketsphinx's result is acted on without Whisper: a move or command it would play at once, in a room
        not known to be loud, with at least :attr:`sure_confidence`."""
        return (
            self.trust_sphinx
            and not isinstance(r.intent, NoIntent)
            and not r.confirm
            and not r.loud
            and r.confidence >= self.sure_confidence
        )

    def rest(self) -> None:
        """Whisper rests now (too slow lately, or found too slow before the game by
        :func:`voicefish.table.voice.make_recognizer`): pocketsphinx hears the next utterances alone (the current
        rest's length), then Whisper is tried again."""
        if self.whisper is not None:
            self.resting, self.whisper = self.whisper, None
            self.rest_left = self._rest

    def _tried_again(self) -> WhisperRecognizer | None:
        """The resting Whisper when its rest is over (told the table and what is expected), else None."""
        if self.resting is None:
            return None
        if self.rest_left > 0:  # pocketsphinx hears this one alone
            self.rest_left -= 1
            return None
        late = self._late
        if late is not None:  # the decode given up before the rest: finished by now, or still too slow
            deadline = self._deadline()
            late.join(deadline if math.isfinite(deadline) else None)
            if late.is_alive():
                self._timed(math.inf)
                return None
            self._late = None
        if self._table is not None:
            self.resting.set_table(*self._table)
        self.resting.expect(self._expecting)
        self.resting.asked(self._question)
        return self.resting

    def _timed(self, took: float) -> None:
        """Whisper decoded an utterance in ``took`` seconds: it rests when its median is over budget; after a rest
        it is back when this one decode was within budget, else it rests twice as long."""
        if self.whisper is None and self.resting is not None:  # tried again after a rest
            if took <= self.budget:
                self.whisper, self.resting = self.resting, None
                self._whisper_seconds.clear()
                self._whisper_seconds.append(took)
                self._rest = self.retry_after
                self.notice(WhisperBack(took, self.budget))
            else:
                self._rest = min(MAX_REST, self._rest * 2)
                self.rest_left = self._rest
            return
        if not math.isfinite(took):  # given up at its deadline: rests at once
            self.notice(WhisperTooSlow(self._deadline(), self.budget))
            self.rest()
            return
        self._whisper_seconds.append(took)
        if len(self._whisper_seconds) == self._whisper_seconds.maxlen:
            median = statistics.median(self._whisper_seconds)
            if median > self.budget:
                self.notice(WhisperTooSlow(median, self.budget))
                self.rest()

    def _second(self, first: Recognition, audio: npt.NDArray[np.int16]) -> Recognition:
        if self.sure(first) or len(audio) < _MIN_SAMPLES:
            return first
        whisper = self.whisper or self._tried_again()
        if whisper is None:
            return first
        t0 = self.clock()
        decoded = self._within_deadline(whisper, audio)
        self._timed(self.clock() - t0 if decoded is not None else math.inf)
        if decoded is None:  # not decoded in time: pocketsphinx's result stands in (and Whisper rests)
            return first
        second = decoded
        if not isinstance(second.intent, NoIntent):  # what pocketsphinx learns the voice from, if the table acts on it
            sentence = second.alternatives[0] if second.alternatives else second.text
            self._said = {**dict(list(self._said.items())[-7:]), second.text: " ".join(match_tokens(sentence))}
        features = {**{f"sphinx_{k}": v for k, v in first.features.items()}, **second.features}
        features["sphinx_confidence"] = first.confidence
        intent, confirm, reason = second.intent, second.confirm, second.reason
        if not isinstance(intent, NoIntent) and intent == first.intent and not first.loud:
            confirm = confirm and first.confirm  # both heard the same: one sure decoder is enough
        if self.rank_alone_agreed and self._expecting == "which" and self._rank_answer(second):
            # a rank said alone to "Which cards do you want from Fatima?": sure only when both ears wrote it alone
            agreed = self._rank_alone_agreed(first, second)
            confirm, reason = not agreed, "" if agreed else reason or RANK_ALONE_UNSURE
            features[RANK_ALONE_AGREED] = float(agreed)
        return Recognition(
            text=second.text,
            intent=intent,
            confidence=max(second.confidence, first.confidence) if intent == first.intent else second.confidence,
            confirm=confirm,
            decode_ms=first.decode_ms + second.decode_ms,
            words=second.words,
            alternatives=(first.text, *second.alternatives) if first.text else second.alternatives,
            reason=reason,
            features=features,
            loud=first.loud,
        )

    def _rank_answer(self, second: Recognition) -> bool:
        """Whether Whisper's ``second`` is what the table reads as a rank alone after "Which cards do you want from
        Fatima?" (:func:`voicefish.table.policy.rank_for`): no ask of a player, no command, and a rank written."""
        return isinstance(second.intent, (NoIntent, Ambiguous)) and bool(ranks_written(self.grammar, second.text))

    def _rank_alone_agreed(self, first: Recognition, second: Recognition) -> bool:
        """Whether ``first`` (pocketsphinx) and ``second`` (Whisper) both wrote the same rank alone (and at most
        words the grammar skips, such as "um") in a room not known to be loud (:data:`RANK_ALONE_AGREED`)."""
        if first.loud:
            return False
        rank = self._rank_alone(first.text)
        return rank is not None and rank == self._rank_alone(second.text)

    def _rank_alone(self, text: str) -> Rank | None:
        """The rank ``text`` says alone: one word of a rank as the grammar spells it, and at most words it skips."""
        said = words_said(self.grammar, text)
        if said not in self.fragments:
            return None
        ranks = ranks_written(self.grammar, said)
        return next(iter(ranks)) if len(ranks) == 1 and len(said.split()) == 1 else None

    def decode(self, audio: npt.NDArray[np.int16]) -> Recognition:
        return self._second(super().decode(audio), audio)

    def _deadline(self) -> float:
        """Seconds a decode may take before pocketsphinx's result stands in for it (:data:`DEADLINE_BUDGETS`)."""
        return DEADLINE_BUDGETS * self.budget

    def _within_deadline(self, whisper: WhisperRecognizer, audio: npt.NDArray[np.int16]) -> Recognition | None:
        """``whisper``'s result, or None when it took longer than :meth:`_deadline` (the decode goes on in the
        background: :attr:`_late`)."""
        deadline = self._deadline()
        if not math.isfinite(deadline):
            return whisper.decode(audio)
        box: list[Recognition | BaseException] = []

        def run() -> None:
            try:
                box.append(whisper.decode(audio))
            except BaseException as exc:  # handed to the caller's thread
                box.append(exc)

        worker = threading.Thread(target=run, name="whisper-decode", daemon=True)
        worker.start()
        worker.join(deadline)
        if worker.is_alive():
            self._late = worker
            return None
        result = box[0]
        if isinstance(result, BaseException):
            raise result
        return result

    def learn(self, speaker: str, audio: npt.NDArray[np.int16], text: str, heard: str | None = None) -> None:
        """pocketsphinx learns ``speaker``'s voice as before; a text Whisper wrote is learnt as the table sentence
        it was understood as (pocketsphinx learns only from sentences of its grammar)."""
        super().learn(speaker, audio, self._said.get(text, text) if heard is None else text, heard)

    def streamed(self, audio: npt.NDArray[np.int16]) -> Recognition | None:
        first = super().streamed(audio)
        return None if first is None else self._second(first, np.asarray(audio, dtype=np.int16))


def quiet_probe(seconds: float = 1.5) -> npt.NDArray[np.int16]:
    """A short clip for timing a decoder (low noise: the cost of Whisper does not depend on what is said)."""
    rng = np.random.default_rng(0)
    return (rng.standard_normal(int(seconds * SAMPLE_RATE)) * 300).astype(np.int16)
