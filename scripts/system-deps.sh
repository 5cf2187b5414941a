#!/usr/bin/env bash
# The system packages voicefish needs: `runtime` (what `make play` needs) or `test` (runtime + scripts/test-deps.sh).
# Nothing missing: does nothing (no root needed). Something missing: installs it with apt-get as root (or with sudo
# when it needs no password); otherwise prints the one apt-get line to run and stops.
set -euo pipefail
cd "$(dirname "$0")/.."

# Runtime: speech synthesis (espeak-ng), audio devices (PortAudio; ALSA's plugins reach PulseAudio/PipeWire on a
# desktop), and venv for the project's own environment.
RUNTIME_APT=(python3-venv espeak-ng libespeak-ng1 libportaudio2 libasound2-plugins)
# Wanted, not needed: a C compiler and Python's headers, with which the install compiles the engine (setup.py,
# mypyc; about 1.7 times as fast). When they cannot be installed, the game runs the engine as Python and says so.
COMPILER_APT=(gcc python3-dev)

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
wanted=()
for p in "${PKGS[@]}" "${COMPILER_APT[@]}"; do
  if [ "$p" = python3-venv ] && python3 -c 'import ensurepip, venv' >/dev/null 2>&1; then
    continue  # venv works without the Debian package (e.g. a pyenv or python.org build)
  fi
  if [ "$p" = python3-dev ] && python3 -c 'import os, sysconfig; assert os.path.exists(os.path.join(sysconfig.get_paths()["include"], "Python.h"))' >/dev/null 2>&1; then
    continue  # this python3 has its headers (e.g. a pyenv or python.org build)
  fi
  if [ "$p" = gcc ] && command -v cc >/dev/null 2>&1; then
    continue  # a C compiler is there
  fi
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    if [[ " ${COMPILER_APT[*]} " == *" $p "* ]]; then wanted+=("$p"); else missing+=("$p"); fi
  fi
done
[ ${#missing[@]} -eq 0 ] && [ ${#wanted[@]} -eq 0 ] && exit 0

# Only the compiler is missing and cannot be installed here: go on without it.
without_compiler() {
  echo "voicefish: no C compiler ($*); the engine will run as Python, slower. To compile it:" >&2
  echo "  sudo apt-get install -y --no-install-recommends ${wanted[*]}   (then: make play)" >&2
  exit 0
}
missing+=("${wanted[@]}")

line="apt-get install -y --no-install-recommends ${missing[*]}"
only_wanted=$([ ${#missing[@]} -eq ${#wanted[@]} ] && echo yes || echo no)
if ! command -v apt-get >/dev/null 2>&1; then
  [ "$only_wanted" = yes ] && without_compiler "not a Debian/Ubuntu machine"
  echo "voicefish: this is not a Debian/Ubuntu machine; please install the equivalents of: ${missing[*]}" >&2
  exit 1
fi
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1 && sudo -n true >/dev/null 2>&1; then
    SUDO="sudo -n"
  else
    [ "$only_wanted" = yes ] && without_compiler "not root"
    echo "voicefish: some system packages are missing ($profile); install them with:" >&2
    echo "  sudo $line" >&2
    exit 1
  fi
fi
echo "voicefish: installing system packages: ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
if ! $SUDO $line -qq; then
  [ "$only_wanted" = yes ] && without_compiler "apt-get failed"
  echo "voicefish: could not install ${missing[*]}; please run: sudo $line" >&2
  exit 1
fi
