"""The estimator of speaker transforms: an utterance's features from the wheel's own front end, force-aligned to
its sentence, and the MLLR transform with per-phone corrections estimated from a player's samples
(:mod:`voicefish.audio.sphinx.adapt` describes the method and gives a transform to a decoder)."""

from __future__ import annotations

import contextlib
import ctypes
import os
import tempfile
import threading
from collections.abc import Iterator, Sequence
from pathlib import Path

import numpy as np
import numpy.typing as npt

from voicefish.audio.sphinx.adapt import (
    _BLOCK,
    _FP,
    _FPP,
    _VP,
    ADAPT_KINDS,
    FULL_SHRINK,
    OFFSET_PRIOR,
    VARIANCE_PRIOR,
    AdaptationError,
    Floats,
    Frames,
    NotEnoughSpeech,
    Transform,
    _lib,
    _model_gaussians,
    decoder_handle,
)

__all__ = ["PROMPT_MARGIN", "Adapter"]


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
