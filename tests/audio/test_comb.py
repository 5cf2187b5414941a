"""The loud room's front end (voicefish.audio.comb): the same output streamed as whole, the comb keeps the louder
voice's harmonics, the gate turns down the room before the words, and real speech under babble comes out nearer the
clean speech. Whether the recognizer hears it better is the bench's business (bench/asr_harmonic.py)."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
import pytest

from testspeech.espeak import TUNING_VOICES, degrade, espeak_available, synth
from voicefish.audio.comb import RATE, CombFilter, CombSettings, comb_filter


def _voice(f0: float, seconds: float, harmonics: int = 25, vibrato: float = 0.0) -> npt.NDArray[np.float64]:
    """A buzzy vowel: every harmonic of ``f0`` (slowly wavering by ``vibrato``) below 4 kHz, falling 6 dB/octave."""
    t = np.arange(int(RATE * seconds)) / RATE
    phase = 2 * np.pi * np.cumsum(f0 * (1 + vibrato * np.sin(2 * np.pi * 3 * t))) / RATE
    return sum((np.sin(k * phase) / k for k in range(1, harmonics + 1) if k * f0 < 4000), np.zeros_like(t))


def _int16(x: npt.NDArray[np.float64], rms: float) -> npt.NDArray[np.int16]:
    y: npt.NDArray[np.int16] = np.clip(np.round(x * rms / np.sqrt(np.mean(x**2))), -32768, 32767).astype(np.int16)
    return y


def _snr(clean: npt.NDArray[np.generic], noisy: npt.NDArray[np.generic]) -> float:
    c = clean.astype(np.float64)
    return float(10 * np.log10(np.sum(c**2) / max(1e-9, float(np.sum((noisy.astype(np.float64) - c) ** 2)))))


def test_streamed_in_any_blocks_it_gives_exactly_the_whole_utterances_output() -> None:
    rng = np.random.default_rng(1)
    audio = _int16(_voice(140, 1.3, vibrato=0.03) + 0.3 * rng.normal(size=int(RATE * 1.3)), 3000)
    whole = comb_filter(audio)
    assert len(whole) == len(audio)
    for sizes in ((480,), (1,), (7, 1000, 33)):
        f = CombFilter()
        parts, i, k = [], 0, 0
        while i < len(audio):
            n = sizes[k % len(sizes)]
            parts.append(f.push(audio[i : i + n]))
            i, k = i + n, k + 1
        done = sum(len(p) for p in parts)
        assert done >= len(audio) - f.lag  # only the look-ahead is held back until the end
        parts.append(f.flush())
        assert np.array_equal(np.concatenate(parts), whole), sizes
    assert len(comb_filter(np.zeros(0, dtype=np.int16))) == 0
    assert len(comb_filter(audio[:100])) == 100  # shorter than a window


def test_the_comb_keeps_the_louder_voice_and_turns_the_other_down() -> None:
    """Two buzzy voices, the second 10 dB under the first at another pitch: the first comes out cleaner."""
    target = _int16(_voice(130, 1.5, vibrato=0.02), 3000)
    other = _int16(_voice(205, 1.5, vibrato=0.02), 3000 / np.sqrt(10))
    mix = (target.astype(np.int32) + other).astype(np.int16)
    before = _snr(target, mix)
    after = _snr(comb_filter(target, CombSettings(gate_db=0)), comb_filter(mix, CombSettings(gate_db=0)))
    assert after > before + 4.0, (before, after)
    plain = comb_filter(mix, CombSettings(gate_db=0, floor=1.0))  # no comb, no gate: (nearly) the input
    assert _snr(mix, plain) > 30


def test_the_gate_turns_down_the_room_before_the_words_when_the_talkers_level_is_known() -> None:
    rng = np.random.default_rng(2)
    room = 300 * rng.normal(size=RATE // 2)
    words = _voice(150, 1.0) * 3000 / np.sqrt(np.mean(_voice(150, 1.0) ** 2))
    audio = np.clip(np.concatenate([room, words + 300 * rng.normal(size=RATE)]), -32768, 32767).astype(np.int16)
    f = CombFilter()
    first = np.concatenate([f.push(audio), f.flush()])
    level = f.level_db
    assert level is not None
    lead = slice(0, RATE // 3)
    assert _rms(first[lead]) > 0.8 * _rms(audio[lead])  # the first time the room before the words is not known
    again = comb_filter(audio, reference_db=level)
    assert _rms(again[lead]) < 0.4 * _rms(audio[lead])  # with the talker's level known, it is turned down
    speech = slice(RATE // 2 + 1600, len(audio) - 1600)
    assert _rms(again[speech]) > 0.8 * _rms(audio[speech])  # the words themselves are kept


def _rms(x: npt.NDArray[np.generic]) -> float:
    return float(np.sqrt(np.mean(x.astype(np.float64) ** 2)))


def _log_spectra(x: npt.NDArray[np.generic]) -> npt.NDArray[np.float64]:
    """Power spectra below 4 kHz of 25 ms frames every 10 ms, in dB (floored)."""
    frames = np.lib.stride_tricks.sliding_window_view(x.astype(np.float64), 400)[::160] * np.hanning(400)
    power = np.abs(np.fft.rfft(frames, 512, axis=1))[:, :128] ** 2
    return np.asarray(10 * np.log10(power + 1e3), dtype=np.float64)


def _distance(a: npt.NDArray[np.generic], b: npt.NDArray[np.generic]) -> float:
    """Log-spectral distance (dB): how far ``b`` sounds from ``a`` to a recognizer's front end."""
    return float(np.sqrt(np.mean((_log_spectra(a) - _log_spectra(b)) ** 2)))


@pytest.mark.skipif(not espeak_available(), reason="needs espeak-ng (scripts/system-deps.sh)")
def test_real_speech_under_babble_comes_out_nearer_the_clean_speech() -> None:
    """espeak-ng asks under four other espeak-ng talkers at 10 dB, the talker's level known from before: the output's
    spectra are nearer the clean speech's than the input's were, on every ask (measured: about 3 dB nearer)."""
    for i, voice in enumerate(TUNING_VOICES[:4]):
        clean = synth("leo do you have any sevens", voice, seed=i)
        clean = np.concatenate([np.zeros(4000, dtype=np.int16), clean, np.zeros(4000, dtype=np.int16)])
        noisy = degrade(clean, "babble10", seed=i)
        f = CombFilter()
        f.push(clean)
        f.flush()
        out = comb_filter(noisy, reference_db=f.level_db)
        assert _distance(clean, out) < _distance(clean, noisy) - 1.5, voice


@pytest.mark.slow
@pytest.mark.skipif(not espeak_available(), reason="needs espeak-ng (scripts/system-deps.sh)")
def test_the_recognizer_decodes_and_learns_from_what_the_comb_made_of_each_utterance() -> None:
    """``SphinxRecognizer(comb=...)``: an ask fed while spoken reaches the decoder through the comb, exactly as the
    whole utterance through it (the gate's reference the speaker's level from their last utterance, kept per
    speaker); what it learns from is that same audio; and clean asks are still heard right."""
    from voicefish.audio.sphinx import SphinxRecognizer
    from voicefish.cards import Rank
    from voicefish.speech.grammar import TableContext
    from voicefish.speech.intents import Ask

    rec = SphinxRecognizer(TableContext(("Priya", "Sam", "Leo", "Mateo"), me="Mateo"), comb=CombSettings())
    rec.set_speaker("Sam")
    right = 0
    for i, voice in enumerate(TUNING_VOICES[:3]):
        clean = synth("leo do you have any sevens", voice, seed=i)
        right += rec.decode(clean).intent == Ask("Leo", Rank.SEVEN)
        audio = degrade(clean, "babble10", seed=i)
        before = rec._level()
        assert before is not None  # the level of Sam's utterance before
        rec.begin()
        for k in range(0, len(audio), 480):
            rec.feed(audio[k : k + 480])
        rec.end(keep=True)
        rec.streamed(audio)
        assert rec._twin is not None
        raw, heard = rec._twin._combed[-1]
        assert np.array_equal(raw, audio)
        assert np.array_equal(heard, comb_filter(audio, reference_db=before))
        assert rec._as_decoded(audio) is heard  # what learn() aligns
        f = CombFilter()
        f.push(audio)
        f.flush()
        assert rec._level() == f.level_db  # Sam's level is now this utterance's
    assert right >= 2
    rec.set_speaker("Leo")
    assert rec._level() is None  # each speaker's own
