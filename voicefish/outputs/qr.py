"""QR codes for the private links: one printed in the terminal, one drawn on the table page (SVG, inline)."""

from __future__ import annotations

import io

import segno

__all__ = ["qr_svg_data_uri", "qr_terminal"]


def qr_terminal(url: str) -> str:
    """``url`` as a QR code made of block characters (two rows per line), ready to print."""
    out = io.StringIO()
    segno.make(url, error="m").terminal(out=out, compact=True, border=2)
    return out.getvalue()


def qr_svg_data_uri(url: str) -> str:
    """``url`` as a black-on-white SVG QR code in a ``data:`` URI (no file, no network)."""
    uri: str = segno.make(url, error="m").svg_data_uri(scale=6, border=2, dark="#000", light="#fff")
    return uri
