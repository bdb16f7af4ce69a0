"""Check: a deal given to the driver card by card (``new``, as xbench.py
does) plays exactly as the same deal shuffled by xskat itself (``xseed``,
the path compared with Debian's binary), when xskat's move randomness starts
from the same state.  The hands are then in another order (card order vs
shuffle order), so this also shows that the order does not matter.

    python predef_check.py --seeds 1-500
"""
import argparse
import sys

import xbench


def end_of(start: str) -> tuple[str, str, str]:
    d = xbench.Driver()
    try:
        deal = d.ask(start)
        seed = d.ask("seed")
        while True:
            line = d.ask("step")
            if line.startswith("END") or line.startswith("error"):
                return deal, seed, line
    finally:
        d.close()


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seeds", default="1-500")
    args = ap.parse_args()
    bad = n = 0
    for s in xbench.parse_range(args.seeds):
        n += 1
        deal, seed, end1 = end_of(f"xseed {s} 0 {s % 3 + 1}")
        groups = deal.split()[1:]
        _, _, end2 = end_of(f"new {' '.join(groups)} xxx {seed.split()[1]}")
        if end1 != end2:
            bad += 1
            print(f"seed {s}:\n  xseed {end1}\n  new   {end2}", file=sys.stderr)
    print(f"{n} deals: new (predefined cards) vs xseed (xskat's shuffle): {bad} differ")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
