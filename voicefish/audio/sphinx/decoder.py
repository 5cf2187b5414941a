"""The pocketsphinx recognizer: one decoder per table's word graph, reused for every utterance, and the confidence
model's decision on each result."""

from __future__ import annotations

import contextlib
import math
import os
import threading
import time
from collections.abc import Callable, Collection, Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from voicefish.audio.confidence import DEFAULT_MODEL, ConfidenceModel, Evidence, decide, is_move
from voicefish.audio.recognizer import Recognition, RecognizerError, Word, check_audio
from voicefish.audio.sphinx.frontend import (
    _MIN_SAMPLES,
    FRONT_END,
    NOISE_FLOOR_RMS,
    _feat_params,
    _pcm,
    loudness_range_db,
    raise_noise_floor,
)
from voicefish.audio.sphinx.graph import (
    _WHOLE,
    CONFIRM_ANSWERS,
    CONFIRM_LEFT_OUT,
    _search_key,
    _sentence,
    _words,
    build_fsg,
)
from voicefish.audio.sphinx.speakers import AdaptingDecoder, _Speakers
from voicefish.audio.sphinx.streaming import _MIN_CMN_SAMPLES, StreamingDecoder
from voicefish.cards import Rank
from voicefish.speech.grammar import Grammar, TableContext, load_grammar
from voicefish.speech.intents import NoIntent
from voicefish.speech.parser import Parser
from voicefish.speech.pronounce import ARPABET, default_model_dir, pronounce

DECODER_SETTINGS: dict[str, object] = {
    "topn": 8,
    "lw": 1.0,
}
"""pocketsphinx search settings chosen on the tuning speakers (see ``bench/history/asr.md``). ``lw``, the
language weight (pocketsphinx's default 6.5), also scales the cost of each silence or noise between words: at
6.5 noise was cheaper to explain as words, and a sentence family's large share of the graph outweighed a
short command's early in the search. Tuning voices, decoded right at white 10 dB / babble 20 dB / babble 10 dB:
lw 10 → 72 / 80 / 43 %, 6.5 → 88 / 90 / 52 %, 3 → 94 / 96 / 62 %, 1 → 95 / 97.5 / 68 %, 0.5 and 0.25 the same as
1 within a few utterances."""

ADAPTED_SETTINGS: dict[str, object] = {"wbeam": 1e-40}
"""Search settings over :data:`DECODER_SETTINGS` for a speaker the decoder is adapted to (the voice check, then
what the table acted on): each table's searches are made twice, and the adapted ones are used while a speaker
transform is applied. ``wbeam``, the word-exit beam (pocketsphinx's default 7e-29): under loud babble an
adapted decoder's right word end was pruned against a babble-shaped one. Tuning voices with the voice check,
babble 10 dB decoded right: 7e-29 → 68.3 %, 1e-35 → 75.8 %, 1e-40 → 78.3 %, 1e-45 / 1e-48 → 77.5 % (the other
conditions unchanged); CPU per second of speech 0.039 → 0.065 s. Unadapted it gained nothing (52.5 → 50.8 %
streamed, 94 → 97 of 192 decoded whole) at three times the CPU, hence only adapted. The HMM beams (``beam``,
``pbeam``) and ``maxhmmpf`` did not help and shift the scores the confidence model reads."""
_UNSHIFTED = 1024.0
"""A search without ``bestpath`` gives its segments' acoustic scores without the lattice's shift (2**10)."""


class SphinxRecognizer(AdaptingDecoder, StreamingDecoder):
    """pocketsphinx with a per-table word graph and a confidence model; one decoder reused for every utterance.

    ``model_dir`` holds ``en-us/`` (acoustic model) and ``cmudict-en-us.dict`` (default: the wheel's).
    ``settings`` override :data:`DECODER_SETTINGS`, ``adapted_settings`` :data:`ADAPTED_SETTINGS` (the searches
    for a speaker with a transform), ``front_end`` overrides :data:`FRONT_END`;
    ``garbage`` is the word loop offered beside the sentences (empty: none); ``retry_whole`` (default on): a
    decode whose best path is a half sentence is decoded again for the best whole one (a move from it is always
    confirmed). Decodes are serialized by a lock.
    """

    def __init__(
        self,
        ctx: TableContext | None = None,
        *,
        grammar: Grammar | None = None,
        model_dir: str | os.PathLike[str] | None = None,
        settings: Mapping[str, object] | None = None,
        front_end: Mapping[str, str] | None = None,
        confidence: ConfidenceModel = DEFAULT_MODEL,
        garbage: Sequence[str] = (),
        garbage_weight: float = 0.05,
        use_espeak: bool = True,
        noise_floor: float = NOISE_FLOOR_RMS,
        extra_pronunciations: Mapping[str, Collection[str]] | None = None,
        retry_whole: bool = True,
        adapted_settings: Mapping[str, object] | None = None,
    ) -> None:
        try:
            import pocketsphinx
        except ImportError as exc:  # pragma: no cover - it is a dependency
            raise RecognizerError(f"pocketsphinx is not installed ({exc}); pip install pocketsphinx") from None
        root = Path(model_dir) if model_dir is not None else default_model_dir()
        hmm, dic = root / "en-us", root / "cmudict-en-us.dict"
        for need in (hmm / "mdef", dic):
            if not need.exists():
                raise RecognizerError(f"pocketsphinx model incomplete: {need} is missing (model folder {root})")
        self.grammar = grammar if grammar is not None else load_grammar("en")
        self.model = confidence
        self.room_level: Callable[[], float | None] | None = None
        """Where to read the room's level between utterances as the listener measures it (int16 RMS, None while
        unknown): the loudness range of each utterance (:attr:`Evidence.snr`, which tells a loud room) is then
        measured against it (:func:`loudness_range_db`). Set by the table's voice ears."""
        self.use_espeak = use_espeak
        self.noise_floor = noise_floor
        self.retry_whole = retry_whole
        self.adapted_settings: dict[str, object] = dict(
            ADAPTED_SETTINGS if adapted_settings is None else adapted_settings
        )
        self.garbage = tuple(garbage)
        self.garbage_weight = garbage_weight
        self.pronunciations: dict[str, tuple[str, str]] = {}
        """Words added to the dictionary: word → (phones, source: "espeak-ng", "spelling" or "given")."""
        self._extra = {k.lower(): tuple(v) for k, v in (extra_pronunciations or {}).items()}
        self._lock = threading.Lock()
        self._twin_args: dict[str, Any] = dict(
            grammar=self.grammar,
            model_dir=model_dir,
            settings=settings,
            front_end={**(front_end or {}), "cmn": "live"},
            confidence=confidence,
            garbage=garbage,
            garbage_weight=garbage_weight,
            use_espeak=use_espeak,
            noise_floor=noise_floor,
            extra_pronunciations=extra_pronunciations,
            retry_whole=retry_whole,
            adapted_settings=adapted_settings,
        )
        self._twin = None
        cfg = dict(DECODER_SETTINGS)
        cfg.update(settings or {})
        fe = dict(FRONT_END)
        fe.update(front_end or {})
        try:
            feat = _feat_params(str(hmm), tuple(sorted(fe.items())))
            config = pocketsphinx.Config(hmm=str(hmm), dict=str(dic), lm=None, featparams=feat, loglevel="FATAL", **cfg)
            self._decoder = pocketsphinx.Decoder(config)
        except (RuntimeError, ValueError, KeyError, OSError) as exc:
            raise RecognizerError(f"pocketsphinx could not load the model in {root}: {exc}") from None
        self._cmn_init = str(self._decoder.get_cmn(False)) if hasattr(self._decoder, "get_cmn") else ""
        self._search = ""
        self._searches: dict[str, str] = {}
        self._expecting = "turn"
        self._n_tables = 0
        self._streaming = False
        self._warm = False
        """Streaming only: True once the live cepstral mean was learnt from speech (a streamed utterance of 1 s
        or more, or the mean of a whole-utterance decode). Until then streamed results are not given: decoded
        from the model's default mean they were measured to go wrong ("ann do you have any sevens" → "do you
        have any twos" as the first real utterance), so the first utterance of a session is decoded whole."""
        self._warm_at_begin = False
        self._last_cmn = ""
        self._cmn_before = ""
        self._speakers = _Speakers()
        self._applied: Any = None
        """The transform on this decoder now (None: the model as shipped)."""
        self._adapter: Any = None
        self._executor: Any = None
        self.adapt = True
        """Adapt to each player from what the table acted on (:meth:`learn`); False: never."""
        self._can_adapt: bool | None = None
        self.on_transform: Callable[[str, Any], None] | None = None
        """Called (from the background thread) with a player and each transform learnt for them."""
        self._fed: list[npt.NDArray[np.int16]] = []
        self._fed_levels: list[float] = []
        self._fed_rng = np.random.default_rng(0)
        self._ran_on = ""
        """The sentence on which the utterance being streamed was closed because its last word ran on into the
        listener's quiet ("": it was not)."""
        self._streamed: tuple[npt.NDArray[np.int16], float, list[tuple[str, int, int, float]], float] | None = None
        self._parser: Parser | None = None
        self._hand: frozenset[Rank] | None = None
        self._garbage_set: frozenset[str] = frozenset()
        self.sentences: frozenset[str] = frozenset()
        """The sentences of the current table (a decode outside them is a half sentence)."""
        self.fragments: frozenset[str] = frozenset()
        """Names and ranks said alone (:meth:`~voicefish.speech.grammar.Grammar.fragments`), searched for when the
        table asked for one (``which``): heard as themselves, meaning nothing alone. Without them pocketsphinx heard
        nothing in "Fatima." from any test voice (a voice game at seed 317: "Did you mean Fatima or Wen?" four
        times in a row while Whisper rested)."""
        self._extendable: frozenset[str] = frozenset()
        """The table's sentences that a longer one goes on from ("do you have any sevens" → "... leo")."""
        self.ctx: TableContext | None = None
        if ctx is not None:
            self.set_table(ctx)

    # --- the table --------------------------------------------------------------------

    def _ensure_word(self, word: str) -> bool:
        d = self._decoder
        if d.lookup_word(word) is not None:
            return True
        variants: list[tuple[list[str], str]] = [(p.split(), "given") for p in self._extra.get(word, ())]
        phones, source = pronounce(word, use_espeak=self.use_espeak)
        variants.append((phones, source))
        if source == "espeak-ng" and phones and phones[-1] in ("AH", "IH"):
            # espeak's reduced final vowel ("priya" → ...Y AH) is often said in full: add that variant too
            variants.append(([*phones[:-1], "IY" if phones[-1] == "IH" else "AA"], source))
        seen: set[str] = set()
        for ph, src in variants:
            key = " ".join(p for p in ph if p in ARPABET)
            if not key or key in seen:
                continue
            seen.add(key)
            n = len(seen)
            try:
                d.add_word(word if n == 1 else f"{word}({n})", key, True)
            except (RuntimeError, ValueError):
                continue
            if n == 1:
                self.pronunciations[word] = (key, src)
        return d.lookup_word(word) is not None

    def set_table(self, ctx: TableContext, hand: Collection[Rank] | None = None) -> None:
        """Decode with this table's sentences from now on (only ``ctx.players`` can be named).

        ``hand`` never narrows the grammar (a rank not held must still be heard as itself); it only makes
        an ask for a rank not held a result to confirm.
        """
        if self._search and ctx == self.ctx:
            self._hand = frozenset(hand) if hand is not None else None  # same table: keep the word graph
            return
        with self._lock:
            if self._streaming:  # a new table mid-utterance: that utterance is dropped
                self._decoder.end_utt()
                self._streaming, self._fed, self._streamed = False, [], None
            pairs = dict(self.grammar.sentences(ctx))
            sentences = sorted(pairs)
            answers = sorted(s for s, intent in pairs.items() if isinstance(intent, CONFIRM_ANSWERS))
            rare = {a for a in answers if set(a.split()) & CONFIRM_LEFT_OUT}
            answers = [a for a in answers if a not in rare]
            turn = [s for s in sentences if s not in rare]  # (outside a confirmation they only get a reply)
            # a name or a rank said alone (the answer to "Did you mean Fatima or Wen?"): not a sentence, but a
            # path of its own, or pocketsphinx heard nothing in it at all; only when the table asked for one (at a
            # turn, a short command in noise was heard as a bare rank: "help" as "four")
            fragments = [f for f in self.grammar.fragments(ctx) if f not in pairs]
            words = {w for s in (*sentences, *fragments) for w in s.split()}
            for word in sorted(words):
                if not self._ensure_word(word):
                    raise RecognizerError(f"no pronunciation for {word!r}; give one with extra_pronunciations")
            garbage = [w for w in self.garbage if self._decoder.lookup_word(w) is not None]
            self._n_tables += 1
            searches: dict[str, str] = {}
            variants = [(a, w) for a in (False, True) for w in ((False, True) if self.retry_whole else (False,))]
            for kind, group in (("turn", turn), ("confirm", answers or turn), ("which", turn + fragments)):
                start, final, trans = build_fsg(group, garbage, self.garbage_weight)
                for adapted, whole in variants:
                    key = _search_key(kind, adapted, whole)
                    name = searches[key] = f"table{self._n_tables}-{key}"
                    # The second search of a kind gives the best path that ends a sentence: with bestpath off
                    # pocketsphinx keeps the search's own result, which must reach the graph's final state. An
                    # adapted speaker's searches have ADAPTED_SETTINGS. Settings are read when a search is made.
                    config = self._decoder.config
                    changes: dict[str, object] = {"bestpath": bool(config["bestpath"]) and not whole}
                    if adapted:
                        changes.update(self.adapted_settings)
                    before = {k: config[k] for k in changes}
                    try:
                        for k, v in changes.items():
                            config[k] = v
                        fsg = self._decoder.create_fsg(name, start, final, trans)
                        self._decoder.add_fsg(name, fsg)
                    except (ValueError, RuntimeError) as exc:
                        raise RecognizerError(f"pocketsphinx rejected the table grammar: {exc}") from None
                    finally:
                        for k, v in before.items():
                            config[k] = v
            old = set(self._searches.values())
            self._searches = searches
            self._search = searches[self._expecting]
            self._decoder.activate_search(self._search)
            for name in old:
                with contextlib.suppress(RuntimeError, KeyError):
                    self._decoder.remove_search(name)
            self._parser = Parser(ctx, self.grammar)
            self._hand = frozenset(hand) if hand is not None else None
            self._garbage_set = frozenset(garbage) - words
            self.sentences = frozenset(sentences)
            self.fragments = frozenset(fragments)
            self._extendable = (
                frozenset(" ".join(w[:k]) for w in (t.split() for t in sentences) for k in range(1, len(w)))
                & self.sentences
            )
            self.ctx = ctx
        if self._twin is not None:
            self._twin.set_table(ctx, hand)  # drops an utterance being streamed for the old table

    def expect(self, expecting: str) -> None:
        """What the table is listening for: ``turn`` (asks and commands: every sentence of the table),
        ``confirm`` (only yes, no and quit — all the table acts on while it confirms a move, so nothing else can
        take a "yes" away; measured in ``bench/asr_bench.py --answers``) or ``which`` (every sentence, and a name
        or a rank said alone: :attr:`fragments`). Anything else is treated as ``turn``."""
        kind = expecting if expecting in ("confirm", "which") else "turn"
        if kind != self._expecting:
            with self._lock:
                self._expecting = kind
                if not self._streaming:
                    self._activate()
        if self._twin is not None:
            self._twin.expect(kind)

    def _activate(self) -> None:
        """Make the search for what is expected the active one (between utterances, under the lock)."""
        want = self._searches.get(self._current_search_key(), self._search)
        if want and want != self._search:
            self._decoder.activate_search(want)
            self._search = want

    def _current_search_key(self, whole: bool = False) -> str:
        """The search for what is expected, for the speaker's state (adapted or not), first or second pass."""
        return _search_key(self._expecting, self._applied is not None, whole)

    def set_hand(self, hand: Collection[Rank] | None) -> None:
        """Change only the speaker's ranks (cheap; the grammar stays)."""
        self._hand = frozenset(hand) if hand is not None else None

    def _new_twin(self) -> SphinxRecognizer:
        """A recognizer like this one, but with live cepstral normalisation: the twin that decodes while the player
        speaks (:meth:`begin`)."""
        return SphinxRecognizer(**self._twin_args)

    # --- decoding ---------------------------------------------------------------------------

    def _run(self, pcm: bytes) -> tuple[str, float, list[tuple[str, int, int, float]]]:
        self._sync_transform()
        self._activate()  # (after the transform: an adapted speaker has searches of their own)
        return self._run_active(pcm)

    def _run_active(self, pcm: bytes) -> tuple[str, float, list[tuple[str, int, int, float]]]:
        d = self._decoder
        d.start_utt()
        d.process_raw(pcm, False, True)
        d.end_utt()
        return self._hypothesis()

    def _hypothesis(self) -> tuple[str, float, list[tuple[str, int, int, float]]]:
        """The finished utterance's text, posterior and word segments (word, first frame, last frame, log score)."""
        d = self._decoder
        hyp = d.hyp()
        k = _UNSHIFTED if self._search.endswith(_WHOLE) or not d.config["bestpath"] else 1.0
        segs = [(s.word, int(s.start_frame), int(s.end_frame), k * _log(float(s.ascore))) for s in d.seg() or ()]
        return (hyp.hypstr if hyp is not None else ""), (float(hyp.prob) if hyp is not None else 0.0), segs

    def _loudness(self, samples: npt.NDArray[np.int16]) -> tuple[float, bool]:
        """The utterance's loudness range (:attr:`Evidence.snr`), and whether it was measured against the room
        (:attr:`Evidence.room_known`): always without a listener (a whole recording holds the room), with one once
        it has heard the room."""
        if self.room_level is None:
            return loudness_range_db(samples, self.noise_floor), True
        room = self.room_level()
        return loudness_range_db(samples, self.noise_floor, room), room is not None

    def decode(self, audio: npt.NDArray[np.int16]) -> Recognition:
        """Recognize one utterance (int16 mono 16 kHz)."""
        if self._parser is None or not self._search:
            raise RecognizerError("set_table() must be called before decoding")
        samples = check_audio(audio)
        t0 = time.perf_counter()
        if len(samples) < _MIN_SAMPLES or not np.any(samples):
            return Recognition("", NoIntent(), 0.0, False, (time.perf_counter() - t0) * 1000.0, reason="no speech")
        snr, known = self._loudness(samples)
        pcm = _pcm(raise_noise_floor(samples, self.noise_floor))
        with self._lock:
            text, posterior, segs = self._run(pcm)
            cmn = str(self._decoder.get_cmn(False)) if len(samples) >= _MIN_CMN_SAMPLES else ""
            ended = _sentence(segs) in self.sentences or _sentence(segs) in self.fragments
            whole = self._retry_whole(pcm) if text and not ended else None
            if whole is not None:
                posterior, segs = 0.0, whole
        if cmn:
            self._last_cmn = cmn
            if self._twin is not None:
                self._twin._warm_up(cmn)
        return self._recognition(posterior, segs, t0, retried=whole is not None, snr=snr, room_known=known)

    def _retry_whole(self, pcm: bytes) -> list[tuple[str, int, int, float]] | None:
        """The best path was a half sentence ("tell" for "help" in babble: pocketsphinx's best path through the
        word lattice need not end a sentence): decode again with the table's second search, whose result is the
        best path that does end one. Its word segments, or None when it found none. Under the lock; the decoder
        is left on the search it was on."""
        whole = self._searches.get(self._current_search_key(whole=True))
        if not self.retry_whole or not whole:
            return None
        main, self._search = self._search, whole
        self._decoder.activate_search(whole)
        try:
            text, _posterior, segs = self._run_active(pcm)
        finally:
            self._decoder.activate_search(main)
            self._search = main
        return segs if text and _sentence(segs) in self.sentences else None

    def _recognition(
        self,
        posterior: float,
        segs: list[tuple[str, int, int, float]],
        t0: float,
        retried: bool = False,
        *,
        snr: float,
        room_known: bool = True,
    ) -> Recognition:
        assert self._parser is not None
        words = _words(segs)
        text = " ".join(w for w, *_ in words)
        per_frame = [a / max(1, e - s + 1) for _w, s, e, a in words]
        frames = sum(e - s + 1 for _w, s, e, _a in words)
        word_objs = tuple(
            Word(w, round(float(np.exp(max(-20.0, pf) / 4.0)), 3), s * 10, (e + 1) * 10)
            for (w, s, e, _a), pf in zip(words, per_frame, strict=True)
        )
        complete = text in self.sentences
        parsed = self._parser.parse(text) if complete else None
        evidence = Evidence(
            acoustic=(sum(a for *_x, a in words) / frames) if frames else -15.0,
            worst_word=min(per_frame) if per_frame else -15.0,
            parse_score=parsed.score if parsed is not None else 0.0,
            posterior=posterior,
            words=len(words),
            complete=complete,
            retried=retried,
            snr=snr,
            question=parsed is not None and not is_move(parsed.intent),
            room_known=room_known,
        )
        loud = self.model.known_loud(snr, room_known)
        if parsed is None:
            why = "nothing heard" if not words else "not a game sentence" if not complete else ""
            return Recognition(
                text=text,
                intent=NoIntent(why),
                confidence=0.0,
                confirm=text in self.fragments,  # (no confidence for a word alone: what it completes is asked back)
                decode_ms=(time.perf_counter() - t0) * 1000.0,
                words=word_objs,
                reason=why,
                features=evidence.as_dict(),
                loud=loud,
            )
        decision = decide(
            parsed.intent,
            evidence,
            hand=self._hand,
            model=self.model,
            answering=self._expecting == "confirm",
            adapted=getattr(self._applied, "offsets", None) is not None,
        )
        return Recognition(
            text=text,
            intent=decision.intent,
            confidence=decision.confidence,
            confirm=decision.confirm,
            decode_ms=(time.perf_counter() - t0) * 1000.0,
            words=word_objs,
            alternatives=(),
            reason=decision.reason,
            features=decision.features,
            loud=loud,
        )


def _log(x: float) -> float:
    """Natural log of a pocketsphinx score that the Python API already exponentiated (0 → very low)."""
    return math.log(x) if x > 1e-300 else -700.0
