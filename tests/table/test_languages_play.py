"""The language choice wired through the table (issue 32): ``--lang`` and ``lang`` in the config, the default from
the system locale, the parser's grammar, the narrator's phrasebook, the regional preset suggested."""

from __future__ import annotations

import io
import locale
from pathlib import Path

import pytest

from tests.table.tablekit import make_table
from voicefish.cli import main
from voicefish.commands.language import LanguageError, check_language, default_language, english_only
from voicefish.rules import RuleSet
from voicefish.speech import intents as it
from voicefish.table.ears import ListenRequest, ScriptedEars, parse_for
from voicefish.table.loop import SeatSpec, TableLoop
from voicefish.table.phrases import command_phrases, phrasebook


@pytest.fixture(autouse=True)
def _own_folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))


def play(monkeypatch: pytest.MonkeyPatch, args: list[str], stdin: str) -> int:
    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    return main(["play", "--text", "--no-speech", *args])


def test_an_unknown_language_is_one_line_and_exit_2(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    save = tmp_path / "s.json"
    assert play(monkeypatch, ["--players", "Ann", "--lang", "xx", "--save", str(save)], "") == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err == ["voicefish: unknown language 'xx'; choose one of en, es, it, nl, pl, pt"]
    assert not save.exists()


def test_a_language_in_the_config_is_checked_and_used(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    config = tmp_path / "c.toml"
    config.write_text('lang = "klingon"\n', encoding="utf-8")
    assert play(monkeypatch, ["--players", "Ann", "--config", str(config), "--save", str(tmp_path / "a")], "") == 2
    assert "unknown language 'klingon'" in capsys.readouterr().err
    config.write_text('lang = "es"\n', encoding="utf-8")
    args = ["--players", "Ann", "--seats", "easy", "--seed", "1", "--config", str(config)]
    assert play(monkeypatch, [*args, "--save", str(tmp_path / "b")], "") == 0
    out, err = capsys.readouterr()
    assert phrasebook("es").everyone_gets(7) in out
    assert command_phrases("es").rules_hint("spanish") in err  # suggested, not forced
    assert RuleSet.parse("") == RuleSet()


def test_the_regional_preset_is_not_suggested_once_rules_are_chosen(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["--players", "Ann", "--seats", "easy", "--lang", "pl", "--rules", "polish", "--save", str(tmp_path / "s")]
    assert play(monkeypatch, args, "") == 0
    assert command_phrases("pl").rules_hint("polish") not in capsys.readouterr().err


@pytest.mark.parametrize(
    ("env", "want"),
    [("pl_PL.UTF-8", "pl"), ("pt_BR.UTF-8", "pt"), ("fr_FR.UTF-8", "en"), ("C.UTF-8", "en"), ("", "en")],
)
def test_the_default_language_comes_from_the_locale(monkeypatch: pytest.MonkeyPatch, env: str, want: str) -> None:
    monkeypatch.setattr(locale, "getlocale", lambda category=0: (None, None))
    for var in ("LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LANG", env)
    assert default_language() == want


def test_language_codes() -> None:
    assert check_language("PL") == "pl"
    assert check_language("es_ES") == "es"
    with pytest.raises(LanguageError, match="choose one of en, es, it, nl, pl, pt"):
        check_language("de")
    assert english_only("pocketsphinx", "pl")
    assert english_only("hybrid", "it")
    assert english_only("whisper", "pl") is None
    assert english_only("pocketsphinx", "en") is None


def test_the_table_parses_with_its_languages_grammar() -> None:
    request = ListenRequest(speaker="Ania", players=("Ania", "Marek", "Kasia"), hand=(), rules=RuleSet(), lang="pl")
    heard = parse_for(request, "Marku, masz siódemki?")
    assert isinstance(heard.intent, it.Ask) and heard.intent.target == "Marek"
    english = ListenRequest(speaker="Ania", players=("Ania", "Marek", "Kasia"), hand=(), rules=RuleSet())
    assert not isinstance(parse_for(english, "Marku, masz siódemki?").intent, it.Ask)


def test_the_table_speaks_its_language() -> None:
    table = make_table([0])
    loop = TableLoop(
        [SeatSpec("Ania"), SeatSpec("Marek", "easy")],
        RuleSet(),
        ears=ScriptedEars(["wynik", "ile kart zostało"]),
        outputs=table.outputs,
        games=1,
        seed=4,
        lang="pl",
    )
    loop.run()
    texts = table.public_texts()
    pl = phrasebook("pl")
    assert pl.everyone_gets(7) in texts
    assert any(t == pl.pond(n) for t in texts for n in range(53))  # "ile kart zostało", parsed in Polish


@pytest.mark.parametrize("narration", ["compact", "verbose"])
@pytest.mark.parametrize("lang", ["it", "pl", "es", "nl", "pt"])
def test_a_full_typed_game_has_no_english_left(
    lang: str, narration: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``voicefish play --text --lang LANG`` with piped input to the end of a game against a computer player: every
    line it prints (captions, private lines, the typed prompts) is in that language — the English-word check of
    test_phrases — and the typed asks, said as the phrasebook says them, are understood and played. The table has no
    speaker (its notice is said in the language too), and the disk is full for three saves in the middle of the game
    (said, then "saved again"). In compact narration (the default) and verbose."""
    import errno

    from tests.table.test_phrases import ENGLISH, SHARED, words
    from voicefish.audio import tts
    from voicefish.cards import Rank
    from voicefish.table import save as save_module
    from voicefish.table import saving
    from voicefish.table.save import SaveData

    book = phrasebook(lang)
    monkeypatch.setattr(tts, "make_speaker", lambda *a, **k: tts.CaptionSpeaker(io.StringIO()))  # no speaker here
    real_write, writes = save_module.write_save, [0]

    def full_disk_for_a_while(path: Path, data: SaveData) -> None:
        writes[0] += 1
        if 5 <= writes[0] < 8:
            raise OSError(errno.ENOSPC, "No space left on device")
        real_write(path, data)

    monkeypatch.setattr(saving, "write_save", full_disk_for_a_while)
    yes = book.YES_NO_PROMPT.split("/")[0]
    # every rank in turn, then "yes" (the answer when the table asks back about a rank Ania does not hold; said
    # otherwise, it gets "nothing to answer", which is said in the language too)
    script = [line for rank in list(Rank) * 8 for line in (book.ask_aloud("Marek", rank, None), yes)]
    save = tmp_path / "s.json"
    args = ["--lang", lang, "--players", "Ania", "--seats", "easy", "--bot-names", "Marek", "--games", "1"]
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(script) + "\n"))
    args += ["--narration", narration]
    assert main(["play", "--text", *args, "--seed", "5", "--save", str(save)]) == 0  # speech on: no speaker found
    out = capsys.readouterr().out
    assert not save.exists(), "the game did not reach its end"
    assert book.THANKS in out
    assert book.NO_SPEAKER in out and book.cannot_save(book.DISK_FULL) in out and book.SAVED_AGAIN in out
    # compact narration (the default): "Ania asks Marek for sevens: go fish." in the language
    asks = [book.asks_for("Ania", "Marek", rank, None) for rank in Rank]
    played = sum(out.count(ask if narration == "verbose" else ask.removesuffix(".") + ": ") for ask in asks)
    assert played >= 5, f"only {played} of Ania's typed asks were played"
    english = ENGLISH - SHARED[lang]
    lines = out.splitlines()
    assert len(lines) > 40
    for line in lines:
        left = words(line) & english
        assert not left, f"{lang}: {line!r} has English words {sorted(left)}"


def test_the_english_check_of_a_typed_game_can_fail(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from tests.table.test_phrases import ENGLISH, SHARED, words

    args = ["--lang", "en", "--players", "Ania", "--seats", "easy", "--bot-names", "Marek", "--games", "1"]
    assert play(monkeypatch, [*args, "--save", str(tmp_path / "s.json")], "") == 0
    assert words(capsys.readouterr().out) & (ENGLISH - SHARED["pl"])


SOMEONE = {"it": "qualcuno", "pl": "ktoś", "es": "alguien", "nl": "iemand", "pt": "alguém"}
OR = {"it": " o ", "pl": " albo ", "es": " o ", "nl": " of ", "pt": " ou "}


@pytest.mark.parametrize("lang", ["it", "pl", "es", "nl", "pt"])
def test_every_command_the_help_names_is_understood(lang: str) -> None:
    """What help tells a player they can say (``HELP_COMMANDS``) is understood by the language's grammar, the
    "someone" in it said as a player's name."""
    book = phrasebook(lang)
    listed = book.HELP_COMMANDS.split(":", 1)[1].rstrip(".").strip()
    head, _, last = listed.rpartition(OR[lang])
    phrases = [*head.split(", "), last]
    assert len(phrases) >= 9
    request = ListenRequest(speaker="Ania", players=("Ania", "Marek", "Kasia"), hand=(), rules=RuleSet(), lang=lang)
    for phrase in phrases:
        heard = parse_for(request, phrase.replace(SOMEONE[lang], "Marek"))
        assert not isinstance(heard.intent, it.NoIntent | it.Ask), f"{lang}: help names {phrase!r}, not understood"


def test_a_save_records_its_language_and_resume_speaks_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A game saved in Italian goes on in Italian — over the locale's and the config's language, which are only
    defaults for a new game — unless ``--lang`` is given on the command line; a save from before saves recorded their
    language (no ``lang``) is English."""
    import json

    from voicefish.table.save import load_save

    monkeypatch.setenv("LANG", "en_US.UTF-8")
    save = tmp_path / "s.json"
    args = ["--players", "Ania", "--seats", "easy", "--bot-names", "Marek", "--save", str(save)]
    assert play(monkeypatch, [*args, "--lang", "it", "--seed", "3"], "") == 0  # the input ends: saved, stopped
    capsys.readouterr()
    assert load_save(save).lang == "it"
    it_book, en_book = phrasebook("it"), phrasebook("en")
    config = tmp_path / "c.toml"
    config.write_text('lang = "en"\n', encoding="utf-8")
    assert play(monkeypatch, [*args, "--resume", "--config", str(config)], "") == 0
    out = capsys.readouterr().out
    assert it_book.welcome_back(1, 5) in out and en_book.welcome_back(1, 5) not in out
    assert play(monkeypatch, [*args, "--resume", "--lang", "en"], "") == 0
    out = capsys.readouterr().out
    assert en_book.welcome_back(1, 5) in out
    assert load_save(save).lang == "en"  # asked for: the game now goes on in English, and is saved so
    old = json.loads(save.read_text(encoding="utf-8"))
    del old["lang"]
    save.write_text(json.dumps(old), encoding="utf-8")
    assert load_save(save).lang == "en"
    old["lang"] = "xx"
    save.write_text(json.dumps(old), encoding="utf-8")
    assert play(monkeypatch, [*args, "--resume"], "") == 2
    assert "its language 'xx' is not one of en, it, pl, es, nl, pt" in capsys.readouterr().err
    assert json.loads(save.read_text(encoding="utf-8"))["lang"] == "xx"  # refused, and left as it was


@pytest.mark.parametrize("lang", ["en", "it", "pl", "es", "nl", "pt"])
def test_the_new_link_the_pages_tell_of_is_understood(lang: str) -> None:
    """The pages and the refusals tell a player to say or type a phrase for a new link (``NEW_LINK_HOW``, in
    quotes): that phrase is the new-link command of the table's grammar."""
    import re

    quoted = re.findall(r'[«„“"](.+?)[»”"]', phrasebook(lang).NEW_LINK_HOW)
    assert len(quoted) == 1
    request = ListenRequest(speaker="Ania", players=("Ania", "Marek"), hand=(), rules=RuleSet(), lang=lang)
    assert isinstance(parse_for(request, quoted[0]).intent, it.NewLink)
