"""Speaker adaptation (voicefish.audio.adapt) on real speech through the real pocketsphinx decoder.

The hard voice is one of the hold-out accents the embedded model mishears most (espeak-ng's West Midlands
voice with the f3 variant): a transform learnt from a few of its sentences must hear its other sentences
clearly better, and a player without a transform must be heard exactly as before.
"""

from __future__ import annotations

import random
import tempfile
from pathlib import Path

import numpy as np
import pytest

from testspeech.espeak import TUNING_VOICES, Voice, degrade, espeak_available, synth
from voicefish.audio import adapt
from voicefish.audio.sphinx import ADAPTED_SETTINGS, SphinxRecognizer
from voicefish.speech.grammar import TableContext, load_grammar
from voicefish.speech.intents import Intent

pytestmark = [
    pytest.mark.skipif(not espeak_available(), reason="needs espeak-ng (scripts/system-deps.sh)"),
    pytest.mark.skipif(not adapt.available(), reason="this pocketsphinx build does not allow adaptation"),
    pytest.mark.slow,
]

TABLE = TableContext(("Priya", "Sam", "Leo", "Mateo"), me="Mateo")
HARD = Voice("en-gb-x-gbcwmd+f3", 165, 55)
ASKS = (
    "{n} do you have any {p}",
    "{n} have you got any {p}",
    "ask {n} for {p}",
    "{n} give me all your {p}",
    "got any {p} {n}",
)


def asks(seed: int, n: int) -> list[tuple[str, Intent]]:
    """``n`` asks of the table (text, intent), drawn with ``seed``."""
    grammar = load_grammar("en")
    sentences = dict(grammar.sentences(TABLE))
    plurals = [r.plural[0] for r in grammar.ranks.values()]
    rnd = random.Random(seed)
    out: list[tuple[str, Intent]] = []
    while len(out) < n:
        text = rnd.choice(ASKS).format(n=rnd.choice(["priya", "sam", "leo"]), p=rnd.choice(plurals))
        if text in sentences and text not in dict(out):
            out.append((text, sentences[text]))
    return out


def right(rec: SphinxRecognizer, tests: list[tuple[str, Intent]], voice: Voice) -> tuple[int, list[str]]:
    texts = [rec.decode(synth(text, voice, seed=k)).text for k, (text, _i) in enumerate(tests)]
    sentences = dict(load_grammar("en").sentences(TABLE))
    return sum(sentences.get(t) == i for t, (_x, i) in zip(texts, tests, strict=True)), texts


def test_a_learnt_voice_is_heard_better_and_others_exactly_as_before() -> None:
    tests = asks(7, 20)
    learn = [a for a in asks(99, 30) if a not in tests][:8]
    rec = SphinxRecognizer(TABLE)
    rec.set_speaker("Mateo")
    before, before_texts = right(rec, tests, HARD)
    for k, (text, _i) in enumerate(learn):
        rec.learn("Mateo", synth(text, HARD, seed=100 + k), text)
    rec.wait_adapted()
    assert rec.adapted == {"Mateo": 8}
    after, _texts = right(rec, tests, HARD)
    assert after >= before + 3, f"adapted {after}/20 vs {before}/20 before"
    # another player (no transform yet) is decoded with the model as shipped: exactly the same results
    rec.set_speaker("Sam")
    again, again_texts = right(rec, tests, HARD)
    assert (again, again_texts) == (before, before_texts)
    rec.set_speaker("Mateo")
    assert right(rec, tests, HARD)[0] == after


def test_an_adapted_speaker_is_decoded_with_the_adapted_search_settings() -> None:
    """Once a speaker has a transform, the table's searches made with ADAPTED_SETTINGS (a wider word-exit beam,
    which the bench measured to help an adapted decoder under loud babble) decode them; a speaker without one
    gets the searches as before. Checked against recognizers made with either setting throughout."""
    rec = SphinxRecognizer(TABLE)
    wide = SphinxRecognizer(TABLE, settings=ADAPTED_SETTINGS, adapted_settings={})
    narrow = SphinxRecognizer(TABLE, adapted_settings={})
    transforms: list[object] = []
    rec.on_transform = lambda _player, t: transforms.append(t)
    for k, (text, _i) in enumerate(asks(99, 8)):
        rec.learn("Mateo", synth(text, HARD, seed=100 + k), text)
    rec.wait_adapted()
    assert transforms
    for other in (wide, narrow):
        other.use_transform("Mateo", transforms[-1])
    tests = [degrade(synth(text, HARD, seed=k), "babble10", seed=k) for k, (text, _i) in enumerate(asks(7, 10))]

    def heard(r: SphinxRecognizer, speaker: str) -> list[tuple[str, float]]:
        r.set_speaker(speaker)
        return [(x.text, x.confidence) for x in map(r.decode, tests)]

    adapted = heard(rec, "Mateo")
    assert adapted == heard(wide, "Mateo")
    assert adapted != heard(narrow, "Mateo")  # (the beam matters on some of these)
    assert heard(rec, "Sam") == heard(narrow, "Sam")


def test_the_identity_transform_changes_nothing() -> None:
    tests = asks(3, 6)
    rec = SphinxRecognizer(TABLE)
    for t, _i in tests:  # (the front end's noise estimate carries over: compare runs after the same audio)
        rec.decode(synth(t, TUNING_VOICES[2], seed=1))
    plain = [rec.decode(synth(t, TUNING_VOICES[2], seed=1)) for t, _i in tests]
    adapt.apply_transform(rec._decoder, adapt.Transform.identity())
    same = [rec.decode(synth(t, TUNING_VOICES[2], seed=1)) for t, _i in tests]
    assert [r.text for r in same] == [r.text for r in plain]
    assert [r.confidence for r in same] == [r.confidence for r in plain]


def test_each_phone_gets_its_own_offset_and_variances_and_the_decoder_uses_them() -> None:
    """Beside the one transform pocketsphinx applies to every sound, each phone's codebook gets an offset of its
    means and a factor for its variances, shrunk toward the transform where a phone was seldom heard. pocketsphinx
    reads them from files it re-loads; its own settings point back at the model afterwards."""
    adapter = adapt.Adapter()
    learn = asks(99, 8)
    t = adapter.estimate([(synth(text, HARD, seed=100 + k), text) for k, (text, _i) in enumerate(learn)], "full")
    assert t.offsets is not None and t.var_scales is not None
    assert t.offsets.shape == t.var_scales.shape == (adapter.n_cb, adapter.n_streams, adapter.veclen)
    assert (t.var_scales > 0).all()
    heard = {adapter._codebook(p) for text, _i in learn for p in ("IY", "EH", "V")}  # in "leo", "sevens", "have"
    unheard = adapter._codebook("ZH")  # in none of these words
    assert all(np.abs(t.offsets[c]).max() > 0.01 for c in heard)
    assert np.abs(t.offsets[unheard]).max() == 0.0
    # an unheard phone keeps the variance factor of all the speech: every unheard codebook has the same one
    unheard_books = [c for c in range(adapter.n_cb) if not np.abs(t.offsets[c]).any()]
    assert len(unheard_books) >= 2 and np.allclose(t.var_scales[unheard_books[0]], t.var_scales[unheard_books[1]])
    adapter.close()

    rec = SphinxRecognizer(TABLE)
    tests = asks(3, 4)
    audio = [synth(text, TUNING_VOICES[1], seed=5) for text, _i in tests]
    for a in audio:  # (the front end's noise estimate carries over: compare runs after the same audio)
        rec.decode(a)
    plain = [rec.decode(a).text for a in audio]
    model = (rec._decoder.config["mean"], rec._decoder.config["var"])
    # the same transform without its per-phone parts, and with them pushed far off: the parts reach the decoder
    far = adapt.Transform(
        adapt.Transform.identity().streams, 1, "full", offsets=t.offsets + 20.0, var_scales=t.var_scales
    )
    adapt.apply_transform(rec._decoder, far)
    assert (rec._decoder.config["mean"], rec._decoder.config["var"]) == model
    assert [rec.decode(a).text for a in audio] != plain
    adapt.apply_transform(rec._decoder, adapt.Transform.identity())
    assert [rec.decode(a).text for a in audio] == plain
    wrong = adapt.Transform(adapt.Transform.identity().streams, 1, "full", offsets=np.zeros((3, 3, 13)))
    with pytest.raises(adapt.AdaptationError, match="does not fit"):
        adapt.apply_transform(rec._decoder, wrong)
    assert (rec._decoder.config["mean"], rec._decoder.config["var"]) == model


def test_a_transform_that_cannot_be_written_is_a_clear_error(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    rec = SphinxRecognizer(TABLE)
    model = (rec._decoder.config["mean"], rec._decoder.config["var"])
    parts = adapt.Transform(
        adapt.Transform.identity().streams, 1, "full", offsets=np.zeros((42, 3, 13)), var_scales=np.ones((42, 3, 13))
    )
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "gone"))  # a temporary folder that is not there
    with pytest.raises(adapt.AdaptationError, match="could not write the adapted model"):
        adapt.apply_transform(rec._decoder, parts)
    assert (rec._decoder.config["mean"], rec._decoder.config["var"]) == model
    monkeypatch.undo()
    adapt.apply_transform(rec._decoder, parts)  # (zero offsets, unit factors: the model itself)
    assert rec.decode(synth("sam do you have any kings", TUNING_VOICES[0], seed=1)).text == "sam do you have any kings"


def test_what_is_not_a_sentence_of_the_table_or_too_short_is_not_learnt() -> None:
    rec = SphinxRecognizer(TABLE)
    for k in range(4):
        rec.learn("Sam", synth("pass the chips please", TUNING_VOICES[0], seed=k), "pass the chips please")
        rec.learn("Sam", np.zeros(800, dtype=np.int16), "sam do you have any kings")
    rec.wait_adapted()
    assert rec.adapted == {}
    off = SphinxRecognizer(TABLE)
    off.adapt = False
    for k in range(4):
        off.learn("Sam", synth("leo do you have any kings", TUNING_VOICES[0], seed=k), "leo do you have any kings")
    off.wait_adapted()
    assert off.adapted == {}


def test_too_little_speech_is_a_clear_error() -> None:
    adapter = adapt.Adapter()
    quiet = np.random.default_rng(0).normal(0, 30, 16000).astype(np.int16)
    with pytest.raises(adapt.AdaptationError, match="too little"):
        adapter.estimate([(quiet, "sam do you have any kings")])
    with pytest.raises(ValueError, match="kind"):
        adapter.estimate([(quiet, "sam")], kind="cubic")
    adapter.close()


def test_the_transform_file_is_what_pocketsphinx_reads() -> None:
    t = adapt.Transform.identity(3, 13)
    lines = t.text().splitlines()
    assert lines[:3] == ["1", "3", "13"]  # one class, three streams, 13 dimensions
    assert len(lines) == 2 + 3 * (1 + 13 + 2)
    assert lines[3].split()[0] == "1" and set(lines[3].split()[1:]) == {"0"}  # the first row of I


def test_a_prompt_is_kept_when_said_even_misheard_and_not_when_other_words_were_said() -> None:
    """The voice check's guard (``Adapter.sample(..., against=heard)``): the prompt must fit the audio about as
    well as what the recognizer heard in it. A prompt said (the recognizer's reading, right or wrong, as
    ``heard``) is kept; table talk or another ask said instead is not, or only rarely."""
    from voicefish.audio.sphinx import NOISE_FLOOR_RMS, _int16, raise_noise_floor
    from voicefish.table.voicecheck import prompts

    said = [p.sentence for p in prompts(TABLE.players, "Mateo", 6)]
    talk = ["pass the chips please", "ha ha ha ha ha", "i don't want to play this", "what did you say"]
    rec = SphinxRecognizer(TABLE)
    adapter = adapt.Adapter()
    kept_said = kept_other = misheard = 0
    for voice in (*TUNING_VOICES[:2], HARD):
        for k, prompt in enumerate(said):
            audio = _int16(raise_noise_floor(synth(prompt, voice, seed=k), NOISE_FLOOR_RMS))
            heard = rec.decode(audio).text
            misheard += heard != prompt
            kept_said += adapter.sample(audio, prompt, against=heard or prompt) is not None
        for k, text in enumerate([*talk, said[3]]):
            audio = _int16(raise_noise_floor(synth(text, voice, seed=k), NOISE_FLOOR_RMS))
            heard = rec.decode(audio).text
            if not heard:
                continue  # nothing heard: the table does not even hand it over
            kept_other += adapter.sample(audio, said[k % 3], against=heard) is not None
    adapter.close()
    assert misheard >= 2  # the hard voice: some prompts were misheard, and were kept all the same
    assert kept_said >= 17, f"{kept_said}/18 prompts said were kept"
    assert kept_other <= 2, f"{kept_other}/15 other utterances were taken as the prompt"
