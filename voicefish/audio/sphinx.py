"""The pocketsphinx backend: the embedded default English recognizer (its model ships in the PyPI wheel).

For each table it decodes with a JSGF grammar generated from the same templates as the parser
(``Grammar.to_jsgf``); player names the CMU dictionary lacks get pronunciations derived from
``espeak-ng -q --ipa`` through an IPA → ARPAbet table (or, without espeak-ng, from the spelling).
The grammar is given to pocketsphinx as a word graph (a minimal deterministic automaton of every sentence
of the table, built here) rather than as JSGF: it decodes several times faster and never ends inside a
rule. Beside the sentences it offers a loop of common words (a garbage model): chatter that comes out
through the loop is rejected; what comes out as a sentence is judged by :mod:`voicefish.audio.confidence`.
Audio whose pauses are (nearly) digital silence gets a deterministic noise floor first: silence derails the decoder.
"""

from __future__ import annotations

import atexit
import contextlib
import functools
import math
import os
import re
import sys
import threading
import time
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from voicefish.audio.confidence import ANSWERS, DEFAULT_MODEL, ConfidenceModel, Evidence, decide, is_move
from voicefish.audio.recognizer import SAMPLE_RATE, Recognition, RecognizerError, Word, check_audio
from voicefish.cards import Rank
from voicefish.speech.grammar import Grammar, TableContext, load_grammar
from voicefish.speech.intents import NoIntent
from voicefish.speech.parser import Parser
from voicefish.speech.pronounce import (
    ARPABET,
    default_model_dir,
    espeak_ipa,
    ipa_to_arpabet,
    letters_to_arpabet,
    pronounce,
)

__all__ = [
    "ADAPTED_SETTINGS",
    "ADAPT_KEEP",
    "ADAPT_SCHEDULE",
    "ARPABET",
    "CONFIRM_ANSWERS",
    "CONFIRM_LEFT_OUT",
    "DECODER_SETTINGS",
    "FRONT_END",
    "GARBAGE_WORDS",
    "NOISE_FLOOR_RMS",
    "PROMPTED_FULL_FROM",
    "SphinxRecognizer",
    "build_fsg",
    "default_model_dir",
    "espeak_ipa",
    "ipa_to_arpabet",
    "letters_to_arpabet",
    "loudness_range_db",
    "pronounce",
    "raise_noise_floor",
]

DECODER_SETTINGS: dict[str, object] = {
    "topn": 8,
    "lw": 1.0,
}
"""pocketsphinx search settings chosen on the tuning speakers (see ``bench/results/asr.md``). ``lw``, the
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

_WHOLE = "-whole"
"""The name suffix of a table's second searches: the best path that is a whole sentence (``retry_whole``)."""
_ADAPTED = "+adapted"
"""The name part of a table's searches for an adapted speaker (:data:`ADAPTED_SETTINGS`), before ``_WHOLE``."""
_UNSHIFTED = 1024.0
"""A search without ``bestpath`` gives its segments' acoustic scores without the lattice's shift (2**10)."""
FRONT_END: dict[str, str] = {}
"""Front-end settings written over the model's ``feat.params`` (which otherwise silently overrides the config,
e.g. ``{"cmn": "live"}``). Empty: the model's own (batch CMN, noise removal on), which is deterministic
per utterance; live CMN was not better in a sweep on the tuning speakers."""

GARBAGE_WORDS: tuple[str, ...] = (
    "the",
    "a",
    "to",
    "and",
    "it",
    "is",
    "that",
    "this",
    "was",
    "i",
    "you",
    "we",
    "they",
    "he",
    "she",
    "on",
    "in",
    "at",
    "with",
    "so",
    "but",
    "oh",
    "well",
    "just",
    "really",
    "very",
    "think",
    "know",
    "look",
    "like",
    "love",
    "good",
    "nice",
    "time",
    "there",
    "here",
    "what",
    "where",
    "when",
    "why",
    "lucky",
    "again",
    "people",
    "thing",
    "going",
    "come",
    "pass",
    "open",
    "eat",
    "drink",
    "water",
    "dinner",
    "tea",
    "dog",
    "cat",
    "ha",
    "hmm",
    "wow",
    "great",
    "bad",
    "funny",
    "game",
    "cards",
)
"""A loop of common words offered beside the game sentences (a garbage model): chatter that fits them better
than any game sentence comes out through the loop and is rejected. Short and common on purpose."""

NOISE_FLOOR_RMS = 60.0
"""The least background noise the decoder is given, in int16 units RMS (about −55 dBFS): audio whose quiet
frames are quieter gets Gaussian noise added up to this floor. Digitally silent pauses (a virtual or very
clean input) were measured to cost many sentences — the grammar search ends without a hypothesis or on a
wrong one — while a real microphone's floor is already about this loud and gets next to nothing. Chosen on
the tuning speakers (``bench/asr_bench.py --noise-floor``): 2 → 91 % clean decoded right, 30 → 96 %, 60 → 97 %;
noisy conditions unchanged."""
CONFIRM_ANSWERS = ANSWERS
"""The intents the table acts on while it confirms a move: the only sentences decoded then."""
CONFIRM_LEFT_OUT = frozenset(
    ["absolutely", "affirmative", "negative", "incorrect", "leave", "exit", "course", "do", "over", "we're", "nah"]
)
"""Answers with these words are left out of the word graphs (they stay in the parser and in typed play).
Noise and short words were forced into them ("no" heard as "absolutely", "yep" as "leave"): without them,
measured on hold-out voices (``asr_bench.py --answers --expect confirm --streamed``), answers acted on wrongly
fell from 4.0 to 1.5 % and a wrong "yes" from 2.0 to 0 %, while exact answers rose from 54.5 to 56.5 %."""
_MIN_SAMPLES = 1600
"""Shorter audio than this (0.1 s) is not decoded: nothing was said."""
_STREAM_TAIL_SAMPLES = 2400
"""The last 0.15 s of a streamed utterance is fed a second time before its result is taken."""
_RAN_ON_TAIL_SAMPLES = 3200
"""The same for an utterance closed because its last word ran on into the listener's quiet (0.2 s): it has less
quiet after its words, and with 0.15 s the live cepstral mean such an ask left behind made the next one "twos" for
"sevens" in tests/table/test_voice_ears.py."""
_MIN_CMN_SAMPLES = 16000
"""A streamed utterance shorter than this (1 s) leaves the decoder's cepstral mean as it found it."""
SENTENCE_MIN_WORDS = 3
""":meth:`SphinxRecognizer.sentence_finished` speaks only for sentences of at least this many words: a name said
before a pause ("Sam ...") must never close an ask, nor a short command the name could be misheard as."""
SENTENCE_SILENCE_FRAMES = 8
"""... and only when the best path so far ends in at least this much silence (10 ms frames) after the words (the
listener asks after its own 0.15 s of quiet; asked without that quiet, it says how much decoded silence it wants)."""
SENTENCE_SPAN_FRAMES = 90
"""... and only when its words span at least this long (10 ms frames): the table joins a shorter utterance to what
follows when it was not understood (``voicefish.table.voice.SHORT_UTTERANCE``, 0.9 s), and a name said before a
pause was once taken for "leo any eights" (71 frames)."""
SENTENCE_LAST_WORD_FRAMES = 20
"""... and only when its last word lasted at least this long (10 ms frames). A hesitation inside an ask ("Leo, do
you have any ... kings") left best paths such as "leo do you have an eight" whose last word was 13–22 frames of
the end of "any" (one of 22 still gets through); the last words of asks really finished lasted 23–73 (latency
bench voices, quiet room and babble)."""


def _plain(word: str) -> str:
    """``on(2)`` → ``on``: drop the alternative-pronunciation marker."""
    return re.sub(r"\(\d+\)$", "", word)


_FILLER = re.compile(r"^(<.*>|\[.*\]|\+.*\+|SIL)$")


def _words(segs: Sequence[tuple[str, int, int, float]]) -> list[tuple[str, int, int, float]]:
    """The word segments of a decode without fillers, each word without its pronunciation marker."""
    return [(_plain(w), s, e, a) for w, s, e, a in segs if not _FILLER.match(w)]


def _sentence(segs: Sequence[tuple[str, int, int, float]]) -> str:
    """The words of a decode, as the table's sentences spell them."""
    return " ".join(w for w, *_ in _words(segs))


Transition = tuple[int, int, float, str]


def build_fsg(
    sentences: Iterable[str], garbage: Sequence[str] = (), garbage_weight: float = 0.05
) -> tuple[int, int, list[Transition]]:
    """A word graph accepting exactly ``sentences`` (plus, optionally, any run of ``garbage`` words).

    Returns ``(start, final, transitions)`` for ``Decoder.create_fsg``. The graph is the minimal acyclic
    automaton of the sentences (shared prefixes and suffixes merged), with probabilities that make every
    sentence equally likely; ``garbage`` words loop on a state of their own entered with ``garbage_weight``.
    """
    end = ""
    root: dict[str, Any] = {}
    for sentence in sentences:
        node = root
        for w in sentence.split():
            node = node.setdefault(w, {})
        node[end] = True
    ids: dict[tuple[bool, tuple[tuple[str, int], ...]], int] = {}
    info: dict[int, tuple[bool, tuple[tuple[str, int], ...]]] = {}
    count: dict[int, int] = {}

    def canon(node: dict[str, Any]) -> int:
        arcs = tuple(sorted((w, canon(c)) for w, c in node.items() if w != end))
        sig = (end in node, arcs)
        if sig not in ids:
            i = len(ids)
            ids[sig] = i
            info[i] = sig
            count[i] = (1 if sig[0] else 0) + sum(count[c] for _, c in arcs)
        return ids[sig]

    top = canon(root)
    pure_end = ids.get((True, ()))
    start, final = 0, 1
    num = {top: start}
    for i in sorted(info):
        if i != pure_end and i not in num:
            num[i] = len(num) + 1
    trans: list[Transition] = []
    sentence_share = 1.0 - garbage_weight if garbage else 1.0
    for i in sorted(info):
        if i == pure_end:
            continue
        is_end, arcs = info[i]
        total = count[i] - (1 if is_end else 0)
        share = sentence_share if i == top else 1.0
        for w, c in arcs:
            c_end, c_arcs = info[c]
            if c_end:
                trans.append((num[i], final, share / total, w))
            if c_arcs:
                trans.append((num[i], num[c], share * (count[c] - (1 if c_end else 0)) / total, w))
    if garbage:
        loop = len(num) + 1
        p = 1.0 / len(garbage)
        for w in garbage:
            trans.append((start, loop, garbage_weight * p, w))
            trans.append((loop, loop, 0.5 * p, w))
            trans.append((loop, final, 0.5 * p, w))
    return start, final, trans


@functools.cache
def _feat_text(model: str, items: tuple[tuple[str, str], ...]) -> str:
    """The model's feat.params with ``items`` written over it (the model file overrides the config)."""
    src = Path(model) / "feat.params"
    lines = src.read_text(encoding="utf-8").splitlines() if src.exists() else []
    want = dict(items)
    out: list[str] = []
    for line in lines:
        key = line.split()[0].lstrip("-") if line.split() else ""
        if key in want:
            out.append(f"-{key} {want.pop(key)}")
        else:
            out.append(line)
    out += [f"-{k} {v}" for k, v in want.items()]
    return "\n".join(out) + "\n"


_OWN_FEAT: dict[str, str] = {}
"""Settings text → this process's own copy, where the cache folder could not be written."""


def _feat_params(model: str, items: tuple[tuple[str, str], ...]) -> str:
    """A file holding :func:`_feat_text`, for a decoder to read when it is made.

    The file is named by its content (``feat-<sha256>.params`` in the user's cache folder) and shared by every
    process with the same settings. A file per process, removed at exit, was left behind whenever a process ended
    without running its exit handlers (a pool's worker, a game stopped by a signal): hundreds of them after a day of
    benchmarks. It is checked each time a decoder is made (a game makes some while it runs), so a copy deleted
    meanwhile — the cache cleared, a cleaner — is written again. Written to a private name and renamed, so a
    concurrent reader never sees half of it. Where the cache folder cannot be written, the process keeps a copy of
    its own in the temporary folder, removed at exit.
    """
    import hashlib
    import tempfile

    from platformdirs import user_cache_dir

    text = _feat_text(model, items)
    digest = hashlib.sha256(text.encode("utf-8")).hexdigest()[:32]
    path = Path(user_cache_dir("voicefish")) / f"feat-{digest}.params"
    for have in (str(path), _OWN_FEAT.get(text)):
        with contextlib.suppress(OSError):
            if have is not None and Path(have).read_text(encoding="utf-8") == text:
                return have
    part = ""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, part = tempfile.mkstemp(prefix=".feat-", suffix=".part", dir=path.parent)
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(part, path)
        return str(path)
    except OSError:  # a read-only or full home: a copy of this process's own
        if part:
            _remove_quietly(part)
    fd, own = tempfile.mkstemp(prefix="voicefish-feat-", suffix=".params")
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        f.write(text)
    _OWN_FEAT[text] = own
    atexit.register(_remove_quietly, own)
    return own


def _remove_quietly(path: str) -> None:
    with contextlib.suppress(OSError):
        os.unlink(path)


ADAPT_SCHEDULE: tuple[tuple[int, str], ...] = ((3, "diag"), (8, "full"))
"""When a player's transform is (re-)estimated: at this many acted-on utterances, with this kind; after the
last step again every 4 more utterances. First chosen in a prototype on four hold-out voices (``diag`` never
hurt with three sentences, ``full`` was better from about eight — so the hold-out set informed it, see
``bench/results/asr.md``), then checked on the tuning voices, where an unshrunk ``full`` lost 12 points in
babble: hence :data:`voicefish.audio.adapt.FULL_SHRINK`."""
PROMPTED_FULL_FROM = 6
"""During the voice check (sentences whose words are known), the full transform from this many samples on."""
ADAPT_KEEP = 20
"""The most recent acted-on utterances kept per player for adaptation."""


class _Speakers:
    """Who speaks, and each player's adaptation: shared by a recognizer and its streaming twin."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.current = ""
        self.samples: dict[str, list[Any]] = {}
        """Per player, the frames of their last acted-on utterances (``adapt.Frames``)."""
        self.transforms: dict[str, Any] = {}
        self.counted: dict[str, int] = {}
        self.remembered: set[str] = set()
        """Players whose transform came from an earlier session (:meth:`SphinxRecognizer.use_transform`)."""
        self.failed = ""
        """Why adaptation is off (empty while it works)."""

    def wanted(self) -> Any:
        """The current player's transform (None: none yet)."""
        with self.lock:
            return self.transforms.get(self.current)


class SphinxRecognizer:
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
        self._twin: SphinxRecognizer | None = None
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
            words = {w for s in sentences for w in s.split()}
            for word in sorted(words):
                if not self._ensure_word(word):
                    raise RecognizerError(f"no pronunciation for {word!r}; give one with extra_pronunciations")
            garbage = [w for w in self.garbage if self._decoder.lookup_word(w) is not None]
            self._n_tables += 1
            searches: dict[str, str] = {}
            variants = [(a, w) for a in (False, True) for w in ((False, True) if self.retry_whole else (False,))]
            for kind, group in (("turn", turn), ("confirm", answers or turn)):
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
            self._extendable = (
                frozenset(" ".join(w[:k]) for w in (t.split() for t in sentences) for k in range(1, len(w)))
                & self.sentences
            )
            self.ctx = ctx
        if self._twin is not None:
            self._twin.set_table(ctx, hand)  # drops an utterance being streamed for the old table

    def expect(self, expecting: str) -> None:
        """What the table is listening for: ``turn`` (asks and commands: every sentence of the table) or
        ``confirm`` (only yes, no and quit — all the table acts on while it confirms a move, so nothing else can
        take a "yes" away; measured in ``bench/asr_bench.py --answers``). Anything else is treated as ``turn``."""
        kind = "confirm" if expecting == "confirm" else "turn"
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

    # --- speaker adaptation (voicefish.audio.adapt) ---------------------------------------------

    @property
    def learning(self) -> bool:
        """Whether :meth:`learn` does anything: adaptation is on, and this pocketsphinx build allows it."""
        if not self.adapt or self._speakers.failed:
            return False
        if self._can_adapt is None:
            from voicefish.audio import adapt

            try:
                with self._lock:
                    adapt.decoder_handle(self._decoder)
                self._can_adapt = True
            except adapt.AdaptationError:
                self._can_adapt = False
        return self._can_adapt

    def set_speaker(self, speaker: str) -> None:
        """Who speaks next (the table passes the player whose turn it is): from now on the decoders use that
        player's transform, once one was learnt (:meth:`learn`), else the model as shipped."""
        with self._speakers.lock:
            self._speakers.current = speaker

    def learn(self, speaker: str, audio: npt.NDArray[np.int16], text: str, heard: str | None = None) -> None:
        """``speaker`` said ``text`` (a sentence of the table) in ``audio``, and the table acted on it as meant —
        played at once or confirmed. Kept as a sample of their voice; at the counts of :data:`ADAPT_SCHEDULE`
        their transform is estimated in the background (about 0.15 s of CPU per utterance to align it, then
        0.1–1 s per estimate) and used from their next utterance.

        ``heard``: ``text`` is what the player was asked to say (the voice check) and the recognizer heard
        ``heard``; the utterance is kept only if ``text`` fits it about as well (:data:`adapt.PROMPT_MARGIN`)."""
        sp = self._speakers
        if not self.adapt or sp.failed or not speaker or text not in self.sentences:
            return
        if heard is not None and not heard.strip():
            return  # nothing was heard to compare the prompt with: not taken as said
        samples = np.asarray(audio, dtype=np.int16)
        if len(samples) < _MIN_SAMPLES:
            return
        floored = _int16(raise_noise_floor(samples, self.noise_floor))  # as the decoder gets it: features match
        words = set(text.split()) | set((heard or "").split())
        with self._lock:  # the words as this decoder says them, for the aligner (first pronunciation)
            phones = {w: p for w in words if (p := self._decoder.lookup_word(w))}
        if heard is not None and not set(heard.split()) <= set(phones):
            return
        if self._executor is None:
            from concurrent.futures import ThreadPoolExecutor

            self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="voicefish-adapt")
        self._executor.submit(self._learn, speaker, floored, text, phones, heard)

    def _learn(
        self, speaker: str, audio: npt.NDArray[np.int16], text: str, phones: dict[str, str], heard: str | None
    ) -> None:
        """In the background, one job at a time: the utterance's frames, then at the schedule the transform."""
        from voicefish.audio import adapt

        sp = self._speakers
        try:
            if self._adapter is None:  # (raises AdaptationError when this pocketsphinx build does not allow it)
                self._adapter = adapt.Adapter(self._twin_args.get("model_dir"), pronunciations=phones)
            adapter = self._adapter
            adapter.know(phones)
            frames = adapter.sample(audio, text, against=heard)
            if frames is None:
                return  # could not be aligned to its sentence (or the prompt does not fit it): not a sample
            with sp.lock:
                mine = sp.samples.setdefault(speaker, [])
                mine.append(frames)
                del mine[:-ADAPT_KEEP]
                n = sp.counted[speaker] = sp.counted.get(speaker, 0) + 1
                kind = _adapt_kind(n, prompted=heard is not None)
                if speaker in sp.remembered and n < ADAPT_SCHEDULE[-1][0]:
                    kind = None  # a remembered transform is replaced only by a full one of this session
                batch = list(mine)
            if kind is None:
                return
            transform = adapter.estimate_frames(batch, kind)
        except adapt.NotEnoughSpeech:
            return  # the next sample will do
        except adapt.AdaptationError as exc:
            with sp.lock:
                sp.failed = str(exc)
            return
        except Exception as exc:  # a failed estimate must never stop the game: adaptation is off from here
            with sp.lock:
                sp.failed = f"{type(exc).__name__}: {exc}"
            return
        with sp.lock:
            sp.transforms[speaker] = transform
            sp.remembered.discard(speaker)
        if self.on_transform is not None:
            try:
                self.on_transform(speaker, transform)
            except Exception as exc:  # keeping it is a convenience: never stop the game over it
                print(f"voicefish: could not keep {speaker}'s voice: {exc}", file=sys.stderr)

    def transform_of(self, speaker: str) -> Any:
        """The transform learnt for ``speaker`` (an ``adapt.Transform``), or None."""
        with self._speakers.lock:
            return self._speakers.transforms.get(speaker)

    def use_transform(self, speaker: str, transform: Any) -> None:
        """Hear ``speaker`` through ``transform`` (remembered from an earlier session) until this session has
        learnt a full one of its own for them."""
        with self._speakers.lock:
            self._speakers.transforms[speaker] = transform
            self._speakers.remembered.add(speaker)

    @functools.cached_property
    def model_signature(self) -> tuple[str, tuple[int, int]]:
        """Which acoustic model transforms belong to (``voices.model_signature``) and their shape (streams,
        vector length): a remembered transform is used only with the same."""
        from voicefish.audio.adapt import read_gaussians
        from voicefish.audio.voices import model_signature

        root = self._twin_args.get("model_dir")
        hmm = (Path(root) if root is not None else default_model_dir()) / "en-us"
        shape = read_gaussians(hmm / "means").shape
        return model_signature(hmm), (int(shape[1]), int(shape[3]))

    def wait_adapted(self, timeout: float = 30.0) -> None:
        """Block until the background estimations asked for so far are done (tests, benchmarks)."""
        if self._executor is not None:
            self._executor.submit(lambda: None).result(timeout=timeout)

    def learnt_count(self, speaker: str) -> int:
        """How many of ``speaker``'s utterances were kept as samples of their voice so far (after
        :meth:`wait_adapted`, every one handed to :meth:`learn` that was kept)."""
        with self._speakers.lock:
            return self._speakers.counted.get(speaker, 0)

    @property
    def adapted(self) -> dict[str, int]:
        """Players with a transform, and how many utterances it was estimated from."""
        with self._speakers.lock:
            return {k: int(t.samples) for k, t in self._speakers.transforms.items()}

    def _sync_transform(self) -> None:
        """Give the decoder the current speaker's transform (between utterances, under the lock)."""
        want = self._speakers.wanted()
        if want is self._applied:
            return
        from voicefish.audio import adapt

        try:
            adapt.apply_transform(self._decoder, want if want is not None else adapt.Transform.identity())
        except adapt.AdaptationError as exc:
            with self._speakers.lock:
                self._speakers.failed = str(exc)
                self._speakers.transforms.clear()
            return
        self._applied = want

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

    # --- decoding while the player speaks (listen.UtteranceSink) -----------------------------------------

    def _streamer(self) -> SphinxRecognizer | None:
        """The twin that decodes while the player speaks, on this recognizer's table and hand."""
        if self.ctx is None:
            return None
        if self._twin is None:
            self._twin = SphinxRecognizer(**self._twin_args)
            self._twin._speakers = self._speakers
            self._twin.expect(self._expecting)
            if self._last_cmn:
                self._twin._warm_up(self._last_cmn)
        if self._twin.ctx != self.ctx:
            self._twin.set_table(self.ctx, self._hand)
        self._twin._hand = self._hand
        return self._twin

    def begin(self) -> None:
        """An utterance starts: decode it while it is spoken, so that only the last frames remain when it ends.

        Decoding incrementally needs live cepstral normalisation, and a pocketsphinx decoder that has once run
        live stays live (measured: its later whole-utterance decodes changed), so this is done by a twin decoder
        with the same model, dictionary, table and settings but ``cmn live`` (about 30 MB more, made on first
        use); :meth:`decode` keeps its whole-utterance normalisation. The noise floor is raised as in
        :meth:`decode`, judged on the audio fed so far. :meth:`streamed` gives the result at the end."""
        twin = self._streamer()
        if twin is not None:
            twin._begin()

    def feed(self, samples: npt.NDArray[np.int16]) -> None:
        """More of the utterance (int16 mono 16 kHz), as it is spoken."""
        if self._twin is not None:
            self._twin._feed(samples)

    def end(self, keep: bool) -> None:
        """The utterance is over (``keep`` False: it was dropped, nothing to keep)."""
        if self._twin is not None:
            self._twin._end(keep)

    def sentence_finished(self, silence: float | None = None, quiet: float | None = None) -> bool:
        """While the player speaks (:class:`voicefish.audio.listen.SentenceSink`): True when the best path decoded
        so far is a whole sentence of the table of at least :data:`SENTENCE_MIN_WORDS` words that no longer
        sentence goes on from (words spanning :data:`SENTENCE_SPAN_FRAMES`, the last one lasting
        :data:`SENTENCE_LAST_WORD_FRAMES`), followed by at least ``silence`` seconds of decoded silence (None:
        :data:`SENTENCE_SILENCE_FRAMES`). The listener then closes the utterance without waiting out the rest of
        its quiet window. The path so far is the search's best word exit, not the final result: it only says when
        to stop listening.

        ``quiet``: the listener has heard this many seconds of quiet up to now. Then a last word that began at least
        :data:`SENTENCE_LAST_WORD_FRAMES` before that quiet and runs on into it counts as finished too: in babble
        the decoder often explains the quiet after a final "s" as more of it ("aces" lasting until the talk
        stopped, 0.6 s after the words)."""
        frames = SENTENCE_SILENCE_FRAMES if silence is None else max(1, round(silence * 100))
        quiet_frames = None if quiet is None else round(quiet * 100)
        return self._twin is not None and self._twin._sentence_finished(frames, quiet_frames)

    def _sentence_finished(
        self, silence_frames: int = SENTENCE_SILENCE_FRAMES, quiet_frames: int | None = None
    ) -> bool:
        with self._lock:
            if not self._streaming or not self._warm_at_begin:
                return False  # (from the model's default mean the path so far is not worth trusting)
            segs = [(str(s.word), int(s.start_frame), int(s.end_frame), 0.0) for s in self._decoder.seg() or ()]
            heard = sum(len(x) for x in self._fed) // 160 if quiet_frames is not None else 0  # 10 ms frames fed
        words = _words(segs)
        if len(words) < SENTENCE_MIN_WORDS:
            return False
        _word, first, last, _score = words[-1]
        finished = (
            _FILLER.match(segs[-1][0]) is not None
            and segs[-1][2] - last >= silence_frames
            and last - first + 1 >= SENTENCE_LAST_WORD_FRAMES
        )
        ran_on = False
        if not finished and quiet_frames is not None:  # the last word runs on into the quiet the listener heard
            drop = heard - quiet_frames
            finished = ran_on = last >= drop and first <= drop - SENTENCE_LAST_WORD_FRAMES
        if not finished or last - words[0][1] + 1 < SENTENCE_SPAN_FRAMES:
            return False
        sentence = " ".join(w for w, *_ in words)
        whole = sentence in self.sentences and sentence not in self._extendable
        self._ran_on = sentence if whole and ran_on else ""  # (given a longer tail at its end, and checked)
        return whole

    def _loudness(self, samples: npt.NDArray[np.int16]) -> tuple[float, bool]:
        """The utterance's loudness range (:attr:`Evidence.snr`), and whether it was measured against the room
        (:attr:`Evidence.room_known`): always without a listener (a whole recording holds the room), with one once
        it has heard the room."""
        if self.room_level is None:
            return loudness_range_db(samples, self.noise_floor), True
        room = self.room_level()
        return loudness_range_db(samples, self.noise_floor, room), room is not None

    def streamed(self, audio: npt.NDArray[np.int16]) -> Recognition | None:
        """What was decoded while ``audio`` was being spoken, or None when ``audio`` is not exactly what was fed
        (e.g. two utterances joined after a pause, when the first was not fed again): then :meth:`decode` it.
        ``decode_ms`` counts from the end of the utterance."""
        if self._twin is not None:
            self._twin.room_level = self.room_level
        r = self._twin._streamed_result(audio) if self._twin is not None else None
        if self.retry_whole and r is not None and r.text and not r.features.get("complete"):
            return None  # a half sentence: decoded whole, with the retry (measured: +1.7 points at white 10 dB)
        ran_on = self._twin._ran_on if self._twin is not None else ""
        if r is not None and ran_on and r.text != ran_on:
            return None  # closed on a sentence the last frames then changed: decoded whole (see sentence_finished)
        return r

    def _begin(self) -> None:
        if not self._search:
            return
        with self._lock:
            if self._streaming:
                self._decoder.end_utt()
            self._cmn_before = str(self._decoder.get_cmn(False))
            self._warm_at_begin = self._warm
            self._sync_transform()
            self._activate()
            self._decoder.start_utt()
            self._streaming = True
            self._fed = []
            self._fed_levels = []
            self._fed_rng = np.random.default_rng(0)
            self._streamed = None
            self._ran_on = ""

    def _feed(self, samples: npt.NDArray[np.int16]) -> None:
        if not self._streaming:
            return
        x = np.asarray(samples, dtype=np.int16).copy()
        pcm = self._floored(x)
        with self._lock:
            if not self._streaming:
                return
            self._fed.append(x)
            if len(x):
                self._decoder.process_raw(pcm, False, False)

    def _floored(self, x: npt.NDArray[np.int16]) -> bytes:
        """``x``, the next samples of the streamed utterance, with the noise floor raised as judged on all fed so
        far (:func:`raise_noise_floor`'s rule, as it comes)."""
        self._fed_levels.extend(_frame_rms(x))
        return _pcm(_with_noise(x, _noise_to_add(self._fed_levels, self.noise_floor), self._fed_rng))

    def _end(self, keep: bool) -> None:
        if not self._streaming:
            return
        t0 = time.perf_counter()
        with self._lock:
            d = self._decoder
            audio = np.concatenate(self._fed) if self._fed else np.zeros(0, dtype=np.int16)
            self._fed = []
            if keep:
                # The listener cuts 0.1-0.2 s after the last word; decoding live, the last word then often never
                # finished ("ann do you have any" for "... sevens", right with 0.1 s more). The utterance's own
                # last 0.15-0.2 s (the room after the last word) is fed once more as the context it lacks.
                add = _noise_to_add(self._fed_levels, self.noise_floor)
                tail = audio[-(_RAN_ON_TAIL_SAMPLES if self._ran_on else _STREAM_TAIL_SAMPLES) :]
                d.process_raw(_pcm(_with_noise(tail, add, self._fed_rng)), False, False)
            d.end_utt()
            self._streaming = False
            fed = len(audio)
            if fed < _MIN_CMN_SAMPLES and self._cmn_before:
                # Too short to learn the channel from ("Leo ..."): the cepstral mean it left would mislead the
                # rest of the sentence, decoded next. Measured on the name-then-pause test: "twos" for "sevens".
                d.set_cmn(self._cmn_before)
            elif fed >= _MIN_CMN_SAMPLES:
                self._warm = True
            if not keep:
                return
            _text, posterior, segs = self._hypothesis()
            self._streamed = (audio, posterior, segs, t0)

    def _streamed_result(self, audio: npt.NDArray[np.int16]) -> Recognition | None:
        done, self._streamed = self._streamed, None
        if done is None or self._parser is None or not self._warm_at_begin:
            return None  # (not warm: the live mean was still the model's default, decode the whole utterance)
        fed, posterior, segs, t0 = done
        samples = np.asarray(audio, dtype=np.int16)
        if len(fed) != len(samples) or not np.array_equal(fed, samples):
            return None
        if len(samples) < _MIN_SAMPLES or not np.any(samples):
            return Recognition("", NoIntent(), 0.0, False, (time.perf_counter() - t0) * 1000.0, reason="no speech")
        snr, known = self._loudness(samples)
        return self._recognition(posterior, segs, t0, snr=snr, room_known=known)

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
            whole = self._retry_whole(pcm) if text and _sentence(segs) not in self.sentences else None
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

    def _warm_up(self, cmn: str) -> None:
        """Start the live cepstral mean from ``cmn`` (the mean of a whole utterance just decoded)."""
        with self._lock:
            if not self._streaming:
                self._decoder.set_cmn(cmn)
                self._warm = True

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
                confirm=False,
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


def _adapt_kind(n: int, prompted: bool = False) -> str | None:
    """The kind of transform to estimate after a player's ``n``-th acted-on utterance, or None (not now).
    ``prompted`` (the voice check, a few seconds apart, before the game): after every one from the first count
    of the schedule on, so the check ends with a transform from all of it."""
    steps = dict(ADAPT_SCHEDULE)
    last = ADAPT_SCHEDULE[-1][0]
    if prompted and n >= ADAPT_SCHEDULE[0][0]:
        return ADAPT_SCHEDULE[-1][1] if n >= PROMPTED_FULL_FROM else ADAPT_SCHEDULE[0][1]
    if n in steps:
        return steps[n]
    if n > last and (n - last) % 4 == 0:
        return ADAPT_SCHEDULE[-1][1]
    return None


def _search_key(kind: str, adapted: bool, whole: bool) -> str:
    """A table's search of ``kind`` (turn, confirm): for an adapted speaker or not, first or second pass; the
    search's name ends with it, so ``_WHOLE`` ends a second pass's name."""
    return f"{kind}{_ADAPTED if adapted else ''}{_WHOLE if whole else ''}"


def _frame_rms(x: npt.NDArray[np.generic]) -> list[float]:
    """The RMS of each whole 10 ms frame of ``x``."""
    frame = SAMPLE_RATE // 100
    n = len(x) // frame
    chunk = np.asarray(x[: n * frame], dtype=np.float64).reshape(n, frame)
    return [float(v) for v in np.sqrt(np.mean(chunk * chunk, axis=1))]


def _noise_to_add(frame_levels: Sequence[float], floor_rms: float) -> float:
    """RMS of the noise that brings the quiet level (the 10th-percentile frame) up to ``floor_rms`` (0: none)."""
    quiet = float(np.percentile(frame_levels, 10)) if len(frame_levels) else 0.0
    return math.sqrt(max(0.0, floor_rms * floor_rms - quiet * quiet))


def _with_noise(x: npt.NDArray[np.generic], rms: float, rng: np.random.Generator) -> npt.NDArray[np.float64]:
    y = np.asarray(x, dtype=np.float64)
    return y + rng.normal(0.0, rms, len(y)) if rms > 0.0 else y


def _int16(x: npt.NDArray[np.float64]) -> npt.NDArray[np.int16]:
    """Float samples rounded and clipped to int16."""
    return np.clip(np.round(x), -32768, 32767).astype(np.int16)


def _pcm(x: npt.NDArray[np.float64]) -> bytes:
    """Float samples as the little-endian int16 bytes pocketsphinx takes."""
    return _int16(x).astype("<i2").tobytes()


def raise_noise_floor(samples: npt.NDArray[np.int16], floor_rms: float) -> npt.NDArray[np.float64]:
    """``samples`` with Gaussian noise added so that its quiet frames are at least ``floor_rms`` loud.

    The quiet level is the RMS of the 10th-percentile 10 ms frame; the noise added has the RMS that brings it
    up to ``floor_rms`` (none when it is already there). Deterministic: seeded by the length of the audio."""
    add = _noise_to_add(_frame_rms(samples), floor_rms)
    return _with_noise(samples, add, np.random.default_rng(len(samples)))


def loudness_range_db(samples: npt.NDArray[np.int16], floor_rms: float, room_rms: float | None = None) -> float:
    """How far the loud frames of an utterance stand above its quiet ones, in dB: the 95th- against the
    30th-percentile 10 ms frame, the quiet one taken at least ``floor_rms`` loud (the level the decoder raises
    quieter rooms to, :func:`raise_noise_floor`). About the speech-to-noise ratio of the room: the utterances
    the listener cuts keep some of the room before and after the words. (Chosen on 128 utterances per noise
    condition, short answers included: 95th / 30th told noise or talkers 10 dB under the speaker from 20 dB
    under without a miss; 90th / 10th missed 4.5 %, babble's pauses being quiet.) 0 for silence or audio under
    10 frames.

    ``room_rms``: the room's level measured outside the utterance (the listener's, between utterances), the quiet
    end instead. The game's listener cuts an utterance so close to the words that its 30th-percentile frame is
    speech: a quiet room then read 15–24 dB, below the loud-room line (seventeenth session)."""
    levels = _frame_rms(samples)
    if len(levels) < 10:
        return 0.0
    inside = float(np.percentile(levels, 30)) if room_rms is None else room_rms
    quiet = max(inside, floor_rms, 1.0)
    loud = max(float(np.percentile(levels, 95)), quiet)
    return round(20.0 * math.log10(loud / quiet), 2)


def _log(x: float) -> float:
    """Natural log of a pocketsphinx score that the Python API already exponentiated (0 → very low)."""
    return math.log(x) if x > 1e-300 else -700.0
