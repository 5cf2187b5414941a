"""The voice check: before the first deal, each player who speaks repeats a few asks after the table, so the
recognizer learns their voice from sentences whose words are known (speaker adaptation, see
:mod:`voicefish.audio.adapt`) instead of only from what it later gets right by itself.

The prompts are ordinary asks of the table in its language (the recognizer only learns from sentences of its
grammar), over varied ranks and the other players' names: ``check_prompt`` of the language's phrasebook
(:mod:`voicefish.table.phrases`). The recognizer uses a reply only when the prompt fits the audio
about as well as what it heard (:data:`voicefish.audio.adapt.PROMPT_MARGIN`): a prompt said but misheard
still teaches it, "what?" or table talk does not.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from voicefish.table.phrases import phrasebook

__all__ = ["CHECK_SENTENCES", "Prompt", "prompts", "sentence_of"]

CHECK_SENTENCES = 8
"""The different sentences of the voice check in every language (then they repeat)."""


@dataclass(frozen=True, slots=True)
class Prompt:
    spoken: str
    """What the table says: ``Leo, do you have any sevens?``."""
    sentence: str
    """The same as a sentence of the grammar: ``leo do you have any sevens``."""


def prompts(players: Sequence[str], speaker: str, count: int, lang: str = "en") -> list[Prompt]:
    """``count`` prompts for ``speaker`` in ``lang``, each asking another player in turn (seat order after the
    speaker). Empty when nobody else is at the table."""
    players = list(players)
    if speaker not in players or len(players) < 2 or count <= 0:
        return []
    start = players.index(speaker)
    others = [players[(start + k) % len(players)] for k in range(1, len(players))]
    book = phrasebook(lang)
    out = []
    for i in range(count):
        spoken = book.check_prompt(i, others[i % len(others)])
        out.append(Prompt(spoken, sentence_of(spoken)))
    return out


def sentence_of(spoken: str) -> str:
    """Words as the grammar writes them: lower case, no punctuation."""
    return " ".join(re.sub(r"[^\w' ]+", " ", spoken.lower()).split())
