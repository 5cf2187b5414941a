"""Fixtures for the screen tests: a real headless Chromium (Debian's), driven by Playwright."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts" / "screenshots"


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    if not os.path.exists(CHROMIUM):
        pytest.skip(f"browser tests need Debian's chromium at {CHROMIUM} (scripts/system-deps.sh installs it)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.skip("browser tests need the playwright package (pip install -e '.[dev]')")
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield b
        finally:
            b.close()


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS
