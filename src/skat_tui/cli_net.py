"""``skat serve``, ``skat host``, ``skat join`` and ``skat bench server``:
playing with friends on other machines (see docs/protocol.md)."""

from __future__ import annotations

import asyncio
import contextlib
import sys
from pathlib import Path

import click

from skat_core.ruleset import RULE_CHOICES

from .i18n import _


def local_name(name: str) -> str:
    """The player's own name checked here, before any server sees it, with
    the reasons in the player's language (the protocol's check, which says
    them in English for the wire, then finds nothing)."""
    import unicodedata

    from skat_net.protocol import NAME_MAX

    from .safe_text import refuse_hidden

    name = unicodedata.normalize("NFC", name).strip()
    if not name:
        raise ValueError(_("every player needs a name"))
    refuse_hidden(name)
    if len(name) > NAME_MAX:
        raise ValueError(_("{name} is too long: at most {limit} characters").format(
            name=repr(name), limit=NAME_MAX))
    return name


def _server_dir(data: str | None) -> Path:
    from .storage import data_dir

    return Path(data) if data else data_dir() / "server"


def _warn_open(host: str, tls: bool) -> None:
    from skat_net.host import is_loopback

    if not is_loopback(host):
        click.echo(_("Listening on {host}: anyone who can reach this address may connect and "
                     "join with an invitation code.").format(host=host), err=True)
        if not tls:
            click.echo(_("Without --certfile/--keyfile the traffic is not encrypted: on the "
                         "internet put a TLS reverse proxy in front (docs/protocol.md)."),
                       err=True)


def register(main: click.Group, bench: click.Group) -> None:
    @main.command(help=_("Run a table server (Ctrl+C stops it; every table is kept)."))
    @click.option("--host", default="127.0.0.1", show_default=True,
                  help=_("Address to listen on; anything but localhost must be given here "
                       "(0.0.0.0: every address of this machine)."))
    @click.option("--port", default=7878, show_default=True, type=int)
    @click.option("--data", default=None, metavar="DIR",
                  help=_("Where the tables are saved (default: the data directory's server/)."))
    @click.option("--certfile", default=None, type=click.Path(exists=True, dir_okay=False),
                  help=_("TLS certificate (PEM): clients then connect with wss://."))
    @click.option("--keyfile", default=None, type=click.Path(exists=True, dir_okay=False),
                  help=_("The certificate's private key (PEM), if not in --certfile."))
    @click.option("--bot-delay", default=0.7, show_default=True, type=float,
                  help=_("Seconds a bot's action takes at least, so people can follow."))
    @click.option("--bot-workers", default=1, show_default=True, type=int,
                  help=_("Processes the bots think in."))
    @click.option("--max-tables", default=400, show_default=True, type=int)
    @click.option("--max-connections", default=1500, show_default=True, type=int)
    @click.option("--max-per-address", default=64, show_default=True, type=int,
                  help=_("Connections from one IP address (raise it behind a reverse proxy)."))
    @click.option("--no-fsync", is_flag=True,
                  help=_("Save without syncing to disk: still whole after a killed server, "
                       "not after a power cut."))
    @click.option("--stats", default=None, metavar="FILE", hidden=True,
                  help=_("On stopping, write the server's figures there (skat bench server)."))
    def serve(host: str, port: int, data: str | None, certfile: str | None,
              keyfile: str | None, bot_delay: float, bot_workers: int, max_tables: int,
              max_connections: int, max_per_address: int, no_fsync: bool,
              stats: str | None) -> None:
        from skat_net.server import Limits, serve_forever, ssl_context

        try:
            tls = ssl_context(certfile, keyfile)
        except (ValueError, OSError) as e:
            raise click.ClickException(_("TLS: {error}").format(error=e)) from None
        _warn_open(host, tls is not None)
        folder = _server_dir(data)
        limits = Limits(max_tables=max_tables, max_connections=max_connections,
                        max_per_address=max_per_address)

        def ready(bound: int) -> None:
            scheme = "wss" if tls else "ws"
            click.echo(_("skat table server listening on {url} (tables in {folder})").format(
                url=f"{scheme}://{host}:{bound}", folder=folder))
            sys.stdout.flush()

        try:
            asyncio.run(serve_forever(folder, host, port, tls, ready,
                                      None if stats is None else Path(stats), limits=limits,
                                      bot_delay=bot_delay, bot_workers=bot_workers,
                                      sync=not no_fsync))
        except KeyboardInterrupt:
            pass
        except OSError as e:
            raise click.ClickException(_("cannot listen on {address}: {error}").format(
                address=f"{host}:{port}", error=e)) from None

    @main.command(help=_(
        "Start a table (and a server, unless --server) and print the invitation.\n\n"
        'Example: skat host --seats "Anna,Ben:normal,?" --host 0.0.0.0'))
    @click.option("--seats", default=None, metavar='"Anna,Ben:normal,?"',
                  help=_("Three seats, or four (the dealer sits each deal out): a name keeps "
                       "a seat for that person, ? is for whoever joins, NAME:LEVEL is a bot "
                       "(random, easy, normal, strong). Default: you and open seats."))
    @click.option("--players", default=None, type=click.IntRange(3, 4),
                  help=_("3 or 4 seats, all open but yours (instead of --seats)."))
    @click.option("--name", default=None, help=_("Your name at the table (default: settings)."))
    @click.option("--deals", default=None, type=int,
                  help=_("A multiple of the players (default: 9 at three, 12 at four)."))
    @click.option("--seed", default=None, help=_("Shuffle seed (default: random)."))
    @click.option("--scoring", type=click.Choice(["sf", "standard"]), default="sf",
                  show_default=True)
    @click.option("--rules", "rules", default="tournament", show_default=True,
                  type=click.Choice(list(RULE_CHOICES)),
                  help=_("The rule set: tournament (ISkO), pub (Kontra/Re, Ramsch, Bock), "
                         "pub-first-card (Kontra only before the first card) or pub-schiebe "
                         "(Schieberamsch)."))
    @click.option("--takeover", default=None, type=float, metavar="SECONDS",
                  help=_("A bot plays for someone away this long on their turn "
                       "(default: the table waits)."))
    @click.option("--takeover-level", default="normal", show_default=True,
                  type=click.Choice(["random", "easy", "normal", "strong"]))
    @click.option("--server", default=None, metavar="URL",
                  help=_("Create the table on this running server instead of starting one."))
    @click.option("--host", default="127.0.0.1", show_default=True,
                  help=_("Where the server started here listens (0.0.0.0 for friends on "
                       "other machines)."))
    @click.option("--port", default=7878, show_default=True, type=int)
    @click.option("--certfile", default=None, type=click.Path(exists=True, dir_okay=False))
    @click.option("--keyfile", default=None, type=click.Path(exists=True, dir_okay=False))
    @click.option("--no-join", is_flag=True,
                  help=_("Only print the invitation (and keep the server running)."))
    def host(seats: str | None, players: int | None, name: str | None, deals: int | None,
             seed: str | None,
             scoring: str, rules: str, takeover: float | None, takeover_level: str,
             server: str | None,
             host: str, port: int, certfile: str | None, keyfile: str | None,
             no_join: bool) -> None:
        from skat_core.ruleset import rule_choice
        from skat_net.client import create_table
        from skat_net.host import (
            ServerThread,
            create_message,
            host_seat,
            invitation,
            parse_seats,
        )
        from skat_net.protocol import ProtocolError, check_name

        from .settings import load_settings

        try:
            me = check_name(local_name(name if name is not None
                                       else load_settings()[0].player_name))
            specs = host_seat(parse_seats(seats or ",".join(["?"] * (players or 3))), me)
        except ValueError as e:
            raise click.BadParameter(str(e), param_hint="'--seats'") from None
        if players is not None and len(specs) != players:
            raise click.BadParameter(
                _("--seats names {seats} seats, --players {players}").format(
                    seats=len(specs), players=players),
                param_hint="'--players'")
        n = len(specs)
        if deals is not None and (deals < n or deals % n):
            raise click.BadParameter(
                _("{deals} is not a positive multiple of {players} (the players)").format(
                    deals=deals, players=n),
                param_hint="'--deals'")
        thread = None
        if server is None:
            _warn_open(host, certfile is not None)
            thread = ServerThread(_server_dir(None), host, port, certfile, keyfile)
            try:
                thread.start()
            except OSError as e:
                raise click.ClickException(
                    _("cannot listen on {address} ({error}); is a server running there? Then: "
                      "{command}").format(address=f"{host}:{port}", error=e,
                                          command=f"skat host --server ws://127.0.0.1:{port}")
                ) from None
            url, local = thread.url, thread.local_url
        else:
            url = local = server.rstrip("/")
        try:
            created = asyncio.run(create_table(local, create_message(
                specs, deals, seed, scoring, takeover, takeover_level, rule_choice(rules))))
        except (OSError, ProtocolError, TimeoutError) as e:
            from .error_words import server_text

            error = (server_text(e.code, e.message, e.rule) if isinstance(e, ProtocolError)
                     else str(e))
            raise click.ClickException(_("cannot create the table on {url}: {error}").format(
                url=local, error=error)) from None
        click.echo(invitation(url, created["code"]))
        if thread is not None and host == "127.0.0.1":
            click.echo(_("(This server listens on this machine only: add --host 0.0.0.0 for "
                         "friends elsewhere.)"))
        if no_join:
            if thread is not None:
                click.echo(_("Serving; Ctrl+C stops."))
                with contextlib.suppress(KeyboardInterrupt):
                    thread.join()
            return
        _open_remote(f"{local}/{created['code']}", me, thread)

    @main.command(help=_("Join a table: skat join CODE|URL --name Cem."))
    @click.argument("invitation")
    @click.option("--name", default=None, help=_("Your name at the table (default: settings)."))
    @click.option("--server", default=None, metavar="URL",
                  help=_("The server for a bare CODE (default ws://127.0.0.1:7878)."))
    def join(invitation: str, name: str | None, server: str | None) -> None:
        from skat_net.client import parse_invitation
        from skat_net.protocol import check_name

        from .settings import load_settings

        try:
            url, code = parse_invitation(invitation, server)
        except ValueError as e:
            raise click.BadParameter(str(e), param_hint="'INVITATION'") from None
        try:
            me = check_name(local_name(name if name is not None
                                       else load_settings()[0].player_name))
        except ValueError as e:
            raise click.BadParameter(str(e), param_hint="'--name'") from None
        _open_remote(f"{url}/{code}", me, None)

    @bench.command("server", help=_(
        "Tables with two simulated people and a bot each on a local server: actions per "
        "second and round-trip percentiles."))
    @click.option("--tables", default=200, show_default=True)
    @click.option("--seconds", default=30.0, show_default=True, help=_("The run stops after this."))
    @click.option("--actions", default=200_000, show_default=True,
                  help=_("... or after this many actions in all."))
    @click.option("--think", default=0.5, show_default=True,
                  help=_("Seconds a simulated person takes per action (±50%)."))
    @click.option("--bot", default="easy", show_default=True,
                  type=click.Choice(["random", "easy", "normal", "strong"]))
    @click.option("--no-fsync", is_flag=True, help=_("Run the server with --no-fsync."))
    def bench_server(tables: int, seconds: float, actions: int, think: float, bot: str,
                     no_fsync: bool) -> None:
        from skat_net.bench import run

        if not 1 <= tables <= 2000 or not 0 < seconds <= 600:
            raise click.BadParameter(_("1 to 2000 tables, 0 to 600 seconds"))
        sys.exit(run(tables, seconds, actions, think, bot, fsync=not no_fsync))


def _open_remote(target: str, name: str, thread: object) -> None:
    """Open the app at a remote table (``target`` is URL/CODE)."""
    from .online import run_online

    try:
        run_online(target, name)
    finally:
        stop = getattr(thread, "stop", None)
        if stop is not None:
            stop()
