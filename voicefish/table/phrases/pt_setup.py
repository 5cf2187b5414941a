"""The Portuguese sentences around the game: the voice check, saving, the game log and the devices, the terminal
reveal, the pages and their links, and the play command's questions. :mod:`voicefish.table.phrases.pt` exposes them
with the rest of the Portuguese phrasebook."""

from __future__ import annotations

from collections.abc import Sequence

from voicefish.cards import Card, Rank
from voicefish.table.phrases._common import decimal_comma
from voicefish.table.phrases.pt_words import _RANK, card_name, definite

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


# said aloud once when the asked-for speaker cannot be used (the reason, other_speaker, is only shown)
OTHER_SPEAKER_SAID = (
    "Não consigo usar o alto-falante que você pediu, então estou falando pelo padrão. O motivo está na tela."
)


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


# --- the recognizer: which one listens, said once at the start (voicefish.table.voice) -----------


def listening_whisper(model: str) -> str:
    return f"Escuto com o Whisper ({model})."


def listening_whisper_in_language(model: str) -> str:
    return f"Escuto com o Whisper ({model}) em português."


def listening_whisper_first(model: str) -> str:
    return f"Escuto com o Whisper ({model}); se ele ficar lento demais, o pocketsphinx o substitui."


def listening_hybrid(model: str) -> str:
    return f"Escuto com o pocketsphinx, e com o Whisper ({model}) quando ele não tem certeza."


def listening_sphinx_alone(why: str) -> str:
    return f"Escuto só com o pocketsphinx: {why}."


def listening_sphinx_for_now(why: str) -> str:
    return f"Por enquanto escuto com o pocketsphinx: {why}. O Whisper volta a ser experimentado mais tarde."


def whisper_too_slow(seconds: float, limit: float) -> str:
    took, most = decimal_comma(seconds), decimal_comma(limit, "g")
    return f"o Whisper levou {took} s numa frase curta neste computador (limite {most} s)"


def whisper_gave_up(seconds: float, limit: float) -> str:
    took, most = decimal_comma(seconds), decimal_comma(limit)
    return (
        f"O Whisper leva {took} s por frase neste computador (mais de {most} s), "
        "então o pocketsphinx escuta sozinho por um tempo; o Whisper volta a ser experimentado mais tarde."
    )


def english_only_model(model: str, instead: str) -> str:
    return f"{model} só entende inglês, então escuto com {instead}."


def listening_vosk(model: str) -> str:
    return f"Escuto com o Vosk ({model})."


LISTENING_SPHINX_ASKED = (
    "Escuto com o pocketsphinx, como pediu. O ouvido padrão, Whisper, ouve melhor as pessoas: jogue sem --backend."
)


NO_VOSK_MODEL = (
    "nenhum modelo Vosk está instalado; baixe um com 'voicefish models download NOME' ou use --backend pocketsphinx"
)
NO_VOSK_MODEL_HERE = "nenhum modelo Vosk para o português está instalado; use --backend whisper (o padrão)"
SPHINX_ENGLISH_ONLY = "o pocketsphinx só entende inglês; use --backend whisper ou vosk"


# --- Issue 33 (voice turn): typing offered in a voice game; the better recognizer resting and back ---------------
OR_TYPE_IT = "Ou digite o seu pedido aqui no teclado e aperte Enter."
"""After repeated misses in a voice game (spoken and shown): a typed line is taken too, while the table listens."""
QUICKER_EAR = "O computador está ocupado, então por enquanto vou ouvir com o ouvido mais rápido."
"""Said once when Whisper proves too slow on a busy computer and pocketsphinx listens alone for a while."""
BETTER_EAR_BACK = "Estou ouvindo de novo com o ouvido melhor."
"""Said once when Whisper, tried again, is fast enough and listens again."""
