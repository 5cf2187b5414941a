"""The voice check's prompts: sentences of the table's grammar, asking the other players in turn."""

from __future__ import annotations

from pathlib import Path

import pytest

from voicefish.audio.sphinx import ADAPT_SCHEDULE, _adapt_kind
from voicefish.cards import Rank
from voicefish.speech.grammar import TableContext, load_grammar
from voicefish.speech.intents import Ask
from voicefish.speech.parser import Parser
from voicefish.table.phrases import LANGUAGES, phrasebook
from voicefish.table.voicecheck import CHECK_SENTENCES, prompts, sentence_of


@pytest.mark.parametrize(
    "players",
    [("Priya", "Sam", "Leo"), ("Grandma", "Mateo"), ("Zoë", "Ann-Marie", "Kai", "Ada", "Max", "Mia")],
)
def test_every_prompt_is_a_sentence_of_the_table_for_the_speaker(players: tuple[str, ...]) -> None:
    grammar = load_grammar("en")
    for speaker in players:
        sentences = dict(grammar.sentences(TableContext(players, me=speaker)))
        said = prompts(players, speaker, CHECK_SENTENCES + 2)
        assert len(said) == CHECK_SENTENCES + 2
        for p in said:
            assert p.sentence in sentences, p
            intent = sentences[p.sentence]
            assert isinstance(intent, Ask) and intent.target != speaker
            assert sentence_of(p.spoken) == p.sentence
            assert p.spoken[0].isupper() and p.spoken[-1] in ".?"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_language_asks_in_its_own_grammar(lang: str) -> None:
    """The voice check of every language is its own phrasebook's: each sentence is an ask its language's parser
    understands as that ask of that player; together they cover many ranks' sounds, then they repeat."""
    players = ("Marco", "Ania", "Sanne")
    parser = Parser(TableContext(players, me="Ania"), load_grammar(lang))
    said = prompts(players, "Ania", CHECK_SENTENCES + 1, lang)
    ranks = set()
    for p in said[:CHECK_SENTENCES]:
        named = [n for n in players if n in p.spoken]
        intent = parser.parse(p.spoken).intent
        assert named != ["Ania"] and isinstance(intent, Ask) and [intent.target] == named, (p.spoken, intent)
        ranks.add(intent.rank)
        assert p.spoken.lstrip("¿")[0].isupper() and p.spoken[-1] in ".?"
    assert len(ranks) == CHECK_SENTENCES and Rank.ACE in ranks, ranks
    assert said[CHECK_SENTENCES] == said[0]  # the sentences repeat (with 2 others, to the same player)
    if lang != "en":
        assert not set(said[0].sentence.split()) & {"do", "you", "have", "any", "give"}
        assert said[0].spoken == phrasebook(lang).check_prompt(0, "Sanne")


def test_prompts_ask_the_others_in_seat_order_after_the_speaker() -> None:
    said = prompts(("Priya", "Sam", "Leo", "Mateo"), "Leo", 4)
    assert [p.spoken for p in said] == [
        "Mateo, do you have any sevens?",
        "Ask Priya for kings.",
        "Sam, give me all your fives.",
        "Got any queens, Mateo?",
    ]
    assert prompts(("Priya",), "Priya", 4) == []
    assert prompts(("Priya", "Sam"), "Nobody", 4) == []
    assert prompts(("Priya", "Sam"), "Sam", 0) == []


def test_prompted_samples_are_estimated_from_every_one_on() -> None:
    """In the game a transform is re-estimated at the schedule's counts only; during the voice check (prompts a
    few seconds apart, before the deal) after every one from the first count on, so the check ends with a
    transform from all of it."""
    first, kind = ADAPT_SCHEDULE[0]
    assert _adapt_kind(first - 1, prompted=True) is None
    assert ADAPT_SCHEDULE == ((3, "diag"), (8, "full"))
    game = [_adapt_kind(n) for n in range(1, 17)]
    assert game == [None, None, "diag"] + [None] * 4 + ["full"] + [None] * 3 + ["full"] + [None] * 3 + ["full"]
    prompted = [_adapt_kind(n, prompted=True) for n in range(first, 12)]
    assert all(k is not None for k in prompted)
    assert prompted[0] == kind and prompted[-1] == ADAPT_SCHEDULE[-1][1]


def test_play_takes_the_voice_check_length_and_refuses_a_negative_one(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    from voicefish.cli import main

    with pytest.raises(SystemExit):
        main(["play", "--help"])
    assert "--voice-check N" in capsys.readouterr().out
    args = ["play", "--new", "--text", "--no-speech", "--players", "Ann", "--save", str(tmp_path / "s.json")]
    code = main([*args, "--config", str(tmp_path / "none.toml"), "--voice-check", "-1"])
    assert code == 2 and "no config file" in capsys.readouterr().err
    (tmp_path / "c.toml").write_text("voice_check = -2\n")
    code = main([*args, "--config", str(tmp_path / "c.toml")])
    assert code == 2 and capsys.readouterr().err.strip() == "voicefish: --voice-check must be between 0 (none) and 40"
    (tmp_path / "c.toml").write_text('voice_check = "lots"\n')
    code = main([*args, "--config", str(tmp_path / "c.toml")])
    assert code == 2 and "should be a whole number" in capsys.readouterr().err
    (tmp_path / "c.toml").write_text("voice_check = true\n")  # (TOML's true is not a number of sentences)
    code = main([*args, "--config", str(tmp_path / "c.toml")])
    assert code == 2 and "should be a whole number" in capsys.readouterr().err
