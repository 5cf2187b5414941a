"""The Vosk backend: the preferred recognizer when a Vosk model is installed (``voicefish models``).

Decodes in grammar mode with the table's phrase list plus ``"[unk]"`` (anything else comes out as
``[unk]`` and is rejected), with per-word confidence (``SetWords(True)``). Every word of every player
name is checked against the model's vocabulary first: Vosk silently drops unknown words from a
grammar, so a name it does not know would never be heard. Such a player is then reached through a
fallback the model does know — an alias, or the seat ("player two") — and :attr:`VoskRecognizer.name_report`
says so, for the game to tell the table.

A model is only ever loaded from an explicit folder: letting Vosk pick one by language name downloads.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from voicefish.audio.confidence import ANSWERS, asked_back_for_the_table
from voicefish.audio.recognizer import SAMPLE_RATE, Recognition, RecognizerError, Word, check_audio
from voicefish.cards import Rank
from voicefish.speech.grammar import Grammar, TableContext, load_grammar
from voicefish.speech.intents import NoIntent
from voicefish.speech.parser import Parser

__all__ = [
    "NameCheck",
    "VoskModelError",
    "VoskRecognizer",
    "check_model_language",
    "check_words",
    "load_vosk_model",
    "model_language",
]

UNK = "[unk]"


class VoskModelError(RecognizerError):
    """A Vosk model folder that is missing or cannot be loaded."""


@dataclass(frozen=True, slots=True)
class NameCheck:
    """How one player can be named with this model."""

    player: str
    """The player, as in the table's list."""
    known: bool
    """Every word of the player's own name is in the model's vocabulary."""
    unknown_words: tuple[str, ...]
    """The words of the name the model does not know."""
    fallback: str | None
    """What to say instead when the name is unknown ("player two", an alias), or ``None`` when the name works."""

    def message(self) -> str:
        """One line for the table."""
        if self.known:
            return f"{self.player}: name understood"
        if self.fallback:
            return f"{self.player}: this recognizer does not know the name; say \u201c{self.fallback}\u201d instead"
        return f"{self.player}: this recognizer does not know the name and has no other way to name them"


def load_vosk_model(path: str | Path) -> Any:
    """Load a Vosk model from a folder; never by language name (that downloads). Raises :class:`VoskModelError`."""
    if path is None or str(path).strip() == "":
        raise VoskModelError("no Vosk model folder given (see 'voicefish models list')")
    folder = Path(path).expanduser()
    if not folder.exists():
        raise VoskModelError(f"Vosk model folder not found: {folder} (see 'voicefish models list')")
    if not folder.is_dir():
        raise VoskModelError(f"not a Vosk model folder: {folder} is a file")
    if not (folder / "am").is_dir() and not (folder / "final.mdl").exists():
        raise VoskModelError(f"{folder} does not look like a Vosk model (no am/ folder)")
    try:
        import vosk
    except ImportError:  # an optional extra: the default recognizers (Whisper, pocketsphinx) need none of it
        raise VoskModelError(
            "the Vosk recognizer is not installed, install it with: .venv/bin/pip install 'voicefish[vosk]' "
            "(or leave out --backend vosk / --model to listen with the default, Whisper)"
        ) from None
    vosk.SetLogLevel(-1)
    try:
        return vosk.Model(str(folder))
    except Exception as exc:  # vosk raises a bare Exception("Failed to create a model")
        raise VoskModelError(f"Vosk could not load the model in {folder}: {exc}") from None


def model_language(path: str | Path) -> str | None:
    """The language (``it``, ``en``) of the manifest model installed as folder ``path``, or None when the folder is
    not a manifest model (a model of the user's own: its language cannot be told)."""
    from voicefish.audio.model_manifest import ModelError, load_manifest

    name = Path(path).expanduser().name.lower()
    try:
        models = load_manifest()
    except ModelError:
        return None
    found = next((m for m in models if m.kind == "vosk" and m.folder.lower() == name), None)
    return found.language.lower().split("-")[0] if found is not None else None


def check_model_language(path: str | Path, lang: str) -> None:
    """Raise :class:`VoskModelError` when the manifest model in ``path`` listens in another language than the
    table's ``lang``: its vocabulary would drop nearly every sentence of the table's grammar without a word."""
    spoken = model_language(path)
    if spoken is not None and spoken != lang.lower().split("-")[0]:
        raise VoskModelError(
            f"the Vosk model {Path(path).name} listens in '{spoken}' but the table speaks '{lang}': "
            f"play with --lang {spoken}, or get the model of '{lang}' with: voicefish models download --lang {lang}"
        )


def check_words(model: Any, words: Iterable[str]) -> dict[str, bool]:
    """word → whether the model's vocabulary has it (``vosk_model_find_word`` ≠ -1)."""
    return {w: int(model.vosk_model_find_word(w)) != -1 for w in words}


class VoskRecognizer:
    """Vosk in grammar mode for the current table, with per-word confidence and name fallbacks.

    ``model`` is a model folder (or an already loaded ``vosk.Model``). ``accept`` and ``confirm`` are the
    thresholds on the mean word confidence for playing at once and for confirming first.
    """

    def __init__(
        self,
        model: str | Path | Any,
        ctx: TableContext | None = None,
        *,
        grammar: Grammar | None = None,
        accept: float = 0.9,
        confirm: float = 0.6,
    ) -> None:
        if isinstance(model, (str, Path)):
            check_model_language(model, grammar.lang if grammar is not None else "en")
        self.model = load_vosk_model(model) if isinstance(model, (str, Path)) else model
        self.grammar = grammar
        self.accept = accept
        self.confirm_threshold = confirm
        self.name_report: list[NameCheck] = []
        """For each player of the current table: whether the name can be heard, and the fallback."""
        self.phrases: list[str] = []
        """The phrase list given to Vosk (without ``[unk]``)."""
        self.dropped: list[str] = []
        """Phrases left out because they hold words the model does not know."""
        self.grammar_json = ""
        """The JSON grammar given to Vosk (UTF-8 text, not ASCII escapes: Vosk drops escaped words)."""
        self._phrase_set: frozenset[str] = frozenset()
        self._ctx: TableContext | None = None
        self._parse: Callable[[str], tuple[Any, float]] | None = None
        self._hand: frozenset[Rank] | None = None
        self._rec: Any = None
        self._recs: dict[str, Any] = {}
        """One Vosk recognizer per thing the table listens for (``turn``, ``confirm``), made when first needed."""
        self.answer_phrases: list[str] = []
        """The phrases decoded while the table confirms a move (those that parse to yes, no or quit)."""
        self.fragments: list[str] = []
        """Names and ranks said alone (:meth:`~voicefish.speech.grammar.Grammar.fragments`), decoded besides the
        phrases after the table asked for one (``which``): "Did you mean Fatima or Wen? Just say the name."."""
        self._fragment_set: frozenset[str] = frozenset()
        self._expecting = "turn"
        self._lock = threading.Lock()
        if ctx is not None:
            self.set_table(ctx)

    # --- the table -----------------------------------------------------------------------

    def check_names(self, ctx: TableContext, grammar: Grammar | None = None) -> list[NameCheck]:
        """For each player: can the model hear the name, and if not, what to say instead (alias or seat)."""
        grammar = grammar if grammar is not None else (self.grammar or load_grammar("en"))
        forms = grammar.name_forms(ctx)
        report = []
        for player in ctx.players:
            own = player.lower().split()
            known = check_words(self.model, own)
            unknown = tuple(w for w, ok in known.items() if not ok)
            fallback = None
            if unknown:
                for f in forms:
                    if f.players == (player,) and f.spoken_ok and all(check_words(self.model, f.spoken).values()):
                        fallback = " ".join(f.spoken)
                        break
            report.append(NameCheck(player, not unknown, unknown, fallback))
        return report

    def set_table(self, ctx: TableContext, hand: Collection[Rank] | None = None) -> None:
        """Listen for this table's phrases; check every player name against the model's vocabulary."""
        if self._rec is not None and ctx == self._ctx:
            self._hand = frozenset(hand) if hand is not None else None  # same table: keep the recognizer
            return
        grammar = self.grammar if self.grammar is not None else load_grammar("en")
        self.name_report = self.check_names(ctx, grammar)
        phrases = grammar.vosk_phrases(ctx)
        parser = Parser(ctx, grammar)

        def parse(text: str) -> tuple[Any, float]:
            r = parser.parse(text)
            return r.intent, r.score

        self.set_phrases(phrases, parse, fragments=grammar.fragments(ctx))
        self._hand = frozenset(hand) if hand is not None else None
        self._ctx = ctx

    def set_phrases(
        self,
        phrases: Sequence[str],
        parse: Callable[[str], tuple[Any, float]] | None = None,
        *,
        fragments: Sequence[str] = (),
    ) -> None:
        """Low level: decode with exactly these phrases (words unknown to the model drop the phrase).

        ``parse`` maps a heard phrase to ``(intent, score 0..100)``; without it every phrase maps to ``NoIntent``
        (plumbing tests in other languages use this). ``fragments``: words said alone, decoded too when the table
        expects ``which`` (:attr:`fragments`).
        """
        words = {w for p in phrases for w in p.split()}
        known = check_words(self.model, words)
        kept = [p for p in phrases if all(known[w] for w in p.split())]
        self.dropped = [p for p in phrases if p not in kept]
        if not kept:
            raise RecognizerError("none of the table's phrases can be said with this model's vocabulary")
        self.phrases = kept
        self._phrase_set = frozenset(kept)
        self.grammar_json = json.dumps([*kept, UNK], ensure_ascii=False)
        self.answer_phrases = [p for p in kept if parse is not None and isinstance(parse(p)[0], ANSWERS)]
        known_fragments = check_words(self.model, {w for f in fragments for w in f.split()})
        self.fragments = [
            f for f in fragments if f not in self._phrase_set and all(known_fragments[w] for w in f.split())
        ]
        self._fragment_set = frozenset(self.fragments)
        with self._lock:
            self._recs = {"turn": self._kaldi(kept)}
            self._parse = parse
            self._ctx = None
            self._select()

    def _kaldi(self, phrases: Sequence[str]) -> Any:
        import vosk

        rec = vosk.KaldiRecognizer(self.model, SAMPLE_RATE, json.dumps([*phrases, UNK], ensure_ascii=False))
        rec.SetWords(True)
        return rec

    def _select(self) -> None:
        """Make the recognizer for what is expected the current one (under the lock)."""
        kind = self._expecting
        if (kind == "confirm" and not self.answer_phrases) or (kind == "which" and not self.fragments):
            kind = "turn"
        if kind not in self._recs:
            self._recs[kind] = self._kaldi(
                self.answer_phrases if kind == "confirm" else [*self.phrases, *self.fragments]
            )
        self._rec = self._recs[kind]

    def expect(self, expecting: str) -> None:
        """What the table is listening for: ``turn`` (every phrase of the table), ``confirm`` (only the
        phrases that are yes, no or quit — all the table acts on while it confirms a move, so table talk cannot
        be heard as an ask then) or ``which`` (every phrase, and a name or a rank said alone: :attr:`fragments`).
        Anything else is treated as ``turn``."""
        kind = expecting if expecting in ("confirm", "which") else "turn"
        with self._lock:
            self._expecting = kind
            if self._recs:
                self._select()

    # --- decoding -------------------------------------------------------------------------------

    def transcribe(self, audio: npt.NDArray[np.int16]) -> tuple[str, tuple[Word, ...]]:
        """The words heard (``[unk]`` for anything outside the phrases), with per-word confidence."""
        if self._rec is None:
            raise RecognizerError("set_table() must be called before decoding")
        samples = check_audio(audio)
        with self._lock:
            self._rec.AcceptWaveform(samples.astype("<i2").tobytes())
            result = json.loads(self._rec.FinalResult())
        words = tuple(
            Word(
                str(w.get("word", "")),
                float(w["conf"]) if "conf" in w else None,
                round(float(w.get("start", 0.0)) * 1000),
                round(float(w.get("end", 0.0)) * 1000),
            )
            for w in result.get("result", ())
        )
        return str(result.get("text", "")).strip(), words

    def decode(self, audio: npt.NDArray[np.int16]) -> Recognition:
        """Recognize one utterance (int16 mono 16 kHz)."""
        t0 = time.perf_counter()
        text, words = self.transcribe(audio)
        ms = (time.perf_counter() - t0) * 1000.0
        confs = [w.confidence for w in words if w.confidence is not None]
        conf = float(min(confs)) if confs else 0.0
        if text in self._fragment_set and self._expecting == "which":
            # a name or a rank alone: no sentence; the table reads it as the answer to its question and asks back
            # what it completes (a grammar-bound decoder forces any sound onto its paths: no confidence for it)
            why = "a word alone"
            return Recognition(text, NoIntent(why), conf, True, ms, words, reason=why)
        if not text or text not in self._phrase_set or self._parse is None:
            why = "nothing heard" if not text else "not a game sentence"
            return Recognition(text, NoIntent(why), 0.0, False, ms, words, reason=why)
        intent, score = self._parse(text)
        if isinstance(intent, NoIntent):
            return Recognition(text, intent, 0.0, False, ms, words, reason="not a game sentence")
        conf *= score / 100.0
        if self._expecting == "confirm" and isinstance(intent, ANSWERS):
            # an answer to "Leo, for sevens?" is taken or not heard (then asked again), never itself confirmed
            if conf < self.confirm_threshold:
                why = "not sure of the answer"
                return Recognition(text, NoIntent(why), conf, False, ms, words, reason=why)
            return Recognition(text, intent, conf, False, ms, words)
        if conf < self.confirm_threshold:
            return Recognition(text, NoIntent("low confidence"), conf, False, ms, words, reason="low confidence")
        confirm = conf < self.accept
        confirm, reason = asked_back_for_the_table(intent, self._hand, confirm, "uncertain" if confirm else "")
        return Recognition(text, intent, conf, confirm, ms, words, reason=reason)
