"""Speaker adaptation, kept here for its importers: it lives in :mod:`voicefish.audio.sphinx.adapt` (transforms)
and :mod:`voicefish.audio.sphinx.adapter` (their estimation)."""

from __future__ import annotations

from voicefish.audio.sphinx.adapt import (
    ADAPT_KINDS,
    FULL_SHRINK,
    OFFSET_PRIOR,
    VARIANCE_PRIOR,
    AdaptationError,
    Frames,
    NotEnoughSpeech,
    Transform,
    apply_transform,
    available,
    decoder_handle,
    read_gaussians,
    write_gaussians,
)
from voicefish.audio.sphinx.adapter import PROMPT_MARGIN, Adapter

__all__ = [
    "ADAPT_KINDS",
    "FULL_SHRINK",
    "OFFSET_PRIOR",
    "PROMPT_MARGIN",
    "VARIANCE_PRIOR",
    "AdaptationError",
    "Adapter",
    "Frames",
    "NotEnoughSpeech",
    "Transform",
    "apply_transform",
    "available",
    "decoder_handle",
    "read_gaussians",
    "write_gaussians",
]
