"""Every sentence the table says, in Dutch. Plurals come from the spelling rules (not a list): -en/-el/-er → -s
(zeven → zevens), stressed -ee/-ie → -ën (twee → tweeën), a long vowel written double loses a letter in the open
syllable (aas → azen, heer → heren), a short vowel doubles the consonant (zes → zessen, spel → spellen), and f/s
voice to v/z after a long vowel (vijf → vijven, aas → azen). "één" carries its accents when it is a count.

The Dutch rule text keeps "Go Fish" in English, so the table says it that way.

The vocabulary and agreement rules are in :mod:`voicefish.table.phrases.nl_words`, the sentences around the game (voice
check, saves, devices, the terminal reveal, the pages, links and the play command's questions) in
:mod:`voicefish.table.phrases.nl_setup`; this module exposes both, so the table loads one module per language.
"""

from __future__ import annotations

from collections.abc import Sequence

from voicefish.bots.base import Reason
from voicefish.cards import Card, Rank, Suit
from voicefish.table.phrases._common import parser_reason, reason_facts, sentence_case
from voicefish.table.phrases.nl_setup import *  # noqa: F403  (the sentences around the game, exposed here)
from voicefish.table.phrases.nl_words import *  # noqa: F403  (the vocabulary, exposed here)
from voicefish.table.phrases.nl_words import (
    BOOK,
    CARD,
    GAME,
    PAIR,
    POINT,
    a_rank,
    card_name,
    cards_phrase,
    join,
    number,
    plural,
    pluralize,
    pronoun,
    rank_count,
    rank_plural,
)

# --- the deal, turns and moves (the narrator) ---------------------------------------------


def game_starts(game: int, dealer: str) -> str:
    return f"Spel {game}. {dealer} deelt."


def everyone_gets(n: int) -> str:
    return f"Iedereen krijgt {plural(n, CARD)}."


def some_get(names: Sequence[str], n: int) -> str:
    return f"{join(list(names))} krijgen elk {plural(n, CARD)}."


def your_turn(name: str) -> str:
    return f"{name}, jij bent aan de beurt."


def goes_again(name: str) -> str:
    return f"{name} is nog een keer aan de beurt."


def ask_aloud(target: str, rank: Rank, card: Card | None) -> str:
    if card is not None:
        return f"{target}, heb je {card_name(card)}?"
    return f"{target}, heb je {rank_plural(rank)}?"


def _asks(asker: str, target: str, rank: Rank, card: Card | None, because: str = "") -> str:
    what = card_name(card) if card is not None else rank_plural(rank)
    return f"{asker} vraagt {target} om {what}" + (f", {because}" if because else "")


def asks_for(asker: str, target: str, rank: Rank, card: Card | None) -> str:
    return f"{_asks(asker, target, rank, card)}."


def asked_gives(asker: str, target: str, rank: Rank, card: Card | None, count: int, *, because: str = "") -> str:
    gave = f"{target} heeft hem" if card is not None else f"{target} geeft er {number(count)}"
    return f"{_asks(asker, target, rank, card, because)}: {gave}."


def asked_go_fish(asker: str, target: str, rank: Rank, card: Card | None, caught: bool, *, because: str = "") -> str:
    said = f"{_asks(asker, target, rank, card, because)}: Go Fish"
    if not caught:
        return f"{said}."
    fished = "precies die kaart" if card is not None else a_rank(rank)
    return f"{said} — {asker} trekt {fished}."


def asked_pond_empty(asker: str, target: str, rank: Rank, card: Card | None, *, because: str = "") -> str:
    return f"{_asks(asker, target, rank, card, because)}: Go Fish, maar de stok is leeg."


def asked_plays_next(asker: str, target: str, rank: Rank, card: Card | None, *, because: str = "") -> str:
    none = "heeft hem niet" if card is not None else "heeft er geen"
    return f"{_asks(asker, target, rank, card, because)}: {target} {none} en is nu aan de beurt."


def gives(giver: str, receiver: str, rank: Rank, count: int, card: Card | None) -> str:
    what = card_name(card) if card is not None else rank_count(rank, count)
    return f"{giver} heeft {what}. {receiver} krijgt {pronoun(count)}."


def go_fish_draws(asker: str) -> str:
    return f"Go Fish! {asker} trekt een kaart."


def go_fish_pond_empty(asker: str) -> str:
    return f"Go Fish! De stok is leeg, dus {asker} kan niet trekken."


def miss_plays_next(target: str, rank: Rank, card: Card | None) -> str:
    if card is not None:
        return f"{target} heeft {card_name(card)} niet. Nu is {target} aan de beurt."
    return f"{target} heeft geen {rank_plural(rank)}. Nu is {target} aan de beurt."


def lucky(player: str, card: Card, exact: bool) -> str:
    what = card_name(card) if exact else a_rank(card.rank)
    return f"Geluk! {player} trekt {what}, precies waar om gevraagd werd."


def lays_down(player: str, rank: Rank, pairs: bool) -> str:
    return f"{player} legt een {PAIR if pairs else BOOK} {rank_plural(rank)} neer."


def refills(player: str, count: int) -> str:
    return f"{player} heeft geen kaarten meer en pakt er {number(count)} van de stok."


def is_out(player: str) -> str:
    return f"{player} heeft geen kaarten meer en doet niet meer mee aan dit spel."


def tiebreak_starts(names: Sequence[str], pairs: bool) -> str:
    return (
        f"Gelijkspel! {join(list(names))} spelen één beslissende hand. "
        f"Wie als eerste een {PAIR if pairs else BOOK} neerlegt, wint."
    )


def tiebreak_won(name: str) -> str:
    return f"{name} wint de beslissende hand en het spel!"


def tiebreak_shared() -> str:
    return "De beslissende hand eindigde zonder winnaar: de winst wordt gedeeld."


def score_unit(point_fish: bool, pairs: bool) -> tuple[str, str]:
    unit = POINT if point_fish else (PAIR if pairs else BOOK)
    return (unit, pluralize(unit))


def game_over(winners: Sequence[str], best: int, unit: tuple[str, str], scores: str) -> str:
    amount = plural(best, *unit)
    if len(winners) == 1:
        return f"Einde van het spel. {winners[0]} wint met {amount}! {scores}"
    return f"Einde van het spel. {join(list(winners))} eindigen gelijk met elk {amount}. {scores}"


def score_line(label: str, parts: Sequence[tuple[str, int]]) -> str:
    return f"{label}: {join([f'{name} {points}' for name, points in parts])}."


def session_score_label(played: int) -> str:
    return f"Na {plural(played, GAME)}, de stand van de sessie"


def champion(names: Sequence[str]) -> str:
    if len(names) == 1:
        return f"{names[0]} is de kampioen van de sessie! Bedankt voor het spelen."
    return f"{join(list(names))} delen het kampioenschap! Bedankt voor het spelen."


THANKS = "Bedankt voor het spelen!"
SCORE_LABEL = "Stand"

# --- private news --------------------------------------------------------------------------


def hand(cards: Sequence[Card], *, suits: bool) -> str:
    if not cards:
        return "Je hand is leeg."
    return f"Je hebt {plural(len(cards), CARD)}: {cards_phrase(cards, suits=suits)}."


def dealt_hand(cards: Sequence[Card], *, suits: bool) -> str:
    if not cards:
        return "Je hand is leeg."
    return f"Je kaarten: {cards_phrase(cards, suits=suits)}."


def you_drew(card: Card) -> str:
    return f"Je hebt {card_name(card)} getrokken."


def you_picked_up(cards: Sequence[Card], *, suits: bool) -> str:
    return f"Je hebt {cards_phrase(cards, suits=suits)} getrokken."


def you_got(cards: Sequence[Card], *, suits: bool) -> str:
    return f"Je hebt {cards_phrase(cards, suits=suits)} gekregen."


# --- the turn dialogue (the loop) ------------------------------------------------------------


SPEAK_UP = "Het is hier lawaaierig, dus praat wat harder, alsjeblieft."
CHECK_EACH_ASK = "Het is hier lawaaierig, dus ik controleer elke vraag."


def welcome_back(game: int, games: int) -> str:
    return f"Welkom terug! We zijn bij spel {game} van {games}."


SAY_IT_AGAIN = "Oké, zeg het nog eens."
TRY_AGAIN = "Laten we het nog eens proberen."
YES_OR_NO = "Ja of nee?"
EXACT_CARD = f"In dit spel vraag je om één bepaalde kaart, zoals: {card_name(Card(Rank.SEVEN, Suit.HEARTS))}."


def unknown_player(name: str) -> str:
    return f"Ik ken niemand die {name} heet."


def target_out(name: str) -> str:
    return f"{name} doet niet meer mee aan dit spel. Vraag iemand anders."


def said_again(text: str) -> str:
    return f"Nog een keer: {text}"


def whose_turn(name: str) -> str:
    return f"{name} is aan de beurt."


def ask_yourself(name: str) -> str:
    return f"{name}, je kunt het niet aan jezelf vragen. Vraag een andere speler."


def held_card(card: Card | None) -> str:
    return f"Je hebt {card_name(card) if card is not None else 'die kaart'} zelf."


def its_your_turn(name: str) -> str:
    return f"{name}, jij bent aan de beurt."


def didnt_catch(name: str) -> str:
    return f"Sorry, dat verstond ik niet. {name}, jij bent aan de beurt."


def nothing_to_answer(name: str) -> str:
    return f"Er is nu niets om op te antwoorden. {name}, jij bent aan de beurt."


def pond(n: int) -> str:
    if n == 0:
        return "De stok is leeg."
    return f"Er {'ligt' if n == 1 else 'liggen'} {plural(n, CARD)} op de stok."


def has_cards(name: str, n: int) -> str:
    return f"{name} heeft geen kaarten." if n == 0 else f"{name} heeft {plural(n, CARD)}."


def go_on(name: str) -> str:
    return f"We gaan verder. {name}, jij bent aan de beurt."


SLOWER = "Oké, ik praat langzamer."
FASTER = "Oké, ik praat sneller."
PAUSED = "Gepauzeerd. Zeg iets wanneer je verder wilt."
STOP_QUESTION = "Het spel nu stoppen? Het is opgeslagen en je kunt later verder. Zeg ja of nee."


def did_you_say(rank: Rank, card: Card | None) -> str:
    return f"Zei je {card_name(card) if card is not None else rank_plural(rank)}?"


def your_ranks(ranks: Sequence[Rank]) -> str:
    return f"Je kunt vragen om {join([rank_plural(r) for r in ranks], 'of')}."


def another_way(target: str, rank: Rank) -> str:
    return (
        f"Laten we het korter proberen: alleen de naam en de waarde, zoals: {target}, {rank_plural(rank)}. "
        "Of zeg help om te horen wat je kunt zeggen."
    )


ASK_SELF = "je kunt het niet aan jezelf vragen"


def unheld_rank(rank: Rank) -> str:
    return f"Je zei {rank_plural(rank)}, maar die heb je niet, dus vraag om een waarde uit je hand."


def which_player(candidates: Sequence[str]) -> str:
    return f"Bedoelde je {join(list(candidates), 'of')}? Zeg alleen de naam."


def which_player_whole(candidates: Sequence[str]) -> str:
    return f"Bedoelde je {join(list(candidates), 'of')}? Zeg de hele vraag opnieuw."


def which_cards(name: str) -> str:
    return f"Welke kaarten wil je van {name}? Zeg alleen de waarde."


def which_cards_whole(name: str) -> str:
    return f"Welke kaarten wil je van {name}? Zeg de hele vraag opnieuw."


# --- a computer player's reasons ("why?", --explain; the English words are voicefish.bots.reasons) ------------

_WHEN = {"now": "net", "moment": "even geleden", "earlier": "eerder"}

_JUST_TO_SEE = "gewoon om te kijken"


def _reason_clause(kind: str, who: str, rank: Rank, when: str) -> str:
    them = rank_plural(rank)
    clauses = {
        "they_asked": f"omdat {who} {_WHEN[when]} om {them} vroeg",
        "they_received": (
            f"omdat {who} net {them} heeft gekregen"
            if when == "now"
            else f"omdat {who} {_WHEN[when]} {them} heeft gepakt"
        ),
        "they_showed": f"omdat {who} {a_rank(rank)} trok en die liet zien",
        "they_hold": f"omdat {who} nog {them} moet hebben",
        "counted": "door de overgebleven kaarten te tellen",
        "most_cards": f"omdat {who} de meeste kaarten heeft",
        "not_asked": f"omdat nog niemand {who} om {them} heeft gevraagd",
        "looked_ahead": (
            "omdat dat het beste uitkwam bij het vooruitspelen van de rest van het spel met wat de tafel zag"
        ),
        "persist": f"om {them} te blijven proberen",
        "hunch": "op gevoel",
        "guess": "op gevoel",
    }
    return clauses.get(kind, _JUST_TO_SEE)


def describe_reason(
    reason: Reason,
    players: Sequence[str],
    listener_seat: int | None = None,
    asker: int | None = None,
) -> str:
    """A computer player's reason, as :func:`voicefish.bots.reasons.describe` says it in English; players are always
    named (``listener_seat`` is accepted, not used: no "je")."""
    facts = reason_facts(reason, players)
    if facts.rank is None or not facts.who:
        return f"{players[asker]} vraagt op goed geluk." if asker is not None else sentence_case(_JUST_TO_SEE)
    clause = _reason_clause(facts.kind, facts.who, facts.rank, facts.when)
    if asker is None:
        return sentence_case(clause)
    return f"{players[asker]} vraagt {facts.who} om {rank_plural(facts.rank)}, {clause}."


def reason_clause(motive: Reason, players: Sequence[str]) -> str:
    """Why a computer player asked, as a clause of its compact sentence."""
    facts = reason_facts(motive, players)
    if facts.rank is None or not facts.who:
        return _JUST_TO_SEE
    return _reason_clause(facts.kind, facts.who, facts.rank, facts.when)


NO_REASON_YET = "In dit spel heeft nog geen computerspeler iets gevraagd."


def new_link_made(name: str) -> str:
    return f"{name}, je nieuwe privélink is klaar. De oude werkt niet meer."


NEW_LINK_NONE = "Aan deze tafel is er geen privélink om te vernieuwen."
NEW_LINK_FAILED = "Sorry, ik kon nu geen nieuwe link maken."


# --- reprompts, help, history and stopping (the answers) ---------------------------------

THIS_GAME = "Dit spel"
EARLIER_GAMES = "Eerdere spellen"
YES_NO_PROMPT = "ja/nee"
PAUSED_PROMPT = "pauze, druk op ⏎"
DEALER = "Gever"
PRIVATE = "privé"
SAY_NAME_AND_RANK = "Zeg de naam van een speler en een waarde."
WANT_HELP = "Wil je hulp? Zeg help om te horen wat je kunt zeggen, of pauze om even te stoppen."
GOODBYE = "Spel bewaard. Tot ziens!"
NO_CLEAR_YES = "Ik hoorde geen duidelijk ja, dus het spel gaat door."
HELP_COMMANDS = (
    "Je kunt ook zeggen: lees mijn kaarten voor, wat is de stand, hoeveel kaarten liggen er nog op de stapel, "
    "wie is er aan de beurt, hoeveel kaarten heeft iemand, wat heeft iemand gevraagd, herhaal, langzamer, sneller, "
    "pauze of stoppen."
)
NOBODY_ASKED = "Niemand heeft nog iets gevraagd."
_REASONS = (
    "die speler is er niet",
    "je noemde geen waarde",
    "er is niemand om te vragen",
    "ik weet niet wie er spreekt",
    "dat is te lang",
)


def reason_words(reason: str) -> str:
    return parser_reason(
        reason, ASK_SELF, _REASONS, lambda n: f"niemand die {n} heet speelt mee", "dat kan ik niet spelen"
    )


def sorry(reason: str) -> str:
    return f"Sorry, {reason_words(reason)}."


def still_your_turn(reason: str, name: str) -> str:
    return f"Sorry, {reason_words(reason)}. {name}, je bent nog steeds aan de beurt."


def example(target: str, rank: Rank, card: Card | None) -> str:
    return f"Bijvoorbeeld: {ask_aloud(target, rank, card)}"


def you_could_say(target: str, rank: Rank, card: Card | None) -> str:
    return f"Met jouw kaarten kun je zeggen: {ask_aloud(target, rank, card)}"


def help_intro(exact: bool) -> str:
    if exact:
        return (
            "Als je aan de beurt bent, vraag je om één bepaalde kaart die je niet hebt, van een waarde die je wel hebt."
        )
    return "Als je aan de beurt bent, vraag je een andere speler om een waarde die je hebt."


def asked(asker: str, target: str, rank: Rank, card: Card | None, count: int, caught: bool) -> str:
    what = card_name(card) if card is not None else rank_plural(rank)
    if count:
        result = f" en kreeg {plural(count, CARD)}"
    else:
        result = " en viste precies de goede" if caught else " en moest vissen"
    who = f"{asker} " if asker else ""
    return f"{who}vroeg {target} om {what}{result}"


def history_of(name: str, facts: Sequence[str]) -> str:
    if not facts:
        return f"{name} heeft dit spel nog niets gevraagd."
    return f"{name} {join(list(facts), 'daarna')}."


def history_all(facts: Sequence[str]) -> str:
    return f"Onlangs: {join(list(facts), 'daarna')}." if facts else NOBODY_ASKED


def keep_playing(name: str) -> str:
    return f"Oké, we spelen verder. {name}, jij bent aan de beurt."
