"""Real human recordings (Debian pocketsphinx-testdata) load, and the game's pocketsphinx recognizer hears a person."""

from __future__ import annotations

import re

import numpy as np
import pytest

from testspeech import real

pytestmark = pytest.mark.skipif(real.unavailable() is not None, reason=str(real.unavailable()))

_CARD = re.compile(
    r"\b(ace|two|three|four|five|six|seven|eight|nine|ten|jack|queen|king) of (clubs|hearts|diamonds|spades)\b"
)


def test_recordings_load_with_transcripts() -> None:
    for audio, text in [*real.card_recordings(), *real.librivox_recordings(), real.goforward()]:
        assert audio.dtype == np.int16 and audio.ndim == 1
        assert 0.8 < audio.size / 16_000 < 30, text
        assert np.sqrt(np.mean(audio.astype(np.float64) ** 2)) > 100, text
        assert text and text == text.lower() and "<s>" not in text
    assert len(real.card_recordings()) == 5
    assert real.card_recordings()[0][1] == "ten of clubs"


def test_missing_recordings_say_what_to_install(tmp_path: object, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TESTSPEECH_REAL_DIR", str(tmp_path))
    assert "apt-get install pocketsphinx-testdata" in str(real.unavailable())
    with pytest.raises(real.RealSpeechMissing, match="pocketsphinx-testdata"):
        real.card_recordings()


def _card_grammar() -> str:
    """The game grammar's words for ranks and suits, with sentences of one or two cards (as the person says
    them: "ten of clubs", "four queen of clubs", "five five")."""
    from voicefish.speech.grammar import grammar_dir

    keep, lines = False, []
    for line in (grammar_dir() / "en.txt").read_text(encoding="utf-8").splitlines():
        if line.startswith("["):
            keep = line in ("[ranks]", "[suits]", "[numbers]")
        if keep:
            lines.append(line)
    sentences = [
        "{rank1} [of] {suit}",
        "{rank1} {rank1} [of] {suit}",
        "{rank1} {rank1}",
        "{rank1} [of] {suit} {rank1} [of] {suit}",
    ]
    return "\n".join([*lines, "[ask]", *sentences, ""])


@pytest.mark.slow
def test_sphinx_recognizer_hears_a_person_say_cards() -> None:
    """Most card names the person says are heard right; none is heard that was not said."""
    from voicefish.audio.sphinx import SphinxRecognizer
    from voicefish.rules import RuleSet
    from voicefish.speech.grammar import Grammar, TableContext

    ctx = TableContext(("Dealer", "Me"), me="Me", rules=RuleSet.parse("authors"))
    rec = SphinxRecognizer(ctx, grammar=Grammar.from_text(_card_grammar()))
    rec.set_table(ctx)
    said = heard_right = heard_wrong = 0
    for audio, text in real.card_recordings():
        truth = _CARD.findall(text)
        heard = _CARD.findall(rec.decode(audio).text)
        said += len(truth)
        heard_right += sum(1 for card in heard if card in truth)
        heard_wrong += sum(1 for card in heard if card not in truth)
    assert said == 6
    assert heard_right >= 4, f"{heard_right} of {said} card names heard"
    assert heard_wrong == 0
