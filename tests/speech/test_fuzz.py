"""Bad input never breaks the parser or `voicefish parse`: property tests over arbitrary text and bytes."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from voicefish.cards import Rank
from voicefish.rules import RuleSet
from voicefish.speech.grammar import TableContext
from voicefish.speech.intents import INTENT_TYPES, Ambiguous, Ask, NoIntent, intent_to_json
from voicefish.speech.parser import Parser, ParseResult

PARSER = Parser(TableContext(("Priya", "Sam", "Leo", "Pam"), me="Sam", aliases={"Priya": ("Gran",)}))
AUTHORS = Parser(TableContext(("Charlie", "Ann"), me="Ann", rules=RuleSet(authors=True)))
ROOT = Path(__file__).resolve().parents[2]

WORDS = st.sampled_from(
    [
        "priya",
        "sam",
        "leo",
        "pam",
        "gran",
        "tam",
        "do",
        "you",
        "have",
        "any",
        "got",
        "jacks",
        "jack",
        "7s",
        "seven",
        "to",
        "for",
        "ate",
        "tree",
        "of",
        "hearts",
        "the",
        "ask",
        "give",
        "me",
        "all",
        "your",
        "please",
        "um",
        "uh",
        "okay",
        "so",
        "what's",
        "in",
        "my",
        "hand",
        "how",
        "many",
        "cards",
        "does",
        "score",
        "yes",
        "no",
        "player",
        "two",
        "computer",
        "king",
        "clubs",
        ",",
        ".",
        "?",
        "!",
        "—",
        "'s",
    ]
)
GAME_TALK = st.lists(WORDS, max_size=14).map(" ".join)


def check(result: ParseResult, parser: Parser) -> None:
    assert isinstance(result, ParseResult)
    assert 0.0 <= result.score <= 100.0
    out = intent_to_json(result.intent)
    json.dumps(out)
    assert isinstance(out["type"], str)
    players = parser.ctx.players
    if isinstance(result.intent, Ask):
        assert result.intent.target in players and result.intent.target != parser.ctx.me
        assert result.score > 0
    if isinstance(result.intent, Ambiguous):
        assert len(result.intent.candidates) >= 2
        assert set(result.intent.candidates) <= set(players)
    if isinstance(result.intent, NoIntent):
        assert result.score == 0


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(max_size=300))
def test_any_text_parses_without_error(text: str) -> None:
    check(PARSER.parse(text), PARSER)
    check(AUTHORS.parse(text), AUTHORS)


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(GAME_TALK)
def test_game_like_word_salad_never_gives_an_impossible_intent(text: str) -> None:
    check(PARSER.parse(text), PARSER)
    check(AUTHORS.parse(text), AUTHORS)


@settings(max_examples=100, deadline=None)
@given(st.binary(max_size=200))
def test_decoded_binary_junk_parses_without_error(data: bytes) -> None:
    text = data.decode("utf-8", errors="replace")
    check(PARSER.parse(text), PARSER)
    check(PARSER.parse(data.decode("latin-1")), PARSER)


def test_extreme_inputs() -> None:
    for text in ("", " ", "\x00", "\x00" * 1000, "jacks " * 20_000, "a" * 100_000, "\ud800", "🂡🂮" * 50):
        result = PARSER.parse(text)
        check(result, PARSER)
        assert result.intent == NoIntent() or isinstance(result.intent, NoIntent)
    for text in ("Прия, есть валеты?", "プリヤ、ジャックある?", "ﺹﻎﻳﺭ", "Ｐｒｉｙａ， ａｎｙ ｊａｃｋｓ？"):
        check(PARSER.parse(text), PARSER)
    assert PARSER.parse("Ｐｒｉｙａ， ａｎｙ ｊａｃｋｓ？").intent == Ask("Priya", Rank.JACK)
    assert PARSER.parse(None).intent == NoIntent()  # type: ignore[arg-type]


def test_cli_survives_junk_on_stdin_one_json_line_per_input_line() -> None:
    junk = b"".join(
        [
            b"Priya, do you have any jacks?\n",
            b"\n",
            b"\xff\xfe\xfd invalid utf-8\n",
            b"nul\x00bytes\x00here\n",
            "Прия, есть валеты?\n".encode(),
            b"x" * 100_000 + b"\n",
            bytes(range(256)).replace(b"\n", b"") + b"\n",
            b"how many cards does Leo have\r\n",
            b"no newline at the end",
        ]
    )
    env = dict(os.environ, PYTHONPATH=str(ROOT), PYTHONIOENCODING="utf-8")
    proc = subprocess.run(
        [sys.executable, "-m", "voicefish", "parse", "--players", "Priya,Sam,Leo", "--json"],
        input=junk,
        check=False,
        capture_output=True,
        cwd=ROOT,
        env=env,
        timeout=60,
    )
    assert proc.returncode == 0, proc.stderr
    assert b"Traceback" not in proc.stderr
    lines = [json.loads(line) for line in proc.stdout.decode().splitlines()]
    assert len(lines) == 9
    assert lines[0] == {"type": "ask", "target": "Priya", "rank": "J"}
    assert lines[7] == {"type": "count", "target": "Leo"}
    assert all(line == {"type": "none"} for line in lines[1:7] + lines[8:])


@settings(max_examples=60, deadline=None)
@given(st.lists(st.binary(max_size=80).filter(lambda b: b"\n" not in b and b"\r" not in b), max_size=6))
def test_cli_prints_one_json_object_per_stdin_line(lines: list[bytes]) -> None:
    import contextlib
    import io

    from voicefish.cli import main

    data = b"\n".join(lines) + (b"\n" if lines else b"")
    out = io.StringIO()
    old = sys.stdin
    sys.stdin = io.TextIOWrapper(io.BytesIO(data), encoding="utf-8")
    try:
        with contextlib.redirect_stdout(out):
            code = main(["parse", "--players", "Priya,Sam,Leo", "--me", "Sam", "--json"])
    finally:
        sys.stdin = old
    assert code == 0
    results = [json.loads(x) for x in out.getvalue().splitlines()]
    assert len(results) == len(lines)
    for result in results:
        assert result["type"] in INTENT_TYPES, result
        if result["type"] == "ask":
            assert result["target"] in ("Priya", "Leo")
