"""The template language and the grammar: sets of generated sentences, round trips, the file format."""

from __future__ import annotations

import re

import pytest

from voicefish.cards import Card, Rank, Suit
from voicefish.rules import RuleSet
from voicefish.speech.grammar import Grammar, GrammarError, TableContext, grammar_dir, load_grammar
from voicefish.speech.intents import Ambiguous, Ask, Count, History, NoIntent, ReadHand, Yes
from voicefish.speech.parser import Parser
from voicefish.speech.template import Alt, Opt, Seq, Slot, TemplateError, Word, expand, parse_template

TINY = """
[ranks]
A = aces / ace / 1
2 = twos / two / 2
3 = threes / three /
4 = fours / four /
5 = fives / five /
6 = sixes / six /
7 = sevens / seven / 7s
8 = eights / eight /
9 = nines / nine /
10 = tens / ten /
J = jacks / jack / jax
Q = queens / queen /
K = kings / king /

[suits]
S = spades / spade
H = hearts / heart
D = diamonds / diamond
C = clubs / club

[numbers]
1 = one / 1
2 = two / 2

[fillers]
um, please

[names]
seat = player {number}

[rules]
have = (do you have | got)
card = {rank1} of {suit}

[ask]
{name} <have> any {rank}
~{rank} {name}
{name} the <card>

[read_hand]
[read] my hand

[count]
how many (does | has) {name} [got]

[yes]
yes
"""


def sentences(g: Grammar, ctx: TableContext) -> set[str]:
    return {s for s, _ in g.sentences(ctx)}


def test_template_language_parses_to_the_expected_tree() -> None:
    node = parse_template("[please] (do you have | got) any {rank}")
    assert node == Seq(
        (
            Opt(Word("please")),
            Alt((Seq((Word("do"), Word("you"), Word("have"))), Word("got"))),
            Word("any"),
            Slot("rank"),
        )
    )
    words = {" ".join(w) for w, _ in expand(node, {}, {"rank": [(("jacks",), Rank.JACK)]})}
    assert words == {"do you have any jacks", "got any jacks", "please do you have any jacks", "please got any jacks"}


@pytest.mark.parametrize("bad", ["(a | b", "a ]", "[a", "{nope}", "a | | b", "()"])
def test_template_errors_are_clear(bad: str) -> None:
    with pytest.raises(TemplateError):
        parse_template(bad)


def test_tiny_grammar_generates_exactly_these_sentences() -> None:
    g = Grammar.from_text(TINY, "xx")
    ctx = TableContext(("Sam", "Leo"), me="Leo")
    got = sentences(g, ctx)
    ranks = ["aces", "twos", "threes", "fours", "fives", "sixes", "sevens", "eights", "nines", "tens"]
    ranks += ["jacks", "queens", "kings"]
    expected = {
        f"{who} {verb} any {r}" for who in ("sam", "player one") for verb in ("do you have", "got") for r in ranks
    }
    expected |= {"read my hand", "my hand", "yes"}
    expected |= {
        f"how many {v} {who}{g_}" for who in ("sam", "player one") for v in ("does", "has") for g_ in ("", " got")
    }
    assert got == expected  # never Leo (the speaker) nor "player two"; no parse-only "~" template; no card asks


def test_tiny_grammar_under_authors_asks_for_cards_only() -> None:
    g = Grammar.from_text(TINY, "xx")
    ctx = TableContext(("Sam", "Leo"), me="Leo", rules=RuleSet(authors=True))
    asks = {s: i for s, i in g.sentences(ctx) if isinstance(i, Ask)}
    assert len(asks) == 2 * 13 * 4  # two ways to name Sam x 52 cards
    assert asks["sam the queen of hearts"] == Ask("Sam", Rank.QUEEN, Card(Rank.QUEEN, Suit.HEARTS))
    assert not any("any" in s for s in asks)


def test_generated_intents_are_right() -> None:
    g = Grammar.from_text(TINY, "xx")
    ctx = TableContext(("Sam", "Leo", "Ann"))
    got = dict(g.sentences(ctx))
    assert got["leo got any sevens"] == Ask("Leo", Rank.SEVEN)
    assert got["player two do you have any aces"] == Ask("Leo", Rank.ACE)
    assert got["how many has ann"] == Count("Ann")
    assert got["my hand"] == ReadHand()
    assert got["yes"] == Yes()


def test_hand_restricts_asks_to_held_ranks() -> None:
    g = load_grammar("en")
    ctx = TableContext(("Priya", "Sam", "Leo"), me="Sam")
    asked = {i.rank for _, i in g.sentences(ctx, hand={Rank.SEVEN, Rank.JACK}) if isinstance(i, Ask)}
    assert asked == {Rank.SEVEN, Rank.JACK}
    no_asks = [s for s, i in g.sentences(ctx, hand=()) if isinstance(i, Ask | Ambiguous)]
    assert no_asks == []


@pytest.mark.slow
def test_every_english_sentence_parses_back_to_its_own_intent() -> None:
    """One template source drives both: whatever the grammar generates, the parser understands the same way."""
    g = load_grammar("en")
    for ctx in (
        TableContext(("Priya", "Sam", "Leo"), me="Sam", aliases={"Priya": ("Grandma",)}, computers=frozenset({"Leo"})),
        TableContext(("Charlie", "Ann", "Bob"), me="Ann", rules=RuleSet(authors=True)),
    ):
        parser = Parser(ctx, g)
        spoken = list(g.sentences(ctx))
        every_template = list(g.sentences(ctx, parse_only=True, hand={Rank.SEVEN}))
        assert len(spoken) > 1000
        assert len(every_template) > 1000
        wrong = [(s, i, r.intent) for s, i in spoken + every_template[::4] if (r := parser.parse(s)).intent != i]
        assert wrong == []


def test_sentences_only_name_players_still_in_the_game_and_never_the_speaker() -> None:
    g = load_grammar("en")
    ctx = TableContext(("Priya", "Sam", "Leo"), me="Sam")
    text = " ".join(s for s, _ in g.sentences(ctx))
    assert "priya" in text and "leo" in text
    assert not re.search(r"\bsam\b", text)
    asks = [i for _, i in g.sentences(ctx) if isinstance(i, Ask)]
    assert {a.target for a in asks} == {"Priya", "Leo"}
    smaller = TableContext(("Priya", "Sam"), me="Sam")
    assert not any("leo" in s for s, _ in g.sentences(smaller))


def test_no_name_ask_with_several_opponents_is_ambiguous() -> None:
    g = load_grammar("en")
    got = dict(g.sentences(TableContext(("Priya", "Sam", "Leo"), me="Sam")))
    assert got["any jacks"] == Ambiguous(("Priya", "Leo"), Ask("", Rank.JACK))
    assert dict(g.sentences(TableContext(("Priya", "Sam"), me="Sam")))["any jacks"] == Ask("Priya", Rank.JACK)


def test_history_without_a_name_is_everyone() -> None:
    got = dict(load_grammar("en").sentences(TableContext(("Priya", "Sam"))))
    assert got["who asked for what"] == History(None)
    assert got["what has priya asked for"] == History("Priya")


@pytest.mark.parametrize(
    ("text", "error"),
    [
        ("[ranks]\nZ = zeds / zed\n", "unknown rank"),
        ("words before a section\n", "before the first"),
        ("[colours]\nred\n", "unknown section"),
        (TINY.replace("K = kings / king /\n", ""), "no words for ranks K"),
        (TINY.replace("J = jacks / jack / jax", "J = jacks / jack / kings"), "two ranks"),
        (TINY + "\n[ask]\n{name} hello\n", "without a rank"),
        (TINY + "\n[score]\n<nope> score\n", "unknown <rule>"),
    ],
)
def test_bad_grammar_files_give_clear_errors(text: str, error: str) -> None:
    with pytest.raises(GrammarError, match=error):
        Grammar.from_text(text, "xx")


def test_unknown_language_is_a_clear_error() -> None:
    with pytest.raises(GrammarError, match="no grammar for language 'zz'"):
        load_grammar("zz")
    with pytest.raises(GrammarError, match="bad language code"):
        load_grammar("../etc/passwd")


def test_packaged_grammar_is_the_source_grammar() -> None:
    """The package finds its grammar at run time (voicefish/data/grammar), identical to grammar/."""
    here = grammar_dir()
    assert here.parts[-3:] == ("voicefish", "data", "grammar")
    source = here.parents[2] / "grammar" / "en.txt"
    assert (here / "en.txt").read_text(encoding="utf-8") == source.read_text(encoding="utf-8")


def test_table_context_rejects_nonsense() -> None:
    with pytest.raises(ValueError, match="differ"):
        TableContext(("Sam", "Sam"))
    with pytest.raises(ValueError, match="not one of the players"):
        TableContext(("Sam", "Leo"), me="Bob")
    with pytest.raises(ValueError, match="unknown players"):
        TableContext(("Sam", "Leo"), aliases={"Bob": ("Bobby",)})
    with pytest.raises(ValueError, match="empty"):
        TableContext(("Sam", " "))


def test_ask_for_yourself_is_none_with_a_reason() -> None:
    parser = Parser(TableContext(("Priya", "Sam", "Leo"), me="Sam"))
    result = parser.parse("Sam, do you have any jacks?")
    assert result.intent == NoIntent("you cannot ask yourself")
    assert result.score == 0


DUTCH = """
[ranks]
A = azen / aas / 1
2 = tweeën / twee / 2
3 = drieën / drie / 3
4 = vieren / vier / 4
5 = vijven / vijf / 5
6 = zessen / zes / 6
7 = zevens / zeven / 7
8 = achten / acht / 8
9 = negens / negen / 9
10 = tienen / tien / 10
J = boeren / boer / jacks
Q = vrouwen / vrouw /
K = heren / heer / koningen

[suits]
S = schoppen / schoppen
H = harten / harten
D = ruiten / ruiten
C = klaveren / klaveren

[numbers]
1 = één / een, 1
2 = twee / 2

[fillers]
eh, nou, alsjeblieft

[names]
seat = speler {number}

[rules]
heb = (heb je | hebt u)
card = {rank1} {suit}

[ask]
{name} <heb> {rank}
<heb> {rank} {name}
{name} <heb> [de] <card>

[read_hand]
wat heb ik

[yes]
ja
"""


def test_another_language_needs_only_a_grammar_file() -> None:
    """Words live in the file, not in Python: a small Dutch grammar parses and generates with the same code."""
    g = Grammar.from_text(DUTCH, "nl")
    ctx = TableContext(("Sanne", "Joëlle", "Daan"), me="Daan")
    parser = Parser(ctx, g)
    assert parser.parse("Sanne, heb je boeren?").intent == Ask("Sanne", Rank.JACK)
    assert parser.parse("eh, hebt u zevens, Joelle?").intent == Ask("Joëlle", Rank.SEVEN)
    assert parser.parse("speler één, heb je 7?").intent == Ask("Sanne", Rank.SEVEN)
    assert parser.parse("wat heb ik").intent == ReadHand()
    assert parser.parse("Sanne, do you have any jacks?").intent == NoIntent()  # English is another grammar
    assert "sanne heb je vrouwen" in sentences(g, ctx)
    authors = TableContext(("Sanne", "Daan"), me="Daan", rules=RuleSet(authors=True))
    assert Parser(authors, g).parse("Sanne, heb je de vrouw harten?").intent == Ask(
        "Sanne", Rank.QUEEN, Card(Rank.QUEEN, Suit.HEARTS)
    )


def test_how_many_cards_do_i_have_counts_the_speaker() -> None:
    g = load_grammar("en")
    assert Parser(TableContext(("Priya", "Sam"), me="Sam"), g).parse("how many cards do I have?").intent == Count("Sam")
    unknown = TableContext(("Priya", "Sam"))
    assert Parser(unknown, g).parse("how many cards do I have?").intent == NoIntent("who is speaking is not known")
    assert "how many cards do i have" not in {s for s, _ in g.sentences(unknown)}
    assert "how many cards do i have" in {s for s, _ in g.sentences(TableContext(("Priya", "Sam"), me="Sam"))}
