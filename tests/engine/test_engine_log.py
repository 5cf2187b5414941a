"""The JSON Lines game log: write → read → replay round-trips, and every malformed or truncated log gets a
:class:`LogError` naming the line — never a traceback."""

from __future__ import annotations

import io
import json
import random
from pathlib import Path
from typing import Any

import pytest

from tests.engine.enginekit import names, play_random, random_rules
from voicefish.engine import Game, LogError
from voicefish.engine.log import game_lines, read_log, read_log_lines, replay, replay_all, write_game
from voicefish.rules import RuleSet


def _log_text(games: list[Game]) -> str:
    buf = io.StringIO()
    for g in games:
        write_game(buf, g)
    return buf.getvalue()


def _played(players: int, rules: RuleSet, seed: int) -> Game:
    game = Game(names(players), rules, seed=seed, game_number=1 + seed % 3)
    play_random(game, random.Random(seed))
    return game


def _tiebreak_game() -> Game:
    for seed in range(500):
        game = _played(3, RuleSet(sudden_death=True, authors=True), seed)
        if game.in_tiebreak:
            return game
    raise AssertionError("no tie-break found")


def _read_and_replay(text: str) -> list[Game]:
    return replay_all(read_log_lines(text.splitlines(keepends=True)))


def test_round_trip_many_games() -> None:
    games = [_played(2 + i % 5, random_rules(random.Random(i)), i) for i in range(60)]
    games.append(_tiebreak_game())
    text = _log_text(games)
    logged = read_log_lines(text.splitlines())
    assert len(logged) == len(games)
    assert all(lg.complete for lg in logged)
    again = replay_all(logged)
    for original, replayed in zip(games, again, strict=True):
        assert game_lines(replayed) == game_lines(original)
        assert replayed.winners == original.winners and replayed.scores == original.scores
        assert replayed.over
    # writing the replayed games gives the same bytes
    assert _log_text(again) == text


def test_every_line_is_one_json_object_with_the_documented_fields() -> None:
    game = _tiebreak_game()
    text = _log_text([game])
    required = {
        "game_start": {"event", "game", "seed", "players", "dealer", "rules", "deck"},
        "deal": {"event", "hands"},
        "turn": {"event", "player"},
        "ask": {"event", "player", "target", "rank", "card"},
        "give": {"event", "from", "to", "cards"},
        "go_fish": {"event", "player", "target"},
        "draw": {"event", "player", "card", "matched"},
        "book": {"event", "player", "rank", "cards"},
        "refill": {"event", "player", "cards"},
        "out": {"event", "player"},
        "game_end": {"event", "scores", "books", "winners"},
        "tiebreak_start": {"event", "players", "deck"},
        "tiebreak_end": {"event", "winner"},
    }
    seen = set()
    for line in text.splitlines():
        obj = json.loads(line)
        kind = obj["event"]
        seen.add(kind)
        assert required[kind] <= set(obj), f"{kind} lacks {required[kind] - set(obj)}"
    assert {"game_start", "deal", "turn", "ask", "game_end", "tiebreak_start", "tiebreak_end"} <= seen


def test_read_log_from_a_file_and_a_multi_game_file(tmp_path: Path) -> None:
    path = tmp_path / "games.jsonl"
    games = [_played(3, RuleSet(point_fish=True), s) for s in range(3)]
    path.write_text(_log_text(games), encoding="utf-8")
    logged = read_log(path)
    assert logged[0].start_line == 1
    assert [g.winners for g in replay_all(logged, path=str(path))] == [g.winners for g in games]


def test_a_log_ending_at_a_line_boundary_replays_to_where_it_stops() -> None:
    game = _played(3, RuleSet(), 3)
    lines = _log_text([game]).splitlines()
    for cut in (2, len(lines) // 3, len(lines) // 2, len(lines) - 1):
        logged = read_log_lines(lines[:cut])
        assert not logged[0].complete
        partial = replay(logged[0])
        assert game_lines(partial)[:cut] == [json.loads(x) for x in lines[:cut]]
        assert partial.over == (cut == len(lines) - 1)  # only the last ask's game_end was cut off


def _short_log() -> str:
    """Two short real games (about 3 kB: they end at the first empty hand) with most event kinds."""
    games = [
        _played(2, RuleSet(empty_hand_ends_game=True, pairs=True), 42),
        _played(3, RuleSet(empty_hand_ends_game=True, authors=True, pairs=True), 29),
    ]
    return _log_text(games)


@pytest.mark.slow
def test_truncated_at_every_byte_gives_log_error_naming_the_line_or_a_valid_prefix() -> None:
    text = _short_log()
    data = text.encode("utf-8")
    errors = 0
    for cut in range(len(data) + 1):
        part = data[:cut].decode("utf-8")
        try:
            _read_and_replay(part)
        except LogError as exc:
            errors += 1
            assert exc.line is not None and f"line {exc.line}" in str(exc)
            assert exc.line == part.count("\n") + 1, "the error names the cut line"
    # every cut inside a line is an error; a cut at a line's end (before or after its newline) is a
    # valid prefix, and so is the empty file
    assert errors == len(data) + 1 - 2 * text.count("\n") - 1


@pytest.mark.slow
def test_flipped_characters_give_log_error_never_a_traceback() -> None:
    text = _short_log()
    rng = random.Random(7)
    alphabet = '0123456789AJQKSHDC{}[]",:tfnael -x'
    errors = 0
    trials = 0
    for pos in range(len(text)):
        if text[pos] == "\n":
            continue
        for _ in range(1):
            repl = rng.choice(alphabet)
            if repl == text[pos]:
                continue
            trials += 1
            bad = text[:pos] + repl + text[pos + 1 :]
            try:
                _read_and_replay(bad)
            except LogError as exc:
                errors += 1
                assert exc.line is not None, f"no line named for a flip at {pos}: {exc}"
                at = text.count("\n", 0, pos) + 1  # the flipped line; a player renamed in game_start fails at the deal
                assert exc.line == at or (exc.line == at + 1 and "unknown player" in str(exc)), f"line {at}: {exc}"
    assert errors > trials * 0.8, f"only {errors} of {trials} flips were caught"


def _lines(game: Game) -> list[dict[str, Any]]:
    return [json.loads(json.dumps(o)) for o in game_lines(game)]


def _expect_error_at(objs: list[Any], line: int) -> LogError:
    text = "\n".join(o if isinstance(o, str) else json.dumps(o) for o in objs) + "\n"
    with pytest.raises(LogError) as info:
        _read_and_replay(text)
    assert info.value.line == line, str(info.value)
    assert f"line {line}" in str(info.value)
    return info.value


def test_specific_corruptions_name_their_line() -> None:
    base = _lines(_played(3, RuleSet(), 12))
    # not JSON
    _expect_error_at([*base[:4], "{not json", *base[5:]], 5)
    # an event before any game_start
    _expect_error_at(base[1:], 1)
    # unknown event kind
    _expect_error_at([*base[:3], {"event": "teleport"}, *base[4:]], 4)
    # not an object
    _expect_error_at([*base[:2], [1, 2], *base[3:]], 3)
    # a card that does not exist
    objs = [dict(o) for o in base]
    objs[0] = {**objs[0], "deck": ["ZZ", *objs[0]["deck"][1:]]}
    _expect_error_at(objs, 1)
    # the deck has a duplicate
    objs = [dict(o) for o in base]
    objs[0] = {**objs[0], "deck": [objs[0]["deck"][1], *objs[0]["deck"][1:]]}
    _expect_error_at(objs, 1)
    # an illegal ask (a rank the asker does not hold)
    i = next(k for k, o in enumerate(base) if o["event"] == "ask")
    objs = [dict(o) for o in base]
    asker_hand = {c[:-1] for c in base[1]["hands"][objs[i]["player"]]}
    missing = next(r for r in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K") if r not in asker_hand)
    objs[i] = {**objs[i], "rank": missing}
    _expect_error_at(objs, i + 1)
    # an event that disagrees with the rules (a draw of the wrong card)
    k = next(k for k, o in enumerate(base) if o["event"] == "draw")
    objs = [dict(o) for o in base]
    deck = base[0]["deck"]
    objs[k] = {**objs[k], "card": next(c for c in deck if c != base[k]["card"])}
    _expect_error_at(objs, k + 1)
    # an extra line after the end
    _expect_error_at([*base, {"event": "turn", "player": "Ann"}], len(base) + 1)
    # a missing field
    objs = [dict(o) for o in base]
    del objs[2]["player"]
    _expect_error_at(objs, 3)


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("game", "Infinity"),
        ("game", "NaN"),
        ("dealer", "1e999"),
        ("rules", "[1, 2]"),
        ("rules", "[null]"),
        ("players", '["Ann", "Ann", "Cy"]'),
        ("seed", "9" * 5000),
        ("deck", "[[[[]]]]"),
    ],
)
def test_odd_values_in_game_start_give_log_error(field: str, value: str) -> None:
    base = _lines(_played(3, RuleSet(), 12))
    start = json.dumps(base[0])
    key = f'"{field}":'
    i = start.index(key) + len(key)
    j = start.index(', "', i) if field != "deck" else len(start) - 1
    bad = start[:i] + " " + value + start[j:]
    text = "\n".join([bad, *(json.dumps(o) for o in base[1:])]) + "\n"
    with pytest.raises(LogError) as info:
        _read_and_replay(text)
    assert info.value.line == 1, str(info.value)


def test_deeply_nested_json_gives_log_error() -> None:
    with pytest.raises(LogError) as info:
        read_log_lines(["[" * 100_000 + "]" * 100_000])
    assert info.value.line == 1


def test_bad_tiebreak_deck_gives_log_error() -> None:
    base = _lines(_tiebreak_game())
    i = next(k for k, o in enumerate(base) if o["event"] == "tiebreak_start")
    for deck in (base[i]["deck"][:51], [base[i]["deck"][0], *base[i]["deck"][:51]]):
        objs = [dict(o) for o in base]
        objs[i] = {**objs[i], "deck": deck}
        _expect_error_at(objs, i + 1)


def test_files_that_are_not_text_or_missing(tmp_path: Path) -> None:
    with pytest.raises(LogError, match="cannot read"):
        read_log(tmp_path / "nope.jsonl")
    base = _lines(_played(2, RuleSet(), 1))
    path = tmp_path / "binary.jsonl"
    path.write_bytes((json.dumps(base[0]) + "\n").encode() + b"\xff\xfe garbage\n")
    with pytest.raises(LogError) as info:
        read_log(path)
    assert str(path) in str(info.value)
    assert info.value.line == 2, "the error names the line that is not UTF-8"
    empty = tmp_path / "empty.jsonl"
    empty.write_text("", encoding="utf-8")
    assert read_log(empty) == []


def test_the_documented_example_is_a_real_log() -> None:
    """The example in docs/game-log.md starts a real game: its first lines replay and verify."""
    doc = Path(__file__).resolve().parents[2] / "docs" / "game-log.md"
    text = doc.read_text(encoding="utf-8")
    block = text.split("## A real example", 1)[1].split("```", 2)[1]
    head = []
    for line in block.strip().splitlines():
        if line.strip() == "…":
            break
        head.append(line)
    assert len(head) > 5
    logged = read_log_lines(head)
    game = replay(logged[0])
    assert game_lines(game)[: len(head)] == [json.loads(x) for x in head]
    # the deal really starts left of the dealer, from the deck's front
    start, deal = json.loads(head[0]), json.loads(head[1])
    first = start["players"][(start["dealer"] + 1) % len(start["players"])]
    assert deal["hands"][first][0] == start["deck"][0]
