"""The Spanish sentences around the game: the voice check, saving, the game log and the devices, the terminal
reveal, the pages and their links, and the play command's questions. :mod:`voicefish.table.phrases.es` exposes them
with the rest of the Spanish phrasebook."""

from __future__ import annotations

from collections.abc import Sequence

from voicefish.cards import Card, Rank
from voicefish.table.phrases._common import decimal_comma
from voicefish.table.phrases.es_words import _RANK, card_name, definite

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


# said aloud once when the asked-for speaker cannot be used (the reason, other_speaker, is only shown)
OTHER_SPEAKER_SAID = (
    "No puedo usar el altavoz que has pedido, así que hablo por el predeterminado. El motivo está en la pantalla."
)


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


# --- the recognizer: which one listens, said once at the start (voicefish.table.voice) -----------


def listening_whisper(model: str) -> str:
    return f"Escucho con Whisper ({model})."


def listening_whisper_in_language(model: str) -> str:
    return f"Escucho con Whisper ({model}) en español."


def listening_whisper_first(model: str) -> str:
    return f"Escucho con Whisper ({model}); si es demasiado lento, lo sustituye pocketsphinx."


def listening_hybrid(model: str) -> str:
    return f"Escucho con pocketsphinx, y con Whisper ({model}) cuando no está seguro."


def listening_sphinx_alone(why: str) -> str:
    return f"Escucho solo con pocketsphinx: {why}."


def listening_sphinx_for_now(why: str) -> str:
    return f"Por ahora escucho con pocketsphinx: {why}. Whisper se volverá a probar más tarde."


def whisper_too_slow(seconds: float, limit: float) -> str:
    took, most = decimal_comma(seconds), decimal_comma(limit, "g")
    return f"Whisper tardó {took} s en una frase corta en este ordenador (límite {most} s)"


def whisper_gave_up(seconds: float, limit: float) -> str:
    took, most = decimal_comma(seconds), decimal_comma(limit)
    return (
        f"Whisper tarda {took} s por frase en este ordenador (más de {most} s), "
        "así que durante un rato solo escucha pocketsphinx; Whisper se volverá a probar más tarde."
    )


def english_only_model(model: str, instead: str) -> str:
    return f"{model} solo entiende inglés, así que escucho con {instead}."


def listening_vosk(model: str) -> str:
    return f"Escucho con Vosk ({model})."


LISTENING_SPHINX_ASKED = (
    "Escucho con pocketsphinx, como pediste. "
    "El oído predeterminado, Whisper, oye mejor a las personas: juega sin --backend."
)

NO_VOSK_MODEL = (
    "no hay ningún modelo Vosk instalado; descarga uno con 'voicefish models download NOMBRE' "
    "o usa --backend pocketsphinx"
)
NO_VOSK_MODEL_HERE = "no hay ningún modelo Vosk instalado para el español; usa --backend whisper (el predeterminado)"
SPHINX_ENGLISH_ONLY = "pocketsphinx solo entiende inglés; usa --backend whisper o vosk"


# --- Issue 33 (voice turn): typing offered in a voice game; the better recognizer resting and back ---------------
OR_TYPE_IT = "O escribe tu petición aquí en el teclado y pulsa Intro."
"""After repeated misses in a voice game (spoken and shown): a typed line is taken too, while the table listens."""
QUICKER_EAR = "El ordenador está ocupado, así que por ahora escucho con el oído más rápido."
"""Said once when Whisper proves too slow on a busy computer and pocketsphinx listens alone for a while."""
BETTER_EAR_BACK = "Vuelvo a escuchar con el oído mejor."
"""Said once when Whisper, tried again, is fast enough and listens again."""
