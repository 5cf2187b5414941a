"""Experiment: the ASR bench with the comb and gate of :mod:`voicefish.audio.comb` in front of the recognizer.

Under babble at 10 dB the talker is about 10 dB louder than the other voices together, so in voiced frames the
dominant pitch is the talker's: the comb keeps the bins near its harmonics and turns the rest down, and the gate
turns down the frames far below the loudest so far (the room between the words). Every utterance, after its noise
is mixed in (the voice check's prompts too), goes through a fresh :class:`~voicefish.audio.comb.CombFilter`; the
streamed path of the game would give exactly the same audio (its output trails the input by at most 68 ms). All other
options are the ASR bench's:

    .venv/bin/python bench/asr_harmonic.py --voices tuning --per-condition 120 --jobs 2 --streamed --voice-check 8 \
        --seed 41 --conditions clean,white10,babble20,babble10 --no-chatter

Knobs (environment variables; defaults :class:`~voicefish.audio.comb.CombSettings`): ``HARM_FLOOR``,
``HARM_WIDTH`` (bins), ``HARM_JITTER``, ``HARM_VOICING``, ``HARM_FMAX_HZ``, ``HARM_GATE_DB`` (0: no gate),
``HARM_GATE_GAIN``, ``HARM_WIN_MS``; ``HARM_CONDITIONS``: the comma-separated conditions it is applied in (default
all). ``HARM_CARRY=1``: the gate's reference is the previous utterance's level (``CombFilter.level_db``), as the game
would keep each player's level; the bench decodes each voice's utterances in a row, so only the first utterance of
each voice gets the one before's (a voice-check prompt, not scored). ``HARM_ORACLE=1`` (diagnosis only): the
utterance's own level, looked at first. The nineteenth session's first prototype (commit ed1ec2e) was non-causal:
its gate's reference was the whole utterance's 95th-percentile frame, and its pitch was smoothed over frames ahead.
"""

from __future__ import annotations

import os
import sys
from typing import Any

import asr_bench
import numpy as np
import numpy.typing as npt

from testspeech import espeak as sg
from voicefish.audio.comb import CombFilter, CombSettings

_degrade = sg.degrade

_KNOBS = {
    "HARM_FLOOR": "floor",
    "HARM_WIDTH": "width_bins",
    "HARM_JITTER": "jitter",
    "HARM_VOICING": "voicing",
    "HARM_FMAX_HZ": "fmax_hz",
    "HARM_GATE_DB": "gate_db",
    "HARM_GATE_GAIN": "gate_gain",
    "HARM_WIN_MS": "window_ms",
}


def settings() -> CombSettings:
    """The comb's settings: the defaults, with any ``HARM_*`` variable set."""
    given = {field: float(os.environ[name]) for name, field in _KNOBS.items() if name in os.environ}
    return CombSettings(**given)


def _condition_name(condition: str | sg.Condition) -> str:
    if isinstance(condition, str):
        return condition
    return next((name for name, c in sg.CONDITIONS.items() if c == condition), f"{condition.kind}{condition.snr_db}")


def degrade(audio: npt.NDArray[np.int16], condition: Any, seed: int = 0) -> npt.NDArray[np.int16]:
    noisy = _degrade(audio, condition, seed)
    only = os.environ.get("HARM_CONDITIONS", "").strip()
    if only and _condition_name(condition) not in {c.strip() for c in only.split(",")}:
        return noisy
    reference = _LAST[0] if os.environ.get("HARM_CARRY") else None
    if os.environ.get("HARM_ORACLE"):  # diagnosis: the gate's reference from the whole utterance, looked at first
        probe = CombFilter(settings())
        probe.whole(noisy)
        reference = probe.level_db
    f = CombFilter(settings(), reference_db=reference)
    out = f.whole(noisy)
    _LAST[0] = f.level_db
    return out


_LAST: list[float | None] = [None]
"""The last utterance's level (``HARM_CARRY``: the gate's reference for the next, as the speaker's earlier level)."""


if __name__ == "__main__":
    os.environ.setdefault("OMP_NUM_THREADS", "1")
    print(f"comb: {settings()}", file=sys.stderr)
    setattr(sg, "degrade", degrade)  # noqa: B010 (the bench's workers are forked from here, with this in place)
    sys.exit(asr_bench.main())
