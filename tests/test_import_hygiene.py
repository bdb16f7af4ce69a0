"""The headless core never loads the UI: importing every module of skat_core
leaves textual and rich (and skat_tui) out of sys.modules.

Run in a fresh interpreter, because the test session itself may have loaded
them for other tests.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import skat_core

SCRIPT = """
import importlib, pkgutil, sys
import skat_core
names = ["skat_core"]
for info in pkgutil.walk_packages(skat_core.__path__, "skat_core."):
    importlib.import_module(info.name)
    names.append(info.name)
ui = sorted(m for m in sys.modules if m.split(".")[0] in ("textual", "rich", "skat_tui"))
assert not ui, ui
print(len(names))
for name in names:
    print(name)
"""


def test_core_imports_no_ui() -> None:
    src = str(Path(skat_core.__file__).resolve().parent.parent)
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (src, env.get("PYTHONPATH")) if p)
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT], capture_output=True, text=True, env=env, timeout=120
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.split()
    names = set(lines[1:])
    assert int(lines[0]) == len(names)
    # the engine's own modules are all there (the walk found the package)
    for module in (
        "cards", "deal", "errors", "game", "rules", "value", "views",
        "benchmarks.engine", "benchmarks.solver", "benchmarks.bots",
    ):
        assert f"skat_core.{module}" in names
