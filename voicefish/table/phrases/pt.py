"""Every sentence the table says, in Portuguese (Brazilian, as the Portuguese rule text is). Articles (o/a/os/as,
um/uma), "nenhum"/"nenhuma", pronouns (ele/ela/eles/elas) and numerals (um/uma, dois/duas) agree by rule with the
noun's gender and number; plurals follow the spelling rules (vowel → -s, -s/-z invariable, -r → -res, -l → -is),
with the one irregular card name ("ás" → "ases") marked.

"Go Fish" is "Vá pescar!", as the Portuguese rule text says it.

The vocabulary and agreement rules are in :mod:`voicefish.table.phrases.pt_words`, the sentences around the game (voice
check, saves, devices, the terminal reveal, the pages, links and the play command's questions) in
:mod:`voicefish.table.phrases.pt_setup`; this module exposes both, so the table loads one module per language.
"""

from __future__ import annotations

from collections.abc import Sequence

from voicefish.bots.base import Reason
from voicefish.cards import Card, Rank, Suit
from voicefish.table.phrases._common import parser_reason, reason_facts, sentence_case
from voicefish.table.phrases.pt_setup import *  # noqa: F403  (the sentences around the game, exposed here)
from voicefish.table.phrases.pt_words import *  # noqa: F403  (the vocabulary, exposed here)
from voicefish.table.phrases.pt_words import (
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
    rank_name,
    rank_plural,
    some_of,
)

# --- the deal, turns and moves (the narrator) ---------------------------------------------


def game_starts(game: int, dealer: str) -> str:
    return f"Partida {game}. {dealer} dá as cartas."


def everyone_gets(n: int) -> str:
    return f"Cada um recebe {plural(n, CARD.sg)}."


def some_get(names: Sequence[str], n: int) -> str:
    return f"{join(list(names))} recebem {plural(n, CARD.sg)} cada um."


def your_turn(name: str) -> str:
    return f"{name}, é a sua vez."


def goes_again(name: str) -> str:
    return f"{name} joga de novo."


def ask_aloud(target: str, rank: Rank, card: Card | None) -> str:
    if card is not None:
        return f"{target}, você tem {card_name(card)}?"
    return f"{target}, você tem {some_of(_RANK[rank])}?"


def _asks(asker: str, target: str, rank: Rank, card: Card | None, because: str = "") -> str:
    what = card_name(card) if card is not None else definite(_RANK[rank], plural=True)
    return f"{asker} pede {what} a {target}" + (f", {because}" if because else "")


def asks_for(asker: str, target: str, rank: Rank, card: Card | None) -> str:
    return f"{_asks(asker, target, rank, card)}."


def asked_gives(asker: str, target: str, rank: Rank, card: Card | None, count: int, *, because: str = "") -> str:
    gave = f"{target} entrega a carta" if card is not None else f"{target} dá {number(count, _RANK[rank])}"
    return f"{_asks(asker, target, rank, card, because)}: {gave}."


def asked_go_fish(asker: str, target: str, rank: Rank, card: Card | None, caught: bool, *, because: str = "") -> str:
    said = f"{_asks(asker, target, rank, card, because)}: vá pescar"
    if not caught:
        return f"{said}."
    fished = "exatamente essa carta" if card is not None else a_rank(rank)
    return f"{said} — {asker} compra {fished}."


def asked_pond_empty(asker: str, target: str, rank: Rank, card: Card | None, *, because: str = "") -> str:
    return f"{_asks(asker, target, rank, card, because)}: vá pescar, mas a pilha está vazia."


def asked_plays_next(asker: str, target: str, rank: Rank, card: Card | None, *, because: str = "") -> str:
    none = "não tem essa carta" if card is not None else f"não tem {none_of(_RANK[rank])}"
    return f"{_asks(asker, target, rank, card, because)}: {target} {none} e agora joga."


def gives(giver: str, receiver: str, rank: Rank, count: int, card: Card | None) -> str:
    what = card_name(card) if card is not None else rank_count(rank, count)
    return f"{giver} tem {what}. {receiver} fica com {pronoun(_RANK[card.rank if card is not None else rank], count)}."


def go_fish_draws(asker: str) -> str:
    return f"Vá pescar! {asker} compra uma carta."


def go_fish_pond_empty(asker: str) -> str:
    return f"Vá pescar! A pilha está vazia, então {asker} não pode comprar."


def miss_plays_next(target: str, rank: Rank, card: Card | None) -> str:
    if card is not None:
        return f"{target} não tem {card_name(card)}. Agora joga {target}."
    return f"{target} não tem {none_of(_RANK[rank])} {rank_name(rank)}. Agora joga {target}."


def lucky(player: str, card: Card, exact: bool) -> str:
    what = card_name(card) if exact else a_rank(card.rank)
    return f"Que sorte! {player} comprou {what}, exatamente o que pediu."


def lays_down(player: str, rank: Rank, pairs: bool) -> str:
    return f"{player} baixa {indefinite(PAIR if pairs else BOOK)} de {rank_plural(rank)}."


def refills(player: str, count: int) -> str:
    return f"{player} ficou sem cartas e compra {number(count, CARD)} da pilha."


def is_out(player: str) -> str:
    return f"{player} não tem mais cartas e está fora desta partida."


def tiebreak_starts(names: Sequence[str], pairs: bool) -> str:
    return (
        f"Empate! {join(list(names))} jogam uma mão de desempate com morte súbita. "
        f"Quem baixar primeiro {indefinite(PAIR if pairs else BOOK)} vence."
    )


def tiebreak_won(name: str) -> str:
    return f"{name} vence o desempate e a partida!"


def tiebreak_shared() -> str:
    return "O desempate terminou sem vencedor: a vitória é compartilhada."


def score_unit(point_fish: bool, pairs: bool) -> tuple[str, str]:
    unit = POINT if point_fish else (PAIR if pairs else BOOK)
    return (unit.sg, unit.pl)


def game_over(winners: Sequence[str], best: int, unit: tuple[str, str], scores: str) -> str:
    amount = plural(best, *unit)
    if len(winners) == 1:
        return f"Fim de jogo. {winners[0]} vence com {amount}! {scores}"
    return f"Fim de jogo. {join(list(winners))} empatam com {amount} cada um. {scores}"


def score_line(label: str, parts: Sequence[tuple[str, int]]) -> str:
    return f"{label}: {join([f'{name} {points}' for name, points in parts])}."


def session_score_label(played: int) -> str:
    return f"Depois de {plural(played, GAME.sg)}, o placar da sessão"


def champion(names: Sequence[str]) -> str:
    if len(names) == 1:
        return f"{names[0]} vence a sessão! Obrigado por jogar."
    return f"{join(list(names))} dividem a vitória da sessão! Obrigado por jogar."


THANKS = "Obrigado por jogar!"
SCORE_LABEL = "Placar"

# --- private news --------------------------------------------------------------------------


def hand(cards: Sequence[Card], *, suits: bool) -> str:
    if not cards:
        return "Sua mão está vazia."
    return f"Você tem {plural(len(cards), CARD.sg)}: {cards_phrase(cards, suits=suits)}."


def dealt_hand(cards: Sequence[Card], *, suits: bool) -> str:
    if not cards:
        return "Sua mão está vazia."
    return f"Suas cartas: {cards_phrase(cards, suits=suits)}."


def you_drew(card: Card) -> str:
    return f"Você comprou {card_name(card)}."


def you_picked_up(cards: Sequence[Card], *, suits: bool) -> str:
    return f"Você comprou {cards_phrase(cards, suits=suits)}."


def you_got(cards: Sequence[Card], *, suits: bool) -> str:
    return f"Você recebeu {cards_phrase(cards, suits=suits)}."


# --- the turn dialogue (the loop) ------------------------------------------------------------


SPEAK_UP = "Está barulhento aqui, então fale mais alto, por favor."
CHECK_EACH_ASK = "Está barulhento aqui, então vou confirmar cada pedido."


def welcome_back(game: int, games: int) -> str:
    return f"Bem-vindos de volta! Estamos na partida {game} de {games}."


SAY_IT_AGAIN = "Certo, diga de novo."
TRY_AGAIN = "Vamos tentar de novo."
YES_OR_NO = "Sim ou não?"
EXACT_CARD = f"Nesta partida se pede uma carta exata, por exemplo: {card_name(Card(Rank.SEVEN, Suit.HEARTS))}."


def unknown_player(name: str) -> str:
    return f"Não conheço ninguém com o nome {name}."


def target_out(name: str) -> str:
    return f"{name} está fora desta partida. Peça a outra pessoa."


def said_again(text: str) -> str:
    return f"Mais uma vez: {text}"


def whose_turn(name: str) -> str:
    return f"É a vez de {name}."


def ask_yourself(name: str) -> str:
    return f"{name}, você não pode pedir cartas a si mesmo. Peça a outro jogador."


def held_card(card: Card | None) -> str:
    return f"Você já tem {card_name(card) if card is not None else 'essa carta'}."


def its_your_turn(name: str) -> str:
    return f"{name}, é a sua vez."


def didnt_catch(name: str) -> str:
    return f"Desculpe, não entendi. {name}, é a sua vez."


def nothing_to_answer(name: str) -> str:
    return f"Não há nada para responder agora. {name}, é a sua vez."


def pond(n: int) -> str:
    if n == 0:
        return "A pilha está vazia."
    return f"Há {plural(n, CARD.sg)} na pilha."


def has_cards(name: str, n: int) -> str:
    return f"{name} não tem cartas." if n == 0 else f"{name} tem {plural(n, CARD.sg)}."


def go_on(name: str) -> str:
    return f"Vamos continuar. {name}, é a sua vez."


SLOWER = "Certo, vou falar mais devagar."
FASTER = "Certo, vou falar mais rápido."
PAUSED = "Pausa. Diga qualquer coisa quando quiser continuar."
STOP_QUESTION = "Parar a partida agora? Ela está salva e dá para continuar depois. Diga sim ou não."


def did_you_say(rank: Rank, card: Card | None) -> str:
    return f"Você disse {card_name(card) if card is not None else rank_plural(rank)}?"


def your_ranks(ranks: Sequence[Rank]) -> str:
    return f"Você pode pedir {join([definite(_RANK[r], plural=True) for r in ranks], 'ou')}."


def another_way(target: str, rank: Rank) -> str:
    return (
        f"Vamos tentar mais curto: só o nome e o valor, assim: {target}, {rank_plural(rank)}. "
        "Ou diga ajuda para ouvir o que você pode dizer."
    )


ASK_SELF = "você não pode pedir cartas a si mesmo"


def unheld_rank(rank: Rank) -> str:
    return (
        f"Você disse {rank_plural(rank)}, mas não tem {none_of(_RANK[rank])}, "
        "então peça um valor que você tenha na mão."
    )


def which_player(candidates: Sequence[str]) -> str:
    return f"Você quis dizer {join(list(candidates), 'ou')}? Diga só o nome."


def which_player_whole(candidates: Sequence[str]) -> str:
    return f"Você quis dizer {join(list(candidates), 'ou')}? Repita a pergunta inteira."


def which_cards(name: str) -> str:
    return f"Que cartas você quer de {name}? Diga só o valor."


def which_cards_whole(name: str) -> str:
    return f"Que cartas você quer de {name}? Repita a pergunta inteira."


# --- a computer player's reasons ("why?", --explain; the English words are voicefish.bots.reasons) ------------

_WHEN = {"now": "agora mesmo", "moment": "há pouco", "earlier": "antes"}

_JUST_TO_SEE = "só para ver"


def _reason_clause(kind: str, who: str, noun: Noun, when: str) -> str:
    them = definite(noun, plural=True)
    clauses = {
        "they_asked": f"porque {who} pediu {them} {_WHEN[when]}",
        "they_received": (
            f"porque {who} acabou de receber {them}" if when == "now" else f"porque {who} levou {them} {_WHEN[when]}"
        ),
        "they_showed": f"porque {who} comprou {indefinite(noun)} e mostrou para todos",
        "they_hold": f"porque {who} ainda deve ter {them}",
        "counted": "contando as cartas que restam",
        "most_cards": f"porque {who} tem mais cartas que todos",
        "not_asked": f"porque ninguém pediu {them} a {who} ainda",
        "looked_ahead": "porque foi a melhor jogada ao jogar adiante o resto da partida com o que a mesa viu",
        "persist": f"para continuar tentando conseguir {them}",
        "hunch": "por palpite",
        "guess": "por palpite",
    }
    return clauses.get(kind, _JUST_TO_SEE)


def describe_reason(
    reason: Reason,
    players: Sequence[str],
    listener_seat: int | None = None,
    asker: int | None = None,
) -> str:
    """A computer player's reason, as :func:`voicefish.bots.reasons.describe` says it in English; players are always
    named (``listener_seat`` is accepted, not used: no "você")."""
    facts = reason_facts(reason, players)
    if facts.rank is None or not facts.who:
        return f"{players[asker]} pede ao acaso." if asker is not None else sentence_case(_JUST_TO_SEE)
    clause = _reason_clause(facts.kind, facts.who, _RANK[facts.rank], facts.when)
    if asker is None:
        return sentence_case(clause)
    return f"{players[asker]} pede {definite(_RANK[facts.rank], plural=True)} a {facts.who}, {clause}."


def reason_clause(motive: Reason, players: Sequence[str]) -> str:
    """Why a computer player asked, as a clause of its compact sentence."""
    facts = reason_facts(motive, players)
    if facts.rank is None or not facts.who:
        return _JUST_TO_SEE
    return _reason_clause(facts.kind, facts.who, _RANK[facts.rank], facts.when)


NO_REASON_YET = "Nesta partida nenhum jogador do computador pediu ainda."


def new_link_made(name: str) -> str:
    return f"{name}, seu novo link privado está pronto. O antigo não funciona mais."


NEW_LINK_NONE = "Não há nenhum link privado para renovar nesta mesa."
NEW_LINK_FAILED = "Desculpe, não consegui criar um novo link agora."


# --- reprompts, help, history and stopping (the answers) ---------------------------------

THIS_GAME = "Esta partida"
EARLIER_GAMES = "Partidas anteriores"
YES_NO_PROMPT = "sim/não"
PAUSED_PROMPT = "em pausa, tecle ⏎"
DEALER = "Carteador"
PRIVATE = "privado"
SAY_NAME_AND_RANK = "Diga o nome de um jogador e um valor."
WANT_HELP = "Quer ajuda? Diga ajuda para ouvir o que você pode dizer, ou pausa para descansar."
GOODBYE = "Partida salva. Até logo!"
NO_CLEAR_YES = "Não ouvi um sim claro, então a partida continua."
HELP_COMMANDS = (
    "Você também pode dizer: leia minhas cartas, qual é o placar, quantas cartas restam, de quem é a vez, quantas "
    "cartas alguém tem, o que alguém pediu, repita, mais devagar, mais rápido, pausa ou sair."
)
NOBODY_ASKED = "Ninguém pediu nada ainda."
_REASONS = (
    "não há nenhum jogador com esse nome",
    "você não disse nenhum valor",
    "não há ninguém a quem pedir",
    "não sei quem está falando",
    "é longo demais",
)


def reason_words(reason: str) -> str:
    return parser_reason(
        reason, ASK_SELF, _REASONS, lambda n: f"ninguém chamado {n} está nesta partida", "não posso jogar isso"
    )


def sorry(reason: str) -> str:
    return f"Desculpe, {reason_words(reason)}."


def still_your_turn(reason: str, name: str) -> str:
    return f"Desculpe, {reason_words(reason)}. {name}, ainda é a sua vez."


def example(target: str, rank: Rank, card: Card | None) -> str:
    return f"Por exemplo: {ask_aloud(target, rank, card)}"


def you_could_say(target: str, rank: Rank, card: Card | None) -> str:
    return f"Com as suas cartas, você poderia dizer: {ask_aloud(target, rank, card)}"


def help_intro(exact: bool) -> str:
    if exact:
        return "Na sua vez, peça uma carta exata que você não tem, de um valor que você tem."
    return "Na sua vez, peça a outro jogador um valor que você tem."


def asked(asker: str, target: str, rank: Rank, card: Card | None, count: int, caught: bool) -> str:
    what = card_name(card) if card is not None else definite(_RANK[rank], plural=True)
    if count:
        result = f" e recebeu {plural(count, CARD.sg)}"
    else:
        result = " e pescou justamente a que pedia" if caught else " e foi pescar"
    who = f"{asker} " if asker else ""
    return f"{who}pediu {what} a {target}{result}"


def history_of(name: str, facts: Sequence[str]) -> str:
    if not facts:
        return f"{name} ainda não pediu nada nesta partida."
    return f"{name} {join(list(facts), 'depois')}."


def history_all(facts: Sequence[str]) -> str:
    return f"Há pouco, {join(list(facts), 'depois')}." if facts else NOBODY_ASKED


def keep_playing(name: str) -> str:
    return f"Certo, vamos continuar. {name}, é a sua vez."
