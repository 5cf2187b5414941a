"""The terminal reveal, driven by a scripted keyboard that checks what was on screen at each key press."""

from __future__ import annotations

import io

from voicefish.outputs.channels import Message, Outputs
from voicefish.outputs.terminal import CURSOR_UP_AND_CLEAR, RevealSink
from voicefish.table import phrasebook as en


class Keyboard(io.StringIO):
    """Presses Enter when asked; records what the screen showed just before each press."""

    def __init__(self, screen: io.StringIO, presses: int) -> None:
        super().__init__()
        self.screen = screen
        self.presses = presses
        self.seen_at_press: list[str] = []

    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
        self.seen_at_press.append(self.screen.getvalue())
        if self.presses <= 0:
            return ""  # the keyboard is closed
        self.presses -= 1
        return "\n"


def test_private_text_appears_only_after_enter_and_is_erased_after_the_second() -> None:
    screen = io.StringIO()
    keys = Keyboard(screen, presses=2)
    sink = RevealSink("Priya", input=keys, output=screen, width=80, words=en)
    out = Outputs(private={0: [sink]})
    out.say(Message("You drew the seven of hearts.", audience=0, kind="draw"))
    before_first, before_second = keys.seen_at_press
    assert "Priya: press Enter to see your cards" in before_first
    assert "seven of hearts" not in before_first  # nothing shown before the first Enter
    assert "seven of hearts" in before_second and "press Enter to hide" in before_second
    shown = screen.getvalue()
    # after the second Enter: cursor up over the prompt line and the two shown lines, then clear
    assert shown.endswith(CURSOR_UP_AND_CLEAR.format(n=3))
    assert sink.pending == []


def test_erase_counts_wrapped_lines() -> None:
    screen = io.StringIO()
    sink = RevealSink("Priya", input=Keyboard(screen, 2), output=screen, width=20, words=en)
    text = "Your cards: " + ", ".join(["the queen of hearts"] * 3) + "."  # 69 characters, 2 spaces indent
    sink.deliver(Message(text, audience=0))
    prompt_rows = -(-len("Priya: press Enter to see your cards (everyone else, look away) ") // 20)
    text_rows = -(-(len(text) + 2) // 20)
    hide_rows = -(-len("Priya: press Enter to hide ") // 20)
    assert screen.getvalue().endswith(CURSOR_UP_AND_CLEAR.format(n=prompt_rows + text_rows + hide_rows))


def test_a_closed_keyboard_shows_nothing_and_keeps_the_message() -> None:
    screen = io.StringIO()
    sink = RevealSink("Priya", input=Keyboard(screen, presses=0), output=screen, width=80, words=en)
    sink.deliver(Message("You drew the seven of hearts.", audience=0))
    assert "seven of hearts" not in screen.getvalue()
    assert "kept for later" in screen.getvalue()
    assert sink.pending == ["You drew the seven of hearts."]
    # when a keyboard is back, both the kept and the new message are shown together, then erased
    screen2 = io.StringIO()
    keys = Keyboard(screen2, presses=2)
    sink._input, sink._output = keys, screen2
    sink.deliver(Message("You got two jacks.", audience=0))
    assert "seven of hearts" in keys.seen_at_press[1] and "two jacks" in keys.seen_at_press[1]
    assert screen2.getvalue().endswith(CURSOR_UP_AND_CLEAR.format(n=4))
    assert sink.pending == []
