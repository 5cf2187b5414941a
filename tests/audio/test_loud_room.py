"""A loud room's acoustic model (``bench/loud_model.py``) on real speech through real pocketsphinx.

An experiment the game does not ship (bench/results/asr.md, eighteenth session): given one
(``SphinxRecognizer(loud_model=...)``), the recognizer decodes a loud room with the embedded model's Gaussians
re-estimated on speech with other talkers and white noise underneath, and a quiet room with the model as shipped,
exactly as before; what a player says in a loud room adapts the loud model for them, apart from what they say in a
quiet one. The model here is made by the bench's own script from a small set (15 utterances per tuning voice).
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.audio.test_adapt import TABLE, asks
from testspeech.espeak import TUNING_VOICES, degrade, espeak_available, synth
from voicefish.audio import adapt
from voicefish.audio.sphinx import LOUD_KEY, SphinxRecognizer, loud_gaussians
from voicefish.speech.grammar import load_grammar

pytestmark = [
    pytest.mark.skipif(not espeak_available(), reason="needs espeak-ng (scripts/system-deps.sh)"),
    pytest.mark.slow,
]


ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def loud_model(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A loud room's model made by ``bench/loud_model.py`` (about 25 s)."""
    out = tmp_path_factory.mktemp("loud") / "model"
    cmd = [sys.executable, str(ROOT / "bench" / "loud_model.py"), "--out", str(out), "--per-voice", "15", "--tau", "5"]
    subprocess.run(cmd, check=True, capture_output=True, timeout=600, cwd=ROOT)
    return out


def test_a_loud_model_is_used_only_with_the_model_it_was_made_from(loud_model: Path, tmp_path: Path) -> None:
    rec = SphinxRecognizer(TABLE, loud_model=loud_model)
    assert rec.loud_model == (str(loud_model / "means"), str(loud_model / "variances"))
    assert SphinxRecognizer(TABLE).loud_model is None  # the game's: none
    hmm = str(Path(rec._decoder.config["hmm"]))
    other = tmp_path / "other"
    shutil.copytree(loud_model, other)
    assert loud_gaussians(str(other), hmm) is not None
    info = json.loads((other / "loud_model.json").read_text())
    for broken in ({**info, "base": "0" * 64}, "not json {"):
        (other / "loud_model.json").write_text(broken if isinstance(broken, str) else json.dumps(broken))
        loud_gaussians.cache_clear()
        assert loud_gaussians(str(other), hmm) is None  # made from another model, or unreadable: not used
    loud_gaussians.cache_clear()
    assert loud_gaussians(str(tmp_path / "missing"), hmm) is None
    assert SphinxRecognizer(TABLE, loud_model=tmp_path / "missing").loud_model is None


def test_a_loud_room_is_heard_with_the_loud_model_and_a_quiet_one_exactly_as_before(loud_model: Path) -> None:
    """Unadapted voices: at white noise 10 dB and babble 10 dB the loud model hears clearly more asks right (the
    bench, a model from 250 utterances per voice: 79 → 118 of 120 at white 10 dB on the tuning voices; this one
    from 15: 10 → 16 of 16 when written); in a quiet room the results, confidences included, are the same as
    without it."""
    sentences = dict(load_grammar("en").sentences(TABLE))
    tests = asks(5, 16)
    with_loud, without = SphinxRecognizer(TABLE, loud_model=loud_model), SphinxRecognizer(TABLE)

    def heard(rec: SphinxRecognizer, condition: str) -> tuple[int, list[tuple[str, float]]]:
        got = [
            rec.decode(degrade(synth(text, TUNING_VOICES[k % 8], seed=k), condition, seed=k))
            for k, (text, _i) in enumerate(tests)
        ]
        right = sum(sentences.get(r.text) == i for r, (_t, i) in zip(got, tests, strict=True))
        return right, [(r.text, r.confidence) for r in got]

    loud_white, plain_white = heard(with_loud, "white10")[0], heard(without, "white10")[0]
    assert with_loud.loud and not without.loud
    loud_babble, plain_babble = heard(with_loud, "babble10")[0], heard(without, "babble10")[0]
    assert loud_white >= 14, f"white 10 dB: {loud_white}/16 with the loud model, {plain_white}/16 without"
    assert loud_white + loud_babble >= plain_white + plain_babble + 4, (
        f"white {loud_white} vs {plain_white}, babble {loud_babble} vs {plain_babble} of 16"
    )
    assert heard(with_loud, "clean") == heard(without, "clean")
    assert not with_loud.loud


@pytest.mark.skipif(not adapt.available(), reason="this pocketsphinx build does not allow adaptation")
def test_what_a_player_says_in_a_loud_room_adapts_the_loud_model_apart(loud_model: Path) -> None:
    """Learnt in a quiet room: the player's transform, kept (``on_transform``) and used in either room until the
    loud room has one of its own. Learnt in a loud room: a transform of the loud model, under its own key, never
    kept as the player's voice."""
    rec = SphinxRecognizer(TABLE, loud_model=loud_model)
    rec.auto_loud = False  # the room is set by hand here
    kept: list[str] = []
    rec.on_transform = lambda player, _t: kept.append(player)
    voice = TUNING_VOICES[3]
    for k, (text, _i) in enumerate(asks(99, 3)):
        rec.learn("Leo", synth(text, voice, seed=100 + k), text)
    rec.wait_adapted()
    quiet = rec.transform_of("Leo")
    assert quiet is not None and kept == ["Leo"]
    rec.set_speaker("Leo")
    rec.loud = True
    assert rec._speakers.wanted() == (quiet, True)  # the quiet room's transform, on the loud model
    for k, (text, _i) in enumerate(asks(98, 3)):
        rec.learn("Leo", degrade(synth(text, voice, seed=200 + k), "babble10", seed=k), text)
    rec.wait_adapted()
    loud = rec.transform_of("Leo" + LOUD_KEY)
    assert loud is not None and loud is not quiet and kept == ["Leo"]
    assert rec._speakers.wanted() == (loud, True)
    assert rec.transform_of("Leo") is quiet
    rec.loud = False
    assert rec._speakers.wanted() == (quiet, False)
    # and the decoder follows: quiet, then loud, then quiet again gives back the quiet result exactly
    audio = degrade(synth("priya do you have any sevens", voice, seed=7), "white10", seed=7)
    rec.decode(audio)  # (the front end's noise estimate carries over: compare decodes after the same audio)
    first = rec.decode(audio)
    rec.loud = True
    loud_result = rec.decode(audio)
    rec.loud = False
    again = rec.decode(audio)
    # (the same within the decoder's running state, which carries a little from one utterance to the next)
    assert again.text == first.text and again.confidence == pytest.approx(first.confidence, abs=0.002)
    assert abs(loud_result.confidence - first.confidence) > 0.02 or loud_result.text != first.text, (
        loud_result,
        first,
    )
