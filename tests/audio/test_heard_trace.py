"""``$VOICEFISH_HEARD_LOG``: every utterance the voice ears decode, as the recognizer wrote it and as the game
understood it, one JSON line each — real Piper speech through the game's default recognizer and its voice ears."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from voicefish.cards import Rank
from voicefish.rules import RuleSet
from voicefish.table.ears import ListenRequest
from voicefish.table.voice import HEARD_LOG_ENV, VoiceEars, heard_log

REQUEST = ListenRequest(
    "Joe", ("Joe", "Fatima", "Wen"), (Rank.SIX, Rank.QUEEN, Rank.TWO), RuleSet(), frozenset({"Fatima", "Wen"})
)


def test_the_environment_names_the_trace(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv(HEARD_LOG_ENV, raising=False)
    assert heard_log() is None
    monkeypatch.setenv(HEARD_LOG_ENV, "  ")
    assert heard_log() is None
    monkeypatch.setenv(HEARD_LOG_ENV, str(tmp_path / "heard.jsonl"))
    assert heard_log() == tmp_path / "heard.jsonl"


def test_each_utterance_heard_is_one_line_and_a_bad_path_stops_only_the_trace(tmp_path: Path) -> None:
    import numpy as np

    import testspeech
    from tests.audio import default_ear
    from voicefish.audio.listen import ArraySource, Listener

    if (why := testspeech.available("piper-joe")) is not None:
        pytest.skip(why)
    pytest.importorskip("faster_whisper")
    quiet = np.random.default_rng(3).normal(0, 4, 16000).astype(np.int16)
    said = [testspeech.synth(t, "piper-joe", seed=1) for t in ("Fatima, do you have any sixes?", "what's the score")]
    audio = np.concatenate([quiet, said[0], quiet, quiet, said[1], quiet, quiet])
    recognizer, _ = default_ear()
    trace = tmp_path / "heard.jsonl"
    before = time.monotonic()
    ears = VoiceEars(Listener(ArraySource(audio, realtime=False)), recognizer, timeout=4.0, trace=trace)
    heard = [ears.listen(REQUEST), ears.listen(REQUEST)]
    rows = [json.loads(line) for line in trace.read_text(encoding="utf-8").splitlines()]
    assert len(rows) == 2 and all(h is not None for h in heard), rows
    first, second = rows
    assert first["intent"] == {"type": "ask", "target": "Fatima", "rank": "6"}, first  # (as ``parse --json``)
    assert "sixes" in first["text"].lower() and first["expecting"] == "turn" and first["speaker"] == "Joe"
    assert second["intent"] == {"type": "score"}, second
    assert before - 0.001 <= first["t"] <= second["t"] <= time.monotonic() + 0.001  # (rounded to ms)
    assert [r["text"] for r in rows] == [h.text for h in heard if h is not None]

    ears = VoiceEars(Listener(ArraySource(audio, realtime=False)), recognizer, timeout=2.0, trace=tmp_path)  # a dir
    assert ears.listen(REQUEST) is not None and ears.trace is None  # the game heard it; the trace stopped
