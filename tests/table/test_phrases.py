"""The phrasebook in Italian, Polish, Spanish, Dutch and Portuguese (voicefish.table.phrases).

Every public function and constant of the English phrasebook must exist in each language with the same signature —
a sentence added to English fails here until it is translated. Each is called with representative arguments
(every rank, with and without an exact card, counts 1, 2, 5 and 22) and must give non-empty text with no English
word left; agreement is checked against the forms a speaker of each language uses.
"""

from __future__ import annotations

import importlib
import inspect
import itertools
import re
from collections.abc import Callable, Iterator
from types import ModuleType
from typing import Any

import pytest

from voicefish.cards import Card, Rank, Suit
from voicefish.table import phrasebook as en
from voicefish.table.phrases import phrasebook

LANGS = ["it", "pl", "es", "nl", "pt"]
NAMES = ["Marco", "Ania", "Carlos", "Sanne", "João"]
COUNTS = [1, 2, 5, 22]
MODELS = ["whisper-base", "vosk-model-small-it-0.22"]
PROGRAM = {"whisper", "pocketsphinx", "vosk", "voicefish", "models", "download", "backend", "s", "mb"}
"""Names kept as they are in every language: the recognizers, the commands and options a player types, units."""
REASON_KINDS = [
    "they_asked", "they_received", "they_showed", "they_hold", "counted", "most_cards", "not_asked",
    "looked_ahead", "persist", "hunch", "guess", "random",
]  # fmt: skip
"""Every kind of a computer player's reason (``voicefish.bots.base.Reason``)."""
HAND = [
    Card(Rank.SEVEN, Suit.HEARTS),
    Card(Rank.SEVEN, Suit.CLUBS),
    Card(Rank.ACE, Suit.SPADES),
    Card(Rank.KING, Suit.DIAMONDS),
]


def part_api(part: ModuleType) -> dict[str, object]:
    """What one part of a phrasebook defines itself: its functions and its sentence constants (not what it imports,
    and not the vocabulary helpers of a ``*_words`` module)."""
    out: dict[str, object] = {}
    for name, obj in vars(part).items():
        if name.startswith("_"):
            continue
        if (inspect.isfunction(obj) and obj.__module__ == part.__name__) or (isinstance(obj, str) and name.isupper()):
            out[name] = obj
    return out


def parts(lang: str) -> dict[str, ModuleType]:
    """A language's phrasebook by part, as English is split: what is said during play, and the setup part (the
    voice check, saves, devices, reveal, pages, links, terminal questions) the play module exposes."""
    play = phrasebook(lang)
    setup = importlib.import_module(f"voicefish.table.phrases.{lang}_setup")
    return {"play": play, "setup": setup}


def public_api() -> dict[str, object]:
    """What the English phrasebook defines itself, over both its parts."""
    return {name: obj for part in parts("en").values() for name, obj in part_api(part).items()}


def _values(param: inspect.Parameter, book: ModuleType) -> list[Any]:
    """Representative values for one parameter of a phrasebook function, chosen by its name."""
    name = param.name
    if name in {"asker", "target", "giver", "receiver", "player", "name", "dealer", "default"}:
        return [NAMES[{"giver": 1, "receiver": 2, "target": 1}.get(name, 0)]]
    if name in {"names", "candidates", "winners"}:
        return [NAMES[:1], NAMES[:2], NAMES[:3]]
    if name == "rank":
        return list(Rank)
    if name == "card":
        cards = [Card(Rank.QUEEN, Suit.CLUBS), Card(Rank.ACE, Suit.HEARTS), Card(Rank.SEVEN, Suit.SPADES)]
        return [None, *cards] if "None" in str(param.annotation) else cards
    if name in {"n", "count", "game", "games", "played", "best"}:
        return COUNTS
    if name == "reason":  # the parser's reasons an utterance is no move (voicefish.speech)
        return [
            "you cannot ask yourself",
            "no such player",
            "no rank named",
            "no one to ask",
            "too long",
            "who is speaking is not known",
            f"nobody called {NAMES[1]} is in this game",
            "something new",
        ]
    if name == "facts":
        return [
            [],
            [book.asked("", NAMES[1], Rank.SEVEN, None, 2, False)],
            [
                book.asked(NAMES[0], NAMES[1], Rank.ACE, None, 0, True),
                book.asked(NAMES[2], NAMES[1], Rank.KING, Card(Rank.KING, Suit.HEARTS), 0, False),
            ],
        ]
    recognizer: dict[str, list[Any]] = {"model": MODELS, "instead": MODELS[:1], "seconds": [3.14, 12.0]}
    recognizer |= {"limit": [2.5], "size_mb": [48]}  # a recognizer model's name (in no language), its times, size
    if name in {"players", "motive", "because"}:  # a computer player's reason, and how compact narration says it
        recognizer[name] = _reason_values(name, book)
    if name in recognizer:
        return recognizer[name]
    if name == "why":  # why pocketsphinx listens alone: the language's own words for Whisper's measured time
        return [book.whisper_too_slow(6.7, 2.5)]
    if name == "index":  # the voice check's sentences
        return list(range(8))
    if name == "problem":  # why a file could not be written: the language's own words for it
        return [book.DISK_FULL]
    if name == "output":  # a sound output's name ("" for the default one)
        return ["", "2"]
    if name in {"path", "spare"}:  # a file's place, in no language
        return ["/2026/12" if name == "path" else "/2026/13"]
    if name in {"pairs", "exact", "point_fish", "suits", "caught", "resumed", "again"}:
        return [False, True]
    if name == "unit":
        return [book.score_unit(p, q) for p in (False, True) for q in (False, True)]
    if name == "scores":
        return [book.score_line(book.SCORE_LABEL if book is not en else "Score", [(NAMES[0], 3), (NAMES[1], 1)])]
    if name == "label":
        return [book.session_score_label(3)]
    if name == "parts":
        return [[(NAMES[0], 3), (NAMES[1], 2), (NAMES[2], 0)]]
    if name in {"sentence", "text"}:  # a sentence of the table's (text: what was said to it, said again)
        return [book.THANKS]
    if name == "cards":
        return [HAND, HAND[:1], [Card(r, Suit.HEARTS) for r in Rank], []]
    if name == "ranks":
        return [[Rank.ACE], [Rank.JACK, Rank.QUEEN], list(Rank)]
    raise AssertionError(f"test_phrases has no sample values for a parameter named {name!r}: add them")


def _reason_values(name: str, book: ModuleType) -> list[Any]:
    """A computer player's reason (``motive``, every kind), the players it names, and (``because``) the clause of
    compact narration that says it (``--explain``), in the language's own words."""
    from voicefish.bots.base import Reason

    if name == "players":
        return [NAMES[:4]]
    if name == "motive":
        return [Reason(kind, 1, "Q", {"asks_ago": 0}) for kind in REASON_KINDS] + [Reason("random")]
    return ["", book.reason_clause(Reason("most_cards", 1, "7"), NAMES[:4])]


def calls(fn_name: str, book: ModuleType) -> Iterator[tuple[str, str]]:
    """Every (call description, sentence) for ``fn_name`` over the product of representative arguments."""
    obj = getattr(book, fn_name)
    if isinstance(obj, str):
        yield fn_name, obj
        return
    sig = inspect.signature(obj)
    params = list(sig.parameters.values())
    for combo in itertools.product(*[_values(p, book) for p in params]):
        args = [v for p, v in zip(params, combo, strict=True) if p.kind != p.KEYWORD_ONLY]
        kwargs = {p.name: v for p, v in zip(params, combo, strict=True) if p.kind == p.KEYWORD_ONLY}
        out = obj(*args, **kwargs)
        text = " ".join(out) if isinstance(out, tuple) else out
        yield f"{fn_name}{combo!r}", text


def words(text: str) -> set[str]:
    """Words, an apostrophe kept inside one ("you're", "l'asso", "c'è")."""
    return {w.lower() for w in re.findall(r"[^\W\d_]+(?:['’][^\W\d_]+)*", text)}


# Words of the English phrasebook that are also ordinary words of a language (or names of the game its rule text
# keeps in English) and so may appear in a correct translation.
SHARED = {
    "it": {"a", "e", "i", "in", "no", "me", "per", "private", "computer", "go", "fish", "javascript", "qr"},
    "pl": {"a", "i", "no", "to", "go", "do", "link", "was", "ten", "enter", "qr", "model"},
    "es": {"a", "no", "has", "javascript", "qr", "terminal"},
    "nl": {"is", "in", "hand", "help", "we", "me", "link", "sorry", "go", "fish", "of", "rest", "later", "model"}
    | {
        "over",
        "scan",
        "code",
        "codes",
        "links",
        "start",
        "open",
        "javascript",
        "qr",
        "enter",
        "live",
        "computer",
        "terminal",
    },
    "pt": {
        "a",
        "e",
        "o",
        "no",
        "do",
        "link",
        "as",
        "tens",
        "me",
        "links",
        "use",
        "javascript",
        "qr",
        "enter",
        "terminal",
    },
}


def english_words() -> set[str]:
    """The words the English phrasebook says over the same representative calls, less the players' names, the
    models' names and :data:`PROGRAM`."""
    out: set[str] = set()
    for name in public_api():
        for _, text in calls(name, en):
            out |= words(text)
    return out - {n.lower() for n in NAMES} - words(" ".join(MODELS)) - PROGRAM


ENGLISH = english_words()


@pytest.mark.parametrize("lang", LANGS)
def test_every_english_sentence_exists_with_the_same_signature(lang: str) -> None:
    book = phrasebook(lang)
    missing, wrong = [], []
    for name, obj in public_api().items():
        theirs = getattr(book, name, None)
        if theirs is None:
            missing.append(name)
        elif isinstance(obj, str):
            if not isinstance(theirs, str):
                wrong.append(f"{name} is not a sentence")
        elif not callable(theirs) or str(inspect.signature(theirs)) != str(inspect.signature(obj)):  # type: ignore[arg-type]
            wrong.append(f"{name}{inspect.signature(theirs)} != {name}{inspect.signature(obj)}")  # type: ignore[arg-type]
    assert not missing, f"{lang}: not translated yet: {', '.join(missing)}"
    assert not wrong, f"{lang}: " + "; ".join(wrong)


def _defines(module: ModuleType, name: str) -> bool:
    """``module`` itself defines ``name`` (a function written there, or a sentence it holds itself)."""
    obj = getattr(module, name, None)
    return obj.__module__ == module.__name__ if inspect.isfunction(obj) else name in vars(module)


@pytest.mark.parametrize("lang", LANGS)
def test_each_sentence_is_in_the_same_part_as_in_english(lang: str) -> None:
    """A translator finds a sentence in the same file as in English: the setup sentences in ``<lang>_setup``, the
    rest in ``<lang>`` itself."""
    setup = parts(lang)["setup"]
    english_setup = part_api(parts("en")["setup"])
    assert len(english_setup) > 50
    for name in public_api():
        if name in english_setup:
            assert _defines(setup, name), f"{lang}: {name} belongs in {setup.__name__}"
        else:
            assert not _defines(setup, name), f"{lang}: {name} is said during play, not in {setup.__name__}"


@pytest.mark.parametrize("lang", ["en", *LANGS])
def test_the_table_loads_every_part_through_one_module(lang: str) -> None:
    """Every sentence of a language's setup part (and of a translation's ``_words``, every vocabulary function) is
    what its phrasebook module gives: the table and the pages load that one module."""
    book = phrasebook(lang)
    words = [] if lang == "en" else [importlib.import_module(f"voicefish.table.phrases.{lang}_words")]
    for module in [parts(lang)["setup"], *words]:
        shown = [n for n, o in vars(module).items() if not n.startswith("_") and (inspect.isfunction(o) or n.isupper())]
        assert len(shown) > 5
        for name in shown:
            assert getattr(book, name, None) is getattr(module, name), f"{lang}: {module.__name__}.{name} not exposed"


@pytest.mark.parametrize("lang", LANGS)
def test_every_sentence_is_said_with_no_english_left(lang: str) -> None:
    book = phrasebook(lang)
    english = ENGLISH - SHARED[lang]
    seen = 0
    for name in public_api():
        for call, text in calls(name, book):
            seen += 1
            assert text.strip(), f"{lang}: {call} is empty"
            left = words(text) & english
            assert not left, f"{lang}: {call} -> {text!r} has English words {sorted(left)}"
    assert seen > 500


def test_the_check_finds_english() -> None:
    """The no-English check is not vacuous: the English phrasebook fails it for every language."""
    for lang in LANGS:
        english = ENGLISH - SHARED[lang]
        assert words(en.hand(HAND, suits=False)) & english
        assert words(en.go_fish_pond_empty("Marco")) & english


def test_go_fish_as_the_rule_texts_name_it() -> None:
    says = {"it": "Go Fish!", "pl": "Idź na ryby!", "es": "¡Ve a pescar!", "nl": "Go Fish!", "pt": "Vá pescar!"}
    for lang, fish in says.items():
        book = phrasebook(lang)
        assert book.go_fish_draws("Marco").startswith(fish)
        assert book.go_fish_pond_empty("Marco").startswith(fish)


def test_language_choice() -> None:
    assert phrasebook("en") is en
    assert phrasebook("pl_PL").__name__.endswith(".pl")
    assert phrasebook("PT-br").__name__.endswith(".pt")
    with pytest.raises(ValueError, match="no phrasebook for language 'xx'"):
        phrasebook("xx")


# --- agreement ------------------------------------------------------------------------------

# singular, plural of every rank, in rank order A 2 … 10 J Q K
RANKS = {
    "it": "asso assi|due due|tre tre|quattro quattro|cinque cinque|sei sei|sette sette|otto otto|nove nove|"
    "dieci dieci|fante fanti|donna donne|re re",
    "es": "as ases|dos doses|tres treses|cuatro cuatros|cinco cincos|seis seises|siete sietes|ocho ochos|"
    "nueve nueves|diez dieces|jota jotas|reina reinas|rey reyes",
    "pt": "ás ases|dois dois|três três|quatro quatros|cinco cincos|seis seis|sete setes|oito oitos|nove noves|"
    "dez dez|valete valetes|dama damas|rei reis",
    "nl": "aas azen|twee tweeën|drie drieën|vier vieren|vijf vijven|zes zessen|zeven zevens|acht achten|"
    "negen negens|tien tienen|boer boeren|vrouw vrouwen|heer heren",
    "pl": "as asy|dwójka dwójki|trójka trójki|czwórka czwórki|piątka piątki|szóstka szóstki|siódemka siódemki|"
    "ósemka ósemki|dziewiątka dziewiątki|dziesiątka dziesiątki|walet walety|dama damy|król króle",
}
# Polish: accusative singular and genitive plural of every rank
PL_ACC_GEN = (
    "asa asów|dwójkę dwójek|trójkę trójek|czwórkę czwórek|piątkę piątek|szóstkę szóstek|siódemkę siódemek|"
    "ósemkę ósemek|dziewiątkę dziewiątek|dziesiątkę dziesiątek|waleta waletów|damę dam|króla króli"
)
FEMININE = {"it": {Rank.QUEEN}, "es": {Rank.JACK, Rank.QUEEN}, "pt": {Rank.QUEEN}}


def _forms(spec: str) -> dict[Rank, tuple[str, str]]:
    pairs = [tuple(p.split()) for p in spec.split("|")]
    return {r: (p[0], p[1]) for r, p in zip(Rank, pairs, strict=True)}


@pytest.mark.parametrize("lang", LANGS)
def test_every_rank_singular_and_plural(lang: str) -> None:
    book = phrasebook(lang)
    for rank, (sg, pl) in _forms(RANKS[lang]).items():
        assert book.rank_name(rank) == sg
        assert book.rank_plural(rank) == pl
        assert book.rank_count(rank, 2).endswith(f" {pl}")
        assert book.rank_count(rank, 5).endswith(f" {pl}" if lang != "pl" else f" {_forms(PL_ACC_GEN)[rank][1]}")


@pytest.mark.parametrize("n", COUNTS)
def test_polish_numeral_agreement(n: int) -> None:
    pl = phrasebook("pl")
    cards = {1: "jedną kartę", 2: "dwie karty", 5: "pięć kart", 22: "22 karty"}[n]
    assert pl.everyone_gets(n) == f"Każdy dostaje {cards}."
    assert pl.refills("Ania", n).endswith(f" {cards}.")
    for rank, (acc, gen) in _forms(PL_ACC_GEN).items():
        nom_pl = _forms(RANKS["pl"])[rank][1]
        fem = rank not in {Rank.ACE, Rank.JACK, Rank.KING}
        expected = {1: acc, 2: f"{'dwie' if fem else 'dwa'} {nom_pl}", 5: f"pięć {gen}", 22: f"22 {nom_pl}"}[n]
        said = pl.gives("Marek", "Ania", rank, n, None)
        assert said.startswith(f"Marek ma {expected}. Ania "), said
        assert said.endswith(" je bierze." if n > 1 else (" ją bierze." if fem else " go bierze."))


def test_polish_cases_for_every_rank() -> None:
    pl = phrasebook("pl")
    for rank, (acc, gen) in _forms(PL_ACC_GEN).items():
        assert pl.miss_plays_next("Marek", rank, None).startswith(f"Marek nie ma {gen}.")
        assert pl.lays_down("Ania", rank, False) == f"Ania wykłada zestaw {gen}."
        assert pl.lays_down("Ania", rank, True) == f"Ania wykłada parę {gen}."
        assert pl.lucky("Ania", Card(rank, Suit.CLUBS), exact=True).startswith(f"Szczęście! Ania dobiera {acc} trefl,")
    assert pl.hand(HAND, suits=False) == "Masz cztery karty: asa, dwie siódemki i króla."
    assert pl.dealt_hand(HAND, suits=False) == "Twoje karty: as, dwie siódemki i król."
    assert pl.hand(HAND, suits=True) == "Masz cztery karty: asa pik; siódemki trefl i kier; króla karo."
    assert pl.session_score_label(1) == "Wynik sesji po jednej grze"
    assert pl.session_score_label(5) == "Wynik sesji po pięciu grach"
    assert pl.game_over(["Ania"], 5, pl.score_unit(False, False), "").startswith(
        "Koniec gry. Wygrywa Ania, zdobywając pięć zestawów!"
    )
    assert "każdy ma dwa punkty" in pl.game_over(["Ania", "Marek"], 2, pl.score_unit(True, False), "")
    assert "każdy ma jeden punkt" in pl.game_over(["Ania", "Marek"], 1, pl.score_unit(True, False), "")


@pytest.mark.parametrize("lang", ["it", "es", "pt"])
def test_articles_and_gender_for_every_rank(lang: str) -> None:
    book = phrasebook(lang)
    for rank, (sg, _) in _forms(RANKS[lang]).items():
        fem = rank in FEMININE[lang]
        card = book.card_name(Card(rank, Suit.HEARTS))
        one = book.rank_count(rank, 1)
        if lang == "it":
            article = "l'" if sg[0] in "aeiou" else ("la " if fem else "il ")
            assert card == f"{article}{sg} di cuori"
            assert one == f"{'una' if fem else 'un'} {sg}"
            assert book.miss_plays_next("Marco", rank, None).startswith(
                f"Marco non ha {'nessuna' if fem else 'nessun'} {sg}."
            )
        elif lang == "es":
            assert card == f"{'la' if fem else 'el'} {sg} de corazones"
            assert one == f"{'una' if fem else 'un'} {sg}"
            assert book.gives("Ana", "Carlos", rank, 2, None).endswith(f"se {'las' if fem else 'los'} lleva.")
        else:
            assert card == f"{'a' if fem else 'o'} {sg} de copas"
            assert one == f"{'uma' if fem else 'um'} {sg}"
            assert book.rank_count(rank, 2).startswith("duas " if fem else "dois ")
            assert book.ask_aloud("João", rank, None) == f"João, você tem {'alguma' if fem else 'algum'} {sg}?"


def test_italian_articles_by_sound() -> None:
    it = phrasebook("it")
    assert it.asks_for("Marco", "Ania", Rank.ACE, None) == "Marco chiede ad Ania gli assi."
    assert it.asks_for("Marco", "Ania", Rank.EIGHT, None) == "Marco chiede ad Ania gli otto."
    assert it.asks_for("Marco", "Ania", Rank.JACK, None) == "Marco chiede ad Ania i fanti."
    assert it.asks_for("Marco", "Ania", Rank.QUEEN, None) == "Marco chiede ad Ania le donne."
    assert it.ask_aloud("Ania", Rank.ACE, None) == "Ania, hai degli assi?"
    assert it.ask_aloud("Ania", Rank.QUEEN, None) == "Ania, hai delle donne?"
    assert it.ask_aloud("Ania", Rank.KING, None) == "Ania, hai dei re?"
    assert it.indefinite(it.Noun("ora", fem=True)) == "un'ora"
    assert it.indefinite(it.Noun("zaino")) == "uno zaino"
    assert it.definite(it.Noun("zaino"), plural=True) == "gli zaini"
    assert it.gives("Marco", "Ania", Rank.QUEEN, 3, None) == "Marco ha tre donne. Ania le prende."
    assert it.gives("Marco", "Ania", Rank.JACK, 1, None) == "Marco ha un fante. Ania lo prende."


@pytest.mark.parametrize("lang", ["it", "es", "pt", "nl"])
@pytest.mark.parametrize("n", COUNTS)
def test_counts_agree(lang: str, n: int) -> None:
    expected = {
        "it": {1: "una carta", 2: "due carte", 5: "cinque carte", 22: "22 carte"},
        "es": {1: "una carta", 2: "dos cartas", 5: "cinco cartas", 22: "22 cartas"},
        "pt": {1: "uma carta", 2: "duas cartas", 5: "cinco cartas", 22: "22 cartas"},
        "nl": {1: "één kaart", 2: "twee kaarten", 5: "vijf kaarten", 22: "22 kaarten"},
    }[lang][n]
    assert expected in phrasebook(lang).everyone_gets(n)
    hand = [Card(r, s) for r in Rank for s in Suit][:n]
    assert phrasebook(lang).hand(hand, suits=False).split(":")[0].endswith(expected)


def test_spanish_conjunctions_by_sound() -> None:
    es = phrasebook("es")
    assert es.your_ranks([Rank.SEVEN, Rank.EIGHT]) == "Puedes pedir sietes u ochos."
    assert es.some_get(["Carlos", "Isabel"], 5) == "Carlos e Isabel reciben cinco cartas cada uno."
    assert es.join(["Ana", "Hielo"]) == "Ana y Hielo"


def test_dutch_plurals_by_rule() -> None:
    nl = phrasebook("nl")
    got = {w: nl.pluralize(w) for w in ["kaart", "boek", "paar", "punt", "spel", "huis", "brief", "kat", "boom"]}
    assert got == {
        "kaart": "kaarten",
        "boek": "boeken",
        "paar": "paren",
        "punt": "punten",
        "spel": "spellen",
        "huis": "huizen",
        "brief": "brieven",
        "kat": "katten",
        "boom": "bomen",
    }
    assert nl.lays_down("Sanne", Rank.ACE, False) == "Sanne legt een boek azen neer."


def test_pronoun_follows_the_card() -> None:
    """With an exact card (``authors``) the pronoun agrees with that card's gender."""
    queen = Card(Rank.QUEEN, Suit.CLUBS)
    assert (
        phrasebook("it").gives("Marco", "Ania", Rank.QUEEN, 1, queen) == "Marco ha la donna di fiori. Ania la prende."
    )
    assert phrasebook("es").gives("Ana", "Carlos", Rank.QUEEN, 1, queen).endswith("Carlos se la lleva.")
    assert phrasebook("pt").gives("Ana", "João", Rank.QUEEN, 1, queen).endswith("João fica com ela.")
    assert phrasebook("pl").gives("Marek", "Ania", Rank.QUEEN, 1, queen) == "Marek ma damę trefl. Ania ją bierze."


def test_italian_euphonic_d() -> None:
    it = phrasebook("it")
    assert it.goes_again("Anna") == "Tocca ancora ad Anna."
    assert it.goes_again("Marco") == "Tocca ancora a Marco."
    assert it.join(["Marco", "Elena"]) == "Marco ed Elena"


# --- whole games told in each language ----------------------------------------------------

RULE_SETS = ["", "pairs", "authors", "authors,continuous", "point_fish", "pairs,point_fish"]


@pytest.mark.parametrize("lang", LANGS)
def test_seeded_games_are_narrated_with_no_english_left(lang: str) -> None:
    """The real narrator of a table in ``lang`` over seeded games of computer players (every rule set above): every
    public and private sentence (the score's label too) must come out with no English word left, in compact narration
    (even seeds) and verbose (odd seeds), the odd seats told as computer players (compact: their turns unannounced,
    their going on unsaid)."""
    import random

    from tests.table import narration_check
    from voicefish.bots import make_player
    from voicefish.engine.session import Session
    from voicefish.rules import RuleSet
    from voicefish.table import narrator as narrator_module

    english = ENGLISH - SHARED[lang]
    said = 0
    for rules_text in RULE_SETS:
        rules = RuleSet.parse(rules_text)
        for seed in range(6):
            n = 2 + seed % 5
            names = NAMES[:n] + ["Eve"][: max(0, n - len(NAMES))]
            game = Session(names, rules, games=1, seed=seed).next_game()
            kinds = narration_check.KINDS
            players = [make_player(kinds[(seed + s) % len(kinds)], random.Random(seed * 10 + s)) for s in range(n)]
            computers = frozenset(range(1, n, 2))
            teller = narrator_module.Narrator(names, rules, computers, lang, verbose=seed % 2 == 1)
            seen = 0
            for _ in range(narration_check.MAX_ACTIONS):
                full = game.log_events()
                messages = [m for _, m in teller.public_indexed(game.public_view().events[seen:], game.current)]
                for seat in range(n):
                    messages += [m for _, m in teller.private_indexed(seat, game.view(seat).events[seen:])]
                for m in messages:
                    said += 1
                    assert m.text.strip()
                    left = words(m.text) & english
                    assert not left, f"{lang} {rules_text!r} seed {seed}: {m.text!r} has English {sorted(left)}"
                seen = len(full)
                if game.over:
                    break
                current = game.current
                assert current is not None
                game.apply(players[current].decide(game.view(current)).action)
    assert said > 500


# --- a computer player's reasons (English: voicefish.bots.reasons.describe) ------------------


def reason_calls(describe: Callable[..., str]) -> Iterator[tuple[str, str]]:
    from voicefish.bots.base import Reason

    players = NAMES[:4]
    for kind, rank, ago, asker in itertools.product(REASON_KINDS, list(Rank), [0, 3, 9], [None, 0]):
        reason = Reason(kind, 1, rank.code, {"asks_ago": ago})
        yield f"{kind} {rank.code} {ago} {asker}", describe(reason, players, asker=asker)
    for asker in (None, 2):
        yield f"random {asker}", describe(Reason("random"), players, asker=asker)


@pytest.mark.parametrize("lang", LANGS)
def test_computer_reasons_in_every_language(lang: str) -> None:
    from voicefish.bots import reasons

    book = phrasebook(lang)
    assert str(inspect.signature(book.describe_reason)) == str(inspect.signature(reasons.describe))
    english_said = dict(reason_calls(reasons.describe))
    english = set().union(*(words(t) for t in english_said.values())) - {n.lower() for n in NAMES} - SHARED[lang]
    said = dict(reason_calls(book.describe_reason))
    for call, text in said.items():
        assert text.strip()
        left = words(text) & english
        assert not left, f"{lang}: {call} -> {text!r} has English words {sorted(left)}"
    # as many different sentences as English has: no reason falls back to another's words
    assert len(set(said.values())) == len(set(english_said.values()))


def test_polish_reasons_agree_with_the_name() -> None:
    from voicefish.bots.base import Reason

    pl = phrasebook("pl")
    asked = Reason("they_asked", 1, "Q", {"asks_ago": 0})
    assert pl.describe_reason(asked, ["Marek", "Ania"], asker=0) == (
        "Marek pyta, czy Ania ma damy, bo Ania prosiła o damy przed chwilą."
    )
    assert pl.describe_reason(asked, ["Ania", "Marek"], asker=0) == (
        "Ania pyta, czy Marek ma damy, bo Marek prosił o damy przed chwilą."
    )
    showed = Reason("they_showed", 1, "K")
    assert pl.describe_reason(showed, ["Ania", "Marek"]) == "Bo Marek wyciągnął króla i pokazał go wszystkim."


@pytest.mark.parametrize("n", COUNTS)
def test_pond_and_card_counts_agree(n: int) -> None:
    """``pond`` and ``has_cards`` (translated ahead of h-table's English ones)."""
    pl = phrasebook("pl")
    nom = {1: "jest jedna karta", 2: "są dwie karty", 5: "jest pięć kart", 22: "są 22 karty"}[n]
    assert pl.pond(n) == f"Na stosie {nom}."
    assert (
        pl.has_cards("Ania", n)
        == "Ania ma " + {1: "jedną kartę", 2: "dwie karty", 5: "pięć kart", 22: "22 karty"}[n] + "."
    )
    assert phrasebook("es").pond(n) == (
        "Queda una carta en la pila." if n == 1 else f"Quedan {phrasebook('es').number(n)} cartas en la pila."
    )
    assert phrasebook("nl").pond(n).startswith("Er ligt één kaart" if n == 1 else "Er liggen ")
    assert (
        phrasebook("pt").has_cards("Ana", n)
        == "Ana tem " + {1: "uma carta", 2: "duas cartas", 5: "cinco cartas", 22: "22 cartas"}[n] + "."
    )
    assert phrasebook("it").pond(n) == (
        "Nel tallone c'è una carta." if n == 1 else f"Nel tallone ci sono {phrasebook('it').number(n)} carte."
    )


# --- compact narration: an ask and its outcome in one sentence ---------------------------------


@pytest.mark.parametrize("lang", ["en", *LANGS])
def test_a_compact_sentence_is_the_ask_then_its_outcome(lang: str) -> None:
    """Every compact sentence opens with the ask as ``asks_for`` says it (so a player hears the same words for an ask
    in both narrations), then the reason clause when given, then its outcome after a colon."""
    from voicefish.bots.base import Reason

    book = phrasebook(lang)
    why = book.reason_clause(Reason("most_cards", 1, "7"), NAMES[:4])
    for rank, card in [(r, None) for r in Rank] + [(Rank.QUEEN, Card(Rank.QUEEN, Suit.CLUBS))]:
        ask = book.asks_for("Marco", "Ania", rank, card).removesuffix(".")
        said = [
            book.asked_gives("Marco", "Ania", rank, card, 2),
            book.asked_go_fish("Marco", "Ania", rank, card, True),
            book.asked_pond_empty("Marco", "Ania", rank, card),
            book.asked_plays_next("Marco", "Ania", rank, card),
        ]
        assert all(s.startswith(ask + ": ") and s.endswith(".") for s in said), said
        because = book.asked_go_fish("Marco", "Ania", rank, card, False, because=why)
        assert because.startswith(f"{ask}, {why}: "), because


def test_compact_counts_agree_with_the_rank() -> None:
    """How many cards were handed over, said with the numeral alone, agrees with the rank's gender (and in Polish
    with its case and animacy): Polish jedną / jednego / dwie / dwa, Italian and Spanish una / uno, Portuguese uma /
    um, duas / dois."""
    pl, it_, es, pt = (phrasebook(x) for x in ("pl", "it", "es", "pt"))
    for rank in Rank:
        fem = rank not in {Rank.ACE, Rank.JACK, Rank.KING}
        said = {n: pl.asked_gives("Marek", "Ania", rank, None, n).split(": ")[1] for n in (1, 2, 3)}
        assert said == {1: f"Ania oddaje {'jedną' if fem else 'jednego'}.",
                        2: f"Ania oddaje {'dwie' if fem else 'dwa'}.", 3: "Ania oddaje trzy."}  # fmt: skip
        one = "una" if rank in FEMININE["it"] else "uno"
        assert it_.asked_gives("Marco", "Ania", rank, None, 1).endswith(f": Ania ne dà {one}.")
        one = "una" if rank in FEMININE["es"] else "uno"
        assert es.asked_gives("Ana", "Carlos", rank, None, 1).endswith(f": Carlos le da {one}.")
        fem = rank in FEMININE["pt"]
        assert pt.asked_gives("Ana", "João", rank, None, 1).endswith(f": João dá {'uma' if fem else 'um'}.")
        assert pt.asked_gives("Ana", "João", rank, None, 2).endswith(f": João dá {'duas' if fem else 'dois'}.")
    assert pl.asked_plays_next("Marek", "Ania", Rank.QUEEN, Card(Rank.QUEEN, Suit.CLUBS)).endswith(
        "Ania jej nie ma i teraz gra."
    )
    assert pl.asked_plays_next("Marek", "Ania", Rank.KING, Card(Rank.KING, Suit.CLUBS)).endswith(
        "Ania go nie ma i teraz gra."
    )
    assert pl.asked_go_fish("Marek", "Ania", Rank.SEVEN, None, True).endswith("idź na ryby — Marek dobiera siódemkę.")
