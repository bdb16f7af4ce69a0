"""The headless core never loads the UI: importing every module of skat_core
leaves textual and rich (and skat_tui) out of sys.modules.

Run in a fresh interpreter, because the test session itself may have loaded
them for other tests.
"""

from __future__ import annotations

import ast
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


def run_fresh(script: str) -> subprocess.CompletedProcess[str]:
    """``script`` in a new interpreter, so that only what it imports is
    loaded (this process has the app and textual already), with this
    checkout's sources first on the path."""
    src = str(Path(skat_core.__file__).resolve().parent.parent)
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (src, env.get("PYTHONPATH")) if p)
    return subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, env=env, timeout=120
    )


def test_core_imports_no_ui() -> None:
    done = run_fresh(SCRIPT)
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


def _imported_modules(path: Path, package: str) -> set[str]:
    """Every module a file imports (relative imports resolved against
    ``package``), also those under ``if TYPE_CHECKING:`` or inside functions."""
    tree = ast.parse(path.read_text(), filename=str(path))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                module = ".".join([*base, *([node.module] if node.module else [])])
            else:
                module = node.module or ""
            found.add(module)
            found.update(f"{module}.{alias.name}" for alias in node.names)
    return found


APP_LAYERS = [["skat_tui", "app"], ["skat_tui", "match_start"], ["skat_tui", "navigation"]]
"""The app and the layers it is built from (match start-up, navigation)."""


def test_screens_never_import_the_app() -> None:
    """Dependencies run one way: the app knows its screens, a screen reaches
    the app only through skat_tui.messages (or the screen's own ``self.app``)."""
    import skat_tui.screens

    screens = Path(skat_tui.screens.__file__).resolve().parent
    files = sorted(screens.glob("*.py"))
    assert len(files) > 5  # the folder was found
    offenders = {
        f.name: sorted(m for m in _imported_modules(f, "skat_tui.screens")
                       if m.split(".")[:2] in APP_LAYERS)
        for f in files
    }
    assert not {name: mods for name, mods in offenders.items() if mods}


def test_relative_import_resolution_catches_the_app() -> None:
    """The check above is not blind to ``from ..app import SkatApp``."""
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        sample = Path(folder) / "sample.py"
        sample.write_text(
            "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
            "    from ..app import SkatApp\n"
        )
        assert "skat_tui.app" in _imported_modules(sample, "skat_tui.screens")
        sample.write_text("from .. import app\n")
        assert "skat_tui.app" in _imported_modules(sample, "skat_tui.screens")
        sample.write_text("from ..navigation import NavigationApp\n")
        assert "skat_tui.navigation" in _imported_modules(sample, "skat_tui.screens")
        sample.write_text("from ..messages import NewMatchRequested\n")
        assert "skat_tui.app" not in _imported_modules(sample, "skat_tui.screens")


def test_core_views_do_not_import_the_game() -> None:
    """skat_core.views sits below skat_core.game (game imports views)."""
    core = Path(skat_core.__file__).resolve().parent
    for name in ("views.py", "actions.py"):
        assert "skat_core.game" not in _imported_modules(core / name, "skat_core")


NET_SCRIPT = """
import importlib, pkgutil, sys
import skat_net
for info in pkgutil.walk_packages(skat_net.__path__, "skat_net."):
    importlib.import_module(info.name)
ui = sorted(m for m in sys.modules if m.split(".")[0] in ("textual", "rich", "skat_tui"))
assert not ui, ui
assert "skat_net.server" in sys.modules and "skat_net.client" in sys.modules
"""


def test_the_server_imports_no_ui() -> None:
    """skat_net (protocol, server, client) uses skat_core only: the server
    runs without textual, rich or the app."""
    done = run_fresh(NET_SCRIPT)
    assert done.returncode == 0, done.stderr
