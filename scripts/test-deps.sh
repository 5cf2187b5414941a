# Test-only system packages (Debian names): `make test` installs them, `make play` never does.
# THE place to add one (a TTS engine for test speech, a browser, test audio...); pip test-only packages go in
# pyproject.toml's [project.optional-dependencies] `test` list. Sourced by scripts/system-deps.sh.
TEST_APT=(
  chromium          # the private-page browser tests (tests/screen)
  pulseaudio        # virtual microphone and speakers (scripts/with-virtual-audio.sh)
  pulseaudio-utils  # pactl, paplay for those
)
