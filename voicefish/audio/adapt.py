"""Speaker adaptation for pocketsphinx: an MLLR transform of the acoustic model's means per player.

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
  ``diag`` (a scale and an offset per dimension: safe with three sentences) or ``full`` (13×13 per stream:
  better with more data). Measured in ``bench/asr_bench.py --adapt``.

The C functions are reached through the extension module's exported symbols; the decoder's C handle is read
from the Python object and verified (``ps_get_config`` must return the Config's own handle) before it is
used. When any of this does not hold — another pocketsphinx build — :func:`available` is False and the game
simply does not adapt.
"""

from __future__ import annotations

import contextlib
import ctypes
import functools
import json
import os
import struct
import tempfile
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

__all__ = [
    "ADAPT_KINDS",
    "AdaptationError",
    "Adapter",
    "Transform",
    "apply_transform",
    "available",
]

ADAPT_KINDS = ("bias", "diag", "full")
"""Shapes of transform: an offset per dimension; a scale and an offset; a full matrix and an offset."""

Floats = npt.NDArray[np.float64]
_FP = ctypes.POINTER(ctypes.c_float)
_FPP = ctypes.POINTER(_FP)
_FPPP = ctypes.POINTER(_FPP)
_VP = ctypes.c_void_p


class AdaptationError(RuntimeError):
    """Speaker adaptation is not possible here (the native functions are missing or the data is unusable)."""


@functools.cache
def _lib() -> Any:
    """The pocketsphinx extension module as a C library, with the signatures used here."""
    try:
        import pocketsphinx

        so = next(Path(pocketsphinx.__file__).parent.glob("_pocketsphinx*.so"))
        lib = ctypes.CDLL(str(so))
        sig: dict[str, tuple[Any, list[Any]]] = {
            "ps_config_parse_json": (_VP, [_VP, ctypes.c_char_p]),
            "ps_init": (_VP, [_VP]),
            "ps_free": (ctypes.c_int, [_VP]),
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

        from voicefish.audio.sphinx import default_model_dir

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
    """One MLLR mean transform: per feature stream, ``A`` (veclen × veclen) and ``b`` (veclen)."""

    streams: tuple[tuple[Floats, Floats], ...]
    samples: int = 0
    """How many utterances it was estimated from (0: the identity)."""
    kind: str = "identity"

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


def apply_transform(decoder: Any, transform: Transform) -> None:
    """Decode with ``transform`` from now on (the identity gives the model back exactly). Call it between
    utterances. The decoder re-reads the model's means and transforms them (about 10 ms)."""
    lib = _lib()
    ps = decoder_handle(decoder)
    fd, path = tempfile.mkstemp(prefix="voicefish-", suffix=".mllr")
    try:
        with os.fdopen(fd, "w", encoding="ascii") as f:
            f.write(transform.text())
        mllr = lib.ps_mllr_read(path.encode())
    finally:
        os.unlink(path)
    if not mllr:
        raise AdaptationError("pocketsphinx could not read the transform")
    if not lib.ps_update_mllr(ps, mllr):  # the decoder owns it from here
        raise AdaptationError("pocketsphinx could not apply the transform")


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


class Adapter:
    """Estimates transforms for the model in ``model_dir`` (default: the wheel's ``en-us``).

    ``pronunciations`` gives words the dictionary lacks (word → ARPAbet phones), e.g. the players' names.
    Thread-safe: estimations are serialized.
    """

    def __init__(self, model_dir: str | os.PathLike[str] | None = None, pronunciations: dict[str, str] | None = None):
        import pocketsphinx

        from voicefish.audio.sphinx import default_model_dir

        root = Path(model_dir) if model_dir is not None else default_model_dir()
        hmm, dic = root / "en-us", root / "cmudict-en-us.dict"
        lib = _lib()
        self._lock = threading.Lock()
        self.means = read_gaussians(hmm / "means")
        self.variances = np.maximum(read_gaussians(hmm / "variances"), 1e-4)  # the decoder's variance floor
        self.n_cb, self.n_streams, self.n_dens, self.veclen = self.means.shape
        self._lognorm = -0.5 * np.sum(np.log(2.0 * np.pi * self.variances), axis=-1)
        self._mdef = lib.bin_mdef_read(None, str(hmm / "mdef").encode())
        if not self._mdef:
            raise AdaptationError(f"cannot read the model definition in {hmm}")
        cfg = lib.ps_config_parse_json(
            None, json.dumps({"hmm": str(hmm), "dict": str(dic), "loglevel": "FATAL"}).encode()
        )
        self._ps = lib.ps_init(cfg) if cfg else None  # used only for its front end and feature computer
        if not self._ps:
            raise AdaptationError(f"pocketsphinx could not load the model in {root}")
        self._fe, self._feat = lib.ps_get_fe(self._ps), lib.ps_get_feat(self._ps)
        self._aligner = pocketsphinx.Decoder(
            hmm=str(hmm), dict=str(dic), lm=None, loglevel="FATAL", topn=8, bestpath=False
        )  # (the phone-level second pass fails with bestpath on)
        self._pron = dict(pronunciations or {})
        self._ci: dict[str, int] = {}

    def close(self) -> None:
        lib = _lib()
        if self._ps:
            lib.ps_free(self._ps)
            self._ps = None
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
        from voicefish.audio.sphinx import ARPABET, pronounce

        d = self._aligner
        for w in words:
            if d.lookup_word(w) is None:
                phones = self._pron.get(w) or " ".join(p for p in pronounce(w)[0] if p in ARPABET)
                d.add_word(w, phones, True)

    def _align(self, ceps: npt.NDArray[np.float32], text: str) -> list[tuple[str, int, int]]:
        """(phone, first frame, frames) of ``text`` forced onto the cepstra."""
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
        return [(p.name, int(p.start), int(p.duration)) for p in alignment.phones()]

    def _codebook(self, phone: str) -> int:
        if phone not in self._ci:
            self._ci[phone] = int(_lib().bin_mdef_ciphone_id(self._mdef, phone.encode()))
        return self._ci[phone]

    def frames(self, samples: Sequence[tuple[npt.NDArray[np.int16], str]]) -> tuple[Floats, npt.NDArray[np.intp]]:
        """Speech frames of the samples (audio as the decoder gets it, its sentence) and each one's codebook.
        A sample that cannot be aligned to its sentence is left out."""
        feats_all: list[Floats] = []
        books: list[npt.NDArray[np.intp]] = []
        for audio, text in samples:
            self.features(audio)  # the front end's noise estimate carries over: settle it on this audio first
            feats, ceps = self.features(audio)
            if not len(feats):
                continue
            try:
                phones = self._align(ceps, text)
            except (RuntimeError, ValueError):
                continue
            for name, start, dur in phones:
                cb = self._codebook(name)
                if name == "SIL" or name.startswith("+") or not 0 <= cb < self.n_cb or start + dur > len(feats):
                    continue
                feats_all.append(feats[start : start + dur])
                books.append(np.full(dur, cb, dtype=np.intp))
        if not feats_all:
            return np.zeros((0, self.n_streams * self.veclen)), np.zeros(0, dtype=np.intp)
        return np.vstack(feats_all), np.concatenate(books)

    # --- the transform ----------------------------------------------------------------------

    def estimate(
        self, samples: Sequence[tuple[npt.NDArray[np.int16], str]], kind: str = "diag", iterations: int = 2
    ) -> Transform:
        """The transform that makes ``samples`` most likely. ``samples``: (int16 16 kHz audio exactly as the
        decoder was given it, the sentence said). Raises :class:`AdaptationError` without usable speech."""
        if kind not in ADAPT_KINDS:
            raise ValueError(f"kind must be one of {', '.join(ADAPT_KINDS)}")
        with self._lock:
            feats, books = self.frames(samples)
            if len(feats) < 50:
                raise AdaptationError("too little aligned speech to adapt to")
            streams = [(np.eye(self.veclen), np.zeros(self.veclen)) for _ in range(self.n_streams)]
            for _ in range(iterations):
                post = self._posteriors(feats, books, streams)
                streams = [self._solve(feats, books, post, s, kind) for s in range(self.n_streams)]
        return Transform(tuple(streams), samples=len(samples), kind=kind)

    def _posteriors(self, feats: Floats, books: npt.NDArray[np.intp], streams: list[tuple[Floats, Floats]]) -> Floats:
        """``[frame, stream, density]``: each frame's posterior over its codebook's Gaussians."""
        out = np.empty((len(feats), self.n_streams, self.n_dens))
        v = self.veclen
        for s, (a, b) in enumerate(streams):
            o = feats[:, s * v : (s + 1) * v]
            mu = self.means[books, s] @ a.T + b
            iv = 1.0 / self.variances[books, s]
            out[:, s] = self._lognorm[books, s] - 0.5 * np.sum((o[:, None, :] - mu) ** 2 * iv, axis=-1)
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
        np.add.at(first, books, g[:, :, None] * o[:, None, :])
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
            x = xi[:, [0, i + 1]] if kind == "diag" else xi
            gram = (x * weight[:, None]).T @ x
            k = x.T @ (iv[:, i] * first_f[:, i])
            try:
                w = np.linalg.solve(gram, k)
            except np.linalg.LinAlgError:
                continue  # this row keeps the identity
            b[i] = w[0]
            if kind == "diag":
                a[i, i] = w[1]
            else:
                a[i] = w[1:]
        return a, b
