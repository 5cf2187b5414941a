"""Speaker adaptation for pocketsphinx: per player, an MLLR transform of the acoustic model and per-phone corrections.

The embedded US-English model hears accents and voices unlike its training speakers badly (on espeak-ng's
Caribbean and West-Midlands voices about half of the asks were misheard). Every utterance the table acted on
as meant — played at once, or confirmed by the player — is a labelled sample of that player's voice. From a
few of them this module estimates a maximum-likelihood linear regression (MLLR) of the model's Gaussian
means, ``mean' = A·mean + b``, one transform per feature stream (cepstra, deltas, double deltas), and gives it
to a running decoder (``ps_update_mllr``; about 10 ms), so each player is heard with their own.

How, with nothing but the pocketsphinx wheel:

- **Features** come from the wheel's own front end and feature code (``fe_process_utt``,
  ``feat_s2mfc2feat_live``: noise removal, batch CMN, ``1s_c_d_dd``), called through :mod:`ctypes`, so they
  are exactly what the decoder scores.
- **Which frame belongs to which sound:** the same cepstra are force-aligned to the known sentence
  (``set_align_text``, then a phone-level second pass). The model is phonetically tied (PTM): each context-
  independent phone has one codebook of 128 Gaussians per stream; a frame's posterior over its phone's
  codebook (equal mixture weights) gives the statistics. Silence and fillers are left out.
- **The transform** is the closed-form row-by-row MLLR solution for diagonal covariances, two EM passes;
  ``diag`` (a scale and an offset per dimension: safe with three sentences) or ``full`` (13×13 per stream,
  shrunk toward the ``diag`` one, :data:`FULL_SHRINK`). Measured in ``bench/asr_bench.py --adapt``.
- **Per phone, after the transform:** one transform moves every sound alike; what it leaves — an accent's own
  vowels, how noise fills or masks each sound — is taken up by an offset of each phone's codebook means and a
  factor for its variances, both shrunk toward the transform where a phone was seldom heard
  (:data:`OFFSET_PRIOR`, :data:`VARIANCE_PRIOR`). pocketsphinx applies only one transform to all codebooks
  (``ps_update_mllr``), so these are given to it as adapted means and variances files that the decoder re-reads
  (its ``mean``/``var`` settings point at them for the update, then back at the model). Measured with the
  voice check, hold-out voices (360 asks and commands each): clean 87.5 → 95.8 %, white noise 10 dB 71 → 87 %,
  babble 20 dB 65 → 85 % decoded right.
- **Cost:** about 0.1 s of CPU to align each utterance (kept, see :meth:`Adapter.sample`), then 0.2 s for a
  ``diag`` estimate from 3 utterances and 1–2.5 s for a ``full`` one from 8–20; applying one writes two 0.8 MB
  files that the decoder re-reads (about 15 ms, against 8 ms for a transform alone); the adapter's aligner (a
  second copy of the acoustic model, with only the table's words) takes about 35 MB.

The C functions are reached through the extension module's exported symbols; the decoder's C handle is read
from the Python object and verified (``ps_get_config`` must return the Config's own handle) before it is
used. When any of this does not hold — another pocketsphinx build — :func:`available` is False and the game
simply does not adapt.
"""

from __future__ import annotations

import contextlib
import ctypes
import functools
import os
import struct
import tempfile
import threading
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

__all__ = [
    "ADAPT_KINDS",
    "FULL_SHRINK",
    "OFFSET_PRIOR",
    "PROMPT_MARGIN",
    "VARIANCE_PRIOR",
    "AdaptationError",
    "Adapter",
    "Frames",
    "NotEnoughSpeech",
    "Transform",
    "apply_transform",
    "available",
    "read_gaussians",
    "write_gaussians",
]

ADAPT_KINDS = ("bias", "diag", "full")
"""Shapes of transform: an offset per dimension; a scale and an offset; a full matrix and an offset."""

Floats = npt.NDArray[np.float64]
_FP = ctypes.POINTER(ctypes.c_float)
_FPP = ctypes.POINTER(_FP)
_FPPP = ctypes.POINTER(_FPP)
_VP = ctypes.c_void_p
FULL_SHRINK = 1.0
"""A ``full`` transform's rows are pulled toward the ``diag`` solution with this weight (relative to the data's
own): unshrunk full transforms learnt the babble under speech and cost 12 points at 20 dB babble on the
tuning voices, ``diag`` alone gave up 2–4 points on clean and white-noise speech; with 1.0 neither (tuning
voices, streamed, 12 warm-up utterances: 99.2 / 90.8 / 76.7 / 69.2 / 31.7 % decoded right vs 98.3 / 94.2 /
75.0 / 55.0 / 31.7 unshrunk and 95.8 / 89.2 / 70.8 / 73.3 / 31.7 diag only; 97.5 / 81.7 / 64.2 / 66.7 / 34.2
unadapted)."""
OFFSET_PRIOR = 10.0
"""After the transform, each phone's codebook gets an offset of its means, shrunk toward none by this many frames
of prior (chosen on the tuning voices, with the voice check: 5, 10 and 20 decoded within two utterances in 120 of
each other in every condition but babble 10 dB (three), 40 two fewer at white 20 dB; 10 returned the most right
over the five conditions)."""
VARIANCE_PRIOR = 5.0
"""Each codebook's variances get a factor per dimension, shrunk by this many frames toward the factor of all the
speech (chosen on the tuning voices: 2, 5, 20, 60 → babble 20 dB 89, 90, 87, 83 % decoded right)."""
_BLOCK = 256
"""Frames processed at once in the estimation (bounds its memory to a few MB)."""


class AdaptationError(RuntimeError):
    """Speaker adaptation is not possible here (the native functions are missing or the data is unusable)."""


class NotEnoughSpeech(AdaptationError):
    """Too little aligned speech to estimate a transform from yet (more samples will do)."""


@functools.cache
def _lib() -> Any:
    """The pocketsphinx extension module as a C library, with the signatures used here."""
    try:
        import pocketsphinx

        so = next(Path(pocketsphinx.__file__).parent.glob("_pocketsphinx*.so"))
        lib = ctypes.CDLL(str(so))
        sig: dict[str, tuple[Any, list[Any]]] = {
            "ps_get_config": (_VP, [_VP]),
            "ps_get_fe": (_VP, [_VP]),
            "ps_get_feat": (_VP, [_VP]),
            "ps_mllr_read": (_VP, [ctypes.c_char_p]),
            "ps_update_mllr": (_VP, [_VP, _VP]),
            "fe_start_utt": (ctypes.c_int, [_VP]),
            "fe_process_utt": (
                ctypes.c_int,
                [
                    _VP,
                    ctypes.POINTER(ctypes.c_int16),
                    ctypes.c_size_t,
                    ctypes.POINTER(_FPP),
                    ctypes.POINTER(ctypes.c_int32),
                ],
            ),
            "fe_end_utt": (ctypes.c_int, [_VP, _FP, ctypes.POINTER(ctypes.c_int32)]),
            "fe_free_2d": (None, [_VP]),
            "feat_array_alloc": (_FPPP, [_VP, ctypes.c_int32]),
            "feat_array_free": (None, [_FPPP]),
            "feat_s2mfc2feat_live": (
                ctypes.c_int32,
                [_VP, _FPP, ctypes.POINTER(ctypes.c_int32), ctypes.c_int32, ctypes.c_int32, _FPPP],
            ),
            "bin_mdef_read": (_VP, [_VP, ctypes.c_char_p]),
            "bin_mdef_ciphone_id": (ctypes.c_int, [_VP, ctypes.c_char_p]),
            "bin_mdef_free": (ctypes.c_int, [_VP]),
        }
        for name, (restype, argtypes) in sig.items():
            fn = getattr(lib, name)
            fn.restype, fn.argtypes = restype, argtypes
        return lib
    except (ImportError, StopIteration, OSError, AttributeError) as exc:
        raise AdaptationError(f"pocketsphinx's native functions are not reachable: {exc}") from None


def _handle(obj: object, expected_size: int = 32) -> int:
    """The C pointer a Cython object of this pocketsphinx build keeps right after its header (or 0)."""
    if type(obj).__basicsize__ != expected_size:
        return 0
    return int(ctypes.c_void_p.from_address(id(obj) + 16).value or 0)


def decoder_handle(decoder: Any) -> int:
    """The ``ps_decoder_t*`` behind a ``pocketsphinx.Decoder``, verified; raises :class:`AdaptationError`."""
    lib = _lib()
    ps = _handle(decoder)
    config = getattr(decoder, "config", None)
    # Config keeps a vtable pointer first, then its ps_config_t*
    cfg = int(ctypes.c_void_p.from_address(id(config) + 24).value or 0) if type(config).__basicsize__ == 32 else 0
    if not ps or not cfg or int(lib.ps_get_config(ps) or 0) != cfg:
        raise AdaptationError("this pocketsphinx build keeps its decoder differently; speaker adaptation is off")
    return ps


@functools.cache
def available() -> bool:
    """Whether speaker adaptation works with the installed pocketsphinx (checked once on a real decoder)."""
    try:
        import pocketsphinx

        from voicefish.speech.pronounce import default_model_dir

        root = default_model_dir()
        d = pocketsphinx.Decoder(
            hmm=str(root / "en-us"), dict=str(root / "cmudict-en-us.dict"), lm=None, loglevel="FATAL"
        )
        decoder_handle(d)
        return True
    except (AdaptationError, RuntimeError, ValueError, OSError, ImportError):
        return False


@dataclass(frozen=True)
class Transform:
    """One speaker's adaptation of the model: an MLLR mean transform, per feature stream ``A`` (veclen × veclen)
    and ``b`` (veclen), and after it, per phone's codebook, an offset of its means and a factor for its
    variances (see :meth:`Adapter.estimate_frames`)."""

    streams: tuple[tuple[Floats, Floats], ...]
    samples: int = 0
    """How many utterances it was estimated from (0: the identity)."""
    kind: str = "identity"
    offsets: Floats | None = None
    """``[codebook, stream, veclen]``: after ``A·mean + b``, an offset of every mean of each codebook (one
    codebook per phone), or None."""
    var_scales: Floats | None = None
    """``[codebook, stream, veclen]``: a factor for the variances of each codebook, or None (unchanged)."""

    @classmethod
    def identity(cls, n_streams: int = 3, veclen: int = 13) -> Transform:
        return cls(tuple((np.eye(veclen), np.zeros(veclen)) for _ in range(n_streams)))

    def text(self) -> str:
        """The file format pocketsphinx reads (``ps_mllr_read``): classes, streams, then per stream its
        length, the rows of A, b, and the variance scales (1: variances unchanged)."""
        lines = ["1", str(len(self.streams))]
        for a, b in self.streams:
            lines.append(str(len(b)))
            lines.extend(" ".join(f"{v:.8g}" for v in row) for row in a)
            lines.append(" ".join(f"{v:.8g}" for v in b))
            lines.append(" ".join("1" for _ in b))
        return "\n".join(lines) + "\n"

    def to_json(self) -> dict[str, Any]:
        """A plain form for a file (``voicefish.audio.voices``)."""
        out: dict[str, Any] = {
            "kind": self.kind,
            "samples": self.samples,
            "streams": [{"A": a.tolist(), "b": b.tolist()} for a, b in self.streams],
        }
        if self.offsets is not None:
            out["offsets"] = self.offsets.tolist()
        if self.var_scales is not None:
            out["var_scales"] = self.var_scales.tolist()
        return out

    @classmethod
    def from_json(cls, data: object) -> Transform:
        """The transform :meth:`to_json` wrote. Raises ``ValueError`` saying what is wrong with anything else."""
        if not isinstance(data, dict):
            raise ValueError("not a transform")
        kind, samples, streams = data.get("kind"), data.get("samples"), data.get("streams")
        if kind not in ADAPT_KINDS or not isinstance(samples, int) or isinstance(samples, bool) or samples < 1:
            raise ValueError("not a transform (kind or samples)")
        if not isinstance(streams, list) or not streams:
            raise ValueError("a transform without streams")
        out = []
        for s in streams:
            try:
                a = np.array(s["A"], dtype=np.float64)
                b = np.array(s["b"], dtype=np.float64)
            except (TypeError, KeyError, ValueError):
                raise ValueError("a stream of the transform is not numbers") from None
            if b.ndim != 1 or a.shape != (len(b), len(b)) or not len(b):
                raise ValueError("a stream of the transform has the wrong shape")
            if not (np.isfinite(a).all() and np.isfinite(b).all()):
                raise ValueError("a stream of the transform is not finite")
            out.append((a, b))
        per_codebook: list[Floats | None] = []
        for key in ("offsets", "var_scales"):
            if data.get(key) is None:
                per_codebook.append(None)
                continue
            try:
                x = np.array(data[key], dtype=np.float64)
            except (TypeError, ValueError):
                raise ValueError(f"the transform's {key} are not numbers") from None
            if x.ndim != 3 or x.shape[1:] != (len(out), len(out[0][1])) or not len(x):
                raise ValueError(f"the transform's {key} have the wrong shape")
            if not np.isfinite(x).all() or (key == "var_scales" and (x <= 0).any()):
                raise ValueError(f"the transform's {key} are not usable numbers")
            per_codebook.append(x)
        offsets, var_scales = per_codebook
        if offsets is not None and var_scales is not None and offsets.shape != var_scales.shape:
            raise ValueError("the transform's offsets and var_scales differ in shape")
        return cls(tuple(out), samples=samples, kind=kind, offsets=offsets, var_scales=var_scales)


@dataclass(frozen=True)
class Frames:
    """One utterance's speech frames (39 features each) and the codebook each belongs to."""

    feats: Floats
    books: npt.NDArray[np.intp]


def apply_transform(decoder: Any, transform: Transform) -> None:
    """Decode with ``transform`` from now on (the identity gives the model back exactly). Call it between
    utterances. The decoder re-reads the model's means and variances and transforms them (about 8 ms; 15 ms with
    per-phone parts).

    pocketsphinx applies one mean transform (and one variance factor per dimension) to every codebook alike. A
    transform with per-codebook parts is therefore applied by writing the adapted means and variances to files
    for the decoder to re-read (its ``mean`` and ``var`` settings point there during the update, then back)."""
    lib = _lib()
    ps = decoder_handle(decoder)
    hmm = Path(decoder.config["hmm"])
    keep = {
        "mean": decoder.config["mean"] or str(hmm / "means"),
        "var": decoder.config["var"] or str(hmm / "variances"),
    }
    written: list[str] = []
    text = transform.text()
    try:
        if transform.offsets is not None or transform.var_scales is not None:
            means = _model_gaussians(keep["mean"]).copy()
            for part in (transform.offsets, transform.var_scales):
                if part is not None and part.shape != means.shape[:2] + means.shape[3:]:
                    raise AdaptationError("the transform does not fit this speech model")
            for s, (a, b) in enumerate(transform.streams):
                means[:, s] = means[:, s] @ a.T + b
            if transform.offsets is not None:
                means += transform.offsets[:, :, None, :]
            variances = _model_gaussians(keep["var"])
            if transform.var_scales is not None:
                variances = variances * transform.var_scales[:, :, None, :]
            for key, values in (("mean", means), ("var", variances)):
                fd, path = tempfile.mkstemp(prefix="voicefish-", suffix=f".{key}")
                os.close(fd)
                written.append(path)
                write_gaussians(Path(path), values)
                decoder.config[key] = path
            text = Transform.identity(len(transform.streams), len(transform.streams[0][1])).text()
        fd, path = tempfile.mkstemp(prefix="voicefish-", suffix=".mllr")
        written.append(path)
        with os.fdopen(fd, "w", encoding="ascii") as f:
            f.write(text)
        mllr = lib.ps_mllr_read(path.encode())
        if not mllr:
            raise AdaptationError("pocketsphinx could not read the transform")
        if not lib.ps_update_mllr(ps, mllr):  # the decoder owns it from here
            raise AdaptationError("pocketsphinx could not apply the transform")
    except OSError as exc:  # a full or unwritable temporary folder
        raise AdaptationError(f"could not write the adapted model: {exc}") from None
    finally:
        for key, value in keep.items():
            decoder.config[key] = value
        for path in written:
            with contextlib.suppress(OSError):
                os.unlink(path)


@functools.cache
def _model_gaussians(path: str) -> Floats:
    """The model file's Gaussians, read once per process and shared (read-only: copy to change them)."""
    values = read_gaussians(Path(path))
    values.flags.writeable = False
    return values


def write_gaussians(path: Path, values: Floats) -> None:
    """``values`` ``[codebook, stream, density, veclen]`` as a Sphinx-3 binary Gaussian file."""
    n_cb, n_feat, n_dens, veclen = values.shape
    head = b"s3\nversion 1.0\nendhdr\n" + struct.pack("<I", 0x11223344)
    head += struct.pack("<3i", n_cb, n_feat, n_dens) + struct.pack(f"<{n_feat}i", *([veclen] * n_feat))
    head += struct.pack("<i", values.size)
    path.write_bytes(head + values.astype("<f4").tobytes())


def read_gaussians(path: Path) -> Floats:
    """A Sphinx-3 binary means or variances file as an array ``[codebook, stream, density, veclen]``."""
    raw = path.read_bytes()
    at = raw.index(b"endhdr\n") + 7
    (magic,) = struct.unpack_from("<I", raw, at)
    e = "<" if magic == 0x11223344 else ">"
    at += 4
    n_cb, n_feat, n_dens = struct.unpack_from(e + "3i", raw, at)
    at += 12
    veclens = struct.unpack_from(e + f"{n_feat}i", raw, at)
    at += 4 * n_feat
    (n,) = struct.unpack_from(e + "i", raw, at)
    at += 4
    if len(set(veclens)) != 1 or n != n_cb * n_dens * sum(veclens):
        raise AdaptationError(f"unexpected Gaussian file layout in {path}")
    values = np.frombuffer(raw, dtype=e + "f4", count=n, offset=at).astype(np.float64)
    return values.reshape(n_cb, n_feat, n_dens, veclens[0])


def _is_speech(phone: str) -> bool:
    """Whether an aligned phone is speech (not silence, not a filler such as ``+NSN+``)."""
    return phone != "SIL" and not phone.startswith("+")


PROMPT_MARGIN = -5.0
"""How much worse (acoustic score per speech frame) a prompt may fit an utterance than what the recognizer heard
in it, for the utterance to be taken as the prompt said. Measured on 8 prompts × 11 voices (tuning and hold-out),
clean: a prompt said and misheard fits within 3.0 of the sentence heard (all kept); another ask said instead is
kept 3 %, table talk 6 % (babble 20 dB: 98 %, 5 %, 15 %)."""


class Adapter:
    """Estimates transforms for the model in ``model_dir`` (default: the wheel's ``en-us``).

    ``pronunciations`` gives words the dictionary lacks (word → ARPAbet phones), e.g. the players' names.
    Thread-safe: estimations are serialized.
    """

    def __init__(
        self,
        model_dir: str | os.PathLike[str] | None = None,
        pronunciations: dict[str, str] | None = None,
    ):
        import pocketsphinx

        from voicefish.speech.pronounce import default_model_dir

        root = Path(model_dir) if model_dir is not None else default_model_dir()
        hmm, dic = root / "en-us", root / "cmudict-en-us.dict"
        lib = _lib()
        self._lock = threading.Lock()
        self.means = _model_gaussians(str(hmm / "means"))
        self.variances = np.maximum(_model_gaussians(str(hmm / "variances")), 1e-4)  # the decoder's variance floor
        self.n_cb, self.n_streams, self.n_dens, self.veclen = self.means.shape
        self._lognorm = -0.5 * np.sum(np.log(2.0 * np.pi * self.variances), axis=-1)
        self._mdef = lib.bin_mdef_read(None, str(hmm / "mdef").encode())
        if not self._mdef:
            raise AdaptationError(f"cannot read the model definition in {hmm}")
        self._pron = dict(pronunciations or {})
        # Given the table's words, the aligner loads only those (the full dictionary is ~20 MB in memory).
        small = ""
        if self._pron:
            fd, small = tempfile.mkstemp(prefix="voicefish-", suffix=".dict")
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                f.writelines(f"{w} {ph}\n" for w, ph in sorted(self._pron.items()))
        try:
            # bestpath off: the phone-level second pass fails with it on. Wide beams: a forced alignment follows
            # one sentence, so they cost nothing; with the default ones accented speech often reached no end.
            self._aligner = pocketsphinx.Decoder(
                hmm=str(hmm),
                dict=small or str(dic),
                lm=None,
                loglevel="FATAL",
                topn=8,
                bestpath=False,
                beam=1e-80,
                wbeam=1e-60,
                pbeam=1e-80,
            )
        except (RuntimeError, ValueError) as exc:
            raise AdaptationError(f"pocketsphinx could not load the model in {root}: {exc}") from None
        finally:
            if small:
                os.unlink(small)
        # The aligner's own front end and feature computer give the features (it decodes cepstra, not audio).
        handle = decoder_handle(self._aligner)
        self._fe, self._feat = lib.ps_get_fe(handle), lib.ps_get_feat(handle)
        self._ci: dict[str, int] = {}

    def know(self, pronunciations: dict[str, str]) -> None:
        """More words the sentences may hold (word → ARPAbet phones), e.g. a new table's names."""
        with self._lock:
            self._pron.update(pronunciations)

    def close(self) -> None:
        lib = _lib()
        if self._mdef:
            lib.bin_mdef_free(self._mdef)
            self._mdef = None

    def __del__(self) -> None:  # pragma: no cover - interpreter shutdown order varies
        with contextlib.suppress(Exception):  # never raise from a finalizer
            self.close()

    # --- statistics -------------------------------------------------------------------------

    def features(self, audio: npt.NDArray[np.int16]) -> tuple[Floats, npt.NDArray[np.float32]]:
        """The decoder's 39-dimensional features and the 13 cepstra they come from, frame by frame."""
        lib = _lib()
        x = np.ascontiguousarray(audio, dtype=np.int16)
        lib.fe_start_utt(self._fe)
        cep, nfr = _FPP(), ctypes.c_int32(0)
        lib.fe_process_utt(
            self._fe, x.ctypes.data_as(ctypes.POINTER(ctypes.c_int16)), len(x), ctypes.byref(cep), ctypes.byref(nfr)
        )
        n = nfr.value
        ceps = (
            np.ctypeslib.as_array(cep[0], shape=(n * 13,)).reshape(n, 13).copy() if n else np.zeros((0, 13), np.float32)
        )
        lib.fe_free_2d(ctypes.cast(cep, _VP))
        last, n_last = (ctypes.c_float * 13)(), ctypes.c_int32(0)
        lib.fe_end_utt(self._fe, last, ctypes.byref(n_last))
        if n_last.value:
            ceps = np.vstack([ceps, np.array(last[:], np.float32)[None]])
        n = len(ceps)
        if n < 8:
            return np.zeros((0, self.n_streams * self.veclen)), ceps
        rows = (_FP * n)(*[ceps[i].ctypes.data_as(_FP) for i in range(n)])
        out = lib.feat_array_alloc(self._feat, n)
        n_in = ctypes.c_int32(n)
        got = lib.feat_s2mfc2feat_live(self._feat, rows, ctypes.byref(n_in), 1, 1, out)
        dim = self.n_streams * self.veclen
        feats = np.ctypeslib.as_array(out[0][0], shape=(got * dim,)).reshape(got, dim).astype(np.float64)
        lib.feat_array_free(out)
        return feats, ceps

    def _ensure_words(self, words: Sequence[str]) -> None:
        from voicefish.speech.pronounce import ARPABET, pronounce

        d = self._aligner
        for w in words:
            if d.lookup_word(w) is None:
                phones = self._pron.get(w) or " ".join(p for p in pronounce(w)[0] if p in ARPABET)
                d.add_word(w, phones, True)

    def _align(self, ceps: npt.NDArray[np.float32], text: str) -> list[tuple[str, int, int, int]]:
        """(phone, first frame, frames, acoustic score) of ``text`` forced onto the cepstra."""
        d = self._aligner
        self._ensure_words(text.split())
        data = np.ascontiguousarray(ceps, np.float32).tobytes()
        d.set_align_text(text)
        d.start_utt()
        d.process_cep(data, False, True)
        d.end_utt()
        d.set_alignment()
        d.start_utt()
        d.process_cep(data, False, True)
        d.end_utt()
        alignment = d.get_alignment()
        if alignment is None:
            raise RuntimeError("no alignment")
        return [(p.name, int(p.start), int(p.duration), int(p.score)) for p in alignment.phones()]

    @staticmethod
    def _fit(phones: list[tuple[str, int, int, int]]) -> float:
        """How well an alignment fits: the acoustic score per speech frame (pocketsphinx scores each frame
        against its best senone, so this is a log-likelihood ratio against the best free path; 0 is best)."""
        speech = [(dur, score) for name, _start, dur, score in phones if _is_speech(name)]
        frames = sum(d for d, _s in speech)
        return sum(s for _d, s in speech) / frames if frames else float("-inf")

    def _codebook(self, phone: str) -> int:
        if phone not in self._ci:
            self._ci[phone] = int(_lib().bin_mdef_ciphone_id(self._mdef, phone.encode()))
        return self._ci[phone]

    def sample(self, audio: npt.NDArray[np.int16], text: str, against: str | None = None) -> Frames | None:
        """The speech frames of one utterance (int16 16 kHz audio exactly as the decoder got it, and the sentence
        said), each with its codebook; None when it cannot be aligned to the sentence. Kept by the caller, so
        that a re-estimation with more utterances does not compute these again (most of the time is here).

        ``against``: when ``text`` is what the player was asked to say and the recognizer heard ``against``,
        the utterance is used only if ``text`` fits it within :data:`PROMPT_MARGIN` of ``against`` (a prompt
        said but misheard fits about as well; other words said instead fit far worse)."""
        with self._lock:
            self.features(audio)  # the front end's noise estimate carries over: settle it on this audio first
            feats, ceps = self.features(audio)
            if not len(feats):
                return None
            try:
                phones = self._align(ceps, text)
                if (
                    against is not None
                    and against != text
                    and self._fit(phones) < self._fit(self._align(ceps, against)) + PROMPT_MARGIN
                ):
                    return None
            except (RuntimeError, ValueError):
                return None
        return self.frames(feats, phones)

    def frames(self, feats: Floats, phones: Sequence[tuple[str, int, int, int]]) -> Frames | None:
        """The speech frames of ``feats`` with the codebook of the phone each was aligned to (``phones`` as
        :meth:`_align` gives them, possibly aligned on other audio of the same length); None without speech."""
        keep = [
            (start, dur, cb)
            for name, start, dur, _score in phones
            if _is_speech(name) and 0 <= (cb := self._codebook(name)) < self.n_cb and start + dur <= len(feats)
        ]
        if not keep:
            return None
        return Frames(
            np.vstack([feats[a : a + d] for a, d, _cb in keep]),
            np.concatenate([np.full(d, cb, dtype=np.intp) for _a, d, cb in keep]),
        )

    # --- the transform ----------------------------------------------------------------------

    def estimate(
        self, samples: Sequence[tuple[npt.NDArray[np.int16], str]], kind: str = "diag", iterations: int = 2
    ) -> Transform:
        """The transform that makes ``samples`` (audio exactly as the decoder got it, the sentence said) most
        likely. Raises :class:`AdaptationError` without enough usable speech."""
        frames = [f for f in (self.sample(a, t) for a, t in samples) if f is not None]
        return self.estimate_frames(frames, kind, iterations, samples=len(samples))

    def estimate_frames(
        self, frames: Sequence[Frames], kind: str = "diag", iterations: int = 2, samples: int | None = None
    ) -> Transform:
        """The transform from utterances already turned into :class:`Frames` by :meth:`sample`."""
        if kind not in ADAPT_KINDS:
            raise ValueError(f"kind must be one of {', '.join(ADAPT_KINDS)}")
        if sum(len(f.books) for f in frames) < 50:
            raise NotEnoughSpeech("too little aligned speech to adapt to")
        feats = np.vstack([f.feats for f in frames])
        books = np.concatenate([f.books for f in frames])
        streams = [(np.eye(self.veclen), np.zeros(self.veclen)) for _ in range(self.n_streams)]
        for _ in range(iterations):
            post = self._posteriors(feats, books, streams)
            streams = [self._solve(feats, books, post, s, kind) for s in range(self.n_streams)]
        offsets = var_scales = None
        if kind != "bias":
            # per phone: what one transform for all the sounds leaves (an accent's own vowels; how noise fills
            # or masks each sound), shrunk toward the transform where a phone was seldom heard
            post = self._posteriors(feats, books, streams)
            overall = self._variance_scales(feats, books, post, streams)
            offsets = self._codebook_offsets(feats, books, post, streams, OFFSET_PRIOR)
            var_scales = self._codebook_var_scales(
                feats, books, post, streams, offsets=offsets, overall=overall, tau=VARIANCE_PRIOR
            )
        return Transform(
            tuple(streams),
            samples=len(frames) if samples is None else samples,
            kind=kind,
            offsets=offsets,
            var_scales=var_scales,
        )

    def _residuals(
        self,
        feats: Floats,
        books: npt.NDArray[np.intp],
        s: int,
        stream: tuple[Floats, Floats],
        offsets: Floats | None = None,
    ) -> Iterator[tuple[slice, npt.NDArray[np.intp], Floats]]:
        """Block by block (the per-Gaussian differences of all frames at once would take hundreds of MB): the
        frames, their codebooks and ``[frame, density, dim]`` each frame minus its codebook's adapted means in
        stream ``s``."""
        v = self.veclen
        a, b = stream
        for lo in range(0, len(feats), _BLOCK):
            at = slice(lo, min(len(feats), lo + _BLOCK))
            bk = books[at]
            means = self.means[bk, s] @ a.T + b
            if offsets is not None:
                means += offsets[bk, s][:, None, :]
            yield at, bk, feats[at, s * v : (s + 1) * v][:, None, :] - means

    def _codebook_var_scales(
        self,
        feats: Floats,
        books: npt.NDArray[np.intp],
        post: Floats,
        streams: list[tuple[Floats, Floats]],
        *,
        offsets: Floats,
        overall: Floats,
        tau: float,
    ) -> Floats:
        """Per codebook and stream, the factor for each variance dimension that makes its frames most likely
        given the adapted means, shrunk by ``tau`` frames toward ``overall`` (``[stream, veclen]``, the factor
        of all the speech)."""
        acc = np.zeros((self.n_cb, self.n_streams, self.veclen))
        occ = np.zeros((self.n_cb, self.n_streams))
        for s, stream in enumerate(streams):
            for at, bk, diff in self._residuals(feats, books, s, stream, offsets):
                g = post[at, s]
                np.add.at(acc[:, s], bk, np.einsum("td,tdv->tv", g, diff * diff / self.variances[bk, s]))
                np.add.at(occ[:, s], bk, g.sum(axis=1))
        return np.clip((acc + tau * overall[None]) / (occ[:, :, None] + tau), 0.25, 4.0)

    def _codebook_offsets(
        self, feats: Floats, books: npt.NDArray[np.intp], post: Floats, streams: list[tuple[Floats, Floats]], tau: float
    ) -> Floats:
        """Per codebook (phone) and stream, the offset of all its means that makes its frames most likely after
        the transform, shrunk toward none by ``tau`` frames' worth of prior."""
        num = np.zeros((self.n_cb, self.n_streams, self.veclen))
        den = np.zeros((self.n_cb, self.n_streams, self.veclen))
        for s, stream in enumerate(streams):
            for at, bk, diff in self._residuals(feats, books, s, stream):
                iv = 1.0 / self.variances[bk, s]
                g = post[at, s]
                np.add.at(num[:, s], bk, np.einsum("td,tdv->tv", g, diff * iv))
                np.add.at(den[:, s], bk, np.einsum("td,tdv->tv", g, iv))
        prior = tau * (1.0 / self.variances).mean(axis=2)
        offsets: Floats = num / (den + prior)
        return offsets

    def _variance_scales(
        self, feats: Floats, books: npt.NDArray[np.intp], post: Floats, streams: list[tuple[Floats, Floats]]
    ) -> Floats:
        """``[stream, veclen]``: the maximum-likelihood factor per dimension for every variance, given the
        adapted means: the posterior-weighted mean of (o - mean')² / variance over all the speech."""
        acc = np.zeros((self.n_streams, self.veclen))
        for s, stream in enumerate(streams):
            for at, bk, diff in self._residuals(feats, books, s, stream):
                acc[s] += np.einsum("td,tdv->v", post[at, s], diff * diff / self.variances[bk, s])
        return np.clip(acc / len(feats), 0.25, 4.0)

    def _posteriors(
        self,
        feats: Floats,
        books: npt.NDArray[np.intp],
        streams: list[tuple[Floats, Floats]],
    ) -> Floats:
        """``[frame, stream, density]``: each frame's posterior over its codebook's Gaussians."""
        out = np.empty((len(feats), self.n_streams, self.n_dens))
        for s, stream in enumerate(streams):
            for at, bk, diff in self._residuals(feats, books, s, stream):
                out[at, s] = self._lognorm[bk, s] - 0.5 * np.einsum(
                    "tdv,tdv,tdv->td", diff, diff, 1.0 / self.variances[bk, s]
                )
        out -= out.max(axis=2, keepdims=True)
        np.exp(out, out=out)
        out /= out.sum(axis=2, keepdims=True)
        return out

    def _solve(
        self, feats: Floats, books: npt.NDArray[np.intp], post: Floats, s: int, kind: str
    ) -> tuple[Floats, Floats]:
        v = self.veclen
        o = feats[:, s * v : (s + 1) * v]
        g = post[:, s]
        occ = np.zeros((self.n_cb, self.n_dens))
        first = np.zeros((self.n_cb, self.n_dens, v))
        np.add.at(occ, books, g)
        for lo in range(0, len(o), _BLOCK):
            hi = min(len(o), lo + _BLOCK)
            np.add.at(first, books[lo:hi], g[lo:hi, :, None] * o[lo:hi, None, :])
        mu = self.means[:, s].reshape(-1, v)
        iv = 1.0 / self.variances[:, s].reshape(-1, v)
        occ_f, first_f = occ.reshape(-1), first.reshape(-1, v)
        xi = np.hstack([np.ones((len(mu), 1)), mu])  # extended means [1, mu]
        a, b = np.eye(v), np.zeros(v)
        for i in range(v):
            weight = occ_f * iv[:, i]
            if kind == "bias":
                b[i] = np.sum(iv[:, i] * (first_f[:, i] - occ_f * mu[:, i])) / max(np.sum(weight), 1e-9)
                continue
            gram = (xi * weight[:, None]).T @ xi
            k = xi.T @ (iv[:, i] * first_f[:, i])
            own = [0, i + 1]  # the offset and this dimension's own scale: the diag system is that sub-system
            try:
                w = np.linalg.solve(gram[np.ix_(own, own)], k[own])
                if kind == "full":
                    # shrunk toward this row's diag solution, weighted like the data (FULL_SHRINK 0: plain MLLR)
                    prior = np.zeros(len(k))
                    prior[own] = w
                    pen = FULL_SHRINK * np.diag(np.diag(gram))
                    w = np.linalg.solve(gram + pen, k + pen @ prior)
            except np.linalg.LinAlgError:
                continue  # this row keeps the identity
            b[i] = w[0]
            if kind == "diag":
                a[i, i] = w[1]
            else:
                a[i] = w[1:]
        return a, b
