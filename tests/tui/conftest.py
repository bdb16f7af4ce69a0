"""Fixtures for the app's tests; the helpers are in :mod:`tui.helpers`."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def _no_user_config(tmp_path: Path) -> Iterator[None]:
    """Never read or write the real settings of whoever runs the tests."""
    old = os.environ.get("SKAT_CONFIG_DIR")
    os.environ["SKAT_CONFIG_DIR"] = str(tmp_path / "config")
    yield
    if old is None:
        del os.environ["SKAT_CONFIG_DIR"]
    else:
        os.environ["SKAT_CONFIG_DIR"] = old
