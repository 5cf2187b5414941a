"""As linhas do comando play em português: os seus erros, os avisos sobre o jogo salvo e o registro, e
``voicefish play --help`` (as :mod:`voicefish.table.phrases.en_command`, same names and arguments)."""

from __future__ import annotations

from collections.abc import Sequence

# --- a save or game log that cannot be used ---------------------------------------------------------------------


def save_is_folder() -> str:
    return "isto é uma pasta, não um jogo salvo do voicefish; indique um nome de arquivo"


def save_unreadable(cause: str) -> str:
    return f"não consigo ler o jogo salvo: {cause}"


def save_not_plain() -> str:
    return "isto não é um arquivo comum, então não é um jogo salvo do voicefish"


def save_not_ours() -> str:
    return (
        "este arquivo não é um jogo salvo do voicefish, e o voicefish nunca substitui um arquivo que não escreveu; "
        "indique outro nome de arquivo"
    )


def backup_in_way(backup: str) -> str:
    return f"{backup} ocupa o lugar da cópia de segurança e não é um jogo salvo do voicefish"


def log_is_folder() -> str:
    return "isto é uma pasta, não um registro de jogo; indique um nome de arquivo"


def log_unreadable(cause: str) -> str:
    return f"não consigo ler o registro do jogo: {cause}"


def log_not_ours() -> str:
    return (
        "este arquivo não é um registro de jogo do voicefish, e o voicefish nunca substitui um arquivo que não "
        "escreveu; indique outro nome de arquivo com --log"
    )


def log_of_another_session() -> str:
    return (
        "este arquivo contém o registro de jogo de outra sessão, e o voicefish nunca o substitui; "
        "indique outro nome de arquivo com --log"
    )


def save_in_use() -> str:
    return (
        "outra sessão do voicefish está jogando este jogo salvo; termine-a ou pare-a primeiro, "
        "ou jogue um jogo à parte com outro arquivo depois de --save"
    )


def no_save() -> str:
    return "não há nenhum jogo salvo"


def save_too_new(version: int, reads: int) -> str:
    return (
        f"este jogo salvo é de uma versão mais nova do voicefish (formato {version}; esta versão lê o formato {reads})"
    )


def save_too_old(version: int, reads: int) -> str:
    return f"este jogo salvo é de outra versão do voicefish (formato {version}; esta versão lê o formato {reads})"


def save_not_json(cause: str) -> str:
    return f"o jogo salvo está danificado (JSON inválido: {cause})"


def save_not_object() -> str:
    return "o jogo salvo está danificado (não é um objeto JSON)"


def save_damaged(entry: str) -> str:
    return f"o jogo salvo está danificado (o campo '{entry}' falta ou está errado)"


def save_language(code: str, codes: str) -> str:
    return f"o jogo salvo está danificado (o idioma '{code}' não é nenhum de {codes})"


def save_game_unbegun() -> str:
    return "o jogo salvo está danificado (uma partida nele não tem começo)"


def save_game_other_players() -> str:
    return "o jogo salvo está danificado (uma partida nele tem outros jogadores)"


def save_game_unfinished() -> str:
    return "o jogo salvo está danificado (uma partida terminada nele não acabou)"


def save_unreplayable(game: int, problem: str) -> str:
    return f"o jogo salvo está danificado: a partida {game} dele não pode ser refeita ({problem})"


# --- the play command's notices about the save and the log ------------------------------------------------------


def save_unusable(problem: str) -> str:
    return f"{problem}. Comece um jogo novo com 'voicefish play --new'."


def no_save_at(path: str) -> str:
    return f"não há nenhum jogo salvo em {path}; comece um com 'voicefish play'"


def no_answer_kept() -> str:
    return "nenhuma resposta (a entrada acabou); o jogo salvo fica como estava. Use --resume ou --new."


def save_ignored(problem: str) -> str:
    return f"deixo de lado um jogo salvo que não pode ser usado ({problem}); começo um novo;"


def save_waiting(names: Sequence[str], game: int, games: int) -> str:
    return (
        f"há um jogo salvo ({', '.join(names)}, partida {game} de {games}); use --resume para continuá-lo. "
        "Começo um jogo novo;"
    )


def old_save_kept(backup: str) -> str:
    return f"o jogo salvo antigo fica guardado como {backup}."


def cannot_put_aside(path: str, cause: str) -> str:
    return f"não consigo pôr de lado o jogo salvo {path} ({cause}); nada mudou"


def not_the_save_log(problem: str) -> str:
    return f"não gravo o registro do jogo no arquivo de registro do jogo salvo ({problem})"


STOPPED = "interrompido."
"""Said when the player stops a command with Ctrl-C."""


def while_closing(cause: str) -> str:
    """A device or page that failed to close at the session's end (``cause``: the system's words)."""
    return f"ao fechar: {cause}"


def over_save_kept(path: str, cause: str) -> str:
    return f"a sessão acabou, mas não foi possível apagar o seu jogo salvo {path} ({cause})"


def log_is_in(path: str) -> str:
    return f"o registro completo do jogo está em {path}"


def last_moves_unsaved(path: str) -> str:
    return (
        f"não foi possível salvar as últimas jogadas; o último jogo salvo bom é {path} "
        "('voicefish play --resume' continua dali)"
    )


def saved_for_later(path: str) -> str:
    return f"salvo. Continue mais tarde com 'voicefish play --resume' (jogo salvo: {path})"


def saved_in_language(problem: str, code: str) -> str:
    return f"{problem} (o jogo salvo está em '{code}')"


def rules_hint(preset: str) -> str:
    return f"onde se fala este idioma joga-se com as regras {preset}; experimente --rules {preset}"


# --- the options and the config file -----------------------------------------------------------------------------


def names_missing(option: str) -> str:
    return f"{option} precisa de pelo menos um nome"


def name_empty(option: str, text: str) -> str:
    return f"{option} tem um nome vazio (duas vírgulas seguidas, ou uma no começo ou no fim): '{text}'"


def name_too_long(option: str, most: int, start: str) -> str:
    return f"{option}: um nome tem no máximo {most} caracteres ({start}... é mais longo)"


def name_twice(option: str, name: str) -> str:
    return f"{option} nomeia {name} duas vezes; cada jogador precisa de um nome próprio"


def voice_check_range(high: int) -> str:
    return f"--voice-check deve estar entre 0 (nenhuma) e {high}"


def talk_wait_range(high: int) -> str:
    return f"--talk-wait deve estar entre 0 (responder logo) e {high} segundos"


def rate_range(low: int, high: int) -> str:
    return f"--rate deve estar entre {low} e {high} palavras por minuto"


def volume_range() -> str:
    return "--volume deve estar entre 0.0 (mudo) e 1.0 (máximo)"


def seed_range() -> str:
    return "--seed deve ser um número inteiro menor que 2**63 (ou deixe-o de fora para uma distribuição aleatória)"


def games_range(high: int) -> str:
    return f"--games deve estar entre 1 e {high}"


def unknown_kind(kind: str, kinds: str) -> str:
    return f"jogador do computador desconhecido '{kind}'; escolha entre {kinds}"


def player_count(high: int, count: int) -> str:
    return f"Vá pescar se joga com 2 a {high} jogadores; você indicou {count}"


def bot_names_short() -> str:
    return "não há nomes suficientes para os jogadores do computador; dê mais com --bot-names"


def not_whole(option: str, value: str) -> str:
    return f"{option} precisa de um número inteiro, não '{value}'"


def not_number(option: str, value: str) -> str:
    return f"{option} precisa de um número, não '{value}'"


def unknown_choice(option: str, value: str, choices: str) -> str:
    return f"{option} aceita um destes valores: {choices}; não '{value}'"


def unknown_option(option: str) -> str:
    return f"a opção {option} não existe; 'voicefish play --help' mostra todas"


def needs_value(option: str) -> str:
    return f"{option} precisa de um valor depois"


def takes_no_value(option: str) -> str:
    return f"{option} não leva valor"


def bad_arguments(cause: str) -> str:
    return f"não consigo ler a linha de comando: {cause}"


def unknown_rule(rule: str, known: str) -> str:
    return f"regra desconhecida '{rule}'; regras e predefinições conhecidas: {known}"


def rules_clash(first: str, second: str) -> str:
    return f"as regras {first} e {second} não combinam (uma precisa ou encerra o que a outra muda)"


def earpiece_form(spec: str) -> str:
    return f"--earpiece '{spec}': escreva NOME=DISPOSITIVO, por exemplo João=2 ou 'João=Fone USB'"


def earpiece_not_human(spec: str, name: str, humans: str) -> str:
    return f"--earpiece '{spec}': {name} não é uma pessoa jogando aqui (pessoas: {humans})"


def earpiece_twice(name: str, first: str, second: str) -> str:
    return f"{name} tem dois fones de ouvido ({first} e {second})"


def earpiece_unusable(device: str, name: str, cause: str) -> str:
    return f"não consigo usar o fone de ouvido {device} para {name}: {cause}"


def screen_unusable(cause: str) -> str:
    return f"não consigo iniciar o servidor das telas: {cause}"


def config_missing(path: str) -> str:
    return f"não há nenhum arquivo de configuração em {path}"


def config_unreadable(path: str, cause: str) -> str:
    return f"não consigo ler o arquivo de configuração {path}: {cause}"


def config_unknown(key: str, path: str, keys: str) -> str:
    return f"ajuste desconhecido '{key}' em {path}; os conhecidos: {keys}"


_VALUE_KINDS = {
    "text": "um texto entre aspas",
    "whole": "um número inteiro",
    "bool": "true ou false",
    "list": "uma lista",
    "number": "um número",
    "device": "o nome de um dispositivo entre aspas ou o seu número",
}
_LIST_KINDS = {
    "text": "textos entre aspas",
    "whole": "números inteiros",
    "bool": "valores true ou false",
    "list": "listas",
    "number": "números",
    "device": "nomes de dispositivos entre aspas ou números de dispositivos",
}


def config_wrong(key: str, path: str, wanted: str) -> str:
    return f"o ajuste '{key}' em {path} deveria ser {_VALUE_KINDS[wanted]}"


def config_wrong_items(key: str, path: str, wanted: str) -> str:
    return f"o ajuste '{key}' em {path} deveria ser uma lista de {_LIST_KINDS[wanted]}"


# --- voicefish play --help ------------------------------------------------------------------------------------------

HELP_USAGE = "uso: "
HELP_OPTIONS = "opções"
HELP_HELP = "mostra esta ajuda e sai"
HELP_PLAY = "jogue Vá pescar à mesa, com a voz (ou digitando, com --text)"
HELP_DESCRIPTION = (
    "Distribui uma sessão de Vá pescar para as pessoas indicadas em --players e os jogadores do computador indicados "
    "em --seats. Na sua vez diga, por exemplo, 'João, tens valetes?'. A mesa ouve cada jogada pública; cada mão é "
    "lida em particular (fone de ouvido, tela privada, ou revelada com Enter no terminal). Sem microfone o jogo passa "
    "sozinho para a entrada digitada. O jogo é salvo depois de cada jogada: 'voicefish play --resume' continua depois "
    "de uma parada ou de uma falha. Os ajustes também podem ficar num arquivo de configuração TOML (as chaves são os "
    "nomes longos das opções com sublinhados)."
)


def help_example(command: str) -> str:
    return f"Exemplo: {command}"


def help_lang(codes: str) -> str:
    return f"idioma da mesa: {codes} (padrão: o do sistema, senão en)"


HELP_PLAYERS = "nomes das pessoas que jogam, separados por vírgulas (padrão: pergunta o seu nome)"


def help_seats(kinds: str, default: str, most: int) -> str:
    return (
        f"jogadores do computador para preencher os lugares, separados por vírgulas: {kinds} (padrão: {default} "
        f"quando joga uma pessoa só, nenhum caso contrário); de 2 a {most} jogadores ao todo"
    )


def help_bot_names(names: Sequence[str]) -> str:
    return f"nomes para os jogadores do computador (padrão: {', '.join(names)})"


def help_rules(example: str) -> str:
    return f"regras da casa ou predefinições, separadas por vírgulas, por exemplo {example} (padrão: clássicas)"


def help_games(games: int) -> str:
    return f"partidas na sessão (padrão: {games})"


HELP_SEED = "semente para uma distribuição reproduzível (padrão: aleatória)"
HELP_TEXT = "digitar em vez de falar"
HELP_RESUME = "continuar o jogo salvo"
HELP_NEW = "começar uma sessão nova mesmo que haja um jogo salvo"
HELP_SAVE = "onde o jogo é salvo depois de cada jogada (padrão: na sua pasta de dados)"
HELP_LOG = "onde o registro completo do jogo é gravado (padrão: na sua pasta de dados)"


def help_config(name: str) -> str:
    return f"um arquivo de ajustes TOML (padrão: {name} na sua pasta de configuração)"


HELP_SCREEN = "abrir a página da mesa e as páginas privadas (celulares)"
HELP_LAN = "deixar os celulares da mesma rede abrirem as páginas"
HELP_EARPIECE = (
    "mandar a fala privada de um jogador para um dispositivo de saída (número ou nome), por exemplo João=2; pode "
    "ser repetido"
)
HELP_INPUT_DEVICE = "microfone por número ou nome (padrão: o do sistema)"
HELP_OUTPUT_DEVICE = "alto-falante da mesa por número ou nome (padrão: o do sistema)"


def help_backend(choices: str) -> str:
    return f"reconhecedor de fala: {choices} (padrão: auto)"


HELP_MODEL = "uma pasta de modelo Vosk (padrão: um modelo inglês instalado), ou um modelo Whisper"
HELP_RATE = "velocidade da fala em palavras por minuto (padrão: 200, ágil; mais devagar p. ex. 160)"
HELP_VOLUME = "volume da fala 0.0–1.0 (padrão: 1.0)"
HELP_NO_SPEECH = "só legendas, sem fala"
HELP_NO_EARCONS = "sem sons curtos quando o jogo começa a ouvir e quando ouviu você (tocam mesmo com --no-speech)"


def help_voice_check(n: int) -> str:
    return (
        "antes da primeira distribuição, cada jogador repete este número de pedidos curtos para o reconhecedor "
        f"aprender a sua voz (só pocketsphinx; uns 5 segundos cada; 0 pula a prova; padrão: {n}); quando a sala fica "
        "barulhenta, mais 4 por pessoa no barulho (não para quem já fez a prova no barulho)"
    )


def help_talk_wait(seconds: float) -> str:
    return (
        "por voz, quanto tempo o jogo espera em silêncio depois de algo que tomou por conversa de mesa antes de dizer "
        f"que não entendeu, para não responder a cada comentário (0 responde logo; padrão: {seconds:g})"
    )


HELP_REMEMBER_VOICES = (
    "guardar na sua pasta de dados o que o jogo aprende da voz de cada jogador, para quem volta pular a prova de voz "
    "(desligado por padrão; 'voicefish voices' mostra e esquece as vozes)"
)
HELP_EXPLAIN = (
    "treino: depois de cada pedido de um jogador do computador, dizer por que pediu (só com fatos públicos); a "
    "qualquer momento, 'por quê?' repete o último"
)


def help_narration(first: str, second: str) -> str:
    return (
        f"{first} (padrão): cada pedido e o que resultou dele numa só frase, e só a vez de um humano é anunciada; "
        f"{second}: cada vez é anunciada, os jogadores do computador dizem seus pedidos e cada resultado é uma frase "
        "à parte"
    )


META_CODE = "CÓDIGO"
META_NAMES = "NOMES"
META_PLAYERS = "JOGADORES"
META_RULES = "REGRAS"
META_NUMBER = "NÚMERO"
META_COUNT = "N"
META_FILE = "ARQUIVO"
META_LOG_FILE = "ARQUIVO.jsonl"
META_DEVICE = "DISPOSITIVO"
META_PLAYER_DEVICE = "NOME=DISPOSITIVO"
META_RECOGNIZER = "RECONHECEDOR"
META_PATH = "CAMINHO"
META_LEVEL = "NÍVEL"
META_SECONDS = "SEGUNDOS"
META_NARRATION = "ESTILO"
