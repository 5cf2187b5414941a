"""The JSGF grammar really works in pocketsphinx: accepted, compact, and decodes real synthesized speech."""

from __future__ import annotations

import io
import re
import shutil
import subprocess
import wave

import numpy as np
import pytest

from voicefish.cards import Rank
from voicefish.rules import RuleSet
from voicefish.speech.grammar import TableContext, load_grammar
from voicefish.speech.intents import Ask, Count, Intent, ReadHand, Yes
from voicefish.speech.parser import Parser

ps = pytest.importorskip("pocketsphinx")

DICT_TABLE = TableContext(("sam", "leo", "ann"), me="ann")  # names that are in cmudict-en-us.dict


@pytest.fixture(scope="module")
def decoder() -> object:
    return ps.Decoder(loglevel="FATAL")


def test_jsgf_is_accepted_by_pocketsphinx(decoder: object) -> None:
    g = load_grammar("en")
    for ctx in (DICT_TABLE, TableContext(("sam", "leo", "ann"), me="ann", rules=RuleSet(authors=True))):
        jsgf = g.to_jsgf(ctx)
        assert jsgf.startswith("#JSGF V1.0;")
        decoder.add_jsgf_string("game", jsgf)  # type: ignore[attr-defined]
        decoder.activate_search("game")  # type: ignore[attr-defined]
    decoder.add_jsgf_string("hand", g.to_jsgf(DICT_TABLE, hand={Rank.SEVEN}))  # type: ignore[attr-defined]


def test_every_grammar_word_but_names_is_in_the_pocketsphinx_dictionary(decoder: object) -> None:
    g = load_grammar("en")
    ctx = TableContext(("Priya", "Sam", "Leo"), me="Sam", rules=RuleSet(authors=True), computers=frozenset({"Leo"}))
    missing = {w for w in g.vocabulary(ctx) if decoder.lookup_word(w) is None}  # type: ignore[attr-defined]
    assert missing == {"priya", "priya's"}
    assert "priya" in g.name_words(ctx)
    assert "sam" not in g.name_words(ctx)  # the speaker is nobody's target


def test_words_missing_from_the_dictionary_must_be_added_first(decoder: object) -> None:
    jsgf = load_grammar("en").to_jsgf(TableContext(("Priya", "Sam"), me="Sam"))
    with pytest.raises(ValueError):
        decoder.add_jsgf_string("priya", jsgf)  # type: ignore[attr-defined]
    decoder.add_word("priya", "P R IY AH", True)  # type: ignore[attr-defined]
    decoder.add_word("priya's", "P R IY AH Z", True)  # type: ignore[attr-defined]
    decoder.add_jsgf_string("priya", jsgf)  # type: ignore[attr-defined]


def test_jsgf_is_compact_rules_not_a_flat_list() -> None:
    g = load_grammar("en")
    six = TableContext(("Priya", "Sam", "Leo", "Ann", "Bob", "Cy"), me="Sam")
    jsgf = g.to_jsgf(six)
    sentences = sum(1 for _ in g.sentences(six))
    assert sentences > 2000
    assert len(jsgf) < 8000
    assert jsgf.count("\n") < 40
    # every rule that is referenced is defined exactly once
    defined = re.findall(r"^(?:public )?<([a-z_0-9]+)> =", jsgf, flags=re.M)
    used = set(re.findall(r"<([a-z_0-9]+)>", jsgf))
    assert sorted(defined) == sorted(set(defined))
    assert used == set(defined)


def _speech(text: str, voice: str) -> bytes:
    """espeak-ng speech as 16 kHz mono int16 with a faint noise floor (real microphones never give zeros)."""
    wav = subprocess.run(["espeak-ng", "-v", voice, "-s", "150", "--stdout", text], capture_output=True, check=True)
    with wave.open(io.BytesIO(wav.stdout)) as w:
        rate = w.getframerate()
        audio = np.frombuffer(w.readframes(w.getnframes()), dtype=np.int16).astype(np.float64)
    n = int(len(audio) * 16000 / rate)
    audio = np.interp(np.linspace(0, len(audio) - 1, n), np.arange(len(audio)), audio)
    audio += np.random.default_rng(len(text)).normal(0.0, 10.0, n)
    return bytes(np.clip(audio, -32768, 32767).astype(np.int16).tobytes())


@pytest.mark.slow
@pytest.mark.audio
@pytest.mark.skipif(shutil.which("espeak-ng") is None, reason="espeak-ng is not installed (scripts/system-deps.sh)")
def test_real_speech_decoded_with_the_grammar_parses_to_the_right_intent(decoder: object) -> None:
    g = load_grammar("en")
    decoder.add_jsgf_string("table", g.to_jsgf(DICT_TABLE))  # type: ignore[attr-defined]
    decoder.activate_search("table")  # type: ignore[attr-defined]
    parser = Parser(DICT_TABLE, g)
    cases: list[tuple[str, Intent]] = [
        ("sam do you have any jacks", Ask("sam", Rank.JACK)),
        ("leo give me all your sevens", Ask("leo", Rank.SEVEN)),
        ("ask leo for queens", Ask("leo", Rank.QUEEN)),
        ("sam any kings", Ask("sam", Rank.KING)),
        ("how many cards does sam have", Count("sam")),
        ("what's in my hand", ReadHand()),
        ("yes", Yes()),
        ("leo have you got any threes", Ask("leo", Rank.THREE)),
    ]
    right = 0
    heard = []
    for i, (text, intent) in enumerate(cases):
        for voice in ("en-us+f3" if i % 2 else "en-us",):
            decoder.start_utt()  # type: ignore[attr-defined]
            decoder.process_raw(_speech(text, voice), full_utt=True)  # type: ignore[attr-defined]
            decoder.end_utt()  # type: ignore[attr-defined]
            hyp = decoder.hyp()  # type: ignore[attr-defined]
            said = hyp.hypstr if hyp is not None else ""
            heard.append((text, said))
            right += parser.parse(said).intent == intent
    assert right >= 7, heard  # of 8; ~90 % was measured on clean espeak speech with such a grammar
