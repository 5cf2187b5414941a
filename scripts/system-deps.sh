#!/usr/bin/env bash
# Installs the system packages voicefish needs, with apt when it can; otherwise says exactly what to install.
set -euo pipefail

PKGS=(python3-venv espeak-ng libespeak-ng1 sox libportaudio2 pulseaudio pulseaudio-utils libasound2-plugins alsa-utils chromium)

missing=()
for p in "${PKGS[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
# python3 -m venv may work without the Debian package (e.g. pyenv builds); only require it when venv is broken.
if python3 -c 'import ensurepip, venv' >/dev/null 2>&1; then
  missing=("${missing[@]/python3-venv}")
fi
want=()
for p in "${missing[@]}"; do [ -n "$p" ] && want+=("$p"); done
[ ${#want[@]} -eq 0 ] && exit 0

if ! command -v apt-get >/dev/null 2>&1; then
  echo "voicefish: this is not a Debian/Ubuntu machine; please install the equivalents of: ${want[*]}" >&2
  exit 1
fi
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then SUDO="sudo"; else
    echo "voicefish: please run as root: apt-get install -y --no-install-recommends ${want[*]}" >&2
    exit 1
  fi
fi
echo "voicefish: installing system packages: ${want[*]}"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
if ! $SUDO apt-get install -y -qq --no-install-recommends "${want[@]}"; then
  echo "voicefish: could not install ${want[*]} with apt-get; please install them and run this again" >&2
  exit 1
fi
