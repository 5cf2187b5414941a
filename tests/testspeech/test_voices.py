"""Each test voice really speaks: non-silent 16 kHz mono int16 speech of a plausible length, no digital zeros."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
import pytest

from testspeech import (
    BABBLE,
    HOLDOUT,
    TUNING,
    VOICES,
    HoldoutError,
    SpeechUnavailable,
    assert_tuning,
    available,
    espeak_share,
    synth,
)
from testspeech.noise import active_frames
from testspeech.voices import HOLDOUT_ROOMS, HOLDOUT_SEEDS, TUNING_ROOMS, TUNING_SEEDS, split_of

Audio = npt.NDArray[np.int16]

PHRASE = "Priya, do you have any jacks?"


def _longest_zero_run(audio: Audio) -> int:
    zero = np.concatenate([[0], (audio == 0).astype(np.int8), [0]])
    edges = np.flatnonzero(np.diff(zero))
    return int((edges[1::2] - edges[::2]).max()) if edges.size else 0


@pytest.mark.parametrize("voice", list(VOICES))
def test_each_voice_speaks(voice: str) -> None:
    reason = available(voice)
    if reason:
        pytest.skip(reason)
    audio = synth(PHRASE, voice, seed=1)
    assert audio.dtype == np.int16 and audio.ndim == 1
    seconds = audio.size / 16_000
    assert 1.2 < seconds < 6.0, f"{voice}: {seconds:.2f} s for a six-word ask"
    active = active_frames(audio)
    assert 0.3 < active.mean() < 0.95, f"{voice}: {active.mean():.0%} of 20 ms frames active"
    x = audio.astype(np.float64)
    assert np.sqrt(np.mean(x**2)) > 300, f"{voice}: too quiet to be speech"
    assert _longest_zero_run(audio) < 8, f"{voice}: digital silence (no noise floor)"
    # speech has its energy where speech is: most between 100 Hz and 4 kHz
    spectrum = np.abs(np.fft.rfft(x)) ** 2
    freqs = np.fft.rfftfreq(x.size, 1 / 16_000)
    band = spectrum[(freqs >= 100) & (freqs <= 4000)].sum() / spectrum.sum()
    assert band > 0.7, f"{voice}: only {band:.0%} of the energy in 100 Hz-4 kHz"


def test_cached_and_seeded() -> None:
    voice = "flite-slt"
    if available(voice):
        pytest.skip(str(available(voice)))
    a = synth("got any sevens, Leo?", voice, seed=3)
    b = synth("got any sevens, Leo?", voice, seed=3)
    c = synth("got any sevens, Leo?", voice, seed=4)
    assert np.array_equal(a, b)
    assert a.size == c.size and not np.array_equal(a, c)  # same speech, another noise floor


def test_a_piper_take_is_drawn_from_its_seed_alone() -> None:
    """Piper's model draws random noise; a take must not depend on what was synthesized before it (a fresh cache
    on another machine must hear the same speech), so the noise is fed from (text, voice, seed)."""
    voice = "piper-joe-slow"
    if available(voice):
        pytest.skip(str(available(voice)))
    from testspeech.speak import _piper
    from testspeech.voices import VOICES as SPECS

    spec = SPECS[voice]
    first = _piper("Wen, any queens?", spec, 5)
    _piper("Something else said in between, to move any generator on.", spec, 5)
    again = _piper("Wen, any queens?", spec, 5)
    other = _piper("Wen, any queens?", spec, 6)
    assert np.array_equal(first, again)
    assert not (first.size == other.size and np.array_equal(first, other))


def test_unknown_voice_is_named() -> None:
    with pytest.raises(KeyError, match="unknown test voice 'nobody'"):
        synth("hello", "nobody")


def test_sets_are_disjoint_and_espeak_is_a_minority() -> None:
    assert not set(TUNING) & set(HOLDOUT)
    assert not set(BABBLE) & (set(TUNING) | set(HOLDOUT))
    assert set(TUNING) | set(HOLDOUT) | set(BABBLE) == set(VOICES)
    assert not set(TUNING_SEEDS) & set(HOLDOUT_SEEDS)
    assert not set(TUNING_ROOMS) & set(HOLDOUT_ROOMS)
    assert espeak_share(TUNING) <= 1 / 3 and espeak_share(HOLDOUT) <= 1 / 3
    assert {split_of(v) for v in HOLDOUT} == {"holdout"}


def test_assert_tuning_refuses_holdout() -> None:
    assert_tuning(TUNING, seeds=TUNING_SEEDS, rooms=TUNING_ROOMS)  # all fine
    with pytest.raises(HoldoutError, match="flite-awb"):
        assert_tuning(["piper-joe", "flite-awb"])
    with pytest.raises(HoldoutError, match="seed 100"):
        assert_tuning(["piper-joe"], seeds=[0, 100])
    with pytest.raises(HoldoutError, match="room symphonic"):
        assert_tuning([], rooms=["symphonic"])


def test_a_missing_engine_says_what_to_install(monkeypatch: pytest.MonkeyPatch, tmp_path: object) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))  # no flite, festival or espeak-ng on it
    assert "apt-get install flite" in str(available("flite-awb"))
    assert "apt-get install festival" in str(available("festival-ked"))
    with pytest.raises(SpeechUnavailable, match="apt-get install flite"):
        synth("a sentence never said before by flite-awb 8431", "flite-awb")
