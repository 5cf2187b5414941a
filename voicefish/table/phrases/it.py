"""Every sentence the table says, in Italian. Articles (il/lo/l'/la, i/gli/le, un/uno/una/un'), partitives
(dei/degli/delle), "nessun"/"nessuna" and object pronouns (lo/la/li/le) agree by rule with the gender, number and
first sounds of the noun; plurals follow the -o/-e → -i, -a → -e rule, with invariable nouns (numerals, "re") marked.

The Italian rule texts keep "Go Fish" in English, so the table says it that way.
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
    invariable: bool = False

    @property
    def pl(self) -> str:
        """-o/-e → -i (asso → assi, fante → fanti), -a → -e (donna → donne, carta → carte; -ca/-ga → -che/-ghe)."""
        w = self.sg
        if self.invariable:
            return w
        if w.endswith(("ca", "ga")):
            return w[:-1] + "he"
        if w.endswith("a"):
            return w[:-1] + ("e" if self.fem else "i")
        if w.endswith(("o", "e")):
            return w[:-1] + "i"
        return w


def _noun(word: str, *, invariable: bool = False) -> Noun:
    """Gender by ending: -a is feminine (carta, coppia, partita, donna), the rest masculine."""
    return Noun(word, fem=word.endswith("a"), invariable=invariable)


_RANK: dict[Rank, Noun] = {
    Rank.ACE: _noun("asso"),
    # cards named by a numeral are masculine and invariable: il sette, i sette
    **{
        r: Noun(w, invariable=True)
        for r, w in zip(
            [Rank.TWO, Rank.THREE, Rank.FOUR, Rank.FIVE, Rank.SIX, Rank.SEVEN, Rank.EIGHT, Rank.NINE, Rank.TEN],
            ["due", "tre", "quattro", "cinque", "sei", "sette", "otto", "nove", "dieci"],
            strict=True,
        )
    },
    Rank.JACK: _noun("fante"),
    Rank.QUEEN: _noun("donna"),
    Rank.KING: Noun("re", invariable=True),
}
_SUIT = {Suit.SPADES: "picche", Suit.HEARTS: "cuori", Suit.DIAMONDS: "quadri", Suit.CLUBS: "fiori"}
_NUMBERS = ["zero", "uno", "due", "tre", "quattro", "cinque", "sei", "sette", "otto", "nove", "dieci"]
_NUMBERS += ["undici", "dodici"]
CARD = _noun("carta")
BOOK = _noun("quartetto")
PAIR = _noun("coppia")
POINT = _noun("punto")
GAME = _noun("partita")
_NOUNS = {n.sg: n for n in (CARD, BOOK, PAIR, POINT, GAME)}


def _vowel(word: str) -> bool:
    return word[:1].lower() in "aeiouàèéìòù"


def _impure(word: str) -> bool:
    """s + consonant, z, gn, ps, x, y: the sounds that take "lo"/"gli"/"uno"."""
    w = word.lower()
    return (len(w) > 1 and w[0] == "s" and not _vowel(w[1:])) or w.startswith(("z", "gn", "ps", "x", "y"))


def definite(noun: Noun, *, plural: bool = False) -> str:
    """il fante, lo zero, l'asso, la donna, l'ora; i fanti, gli assi, le donne."""
    word = noun.pl if plural else noun.sg
    if noun.fem:
        return f"le {word}" if plural else (f"l'{word}" if _vowel(word) else f"la {word}")
    if plural:
        return f"gli {word}" if _vowel(word) or _impure(word) else f"i {word}"
    if _vowel(word):
        return f"l'{word}"
    return f"lo {word}" if _impure(word) else f"il {word}"


def indefinite(noun: Noun, stem: str = "") -> str:
    """un asso, uno zero, una donna, un'ora; with ``stem="ness"``: nessun asso, nessuna donna, nessun'ora."""
    w = noun.sg
    art = ("un'" if _vowel(w) else "una ") if noun.fem else ("uno " if _impure(w) else "un ")
    return f"{stem}{art}{w}"


def partitive(noun: Noun) -> str:
    """dei fanti, degli assi, delle donne: di + the definite plural article."""
    art, word = definite(noun, plural=True).split(" ", 1)
    return {"i": "dei", "gli": "degli", "le": "delle"}[art] + " " + word


def pronoun(noun: Noun, count: int) -> str:
    """The direct-object pronoun for ``count`` of ``noun``: lo, la, li, le."""
    if count == 1:
        return "la" if noun.fem else "lo"
    return "le" if noun.fem else "li"


def number(n: int, noun: Noun | None = None) -> str:
    if n == 1 and noun is not None:
        return indefinite(noun).rsplit(noun.sg, 1)[0].strip().rstrip("'")
    return _NUMBERS[n] if 0 <= n < len(_NUMBERS) else str(n)


def plural(n: int, word: str, words: str | None = None) -> str:
    """``una carta``, ``due carte``, ``un punto``, ``zero carte``: a count with its noun in agreement."""
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
    """un fante, due fanti, tre donne, un asso."""
    return a_rank(rank) if n == 1 else f"{number(n)} {rank_plural(rank)}"


def card_name(card: Card) -> str:
    """il sette di cuori, l'asso di picche, la donna di fiori."""
    return f"{definite(_RANK[card.rank])} di {_SUIT[card.suit]}"


def euphonic(word: str, nxt: str) -> str:
    """a → ad, e → ed before a word starting with the same vowel (ad Anna, Marco ed Elena)."""
    return word + "d" if word in ("a", "e") and nxt[:1].lower() == word else word


def to(name: str) -> str:
    """``a Marco``, ``ad Anna``."""
    return f"{euphonic('a', name)} {name}"


def join(items: Sequence[str], conj: str = "e") -> str:
    items = list(items)
    return join_with(items, euphonic(conj, items[-1]) if items else conj)


def _with_suits(rank: Rank, cs: list[Card]) -> str:
    return f"{definite(_RANK[rank], plural=len(cs) > 1)} di {join([_SUIT[c.suit] for c in cs])}"


def cards_phrase(cards: Sequence[Card], *, suits: bool = False) -> str:
    """due sette, un fante e tre re; with suits: i sette di cuori e fiori; il re di picche."""
    return cards_by_rank(cards, suits=suits, counted=rank_count, with_suits=_with_suits, join=join)


def _unit_noun(word: str) -> Noun:
    return _NOUNS.get(word) or _noun(word)


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


def asks_for(asker: str, target: str, rank: Rank, card: Card | None) -> str:
    what = card_name(card) if card is not None else definite(_RANK[rank], plural=True)
    return f"{asker} chiede {to(target)} {what}."


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


# --- the turn dialogue (the loop) ------------------------------------------------------------


SPEAK_UP = "C'è rumore qui, quindi parla più forte, per favore."
CHECK_EACH_ASK = "C'è rumore qui, quindi controllerò ogni richiesta."


def welcome_back(game: int, games: int) -> str:
    return f"Bentornati! Siamo alla partita {game} di {games}."


SAY_IT_AGAIN = "D'accordo, ripetilo."
TRY_AGAIN = "Riproviamo."
EXACT_CARD = f"In questa partita si chiede una carta precisa, per esempio: {card_name(Card(Rank.SEVEN, Suit.HEARTS))}."


def unknown_player(name: str) -> str:
    return f"Non conosco nessuno che si chiami {name}."


def target_out(name: str) -> str:
    return f"{name} è fuori da questa partita. Chiedi a qualcun altro."


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
    return f"Intendevi {join(list(candidates), 'o')}? Ripetilo con il nome, per favore."


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
