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
