"""Reading a file someone else may have made: only a regular file, and only
up to a size limit, so that a FIFO, a device or a huge file cannot hang the
reader or fill the memory.

>>> read_text_file("/dev/null")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
skat_core.records.files.FileRefused: /dev/null: not a regular file ...
"""

from __future__ import annotations

import errno
import os
import stat
from collections.abc import Mapping
from pathlib import Path

from ..errors import Param, SkatError

MAX_FILE_BYTES = 32 * 1024 * 1024
"""Bytes a record file (or a saved match) may have at most: 32 MiB."""


class FileRefused(SkatError):
    """A file that cannot be read, or is refused (not a regular file, too
    large, not UTF-8); the message names the file and says why."""

    def __init__(self, path: str | os.PathLike[str], reason: str,
                 params: Mapping[str, Param] | None = None) -> None:
        name = os.fspath(path)
        if len(name) > 200:
            name = f"{name[:60]}… ({len(name):,} characters)"
        self.template = reason
        self.params: dict[str, Param] = dict(params) if params else {}
        self.reason = reason.format(**self.params) if params else reason
        super().__init__(f"{name}: {self.reason}")
        self.path = os.fspath(path)
        self.shown_path = name


def os_reason(e: OSError) -> str:
    """A short text for an OSError (``File name too long``)."""
    if e.errno == errno.ENAMETOOLONG:
        return "the file name is too long"
    return e.strerror or str(e)


def open_regular(path: str | os.PathLike[str]) -> int:
    """An open descriptor of ``path`` for reading, refused unless it is a
    regular file.  Opened without blocking (a FIFO with no writer would wait
    forever otherwise), then checked on the open file itself."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    try:
        fd = os.open(path, flags)
    except IsADirectoryError:
        raise FileRefused(path, "a directory, not a file") from None
    except OSError as e:
        raise FileRefused(path, "cannot read the file: {error}", {"error": os_reason(e)}) from None
    try:
        mode = os.fstat(fd).st_mode
        if stat.S_ISDIR(mode):
            raise FileRefused(path, "a directory, not a file")
        if not stat.S_ISREG(mode):
            raise FileRefused(path, "not a regular file (a device, a pipe or a socket: "
                              "not read)")
        if hasattr(os, "set_blocking"):
            os.set_blocking(fd, True)
    except BaseException:
        os.close(fd)
        raise
    return fd


def read_file(path: str | os.PathLike[str], max_bytes: int = MAX_FILE_BYTES) -> bytes:
    """The bytes of a regular file of at most ``max_bytes``; :class:`FileRefused`
    otherwise."""
    fd = open_regular(path)
    try:
        with os.fdopen(fd, "rb") as f:
            data = f.read(max_bytes + 1)
    except OSError as e:
        raise FileRefused(path, "cannot read the file: {error}", {"error": os_reason(e)}) from None
    if len(data) > max_bytes:
        raise FileRefused(path, "larger than {size} MiB, the most this program reads (split "
                          "it into smaller files)", {"size": max_bytes // (1024 * 1024)})
    return data


def read_text_file(path: str | os.PathLike[str], max_bytes: int = MAX_FILE_BYTES) -> str:
    """:func:`read_file` decoded as UTF-8 (a leading byte-order mark dropped);
    :class:`FileRefused` naming the line for bytes that are not UTF-8."""
    data = read_file(path, max_bytes)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        line = data[: e.start].count(b"\n") + 1
        raise FileRefused(path, "line {line}: not UTF-8 text (byte {byte})",
                          {"line": line, "byte": e.start}) from None
    return text.removeprefix("\ufeff")


def is_file_path(source: str) -> bool:
    """Whether ``source`` names something that exists (a file, a directory, a
    FIFO...): False for a name the system refuses (too long, a NUL)."""
    try:
        return Path(source).exists()
    except (OSError, ValueError):
        return False


__all__ = ["MAX_FILE_BYTES", "FileRefused", "is_file_path", "open_regular", "os_reason",
           "read_file", "read_text_file"]
