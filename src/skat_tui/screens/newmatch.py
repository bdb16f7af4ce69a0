"""Setting up a match: the hotseat dialog with chosen players, and the
new-match dialog against the two bots (rules and length).

Three or four seats in table order (clockwise; seat 1 deals first), each a
human with a name or a bot of some level; at four the dealer sits each deal
out.  The rule set (tournament or pub) is chosen here too.
:func:`parse_players` reads the same players from the command line
(``skat hotseat --players "Anna,Ben,Rolf:easy"``), and
:func:`check_players` is the one place that says which tables are allowed, so
the dialog and the command refuse the same things with the same words.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, Select, Static

from skat_core.seeds import parse_seed

from ..controller import PlayerSpec
from ..footer import Footer
from ..i18n import N_, _
from ..safe_text import refuse_hidden, safe_text, visible
from ..settings import BOT_LEVELS, BOT_NAMES, DEAL_COUNTS, LEVEL_LABELS, MAX_NAME, RULE_CHOICES

HUMAN = "human"
SEATS = 3
MAX_SEATS = 4
EMPTY = "empty"
"""The fourth chair's choice for a table of three."""
SEAT_NOTES = (N_("deals first"), N_("forehand in deal 1"), N_("middlehand in deal 1"),
              N_("rearhand in deal 1"))


@dataclass(frozen=True, slots=True)
class MatchSetup:
    """What the dialog asks for: the players in table order, a seed (None for
    a random one) and the number of deals."""

    players: tuple[PlayerSpec, ...]
    seed: str | None = None
    deals: int = 9
    rules: str | None = None
    """A rules choice of the dialogs (settings.RULE_CHOICES, or ``custom`` for
    the settings' own switches); None: the settings' rule set."""


def check_name(name: str) -> str:
    """A player's name as it will be shown; :class:`ValueError` says why not."""
    name = unicodedata.normalize("NFC", name.strip())
    if not name:
        raise ValueError(_("every player needs a name"))
    refuse_hidden(name)  # before the name is quoted in any other message
    if len(name) > MAX_NAME:
        raise ValueError(_("{name} is too long: at most {limit} characters").format(
            name=repr(name), limit=MAX_NAME))
    if "," in name or ":" in name:
        raise ValueError(_("{name}: names may not contain ',' or ':'").format(name=repr(name)))
    return name


def check_players(players: Sequence[PlayerSpec]) -> tuple[PlayerSpec, ...]:
    """Three or four players with distinct names and known bot levels (names
    normalised); :class:`ValueError` with a message for the player."""
    if len(players) not in (SEATS, MAX_SEATS):
        raise ValueError(_("a Skat table has 3 players (or 4), not {count}").format(
            count=len(players)))
    out: list[PlayerSpec] = []
    seen: set[str] = set()
    for p in players:
        name = check_name(p.name)
        if name.casefold() in seen:
            raise ValueError(_("two players are called {name}; every name must differ").format(
                name=repr(name)))
        seen.add(name.casefold())
        if p.level is not None and p.level not in BOT_LEVELS:
            raise ValueError(
                _("{level} is not a bot level (one of {levels})").format(
                    level=repr(p.level), levels=", ".join(BOT_LEVELS))
            )
        out.append(PlayerSpec(name, p.level))
    return tuple(out)


def parse_players(text: str) -> tuple[PlayerSpec, ...]:
    """``"Anna,Ben,Rolf:easy"``: three names in table order, each a human or,
    with ``:level``, a bot of that level."""
    specs: list[PlayerSpec] = []
    for part in text.split(","):
        name, colon, level = part.partition(":")
        level = level.strip().lower()
        if colon and not level:
            raise ValueError(_("{part}: a level after ':' ({levels})").format(
                part=repr(part.strip()), levels=", ".join(BOT_LEVELS)))
        specs.append(PlayerSpec(name, None if not colon or level == HUMAN else level))
    return check_players(specs)


def seats_text(players: Sequence[PlayerSpec]) -> str:
    """``Anna, Ben (easy bot), Cem``."""
    return ", ".join(p.name if p.is_human else _("{name} ({level} bot)").format(
        name=p.name, level=p.level) for p in players)


class NewMatchScreen(ModalScreen[MatchSetup | None]):
    """The hotseat dialog: a name and 'human or bot level' for each seat, an
    optional seed and the match length.  Dismissed with a :class:`MatchSetup`,
    or None when cancelled."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", N_("Cancel")),
        Binding("ctrl+s", "start", N_("Start")),
    ]

    def __init__(self, players: Sequence[PlayerSpec], deals: int = 9,
                 title: str = N_("Hotseat match"), rules: str = "tournament",
                 rule_options: Sequence[tuple[str, str]] | None = None) -> None:
        super().__init__()
        self.players = tuple(players)
        self.deals = deals
        self.title_text = title
        self.rule_options = list(rule_options) if rule_options else [
            (_(label), key) for key, (label, _name, _switches) in RULE_CHOICES.items()]
        keys = [key for _label, key in self.rule_options]
        self.rules = rules if rules in keys else keys[0]

    def compose(self) -> ComposeResult:
        kinds = [(_("Human"), HUMAN), *[(_("Bot · {level}").format(
            level=_(LEVEL_LABELS.get(lv, lv))), lv) for lv in BOT_LEVELS]]
        with Vertical(classes="dialog newmatch"):
            yield Static(safe_text(_(self.title_text), "bold"), classes="dialog-title")
            yield Static(
                Text(_("Seats in table order, clockwise. Humans share this keyboard; each sees "
                       "only their own cards."), style="dim"),
                classes="newmatch-help",
            )
            seats = [*self.players, *[None] * (MAX_SEATS - len(self.players))]
            for i, p in enumerate(seats):
                with Horizontal(classes="setting-row"):
                    yield Label(_("Seat {number}").format(number=i + 1), classes="seat-label")
                    yield Input(visible(p.name) if p else _("Player {number}").format(
                                    number=i + 1), max_length=MAX_NAME,
                                id=f"name-{i}", compact=True,
                                placeholder=_("name of seat {number}").format(number=i + 1))
                    choices = kinds if i < SEATS else [(_("Empty (3 players)"), EMPTY), *kinds]
                    value = (p.level or HUMAN) if p else EMPTY
                    yield Select(choices, value=value, id=f"kind-{i}",
                                 allow_blank=False, compact=True)
            with Horizontal(classes="setting-row"):
                yield Label(_("Seed"), classes="seat-label")
                yield Input("", id="seed", compact=True,
                            placeholder=_("empty: random · a word: the same deals for everyone"))
            with Horizontal(classes="setting-row"):
                yield Label(_("Deals"), classes="seat-label")
                options = sorted({*DEAL_COUNTS, self.deals})
                yield Select([(str(n), n) for n in options], value=self.deals, id="deals",
                             allow_blank=False, compact=True)
            with Horizontal(classes="setting-row"):
                yield Label(_("Rules"), classes="seat-label")
                yield Select(self.rule_options, value=self.rules, id="rules",
                             allow_blank=False, compact=True)
            yield Static("", id="newmatch-error")
            with Horizontal(classes="dialog-buttons"):
                yield Button(f"{_('Start')}  [dim]⏎[/]", id="start", variant="primary",
                             compact=True)
                yield Button(f"{_('Cancel')}  [dim]Esc[/]", id="cancel", compact=True)
        yield Footer()

    def setup(self) -> MatchSetup:
        """The match the form describes; :class:`ValueError` if it cannot be."""
        specs = []
        for i in range(MAX_SEATS):
            name = self.query_one(f"#name-{i}", Input).value
            kind = self.query_one(f"#kind-{i}", Select).value
            if kind == EMPTY:
                continue
            level = None if kind == HUMAN or not isinstance(kind, str) else kind
            specs.append(PlayerSpec(name, level))
        players = check_players(specs)
        seed_text = self.query_one("#seed", Input).value
        seed = parse_seed(seed_text).seed if seed_text.strip() else None
        deals = self.query_one("#deals", Select).value
        n = deals if isinstance(deals, int) else self.deals
        if n % len(players):
            raise ValueError(_("{deals} deals: at a table of {players} the match is a multiple "
                               "of {players} deals, so that everyone deals equally often").format(
                                   deals=n, players=len(players)))
        rules = self.query_one("#rules", Select).value
        return MatchSetup(players, seed, n, rules if isinstance(rules, str) else self.rules)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "start":
            self.action_start()
        else:
            self.action_cancel()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_start()

    def action_start(self) -> None:
        try:
            setup = self.setup()
        except ValueError as e:
            self.app.bell()
            self.query_one("#newmatch-error", Static).update(safe_text(e, "bold red"))
            return
        self.dismiss(setup)

    def action_cancel(self) -> None:
        self.dismiss(None)


@dataclass(frozen=True, slots=True)
class BotMatchSetup:
    """What the new-match dialog asks for: a rules choice (as
    :attr:`MatchSetup.rules`) and the number of deals."""

    rules: str
    deals: int


class BotMatchScreen(ModalScreen[BotMatchSetup | None]):
    """The new-match dialog (``n``): the rule set and the match length
    against the two bots, as the settings say until changed here (the choice
    is kept in the settings).  Start has the focus, so ``n`` then Enter
    starts at once."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "Cancel"),
        Binding("ctrl+s", "start", "Start"),
    ]

    def __init__(self, rules: str, rule_options: Sequence[tuple[str, str]], deals: int,
                 levels: tuple[str, str]) -> None:
        super().__init__()
        self.rule_options = list(rule_options)
        keys = [key for _label, key in self.rule_options]
        self.rules = rules if rules in keys else keys[0]
        self.deals = deals
        self.levels = levels

    def compose(self) -> ComposeResult:
        left, right = (_(LEVEL_LABELS.get(lv, lv)) for lv in self.levels)
        with Vertical(classes="dialog newmatch botmatch"):
            yield Static(safe_text(_("New match"), "bold"), classes="dialog-title")
            yield Static(safe_text(
                _("Against {left} ({left_level}) and {right} ({right_level}); the bot levels "
                  "are in the settings (F2).").format(
                    left=BOT_NAMES[0], left_level=_(LEVEL_LABELS.get(left, left)),
                    right=BOT_NAMES[1], right_level=_(LEVEL_LABELS.get(right, right))),
                "dim"), classes="newmatch-help")
            with Horizontal(classes="setting-row"):
                yield Label(_("Rules"), classes="seat-label")
                yield Select(self.rule_options, value=self.rules, id="rules",
                             allow_blank=False, compact=True)
            with Horizontal(classes="setting-row"):
                yield Label(_("Deals"), classes="seat-label")
                options = sorted({*(n for n in DEAL_COUNTS if n % SEATS == 0), self.deals})
                yield Select([(str(n), n) for n in options], value=self.deals, id="deals",
                             allow_blank=False, compact=True)
            with Horizontal(classes="dialog-buttons"):
                yield Button(_("Start") + "  [dim]⏎[/]", id="start", variant="primary",
                             compact=True)
                yield Button(_("Cancel") + "  [dim]Esc[/]", id="cancel", compact=True)
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#start", Button).focus()

    def setup(self) -> BotMatchSetup:
        rules = self.query_one("#rules", Select).value
        deals = self.query_one("#deals", Select).value
        return BotMatchSetup(rules if isinstance(rules, str) else self.rules,
                             deals if isinstance(deals, int) else self.deals)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "start":
            self.action_start()
        else:
            self.action_cancel()

    def action_start(self) -> None:
        self.dismiss(self.setup())

    def action_cancel(self) -> None:
        self.dismiss(None)


__all__ = [
    "BotMatchScreen",
    "BotMatchSetup",
    "MatchSetup",
    "NewMatchScreen",
    "check_name",
    "check_players",
    "parse_players",
    "seats_text",
]
