#!/usr/bin/env bash
# Runs a command with a virtual microphone and speaker (PulseAudio null sink + virtual source) when
# PulseAudio is installed, so audio tests hear real, clocked audio on a machine with no sound card.
set -uo pipefail
if ! command -v pulseaudio >/dev/null 2>&1; then
  exec "$@"
fi
unset PULSE_SERVER PULSE_SINK PULSE_SOURCE  # our private daemon, whatever the caller's environment says
created_dir=""
if [ -z "${VOICEFISH_PULSE_DIR:-}" ]; then
  VOICEFISH_PULSE_DIR="$(mktemp -d /tmp/voicefish-pulse.XXXXXX)"
  created_dir="$VOICEFISH_PULSE_DIR"
fi
export VOICEFISH_PULSE_DIR
export XDG_RUNTIME_DIR="$VOICEFISH_PULSE_DIR/run"
export PULSE_RUNTIME_PATH="$XDG_RUNTIME_DIR/pulse"
mkdir -p "$XDG_RUNTIME_DIR" && chmod 700 "$XDG_RUNTIME_DIR"
cat > "$VOICEFISH_PULSE_DIR/default.pa" <<'PA'
load-module module-native-protocol-unix
load-module module-null-sink sink_name=vspk rate=16000 channels=1
load-module module-null-sink sink_name=vspk2 rate=16000 channels=1
load-module module-virtual-source source_name=vmic master=vspk.monitor
set-default-sink vspk
set-default-source vmic
PA
HOME_SAVED="$HOME"
export HOME="$VOICEFISH_PULSE_DIR"
started=0
if pulseaudio -n -F "$VOICEFISH_PULSE_DIR/default.pa" --daemonize=yes --exit-idle-time=-1 --system=false >/dev/null 2>&1 \
  && pactl info >/dev/null 2>&1; then
  started=1
else
  echo "with-virtual-audio: pulseaudio did not start; audio-device tests will be skipped" >&2
fi
# A null sink's latency is dynamic: with no client it sleeps in 2-second blocks, and a new stream waits for
# the current block to end (measured: +2 s on every playback, paplay included). A silent low-latency
# stream on each sink keeps it awake in small blocks, so playback and the monitor run in real time.
# Mixing in zeros leaves the other streams bit-exact.
keepers=()
if [ "$started" = 1 ] && command -v pacat >/dev/null 2>&1; then
  for sink in vspk vspk2; do
    pacat --playback --device="$sink" --latency-msec=20 --rate=16000 --channels=1 --format=s16le --raw \
      /dev/zero >/dev/null 2>&1 &
    keepers+=($!)
  done
  sleep 0.3
fi
[ "$started" = 1 ] && export VOICEFISH_VIRTUAL_AUDIO=1
export HOME="$HOME_SAVED"
"$@"
rc=$?
for pid in "${keepers[@]}"; do kill "$pid" 2>/dev/null || true; done
HOME="$VOICEFISH_PULSE_DIR" pulseaudio --kill >/dev/null 2>&1 || true
[ -n "$created_dir" ] && rm -rf "$created_dir"
exit $rc
