"""The turn policy: what the table does with one thing heard on a human's turn — a pure function of what was heard
and what the listener was told (:class:`~voicefish.table.ears.ListenRequest`), testable without audio or a game.

The loop carries the decision out (speaks, listens again, plays through the engine). Benches that need the table's
policy call :func:`decide` instead of writing it out again."""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum

from voicefish.speech import intents as it
from voicefish.table.ears import TABLE_TALK, Heard, ListenRequest, parse_for

__all__ = ["Action", "Decision", "chosen", "decide", "narrow", "rank_for", "rank_kept"]

NAME_PICKED_FROM = 80.0
"""rapidfuzz ratio from which what was said is taken for one of the names offered by "Did you mean Fatima or Wen?"
(and that much above every other name offered by :data:`NAME_PICKED_MARGIN`): "Fatima." or "Fatma" picks Fatima."""
NAME_PICKED_MARGIN = 15.0
NAME_SOUNDS_FROM = 0.6
"""When no name offered is written out, the sound likeness (:func:`~voicefish.speech.sounds.sound_likeness`) of
the first one to three words said to one name offered from which it is taken for that name — always asked back —
(and that much above every other name by :data:`NAME_SOUNDS_MARGIN`): in a loud room Whisper wrote "Where are the
drugs?" and "Where is mine?" for "Wen." (flite awb, voice game seed 302), and the turn was lost each time."""
NAME_SOUNDS_MARGIN = 0.4


class Action(Enum):
    WAIT = "wait"
    """Taken for table talk: wait a moment for more before answering it."""
    REPROMPT = "reprompt"
    """Nothing usable: say what to do next (escalating)."""
    ASK_BACK_RANK = "ask_back_rank"
    """An ask of a rank the player does not hold: likelier misheard than meant — "Did you say sevens?" (said, not
    typed: a typed one is played, and the engine refuses it with the reason said privately)."""
    CONFIRM = "confirm"
    """An ask heard unsurely: "Leo, for sevens?" before playing it."""
    PLAY = "play"
    """An ask to play through the engine (which alone decides legality)."""
    COMMAND = "command"
    """A question or command to answer (read my hand, score, which player, …)."""


@dataclass(frozen=True, slots=True)
class Decision:
    action: Action
    heard: Heard | None
    """What was heard, narrowed where a name could be pinned to the one player who can be asked."""


def narrow(heard: Heard, request: ListenRequest) -> Heard:
    """A name that may mean several players, narrowed to those who can be asked (not the speaker, not a player out
    of cards): one left makes the ask, to be asked back before it is played; else the question offers only them."""
    intent = heard.intent
    if not isinstance(intent, it.Ambiguous):
        return heard
    askable = tuple(c for c in intent.candidates if c != request.speaker and c not in request.out)
    if len(askable) == 1 and isinstance(intent.partial, it.Ask):
        return replace(heard, intent=replace(intent.partial, target=askable[0]), confirm=True)
    if askable and len(askable) < len(intent.candidates):
        return replace(heard, intent=replace(intent, candidates=askable))
    return heard


def chosen(heard: Heard | None, request: ListenRequest, offered: Heard) -> Heard | None:
    """What was said after "Did you mean Fatima or Wen?" (``offered``: what was heard then) as the ask it completes,
    when it was only one of the names offered (and words the grammar skips, such as "um" or "please"): the natural
    answer to a which-question. The ask keeps the rank heard before; it is asked back when that was unsure, the name
    only near, or the room loud. None for anything else (a whole ask said again is understood as usual)."""
    from rapidfuzz import fuzz

    from voicefish.speech.grammar import load_grammar
    from voicefish.speech.normalize import match_tokens
    from voicefish.speech.sounds import words_said

    which = offered.intent
    if heard is None or not isinstance(heard.intent, it.NoIntent) or not isinstance(which, it.Ambiguous):
        return None
    if not isinstance(which.partial, it.Ask):
        return None
    said = words_said(load_grammar(request.lang), heard.text)
    if not said:
        return None
    scores = sorted(((fuzz.ratio(said, " ".join(match_tokens(c))), c) for c in which.candidates), reverse=True)
    best, name = scores[0]
    if best < NAME_PICKED_FROM or (len(scores) > 1 and best - scores[1][0] < NAME_PICKED_MARGIN):
        near = _sounds_like(said.split(), which.candidates)  # never played at once: asked back
        return None if near is None else replace(heard, intent=replace(which.partial, target=near), confirm=True)
    unsure = offered.confirm or heard.confirm or heard.loud or best < 100.0  # (a loud room: the name asked back)
    return replace(heard, intent=replace(which.partial, target=name), confirm=unsure)


def rank_kept(heard: Heard, request: ListenRequest, offered: Heard) -> Heard:
    """What was said to "Did you mean Fatima or Wen?" (``offered``: what was heard then) when it was heard as an ask
    of those players again, with the rank of the ask heard before unless its words write a rank out: Whisper wrote
    "Fatima." as "Fatima, Wen." and its snap made a rank up from the names (tens, for an ask of queens: voice game
    seed 318, asked back as "Fatima, for tens?"). A rank written out ("Fatima, Wen, got any kings?") is the
    player's ask said again, taken as heard."""
    from voicefish.speech.grammar import load_grammar
    from voicefish.speech.sounds import ranks_written

    now, before = heard.intent, offered.intent
    if not isinstance(now, it.Ambiguous) or not isinstance(before, it.Ambiguous):
        return heard
    if not isinstance(now.partial, it.Ask) or not isinstance(before.partial, it.Ask):
        return heard
    if ranks_written(load_grammar(request.lang), heard.text):
        return heard
    return replace(heard, intent=replace(now, partial=before.partial))


def _sounds_like(words: list[str], names: tuple[str, ...]) -> str | None:
    """The one name of ``names`` that ``words`` (what was said to "Did you mean Fatima or Wen?", as match tokens)
    write out among other words ("Wen, again, Wen."), or, when none is written, whose sound the first one to three
    words are clearly nearest (:data:`NAME_SOUNDS_FROM`, :data:`NAME_SOUNDS_MARGIN`; "Where is mine?" for "Wen.").
    None when two names are written, or no name sounds clearly nearest."""
    from voicefish.speech.normalize import match_tokens, named_in
    from voicefish.speech.sounds import sound_likeness

    spelt = {n: match_tokens(n) for n in names}
    written = named_in(" ".join(words), [(tuple(toks), n) for n, toks in spelt.items()])
    if written:
        return next(iter(written)) if len(written) == 1 else None
    likeness = sorted(
        (
            (max(sound_likeness(words[:k], toks) for k in range(1, min(3, len(words)) + 1)), n)
            for n, toks in spelt.items()
        ),
        reverse=True,
    )
    best, name = likeness[0]
    if best < NAME_SOUNDS_FROM or (len(likeness) > 1 and best - likeness[1][0] < NAME_SOUNDS_MARGIN):
        return None
    return name


FIRST_RANK = "the first of the ranks written"
"""Why the answer to "Which cards do you want from Fatima?" is asked back when its words listed ranks: the first one
was taken (:func:`rank_for`)."""


def rank_for(heard: Heard | None, request: ListenRequest, target: str) -> Heard | None:
    """What was said after "Which cards do you want from Fatima? Just say the rank." as the ask it completes: a rank
    alone ("Fours.", which is no sentence of the game) read with the name before it. It is asked back when the
    words were unsure or the room is loud. Words that list ranks ("Five, fours." for "Fives."): Whisper ran on with
    the list of rank words its prompt ends with, and the first rank is the one said (measured on the tuning voices
    in babble 10 dB, a rank said alone: the first rank written was the one said 43 times of 78, the only one 34;
    another rank came first 5 times); that ask is always asked back. A rank the recognizer took for an ask of
    nobody in particular (Whisper: "Eights." → "Did you mean Fatima or Wen?", a voice game at seed 317, three times)
    is completed with the name too. None for anything else (a whole ask said again is understood as usual)."""
    from voicefish.speech.grammar import load_grammar
    from voicefish.speech.sounds import first_rank_written

    if heard is None or not heard.text.strip():
        return None
    which = heard.intent
    if isinstance(which, it.Ambiguous) and isinstance(which.partial, it.Ask) and target in which.candidates:
        ask = replace(which.partial, target=target)
        return replace(heard, intent=ask, confirm=heard.confirm or heard.loud)
    if not isinstance(which, it.NoIntent):
        return None
    completed = parse_for(request, f"{target}, {heard.text}")
    intent = completed.intent
    if not isinstance(intent, it.Ask) or intent.target != target:
        rank = first_rank_written(load_grammar(request.lang), heard.text)
        if rank is None:
            return None
        return replace(heard, intent=it.Ask(target, rank), confirm=True, reason=FIRST_RANK)
    unsure = completed.confirm or heard.confirm or heard.loud
    return replace(heard, intent=intent, confidence=completed.confidence, confirm=unsure)


def decide(heard: Heard | None, request: ListenRequest, *, talk_patience: float = 0.0) -> Decision:
    """What to do with ``heard`` (``None``: silence) on a turn. ``talk_patience`` > 0: table talk is not answered at
    once (:data:`~voicefish.table.ears.TABLE_TALK`)."""
    if heard is None or isinstance(heard.intent, it.NoIntent):
        if heard is not None and heard.reason in TABLE_TALK and talk_patience > 0:
            return Decision(Action.WAIT, heard)
        return Decision(Action.REPROMPT, heard)
    heard = narrow(heard, request)
    intent = heard.intent
    if not isinstance(intent, it.Ask):
        return Decision(Action.COMMAND, heard)
    if intent.target in request.out:
        return Decision(Action.PLAY, heard)  # "Mia is out of this game" is the answer either way
    if intent.rank not in request.hand:
        if heard.typed and not heard.confirm:  # nothing misheard: the engine refuses it, the reason said privately
            return Decision(Action.PLAY, heard)
        return Decision(Action.ASK_BACK_RANK, heard)
    if heard.confirm:
        return Decision(Action.CONFIRM, heard)
    return Decision(Action.PLAY, heard)
