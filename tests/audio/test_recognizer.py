"""The recognizer interface's shared parts."""

from __future__ import annotations

import numpy as np
import pytest

from voicefish.audio.recognizer import check_audio


def test_check_audio_accepts_and_rejects_shapes() -> None:
    assert check_audio(np.zeros((10, 1), dtype=np.int16)).shape == (10,)
    assert check_audio(np.array([0.5, -0.5])).tolist() == [16384, -16384]
    with pytest.raises(ValueError, match="mono"):
        check_audio(np.zeros((10, 2), dtype=np.int16))
    with pytest.raises(ValueError, match="int16"):
        check_audio(np.array(["a"]))
