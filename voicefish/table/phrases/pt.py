"""Every sentence the table says, in Portuguese (Brazilian, as the Portuguese rule text is). Articles (o/a/os/as,
um/uma), "nenhum"/"nenhuma", pronouns (ele/ela/eles/elas) and numerals (um/uma, dois/duas) agree by rule with the
noun's gender and number; plurals follow the spelling rules (vowel → -s, -s/-z invariable, -r → -res, -l → -is),
with the one irregular card name ("ás" → "ases") marked.

"Go Fish" is "Vá pescar!", as the Portuguese rule text says it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from voicefish.bots.base import Reason
from voicefish.cards import Card, Rank, Suit
from voicefish.table.phrases._common import cards_by_rank, join_with, parser_reason, reason_facts, sentence_case

# --- vocabulary and agreement -----------------------------------------------------------------


@dataclass(frozen=True)
class Noun:
    sg: str
    fem: bool = False
    irregular_pl: str = ""
    numeral: bool = False

    @property
    def pl(self) -> str:
        """sete → setes, dama → damas, rei → reis, par → pares; dois, três, seis, dez are invariable."""
        w = self.sg
        if self.irregular_pl:
            return self.irregular_pl
        if w[-1] in "aeiouáéêóô":
            return w + "s"
        if self.numeral and w.endswith(("s", "z")):
            return w  # os dois, os três, os seis, os dez
        if w.endswith(("r", "z")):
            return w + "es"
        if w.endswith("l"):
            return w[:-1] + "is"
        return w


def _noun(word: str, irregular_pl: str = "", *, numeral: bool = False) -> Noun:
    """Gender by ending: -a is feminine (carta, dama, partida), the rest masculine."""
    return Noun(word, fem=word.endswith("a"), irregular_pl=irregular_pl, numeral=numeral)


_RANK: dict[Rank, Noun] = {
    Rank.ACE: _noun("ás", "ases"),  # a stressed monosyllable in -s: the plural adds -es and drops the accent
    **{
        r: _noun(w, numeral=r <= Rank.TEN)
        for r, w in zip(
            list(Rank)[1:],
            ["dois", "três", "quatro", "cinco", "seis", "sete", "oito", "nove", "dez", "valete", "dama", "rei"],
            strict=True,
        )
    },
}
_SUIT = {Suit.SPADES: "espadas", Suit.HEARTS: "copas", Suit.DIAMONDS: "ouros", Suit.CLUBS: "paus"}
_NUMBERS = ["zero", "um", "dois", "três", "quatro", "cinco", "seis", "sete", "oito", "nove", "dez", "onze", "doze"]
CARD = _noun("carta")
BOOK = _noun("conjunto")
PAIR = _noun("par")
POINT = _noun("ponto")
GAME = _noun("partida")
_NOUNS = {n.sg: n for n in (CARD, BOOK, PAIR, POINT, GAME)}


def definite(noun: Noun, *, plural: bool = False) -> str:
    art = ("as" if plural else "a") if noun.fem else ("os" if plural else "o")
    return f"{art} {noun.pl if plural else noun.sg}"


def indefinite(noun: Noun) -> str:
    return f"{'uma' if noun.fem else 'um'} {noun.sg}"


def none_of(noun: Noun) -> str:
    return "nenhuma" if noun.fem else "nenhum"


def some_of(noun: Noun) -> str:
    """algum valete, alguma dama: "any" with the singular, never ambiguous with a count ("algum dois")."""
    return f"{'alguma' if noun.fem else 'algum'} {noun.sg}"


def pronoun(noun: Noun, count: int) -> str:
    """ele, ela, eles, elas."""
    return ("ela" if noun.fem else "ele") + ("s" if count != 1 else "")


def number(n: int, noun: Noun | None = None) -> str:
    """um/uma and dois/duas agree with the noun's gender."""
    if noun is not None and noun.fem and n in (1, 2):
        return "uma" if n == 1 else "duas"
    return _NUMBERS[n] if 0 <= n < len(_NUMBERS) else str(n)


def plural(n: int, word: str, words: str | None = None) -> str:
    """uma carta, duas cartas, um ponto, dois pontos, zero cartas."""
    noun = _NOUNS.get(word) or _noun(word)
    if n == 1:
        return indefinite(noun)
    return f"{number(n, noun)} {words or noun.pl}"


def rank_name(rank: Rank) -> str:
    return _RANK[rank].sg


def rank_plural(rank: Rank) -> str:
    return _RANK[rank].pl


def a_rank(rank: Rank) -> str:
    return indefinite(_RANK[rank])


def rank_count(rank: Rank, n: int) -> str:
    """um valete, dois valetes, duas damas."""
    return a_rank(rank) if n == 1 else f"{number(n, _RANK[rank])} {rank_plural(rank)}"


def card_name(card: Card) -> str:
    """o sete de copas, a dama de espadas."""
    return f"{definite(_RANK[card.rank])} de {_SUIT[card.suit]}"


def join(items: Sequence[str], conj: str = "e") -> str:
    return join_with(items, conj)


def _with_suits(rank: Rank, cs: list[Card]) -> str:
    return f"{definite(_RANK[rank], plural=len(cs) > 1)} de {join([_SUIT[c.suit] for c in cs])}"


def cards_phrase(cards: Sequence[Card], *, suits: bool = False) -> str:
    """dois setes, um valete e três reis; with suits: os setes de paus e copas; o rei de espadas."""
    return cards_by_rank(cards, suits=suits, counted=rank_count, with_suits=_with_suits, join=join)


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


def asks_for(asker: str, target: str, rank: Rank, card: Card | None) -> str:
    what = card_name(card) if card is not None else definite(_RANK[rank], plural=True)
    return f"{asker} pede {what} a {target}."


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


# --- asking back, the voice check (voicefish.table.checking) ------------------------------------


def confirm_ask(target: str, rank: Rank, card: Card | None) -> str:
    return f"{target}, {card_name(card) if card is not None else definite(_RANK[rank], plural=True)}?"


_CHECK_ASKS = (
    "{n}, tens setes?",
    "{n}, dá-me os teus reis.",
    "Tens cincos, {n}?",
    "{n}, você tem damas?",
    "{n}, dá-me os teus três.",
    "{n}, tens algum ás?",
    "Tens noves, {n}?",
    "{n}, dá-me os teus valetes.",
)


def check_prompt(index: int, target: str) -> str:
    return _CHECK_ASKS[index % len(_CHECK_ASKS)].format(n=target)


def voice_check_intro(resumed: bool) -> str:
    when = "Antes de continuarmos" if resumed else "Antes de distribuir as cartas"
    return (
        f"{when}, um breve teste de voz, para eu aprender como cada um fala. "
        "Repitam cada frase depois de mim, ou digam não para pulá-la."
    )


def loud_check_intro(name: str) -> str:
    return (
        f"Agora há barulho aqui, então {name}, um breve teste de voz com barulho. "
        "Repita cada frase depois de mim, ou diga não."
    )


def please_say(name: str, sentence: str) -> str:
    return f"{name}, por favor diga: {sentence}"


def voice_remembered(name: str) -> str:
    return f"{name}, eu me lembro da sua voz."


def voice_relearnt(name: str) -> str:
    return f"{name}, não consegui usar a sua voz guardada, então vou aprendê-la de novo."


def thank_you(name: str) -> str:
    return f"Obrigado, {name}."


NO_VOICE_CHECK = "Certo, sem teste de voz."
NO_VOICE_CHECK_PLAY = "Certo, sem teste de voz. Vamos jogar."

# --- saving, the game log and the devices -----------------------------------------------------

DISK_FULL = "o disco está cheio"
DISK_READ_ONLY = "o disco é somente leitura"
FOLDER_LOCKED = "não é permitido gravar na pasta"


def cannot_save(problem: str) -> str:
    return (
        f"Não consigo salvar o jogo: {problem}. O último jogo salvo é mantido e o jogo continua; "
        "eu aviso quando salvar voltar a funcionar."
    )


SAVED_AGAIN = "O jogo está salvo de novo."


def log_refused(problem: str) -> str:
    return f"Não vou gravar o registro do jogo aí: {problem}."


def log_kept_in_save(path: str, problem: str) -> str:
    return f"Não consigo gravar o registro do jogo em {path} ({problem}); as partidas até agora ficam no jogo salvo."


def log_moved(path: str, problem: str, spare: str) -> str:
    return f"Não consigo gravar o registro do jogo em {path} ({problem}), então ele está em {spare}."


def no_microphone(problem: str) -> str:
    return f"Não consigo ouvir por um microfone aqui: {problem}. Digitem as suas jogadas."


NO_SPEAKER = "Não há alto-falante para falar, então tudo aparece como legendas."


def speech_off(problem: str) -> str:
    return f"A fala está desligada ({problem}); tudo aparece como legendas."


def cannot_speak(problem: str) -> str:
    return f"Não consigo falar: {problem}; em vez disso, o jogo mostrará legendas no terminal."


def other_speaker(problem: str, output: str) -> str:
    where = f" ({output})" if output else ""
    return f"Não consigo usar o alto-falante que você pediu: {problem}. Estou falando pela saída padrão{where}."


# --- the terminal reveal (voicefish.outputs.terminal) -----------------------------------------


def reveal_prompt(name: str) -> str:
    return f"{name}: aperte Enter para ver as suas cartas (os outros, olhem para o lado)"


def reveal_hide(name: str) -> str:
    return f"{name}: aperte Enter para escondê-las"


def reveal_kept(name: str) -> str:
    return f"{name}: não há teclado, então a sua mensagem privada fica guardada para depois."


# --- the screens: the table page and the private pages (voicefish.outputs.pages) --------------


def card_count(n: int) -> str:
    return f"{n} carta" if n == 1 else f"{n} cartas"


GAME_NAME = "Vá pescar"
PAGE_TABLE_TITLE = "{0} \u2014 mesa"
PAGE_PRIVATE_TITLE = "{0} \u2014 privado"
PAGE_CONNECTING = "Conectando\u2026"
PAGE_LIVE = "Ao vivo"
PAGE_LOST = "Conexão perdida, reconectando\u2026"
PAGE_GONE = "Esta página não é mais válida ({0})."
PAGE_ENDED = "O jogo terminou. Você pode fechar esta página."
PAGE_REPLACED = "Este link foi substituído por um novo; esta página não se atualiza mais."
PAGE_NOT_VALID = "Este link não vale para o jogo em andamento."
NEW_LINK_HOW = (
    "diga ou digite «link novo» na mesa: o link antigo deixa de funcionar e o novo aparece na tela da mesa e no "
    "terminal."
)
NEW_LINK_ADVICE = f"Para ter um link novo, {NEW_LINK_HOW}"
PAGE_WAITING = "Esperando o jogo começar\u2026"
PAGE_TURN_OF = "É a vez de {0}"
PAGE_TIEBREAK = "(desempate)"
PAGE_GAME = "Partida {0}"
PAGE_GAME_OF = "Partida {0} de {1}"
PAGE_OVER = "Fim de jogo."
PAGE_WINS = "Fim de jogo. {0} vence!"
PAGE_SHARE = "Fim de jogo. {0} e {1} dividem a vitória."
PAGE_RULES = "Regras: {0}"
PAGE_CLASSIC = "Regras clássicas"
PAGE_SCAN = "{0}, escaneie o código para ver as suas cartas:"
PAGE_QR = "Código QR com o link privado de {0}"
PAGE_STOCK = "Cartas na pilha:"
PAGE_PLAYERS = "Jogadores"
PAGE_PLAYER = "Jogador"
PAGE_CARDS = "Cartas"
PAGE_BOOKS = "Conjuntos"
PAGE_SCORE = "Pontos"
PAGE_SESSION = "Sessão"
PAGE_SAID = "O que foi dito"
PAGE_PRIVATE_PAGES = "Páginas privadas"
PAGE_SCAN_HELP = (
    "Cada jogador escaneia o próprio código com o celular. Um código desaparece assim que é usado, e depois o seu "
    "link só funciona no celular que o abriu."
)
PAGE_LOCAL_ONLY = (
    "Estes links só funcionam neste computador: comece o jogo com {0} para que celulares da mesma rede possam abri-los."
)
PAGE_CARDS_OF = "Cartas de {0}"
PAGE_NEEDS_SCRIPT = "Esta página precisa de JavaScript para mostrar as suas cartas."
PAGE_TAP = "Toque para ver as suas cartas"
PAGE_YOUR_HAND = "A sua mão"
PAGE_HIDE = "Esconder as minhas cartas"
PAGE_JUST_FOR_YOU = "Só para você"
PAGE_THIS_LINK = "Este link"
PAGE_LINK_HELP = (
    "Ele só funciona neste aparelho. Se outra pessoa pode tê-lo visto, peça um novo aqui: o antigo deixa de "
    "funcionar na hora."
)
PAGE_RENEW = "Um link novo para este aparelho"
PAGE_GAME_IS_OVER = "O jogo terminou."
PAGE_YOUR_TURN = "É a sua vez!"
PAGE_YOUR_TURN_SAID = "É a sua vez."
PAGE_NO_PEEKING = "Sem espiar: você só pode olhar as suas cartas durante a sua vez."
PAGE_NO_CARDS = "Não há cartas na sua mão."
PAGE_JUST_DREW = "Você acabou de comprar:"
PAGE_NEW_CARD = "Você tem uma carta nova. Toque para ver as suas cartas."
PAGE_IN_USE = "Este link está sendo usado em outro aparelho."
PAGE_NOT_HERE = "Este link não funciona aqui."
PAGE_NO_ANSWER = "A mesa não respondeu; tente de novo."
PAGE_FORBIDDEN = "Esta página privada precisa do link do próprio jogador."
PAGE_OUTDATED = (
    "Este link foi substituído por um mais recente e não funciona mais. Use o link mais recente, ou peça outro:"
)
PAGE_ELSEWHERE = (
    "Esta página privada já está aberta em outro aparelho, e só esse aparelho pode mostrá-la. Se esse aparelho não "
    "é seu, ou você não pode mais usá-lo,"
)


# --- the links printed in the terminal (voicefish.outputs.server) ----------------------------

LINKS_TABLE = "Tela da mesa (com os códigos para entrar; deixe-a neste computador ou na tela comum):"
LINKS_PUBLIC = "Página da mesa para todos os outros (sem códigos):"


def links_private(name: str) -> str:
    return (
        f"{name}: abra a sua página privada no celular ou numa tela que só você vê (ela funciona no primeiro "
        "aparelho que a abrir):"
    )


def links_renewed(name: str) -> str:
    return f"Link privado novo para {name} (o antigo não funciona mais):"


# --- the play command's questions at the terminal (voicefish.commands.play) --------------------


def ask_name(default: str) -> str:
    return f"Qual é o seu nome? [{default}]"


def resume_offer(names: Sequence[str], game: int, games: int) -> str:
    return f"Há um jogo salvo ({', '.join(names)}, partida {game} de {games}). Continuar com ele?"


# --- the turn dialogue (the loop) ------------------------------------------------------------


SPEAK_UP = "Está barulhento aqui, então fale mais alto, por favor."
CHECK_EACH_ASK = "Está barulhento aqui, então vou confirmar cada pedido."


def welcome_back(game: int, games: int) -> str:
    return f"Bem-vindos de volta! Estamos na partida {game} de {games}."


SAY_IT_AGAIN = "Certo, diga de novo."
TRY_AGAIN = "Vamos tentar de novo."
EXACT_CARD = f"Nesta partida se pede uma carta exata, por exemplo: {card_name(Card(Rank.SEVEN, Suit.HEARTS))}."


def unknown_player(name: str) -> str:
    return f"Não conheço ninguém com o nome {name}."


def target_out(name: str) -> str:
    return f"{name} está fora desta partida. Peça a outra pessoa."


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
    return f"Você quis dizer {join(list(candidates), 'ou')}? Diga de novo com o nome, por favor."


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
