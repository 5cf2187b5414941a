"""Every sentence the table says, in Spanish. Articles (el/la/los/las, un/una), "ningún"/"ninguna", object pronouns
(lo/la/los/las) and numerals (un/una) agree by rule with the noun's gender and number; plurals follow the spelling
rules (vowel → -s, consonant → -es, -z → -ces, -y → -yes); "y"/"o" become "e"/"u" before an /i/ or /o/ sound.

"Go Fish" is "¡Ve a pescar!", as the Spanish rule text says it.
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

    @property
    def pl(self) -> str:
        """as → ases, dos → doses, diez → dieces, rey → reyes, siete → sietes, jota → jotas."""
        w = self.sg
        if w[-1] in "aeiouáéó":
            return w + "s"
        if w.endswith("z"):
            return w[:-1] + "ces"
        return w + "es"


def _noun(word: str) -> Noun:
    """Gender by ending: -a is feminine (carta, jota, reina, pareja, partida), the rest masculine."""
    return Noun(word, fem=word.endswith("a"))


_RANK: dict[Rank, Noun] = {
    r: _noun(w)
    for r, w in zip(
        Rank,
        ["as", "dos", "tres", "cuatro", "cinco", "seis", "siete", "ocho", "nueve", "diez", "jota", "reina", "rey"],
        strict=True,
    )
}
_SUIT = {Suit.SPADES: "picas", Suit.HEARTS: "corazones", Suit.DIAMONDS: "diamantes", Suit.CLUBS: "tréboles"}
_NUMBERS = ["cero", "uno", "dos", "tres", "cuatro", "cinco", "seis", "siete", "ocho", "nueve", "diez", "once", "doce"]
CARD = _noun("carta")
BOOK = _noun("cuarteto")
PAIR = _noun("pareja")
POINT = _noun("punto")
GAME = _noun("partida")
_NOUNS = {n.sg: n for n in (CARD, BOOK, PAIR, POINT, GAME)}


def definite(noun: Noun, *, plural: bool = False) -> str:
    art = ("las" if plural else "la") if noun.fem else ("los" if plural else "el")
    return f"{art} {noun.pl if plural else noun.sg}"


def indefinite(noun: Noun) -> str:
    return f"{'una' if noun.fem else 'un'} {noun.sg}"


def none_of(noun: Noun) -> str:
    """ninguno/ninguna as a pronoun standing for ``noun``."""
    return "ninguna" if noun.fem else "ninguno"


def pronoun(noun: Noun, count: int) -> str:
    """lo, la, los, las."""
    return ("la" if noun.fem else "lo") + ("s" if count != 1 else "")


def number(n: int, noun: Noun | None = None) -> str:
    if n == 1 and noun is not None:
        return "una" if noun.fem else "uno"
    return _NUMBERS[n] if 0 <= n < len(_NUMBERS) else str(n)


def plural(n: int, word: str, words: str | None = None) -> str:
    """una carta, dos cartas, un punto, cero cartas."""
    noun = _NOUNS.get(word) or _noun(word)
    if n == 1:
        return indefinite(noun)
    return f"{number(n)} {words or noun.pl}"


def rank_name(rank: Rank) -> str:
    return _RANK[rank].sg


def rank_plural(rank: Rank) -> str:
    return _RANK[rank].pl


def a_rank(rank: Rank) -> str:
    return indefinite(_RANK[rank])


def rank_count(rank: Rank, n: int) -> str:
    return a_rank(rank) if n == 1 else f"{number(n)} {rank_plural(rank)}"


def card_name(card: Card) -> str:
    """el siete de corazones, la reina de picas."""
    return f"{definite(_RANK[card.rank])} de {_SUIT[card.suit]}"


def _conj(conj: str, nxt: str) -> str:
    """y → e before an /i/ sound (Ana e Isabel, but "y hielo"), o → u before an /o/ sound (siete u ocho)."""
    w = nxt.lower()
    if conj == "y" and w.startswith(("i", "hi", "í", "hí")) and not w.startswith(("hia", "hie", "hio", "hiu")):
        return "e"
    if conj == "o" and w.startswith(("o", "ho", "ó", "hó")):
        return "u"
    return conj


def join(items: Sequence[str], conj: str = "y") -> str:
    items = list(items)
    return join_with(items, _conj(conj, items[-1]) if items else conj)


def _with_suits(rank: Rank, cs: list[Card]) -> str:
    return f"{definite(_RANK[rank], plural=len(cs) > 1)} de {join([_SUIT[c.suit] for c in cs])}"


def cards_phrase(cards: Sequence[Card], *, suits: bool = False) -> str:
    """dos sietes, una jota y tres reyes; with suits: los sietes de tréboles y corazones; el rey de picas."""
    return cards_by_rank(cards, suits=suits, counted=rank_count, with_suits=_with_suits, join=join)


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


def asks_for(asker: str, target: str, rank: Rank, card: Card | None) -> str:
    what = card_name(card) if card is not None else definite(_RANK[rank], plural=True)
    return f"{asker} le pide {what} a {target}."


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


# --- asking back, the voice check (voicefish.table.checking) ------------------------------------


def confirm_ask(target: str, rank: Rank, card: Card | None) -> str:
    return f"{target}, ¿{card_name(card) if card is not None else definite(_RANK[rank], plural=True)}?"


_CHECK_ASKS = (
    "{n}, ¿tienes sietes?",
    "{n}, dame tus reyes.",
    "¿Tienes cincos, {n}?",
    "{n}, ¿tienes reinas?",
    "{n}, dame tus treses.",
    "{n}, ¿tienes algún as?",
    "¿Tienes nueves, {n}?",
    "{n}, dame tus jotas.",
)


def check_prompt(index: int, target: str) -> str:
    return _CHECK_ASKS[index % len(_CHECK_ASKS)].format(n=target)


def voice_check_intro(resumed: bool) -> str:
    when = "Antes de seguir" if resumed else "Antes de repartir"
    return (
        f"{when}, una breve prueba de voz, para aprender cómo habla cada uno. "
        "Repetid cada frase después de mí, o decid no para saltarla."
    )


def loud_check_intro(name: str) -> str:
    return (
        f"Ahora hay ruido, así que {name}, una breve prueba de voz con ruido. Repite cada frase después de mí, o di no."
    )


def please_say(name: str, sentence: str) -> str:
    return f"{name}, por favor di: {sentence}"


def voice_remembered(name: str) -> str:
    return f"{name}, recuerdo tu voz."


def voice_relearnt(name: str) -> str:
    return f"{name}, no he podido usar tu voz guardada, así que la aprenderé de nuevo."


def thank_you(name: str) -> str:
    return f"Gracias, {name}."


NO_VOICE_CHECK = "Vale, sin prueba de voz."
NO_VOICE_CHECK_PLAY = "Vale, sin prueba de voz. ¡A jugar!"

# --- saving, the game log and the devices -----------------------------------------------------

DISK_FULL = "el disco está lleno"
DISK_READ_ONLY = "el disco es de solo lectura"
FOLDER_LOCKED = "no se puede escribir en la carpeta"


def cannot_save(problem: str) -> str:
    return (
        f"No puedo guardar la partida: {problem}. Se conserva la última partida guardada y el juego sigue; "
        "avisaré cuando se pueda guardar otra vez."
    )


SAVED_AGAIN = "La partida vuelve a estar guardada."


def log_refused(problem: str) -> str:
    return f"No escribiré ahí el registro de la partida: {problem}."


def log_kept_in_save(path: str, problem: str) -> str:
    return (
        f"No puedo escribir el registro de la partida en {path} ({problem}); "
        "las partidas jugadas siguen en la partida guardada."
    )


def log_moved(path: str, problem: str, spare: str) -> str:
    return f"No puedo escribir el registro de la partida en {path} ({problem}), así que está en {spare}."


def no_microphone(problem: str) -> str:
    return f"Aquí no puedo escuchar por un micrófono: {problem}. Escribid vuestras jugadas."


NO_SPEAKER = "No hay ningún altavoz por el que hablar, así que todo se muestra como subtítulos."


def speech_off(problem: str) -> str:
    return f"La voz está desactivada ({problem}); todo se muestra como subtítulos."


def cannot_speak(problem: str) -> str:
    return f"No puedo hablar: {problem}; en su lugar, el juego mostrará subtítulos en el terminal."


def other_speaker(problem: str, output: str) -> str:
    where = f" ({output})" if output else ""
    return f"No puedo usar el altavoz que has pedido: {problem}. Hablo por la salida predeterminada{where}."


# --- the terminal reveal (voicefish.outputs.terminal) -----------------------------------------


def reveal_prompt(name: str) -> str:
    return f"{name}: pulsa Intro para ver tus cartas (los demás, mirad hacia otro lado)"


def reveal_hide(name: str) -> str:
    return f"{name}: pulsa Intro para ocultarlas"


def reveal_kept(name: str) -> str:
    return f"{name}: no hay teclado, así que tu mensaje privado se guarda para después."


# --- the screens: the table page and the private pages (voicefish.outputs.pages) --------------


def card_count(n: int) -> str:
    return f"{n} carta" if n == 1 else f"{n} cartas"


GAME_NAME = "Ve a pescar"
PAGE_TABLE_TITLE = "{0} \u2014 mesa"
PAGE_PRIVATE_TITLE = "{0} \u2014 privado"
PAGE_CONNECTING = "Conectando\u2026"
PAGE_LIVE = "En directo"
PAGE_LOST = "Conexión perdida, reconectando\u2026"
PAGE_GONE = "Esta página ya no es válida ({0})."
PAGE_ENDED = "La partida ha terminado. Puedes cerrar esta página."
PAGE_REPLACED = "Este enlace se ha sustituido por uno nuevo; esta página ya no se actualiza."
PAGE_NOT_VALID = "Este enlace no vale para la partida en curso."
NEW_LINK_HOW = (
    "di o escribe «enlace nuevo» en la mesa: el enlace anterior deja de funcionar y el nuevo aparece en la pantalla "
    "de la mesa y en el terminal."
)
NEW_LINK_ADVICE = f"Para conseguir un enlace nuevo, {NEW_LINK_HOW}"
PAGE_WAITING = "Esperando a que empiece la partida\u2026"
PAGE_TURN_OF = "Le toca a {0}"
PAGE_TIEBREAK = "(desempate)"
PAGE_GAME = "Partida {0}"
PAGE_GAME_OF = "Partida {0} de {1}"
PAGE_OVER = "Fin de la partida."
PAGE_WINS = "Fin de la partida. ¡Gana {0}!"
PAGE_SHARE = "Fin de la partida. {0} y {1} comparten la victoria."
PAGE_RULES = "Reglas: {0}"
PAGE_CLASSIC = "Reglas clásicas"
PAGE_SCAN = "{0}, escanea el código para ver tus cartas:"
PAGE_QR = "Código QR con el enlace privado de {0}"
PAGE_STOCK = "Cartas en la pila:"
PAGE_PLAYERS = "Jugadores"
PAGE_PLAYER = "Jugador"
PAGE_CARDS = "Cartas"
PAGE_BOOKS = "Cuartetos"
PAGE_SCORE = "Puntos"
PAGE_SESSION = "Sesión"
PAGE_SAID = "Lo que se ha dicho"
PAGE_PRIVATE_PAGES = "Páginas privadas"
PAGE_SCAN_HELP = (
    "Cada jugador escanea su propio código con el móvil. Un código desaparece en cuanto se usa, y a partir de "
    "entonces su enlace solo funciona en el móvil que lo abrió."
)
PAGE_LOCAL_ONLY = (
    "Estos enlaces solo funcionan en este ordenador: empieza la partida con {0} para que los móviles de la misma red "
    "puedan abrirlos."
)
PAGE_CARDS_OF = "Cartas de {0}"
PAGE_NEEDS_SCRIPT = "Esta página necesita JavaScript para mostrar tus cartas."
PAGE_TAP = "Toca para ver tus cartas"
PAGE_YOUR_HAND = "Tu mano"
PAGE_HIDE = "Ocultar mis cartas"
PAGE_JUST_FOR_YOU = "Solo para ti"
PAGE_THIS_LINK = "Este enlace"
PAGE_LINK_HELP = (
    "Solo funciona en este dispositivo. Si alguien más ha podido verlo, consigue uno nuevo aquí: el anterior deja de "
    "funcionar enseguida."
)
PAGE_RENEW = "Un enlace nuevo para este dispositivo"
PAGE_GAME_IS_OVER = "La partida ha terminado."
PAGE_YOUR_TURN = "¡Te toca!"
PAGE_YOUR_TURN_SAID = "Te toca."
PAGE_NO_PEEKING = "Sin mirar: solo puedes ver tus cartas durante tu turno."
PAGE_NO_CARDS = "No tienes cartas en la mano."
PAGE_JUST_DREW = "Acabas de robar:"
PAGE_NEW_CARD = "Tienes una carta nueva. Toca para ver tus cartas."
PAGE_IN_USE = "Este enlace se está usando en otro dispositivo."
PAGE_NOT_HERE = "Este enlace no funciona aquí."
PAGE_NO_ANSWER = "La mesa no ha respondido; inténtalo de nuevo."
PAGE_FORBIDDEN = "Esta página privada necesita el enlace propio de su jugador."
PAGE_OUTDATED = (
    "Este enlace se ha sustituido por uno más reciente y ya no funciona. Usa el enlace más reciente, o consigue otro:"
)
PAGE_ELSEWHERE = (
    "Esta página privada ya está abierta en otro dispositivo, y solo ese dispositivo puede mostrarla. Si ese "
    "dispositivo no es tuyo, o ya no puedes usarlo,"
)


# --- the links printed in the terminal (voicefish.outputs.server) ----------------------------

LINKS_TABLE = "Pantalla de la mesa (con los códigos para entrar; déjala en este ordenador o en la pantalla común):"
LINKS_PUBLIC = "Página de la mesa para los demás (sin códigos):"


def links_private(name: str) -> str:
    return (
        f"{name}: abre tu página privada en el móvil o en una pantalla que solo veas tú (funciona en el primer "
        "dispositivo que la abra):"
    )


def links_renewed(name: str) -> str:
    return f"Enlace privado nuevo para {name} (el anterior ya no funciona):"


# --- the play command's questions at the terminal (voicefish.commands.play) --------------------


def ask_name(default: str) -> str:
    return f"¿Cómo te llamas? [{default}]"


def resume_offer(names: Sequence[str], game: int, games: int) -> str:
    return f"Hay una partida guardada ({', '.join(names)}, partida {game} de {games}). ¿La seguimos?"


# --- the turn dialogue (the loop) ------------------------------------------------------------


SPEAK_UP = "Hay mucho ruido aquí, así que habla más alto, por favor."
CHECK_EACH_ASK = "Hay mucho ruido aquí, así que comprobaré cada petición."


def welcome_back(game: int, games: int) -> str:
    return f"¡Bienvenidos de nuevo! Estamos en la partida {game} de {games}."


SAY_IT_AGAIN = "Vale, dilo otra vez."
TRY_AGAIN = "Intentémoslo otra vez."
EXACT_CARD = f"En esta partida se pide una carta exacta, por ejemplo: {card_name(Card(Rank.SEVEN, Suit.HEARTS))}."


def unknown_player(name: str) -> str:
    return f"No conozco a nadie que se llame {name}."


def target_out(name: str) -> str:
    return f"{name} ya no juega en esta partida. Pídele a otra persona."


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
    return f"¿Te refieres a {join(list(candidates), 'o')}? Dilo otra vez con el nombre, por favor."


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
