"""Every tuning and hold-out voice is speech a real recognizer understands: the game's pocketsphinx recognizer
(its grammar, no voice check) hears most of eight asks said by each."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from testspeech import HOLDOUT, TUNING, available, synth
from testspeech.corpus import asks
from voicefish.speech.grammar import TableContext
from voicefish.speech.intents import intent_to_json

if TYPE_CHECKING:
    from voicefish.audio.sphinx import SphinxRecognizer

Recognizers = dict[tuple[tuple[str, ...], str], "SphinxRecognizer"]


@pytest.fixture(scope="module")
def recognizers() -> Recognizers:
    """One recognizer per table, shared by the voices (start-up is the slow part)."""
    return {}


@pytest.mark.slow
@pytest.mark.parametrize("voice", TUNING + HOLDOUT)
def test_sphinx_hears_most_asks_of_each_voice(voice: str, recognizers: Recognizers) -> None:
    from voicefish.audio.sphinx import SphinxRecognizer

    if available(voice):
        pytest.skip(str(available(voice)))
    utterances = asks("tuning")[::13]  # eight asks, every phrasing, three tables
    right = 0
    for seed, u in enumerate(utterances):
        key = (u.players, u.me)
        if key not in recognizers:
            ctx = TableContext(u.players, me=u.me)
            recognizers[key] = SphinxRecognizer(ctx)
            recognizers[key].set_table(ctx)
        heard = recognizers[key].decode(synth(u.text, voice, seed=seed))
        right += intent_to_json(heard.intent) == u.expected
    assert len(utterances) == 8
    assert right >= 5, f"{voice}: {right} of 8 asks heard right"
