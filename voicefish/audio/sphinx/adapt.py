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
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

__all__ = [
    "ADAPT_KINDS",
    "FULL_SHRINK",
    "OFFSET_PRIOR",
    "VARIANCE_PRIOR",
    "AdaptationError",
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
