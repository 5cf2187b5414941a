"""Le righe del comando play in italiano: i suoi errori, i suoi avvisi sul salvataggio e sul registro, e
``voicefish play --help`` (as :mod:`voicefish.table.phrases.en_command`, same names and arguments)."""

from __future__ import annotations

from collections.abc import Sequence

# --- a save or game log that cannot be used ---------------------------------------------------------------------


def save_is_folder() -> str:
    return "questa è una cartella, non una partita salvata di voicefish; indica un nome di file"


def save_unreadable(cause: str) -> str:
    return f"non riesco a leggere la partita salvata: {cause}"


def save_not_plain() -> str:
    return "questo non è un file normale, quindi non è una partita salvata di voicefish"


def save_not_ours() -> str:
    return (
        "questo file non è una partita salvata di voicefish, e voicefish non sostituisce mai un file che non ha "
        "scritto; indica un altro nome di file"
    )


def backup_in_way(backup: str) -> str:
    return f"{backup} occupa il posto della copia di riserva e non è un salvataggio di voicefish"


def log_is_folder() -> str:
    return "questa è una cartella, non un registro di partita; indica un nome di file"


def log_unreadable(cause: str) -> str:
    return f"non riesco a leggere il registro della partita: {cause}"


def log_not_ours() -> str:
    return (
        "questo file non è un registro di partita di voicefish, e voicefish non sostituisce mai un file che non ha "
        "scritto; indica un altro nome di file con --log"
    )


def log_of_another_session() -> str:
    return (
        "questo file contiene il registro di partita di un'altra sessione, e voicefish non lo sostituisce mai; "
        "indica un altro nome di file con --log"
    )


def save_in_use() -> str:
    return (
        "un'altra sessione di voicefish sta giocando questa partita salvata; prima finiscila o fermala, "
        "oppure gioca una partita a parte con un altro file dopo --save"
    )


def no_save() -> str:
    return "non c'è nessuna partita salvata"


def save_too_new(version: int, reads: int) -> str:
    return (
        f"questa partita salvata viene da una versione più recente di voicefish (formato {version}; questa legge il "
        f"formato {reads})"
    )


def save_too_old(version: int, reads: int) -> str:
    return (
        f"questa partita salvata viene da un'altra versione di voicefish (formato {version}; questa legge il "
        f"formato {reads})"
    )


def save_not_json(cause: str) -> str:
    return f"la partita salvata è danneggiata (JSON non valido: {cause})"


def save_not_object() -> str:
    return "la partita salvata è danneggiata (non è un oggetto JSON)"


def save_damaged(entry: str) -> str:
    return f"la partita salvata è danneggiata (la voce '{entry}' manca o è sbagliata)"


def save_language(code: str, codes: str) -> str:
    return f"la partita salvata è danneggiata (la sua lingua '{code}' non è tra {codes})"


def save_game_unbegun() -> str:
    return "la partita salvata è danneggiata (una sua partita non ha l'inizio)"


def save_game_other_players() -> str:
    return "la partita salvata è danneggiata (una sua partita ha altri giocatori)"


def save_game_unfinished() -> str:
    return "la partita salvata è danneggiata (una sua partita data per finita non è finita)"


def save_unreplayable(game: int, problem: str) -> str:
    return f"la partita salvata è danneggiata: la sua partita {game} non si può rigiocare ({problem})"


# --- the play command's notices about the save and the log ------------------------------------------------------


def save_unusable(problem: str) -> str:
    return f"{problem}. Inizia una nuova partita con 'voicefish play --new'."


def no_save_at(path: str) -> str:
    return f"non c'è nessuna partita salvata in {path}; iniziane una con 'voicefish play'"


def no_answer_kept() -> str:
    return "nessuna risposta (l'input è finito); la partita salvata resta com'era. Usa --resume o --new."


def save_ignored(problem: str) -> str:
    return f"ignoro una partita salvata che non si può usare ({problem}); ne inizio una nuova;"


def save_waiting(names: Sequence[str], game: int, games: int) -> str:
    return (
        f"c'è una partita salvata ({', '.join(names)}, partita {game} di {games}); usa --resume per continuarla. "
        "Inizio una nuova partita;"
    )


def old_save_kept(backup: str) -> str:
    return f"il vecchio salvataggio è conservato come {backup}."


def cannot_put_aside(path: str, cause: str) -> str:
    return f"non riesco a mettere da parte la partita salvata {path} ({cause}); non è cambiato nulla"


def not_the_save_log(problem: str) -> str:
    return f"non scrivo il registro della partita nel file di registro del salvataggio ({problem})"


STOPPED = "interrotto."
"""Said when the player stops a command with Ctrl-C."""


def while_closing(cause: str) -> str:
    """A device or page that failed to close at the session's end (``cause``: the system's words)."""
    return f"durante la chiusura: {cause}"


def over_save_kept(path: str, cause: str) -> str:
    return f"la sessione è finita, ma non è stato possibile cancellare il suo salvataggio {path} ({cause})"


def log_is_in(path: str) -> str:
    return f"il registro completo della partita è in {path}"


def last_moves_unsaved(path: str) -> str:
    return (
        f"non è stato possibile salvare le ultime mosse; l'ultimo salvataggio riuscito è {path} "
        "('voicefish play --resume' riprende da lì)"
    )


def saved_for_later(path: str) -> str:
    return f"salvato. Continua più tardi con 'voicefish play --resume' (salvataggio: {path})"


def saved_in_language(problem: str, code: str) -> str:
    return f"{problem} (la partita salvata è in '{code}')"


def rules_hint(preset: str) -> str:
    return f"dove si parla questa lingua si gioca con le regole {preset}; prova --rules {preset}"


# --- the options and the config file -----------------------------------------------------------------------------


def names_missing(option: str) -> str:
    return f"{option} vuole almeno un nome"


def name_empty(option: str, text: str) -> str:
    return f"{option} ha un nome vuoto (due virgole di seguito, o una all'inizio o alla fine): '{text}'"


def name_too_long(option: str, most: int, start: str) -> str:
    return f"{option}: un nome ha al massimo {most} caratteri ({start}... è più lungo)"


def name_twice(option: str, name: str) -> str:
    return f"{option} nomina {name} due volte; ogni giocatore ha bisogno di un nome suo"


def voice_check_range(high: int) -> str:
    return f"--voice-check deve essere tra 0 (nessuna) e {high}"


def talk_wait_range(high: int) -> str:
    return f"--talk-wait deve essere tra 0 (risposta subito) e {high} secondi"


def rate_range(low: int, high: int) -> str:
    return f"--rate deve essere tra {low} e {high} parole al minuto"


def volume_range() -> str:
    return "--volume deve essere tra 0.0 (muto) e 1.0 (pieno)"


def seed_range() -> str:
    return "--seed deve essere un numero intero sotto 2**63 (oppure omettilo per una distribuzione a caso)"


def games_range(high: int) -> str:
    return f"--games deve essere tra 1 e {high}"


def unknown_kind(kind: str, kinds: str) -> str:
    return f"giocatore del computer sconosciuto '{kind}'; scegli tra {kinds}"


def player_count(high: int, count: int) -> str:
    return f"Go Fish si gioca da 2 a {high} giocatori; ne hai indicati {count}"


def bot_names_short() -> str:
    return "non ci sono abbastanza nomi per i giocatori del computer; aggiungine con --bot-names"


def not_whole(option: str, value: str) -> str:
    return f"{option} vuole un numero intero, non '{value}'"


def not_number(option: str, value: str) -> str:
    return f"{option} vuole un numero, non '{value}'"


def unknown_choice(option: str, value: str, choices: str) -> str:
    return f"{option} vuole uno tra {choices}, non '{value}'"


def unknown_option(option: str) -> str:
    return f"l'opzione {option} non esiste; 'voicefish play --help' le elenca"


def needs_value(option: str) -> str:
    return f"{option} vuole un valore dopo di sé"


def takes_no_value(option: str) -> str:
    return f"{option} non prende un valore"


def bad_arguments(cause: str) -> str:
    return f"non riesco a leggere la riga di comando: {cause}"


def unknown_rule(rule: str, known: str) -> str:
    return f"regola sconosciuta '{rule}'; regole e preimpostazioni note: {known}"


def rules_clash(first: str, second: str) -> str:
    return f"le regole {first} e {second} non vanno insieme (una richiede o interrompe ciò che l'altra cambia)"


def earpiece_form(spec: str) -> str:
    return f"--earpiece '{spec}': scrivi NOME=DISPOSITIVO, per esempio Marco=2 o 'Marco=Cuffie USB'"


def earpiece_not_human(spec: str, name: str, humans: str) -> str:
    return f"--earpiece '{spec}': {name} non è una persona che gioca qui (persone: {humans})"


def earpiece_twice(name: str, first: str, second: str) -> str:
    return f"{name} ha due auricolari ({first} e {second})"


def earpiece_unusable(device: str, name: str, cause: str) -> str:
    return f"non posso usare l'auricolare {device} per {name}: {cause}"


def screen_unusable(cause: str) -> str:
    return f"non riesco ad avviare il server degli schermi: {cause}"


def config_missing(path: str) -> str:
    return f"non c'è nessun file di configurazione in {path}"


def config_unreadable(path: str, cause: str) -> str:
    return f"non riesco a leggere il file di configurazione {path}: {cause}"


def config_unknown(key: str, path: str, keys: str) -> str:
    return f"impostazione sconosciuta '{key}' in {path}; quelle note: {keys}"


_VALUE_KINDS = {
    "text": "un testo tra virgolette",
    "whole": "un numero intero",
    "bool": "true o false",
    "list": "una lista",
    "number": "un numero",
    "device": "il nome di un dispositivo tra virgolette o il suo numero",
}
_LIST_KINDS = {
    "text": "testi tra virgolette",
    "whole": "numeri interi",
    "bool": "valori true o false",
    "list": "liste",
    "number": "numeri",
    "device": "nomi di dispositivi tra virgolette o numeri di dispositivi",
}


def config_wrong(key: str, path: str, wanted: str) -> str:
    return f"l'impostazione '{key}' in {path} deve essere {_VALUE_KINDS[wanted]}"


def config_wrong_items(key: str, path: str, wanted: str) -> str:
    return f"l'impostazione '{key}' in {path} deve essere una lista di {_LIST_KINDS[wanted]}"


# --- voicefish play --help ------------------------------------------------------------------------------------------

HELP_USAGE = "uso: "
HELP_OPTIONS = "opzioni"
HELP_HELP = "mostra questo aiuto ed esce"
HELP_PLAY = "gioca a Go Fish al tavolo, a voce (o scrivendo con --text)"
HELP_DESCRIPTION = (
    "Distribuisce una sessione di Go Fish per le persone indicate con --players e i giocatori del computer indicati "
    "con --seats. Al tuo turno di', per esempio, 'Marco, hai dei fanti?'. Il tavolo sente ogni mossa pubblica; ogni "
    "mano si legge in privato (auricolare, schermo privato, o premendo Invio nel terminale). Senza microfono il gioco "
    "passa da solo all'input scritto. La partita viene salvata dopo ogni mossa: 'voicefish play --resume' riprende "
    "dopo un'interruzione o un blocco. Le impostazioni possono stare anche in un file di configurazione TOML (le "
    "chiavi sono i nomi lunghi delle opzioni con i trattini bassi)."
)


def help_example(command: str) -> str:
    return f"Esempio: {command}"


def help_lang(codes: str) -> str:
    return f"lingua del tavolo: {codes} (predefinita: quella del sistema, altrimenti en)"


HELP_PLAYERS = "nomi delle persone che giocano, separati da virgole (predefinito: chiede il tuo nome)"


def help_seats(kinds: str, default: str, most: int) -> str:
    return (
        f"giocatori del computer per riempire i posti, separati da virgole: {kinds} (predefinito: {default} quando "
        f"gioca una persona sola, nessuno altrimenti); da 2 a {most} giocatori in tutto"
    )


def help_bot_names(names: Sequence[str]) -> str:
    return f"nomi per i giocatori del computer (predefiniti: {', '.join(names)})"


def help_rules(example: str) -> str:
    return f"regole della casa o preimpostazioni, separate da virgole, per esempio {example} (predefinite: classiche)"


def help_games(games: int) -> str:
    return f"partite nella sessione (predefinito: {games})"


HELP_SEED = "seme per una distribuzione riproducibile (predefinito: a caso)"
HELP_TEXT = "scrivere invece di parlare"
HELP_RESUME = "continua la partita salvata"
HELP_NEW = "inizia una nuova sessione anche se c'è una partita salvata"
HELP_SAVE = "dove la partita viene salvata dopo ogni mossa (predefinito: nella tua cartella dei dati)"
HELP_LOG = "dove viene scritto il registro completo della partita (predefinito: nella tua cartella dei dati)"


def help_config(name: str) -> str:
    return f"un file di impostazioni TOML (predefinito: {name} nella tua cartella di configurazione)"


HELP_SCREEN = "avvia la pagina del tavolo e le pagine private (telefoni)"
HELP_LAN = "lascia aprire le pagine ai telefoni della stessa rete"
HELP_EARPIECE = (
    "manda la voce privata di un giocatore a un dispositivo di uscita (numero o nome), per esempio Marco=2; ripetibile"
)
HELP_INPUT_DEVICE = "microfono per numero o nome (predefinito: quello del sistema)"
HELP_OUTPUT_DEVICE = "altoparlante del tavolo per numero o nome (predefinito: quello del sistema)"


def help_backend(choices: str) -> str:
    return f"riconoscitore vocale: {choices} (predefinito: auto)"


HELP_MODEL = "una cartella di modello Vosk (predefinito: un modello inglese installato), o un modello Whisper"
HELP_RATE = "velocità della voce in parole al minuto (predefinita: 200, svelta; più lenta ad es. 160)"
HELP_VOLUME = "volume della voce 0.0–1.0 (predefinito: 1.0)"
HELP_NO_SPEECH = "solo sottotitoli, niente voce"
HELP_NO_EARCONS = (
    "niente suoni brevi quando il gioco inizia ad ascoltare e quando ti ha sentito (suonano anche con --no-speech)"
)


def help_voice_check(n: int) -> str:
    return (
        "prima della prima distribuzione ogni giocatore ripete questo numero di richieste brevi, così il "
        f"riconoscitore impara la sua voce (solo pocketsphinx; circa 5 secondi ciascuna; 0 la salta; predefinito: "
        f"{n}); quando la stanza diventa rumorosa, altre 4 a testa nel rumore (non per chi ha già fatto la prova nel "
        "rumore)"
    )


def help_talk_wait(seconds: float) -> str:
    return (
        "a voce, quanto il gioco aspetta in silenzio dopo qualcosa che ha preso per chiacchiere al tavolo prima di "
        "dire che non ha capito, così non risponde a ogni commento (0 risponde subito; predefinito: "
        f"{seconds:g})"
    )


HELP_REMEMBER_VOICES = (
    "conserva nella tua cartella dei dati ciò che il gioco impara della voce di ogni giocatore, così chi torna salta "
    "la prova della voce (spento di norma; 'voicefish voices' le elenca e le dimentica)"
)
HELP_EXPLAIN = (
    "allenamento: dopo ogni richiesta di un giocatore del computer, dice perché l'ha fatta (solo da fatti pubblici); "
    "in qualsiasi momento, 'perché?' ripete l'ultima spiegazione"
)


def help_narration(first: str, second: str) -> str:
    return (
        f"{first} (predefinito): ogni richiesta e il suo esito in una sola frase, e si annuncia solo il turno di un "
        f"umano; {second}: si annuncia ogni turno, i giocatori del computer dicono le loro richieste e ogni esito è "
        "una frase a sé"
    )


META_CODE = "CODICE"
META_NAMES = "NOMI"
META_PLAYERS = "GIOCATORI"
META_RULES = "REGOLE"
META_NUMBER = "NUMERO"
META_COUNT = "N"
META_FILE = "FILE"
META_LOG_FILE = "FILE.jsonl"
META_DEVICE = "DISPOSITIVO"
META_PLAYER_DEVICE = "NOME=DISPOSITIVO"
META_RECOGNIZER = "RICONOSCITORE"
META_PATH = "PERCORSO"
META_LEVEL = "LIVELLO"
META_SECONDS = "SECONDI"
META_NARRATION = "STILE"
