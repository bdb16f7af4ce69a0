"""The ``skat`` command.

Every subcommand is a thin shell over a function in the package that owns the
work, imported when the subcommand runs so that ``skat --version`` and
``skat check`` start fast and never load the UI.
"""

from __future__ import annotations

import contextlib
import sys
from typing import Any

import click

from skat_core import __version__

from .safe_text import terminal


class SkatGroup(click.Group):
    """The ``skat`` group: every error message click prints (ours, and its
    own usage errors that quote an argument) goes through
    :func:`~skat_tui.safe_text.terminal` first, so a name, path or argument
    with ESC, bidi controls or a lone surrogate never reaches the terminal
    raw."""

    def make_context(self, *args: Any, **kwargs: Any) -> click.Context:
        try:
            return super().make_context(*args, **kwargs)
        except click.ClickException as e:
            e.message = terminal(e.message)
            raise

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except click.ClickException as e:
            e.message = terminal(e.message)
            raise


@click.group(cls=SkatGroup, invoke_without_command=True)
@click.version_option(__version__, prog_name="skat")
@click.pass_context
def main(ctx: click.Context) -> None:
    """Skat by the official rules (ISkO), in your terminal.

    With no command, opens the start screen: new match, daily, hotseat,
    resume, history, scores, settings.
    """
    _safe_output()
    if ctx.invoked_subcommand is None:
        from skat_tui.app import run_app

        run_app()


def _safe_output() -> None:
    """Text from records (names, ids) may hold lone surrogates, which UTF-8
    cannot encode: standard output writes them as ``\\udc80`` (as standard
    error already does) instead of failing with UnicodeEncodeError."""
    reconfigure = getattr(sys.stdout, "reconfigure", None)
    if reconfigure is not None:
        with contextlib.suppress(ValueError, OSError):  # a stream that cannot change
            reconfigure(errors="backslashreplace")


def _run(start: str, **options: Any) -> None:
    """Open the app at ``start``; a short message and exit status 1 instead
    while another skat plays the saved match (its save is left alone)."""
    from skat_tui.app import ELSEWHERE, NothingToResume, run_app
    from skat_tui.storage import MatchInUse

    try:
        run_app(start, **options)
    except MatchInUse as e:
        raise click.ClickException(f"{e}. {ELSEWHERE} (`skat` alone can start a match "
                                   "that is not saved.)") from None
    except NothingToResume as e:
        raise click.ClickException(str(e)) from None


def _check_deals(ctx: click.Context, param: click.Parameter, value: int | None) -> int | None:
    if value is not None and (value < 3 or value % 3):
        raise click.BadParameter(
            f"{value} is not a positive multiple of 3 (everyone deals equally often)"
        )
    return value


def _check_seed(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    """A seed word, normalised (``daily`` is today's daily, UTC)."""
    if value is None:
        return None
    from skat_core.seeds import parse_seed

    try:
        return parse_seed(value).seed
    except ValueError as e:
        raise click.BadParameter(str(e)) from None


seed_option = click.option(
    "--seed", default=None, metavar="SEED", callback=_check_seed,
    help="Shuffle seed: the same word deals the same cards to everyone "
         "('daily' is today's daily).",
)
deals_option = click.option(
    "--deals", type=int, default=None, callback=_check_deals, metavar="N",
    help="Deals in the match, a multiple of 3 (default: settings, 9).",
)
scoring_option = click.option(
    "--scoring", type=click.Choice(["sf", "standard"]), default=None,
    help="Seeger-Fabian (sf) or standard list (default: settings, sf).",
)
rules_option = click.option(
    "--rules", type=click.Choice(["tournament", "pub"]), default=None,
    help="Rule set: tournament (ISkO) or pub (Kontra/Re, Ramsch, Bock rounds; "
         "docs/rules.md) (default: settings, tournament).",
)


@main.command()
@seed_option
@deals_option
@click.option("--level", type=click.Choice(["easy", "normal", "strong"]), default=None,
              help="Level of both bots (default: settings, normal).")
@scoring_option
@rules_option
def play(seed: str | None, deals: int | None, level: str | None, scoring: str | None,
         rules: str | None) -> None:
    """Play a match against two bots at once."""
    # --rules only when given, so the options passed on stay as before without it.
    _run("match", seed=seed, deals=deals, level=level, scoring=scoring,
         **({"rules": rules} if rules else {}))


@main.command()
@click.option("--players", default=None, metavar='"A,B,C"',
              help="Three names in table order; NAME:LEVEL makes a bot "
                   "(random, easy, normal, strong). Without it, a dialog asks.")
@seed_option
@deals_option
@scoring_option
@rules_option
def hotseat(players: str | None, seed: str | None, deals: int | None,
            scoring: str | None, rules: str | None) -> None:
    """A match for people sharing one keyboard: each sees only their own cards.

    Example: skat hotseat --players "Anna,Ben,Cem" (or "Anna,Ben,Rolf:easy").
    """
    from skat_tui.screens.newmatch import parse_players

    specs = None
    if players is not None:
        try:
            specs = parse_players(players)
        except ValueError as e:
            raise click.BadParameter(str(e), param_hint="'--players'") from None
    _run("hotseat", seed=seed, deals=deals, scoring=scoring, players=specs,
         **({"rules": rules} if rules else {}))


@main.command()
def resume() -> None:
    """Continue the unfinished match where it was left (saved after every card)."""
    _run("resume")


@main.command()
def daily() -> None:
    """Today's daily: 9 deals, the same for everybody (UTC date); the first
    attempt of the day is scored, later ones are practice."""
    _run("daily")


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
    from skat_core.benchmarks.engine import bench_engine as run

    sys.exit(run(deals, seed))


@bench.command("solver")
@click.option(
    "--file", "path", default=None,
    help="Positions file (default: tests/data/reference/dds/full_game.txt).",
)
def bench_solver(path: str | None) -> None:
    """Solve every full-game position of the DDS data and time it."""
    from skat_core.benchmarks.solver import run

    sys.exit(run(path))


@bench.command("bots")
@click.option("--deals", default=360, show_default=True)
@click.option("--a", "level_a", default="strong", show_default=True)
@click.option("--b", "level_b", default="normal", show_default=True)
@click.option("--seed", default="bench", show_default=True)
def bench_bots(deals: int, level_a: str, level_b: str, seed: str) -> None:
    """A duplicate match between two bot levels: points per deal with 95% CI."""
    from skat_core.benchmarks.bots import run

    sys.exit(run(deals, level_a, level_b, seed))

@bench.command("cards")
@click.option("--deals", default=150, show_default=True, help="Deals the positions come from.")
@click.option("--levels", default="easy,normal,strong", show_default=True,
              help="Comma-separated bot levels to score.")
@click.option("--seed", default="cards", show_default=True)
@click.option("--cache", default=None, help="File keeping the solved positions between runs.")
@click.option("--players", default="easy", show_default=True,
              help="Bot level that plays the games the positions come from.")
def bench_cards(deals: int, levels: str, seed: str, cache: str | None, players: str) -> None:
    """Card-play loss per decision against the open-card best card, per level."""
    from skat_core.benchmarks.cardplay import run

    sys.exit(run(deals, [x.strip() for x in levels.split(",") if x.strip()], seed, cache,
                 players))


@bench.command("ramsch")
@click.option("--deals", default=2000, show_default=True)
@click.option("--seed", default="ramsch", show_default=True)
def bench_ramsch(deals: int, seed: str) -> None:
    """The bots' Ramsch play against random play: card points and score saved."""
    from skat_core.benchmarks.ramsch import run

    sys.exit(run(deals, seed))


@bench.command("house")
@click.option("--deals", default=600, show_default=True)
@click.option("--level", default="easy", show_default=True,
              type=click.Choice(["easy", "normal", "strong"]), help="Bot level of all seats.")
@click.option("--rules", "rules_name", default="pub", show_default=True,
              type=click.Choice(["tournament", "pub"]))
@click.option("--seed", default="house", show_default=True)
def bench_house(deals: int, level: str, rules_name: str, seed: str) -> None:
    """Bidding for the house rules against tournament bidding: points per deal, 95% CI."""
    from skat_core.benchmarks.house import run

    sys.exit(run(deals, level, rules_name, seed))


@bench.command("memory")
@click.option("--deals", default=100, show_default=True, help="Deals to play.")
@click.option("--level", default="random", show_default=True,
              type=click.Choice(["random", "easy", "normal", "strong"]), help="Bot level.")
@click.option("--warm", default=10, show_default=True, help="Deals before the growth counts.")
def bench_memory(deals: int, level: str, warm: int) -> None:
    """An all-bot hotseat session in the app, headless: memory per deal."""
    from skat_tui.bench_memory import run

    sys.exit(run(deals, level, warm))

from skat_tui.cli_data import register  # noqa: E402  (history, scores, export)

register(main)

from skat_tui.cli_replay import register as register_replay  # noqa: E402  (replay)

register_replay(main)

from skat_tui.cli_net import register as register_net  # noqa: E402  (serve, host, join)

register_net(main, bench)
