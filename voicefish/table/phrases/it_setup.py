"""The Italian sentences around the game: the voice check, saving, the game log and the devices, the terminal
reveal, the pages and their links, and the play command's questions. :mod:`voicefish.table.phrases.it` exposes them
with the rest of the Italian phrasebook."""

from __future__ import annotations

from collections.abc import Sequence

from voicefish.cards import Card, Rank
from voicefish.table.phrases._common import decimal_comma
from voicefish.table.phrases.it_words import _RANK, card_name, definite

# --- asking back, the voice check (voicefish.table.checking) ------------------------------------


def confirm_ask(target: str, rank: Rank, card: Card | None) -> str:
    return f"{target}, {card_name(card) if card is not None else definite(_RANK[rank], plural=True)}?"


_CHECK_ASKS = (
    "{n}, hai dei sette?",
    "{n}, dammi i tuoi re.",
    "Hai dei cinque, {n}?",
    "{n}, hai delle donne?",
    "{n}, dammi i tuoi tre.",
    "{n}, hai un asso?",
    "Hai dei nove, {n}?",
    "{n}, dammi i tuoi fanti.",
)


def check_prompt(index: int, target: str) -> str:
    return _CHECK_ASKS[index % len(_CHECK_ASKS)].format(n=target)


def voice_check_intro(resumed: bool) -> str:
    when = "Prima di continuare" if resumed else "Prima di distribuire le carte"
    return (
        f"{when}, una breve prova della voce, così imparo come parla ognuno di voi. "
        "Ripetete ogni frase dopo di me, oppure dite no per saltarla."
    )


def loud_check_intro(name: str) -> str:
    return (
        f"Adesso c'è rumore, quindi {name}, una breve prova della voce nel rumore. "
        "Ripeti ogni frase dopo di me, o di' no."
    )


def please_say(name: str, sentence: str) -> str:
    return f"{name}, ripeti per favore: {sentence}"


def voice_remembered(name: str) -> str:
    return f"{name}, mi ricordo la tua voce."


def voice_relearnt(name: str) -> str:
    return f"{name}, non ho potuto usare la tua voce salvata, quindi la imparerò di nuovo."


def thank_you(name: str) -> str:
    return f"Grazie, {name}."


NO_VOICE_CHECK = "D'accordo, niente prova della voce."
NO_VOICE_CHECK_PLAY = "D'accordo, niente prova della voce. Giochiamo."

# --- saving, the game log and the devices -----------------------------------------------------

DISK_FULL = "il disco è pieno"
DISK_READ_ONLY = "il disco è di sola lettura"
FOLDER_LOCKED = "non è permesso scrivere nella cartella"


def cannot_save(problem: str) -> str:
    return (
        f"Non riesco a salvare la partita: {problem}. Resta l'ultimo salvataggio riuscito e la partita continua; "
        "vi dirò quando il salvataggio funzionerà di nuovo."
    )


SAVED_AGAIN = "La partita è di nuovo salvata."


def log_refused(problem: str) -> str:
    return f"Non scriverò lì il registro della partita: {problem}."


def log_kept_in_save(path: str, problem: str) -> str:
    return (
        f"Non riesco a scrivere il registro della partita in {path} ({problem}); "
        "le partite finora restano nel salvataggio."
    )


def log_moved(path: str, problem: str, spare: str) -> str:
    return f"Non riesco a scrivere il registro della partita in {path} ({problem}), quindi si trova in {spare}."


def no_microphone(problem: str) -> str:
    return f"Qui non posso ascoltare con un microfono: {problem}. Scrivete le vostre mosse."


NO_SPEAKER = "Non c'è un altoparlante con cui parlare, quindi tutto viene mostrato come sottotitoli."


def speech_off(problem: str) -> str:
    return f"La voce è spenta ({problem}); tutto viene mostrato come sottotitoli."


def cannot_speak(problem: str) -> str:
    return f"Non posso parlare: {problem}; il gioco mostrerà invece i sottotitoli nel terminale."


def other_speaker(problem: str, output: str) -> str:
    where = f" ({output})" if output else ""
    return f"Non posso usare l'altoparlante che hai chiesto: {problem}. Parlo con l'uscita predefinita{where}."


# said aloud once when the asked-for speaker cannot be used (the reason, other_speaker, is only shown)
OTHER_SPEAKER_SAID = (
    "Non posso usare l'altoparlante che hai chiesto, quindi parlo con quello predefinito. Il motivo è sullo schermo."
)


# --- the terminal reveal (voicefish.outputs.terminal) -----------------------------------------


def reveal_prompt(name: str) -> str:
    return f"{name}: premi Invio per vedere le tue carte (tutti gli altri, guardate altrove)"


def reveal_hide(name: str) -> str:
    return f"{name}: premi Invio per nasconderle"


def reveal_kept(name: str) -> str:
    return f"{name}: non c'è una tastiera, quindi il tuo messaggio privato resta per dopo."


# --- the screens: the table page and the private pages (voicefish.outputs.pages) --------------


def card_count(n: int) -> str:
    return f"{n} carta" if n == 1 else f"{n} carte"


GAME_NAME = "Go Fish"
PAGE_TABLE_TITLE = "{0} \u2014 tavolo"
PAGE_PRIVATE_TITLE = "{0} \u2014 privato"
PAGE_CONNECTING = "Connessione\u2026"
PAGE_LIVE = "In diretta"
PAGE_LOST = "Connessione persa, mi ricollego\u2026"
PAGE_GONE = "Questa pagina non è più valida ({0})."
PAGE_ENDED = "La partita è finita. Puoi chiudere questa pagina."
PAGE_REPLACED = "Questo collegamento è stato sostituito da uno nuovo; questa pagina non si aggiorna più."
PAGE_NOT_VALID = "Questo collegamento non vale per la partita in corso."
NEW_LINK_HOW = (
    "di' o scrivi «nuovo collegamento» al tavolo: quello vecchio smette di funzionare e quello nuovo appare sullo "
    "schermo del tavolo e nel terminale."
)
NEW_LINK_ADVICE = f"Per avere un nuovo collegamento, {NEW_LINK_HOW}"
PAGE_WAITING = "In attesa che la partita cominci\u2026"
PAGE_TURN_OF = "Tocca a {0}"
PAGE_TIEBREAK = "(spareggio)"
PAGE_GAME = "Partita {0}"
PAGE_GAME_OF = "Partita {0} di {1}"
PAGE_OVER = "Fine della partita."
PAGE_WINS = "Fine della partita. Vince {0}!"
PAGE_SHARE = "Fine della partita. {0} e {1} si dividono la vittoria."
PAGE_RULES = "Regole: {0}"
PAGE_CLASSIC = "Regole classiche"
PAGE_SCAN = "{0}, inquadra il codice per le tue carte:"
PAGE_QR = "Codice QR con il collegamento privato di {0}"
PAGE_STOCK = "Carte nel tallone:"
PAGE_PLAYERS = "Giocatori"
PAGE_PLAYER = "Giocatore"
PAGE_CARDS = "Carte"
PAGE_BOOKS = "Quartetti"
PAGE_SCORE = "Punti"
PAGE_SESSION = "Serata"
PAGE_SAID = "Che cosa è stato detto"
PAGE_PRIVATE_PAGES = "Pagine private"
PAGE_SCAN_HELP = (
    "Ogni giocatore inquadra il proprio codice con il telefono. Un codice sparisce appena è stato usato, e da quel "
    "momento il suo collegamento funziona solo sul telefono che l'ha aperto."
)
PAGE_LOCAL_ONLY = (
    "Questi collegamenti funzionano solo su questo computer: avvia la partita con {0} perché i telefoni della stessa "
    "rete possano aprirli."
)
PAGE_CARDS_OF = "Le carte di {0}"
PAGE_NEEDS_SCRIPT = "Questa pagina ha bisogno di JavaScript per mostrare le tue carte."
PAGE_TAP = "Tocca per vedere le tue carte"
PAGE_YOUR_HAND = "La tua mano"
PAGE_HIDE = "Nascondi le mie carte"
PAGE_JUST_FOR_YOU = "Solo per te"
PAGE_THIS_LINK = "Questo collegamento"
PAGE_LINK_HELP = (
    "Funziona solo su questo dispositivo. Se qualcun altro può averlo visto, chiedine uno nuovo qui: quello vecchio "
    "smette subito di funzionare."
)
PAGE_RENEW = "Un nuovo collegamento per questo dispositivo"
PAGE_GAME_IS_OVER = "La partita è finita."
PAGE_YOUR_TURN = "Tocca a te!"
PAGE_YOUR_TURN_SAID = "Tocca a te."
PAGE_NO_PEEKING = "Niente sbirciate: puoi guardare le tue carte solo durante il tuo turno."
PAGE_NO_CARDS = "Non hai carte in mano."
PAGE_JUST_DREW = "Hai appena pescato:"
PAGE_NEW_CARD = "Hai una carta nuova. Tocca per vedere le tue carte."
PAGE_IN_USE = "Questo collegamento è in uso su un altro dispositivo."
PAGE_NOT_HERE = "Questo collegamento non funziona qui."
PAGE_NO_ANSWER = "Il tavolo non ha risposto; riprova."
PAGE_FORBIDDEN = "Questa pagina privata ha bisogno del collegamento del suo giocatore."
PAGE_OUTDATED = (
    "Questo collegamento è stato sostituito da uno più recente e non funziona più. Usa il collegamento più recente, "
    "oppure chiedine un altro:"
)
PAGE_ELSEWHERE = (
    "Questa pagina privata è già aperta su un altro dispositivo, e solo quel dispositivo può mostrarla. Se quel "
    "dispositivo non è tuo, o non puoi più usarlo,"
)


# --- the links printed in the terminal (voicefish.outputs.server) ----------------------------

LINKS_TABLE = "Schermo del tavolo (con i codici per entrare; tienilo su questo computer o sullo schermo comune):"
LINKS_PUBLIC = "Pagina del tavolo per tutti gli altri (senza codici):"


def links_private(name: str) -> str:
    return (
        f"{name}: apri la tua pagina privata sul telefono o su uno schermo che vedi solo tu (funziona sul primo "
        "dispositivo che la apre):"
    )


def links_renewed(name: str) -> str:
    return f"Nuovo collegamento privato per {name} (quello vecchio non funziona più):"


# --- the play command's questions at the terminal (voicefish.commands.play) --------------------


def ask_name(default: str) -> str:
    return f"Come ti chiami? [{default}]"


def resume_offer(names: Sequence[str], game: int, games: int) -> str:
    return f"C'è una partita salvata ({', '.join(names)}, partita {game} di {games}). La continuiamo?"


# --- the recognizer: which one listens, said once at the start (voicefish.table.voice) -----------


def listening_whisper(model: str) -> str:
    return f"Ascolto con Whisper ({model})."


def listening_whisper_in_language(model: str) -> str:
    return f"Ascolto con Whisper ({model}) in italiano."


def listening_whisper_first(model: str) -> str:
    return f"Ascolto con Whisper ({model}); se è troppo lento, lo sostituisce pocketsphinx."


def listening_hybrid(model: str) -> str:
    return f"Ascolto con pocketsphinx, e con Whisper ({model}) quando non è sicuro."


def listening_sphinx_alone(why: str) -> str:
    return f"Ascolto solo con pocketsphinx: {why}."


def listening_sphinx_for_now(why: str) -> str:
    return f"Per ora ascolto con pocketsphinx: {why}. Whisper verrà riprovato più tardi."


def whisper_too_slow(seconds: float, limit: float) -> str:
    took, most = decimal_comma(seconds), decimal_comma(limit, "g")
    return f"Whisper ha impiegato {took} s per una frase breve su questo computer (limite {most} s)"


def whisper_gave_up(seconds: float, limit: float) -> str:
    took, most = decimal_comma(seconds), decimal_comma(limit)
    return (
        f"Whisper impiega {took} s per frase su questo computer (più di {most} s), "
        "quindi per un po' ascolta solo pocketsphinx; Whisper verrà riprovato più tardi."
    )


def english_only_model(model: str, instead: str) -> str:
    return f"{model} capisce solo l'inglese, quindi ascolto con {instead}."


def listening_vosk(model: str) -> str:
    return f"Ascolto con Vosk ({model})."


LISTENING_SPHINX_ASKED = (
    "Ascolto con pocketsphinx, come richiesto. "
    "L'orecchio predefinito, Whisper, sente meglio le persone: gioca senza --backend."
)

NO_VOSK_MODEL = (
    "nessun modello Vosk è installato; scaricane uno con 'voicefish models download NOME' o usa --backend pocketsphinx"
)
NO_VOSK_MODEL_HERE = "nessun modello Vosk per l'italiano è installato; usa --backend whisper (il predefinito)"
SPHINX_ENGLISH_ONLY = "pocketsphinx capisce solo l'inglese; usa --backend whisper o vosk"


# --- Issue 33 (voice turn): typing offered in a voice game; the better recognizer resting and back ---------------
OR_TYPE_IT = "Oppure scrivi la tua richiesta qui sulla tastiera e premi Invio."
"""After repeated misses in a voice game (spoken and shown): a typed line is taken too, while the table listens."""
QUICKER_EAR = "Il computer è occupato, quindi per ora ascolto con l'orecchio più veloce."
"""Said once when Whisper proves too slow on a busy computer and pocketsphinx listens alone for a while."""
BETTER_EAR_BACK = "Ascolto di nuovo con l'orecchio migliore."
"""Said once when Whisper, tried again, is fast enough and listens again."""
