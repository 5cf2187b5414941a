#!/usr/bin/env bash
# The system packages voicefish needs: `runtime` (what `make play` needs) or `test` (runtime + scripts/test-deps.sh).
# Nothing missing: does nothing (no root needed). Something missing: installs it with apt-get as root (or with sudo
# when it needs no password); otherwise prints the one apt-get line to run and stops.
set -euo pipefail
cd "$(dirname "$0")/.."

# Runtime: speech synthesis (espeak-ng), audio devices (PortAudio; ALSA's plugins reach PulseAudio/PipeWire on a
# desktop), venv for the project's own environment, and a C compiler with Python's headers (the install compiles
# the engine with mypyc: setup.py).
RUNTIME_APT=(python3-venv espeak-ng libespeak-ng1 libportaudio2 libasound2-plugins gcc python3-dev)

profile="${1:-runtime}"
case "$profile" in
  runtime) PKGS=("${RUNTIME_APT[@]}") ;;
  test)
    # shellcheck source=scripts/test-deps.sh
    source scripts/test-deps.sh
    PKGS=("${RUNTIME_APT[@]}" "${TEST_APT[@]}")
    ;;
  *) echo "usage: $0 [runtime|test]" >&2; exit 2 ;;
esac

missing=()
for p in "${PKGS[@]}"; do
  if [ "$p" = python3-venv ] && python3 -c 'import ensurepip, venv' >/dev/null 2>&1; then
    continue  # venv works without the Debian package (e.g. a pyenv or python.org build)
  fi
  if [ "$p" = python3-dev ] && python3 -c 'import os, sysconfig; assert os.path.exists(os.path.join(sysconfig.get_paths()["include"], "Python.h"))' >/dev/null 2>&1; then
    continue  # this python3 has its headers (e.g. a pyenv or python.org build)
  fi
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

line="apt-get install -y --no-install-recommends ${missing[*]}"
if ! command -v apt-get >/dev/null 2>&1; then
  echo "voicefish: this is not a Debian/Ubuntu machine; please install the equivalents of: ${missing[*]}" >&2
  exit 1
fi
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1 && sudo -n true >/dev/null 2>&1; then
    SUDO="sudo -n"
  else
    echo "voicefish: some system packages are missing ($profile); install them with:" >&2
    echo "  sudo $line" >&2
    exit 1
  fi
fi
echo "voicefish: installing system packages: ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
if ! $SUDO $line -qq; then
  echo "voicefish: could not install ${missing[*]}; please run: sudo $line" >&2
  exit 1
fi
