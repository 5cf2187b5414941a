"""Hold-out sets B and C: big enough (one miss < 1 point per condition), hold-out material only, apart from set A,
from each other and from the tuning material, espeak-ng a minority, the same set every time."""

from __future__ import annotations

from collections import Counter
from types import ModuleType

import pytest

from testspeech import (
    HOLDOUT,
    TUNING_SEEDS,
    HoldoutError,
    assert_tuning,
    corpus,
    espeak_share,
    holdout_b,
    holdout_c,
)
from testspeech.sets import plan
from testspeech.voices import HOLDOUT_SEEDS
from voicefish.speech.intents import INTENT_TYPES

SETS = pytest.mark.parametrize("held", [holdout_b, holdout_c], ids=["B", "C"])


@SETS
def test_each_condition_has_over_100_asks_and_commands_and_30_talk_lines(held: ModuleType) -> None:
    samples = held.samples()
    for cond in held.CONDITIONS:
        here = [s for s in samples if s.condition == cond]
        said = [s for s in here if not s.utterance.is_talk]
        assert len(said) >= 100 and len([s for s in here if s.utterance.is_talk]) >= 30
        assert len({(s.utterance.text, s.utterance.players) for s in said}) == len(
            said
        )  # no utterance twice in a condition


@SETS
def test_only_holdout_voices_and_its_own_seeds(held: ModuleType) -> None:
    samples = held.samples()
    assert {s.voice for s in samples} == set(HOLDOUT)
    assert espeak_share(s.voice for s in samples) <= 1 / 3
    seeds = {s.seed for s in samples}
    assert seeds == set(held.SEEDS) and not seeds & (set(TUNING_SEEDS) | set(HOLDOUT_SEEDS))
    assert max(Counter(s.voice for s in samples).values()) - min(Counter(s.voice for s in samples).values()) <= 3
    with pytest.raises(HoldoutError, match=f"seed {held.SEEDS[0]}"):
        assert_tuning(seeds=[held.SEEDS[0]])
    plan("holdout", held.asks()[:3], seeds=held.SEEDS)  # the hold-out planner takes the set's seeds


@SETS
def test_apart_from_set_a_and_tuning(held: ModuleType) -> None:
    names = {p for t in corpus.TABLES for p in t.players}
    assert not names & {p for t in held.TABLES for p in t.players}
    old = {u.text.lower() for u in corpus.all_utterances()}
    assert not old & {u.text.lower() for u in held.utterances()}


@SETS
def test_expected_intents_are_well_formed_and_the_draw_is_fixed(held: ModuleType) -> None:
    for u in held.utterances():
        assert u.split == "holdout" and u.me in u.players
        if u.expected is not None:
            assert u.expected["type"] in INTENT_TYPES
            if "target" in u.expected:
                assert u.expected["target"] in u.players and u.expected["target"] != u.me
    assert held.samples() == held.samples()
    assert len(held.asks()) + len(held.commands()) >= held.PER_CONDITION


def test_set_c_is_apart_from_set_b() -> None:
    assert not {p for t in holdout_b.TABLES for p in t.players} & {p for t in holdout_c.TABLES for p in t.players}
    assert not {u.text.lower() for u in holdout_b.utterances()} & {u.text.lower() for u in holdout_c.utterances()}
    assert not set(holdout_b.SEEDS) & set(holdout_c.SEEDS)
    assert [s.utterance.text for s in holdout_b.samples()[:2]] == [
        "what did you say?",
        "So Nadia, any jacks in your hand?",
    ]  # as drawn since 2 Dec
