"""The ``skat`` command.

Every subcommand is a thin shell over a function in the package that owns the
work, imported when the subcommand runs so that ``skat --version`` and
``skat check`` start fast and never load the UI.
"""

from __future__ import annotations

import sys

import click

from skat_core import __version__


@click.group(invoke_without_command=True)
@click.version_option(__version__, prog_name="skat")
@click.pass_context
def main(ctx: click.Context) -> None:
    """Skat by the official rules (ISkO), in your terminal.

    With no command, opens the game.
    """
    if ctx.invoked_subcommand is None:
        from skat_tui.app import run_app

        run_app()


def _check_deals(ctx: click.Context, param: click.Parameter, value: int | None) -> int | None:
    if value is not None and (value < 3 or value % 3):
        raise click.BadParameter(
            f"{value} is not a positive multiple of 3 (everyone deals equally often)"
        )
    return value


@main.command()
@click.option("--seed", default=None, metavar="SEED",
              help="Shuffle seed: the same seed deals the same cards.")
@click.option("--deals", type=int, default=None, callback=_check_deals, metavar="N",
              help="Deals in the match, a multiple of 3 (default: settings, 9).")
@click.option("--level", type=click.Choice(["easy", "normal", "strong"]), default=None,
              help="Level of both bots (default: settings, normal).")
@click.option("--scoring", type=click.Choice(["sf", "standard"]), default=None,
              help="Seeger-Fabian (sf) or standard list (default: settings, sf).")
def play(seed: str | None, deals: int | None, level: str | None, scoring: str | None) -> None:
    """Play a match against two bots."""
    from skat_tui.app import run_app

    run_app(seed=seed, deals=deals, level=level, scoring=scoring)


@main.command()
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=False))
def check(files: tuple[str, ...]) -> None:
    """Replay game records (JSON or ISS) through the engine; one JSON line per game."""
    from skat_core.records.check import check_files

    sys.exit(check_files(list(files), sys.stdout))


@main.group()
def bench() -> None:
    """Benchmarks that print figures."""


@bench.command("engine")
@click.option("--deals", default=20000, show_default=True, help="Random deals to play.")
@click.option("--seed", default=1, show_default=True)
def bench_engine(deals: int, seed: int) -> None:
    """Random legal full deals through the public API: deals per second."""
    from skat_core.bench import bench_engine as run

    sys.exit(run(deals, seed))


@bench.command("solver")
@click.option("--file", "path", default=None, help="Positions file (default: full_game.txt).")
def bench_solver(path: str | None) -> None:
    """Solve every full-game position of the DDS data and time it."""
    from skat_core.bench_solver import run

    sys.exit(run(path))


@bench.command("bots")
@click.option("--deals", default=360, show_default=True)
@click.option("--a", "level_a", default="strong", show_default=True)
@click.option("--b", "level_b", default="normal", show_default=True)
@click.option("--seed", default="bench", show_default=True)
def bench_bots(deals: int, level_a: str, level_b: str, seed: str) -> None:
    """A duplicate match between two bot levels: points per deal with 95% CI."""
    from skat_core.bench_bots import run

    sys.exit(run(deals, level_a, level_b, seed))

from skat_tui.cli_data import register  # noqa: E402  (history, scores, export)

register(main)
