"""Realistic speech in the table languages (issue 32): the language test voices and their fixed tuning / hold-out
split, the sound matcher reading a language's words with that language's sounds, and Whisper base hearing an
Italian ask said by festival's Italian voice (bench/languages_speech.py measures the rest)."""

from __future__ import annotations

import shutil

import numpy as np
import pytest

from testspeech import HoldoutError, available, synth
from testspeech.languages import (
    LANG_HOLDOUT,
    LANG_TUNING,
    LANG_VOICES,
    LANGUAGES,
    REALISTIC,
    assert_lang_tuning,
    language_of,
    split_rows,
)
from voicefish.audio.whisper import whisper_available
from voicefish.cards import Rank
from voicefish.speech.grammar import TableContext, load_grammar
from voicefish.speech.intents import Ask
from voicefish.speech.parser import Parser
from voicefish.speech.sounds import SoundMatcher

TABLE = TableContext(("Marco", "Giulia", "Luca"), me="Luca")


def test_each_language_has_fixed_disjoint_tuning_and_holdout_voices() -> None:
    for lang in LANGUAGES:
        tuning, holdout = LANG_TUNING[lang], LANG_HOLDOUT[lang]
        assert tuning and holdout and not set(tuning) & set(holdout)
        assert {language_of(v) for v in (*tuning, *holdout)} == {lang}
        if REALISTIC[lang]:  # espeak-ng at most a third where a realistic voice exists
            for side in (tuning, holdout):
                assert sum(LANG_VOICES[v].engine == "espeak" for v in side) <= len(side) / 3
    assert REALISTIC["it"] and not any(REALISTIC[lang] for lang in ("pl", "es", "nl", "pt"))

    # the Italian hold-out is another speaker than the tuning one
    def speakers(side: tuple[str, ...]) -> set[str]:
        return {LANG_VOICES[v].voice for v in side if LANG_VOICES[v].engine == "festival"}

    assert speakers(LANG_TUNING["it"]) and not speakers(LANG_TUNING["it"]) & speakers(LANG_HOLDOUT["it"])
    assert_lang_tuning("it", LANG_TUNING["it"])
    with pytest.raises(HoldoutError, match="it-festival-lp"):
        assert_lang_tuning("it", ["it-festival-pc", "it-festival-lp"])
    rows = list(range(9))
    tuned, held = split_rows(rows, "tuning"), split_rows(rows, "holdout")
    assert not set(tuned) & set(held) and sorted(tuned + held) == rows


@pytest.mark.audio
def test_festival_italian_reads_accented_words() -> None:
    """Festival's Italian voices read ISO-8859-1 only: UTF-8 "è" used to give no audio at all."""
    why = available("it-festival-lp")
    if why:
        pytest.skip(why)
    audio = synth("Luca, è il tuo turno: perché non peschi più?", "it-festival-lp", seed=1)
    x = audio.astype(np.float64)
    assert audio.size / 16_000 > 2.0 and np.sqrt(np.mean(x**2)) > 300


@pytest.mark.slow  # the Italian grammar's table holds 644 000 sentences: ~20 CPU-s to encode, shared below
@pytest.mark.skipif(shutil.which("espeak-ng") is None, reason="espeak-ng is not installed")
@pytest.mark.parametrize(
    ("heard", "meant"),
    [
        ("Giulia, aiuntere?", Ask("Giulia", Rank.THREE)),  # Whisper's run-together "hai un tre"
        ("Giulia, hai dei 7?", Ask("Giulia", Rank.SEVEN)),  # a digit is read in Italian, not as "seven"
        ("Marco, ai dei fanty?", Ask("Marco", Rank.JACK)),
    ],
)
def test_the_sound_matcher_reads_italian_with_italian_sounds(heard: str, meant: Ask) -> None:
    matcher = SoundMatcher(Parser(TABLE, load_grammar("it")))
    assert matcher.snap(heard).intent == meant


@pytest.mark.slow
@pytest.mark.audio
@pytest.mark.skipif(whisper_available() is not None, reason="faster-whisper is not installed")
def test_whisper_base_hears_an_italian_ask_said_by_festival_italian_voice() -> None:
    """The game's ear of an Italian table (Whisper base told Italian, the Italian grammar) on festival's female
    Italian voice (the hold-out speaker): the ask it hears is the one said."""
    why = available("it-festival-lp")
    if why:
        pytest.skip(why)
    from tests.audio import default_ear

    recognizer, _notice = default_ear(lang="it")
    recognizer.set_table(TABLE, None)
    heard = recognizer.decode(synth("Giulia, hai dei sette?", "it-festival-lp", seed=3))
    assert heard.intent == Ask("Giulia", Rank.SEVEN), heard.text
