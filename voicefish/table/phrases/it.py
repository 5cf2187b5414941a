"""Every sentence the table says, in Italian. Articles (il/lo/l'/la, i/gli/le, un/uno/una/un'), partitives
(dei/degli/delle), "nessun"/"nessuna" and object pronouns (lo/la/li/le) agree by rule with the gender, number and
first sounds of the noun; plurals follow the -o/-e → -i, -a → -e rule, with invariable nouns (numerals, "re") marked.

The Italian rule texts keep "Go Fish" in English, so the table says it that way.

The vocabulary and agreement rules are in :mod:`voicefish.table.phrases.it_words`, the sentences around the game (voice
check, saves, devices, the terminal reveal, the pages, links and the play command's questions) in
:mod:`voicefish.table.phrases.it_setup`; this module exposes both, so the table loads one module per language.
"""

from __future__ import annotations

from collections.abc import Sequence

from voicefish.bots.base import Reason
from voicefish.cards import Card, Rank, Suit
from voicefish.table.phrases._common import parser_reason, reason_facts, sentence_case
from voicefish.table.phrases.it_setup import *  # noqa: F403  (the sentences around the game, exposed here)
from voicefish.table.phrases.it_words import *  # noqa: F403  (the vocabulary, exposed here)
from voicefish.table.phrases.it_words import (
    _RANK,
    BOOK,
    CARD,
    GAME,
    PAIR,
    POINT,
    Noun,
    a_rank,
    card_name,
    cards_phrase,
    definite,
    indefinite,
    join,
    number,
    partitive,
    plural,
    pronoun,
    rank_count,
    rank_plural,
    to,
)

# --- the deal, turns and moves (the narrator) ---------------------------------------------


def game_starts(game: int, dealer: str) -> str:
    return f"Partita {game}. Distribuisce {dealer}."


def everyone_gets(n: int) -> str:
    return f"Ognuno riceve {plural(n, CARD.sg)}."


def some_get(names: Sequence[str], n: int) -> str:
    return f"{join(list(names))} ricevono {plural(n, CARD.sg)} ciascuno."


def your_turn(name: str) -> str:
    return f"{name}, tocca a te."


def goes_again(name: str) -> str:
    return f"Tocca ancora {to(name)}."


def ask_aloud(target: str, rank: Rank, card: Card | None) -> str:
    if card is not None:
        return f"{target}, hai {card_name(card)}?"
    return f"{target}, hai {partitive(_RANK[rank])}?"


def _asks(asker: str, target: str, rank: Rank, card: Card | None, because: str = "") -> str:
    what = card_name(card) if card is not None else definite(_RANK[rank], plural=True)
    return f"{asker} chiede {to(target)} {what}" + (f", {because}" if because else "")


def asks_for(asker: str, target: str, rank: Rank, card: Card | None) -> str:
    return f"{_asks(asker, target, rank, card)}."


def asked_gives(asker: str, target: str, rank: Rank, card: Card | None, count: int, *, because: str = "") -> str:
    if card is not None:
        gave = f"{target} ce l'ha"
    else:
        gave = f"{target} ne dà {('una' if _RANK[rank].fem else 'uno') if count == 1 else number(count)}"
    return f"{_asks(asker, target, rank, card, because)}: {gave}."


def asked_go_fish(asker: str, target: str, rank: Rank, card: Card | None, caught: bool, *, because: str = "") -> str:
    said = f"{_asks(asker, target, rank, card, because)}: Go Fish"
    if not caught:
        return f"{said}."
    fished = "proprio quella carta" if card is not None else a_rank(rank)
    return f"{said} — {asker} pesca {fished}."


def asked_pond_empty(asker: str, target: str, rank: Rank, card: Card | None, *, because: str = "") -> str:
    return f"{_asks(asker, target, rank, card, because)}: Go Fish, ma il tallone è vuoto."


def asked_plays_next(asker: str, target: str, rank: Rank, card: Card | None, *, because: str = "") -> str:
    none = "non ce l'ha" if card is not None else "non ne ha"
    return f"{_asks(asker, target, rank, card, because)}: {target} {none} e ora gioca."


def gives(giver: str, receiver: str, rank: Rank, count: int, card: Card | None) -> str:
    what = card_name(card) if card is not None else rank_count(rank, count)
    return f"{giver} ha {what}. {receiver} {pronoun(_RANK[card.rank if card is not None else rank], count)} prende."


def go_fish_draws(asker: str) -> str:
    return f"Go Fish! {asker} pesca una carta."


def go_fish_pond_empty(asker: str) -> str:
    return f"Go Fish! Il tallone è vuoto, quindi {asker} non può pescare."


def miss_plays_next(target: str, rank: Rank, card: Card | None) -> str:
    if card is not None:
        return f"{target} non ha {card_name(card)}. Ora tocca {to(target)}."
    return f"{target} non ha {indefinite(_RANK[rank], 'ness')}. Ora tocca {to(target)}."


def lucky(player: str, card: Card, exact: bool) -> str:
    if exact:
        return f"Che fortuna! {player} ha pescato {card_name(card)}, proprio la carta chiesta."
    return f"Che fortuna! {player} ha pescato {a_rank(card.rank)}, proprio il valore chiesto."


def lays_down(player: str, rank: Rank, pairs: bool) -> str:
    return f"{player} posa {indefinite(PAIR if pairs else BOOK)} di {rank_plural(rank)}."


def refills(player: str, count: int) -> str:
    return f"{player} non ha più carte e ne pesca {number(count, CARD)} dal tallone."


def is_out(player: str) -> str:
    return f"{player} non ha più carte ed esce da questa partita."


def tiebreak_starts(names: Sequence[str], pairs: bool) -> str:
    return (
        f"Pareggio! {join(list(names))} giocano una mano di spareggio. "
        f"Vince chi posa per primo {indefinite(PAIR if pairs else BOOK)}."
    )


def tiebreak_won(name: str) -> str:
    return f"{name} vince lo spareggio e la partita!"


def tiebreak_shared() -> str:
    return "Lo spareggio è finito senza vincitori: la vittoria è condivisa."


def score_unit(point_fish: bool, pairs: bool) -> tuple[str, str]:
    unit = POINT if point_fish else (PAIR if pairs else BOOK)
    return (unit.sg, unit.pl)


def game_over(winners: Sequence[str], best: int, unit: tuple[str, str], scores: str) -> str:
    amount = plural(best, *unit)
    if len(winners) == 1:
        return f"Fine della partita. Vince {winners[0]} con {amount}! {scores}"
    return f"Fine della partita. {join(list(winners))} pareggiano con {amount} ciascuno. {scores}"


def score_line(label: str, parts: Sequence[tuple[str, int]]) -> str:
    return f"{label}: {join([f'{name} {points}' for name, points in parts])}."


def session_score_label(played: int) -> str:
    return f"Dopo {plural(played, GAME.sg)}, il punteggio della serata"


def champion(names: Sequence[str]) -> str:
    if len(names) == 1:
        return f"{names[0]} vince la serata! Grazie per aver giocato."
    return f"{join(list(names))} si dividono la vittoria della serata! Grazie per aver giocato."


THANKS = "Grazie per aver giocato!"
SCORE_LABEL = "Punteggio"

# --- private news --------------------------------------------------------------------------


def hand(cards: Sequence[Card], *, suits: bool) -> str:
    if not cards:
        return "La tua mano è vuota."
    return f"Hai {plural(len(cards), CARD.sg)}: {cards_phrase(cards, suits=suits)}."


def dealt_hand(cards: Sequence[Card], *, suits: bool) -> str:
    if not cards:
        return "La tua mano è vuota."
    return f"Le tue carte: {cards_phrase(cards, suits=suits)}."


def you_drew(card: Card) -> str:
    return f"Hai pescato {card_name(card)}."


def you_picked_up(cards: Sequence[Card], *, suits: bool) -> str:
    return f"Hai pescato {cards_phrase(cards, suits=suits)}."


def you_got(cards: Sequence[Card], *, suits: bool) -> str:
    return f"Hai ricevuto {cards_phrase(cards, suits=suits)}."


# --- the turn dialogue (the loop) ------------------------------------------------------------


SPEAK_UP = "C'è rumore qui, quindi parla più forte, per favore."
CHECK_EACH_ASK = "C'è rumore qui, quindi controllerò ogni richiesta."


def welcome_back(game: int, games: int) -> str:
    return f"Bentornati! Siamo alla partita {game} di {games}."


SAY_IT_AGAIN = "D'accordo, ripetilo."
TRY_AGAIN = "Riproviamo."
YES_OR_NO = "Sì o no?"
EXACT_CARD = f"In questa partita si chiede una carta precisa, per esempio: {card_name(Card(Rank.SEVEN, Suit.HEARTS))}."


def unknown_player(name: str) -> str:
    return f"Non conosco nessuno che si chiami {name}."


def target_out(name: str) -> str:
    return f"{name} è fuori da questa partita. Chiedi a qualcun altro."


def said_again(text: str) -> str:
    return f"Ancora una volta: {text}"


def whose_turn(name: str) -> str:
    return f"Tocca {to(name)}."


def ask_yourself(name: str) -> str:
    return f"{name}, non puoi chiedere a te stesso. Chiedi a un altro giocatore."


def held_card(card: Card | None) -> str:
    return f"Hai già tu {card_name(card) if card is not None else 'quella carta'}."


def its_your_turn(name: str) -> str:
    return f"{name}, tocca a te."


def didnt_catch(name: str) -> str:
    return f"Scusa, non ho capito. {name}, tocca a te."


def nothing_to_answer(name: str) -> str:
    return f"Adesso non c'è niente a cui rispondere. {name}, tocca a te."


def pond(n: int) -> str:
    if n == 0:
        return "Il tallone è vuoto."
    there = "c'è" if n == 1 else "ci sono"
    return f"Nel tallone {there} {plural(n, CARD.sg)}."


def has_cards(name: str, n: int) -> str:
    return f"{name} non ha carte." if n == 0 else f"{name} ha {plural(n, CARD.sg)}."


def go_on(name: str) -> str:
    return f"Andiamo avanti. {name}, tocca a te."


SLOWER = "D'accordo, parlerò più lentamente."
FASTER = "D'accordo, parlerò più in fretta."
PAUSED = "In pausa. Di' qualcosa quando vuoi continuare."
STOP_QUESTION = "Fermiamo la partita adesso? È salvata e si può continuare più tardi. Di' sì o no."


def did_you_say(rank: Rank, card: Card | None) -> str:
    return f"Hai detto {card_name(card) if card is not None else rank_plural(rank)}?"


def your_ranks(ranks: Sequence[Rank]) -> str:
    return f"Puoi chiedere {join([definite(_RANK[r], plural=True) for r in ranks], 'o')}."


def another_way(target: str, rank: Rank) -> str:
    return (
        f"Proviamo più in breve: solo il nome e il valore, così: {target}, {rank_plural(rank)}. "
        "Oppure di' aiuto per sentire che cosa puoi dire."
    )


ASK_SELF = "non puoi chiedere a te stesso"


def unheld_rank(rank: Rank) -> str:
    return f"Hai detto {rank_plural(rank)}, ma non ne hai, quindi chiedi un valore che hai in mano."


def which_player(candidates: Sequence[str]) -> str:
    return f"Intendevi {join(list(candidates), 'o')}? Dimmi solo il nome."


def which_player_whole(candidates: Sequence[str]) -> str:
    return f"Intendevi {join(list(candidates), 'o')}? Ripeti tutta la domanda."


def which_cards(name: str) -> str:
    return f"Quali carte vuoi da {name}? Dimmi solo il valore."


def which_cards_whole(name: str) -> str:
    return f"Quali carte vuoi da {name}? Ripeti tutta la domanda."


# --- a computer player's reasons ("why?", --explain; the English words are voicefish.bots.reasons) ------------

_WHEN = {"now": "proprio ora", "moment": "poco fa", "earlier": "prima"}

_JUST_TO_SEE = "tanto per vedere"


def _reason_clause(kind: str, who: str, noun: Noun, when: str) -> str:
    them = definite(noun, plural=True)
    clauses = {
        "they_asked": f"perché {who} ha chiesto {them} {_WHEN[when]}",
        "they_received": (
            f"perché {who} ha appena ricevuto {them}"
            if when == "now"
            else f"perché {who} ha preso {them} {_WHEN[when]}"
        ),
        "they_showed": f"perché {who} ha pescato {indefinite(noun)} e l'ha {'mostrata' if noun.fem else 'mostrato'}",
        "they_hold": f"perché {who} deve avere ancora {partitive(noun)}",
        "counted": "contando le carte rimaste",
        "most_cards": f"perché {who} ha più carte di tutti",
        "not_asked": f"perché nessuno ha ancora chiesto {them} {to(who)}",
        "looked_ahead": (
            "perché è la scelta migliore giocando in anticipo il resto della partita con ciò che il tavolo ha visto"
        ),
        "persist": f"per continuare a cercare {them}",
        "hunch": "a intuito",
        "guess": "a intuito",
    }
    return clauses.get(kind, _JUST_TO_SEE)


def describe_reason(
    reason: Reason,
    players: Sequence[str],
    listener_seat: int | None = None,
    asker: int | None = None,
) -> str:
    """A computer player's reason, as :func:`voicefish.bots.reasons.describe` says it in English; players are always
    named (``listener_seat`` is accepted, not used: no "you")."""
    facts = reason_facts(reason, players)
    if facts.rank is None or not facts.who:
        return f"{players[asker]} chiede a caso." if asker is not None else sentence_case(_JUST_TO_SEE)
    clause = _reason_clause(facts.kind, facts.who, _RANK[facts.rank], facts.when)
    if asker is None:
        return sentence_case(clause)
    return f"{players[asker]} chiede {to(facts.who)} {definite(_RANK[facts.rank], plural=True)}, {clause}."


def reason_clause(motive: Reason, players: Sequence[str]) -> str:
    """Why a computer player asked, as a clause of its compact sentence."""
    facts = reason_facts(motive, players)
    if facts.rank is None or not facts.who:
        return _JUST_TO_SEE
    return _reason_clause(facts.kind, facts.who, _RANK[facts.rank], facts.when)


NO_REASON_YET = "In questa partita nessun giocatore del computer ha ancora chiesto."


def new_link_made(name: str) -> str:
    return f"{name}, il tuo nuovo collegamento privato è pronto. Quello vecchio non funziona più."


NEW_LINK_NONE = "A questo tavolo non c'è nessun collegamento privato da rinnovare."
NEW_LINK_FAILED = "Mi dispiace, ora non riesco a creare un nuovo collegamento."


# --- reprompts, help, history and stopping (the answers) ---------------------------------

THIS_GAME = "Questa partita"
EARLIER_GAMES = "Partite precedenti"
YES_NO_PROMPT = "sì/no"
PAUSED_PROMPT = "in pausa, premi Invio"
DEALER = "Mazziere"
PRIVATE = "privato"
SAY_NAME_AND_RANK = "Di' il nome di un giocatore e un valore."
WANT_HELP = "Ti serve aiuto? Di' aiuto per sentire cosa puoi dire, o pausa per fare una pausa."
GOODBYE = "Partita salvata. Arrivederci!"
NO_CLEAR_YES = "Non ho sentito un sì chiaro, quindi la partita continua."
HELP_COMMANDS = (
    "Puoi anche dire: leggi le mie carte, qual è il punteggio, quante carte restano, a chi tocca, quante carte ha "
    "qualcuno, cosa ha chiesto qualcuno, ripeti, più lento, più veloce, pausa o esci."
)
NOBODY_ASKED = "Nessuno ha ancora chiesto niente."
_REASONS = (
    "non c'è nessun giocatore con quel nome",
    "non hai detto nessun valore",
    "non c'è nessuno a cui chiedere",
    "non riconosco chi sta parlando",
    "è troppo lungo",
)


def reason_words(reason: str) -> str:
    return parser_reason(
        reason, ASK_SELF, _REASONS, lambda n: f"nessuno di nome {n} gioca in questa partita", "non posso giocarlo"
    )


def sorry(reason: str) -> str:
    return f"Scusa, {reason_words(reason)}."


def still_your_turn(reason: str, name: str) -> str:
    return f"Scusa, {reason_words(reason)}. {name}, tocca ancora a te."


def example(target: str, rank: Rank, card: Card | None) -> str:
    return f"Per esempio: {ask_aloud(target, rank, card)}"


def you_could_say(target: str, rank: Rank, card: Card | None) -> str:
    return f"Con le tue carte potresti dire: {ask_aloud(target, rank, card)}"


def help_intro(exact: bool) -> str:
    if exact:
        return "Al tuo turno, chiedi una carta precisa che non hai, di un valore che hai."
    return "Al tuo turno, chiedi a un altro giocatore un valore che hai."


def asked(asker: str, target: str, rank: Rank, card: Card | None, count: int, caught: bool) -> str:
    what = card_name(card) if card is not None else definite(_RANK[rank], plural=True)
    if count:
        result = f" e ha ricevuto {plural(count, CARD.sg)}"
    else:
        result = " e ha pescato quella che cercava" if caught else " e ha pescato dal mazzo"
    who = f"{asker} " if asker else ""
    return f"{who}ha chiesto {to(target)} {what}{result}"


def history_of(name: str, facts: Sequence[str]) -> str:
    if not facts:
        return f"{name} non ha ancora chiesto niente in questa partita."
    return f"{name} {join(list(facts), 'poi')}."


def history_all(facts: Sequence[str]) -> str:
    return f"Ultimamente: {join(list(facts), 'poi')}." if facts else NOBODY_ASKED


def keep_playing(name: str) -> str:
    return f"Va bene, continuiamo. {name}, tocca a te."
