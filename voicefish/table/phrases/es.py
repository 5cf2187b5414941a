"""Every sentence the table says, in Spanish. Articles (el/la/los/las, un/una), "ningún"/"ninguna", object pronouns
(lo/la/los/las) and numerals (un/una) agree by rule with the noun's gender and number; plurals follow the spelling
rules (vowel → -s, consonant → -es, -z → -ces, -y → -yes); "y"/"o" become "e"/"u" before an /i/ or /o/ sound.

"Go Fish" is "¡Ve a pescar!", as the Spanish rule text says it.

The vocabulary and agreement rules are in :mod:`voicefish.table.phrases.es_words`, the sentences around the game (voice
check, saves, devices, the terminal reveal, the pages, links and the play command's questions) in
:mod:`voicefish.table.phrases.es_setup`; this module exposes both, so the table loads one module per language.
"""

from __future__ import annotations

from collections.abc import Sequence

from voicefish.bots.base import Reason
from voicefish.cards import Card, Rank, Suit
from voicefish.table.phrases._common import parser_reason, reason_facts, sentence_case
from voicefish.table.phrases.es_setup import *  # noqa: F403  (the sentences around the game, exposed here)
from voicefish.table.phrases.es_words import *  # noqa: F403  (the vocabulary, exposed here)
from voicefish.table.phrases.es_words import (
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
    none_of,
    number,
    plural,
    pronoun,
    rank_count,
    rank_plural,
)

# --- the deal, turns and moves (the narrator) ---------------------------------------------


def game_starts(game: int, dealer: str) -> str:
    return f"Partida {game}. Reparte {dealer}."


def everyone_gets(n: int) -> str:
    return f"Cada uno recibe {plural(n, CARD.sg)}."


def some_get(names: Sequence[str], n: int) -> str:
    return f"{join(list(names))} reciben {plural(n, CARD.sg)} cada uno."


def your_turn(name: str) -> str:
    return f"{name}, te toca."


def goes_again(name: str) -> str:
    return f"{name} vuelve a jugar."


def ask_aloud(target: str, rank: Rank, card: Card | None) -> str:
    if card is not None:
        return f"{target}, ¿tienes {card_name(card)}?"
    return f"{target}, ¿tienes {rank_plural(rank)}?"


def _asks(asker: str, target: str, rank: Rank, card: Card | None, because: str = "") -> str:
    what = card_name(card) if card is not None else definite(_RANK[rank], plural=True)
    return f"{asker} le pide {what} a {target}" + (f", {because}" if because else "")


def asks_for(asker: str, target: str, rank: Rank, card: Card | None) -> str:
    return f"{_asks(asker, target, rank, card)}."


def asked_gives(asker: str, target: str, rank: Rank, card: Card | None, count: int, *, because: str = "") -> str:
    if card is not None:
        gave = f"{target} se {pronoun(_RANK[card.rank], 1)} da"
    else:
        gave = f"{target} le da {number(count, _RANK[rank])}"
    return f"{_asks(asker, target, rank, card, because)}: {gave}."


def asked_go_fish(asker: str, target: str, rank: Rank, card: Card | None, caught: bool, *, because: str = "") -> str:
    said = f"{_asks(asker, target, rank, card, because)}: ve a pescar"
    if not caught:
        return f"{said}."
    fished = "justo esa carta" if card is not None else a_rank(rank)
    return f"{said} — {asker} roba {fished}."


def asked_pond_empty(asker: str, target: str, rank: Rank, card: Card | None, *, because: str = "") -> str:
    return f"{_asks(asker, target, rank, card, because)}: ve a pescar, pero la pila está vacía."


def asked_plays_next(asker: str, target: str, rank: Rank, card: Card | None, *, because: str = "") -> str:
    none = f"no {pronoun(_RANK[card.rank], 1)} tiene" if card is not None else f"no tiene {none_of(_RANK[rank])}"
    return f"{_asks(asker, target, rank, card, because)}: {target} {none} y ahora juega."


def gives(giver: str, receiver: str, rank: Rank, count: int, card: Card | None) -> str:
    what = card_name(card) if card is not None else rank_count(rank, count)
    return (
        f"{giver} tiene {what}. {receiver} se {pronoun(_RANK[card.rank if card is not None else rank], count)} lleva."
    )


def go_fish_draws(asker: str) -> str:
    return f"¡Ve a pescar! {asker} roba una carta."


def go_fish_pond_empty(asker: str) -> str:
    return f"¡Ve a pescar! La pila está vacía, así que {asker} no puede robar."


def miss_plays_next(target: str, rank: Rank, card: Card | None) -> str:
    if card is not None:
        return f"{target} no tiene {card_name(card)}. Ahora juega {target}."
    return f"{target} no tiene {rank_plural(rank)}. Ahora juega {target}."


def lucky(player: str, card: Card, exact: bool) -> str:
    what = card_name(card) if exact else a_rank(card.rank)
    return f"¡Suerte! {player} ha robado {what}, justo lo que pidió."


def lays_down(player: str, rank: Rank, pairs: bool) -> str:
    return f"{player} baja {indefinite(PAIR if pairs else BOOK)} de {rank_plural(rank)}."


def refills(player: str, count: int) -> str:
    return f"{player} se ha quedado sin cartas y roba {number(count, CARD)} de la pila."


def is_out(player: str) -> str:
    return f"{player} no tiene más cartas y queda fuera de esta partida."


def tiebreak_starts(names: Sequence[str], pairs: bool) -> str:
    return (
        f"¡Empate! {join(list(names))} juegan una mano de desempate a muerte súbita. "
        f"Gana quien baje primero {indefinite(PAIR if pairs else BOOK)}."
    )


def tiebreak_won(name: str) -> str:
    return f"¡{name} gana el desempate y la partida!"


def tiebreak_shared() -> str:
    return "El desempate terminó sin ganador: la victoria es compartida."


def score_unit(point_fish: bool, pairs: bool) -> tuple[str, str]:
    unit = POINT if point_fish else (PAIR if pairs else BOOK)
    return (unit.sg, unit.pl)


def game_over(winners: Sequence[str], best: int, unit: tuple[str, str], scores: str) -> str:
    amount = plural(best, *unit)
    if len(winners) == 1:
        return f"Fin de la partida. ¡Gana {winners[0]} con {amount}! {scores}"
    return f"Fin de la partida. {join(list(winners))} empatan con {amount} cada uno. {scores}"


def score_line(label: str, parts: Sequence[tuple[str, int]]) -> str:
    return f"{label}: {join([f'{name} {points}' for name, points in parts])}."


def session_score_label(played: int) -> str:
    return f"Tras {plural(played, GAME.sg)}, el marcador de la sesión"


def champion(names: Sequence[str]) -> str:
    if len(names) == 1:
        return f"¡{names[0]} gana la sesión! Gracias por jugar."
    return f"¡{join(list(names))} comparten la victoria de la sesión! Gracias por jugar."


THANKS = "¡Gracias por jugar!"
SCORE_LABEL = "Marcador"

# --- private news --------------------------------------------------------------------------


def hand(cards: Sequence[Card], *, suits: bool) -> str:
    if not cards:
        return "Tu mano está vacía."
    return f"Tienes {plural(len(cards), CARD.sg)}: {cards_phrase(cards, suits=suits)}."


def dealt_hand(cards: Sequence[Card], *, suits: bool) -> str:
    if not cards:
        return "Tu mano está vacía."
    return f"Tus cartas: {cards_phrase(cards, suits=suits)}."


def you_drew(card: Card) -> str:
    return f"Has robado {card_name(card)}."


def you_picked_up(cards: Sequence[Card], *, suits: bool) -> str:
    return f"Has robado {cards_phrase(cards, suits=suits)}."


def you_got(cards: Sequence[Card], *, suits: bool) -> str:
    return f"Has recibido {cards_phrase(cards, suits=suits)}."


# --- the turn dialogue (the loop) ------------------------------------------------------------


SPEAK_UP = "Hay mucho ruido aquí, así que habla más alto, por favor."
CHECK_EACH_ASK = "Hay mucho ruido aquí, así que comprobaré cada petición."


def welcome_back(game: int, games: int) -> str:
    return f"¡Bienvenidos de nuevo! Estamos en la partida {game} de {games}."


SAY_IT_AGAIN = "Vale, dilo otra vez."
TRY_AGAIN = "Intentémoslo otra vez."
YES_OR_NO = "¿Sí o no?"
EXACT_CARD = f"En esta partida se pide una carta exacta, por ejemplo: {card_name(Card(Rank.SEVEN, Suit.HEARTS))}."


def unknown_player(name: str) -> str:
    return f"No conozco a nadie que se llame {name}."


def target_out(name: str) -> str:
    return f"{name} ya no juega en esta partida. Pídele a otra persona."


def said_again(text: str) -> str:
    return f"Otra vez: {text}"


def whose_turn(name: str) -> str:
    return f"Le toca a {name}."


def ask_yourself(name: str) -> str:
    return f"{name}, no puedes pedirte cartas a ti. Pídele a otro jugador."


def held_card(card: Card | None) -> str:
    return f"Ya tienes {card_name(card) if card is not None else 'esa carta'}."


def its_your_turn(name: str) -> str:
    return f"{name}, te toca."


def didnt_catch(name: str) -> str:
    return f"Perdona, no te he entendido. {name}, te toca."


def nothing_to_answer(name: str) -> str:
    return f"Ahora no hay nada que responder. {name}, te toca."


def pond(n: int) -> str:
    if n == 0:
        return "La pila está vacía."
    return f"{'Queda' if n == 1 else 'Quedan'} {plural(n, CARD.sg)} en la pila."


def has_cards(name: str, n: int) -> str:
    return f"{name} no tiene cartas." if n == 0 else f"{name} tiene {plural(n, CARD.sg)}."


def go_on(name: str) -> str:
    return f"Sigamos. {name}, te toca."


SLOWER = "Vale, hablaré más despacio."
FASTER = "Vale, hablaré más rápido."
PAUSED = "En pausa. Di cualquier cosa cuando quieras seguir."
STOP_QUESTION = "¿Paramos la partida ahora? Queda guardada y se puede seguir más tarde. Di sí o no."


def did_you_say(rank: Rank, card: Card | None) -> str:
    return f"¿Has dicho {card_name(card) if card is not None else rank_plural(rank)}?"


def your_ranks(ranks: Sequence[Rank]) -> str:
    return f"Puedes pedir {join([rank_plural(r) for r in ranks], 'o')}."


def another_way(target: str, rank: Rank) -> str:
    return (
        f"Probemos más corto: solo el nombre y el valor, así: {target}, {rank_plural(rank)}. "
        "O di ayuda para oír lo que puedes decir."
    )


ASK_SELF = "no puedes pedirte cartas a ti"


def unheld_rank(rank: Rank) -> str:
    return (
        f"Has dicho {rank_plural(rank)}, pero no tienes {none_of(_RANK[rank])}, "
        "así que pide un valor que tengas en la mano."
    )


def which_player(candidates: Sequence[str]) -> str:
    return f"¿Te refieres a {join(list(candidates), 'o')}? Di solo el nombre."


def which_player_whole(candidates: Sequence[str]) -> str:
    return f"¿Te refieres a {join(list(candidates), 'o')}? Repite toda la pregunta."


def which_cards(name: str) -> str:
    return f"¿Qué cartas quieres de {name}? Di solo el valor."


def which_cards_whole(name: str) -> str:
    return f"¿Qué cartas quieres de {name}? Repite toda la pregunta."


# --- a computer player's reasons ("why?", --explain; the English words are voicefish.bots.reasons) ------------

_WHEN = {"now": "ahora mismo", "moment": "hace un momento", "earlier": "antes"}

_JUST_TO_SEE = "solo para ver qué pasa"


def _reason_clause(kind: str, who: str, noun: Noun, when: str) -> str:
    them = definite(noun, plural=True)
    clauses = {
        "they_asked": f"porque {who} pidió {them} {_WHEN[when]}",
        "they_received": (
            f"porque {who} acaba de recibir {them}" if when == "now" else f"porque {who} se llevó {them} {_WHEN[when]}"
        ),
        "they_showed": f"porque {who} robó {indefinite(noun)} y {pronoun(noun, 1)} enseñó",
        "they_hold": f"porque {who} todavía debe de tener {noun.pl}",
        "counted": "contando las cartas que quedan",
        "most_cards": f"porque {who} tiene más cartas que nadie",
        "not_asked": f"porque nadie le ha pedido todavía {them} a {who}",
        "looked_ahead": (
            "porque fue lo mejor al jugar por adelantado el resto de la partida con lo que ha visto la mesa"
        ),
        "persist": f"para seguir intentando conseguir {them}",
        "hunch": "por una corazonada",
        "guess": "por una corazonada",
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
        return f"{players[asker]} pide al azar." if asker is not None else sentence_case(_JUST_TO_SEE)
    clause = _reason_clause(facts.kind, facts.who, _RANK[facts.rank], facts.when)
    if asker is None:
        return sentence_case(clause)
    return f"{players[asker]} le pide {definite(_RANK[facts.rank], plural=True)} a {facts.who}, {clause}."


def reason_clause(motive: Reason, players: Sequence[str]) -> str:
    """Why a computer player asked, as a clause of its compact sentence."""
    facts = reason_facts(motive, players)
    if facts.rank is None or not facts.who:
        return _JUST_TO_SEE
    return _reason_clause(facts.kind, facts.who, _RANK[facts.rank], facts.when)


NO_REASON_YET = "En esta partida ningún jugador del ordenador ha pedido todavía."


def new_link_made(name: str) -> str:
    return f"{name}, tu nuevo enlace privado está listo. El anterior ya no funciona."


NEW_LINK_NONE = "En esta mesa no hay ningún enlace privado que renovar."
NEW_LINK_FAILED = "Lo siento, ahora no puedo crear un enlace nuevo."


# --- reprompts, help, history and stopping (the answers) ---------------------------------

THIS_GAME = "Esta partida"
EARLIER_GAMES = "Partidas anteriores"
YES_NO_PROMPT = "sí/no"
PAUSED_PROMPT = "en pausa, pulsa Intro"
DEALER = "Repartidor"
PRIVATE = "privado"
SAY_NAME_AND_RANK = "Di el nombre de un jugador y un valor."
WANT_HELP = "¿Necesitas ayuda? Di ayuda para oír lo que puedes decir, o pausa para descansar."
GOODBYE = "Partida guardada. ¡Adiós!"
NO_CLEAR_YES = "No he oído un sí claro, así que la partida sigue."
HELP_COMMANDS = (
    "También puedes decir: lee mis cartas, cómo va el marcador, cuántas cartas quedan, a quién le toca, cuántas "
    "cartas tiene alguien, qué ha pedido alguien, repite, más despacio, más rápido, pausa o salir."
)
NOBODY_ASKED = "Nadie ha pedido nada todavía."
_REASONS = (
    "no hay ningún jugador con ese nombre",
    "no has dicho ningún valor",
    "no hay nadie a quien pedir",
    "no sé quién está hablando",
    "es demasiado largo",
)


def reason_words(reason: str) -> str:
    return parser_reason(
        reason, ASK_SELF, _REASONS, lambda n: f"nadie llamado {n} juega en esta partida", "no puedo jugar eso"
    )


def sorry(reason: str) -> str:
    return f"Perdona, {reason_words(reason)}."


def still_your_turn(reason: str, name: str) -> str:
    return f"Perdona, {reason_words(reason)}. {name}, te sigue tocando."


def example(target: str, rank: Rank, card: Card | None) -> str:
    return f"Por ejemplo: {ask_aloud(target, rank, card)}"


def you_could_say(target: str, rank: Rank, card: Card | None) -> str:
    return f"Con tus cartas podrías decir: {ask_aloud(target, rank, card)}"


def help_intro(exact: bool) -> str:
    if exact:
        return "En tu turno, pide una carta concreta que no tengas, de un valor que sí tengas."
    return "En tu turno, pídele a otro jugador un valor que tengas."


def asked(asker: str, target: str, rank: Rank, card: Card | None, count: int, caught: bool) -> str:
    what = card_name(card) if card is not None else definite(_RANK[rank], plural=True)
    if count:
        result = f" y recibió {plural(count, CARD.sg)}"
    else:
        result = " y pescó justo la que pedía" if caught else " y fue a pescar"
    who = f"{asker} " if asker else ""
    return f"{who}le pidió {what} a {target}{result}"


def history_of(name: str, facts: Sequence[str]) -> str:
    if not facts:
        return f"{name} aún no ha pedido nada en esta partida."
    return f"{name} {join(list(facts), 'luego')}."


def history_all(facts: Sequence[str]) -> str:
    return f"Hace poco, {join(list(facts), 'luego')}." if facts else NOBODY_ASKED


def keep_playing(name: str) -> str:
    return f"Vale, sigamos jugando. {name}, te toca."
