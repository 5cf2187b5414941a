"""`voicefish parse` as the issue specifies: TEXT or stdin lines, --json shapes, --me, --rules authors, errors."""

from __future__ import annotations

import io
import json
import sys

import pytest

from voicefish.cli import main


def run(argv: list[str], capsys: pytest.CaptureFixture[str], stdin: bytes | None = None) -> tuple[int, str, str]:
    if stdin is not None:
        buffer = io.BytesIO(stdin)
        fake = io.TextIOWrapper(buffer, encoding="utf-8")
        old = sys.stdin
        sys.stdin = fake
        try:
            code = main(argv)
        finally:
            sys.stdin = old
    else:
        code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def test_text_argument_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["parse", "--players", "Priya,Sam,Leo", "--json", "Priya, do you have any jacks?"], capsys)
    assert code == 0
    assert out == '{"type":"ask","target":"Priya","rank":"J"}\n'


def test_words_as_separate_arguments(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(["parse", "--players", "Priya,Sam,Leo", "--json", "ask", "Sam", "for", "kings"], capsys)
    assert json.loads(out) == {"type": "ask", "target": "Sam", "rank": "K"}


def test_authors_card(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["parse", "--players", "Charlie,Ann", "--me", "Ann", "--rules", "authors", "--json"]
    _, out, _ = run([*argv, "Charlie, do you have the king of clubs?"], capsys)
    assert json.loads(out) == {"type": "ask", "target": "Charlie", "rank": "K", "card": "KC"}


def test_stdin_lines_one_result_each(capsys: pytest.CaptureFixture[str]) -> None:
    lines = "what's in my hand\nSam, sevens\nthe dog is barking\nhow many cards does Sam have\nTam any jacks\n"
    argv = ["parse", "--players", "Priya,Sam,Leo,Pam", "--me", "Leo", "--json"]
    code, out, _ = run(argv, capsys, stdin=lines.encode())
    assert code == 0
    assert [json.loads(x) for x in out.splitlines()] == [
        {"type": "read_hand"},
        {"type": "ask", "target": "Sam", "rank": "7"},
        {"type": "none"},
        {"type": "count", "target": "Sam"},
        {"type": "ambiguous", "candidates": ["Sam", "Pam"], "partial": {"type": "ask", "rank": "J"}},
    ]


def test_me_is_never_the_target(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(["parse", "--players", "Priya,Sam,Leo", "--me", "Sam", "--json", "Sam, any jacks?"], capsys)
    assert json.loads(out) == {"type": "none"}
    _, out, _ = run(["parse", "--players", "Priya,Sam,Leo", "--me", "Sam", "Sam, any jacks?"], capsys)
    assert out.strip() == "none (you cannot ask yourself)"


def test_human_readable_lines(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(["parse", "--players", "Priya,Sam,Leo", "Priya — jacks!"], capsys)
    assert out.strip() == "ask Priya for J  (score 100)"
    _, out, _ = run(["parse", "--players", "Priya,Sam,Leo", "I love jacks"], capsys)
    assert out.strip() == "none"
    _, out, _ = run(["parse", "--players", "Priya,Sam,Leo", "Okay, my turn. Leo, any queens?"], capsys)
    assert out.strip() == "ask Leo for Q  (score 60, confirm)"


def test_aliases_and_computers_options(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["parse", "--players", "Priya,Sam,Leo", "--alias", "Priya=Grandma,Gran", "--computers", "Leo", "--json"]
    assert json.loads(run([*argv, "Grandma, sevens please"], capsys)[1])["target"] == "Priya"
    assert json.loads(run([*argv, "the computer, any sevens?"], capsys)[1])["target"] == "Leo"


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--players", "Priya,Priya"], "must differ"),
        (["--players", ","], "at least one name"),
        (["--players", "Priya,Sam", "--me", "Bob"], "not one of the players"),
        (["--rules", "nonsense"], "unknown rule"),
        (["--rules", "may_ask_for_held_card"], "only makes sense with authors"),
        (["--alias", "Grandma"], "PLAYER=NAME"),
        (["--alias", "Bob=Bobby"], "unknown players"),
        (["--computers", "Bob"], "unknown players"),
        (["--lang", "xx"], "no grammar for language"),
    ],
)
def test_bad_options_give_one_clear_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    code, out, err = run(["parse", *argv, "hello"], capsys)
    assert code == 2
    assert out == ""
    assert err.startswith("voicefish: ") and message in err and err.count("\n") == 1
    assert "Traceback" not in err


def test_help_describes_the_command(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["parse", "--help"])
    assert exc.value.code == 0
    out = capsys.readouterr().out
    assert "--players" in out and "--json" in out and "--me" in out and "authors" in out
