"""Las líneas del comando play en español: sus errores, sus avisos sobre la partida guardada y el registro, y
``voicefish play --help`` (as :mod:`voicefish.table.phrases.en_command`, same names and arguments)."""

from __future__ import annotations

from collections.abc import Sequence

# --- a save or game log that cannot be used ---------------------------------------------------------------------


def save_is_folder() -> str:
    return "esto es una carpeta, no una partida guardada de voicefish; indica un nombre de archivo"


def save_unreadable(cause: str) -> str:
    return f"no puedo leer la partida guardada: {cause}"


def save_not_plain() -> str:
    return "esto no es un archivo normal, así que no es una partida guardada de voicefish"


def save_not_ours() -> str:
    return (
        "este archivo no es una partida guardada de voicefish, y voicefish nunca reemplaza un archivo que no ha "
        "escrito; indica otro nombre de archivo"
    )


def backup_in_way(backup: str) -> str:
    return f"{backup} ocupa el lugar de la copia de seguridad y no es una partida guardada de voicefish"


def log_is_folder() -> str:
    return "esto es una carpeta, no un registro de partida; indica un nombre de archivo"


def log_unreadable(cause: str) -> str:
    return f"no puedo leer el registro de la partida: {cause}"


def log_not_ours() -> str:
    return (
        "este archivo no es un registro de partida de voicefish, y voicefish nunca reemplaza un archivo que no ha "
        "escrito; indica otro nombre de archivo con --log"
    )


def log_of_another_session() -> str:
    return (
        "este archivo contiene el registro de partida de otra sesión, y voicefish nunca lo reemplaza; "
        "indica otro nombre de archivo con --log"
    )


def save_in_use() -> str:
    return (
        "otra sesión de voicefish está jugando esta partida guardada; termínala o detenla antes, "
        "o juega una partida aparte con otro archivo después de --save"
    )


def no_save() -> str:
    return "no hay ninguna partida guardada"


def save_too_new(version: int, reads: int) -> str:
    return (
        f"esta partida guardada es de una versión más nueva de voicefish (formato {version}; esta versión lee el "
        f"formato {reads})"
    )


def save_too_old(version: int, reads: int) -> str:
    return (
        f"esta partida guardada es de otra versión de voicefish (formato {version}; esta versión lee el formato "
        f"{reads})"
    )


def save_not_json(cause: str) -> str:
    return f"la partida guardada está dañada (JSON no válido: {cause})"


def save_not_object() -> str:
    return "la partida guardada está dañada (no es un objeto JSON)"


def save_damaged(entry: str) -> str:
    return f"la partida guardada está dañada (su campo '{entry}' falta o es incorrecto)"


def save_language(code: str, codes: str) -> str:
    return f"la partida guardada está dañada (su idioma '{code}' no es ninguno de {codes})"


def save_game_unbegun() -> str:
    return "la partida guardada está dañada (una de sus partidas no tiene comienzo)"


def save_game_other_players() -> str:
    return "la partida guardada está dañada (una de sus partidas tiene otros jugadores)"


def save_game_unfinished() -> str:
    return "la partida guardada está dañada (una de sus partidas terminadas no ha terminado)"


def save_unreplayable(game: int, problem: str) -> str:
    return f"la partida guardada está dañada: su partida {game} no se puede reproducir ({problem})"


# --- the play command's notices about the save and the log ------------------------------------------------------


def save_unusable(problem: str) -> str:
    return f"{problem}. Empieza una partida nueva con 'voicefish play --new'."


def no_save_at(path: str) -> str:
    return f"no hay ninguna partida guardada en {path}; empieza una con 'voicefish play'"


def no_answer_kept() -> str:
    return "no hay respuesta (la entrada se acabó); la partida guardada se queda como estaba. Usa --resume o --new."


def save_ignored(problem: str) -> str:
    return f"no hago caso de una partida guardada que no se puede usar ({problem}); empiezo una nueva;"


def save_waiting(names: Sequence[str], game: int, games: int) -> str:
    return (
        f"hay una partida guardada ({', '.join(names)}, partida {game} de {games}); usa --resume para seguirla. "
        "Empiezo una partida nueva;"
    )


def old_save_kept(backup: str) -> str:
    return f"la partida guardada anterior se conserva como {backup}."


def cannot_put_aside(path: str, cause: str) -> str:
    return f"no puedo apartar la partida guardada {path} ({cause}); no ha cambiado nada"


def not_the_save_log(problem: str) -> str:
    return f"no escribo el registro de la partida en el archivo de registro de la partida guardada ({problem})"


STOPPED = "detenido."
"""Said when the player stops a command with Ctrl-C."""


def while_closing(cause: str) -> str:
    """A device or page that failed to close at the session's end (``cause``: the system's words)."""
    return f"al cerrar: {cause}"


def over_save_kept(path: str, cause: str) -> str:
    return f"la sesión ha terminado, pero no se pudo borrar su partida guardada {path} ({cause})"


def log_is_in(path: str) -> str:
    return f"el registro completo de la partida está en {path}"


def last_moves_unsaved(path: str) -> str:
    return (
        f"no se pudieron guardar las últimas jugadas; la última partida guardada correcta es {path} "
        "('voicefish play --resume' sigue desde ahí)"
    )


def saved_for_later(path: str) -> str:
    return f"guardada. Sigue más tarde con 'voicefish play --resume' (partida guardada: {path})"


def saved_in_language(problem: str, code: str) -> str:
    return f"{problem} (la partida guardada está en '{code}')"


def rules_hint(preset: str) -> str:
    return f"donde se habla este idioma se juega con las reglas {preset}; prueba --rules {preset}"


# --- the options and the config file -----------------------------------------------------------------------------


def names_missing(option: str) -> str:
    return f"{option} necesita al menos un nombre"


def name_empty(option: str, text: str) -> str:
    return f"{option} tiene un nombre vacío (dos comas seguidas, o una al principio o al final): '{text}'"


def name_too_long(option: str, most: int, start: str) -> str:
    return f"{option}: un nombre tiene como mucho {most} caracteres ({start}... es más largo)"


def name_twice(option: str, name: str) -> str:
    return f"{option} nombra a {name} dos veces; cada jugador necesita un nombre propio"


def voice_check_range(high: int) -> str:
    return f"--voice-check debe estar entre 0 (ninguna) y {high}"


def talk_wait_range(high: int) -> str:
    return f"--talk-wait debe estar entre 0 (responder enseguida) y {high} segundos"


def rate_range(low: int, high: int) -> str:
    return f"--rate debe estar entre {low} y {high} palabras por minuto"


def volume_range() -> str:
    return "--volume debe estar entre 0.0 (silencio) y 1.0 (al máximo)"


def seed_range() -> str:
    return "--seed debe ser un número entero menor que 2**63 (o quítalo para un reparto al azar)"


def games_range(high: int) -> str:
    return f"--games debe estar entre 1 y {high}"


def unknown_kind(kind: str, kinds: str) -> str:
    return f"jugador del ordenador desconocido '{kind}'; elige entre {kinds}"


def player_count(high: int, count: int) -> str:
    return f"a Ve a pescar se juega de 2 a {high} jugadores; has indicado {count}"


def bot_names_short() -> str:
    return "no hay nombres suficientes para los jugadores del ordenador; da más con --bot-names"


def not_whole(option: str, value: str) -> str:
    return f"{option} necesita un número entero, no '{value}'"


def not_number(option: str, value: str) -> str:
    return f"{option} necesita un número, no '{value}'"


def unknown_choice(option: str, value: str, choices: str) -> str:
    return f"{option} acepta uno de estos valores: {choices}; no '{value}'"


def unknown_option(option: str) -> str:
    return f"no existe la opción {option}; 'voicefish play --help' las muestra todas"


def needs_value(option: str) -> str:
    return f"{option} necesita un valor detrás"


def takes_no_value(option: str) -> str:
    return f"{option} no lleva ningún valor"


def bad_arguments(cause: str) -> str:
    return f"no puedo leer la línea de órdenes: {cause}"


def unknown_rule(rule: str, known: str) -> str:
    return f"regla desconocida '{rule}'; reglas y combinaciones conocidas: {known}"


def rules_clash(first: str, second: str) -> str:
    return f"las reglas {first} y {second} no van juntas (una necesita o corta lo que la otra cambia)"


def earpiece_form(spec: str) -> str:
    return f"--earpiece '{spec}': escribe NOMBRE=DISPOSITIVO, p. ej. Carlos=2 o 'Carlos=Auriculares USB'"


def earpiece_not_human(spec: str, name: str, humans: str) -> str:
    return f"--earpiece '{spec}': {name} no es una persona que juegue aquí (personas: {humans})"


def earpiece_twice(name: str, first: str, second: str) -> str:
    return f"{name} tiene dos auriculares ({first} y {second})"


def earpiece_unusable(device: str, name: str, cause: str) -> str:
    return f"no puedo usar el auricular {device} para {name}: {cause}"


def screen_unusable(cause: str) -> str:
    return f"no puedo arrancar el servidor de pantallas: {cause}"


def config_missing(path: str) -> str:
    return f"no hay ningún archivo de configuración en {path}"


def config_unreadable(path: str, cause: str) -> str:
    return f"no puedo leer el archivo de configuración {path}: {cause}"


def config_unknown(key: str, path: str, keys: str) -> str:
    return f"ajuste desconocido '{key}' en {path}; los conocidos: {keys}"


_VALUE_KINDS = {
    "text": "un texto entre comillas",
    "whole": "un número entero",
    "bool": "true o false",
    "list": "una lista",
    "number": "un número",
    "device": "el nombre de un dispositivo entre comillas o su número",
}
_LIST_KINDS = {
    "text": "textos entre comillas",
    "whole": "números enteros",
    "bool": "valores true o false",
    "list": "listas",
    "number": "números",
    "device": "nombres de dispositivos entre comillas o números de dispositivos",
}


def config_wrong(key: str, path: str, wanted: str) -> str:
    return f"el ajuste '{key}' en {path} debería ser {_VALUE_KINDS[wanted]}"


def config_wrong_items(key: str, path: str, wanted: str) -> str:
    return f"el ajuste '{key}' en {path} debería ser una lista de {_LIST_KINDS[wanted]}"


# --- voicefish play --help ------------------------------------------------------------------------------------------

HELP_USAGE = "uso: "
HELP_OPTIONS = "opciones"
HELP_HELP = "muestra esta ayuda y sale"
HELP_PLAY = "juega a Ve a pescar en la mesa, con la voz (o escribiendo, con --text)"
HELP_DESCRIPTION = (
    "Reparte una sesión de Ve a pescar para las personas indicadas en --players y los jugadores del ordenador "
    "indicados en --seats. En tu turno di, por ejemplo, 'Carlos, ¿tienes jotas?'. La mesa oye cada jugada pública; "
    "cada mano se lee en privado (auricular, pantalla privada o pulsando Intro en la terminal). Sin micrófono el juego "
    "pasa solo a la entrada escrita. La partida se guarda después de cada jugada: 'voicefish play --resume' sigue "
    "después de una parada o un fallo. Los ajustes también pueden estar en un archivo de configuración TOML (las "
    "claves son los nombres largos de las opciones con guiones bajos)."
)


def help_example(command: str) -> str:
    return f"Ejemplo: {command}"


def help_lang(codes: str) -> str:
    return f"idioma de la mesa: {codes} (por defecto: el del sistema, si no, en)"


HELP_PLAYERS = "nombres de las personas que juegan, separados por comas (por defecto: pregunta tu nombre)"


def help_seats(kinds: str, default: str, most: int) -> str:
    return (
        f"jugadores del ordenador para llenar puestos, separados por comas: {kinds} (por defecto: {default} "
        f"cuando juega una sola persona, ninguno si no); de 2 a {most} jugadores en total"
    )


def help_bot_names(names: Sequence[str]) -> str:
    return f"nombres para los jugadores del ordenador (por defecto: {', '.join(names)})"


def help_rules(example: str) -> str:
    return f"reglas de la casa o combinaciones, separadas por comas, p. ej. {example} (por defecto: las clásicas)"


def help_games(games: int) -> str:
    return f"partidas de la sesión (por defecto: {games})"


HELP_SEED = "semilla para un reparto reproducible (por defecto: al azar)"
HELP_TEXT = "escribir en lugar de hablar"
HELP_RESUME = "seguir con la partida guardada"
HELP_NEW = "empezar una sesión nueva aunque haya una partida guardada"
HELP_SAVE = "dónde se guarda la partida después de cada jugada (por defecto: en tu carpeta de datos)"
HELP_LOG = "dónde se escribe el registro completo de la partida (por defecto: en tu carpeta de datos)"


def help_config(name: str) -> str:
    return f"un archivo de ajustes TOML (por defecto: {name} en tu carpeta de configuración)"


HELP_SCREEN = "abrir la página de la mesa y las páginas privadas (teléfonos)"
HELP_LAN = "dejar que los teléfonos de la misma red abran las páginas"
HELP_EARPIECE = (
    "enviar la voz privada de un jugador a un dispositivo de salida (número o nombre), p. ej. Carlos=2; se puede "
    "repetir"
)
HELP_INPUT_DEVICE = "micrófono por número o nombre (por defecto: el del sistema)"
HELP_OUTPUT_DEVICE = "altavoz de la mesa por número o nombre (por defecto: el del sistema)"


def help_backend(choices: str) -> str:
    return f"reconocedor de voz: {choices} (por defecto: auto)"


HELP_MODEL = "una carpeta de modelo Vosk (por defecto: un modelo inglés instalado), o un modelo Whisper"
HELP_RATE = "velocidad de la voz en palabras por minuto (por defecto: 200, ágil; más despacio p. ej. 160)"
HELP_VOLUME = "volumen de la voz 0.0–1.0 (por defecto: 1.0)"
HELP_NO_SPEECH = "solo subtítulos, sin voz"
HELP_NO_EARCONS = (
    "sin sonidos cortos cuando el juego empieza a escuchar y cuando te ha oído (suenan incluso con --no-speech)"
)


def help_voice_check(n: int) -> str:
    return (
        "antes del primer reparto, cada jugador repite este número de peticiones cortas para que el reconocedor "
        f"aprenda su voz (solo pocketsphinx; unos 5 segundos cada una; 0 la omite; por defecto: {n}); cuando la sala "
        "se vuelve ruidosa, 4 más por persona con el ruido (no para quien ya hizo la prueba con ruido)"
    )


def help_talk_wait(seconds: float) -> str:
    return (
        "con voz, cuánto espera el juego en silencio después de algo que tomó por charla de mesa antes de decir que no "
        f"lo entendió, para no contestar a cada comentario (0 contesta enseguida; por defecto: {seconds:g})"
    )


HELP_REMEMBER_VOICES = (
    "guardar en tu carpeta de datos lo que el juego aprende de la voz de cada jugador, para que quien vuelve se salte "
    "la prueba de voz (desactivado por defecto; 'voicefish voices' las muestra y las olvida)"
)
HELP_EXPLAIN = (
    "práctica: después de cada petición de un jugador del ordenador, decir por qué la hizo (solo con datos "
    "públicos); en cualquier momento, '¿por qué?' repite la última"
)


def help_narration(first: str, second: str) -> str:
    return (
        f"{first} (predeterminado): cada petición y lo que resultó de ella en una sola frase, y solo se anuncia el "
        f"turno de un humano; {second}: se anuncia cada turno, los jugadores del ordenador dicen sus peticiones y cada "
        "resultado es una frase aparte"
    )


META_CODE = "CÓDIGO"
META_NAMES = "NOMBRES"
META_PLAYERS = "JUGADORES"
META_RULES = "REGLAS"
META_NUMBER = "NÚMERO"
META_COUNT = "N"
META_FILE = "ARCHIVO"
META_LOG_FILE = "ARCHIVO.jsonl"
META_DEVICE = "DISPOSITIVO"
META_PLAYER_DEVICE = "NOMBRE=DISPOSITIVO"
META_RECOGNIZER = "RECONOCEDOR"
META_PATH = "RUTA"
META_LEVEL = "NIVEL"
META_SECONDS = "SEGUNDOS"
META_NARRATION = "ESTILO"
