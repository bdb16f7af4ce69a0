"""A hostile corpus: game records, saves and other files crafted as an
attacker would, to be read by every entry point that reads a file.

``write_corpus(dir)`` writes it; ``python tests/hostile.py DIR`` too (the
small files of ``tests/data/hostile/`` were made so).  Each broken file is
listed in :data:`BROKEN` with what its one-line error must name.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
DEAL_GRAND = HERE / "data" / "deal_grand.json"

ISS_GOOD = (
    "(;GM[Skat]PC[International Skat Server]CO[]SE[24072]ID[541932]DT[2010-12-06/18:59:24/UTC]"
    "P0[zoot]P1[kermit]P2[foo]R0[]R1[]R2[0.0]MV[w HA.SK.SJ.SA.CQ.S8.C9.H7.H9.DQ.CJ.S9.DJ.S7.D9."
    "SQ.C8.HQ.DK.CA.D8.D7.DT.CT.ST.C7.HK.DA.HT.HJ.H8.CK 1 p 2 18 0 p 2 s w H8.CK 2 D.ST.H8 0 SA "
    "1 S7 2 DA 2 HJ 0 SJ 1 D9 0 DQ 1 DJ 2 D7 1 CJ 2 D8 0 CQ 1 CA 2 C7 0 C9 1 S9 2 DT 0 S8 2 CT 0 "
    "H7 1 C8 2 CK 0 H9 1 HQ 2 HK 0 HA 1 SQ 0 SK 1 DK 2 HT ]R[d:2 loss v:-54 m:-2 bidok p:59 t:4 "
    "s:0 z:0 p0:0 p1:0 p2:0 l:-1 to:-1 r:0] ;)"
)
"""A real ISS record (the first of shared/data/iss_records.sgf)."""

HOSTILE_TEXTS = (
    "[/]",
    "[/bold]",
    "[link=file:///etc/passwd]x[/link]",
    "[@click=app.quit]x[/]",
    "\x1b[2J\x1b[H",
    "\x1b]52;c;aGFja2Vk\x07",
    "\u202eevil\u202c",
    "zero\u200bwidth\u2066",
    "nul\x00byte",
    "back\\slash",
    "close]bracket",
    "N" * 5000,
)
"""Markup, terminal controls, bidi and zero-width characters, NUL, escapes
and a long name: text that must be shown literally and never crash."""


def iss_escape(text: str) -> str:
    return text.replace("\\", "\\\\").replace("]", "\\]")


def iss_with(**props: str) -> str:
    """The good ISS line with some properties replaced (values escaped)."""
    line = ISS_GOOD
    for key, value in props.items():
        start = line.index(f"{key}[")
        end = start + len(key) + 1
        depth_end = line.index("]", end)
        line = line[:start] + f"{key}[{iss_escape(value)}]" + line[depth_end + 1:]
    return line


def good_record() -> dict[str, object]:
    record: dict[str, object] = json.loads(DEAL_GRAND.read_text(encoding="utf-8"))
    return record


def json_text(value: object) -> str:
    return json.dumps(value, ensure_ascii=False)


def _markup_record() -> str:
    rec = good_record()
    rec["players"] = list(HOSTILE_TEXTS[:3])
    rec["id"] = HOSTILE_TEXTS[3]
    rec["meta"] = {f"k{i}": t for i, t in enumerate(HOSTILE_TEXTS)}
    return json_text(rec)


def _big_int_record() -> str:
    text = json.dumps(good_record(), indent=1)
    return text.replace('"value": 18', '"value": ' + "9" * 5000, 1)


def _surrogate_record() -> str:
    text = json.dumps(good_record(), indent=1)
    return text.replace('"id": "grand-40"', '"id": "bad\\ud800id"', 1)


def _deep_meta_record() -> str:
    text = json.dumps(good_record(), indent=1)
    deep = "[" * 3000 + "]" * 3000
    return text.replace('"players"', '"meta": {"x": ' + deep + '},\n "players"', 1)


def _nan_record() -> str:
    text = json.dumps(good_record(), indent=1)
    return text.replace('"version": 1', '"version": NaN', 1)


def _iss_long_name() -> str:
    return iss_with(P0="x" * 200_000)


def _iss_huge_bid() -> str:
    return ISS_GOOD.replace(" 2 18 0 p", " 2 " + "9" * 5000 + " 0 p", 1)


def _iss_unicode_digit_bid() -> str:
    return ISS_GOOD.replace(" 2 18 0 p", " 2 \u0661\u0668 0 p", 1)


GOOD: dict[str, str] = {
    "iss_markup_names.sgf": "\n".join(
        iss_with(P0=t, P1="b", P2="c", ID=f"m{i}", DT=t, PC=t) for i, t in enumerate(HOSTILE_TEXTS)
    ) + "\n",
    "json_markup_names.json": _markup_record() + "\n",
}
"""Files that are good records with hostile text: read, every game replayed."""

BROKEN: dict[str, tuple[str, tuple[str, ...]]] = {
    # name: (content, what the error must say, besides the file's name)
    "json_deep.json": ("[" * 3000 + "]" * 3000 + "\n", ("line 1", "nested")),
    "json_deep_meta.json": (_deep_meta_record(), ("line 5", "nested")),
    "json_deep_lines.jsonl": (json_text(good_record()) + "\n" + "{\"a\":" + "[" * 3000 + "\n",
                              ("line 2",)),
    "json_big_int.json": (_big_int_record(), ("line", "5000 digits")),
    "json_big_version.json": ('{"format": "skat-record", "version": ' + "1" * 5000 + "}\n",
                              ("line 1", "5000 digits")),
    "json_nan.json": (_nan_record(), ("line 3", "NaN")),
    "json_truncated.json": (json.dumps(good_record(), indent=1)[:400], ("line", "not valid JSON")),
    "json_nul.json": (json_text(good_record()).replace('"Ann"', '"A\x00nn"'),
                      ("line 1", "not valid JSON")),
    "json_bad_utf8.json": ("", ("line 1", "not UTF-8")),  # bytes written below
    "iss_truncated.sgf": (ISS_GOOD[: len(ISS_GOOD) // 2] + "\n", ("line 1",)),
    "iss_nul.sgf": (ISS_GOOD.replace("MV[w HA", "MV[w \x00HA") + "\n", ("line 1", "MV[0]")),
    "iss_huge_bid.sgf": (_iss_huge_bid() + "\n", ("line 1", "MV[2]", "5000 digits")),
    "iss_unicode_bid.sgf": (_iss_unicode_digit_bid() + "\n", ("line 1", "MV[2]")),
    "iss_long_line.sgf": ("# a name of 200,000 characters\n" + _iss_long_name() + "\n",
                          ("line 2", "characters")),
    "iss_unclosed.sgf": ("(;GM[Skat]P0[" + "\\" * 3 + "\n", ("line 1",)),
}
"""Files that cannot be read: each must give one line naming the file and
the line (and field where there is one); the texts are checked."""

BAD_UTF8 = b'{"format": "skat-record", "id": "\xff\xfe"}\n'


def write_corpus(directory: Path, *, large: bool = True) -> list[Path]:
    """Write every file of the corpus into ``directory``; returns the paths.
    ``large=False`` leaves out the files over 100 KB."""
    directory.mkdir(parents=True, exist_ok=True)
    paths = []
    for name, text in GOOD.items():
        paths.append(directory / name)
        paths[-1].write_text(text, encoding="utf-8", errors="surrogatepass")
    for name, (text, _) in BROKEN.items():
        if not large and len(text) > 100_000:
            continue
        path = directory / name
        if name == "json_bad_utf8.json":
            path.write_bytes(BAD_UTF8)
        else:
            path.write_text(text, encoding="utf-8")
        paths.append(path)
    return paths


if __name__ == "__main__":
    for p in write_corpus(Path(sys.argv[1]), large=False):
        print(p)
