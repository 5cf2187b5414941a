"""Remembered voices (voicefish.audio.voices, `voicefish voices`, `play --remember-voices`): the file store, its
errors, and a transform learnt by the real recognizer kept and used again by another one."""

from __future__ import annotations

import json
import re
from pathlib import Path

import numpy as np
import pytest

from voicefish.audio.adapt import Transform
from voicefish.audio.voices import VoiceFileError, VoiceStore

MODEL = "a" * 64
SHAPE = (3, 13)


def transform(seed: int = 0, samples: int = 8) -> Transform:
    rng = np.random.default_rng(seed)
    streams = tuple((np.eye(13) + rng.normal(0, 0.01, (13, 13)), rng.normal(0, 0.1, 13)) for _ in range(3))
    return Transform(streams, samples=samples, kind="full")


def transform_with_parts(seed: int = 0) -> Transform:
    rng = np.random.default_rng(seed)
    t = transform(seed)
    return Transform(
        t.streams,
        samples=t.samples,
        kind=t.kind,
        offsets=rng.normal(0, 0.1, (42, 3, 13)),
        var_scales=rng.uniform(0.5, 2.0, (42, 3, 13)),
    )


def _same_part(x: np.ndarray | None, y: np.ndarray | None) -> bool:
    return (x is None and y is None) or (x is not None and y is not None and np.array_equal(x, y))


def same(a: Transform, b: Transform) -> bool:
    return (
        (a.kind, a.samples) == (b.kind, b.samples)
        and all(
            np.array_equal(x, y) and np.array_equal(u, v) for (x, u), (y, v) in zip(a.streams, b.streams, strict=True)
        )
        and _same_part(a.offsets, b.offsets)
        and _same_part(a.var_scales, b.var_scales)
    )


def test_a_voice_is_kept_and_read_back_exactly(tmp_path: Path) -> None:
    store = VoiceStore(tmp_path / "voices")
    assert store.load("Priya", MODEL, SHAPE) is None and store.remembered() == []
    t = transform()
    path = store.save("Priya", t, MODEL)
    loaded = store.load("priya", MODEL, SHAPE)  # names are one player whatever their case
    assert loaded is not None and same(loaded, t)
    assert [(v.name, v.samples) for v in store.remembered()] == [("Priya", 8)]
    assert list(path.parent.iterdir()) == [path]  # nothing half-written left beside it
    store.save("Priya", transform(1, 12), MODEL)  # replaced, not added
    assert [(v.name, v.samples) for v in store.remembered()] == [("Priya", 12)]
    parts = transform_with_parts(2)  # with an offset and variance factors per phone
    store.save("Leo", parts, MODEL)
    loaded = store.load("Leo", MODEL, SHAPE)
    assert loaded is not None and same(loaded, parts) and loaded.offsets is not None


def test_odd_names_stay_inside_the_folder(tmp_path: Path) -> None:
    store = VoiceStore(tmp_path / "v")
    for name in ("../../etc/passwd", "Zoë", "Ann Marie", "a/b\\c", "."):
        path = store.save(name, transform(), MODEL)
        assert path.parent == store.root
        assert store.load(name, MODEL, SHAPE) is not None
    assert sorted(v.name for v in store.remembered()) == sorted(["../../etc/passwd", "Zoë", "Ann Marie", "a/b\\c", "."])


@pytest.mark.parametrize(
    ("content", "why"),
    [
        ("{not json", "damaged (not JSON)"),
        ('{"format": "something else"}', "not a voicefish voice file"),
        ('{"format": "voicefish-voice", "version": 99}', "another version"),
        ('{"format": "voicefish-voice", "version": 1, "model": "bbbb"}', "another speech model"),
        ('{"format": "voicefish-voice", "version": 1, "model": "MODEL", "kind": "full"}', "damaged"),
        (
            '{"format": "voicefish-voice", "version": 1, "model": "MODEL", "kind": "full", "samples": 8, '
            '"streams": [{"A": [[1, 0], [0, 1]], "b": [0, "x"]}]}',
            "not numbers",
        ),
        (
            '{"format": "voicefish-voice", "version": 1, "model": "MODEL", "kind": "full", "samples": 8, '
            '"streams": [{"A": [[1, 0], [0, 1]], "b": [0, 0]}]}',
            "does not fit the speech model",
        ),
        (
            '{"format": "voicefish-voice", "version": 1, "model": "MODEL", "kind": "full", "samples": 8, '
            '"streams": [{"A": [[1, 0], [0, 1]], "b": [0, 1e999]}]}',
            "not finite",
        ),
        (
            '{"format": "voicefish-voice", "version": 1, "model": "MODEL", "kind": "full", "samples": 8, '
            '"streams": [{"A": [[1, 0], [0, 1]], "b": [0, 0]}], "offsets": [[[0, 0, 0]]]}',
            "offsets have the wrong shape",
        ),
        (
            '{"format": "voicefish-voice", "version": 1, "model": "MODEL", "kind": "full", "samples": 8, '
            '"streams": [{"A": [[1, 0], [0, 1]], "b": [0, 0]}], "var_scales": [[[1, -1]]]}',
            "var_scales are not usable",
        ),
    ],
)
def test_a_voice_file_that_cannot_be_used_says_why(tmp_path: Path, content: str, why: str) -> None:
    store = VoiceStore(tmp_path)
    store.path_for("Sam").write_text(content.replace("MODEL", MODEL), encoding="utf-8")
    with pytest.raises(VoiceFileError, match=re.escape(why)):
        store.load("Sam", MODEL, SHAPE)
    assert len(store.remembered()) == 1
    store.path_for("Sam").write_bytes(b"\xff\xfe\x00")
    with pytest.raises(VoiceFileError, match="cannot read"):
        store.load("Sam", MODEL, SHAPE)


def test_forget_one_or_all_from_the_command_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from voicefish.cli import main

    store = VoiceStore(tmp_path)
    assert main(["voices", "list", "--dir", str(tmp_path)]) == 0
    assert "No voices are remembered" in capsys.readouterr().out
    for name in ("Priya", "Sam", "Leo"):
        store.save(name, transform(), MODEL)
    store.path_for("Bob").write_text("{broken", encoding="utf-8")
    assert main(["voices", "--dir", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "Priya: learnt from 8 sentences" in out and "bob: damaged: it will not be used" in out
    assert main(["voices", "forget", "sam", "--dir", str(tmp_path)]) == 0
    assert "Forgot 1 voice: sam." in capsys.readouterr().out
    assert main(["voices", "forget", "Sam", "--dir", str(tmp_path)]) == 1
    assert capsys.readouterr().err.strip() == "voicefish: no voice of Sam is remembered"
    assert main(["voices", "forget", "--dir", str(tmp_path)]) == 2
    assert "a name) or --all" in capsys.readouterr().err
    assert main(["voices", "forget", "--all", "--dir", str(tmp_path)]) == 0
    assert "Forgot 3 voices" in capsys.readouterr().out
    assert store.remembered() == []


def test_a_learnt_voice_is_kept_and_heard_the_same_by_the_next_session(tmp_path: Path) -> None:
    """The real recognizer learns a voice (prompted, as in the voice check); the ears keep it; in a later session
    other ears recall it and decode that player exactly as the first recognizer did, until this session learns
    a full transform of its own (a few turns do not replace it)."""
    from tests.audio.test_adapt import HARD, TABLE, asks
    from testspeech.espeak import espeak_available, synth
    from voicefish.audio import adapt
    from voicefish.audio.listen import ArraySource, Listener
    from voicefish.audio.sphinx import SphinxRecognizer
    from voicefish.table.ears import RememberingEars
    from voicefish.table.voice import VoiceEars
    from voicefish.table.voicecheck import prompts

    if not espeak_available() or not adapt.available():
        pytest.skip("needs espeak-ng and a pocketsphinx build that allows adaptation")
    store = VoiceStore(tmp_path)
    first = SphinxRecognizer(TABLE)
    ears = VoiceEars(Listener(ArraySource(np.zeros(160, np.int16))), first, voices=store)
    assert isinstance(ears, RememberingEars)
    for k, p in enumerate(prompts(TABLE.players, "Mateo", 6)):
        first.learn("Mateo", synth(p.sentence, HARD, seed=k), p.sentence, heard=p.sentence)
    first.wait_adapted()
    learnt = first.transform_of("Mateo")
    assert learnt is not None and learnt.kind == "full"
    saved = json.loads(store.path_for("Mateo").read_text(encoding="utf-8"))
    assert saved["name"] == "Mateo" and saved["samples"] == 6 and saved["model"] == first.model_signature[0]

    second = SphinxRecognizer(TABLE)
    later = VoiceEars(Listener(ArraySource(np.zeros(160, np.int16))), second, voices=VoiceStore(tmp_path))
    assert later.recall("Mateo") == (True, "")
    assert later.recall("Sam") == (False, "")
    assert same(second.transform_of("Mateo"), learnt)
    tests = [synth(t, HARD, seed=50 + k) for k, (t, _i) in enumerate(asks(5, 6))]
    first.set_speaker("Mateo")
    second.set_speaker("Mateo")
    assert [second.decode(a).text for a in tests] == [first.decode(a).text for a in tests]
    assert second._applied is second.transform_of("Mateo")  # decoded through the remembered transform
    for k, (t, _i) in enumerate(asks(11, 4)):  # four turns acted on: not yet a full transform of this session
        second.learn("Mateo", synth(t, HARD, seed=90 + k), t)
    second.wait_adapted()
    assert same(second.transform_of("Mateo"), learnt)
    store.path_for("Sam").write_text("{", encoding="utf-8")
    known, why = later.recall("Sam")
    assert not known and "damaged" in why
