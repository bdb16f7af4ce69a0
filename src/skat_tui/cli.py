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
import click.shell_completion  # loaded now, so that its words are translated too

from skat_core import __version__

from .i18n import (
    LANGUAGES,
    _,
    choose_language,
    set_command_line_language,
    set_language,
    translate_library,
)
from .safe_text import terminal


def _early_language(argv: list[str]) -> None:
    """Set the language before click builds the commands (their help texts
    are translated as they are defined): ``--lang`` on the command line, else
    the settings', else the environment's."""
    chosen = None
    for i, arg in enumerate(argv):
        if arg == "--lang" and i + 1 < len(argv):
            chosen = argv[i + 1]
        elif arg.startswith("--lang="):
            chosen = arg.partition("=")[2]
    if chosen in LANGUAGES:
        set_command_line_language(chosen)
    from .settings import load_settings

    settings, _notice = load_settings()
    set_language(choose_language(settings.language))


_early_language(sys.argv[1:])
translate_library("click")  # click's own words ("Usage:", "Error: ...") in our catalogue


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


def _set_lang(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    """``--lang`` for this run (help texts already know it: see _early_language)."""
    if value is not None:
        set_command_line_language(value)
        set_language(value)
    return value


@click.group(cls=SkatGroup, invoke_without_command=True, help=_(
    "Skat by the official rules (ISkO), in your terminal.\n\n"
    "With no command, opens the start screen: new match, daily, hotseat, resume, history, "
    "scores, statistics, settings."))
@click.version_option(__version__, prog_name="skat", message=_("%(prog)s, version %(version)s"))
@click.option("--lang", type=click.Choice(list(LANGUAGES)), default=None, expose_value=False,
              is_eager=True, callback=_set_lang, help=_(
                  "Language of the app and of these messages: en, de, pl, szl, uk "
                  "(default: the settings, else LC_ALL / LC_MESSAGES / LANG, else English)."))
@click.help_option(help=_("Show this message and exit."))
@click.pass_context
def main(ctx: click.Context) -> None:
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
        raise click.ClickException(_(
            "{reason}. {elsewhere} (`skat` alone can start a match that is not saved.)").format(
                reason=e, elsewhere=_(ELSEWHERE))) from None
    except NothingToResume as e:
        raise click.ClickException(str(e)) from None


def _check_deals(ctx: click.Context, param: click.Parameter, value: int | None) -> int | None:
    if value is not None and (value < 3 or value % 3):
        raise click.BadParameter(
            _("{value} is not a positive multiple of 3 (everyone deals equally often)").format(
                value=value)
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
    help=_("Shuffle seed: the same word deals the same cards to everyone "
           "('daily' is today's daily)."),
)
deals_option = click.option(
    "--deals", type=int, default=None, callback=_check_deals, metavar="N",
    help=_("Deals in the match, a multiple of 3 (default: settings, 9)."),
)
scoring_option = click.option(
    "--scoring", type=click.Choice(["sf", "standard"]), default=None,
    help=_("Seeger-Fabian (sf) or standard list (default: settings, sf)."),
)
rules_option = click.option(
    "--rules", type=click.Choice(["tournament", "pub"]), default=None,
    help=_("Rule set: tournament (ISkO) or pub (Kontra/Re, Ramsch, Bock rounds; "
           "docs/rules.md) (default: settings, tournament)."),
)


@main.command(help=_("Play a match against two bots at once."))
@seed_option
@deals_option
@click.option("--level", type=click.Choice(["easy", "normal", "strong"]), default=None,
              help=_("Level of both bots (default: settings, normal)."))
@scoring_option
@rules_option
def play(seed: str | None, deals: int | None, level: str | None, scoring: str | None,
         rules: str | None) -> None:
    # --rules only when given, so the options passed on stay as before without it.
    _run("match", seed=seed, deals=deals, level=level, scoring=scoring,
         **({"rules": rules} if rules else {}))


@main.command(help=_(
    "A match for people sharing one keyboard: each sees only their own cards.\n\n"
    'Example: skat hotseat --players "Anna,Ben,Cem" (or "Anna,Ben,Rolf:easy").'))
@click.option("--players", default=None, metavar='"A,B,C"', help=_(
    "Three names in table order; NAME:LEVEL makes a bot (random, easy, normal, strong). "
    "Without it, a dialog asks."))
@seed_option
@deals_option
@scoring_option
@rules_option
def hotseat(players: str | None, seed: str | None, deals: int | None,
            scoring: str | None, rules: str | None) -> None:
    from skat_tui.screens.newmatch import parse_players

    specs = None
    if players is not None:
        try:
            specs = parse_players(players)
        except ValueError as e:
            raise click.BadParameter(str(e), param_hint="'--players'") from None
    _run("hotseat", seed=seed, deals=deals, scoring=scoring, players=specs,
         **({"rules": rules} if rules else {}))


@main.command(help=_("Continue the unfinished match where it was left (saved after every "
                     "card)."))
def resume() -> None:
    _run("resume")


@main.command(help=_("Today's daily: 9 deals, the same for everybody (UTC date); the first "
                     "attempt of the day is scored, later ones are practice."))
def daily() -> None:
    _run("daily")


@main.command(help=_("Replay game records (JSON or ISS) through the engine; one JSON line "
                     "per game."))
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=False))
def check(files: tuple[str, ...]) -> None:
    from skat_core.records.check import check_files

    sys.exit(check_files(list(files), sys.stdout))


@main.group(help=_("Benchmarks that print figures."))
def bench() -> None:
    pass


@bench.command("engine", help=_("Random legal full deals through the public API: deals per "
                                 "second."))
@click.option("--deals", default=20000, show_default=True, help=_("Random deals to play."))
@click.option("--seed", default=1, show_default=True)
def bench_engine(deals: int, seed: int) -> None:
    from skat_core.benchmarks.engine import bench_engine as run

    sys.exit(run(deals, seed))


@bench.command("solver", help=_("Solve every full-game position of the DDS data and time it."))
@click.option(
    "--file", "path", default=None,
    help=_("Positions file (default: tests/data/reference/dds/full_game.txt)."),
)
def bench_solver(path: str | None) -> None:
    from skat_core.benchmarks.solver import run

    sys.exit(run(path))


@bench.command("bots", help=_("A duplicate match between two bot levels: points per deal "
                               "with 95% CI."))
@click.option("--deals", default=360, show_default=True)
@click.option("--a", "level_a", default="strong", show_default=True)
@click.option("--b", "level_b", default="normal", show_default=True)
@click.option("--seed", default="bench", show_default=True)
@click.option("--out", default=None, metavar="FILE",
              help=_("Also write every seat-play to FILE (JSON lines), for --read."))
@click.option("--read", "read_files", multiple=True, metavar="FILE",
              help=_("Play nothing: print the figures of the seat-plays saved in FILE "
                     "(repeat for several files; their deals are pooled)."))
def bench_bots(deals: int, level_a: str, level_b: str, seed: str, out: str | None,
               read_files: tuple[str, ...]) -> None:
    from skat_core.benchmarks.bots import read, run

    if read_files:
        sys.exit(read(list(read_files)))
    sys.exit(run(deals, level_a, level_b, seed, out=out))


@bench.command("cards", help=_("Card-play loss per decision against the open-card best card, "
                                "per level."))
@click.option("--deals", default=150, show_default=True,
              help=_("Deals the positions come from."))
@click.option("--levels", default="easy,normal,strong", show_default=True,
              help=_("Comma-separated bot levels to score."))
@click.option("--seed", default="cards", show_default=True)
@click.option("--cache", default=None, help=_("File keeping the solved positions between runs."))
@click.option("--players", default="easy", show_default=True,
              help=_("Bot level that plays the games the positions come from."))
@click.option("--tricks", default="4-9", show_default=True,
              help=_("Tricks the positions come from, first-last (1-9)."))
@click.option("--seats", type=click.Choice(["all", "soloist", "defender"]), default="all",
              show_default=True, help=_("Whose decisions are positions."))
@click.option("--games", type=click.Choice(["all", "suit", "grand"]), default="all",
              show_default=True, help=_("Which games the positions come from."))
def bench_cards(deals: int, levels: str, seed: str, cache: str | None, players: str,
                tricks: str, seats: str, games: str) -> None:
    from skat_core.benchmarks.cardplay import Selection, run

    first, _sep, last = tricks.partition("-")
    try:
        sel = Selection(int(first), int(last or first), seats, games)
    except ValueError:
        raise click.BadParameter(_("Give the tricks as first-last within 1-9, for example 1-3."),
                                 param_hint="--tricks") from None
    sys.exit(run(deals, [x.strip() for x in levels.split(",") if x.strip()], seed, cache,
                 players, sel))


@bench.command("ramsch", help=_("The bots' Ramsch play against random play: card points and "
                                "score saved."))
@click.option("--deals", default=2000, show_default=True)
@click.option("--seed", default="ramsch", show_default=True)
def bench_ramsch(deals: int, seed: str) -> None:
    from skat_core.benchmarks.ramsch import run

    sys.exit(run(deals, seed))


@bench.command("house", help=_("Bidding for the house rules against tournament bidding: "
                                "points per deal, 95% CI."))
@click.option("--deals", default=600, show_default=True)
@click.option("--level", default="easy", show_default=True,
              type=click.Choice(["easy", "normal", "strong"]), help=_("Bot level of all seats."))
@click.option("--rules", "rules_name", default="pub", show_default=True,
              type=click.Choice(["tournament", "pub"]))
@click.option("--seed", default="house", show_default=True)
def bench_house(deals: int, level: str, rules_name: str, seed: str) -> None:
    from skat_core.benchmarks.house import run

    sys.exit(run(deals, level, rules_name, seed))


@bench.command("memory", help=_("An all-bot hotseat session in the app, headless: memory per "
                                 "deal."))
@click.option("--deals", default=100, show_default=True, help=_("Deals to play."))
@click.option("--level", default="random", show_default=True,
              type=click.Choice(["random", "easy", "normal", "strong"]), help=_("Bot level."))
@click.option("--warm", default=10, show_default=True,
              help=_("Deals before the growth counts."))
def bench_memory(deals: int, level: str, warm: int) -> None:
    from skat_tui.bench_memory import run

    sys.exit(run(deals, level, warm))

from skat_tui.cli_data import register  # noqa: E402  (history, scores, export)

register(main)

from skat_tui.cli_replay import register as register_replay  # noqa: E402  (replay)

register_replay(main)

from skat_tui.cli_net import register as register_net  # noqa: E402  (serve, host, join)

register_net(main, bench)


def _usage_words(command: click.Command) -> None:
    """The usage line's placeholders (click's ``[OPTIONS]``, ``[COMMAND]
    [ARGS]...``) in the language, for ``command`` and every subcommand."""
    command.options_metavar = _("[OPTIONS]")
    if isinstance(command, click.Group):
        command.subcommand_metavar = (_("[COMMAND] [ARGS]...") if command.invoke_without_command
                                      else _("COMMAND [ARGS]..."))
        for sub in command.commands.values():
            _usage_words(sub)


_usage_words(main)
