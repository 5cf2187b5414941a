"""Hold-out set B: big enough (one miss < 1 point per condition), hold-out material only, apart from set A and
from the tuning material, espeak-ng a minority, the same set every time."""

from __future__ import annotations

from collections import Counter

import pytest

from testspeech import HOLDOUT, TUNING_SEEDS, HoldoutError, assert_tuning, corpus, espeak_share, holdout_b
from testspeech.sets import plan
from testspeech.voices import HOLDOUT_SEEDS
from voicefish.speech.intents import INTENT_TYPES


def test_each_condition_has_over_100_asks_and_commands_and_30_talk_lines() -> None:
    samples = holdout_b.samples()
    for cond in holdout_b.CONDITIONS:
        here = [s for s in samples if s.condition == cond]
        said = [s for s in here if not s.utterance.is_talk]
        assert len(said) >= 100 and len([s for s in here if s.utterance.is_talk]) >= 30
        assert len({(s.utterance.text, s.utterance.players) for s in said}) == len(
            said
        )  # no utterance twice in a condition


def test_only_holdout_voices_and_its_own_seeds() -> None:
    samples = holdout_b.samples()
    assert {s.voice for s in samples} == set(HOLDOUT)
    assert espeak_share(s.voice for s in samples) <= 1 / 3
    seeds = {s.seed for s in samples}
    assert seeds == set(holdout_b.SEEDS) and not seeds & (set(TUNING_SEEDS) | set(HOLDOUT_SEEDS))
    assert max(Counter(s.voice for s in samples).values()) - min(Counter(s.voice for s in samples).values()) <= 3
    with pytest.raises(HoldoutError, match="seed 110"):
        assert_tuning(seeds=[110])
    plan("holdout", holdout_b.asks()[:3], seeds=holdout_b.SEEDS)  # the hold-out planner takes set B's seeds


def test_apart_from_set_a_and_tuning() -> None:
    names = {p for t in corpus.TABLES for p in t.players}
    assert not names & {p for t in holdout_b.TABLES for p in t.players}
    old = {u.text.lower() for u in corpus.all_utterances()}
    assert not old & {u.text.lower() for u in holdout_b.utterances()}


def test_expected_intents_are_well_formed_and_the_draw_is_fixed() -> None:
    for u in holdout_b.utterances():
        assert u.split == "holdout" and u.me in u.players
        if u.expected is not None:
            assert u.expected["type"] in INTENT_TYPES
            if "target" in u.expected:
                assert u.expected["target"] in u.players and u.expected["target"] != u.me
    assert holdout_b.samples() == holdout_b.samples()
    assert len(holdout_b.asks()) + len(holdout_b.commands()) >= holdout_b.PER_CONDITION
