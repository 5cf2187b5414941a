"""Every sentence the table says, in Polish. Nouns decline by rule from their dictionary form and gender
(siódemka → siódemkę, siódemki, siódemek, siódemce; as → asa, asy, asów); a count agrees with its noun the Polish
way — 1 takes the singular, 2–4 (and 22–24, 32–34, … but not 12–14) the nominative plural with "dwa"/"dwie", every
other count the genitive plural ("masz dwie karty", "masz pięć kart", "22 karty", "25 kart").

Narration is in the present tense ("Marek dobiera"), which needs no gender for a player. Players are addressed by
the name as given (the nominative, as is common in speech); the vocative is left to the listener's grammar.
"Go Fish" is "Idź na ryby!", as the Polish rule text says it.

The vocabulary and agreement rules are in :mod:`voicefish.table.phrases.pl_words`, the sentences around the game (voice
check, saves, devices, the terminal reveal, the pages, links and the play command's questions) in
:mod:`voicefish.table.phrases.pl_setup`; this module exposes both, so the table loads one module per language.
"""

from __future__ import annotations

from collections.abc import Sequence

from voicefish.bots.base import Reason
from voicefish.cards import Card, Rank, Suit
from voicefish.table.phrases._common import parser_reason, reason_facts, sentence_case
from voicefish.table.phrases.pl_setup import *  # noqa: F403  (the sentences around the game, exposed here)
from voicefish.table.phrases.pl_words import *  # noqa: F403  (the vocabulary, exposed here)
from voicefish.table.phrases.pl_words import (
    _NOUNS,
    _RANK,
    BOOK,
    CARD,
    GAME,
    PAIR,
    POINT,
    Noun,
    a_rank,
    amount,
    card_name,
    cards_phrase,
    few,
    join,
    number,
    pronoun,
    rank_count,
    rank_plural,
)

# --- the deal, turns and moves (the narrator) ---------------------------------------------


def game_starts(game: int, dealer: str) -> str:
    return f"Gra {game}. Rozdaje {dealer}."


def everyone_gets(n: int) -> str:
    return f"Każdy dostaje {amount(n, CARD, 'acc')}."


def some_get(names: Sequence[str], n: int) -> str:
    each = amount(n, CARD, "loc") if n == 1 else amount(n, CARD, "acc")
    return f"{join(list(names))} dostają po {each}."


def your_turn(name: str) -> str:
    return f"{name}, twoja kolej."


def goes_again(name: str) -> str:
    return f"{name} gra dalej."


def ask_aloud(target: str, rank: Rank, card: Card | None) -> str:
    if card is not None:
        return f"{target}, masz {card_name(card, 'acc')}?"
    return f"{target}, masz jakieś {rank_plural(rank)}?"


def _asks(asker: str, target: str, rank: Rank, card: Card | None, because: str = "") -> str:
    what = card_name(card, "acc") if card is not None else rank_plural(rank)
    return f"{asker} pyta, czy {target} ma {what}" + (f", {because}" if because else "")


def asks_for(asker: str, target: str, rank: Rank, card: Card | None) -> str:
    return f"{_asks(asker, target, rank, card)}."


def asked_gives(asker: str, target: str, rank: Rank, card: Card | None, count: int, *, because: str = "") -> str:
    if card is not None:
        gave = f"{target} {pronoun(_RANK[card.rank], 1)} oddaje"
    else:
        gave = f"{target} oddaje {number(count, _RANK[rank], 'acc')}"
    return f"{_asks(asker, target, rank, card, because)}: {gave}."


def asked_go_fish(asker: str, target: str, rank: Rank, card: Card | None, caught: bool, *, because: str = "") -> str:
    said = f"{_asks(asker, target, rank, card, because)}: idź na ryby"
    if not caught:
        return f"{said}."
    fished = "właśnie tę kartę" if card is not None else a_rank(rank, "acc")
    return f"{said} — {asker} dobiera {fished}."


def asked_pond_empty(asker: str, target: str, rank: Rank, card: Card | None, *, because: str = "") -> str:
    return f"{_asks(asker, target, rank, card, because)}: idź na ryby, ale stos jest pusty."


def asked_plays_next(asker: str, target: str, rank: Rank, card: Card | None, *, because: str = "") -> str:
    them = ("jej" if _RANK[card.rank].fem else "go") if card is not None else "ich"
    return f"{_asks(asker, target, rank, card, because)}: {target} {them} nie ma i teraz gra."


def gives(giver: str, receiver: str, rank: Rank, count: int, card: Card | None) -> str:
    what = card_name(card, "acc") if card is not None else rank_count(rank, count, "acc")
    return f"{giver} ma {what}. {receiver} {pronoun(_RANK[card.rank if card is not None else rank], count)} bierze."


def go_fish_draws(asker: str) -> str:
    return f"Idź na ryby! {asker} dobiera kartę."


def go_fish_pond_empty(asker: str) -> str:
    return f"Idź na ryby! Stos jest pusty, więc {asker} nie może dobrać."


def miss_plays_next(target: str, rank: Rank, card: Card | None) -> str:
    what = card_name(card, "gen") if card is not None else _RANK[rank].pl("gen")
    return f"{target} nie ma {what}. Teraz gra {target}."


def lucky(player: str, card: Card, exact: bool) -> str:
    what = card_name(card, "acc") if exact else a_rank(card.rank, "acc")
    return f"Szczęście! {player} dobiera {what}, dokładnie to, o co chodziło."


def lays_down(player: str, rank: Rank, pairs: bool) -> str:
    return f"{player} wykłada {(PAIR if pairs else BOOK).sg('acc')} {_RANK[rank].pl('gen')}."


def refills(player: str, count: int) -> str:
    return f"{player} nie ma już kart i bierze ze stosu {amount(count, CARD, 'acc')}."


def is_out(player: str) -> str:
    return f"{player} nie ma już kart i odpada z tej gry."


def tiebreak_starts(names: Sequence[str], pairs: bool) -> str:
    return (
        f"Remis! {join(list(names))} grają jedno rozdanie dogrywki. "
        f"Wygrywa, kto pierwszy wyłoży {(PAIR if pairs else BOOK).sg('acc')}."
    )


def tiebreak_won(name: str) -> str:
    return f"{name} wygrywa dogrywkę i całą grę!"


def tiebreak_shared() -> str:
    return "Dogrywka skończyła się bez rozstrzygnięcia: zwycięstwo jest wspólne."


def score_unit(point_fish: bool, pairs: bool) -> tuple[str, str]:
    unit = POINT if point_fish else (PAIR if pairs else BOOK)
    return (unit.word, unit.pl("nom"))


def game_over(winners: Sequence[str], best: int, unit: tuple[str, str], scores: str) -> str:
    won = amount(best, _NOUNS.get(unit[0]) or Noun(unit[0]), "acc")
    if len(winners) == 1:
        return f"Koniec gry. Wygrywa {winners[0]}, zdobywając {won}! {scores}"
    return f"Koniec gry. Remis! {join(list(winners))}: każdy ma {won}. {scores}"


def score_line(label: str, parts: Sequence[tuple[str, int]]) -> str:
    return f"{label}: {join([f'{name} {points}' for name, points in parts])}."


def session_score_label(played: int) -> str:
    return f"Wynik sesji po {amount(played, GAME, 'loc')}"


def champion(names: Sequence[str]) -> str:
    if len(names) == 1:
        return f"Sesję wygrywa {names[0]}! Dziękujemy za grę."
    return f"Sesję wygrywają ex aequo {join(list(names))}! Dziękujemy za grę."


THANKS = "Dziękujemy za grę!"
SCORE_LABEL = "Wynik"

# --- private news --------------------------------------------------------------------------


def hand(cards: Sequence[Card], *, suits: bool) -> str:
    if not cards:
        return "Nie masz żadnych kart."
    return f"Masz {amount(len(cards), CARD, 'acc')}: {cards_phrase(cards, suits=suits, case='acc')}."


def dealt_hand(cards: Sequence[Card], *, suits: bool) -> str:
    if not cards:
        return "Nie masz żadnych kart."
    return f"Twoje karty: {cards_phrase(cards, suits=suits)}."


def you_drew(card: Card) -> str:
    return f"Dobierasz {card_name(card, 'acc')}."


def you_picked_up(cards: Sequence[Card], *, suits: bool) -> str:
    return f"Dobierasz {cards_phrase(cards, suits=suits, case='acc')}."


def you_got(cards: Sequence[Card], *, suits: bool) -> str:
    return f"Dostajesz {cards_phrase(cards, suits=suits, case='acc')}."


# --- the turn dialogue (the loop) ------------------------------------------------------------


SPEAK_UP = "Jest tu głośno, więc mów głośniej, proszę."
CHECK_EACH_ASK = "Jest tu głośno, więc będę sprawdzać każdą prośbę."


def welcome_back(game: int, games: int) -> str:
    return f"Witamy z powrotem! Trwa gra {game} z {games}."


SAY_IT_AGAIN = "Dobrze, powiedz to jeszcze raz."
TRY_AGAIN = "Spróbujmy jeszcze raz."
YES_OR_NO = "Tak czy nie?"
EXACT_CARD = (
    f"W tej grze prosi się o jedną konkretną kartę, na przykład: {card_name(Card(Rank.SEVEN, Suit.HEARTS), 'acc')}."
)


def unknown_player(name: str) -> str:
    return f"Nie znam nikogo o imieniu {name}."


def target_out(name: str) -> str:
    return f"{name} nie gra już w tej grze. Zapytaj kogoś innego."


def said_again(text: str) -> str:
    return f"Jeszcze raz: {text}"


def whose_turn(name: str) -> str:
    return f"Teraz kolej: {name}."


def ask_yourself(name: str) -> str:
    return f"{name}, nie możesz prosić siebie. Zapytaj innego gracza."


def held_card(card: Card | None) -> str:
    return f"Masz już {card_name(card, 'acc') if card is not None else 'tę kartę'}."


def its_your_turn(name: str) -> str:
    return f"{name}, twoja kolej."


def didnt_catch(name: str) -> str:
    return f"Przepraszam, nie udało mi się tego zrozumieć. {name}, twoja kolej."


def nothing_to_answer(name: str) -> str:
    return f"Teraz nie ma na co odpowiadać. {name}, twoja kolej."


def pond(n: int) -> str:
    """Na stosie jest jedna karta / są dwie karty / jest pięć kart: the verb agrees like the noun."""
    if n == 0:
        return "Stos jest pusty."
    return f"Na stosie {'są' if few(n) else 'jest'} {amount(n, CARD)}."


def has_cards(name: str, n: int) -> str:
    return f"{name} nie ma kart." if n == 0 else f"{name} ma {amount(n, CARD, 'acc')}."


def go_on(name: str) -> str:
    return f"Gramy dalej. {name}, twoja kolej."


SLOWER = "Dobrze, będę mówić wolniej."
FASTER = "Dobrze, będę mówić szybciej."
PAUSED = "Pauza. Powiedz cokolwiek, gdy zechcesz grać dalej."
STOP_QUESTION = "Zakończyć teraz grę? Jest zapisana i można ją dokończyć później. Powiedz tak albo nie."


def did_you_say(rank: Rank, card: Card | None) -> str:
    return f"Chodzi o {card_name(card, 'acc') if card is not None else rank_plural(rank)}?"


def your_ranks(ranks: Sequence[Rank]) -> str:
    return f"Możesz prosić o {join([rank_plural(r) for r in ranks], 'albo')}."


def another_way(target: str, rank: Rank) -> str:
    return (
        f"Spróbujmy krócej: samo imię i ranga, na przykład: {target}, {rank_plural(rank)}. "
        "Albo powiedz pomoc, a usłyszysz, co możesz powiedzieć."
    )


ASK_SELF = "nie możesz prosić siebie"


def unheld_rank(rank: Rank) -> str:
    return f"Prosisz o {rank_plural(rank)}, ale nie masz żadnych, więc poproś o rangę, którą masz w ręce."


def which_player(candidates: Sequence[str]) -> str:
    return f"Kogo pytasz: {join(list(candidates), 'czy')}? Powiedz tylko imię."


def which_player_whole(candidates: Sequence[str]) -> str:
    return f"Kogo pytasz: {join(list(candidates), 'czy')}? Powtórz całe pytanie."


def which_cards(name: str) -> str:
    return f"{name}: jakie karty? Powiedz tylko wartość."


def which_cards_whole(name: str) -> str:
    return f"{name}: jakie karty? Powtórz całe pytanie."


# --- a computer player's reasons ("why?", --explain; the English words are voicefish.bots.reasons) ------------

_WHEN = {"now": "przed chwilą", "moment": "niedawno", "earlier": "wcześniej"}


def past(name: str, masculine: str, feminine: str) -> str:
    """The past tense agrees with the player's gender, guessed from the name as Polish names show it: a name ending
    in -a is a woman's (Ania, Kasia, Ewa), any other a man's (Marek, Piotr; "Kuba" is the known miss)."""
    return feminine if name.endswith("a") else masculine


_JUST_TO_SEE = "tak dla sprawdzenia"


def _reason_clause(kind: str, who: str, rank: Rank, when: str) -> str:
    them = rank_plural(rank)
    noun = _RANK[rank]
    clauses = {
        "they_asked": f"bo {who} {past(who, 'prosił', 'prosiła')} o {them} {_WHEN[when]}",
        "they_received": (
            f"bo {who} {past(who, 'dostał', 'dostała')} {them} przed chwilą"
            if when == "now"
            else f"bo {who} {past(who, 'wziął', 'wzięła')} {them} {_WHEN[when]}"
        ),
        "they_showed": (
            f"bo {who} {past(who, 'wyciągnął', 'wyciągnęła')} {noun.sg('acc')} "
            f"i {past(who, 'pokazał', 'pokazała')} {pronoun(noun, 1)} wszystkim"
        ),
        "they_hold": f"bo {who} musi jeszcze mieć {them}",
        "counted": "licząc karty, które zostały",
        "most_cards": f"bo {who} ma najwięcej kart",
        "not_asked": f"bo {who} nie {past(who, 'był', 'była')} jeszcze {past(who, 'pytany', 'pytana')} o {them}",
        "looked_ahead": "bo to wypada najlepiej po rozegraniu naprzód reszty gry z tego, co widział stół",
        "persist": f"żeby dalej próbować zdobyć {them}",
        "hunch": "na wyczucie",
        "guess": "na wyczucie",
    }
    return clauses.get(kind, _JUST_TO_SEE)


def describe_reason(
    reason: Reason,
    players: Sequence[str],
    listener_seat: int | None = None,
    asker: int | None = None,
) -> str:
    """A computer player's reason, as :func:`voicefish.bots.reasons.describe` says it in English; players are always
    named (``listener_seat`` is accepted, not used: no "ty")."""
    facts = reason_facts(reason, players)
    if facts.rank is None or not facts.who:
        return f"{players[asker]} pyta na chybił trafił." if asker is not None else sentence_case(_JUST_TO_SEE)
    clause = _reason_clause(facts.kind, facts.who, facts.rank, facts.when)
    if asker is None:
        return sentence_case(clause)
    return f"{players[asker]} pyta, czy {facts.who} ma {rank_plural(facts.rank)}, {clause}."


def reason_clause(motive: Reason, players: Sequence[str]) -> str:
    """Why a computer player asked, as a clause of its compact sentence."""
    facts = reason_facts(motive, players)
    if facts.rank is None or not facts.who:
        return _JUST_TO_SEE
    return _reason_clause(facts.kind, facts.who, facts.rank, facts.when)


NO_REASON_YET = "W tej grze żaden gracz komputerowy jeszcze o nic nie prosił."


def new_link_made(name: str) -> str:
    return f"{name}, twój nowy prywatny link jest gotowy. Stary już nie działa."


NEW_LINK_NONE = "Przy tym stole nie ma prywatnego linku do odnowienia."
NEW_LINK_FAILED = "Przepraszam, nie mogę teraz utworzyć nowego linku."


# --- reprompts, help, history and stopping (the answers) ---------------------------------

THIS_GAME = "Ta gra"
EARLIER_GAMES = "Poprzednie gry"
YES_NO_PROMPT = "tak/nie"
PAUSED_PROMPT = "pauza, naciśnij ⏎"
DEALER = "Rozdający"
PRIVATE = "prywatnie"
SAY_NAME_AND_RANK = "Powiedz imię gracza i wartość karty."
WANT_HELP = "Potrzebujesz pomocy? Powiedz pomoc, żeby usłyszeć, co możesz powiedzieć, albo pauza, żeby zrobić przerwę."
GOODBYE = "Gra zapisana. Do widzenia!"
NO_CLEAR_YES = "Nie usłyszałem wyraźnego „tak”, więc gramy dalej."
HELP_COMMANDS = (
    "Możesz też powiedzieć: przeczytaj moje karty, jaki jest wynik, ile kart zostało, czyja kolej, ile kart ma "
    "ktoś, o co ktoś prosił, powtórz, wolniej, szybciej, pauza albo koniec."
)
NOBODY_ASKED = "Nikt jeszcze o nic nie prosił."
_REASONS = (
    "nie ma takiego gracza",
    "nie padła żadna wartość karty",
    "nie ma kogo zapytać",
    "nie wiem, kto mówi",
    "to za długie",
)


def reason_words(reason: str) -> str:
    return parser_reason(
        reason, ASK_SELF, _REASONS, lambda n: f"nikt o imieniu {n} nie gra w tej grze", "nie mogę tego zagrać"
    )


def sorry(reason: str) -> str:
    return f"Przepraszam, {reason_words(reason)}."


def still_your_turn(reason: str, name: str) -> str:
    return f"Przepraszam, {reason_words(reason)}. {name}, nadal twoja kolej."


def example(target: str, rank: Rank, card: Card | None) -> str:
    return f"Na przykład: {ask_aloud(target, rank, card)}"


def you_could_say(target: str, rank: Rank, card: Card | None) -> str:
    return f"Z twoimi kartami możesz powiedzieć: {ask_aloud(target, rank, card)}"


def help_intro(exact: bool) -> str:
    if exact:
        return "W swojej kolejce poproś o jedną konkretną kartę, której nie masz, w wartości, którą masz."
    return "W swojej kolejce poproś innego gracza o wartość, którą masz."


def asked(asker: str, target: str, rank: Rank, card: Card | None, count: int, caught: bool) -> str:
    """In the historic present ("pyta, czy … ma …, i dostaje …"), which needs no gender of the asker."""
    what = card_name(card, "acc") if card is not None else rank_plural(rank)
    if count:
        result = f" i dostaje {amount(count, CARD, 'acc')}"
    else:
        result = " i łowi właśnie tę kartę" if caught else " i idzie na ryby"
    who = f"{asker} " if asker else ""
    return f"{who}pyta, czy {target} ma {what},{result}"


def history_of(name: str, facts: Sequence[str]) -> str:
    if not facts:
        return f"{name} jeszcze o nic nie prosi w tej grze."
    return f"{name} {join(list(facts), 'potem')}."


def history_all(facts: Sequence[str]) -> str:
    return f"Ostatnio: {join(list(facts), 'potem')}." if facts else NOBODY_ASKED


def keep_playing(name: str) -> str:
    return f"Dobrze, gramy dalej. {name}, twoja kolej."
