"""Where Ctrl+P → Screenshot saves: ``~/Downloads`` where there is one, else
the data directory's ``screenshots`` folder, else the working directory."""

from __future__ import annotations

from pathlib import Path


def screenshot_dir(home: Path | None) -> Path:
    """The first of ``~/Downloads``, ``home/screenshots`` (made if need be)
    and the working directory that can take a file."""
    downloads = Path.home() / "Downloads"
    if downloads.is_dir():
        return downloads
    if home is not None:
        folder = home / "screenshots"
        try:
            folder.mkdir(parents=True, exist_ok=True)
            return folder
        except OSError:
            pass
    return Path.cwd()
