# Test-only system packages (Debian names): `make test` installs them, `make play` never does.
# THE place to add one (a TTS engine for test speech, a browser, test audio...); pip test-only packages go in
# pyproject.toml's [project.optional-dependencies] `test` list. Sourced by scripts/system-deps.sh.
TEST_APT=(
  chromium          # the private-page browser tests (tests/outputs)
  pulseaudio        # virtual microphone and speakers (scripts/with-virtual-audio.sh)
  pulseaudio-utils  # pactl, paplay for those
  flite             # realistic test speech (testspeech/): voices kal16, slt, rms, awb
  festival          # realistic test speech: festival's voices below
  festvox-us-slt-hts
  festvox-kallpc16k
  festvox-kdlpc16k
  festvox-itapc16k  # Italian test speech (testspeech.languages): male diphone voice pc
  festvox-italp16k  # Italian test speech: female diphone voice lp
  pocketsphinx-testdata  # real human recordings with transcripts (testspeech.real)
)
