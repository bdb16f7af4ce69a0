"""Figures of xbench.py rows.

    python analyze.py rows.jsonl [rows2.jsonl]

One file: the mean over deals of (mean over the 3 seatings of our seat's
Seeger-Fabian score minus xskat's in the same seat of the reference game),
with its 95% interval (mean +- 1.96 sd / sqrt(n)); soloist % and soloist win
% (ours and xskat's in the same seats), grands, decision times (CPU and wall,
p50 / p95 / max per kind).  Also the figure as a server's table reports it
(the ISS, and SkatZero's published "42.5 against 18.5 of XSkat"): our seat's
Seeger-Fabian score per hand minus the mean of its two xskat opponents' at the
same table, which is a different and larger measure than the one above.
Two files: also the paired difference per deal (first minus second) on the
deals complete in both.
"""

from __future__ import annotations

import json
import sys
from collections import defaultdict

from skat_core.benchmarks.figures import interval, quantile


def load(path: str) -> dict[int, dict]:
    rows = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.strip():
                r = json.loads(line)
                rows[r["deal"]] = r
    return rows


def complete(rows: dict[int, dict]) -> dict[int, dict]:
    return {d: r for d, r in rows.items()
            if not r.get("disagreements") and len(r.get("seatings", [])) == 3}


def per_deal(r: dict) -> float:
    return sum(s["ours_sf"] - s["xskat_sf"] for s in r["seatings"]) / 3


def opponents(r: dict) -> float:
    """Mean over the 3 seatings of the mean score of our seat's two xskat
    opponents in the same game (the table figure's other side)."""
    return sum((sum(s["ours"]["sf"]) - s["ours_sf"]) / 2 for s in r["seatings"]) / 3


def report(path: str, rows: dict[int, dict]) -> None:
    ok = complete(rows)
    bad = sum(r.get("disagreements", 0) for r in rows.values())
    levels = sorted({str(r.get("level")) for r in rows.values()})
    print(f"{path}: level {', '.join(levels)}, {len(rows)} deals, {len(ok)} complete, "
          f"{bad} referee disagreements")
    if not ok:
        return
    diffs = [per_deal(r) for r in ok.values()]
    mean, half = interval(diffs)
    ours = [sum(s["ours_sf"] for s in r["seatings"]) / 3 for r in ok.values()]
    ref = [sum(s["xskat_sf"] for s in r["seatings"]) / 3 for r in ok.values()]
    print(f"  SF per deal and seat: ours {sum(ours) / len(ours):+.2f}, "
          f"xskat in the same seat {sum(ref) / len(ref):+.2f}")
    print(f"  ours - xskat: {mean:+.2f} +- {half:.2f}  (95% CI {mean - half:+.2f} .. "
          f"{mean + half:+.2f}, n = {len(diffs)} deals)")
    opp = [opponents(r) for r in ok.values()]
    tmean, thalf = interval([o - x for o, x in zip(ours, opp, strict=True)])
    alone = sum(sum(r["reference"]["sf"]) / 3 for r in ok.values()) / len(ok)
    print(f"  at the table (as a server reports it): ours {sum(ours) / len(ours):+.2f} per hand, "
          f"each xskat opponent {sum(opp) / len(opp):+.2f}; "
          f"ours - opponents {tmean:+.2f} +- {thalf:.2f}; xskat among itself "
          f"{alone:+.2f} per hand and player")
    plays = solo = won = grands = 0
    xsolo = xwon = xgrands = 0
    for r in ok.values():
        for s in r["seatings"]:
            plays += 1
            o, x = s["ours"], r["reference"]
            if o["soloist"] == s["seat"]:
                solo += 1
                won += bool(o["won"])
                grands += bool(o["grand"])
            if x["soloist"] == s["seat"]:
                xsolo += 1
                xwon += bool(x["won"])
                xgrands += bool(x["grand"])
    pct = lambda a, b: f"{100 * a / b:.1f}%" if b else "-"  # noqa: E731
    print(f"  soloist: ours {pct(solo, plays)} of {plays} seat-plays, won {pct(won, solo)}; "
          f"xskat in the same seats {pct(xsolo, plays)}, won {pct(xwon, xsolo)}")
    print(f"  grands declared: ours {grands}, xskat in the same seats {xgrands}")
    times: dict = defaultdict(lambda: {"cpu": [], "wall": []})
    for r in ok.values():
        for kind, t in r.get("times", {}).items():
            times[kind]["cpu"].extend(t["cpu"])
            times[kind]["wall"].extend(t["wall"])
    print("  decision time, ms (p50 / p95 / max; decisions with a choice):")
    for kind in ("bid", "skat", "declare", "card"):
        t = times.get(kind)
        if not t or not t["cpu"]:
            continue
        c, w = t["cpu"], t["wall"]
        print(f"    {kind:7s} CPU {quantile(c, 0.5):7.1f} / {quantile(c, 0.95):7.1f} / "
              f"{max(c):7.1f}   wall {quantile(w, 0.5):7.1f} / {quantile(w, 0.95):7.1f} / "
              f"{max(w):7.1f}   ({len(c)})")


def main(argv: list[str]) -> int:
    if not 1 <= len(argv) <= 2:
        print(__doc__, file=sys.stderr)
        return 2
    data = [load(p) for p in argv]
    for p, rows in zip(argv, data, strict=True):
        report(p, rows)
    if len(data) == 2:
        a, b = complete(data[0]), complete(data[1])
        common = sorted(set(a) & set(b))
        if not common:
            print("no common complete deals")
            return 1
        d = [per_deal(a[k]) - per_deal(b[k]) for k in common]
        mean, half = interval(d)
        print(f"paired, first - second, {len(common)} common deals: {mean:+.2f} +- {half:.2f} "
              f"(95% CI {mean - half:+.2f} .. {mean + half:+.2f})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
