"""The pocketsphinx backend: the embedded default English recognizer (its model ships in the PyPI wheel).

For each table it decodes with a JSGF grammar generated from the same templates as the parser
(``Grammar.to_jsgf``); player names the CMU dictionary lacks get pronunciations derived from
``espeak-ng -q --ipa`` through an IPA → ARPAbet table (or, without espeak-ng, from the spelling).
The grammar is given to pocketsphinx as a word graph (a minimal deterministic automaton of every sentence
of the table, built here) rather than as JSGF: it decodes several times faster and never ends inside a
rule. Beside the sentences it offers a loop of common words (a garbage model): chatter that comes out
through the loop is rejected; what comes out as a sentence is judged by :mod:`voicefish.audio.confidence`.
Audio whose pauses are (nearly) digital silence gets a deterministic noise floor first: silence derails the decoder.
"""

from __future__ import annotations

from voicefish.audio.sphinx.decoder import ADAPTED_SETTINGS, DECODER_SETTINGS, SphinxRecognizer
from voicefish.audio.sphinx.frontend import (
    FRONT_END,
    NOISE_FLOOR_RMS,
    _feat_params,
    _int16,
    loudness_range_db,
    raise_noise_floor,
)
from voicefish.audio.sphinx.graph import CONFIRM_ANSWERS, CONFIRM_LEFT_OUT, GARBAGE_WORDS, Transition, build_fsg
from voicefish.audio.sphinx.speakers import ADAPT_KEEP, ADAPT_SCHEDULE, PROMPTED_FULL_FROM, _adapt_kind
from voicefish.audio.sphinx.streaming import (
    SENTENCE_LAST_WORD_FRAMES,
    SENTENCE_MIN_WORDS,
    SENTENCE_SILENCE_FRAMES,
    SENTENCE_SPAN_FRAMES,
)
from voicefish.speech.pronounce import (
    ARPABET,
    default_model_dir,
    espeak_ipa,
    ipa_to_arpabet,
    letters_to_arpabet,
    pronounce,
)

__all__ = [
    "ADAPTED_SETTINGS",
    "ADAPT_KEEP",
    "ADAPT_SCHEDULE",
    "ARPABET",
    "CONFIRM_ANSWERS",
    "CONFIRM_LEFT_OUT",
    "DECODER_SETTINGS",
    "FRONT_END",
    "GARBAGE_WORDS",
    "NOISE_FLOOR_RMS",
    "PROMPTED_FULL_FROM",
    "SENTENCE_LAST_WORD_FRAMES",
    "SENTENCE_MIN_WORDS",
    "SENTENCE_SILENCE_FRAMES",
    "SENTENCE_SPAN_FRAMES",
    "SphinxRecognizer",
    "Transition",
    "_adapt_kind",
    "_feat_params",
    "_int16",
    "build_fsg",
    "default_model_dir",
    "espeak_ipa",
    "ipa_to_arpabet",
    "letters_to_arpabet",
    "loudness_range_db",
    "pronounce",
    "raise_noise_floor",
]
