"""Tests of the screens and private channels (a package, so its conftest and helpers have their own names)."""
