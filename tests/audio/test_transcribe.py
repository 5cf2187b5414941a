"""``voicefish transcribe``: one JSON line per file, bad files reported and skipped, clear errors, no tracebacks."""

from __future__ import annotations

import json
import wave
from pathlib import Path

import numpy as np
import pytest

from testspeech.espeak import TUNING_VOICES, espeak_available, resample, synth, write_wav
from voicefish.cli import main

pytestmark = pytest.mark.skipif(not espeak_available(), reason="espeak-ng is not installed")


@pytest.fixture(scope="module")
def wavs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    d = tmp_path_factory.mktemp("wavs")
    out = {
        "ask": write_wav(d / "ask.wav", synth("priya do you have any jacks", TUNING_VOICES[0])),
        "score": write_wav(d / "score.wav", synth("what's the score", TUNING_VOICES[2])),
        "silence": write_wav(d / "silence.wav", [0] * 16_000),
    }
    # the same ask at 44.1 kHz stereo: resampled on reading
    mono = synth("priya do you have any jacks", TUNING_VOICES[0]).astype(float)
    hi = resample(mono, 16_000, 44_100).round().astype("<i2")
    stereo = d / "ask44k.wav"
    frames = np.repeat(hi[:, None], 2, axis=1).astype("<i2").tobytes()
    with wave.open(str(stereo), "wb") as w:
        w.setnchannels(2)
        w.setsampwidth(2)
        w.setframerate(44_100)
        w.writeframes(frames)
    out["ask44k"] = stereo
    cut = d / "cut.wav"  # the ask, its last half second lost (a recording stopped mid-write)
    cut.write_bytes(out["ask"].read_bytes()[:-16_000])
    out["cut"] = cut
    bad = d / "bad.wav"
    bad.write_bytes(b"RIFF\x10\x00\x00\x00WAVEjunkjunk")
    out["bad"] = bad
    return out


@pytest.mark.slow
def test_json_lines_for_every_file_bad_ones_included(wavs: dict[str, Path], capsys: pytest.CaptureFixture[str]) -> None:
    files = [wavs["ask"], wavs["bad"], wavs["score"], Path("/nonexistent/x.wav"), wavs["silence"], wavs["ask44k"]]
    code = main(["transcribe", "--players", "Priya,Sam,Leo", "--me", "Sam", "--json", *map(str, files)])
    out, err = capsys.readouterr()
    assert code == 1  # some files could not be read
    assert "Traceback" not in out + err
    lines = [json.loads(line) for line in out.splitlines()]
    assert [x["file"] for x in lines] == [str(f) for f in files]
    ask, bad, score, missing, silence, ask44k = lines
    assert set(ask) == {"file", "text", "intent", "confidence", "confirm", "decode_ms"}
    assert ask["text"] == "priya do you have any jacks"
    assert ask["intent"]["type"] in ("ask", "none")  # played, confirmed or rejected — never another move
    if ask["intent"]["type"] == "ask":
        assert ask["intent"] == {"type": "ask", "target": "Priya", "rank": "J"}
    assert 0.0 <= ask["confidence"] <= 1.0 and isinstance(ask["confirm"], bool) and ask["decode_ms"] > 0
    assert score["intent"]["type"] in ("score", "none")
    assert "no audio data" in bad["error"] or "format chunk" in bad["error"]
    assert "no such file" in missing["error"]
    assert silence["intent"] == {"type": "none"} and silence["confirm"] is False
    assert ask44k["text"] == ask["text"]


@pytest.mark.slow
def test_hand_keeps_the_spoken_rank(wavs: dict[str, Path], capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["transcribe", "--players", "Priya,Sam,Leo", "--hand", "7,Q", "--json", str(wavs["ask"])])
    line = json.loads(capsys.readouterr().out)
    assert code == 0
    assert line["intent"]["type"] in ("ask", "none")
    if line["intent"]["type"] == "ask":
        assert line["intent"]["rank"] == "J"  # not in the hand: still jacks, never a held rank
        assert line["confirm"] is True


@pytest.mark.slow
def test_readable_lines_without_json(wavs: dict[str, Path], capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["transcribe", "--players", "Priya,Sam,Leo", str(wavs["ask"]), str(wavs["bad"])])
    out, err = capsys.readouterr()
    assert code == 1
    assert out.startswith(f"{wavs['ask']}: \u201cpriya do you have any jacks\u201d")
    assert err.startswith("voicefish: ") and "bad.wav" in err and len(err.splitlines()) == 1


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--hand", "7,X"], "unknown rank"),
        (["--rules", "nonsense"], "unknown rule"),
        (["--me", "Zed"], "not one of the players"),
        (["--backend", "vosk", "--model", "/nonexistent/model"], "Vosk model folder not found"),
        (["--backend", "pocketsphinx", "--model", "/nonexistent/model"], "model incomplete"),
    ],
)
def test_bad_options_and_models_are_one_clear_line(
    args: list[str], message: str, wavs: dict[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(["transcribe", "--players", "Priya,Sam,Leo", *args, str(wavs["ask"])])
    out, err = capsys.readouterr()
    assert code == 2
    assert out == ""
    assert err.startswith("voicefish: ") and message in err and "Traceback" not in err


def test_vosk_without_an_installed_model_says_how_to_get_one(
    wavs: dict[str, Path], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from voicefish.audio import models

    monkeypatch.setattr(models, "find_vosk_model", lambda *a, **k: None)
    code = main(["transcribe", "--backend", "vosk", str(wavs["ask"])])
    err = capsys.readouterr().err
    assert code == 2
    assert "voicefish models download" in err and "--backend pocketsphinx" in err


def test_help_lists_the_options(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["transcribe", "--help"])
    out = capsys.readouterr().out
    for opt in ("--players", "--me", "--hand", "--rules", "--backend", "--model", "--json"):
        assert opt in out


@pytest.mark.slow
def test_a_file_cut_short_is_decoded_as_far_as_it_goes_and_said(
    wavs: dict[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(["transcribe", "--players", "Priya,Sam,Leo", "--me", "Sam", "--json", str(wavs["cut"])])
    out, err = capsys.readouterr()
    assert code == 0
    line = json.loads(out)
    assert line["file"] == str(wavs["cut"]) and "error" not in line
    assert f"voicefish: {wavs['cut']}: the file ends early (" in err
    assert "decoding what is there" in err
