"""The pocketsphinx backend's building blocks: pronunciations for unknown names and the table word graph."""

from __future__ import annotations

import math
import shutil
from collections import defaultdict

import pytest

from voicefish.audio.recognizer import RecognizerError
from voicefish.audio.sphinx import (
    ARPABET,
    SphinxRecognizer,
    Transition,
    build_fsg,
    ipa_to_arpabet,
    letters_to_arpabet,
    pronounce,
)
from voicefish.speech.grammar import TableContext, load_grammar


@pytest.mark.parametrize(
    ("ipa", "arpabet"),
    [
        ("pɹˈɪjə", "P R IH Y AH"),
        ("ˈeɪʃə", "EY SH AH"),
        ("mɐtˈeɪoʊ", "M AH T EY OW"),
        ("ʃɪvˈɔːn", "SH IH V AO N"),
        ("tʃˈɪdi", "CH IH D IY"),
        ("ɡɹˈændmɑː", "G R AE N D M AA"),
        ("nˈuːjɛn", "N UW Y EH N"),
    ],
)
def test_ipa_to_arpabet(ipa: str, arpabet: str) -> None:
    assert " ".join(ipa_to_arpabet(ipa)) == arpabet


def test_spelling_fallback_gives_valid_phones() -> None:
    for name in ("priya", "xiaoming", "oluwaseun", "zoe", "bjorn", "chidi", "quinn"):
        phones = letters_to_arpabet(name)
        assert phones and set(phones) <= ARPABET
    assert letters_to_arpabet("sam") == ["S", "AE", "M"]


@pytest.mark.skipif(shutil.which("espeak-ng") is None, reason="espeak-ng is not installed")
def test_pronounce_uses_espeak_and_handles_possessives() -> None:
    phones, source = pronounce("priya")
    assert source == "espeak-ng"
    assert phones[:2] == ["P", "R"]
    pos, _ = pronounce("priya's")
    assert pos == [*phones, "Z"]
    assert pronounce("priya", use_espeak=False)[1] == "spelling"


def paths(start: int, final: int, trans: list[Transition]) -> dict[str, float]:
    """Every word sequence the graph accepts, with its probability."""
    out: dict[int, list[Transition]] = defaultdict(list)
    for t in trans:
        out[t[0]].append(t)
    found: dict[str, float] = {}

    def walk(state: int, words: list[str], p: float) -> None:
        for _, to, q, w in out[state]:
            if to == final:
                key = " ".join([*words, w])
                found[key] = found.get(key, 0.0) + p * q
            if to != final or out[to]:
                walk(to, [*words, w], p * q)

    walk(start, [], 1.0)
    return found


def test_word_graph_accepts_exactly_the_sentences_each_equally_likely() -> None:
    sentences = ["score", "what's the score", "what's the score now", "sam sevens", "leo sevens", "sam any sevens"]
    start, final, trans = build_fsg(sentences)
    accepted = paths(start, final, trans)
    assert set(accepted) == set(sentences)
    for p in accepted.values():
        assert math.isclose(p, 1 / len(sentences))
    # shared suffixes are merged: far fewer transitions than words in the sentences
    assert len(trans) < sum(len(s.split()) for s in sentences)


def test_word_graph_of_a_real_table_is_small() -> None:
    g = load_grammar("en")
    ctx = TableContext(("Priya", "Sam", "Leo", "Mateo"), me="Mateo")
    sentences = sorted({s for s, _ in g.sentences(ctx)})
    start, final, trans = build_fsg(sentences)
    assert len(trans) < len(sentences) / 2
    probs: dict[int, float] = defaultdict(float)
    for frm, _to, p, _w in trans:
        probs[frm] += p
    assert all(math.isclose(v, 1.0) for v in probs.values())
    some = paths(start, final, [t for t in trans])  # full enumeration is fine at this size
    assert set(some) == set(sentences)


def test_garbage_loop_is_an_extra_way_through() -> None:
    _start, final, trans = build_fsg(["sam sevens"], garbage=["the", "cat"], garbage_weight=0.1)
    loop = {t for t in trans if t[3] in ("the", "cat")}
    assert loop and any(t[1] == final for t in loop)
    probs: dict[int, float] = defaultdict(float)
    for frm, _to, p, _w in trans:
        probs[frm] += p
    assert all(math.isclose(v, 1.0) for v in probs.values())


def test_without_espeak_names_are_spelled_out() -> None:
    rec = SphinxRecognizer(TableContext(("Priya", "Sam")), use_espeak=False)
    phones, source = rec.pronunciations["priya"]
    assert source == "spelling" and phones.startswith("P R")
    assert "priya sevens" in rec.sentences


def test_bad_model_folder_is_a_clear_error(tmp_path: object) -> None:
    with pytest.raises(RecognizerError, match="model incomplete"):
        SphinxRecognizer(model_dir=str(tmp_path))


def test_noise_floor_is_raised_only_where_the_audio_is_quieter() -> None:
    import numpy as np

    from voicefish.audio.sphinx import raise_noise_floor

    rng = np.random.default_rng(1)
    tone = (8000 * np.sin(np.arange(16000) * 2 * np.pi * 440 / 16000)).astype(np.int16)
    silent = np.concatenate([np.zeros(8000, np.int16), tone, np.zeros(8000, np.int16)])
    raised = raise_noise_floor(silent, 60.0)
    quiet_rms = float(np.sqrt(np.mean(raised[:8000] ** 2)))
    assert 50.0 < quiet_rms < 70.0  # digital silence brought up to about the floor
    assert np.array_equal(raised, raise_noise_floor(silent, 60.0))  # deterministic
    noisy = (silent + rng.normal(0, 200, len(silent))).astype(np.int16)
    assert np.array_equal(raise_noise_floor(noisy, 60.0), noisy.astype(np.float64))  # a real room: untouched
    assert np.array_equal(raise_noise_floor(silent, 0.0), silent.astype(np.float64))
