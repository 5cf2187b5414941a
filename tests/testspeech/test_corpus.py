"""The utterance corpus: well-formed expected intents, tuning and hold-out kept apart, and the parser's reading
of the text (the ceiling any recognizer's text can reach)."""

from __future__ import annotations

import re
from collections import Counter

import pytest

from testspeech import corpus
from voicefish.speech.grammar import TableContext
from voicefish.speech.intents import INTENT_TYPES, intent_to_json
from voicefish.speech.parser import Parser, ParseResult

RANK_CODES = set(corpus.RANKS)


def _parse(u: corpus.Utterance, cache: dict[tuple[tuple[str, ...], str], Parser] = {}) -> ParseResult:  # noqa: B006
    key = (u.players, u.me)
    if key not in cache:
        cache[key] = Parser(TableContext(u.players, me=u.me))
    return cache[key].parse(u.text)


def test_expected_intents_are_what_parse_json_prints() -> None:
    utterances = corpus.all_utterances()
    assert len(utterances) > 300
    for u in utterances:
        assert u.me in u.players and u.split in ("tuning", "holdout")
        if u.expected is None:
            continue
        kind = u.expected["type"]
        assert kind in INTENT_TYPES and kind not in ("none", "ambiguous"), u
        if kind == "ask":
            assert set(u.expected) == {"type", "target", "rank"}
            assert u.expected["rank"] in RANK_CODES
            assert u.expected["target"] in u.players and u.expected["target"] != u.me
        elif kind == "count":
            assert set(u.expected) == {"type", "target"} and u.expected["target"] in u.players
        else:
            assert set(u.expected) == {"type"}


def test_every_kind_and_rank_is_covered_in_both_splits() -> None:
    for split in ("tuning", "holdout"):
        asks = corpus.asks(split)
        assert {u.expected["rank"] for u in asks if u.expected} == RANK_CODES
        assert len({u.players for u in asks}) == 3
        kinds = {u.expected["type"] for u in corpus.commands(split) if u.expected}
        assert kinds >= {"read_hand", "score", "stock", "whose_turn", "count", "repeat", "pause", "quit"}
        assert {u.expected["type"] for u in corpus.answers(split) if u.expected} == {"yes", "no"}
        assert len(corpus.talk(split)) >= 30


def _shape(u: corpus.Utterance) -> str:
    """The phrasing without its names and rank words."""
    text = u.text.lower()
    for name in u.players:
        text = re.sub(rf"\b{name.lower()}\b", "N", text)
    for plural, singular in corpus.RANKS.values():
        text = re.sub(rf"\b({plural}|{singular})\b", "R", text)
    return text


def test_tuning_and_holdout_share_no_phrasing_and_no_player() -> None:
    for make in (corpus.asks, corpus.commands, corpus.answers, corpus.talk):
        tuning = {_shape(u) for u in make("tuning")}
        holdout = {_shape(u) for u in make("holdout")}
        assert not tuning & holdout, make.__name__
    players = {
        split: {p for t in corpus.TABLES if t.split == split for p in t.players} for split in ("tuning", "holdout")
    }
    assert not players["tuning"] & players["holdout"]


def test_some_names_are_not_in_the_pronouncing_dictionary() -> None:
    from voicefish.audio.sphinx import default_model_dir

    known = {
        line.split()[0].split("(")[0]
        for line in (default_model_dir() / "cmudict-en-us.dict").read_text(encoding="utf-8").splitlines()
        if line.strip()
    }
    for split in ("tuning", "holdout"):
        names = {p.lower() for t in corpus.TABLES if t.split == split for p in t.players}
        assert names - known, f"every {split} name is in cmudict"


@pytest.mark.parametrize("split", ["tuning", "holdout"])
def test_the_parser_understands_the_asks_as_text(split: str) -> None:
    asks = corpus.asks(split)  # type: ignore[arg-type]
    right = sum(intent_to_json(_parse(u).intent) == u.expected for u in asks)
    assert right >= 0.95 * len(asks), f"{right} of {len(asks)}"


@pytest.mark.parametrize("split", ["tuning", "holdout"])
def test_the_parser_acts_on_no_table_talk_without_asking(split: str) -> None:
    """Talk may at worst be a guess the game confirms; never a sure move."""
    results: Counter[str] = Counter()
    for u in corpus.talk(split):  # type: ignore[arg-type]
        r = _parse(u)
        moved = intent_to_json(r.intent)["type"] != "none"
        results["sure" if moved and not r.needs_confirm else "confirm" if moved else "none"] += 1
    assert results["sure"] == 0, results
