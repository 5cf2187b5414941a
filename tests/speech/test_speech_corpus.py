"""The parser on the corpus: ≥99 % exact intents in the domain, ≤2 % of table chatter taken as a command."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from voicefish.rules import RuleSet
from voicefish.speech.grammar import TableContext
from voicefish.speech.intents import intent_to_json
from voicefish.speech.parser import Parser

CORPUS = Path(__file__).resolve().parent / "corpus" / "en.jsonl"
HOLDOUT2 = Path(__file__).resolve().parent / "corpus" / "en-holdout2.jsonl"


def load_corpus(path: Path = CORPUS) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def context(row: dict[str, Any]) -> TableContext:
    return TableContext(
        tuple(row["players"]),
        me=row["me"],
        rules=RuleSet.parse(row["rules"]),
        aliases={k: tuple(v) for k, v in row["aliases"].items()},
        computers=frozenset(row["computers"]),
    )


def same(got: dict[str, Any], expected: dict[str, Any]) -> bool:
    """Equal as ``--json`` prints it; an ambiguous result must list exactly the expected players."""
    got = dict(got)
    got.pop("partial", None)
    if got.get("type") == "ambiguous" and expected.get("type") == "ambiguous":
        return sorted(got["candidates"]) == sorted(expected["candidates"])
    return got == expected


@pytest.fixture(scope="module")
def results() -> list[tuple[dict[str, Any], dict[str, Any]]]:
    parsers: dict[str, Parser] = {}
    out = []
    for row in load_corpus():
        key = json.dumps([row["players"], row["me"], row["rules"], row["aliases"], row["computers"]])
        parser = parsers.get(key) or parsers.setdefault(key, Parser(context(row)))
        out.append((row, intent_to_json(parser.parse(row["text"]).intent)))
    return out


def test_corpus_is_big_and_varied() -> None:
    rows = load_corpus()
    kinds = Counter(r["kind"] for r in rows)
    chatter = sum(n for k, n in kinds.items() if k.startswith("chatter"))
    assert len(rows) >= 1000
    assert chatter >= 150
    types = Counter(r["expect"]["type"] for r in rows)
    for intent in ("ask", "read_hand", "score", "stock", "whose_turn", "count", "history", "repeat", "help"):
        assert types[intent] >= 5, intent
    for intent in ("yes", "no", "pause", "quit", "slower", "faster", "ambiguous"):
        assert types[intent] >= 2, intent
    assert len({r["text"] for r in rows}) > 0.9 * len(rows)


def test_in_domain_accuracy_at_least_99_percent(results: list[tuple[dict[str, Any], dict[str, Any]]]) -> None:
    in_domain = [(r, got) for r, got in results if not r["kind"].startswith("chatter")]
    wrong = [(r["text"], r["expect"], got) for r, got in in_domain if not same(got, r["expect"])]
    accuracy = 1 - len(wrong) / len(in_domain)
    assert accuracy >= 0.99, f"{accuracy:.2%}; wrong: {wrong[:20]}"


def test_chatter_taken_as_command_at_most_2_percent(results: list[tuple[dict[str, Any], dict[str, Any]]]) -> None:
    chatter = [(r, got) for r, got in results if r["kind"].startswith("chatter")]
    taken = [(r["text"], got) for r, got in chatter if got["type"] != "none"]
    assert len(taken) / len(chatter) <= 0.02, taken


def test_asks_name_the_right_player_and_rank(results: list[tuple[dict[str, Any], dict[str, Any]]]) -> None:
    """Not a single ask may go to the wrong player or the wrong rank: a miss must be none, never another move."""
    wrong_move = [
        (r["text"], r["expect"], got)
        for r, got in results
        if got["type"] == "ask" and r["expect"]["type"] == "ask" and got != r["expect"]
    ]
    assert wrong_move == []


def test_second_hold_out_never_tuned_on() -> None:
    """Phrasings written after all tuning: measured 40/60 in the domain and 0/30 chatter taken (see
    bench/history/parse.md). The thresholds sit a little under that so a regression shows; they are not targets."""
    rows = load_corpus(HOLDOUT2)
    right = taken = 0
    for row in rows:
        got = intent_to_json(Parser(context(row)).parse(row["text"]).intent)
        if row["kind"].startswith("chatter"):
            taken += got["type"] != "none"
        else:
            right += same(got, row["expect"])
            assert got["type"] in ("none", row["expect"]["type"]), (row["text"], got)  # a miss is none, never another
    in_domain = sum(1 for r in rows if not r["kind"].startswith("chatter"))
    assert right >= 0.6 * in_domain
    assert taken == 0


def test_committed_corpus_is_what_the_generator_writes() -> None:
    """No hand edits to the generated files: the corpus is reproducible from make_corpus.py."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("make_corpus", Path(__file__).resolve().parent / "make_corpus.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    rows, second = module.build()
    assert rows == load_corpus()
    assert second == load_corpus(HOLDOUT2)
