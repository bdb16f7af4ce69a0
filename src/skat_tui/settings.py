"""The player's settings, kept between runs in the user's config directory.

A file that cannot be read (bad JSON, a wrong value) never stops the game:
the defaults stand in for what is wrong and :func:`load_settings` returns a
notice for the app to show.
"""

from __future__ import annotations

import json
import logging
import os
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Any

import platformdirs

from skat_core.records.files import FileRefused, read_text_file
from skat_core.records.jsontext import parse_json
from skat_core.ruleset import RULE_CHOICES as CORE_CHOICES
from skat_core.ruleset import RULE_SETS, RuleSet, rule_set, with_switches

from .deck import DeckStyle
from .i18n import LANGUAGES, N_, _
from .safe_text import hidden_characters

log = logging.getLogger(__name__)

BOT_LEVELS = ("random", "easy", "normal", "strong")
SPEEDS: dict[str, tuple[float, float]] = {
    # name: (seconds per bot action, seconds a finished trick stays on the table)
    "slow": (1.2, 2.2),
    "normal": (0.7, 1.4),
    "fast": (0.3, 0.7),
    "instant": (0.0, 0.0),
}
LEVEL_LABELS = {"random": N_("random"), "easy": N_("easy"), "normal": N_("normal"),
                "strong": N_("strong")}
"""The bot levels as the app names them (translated where shown)."""
SPEED_LABELS = {"slow": N_("slow"), "normal": N_("normal"), "fast": N_("fast"),
                "instant": N_("instant")}
SCORINGS = {"sf": "Seeger-Fabian", "standard": N_("Standard")}
DEAL_COUNTS = (3, 6, 9, 12, 18, 24, 36)
BOT_NAMES = ("Lena", "Rolf")
"""The two computer players, on the human's left and right."""
MAX_NAME = 12
MAX_SETTINGS_BYTES = 1024 * 1024
"""A settings file larger than this is damaged (it has a few hundred bytes)."""


@dataclass(frozen=True, slots=True)
class Settings:
    deck: DeckStyle = DeckStyle.FOUR_COLOUR
    bot_levels: tuple[str, str] = ("normal", "normal")
    """Levels of the players on the human's left and right."""
    speed: str = "normal"
    scoring: str = "sf"
    deals: int = 9
    player_name: str = "You"
    theme: str = "textual-dark"
    rules: str = "tournament"
    """The rule set new matches are played under (a name of RULE_SETS)."""
    rule_switches: dict[str, Any] = field(default_factory=dict)
    """House-rule switches changed from the named set (docs/rules.md)."""
    language: str = ""
    """A code of i18n.LANGUAGES, or "" for the environment's language."""
    card_points: bool = True
    """The card points each side has taken so far shown in the score area
    during play (under every rule set: see docs/rules.md)."""
    extra: dict[str, Any] = field(default_factory=dict)
    """Keys this version does not know, kept so an older app does not drop them."""

    @property
    def rule_set(self) -> RuleSet:
        """The rule set for a new match: the named one with the switches changed."""
        return with_switches(self.rules, self.rule_switches)

    @property
    def bot_delay(self) -> float:
        return SPEEDS[self.speed][0]

    @property
    def trick_pause(self) -> float:
        return SPEEDS[self.speed][1]

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        extra = data.pop("extra")
        data["deck"] = str(self.deck)
        data["bot_levels"] = list(self.bot_levels)
        return {**extra, **data}


RULE_LABELS: dict[str, str] = {
    "tournament": N_("Tournament (ISkO)"),
    "pub": N_("Pub: Kontra/Re, Ramsch, Bock"),
    "pub-first-card": N_("Pub, Kontra before the first card"),
    "pub-schiebe": N_("Pub with Schieberamsch"),
}
"""The labels of skat_core.ruleset.RULE_CHOICES (marked with N_, translated
where shown)."""
RULE_CHOICES: dict[str, tuple[str, str, dict[str, Any]]] = {
    key: (RULE_LABELS[key], name, switches) for key, (name, switches) in CORE_CHOICES.items()
}
"""The rule sets the dialogs offer (settings, new match, hotseat): a label, a
rule set name and the switches changed from it (docs/rules.md lists every
switch), the table of skat_core.ruleset.RULE_CHOICES (which ``skat host
--rules`` offers too) with its labels. The keys ``tournament`` and ``pub``
are the rule sets' names."""
CUSTOM = "custom"
"""The choice for switches set in settings.json that no entry matches."""


def rule_choice(settings: Settings) -> str:
    """The dialogs' entry for the settings' rule set (:data:`CUSTOM` if none fits)."""
    for key, (_label, name, switches) in RULE_CHOICES.items():
        if settings.rules == name and settings.rule_switches == switches:
            return key
    return CUSTOM


def rule_options(settings: Settings) -> list[tuple[str, str]]:
    """The (label, key) pairs of a dialog's rules list; the settings' own
    switches as one more entry when no named one fits them."""
    out = [(_(label), key) for key, (label, _name, _switches) in RULE_CHOICES.items()]
    if rule_choice(settings) == CUSTOM:
        out.append((_("Custom (settings.json)"), CUSTOM))
    return out


def with_rule_choice(settings: Settings, key: str) -> Settings:
    """``settings`` with the rule set of a dialog's entry (:data:`CUSTOM` or an
    unknown key leaves them as they are)."""
    if key not in RULE_CHOICES:
        return settings
    _label, name, switches = RULE_CHOICES[key]
    return replace(settings, rules=name, rule_switches=dict(switches))


def default_path() -> Path:
    """``settings.json`` in the user's config directory (``SKAT_CONFIG_DIR``
    overrides it, which the tests and a portable install use)."""
    override = os.environ.get("SKAT_CONFIG_DIR")
    base = Path(override) if override else Path(platformdirs.user_config_dir("skat"))
    return base / "settings.json"


def _check(data: dict[str, Any]) -> tuple[Settings, list[str]]:
    """Settings from parsed JSON; each bad field falls back to its default."""
    defaults = Settings()
    values: dict[str, Any] = {}
    bad: list[str] = []
    known = {"deck", "bot_levels", "speed", "scoring", "deals", "player_name", "theme",
             "rules", "rule_switches", "language", "card_points"}

    def take(name: str, ok: bool, value: Any) -> None:
        if ok:
            values[name] = value
        else:
            bad.append(name)

    if "deck" in data:
        deck = data["deck"]
        ok = isinstance(deck, str) and deck in {str(d) for d in DeckStyle}
        take("deck", ok, DeckStyle(deck) if ok else None)
    if "bot_levels" in data:
        levels = data["bot_levels"]
        ok = (
            isinstance(levels, list) and len(levels) == 2
            and all(isinstance(v, str) and v in BOT_LEVELS for v in levels)
        )
        take("bot_levels", ok, tuple(levels) if ok else None)
    if "speed" in data:
        take("speed", data["speed"] in SPEEDS, data["speed"])
    if "scoring" in data:
        take("scoring", data["scoring"] in SCORINGS, data["scoring"])
    if "deals" in data:
        deals = data["deals"]
        take("deals", isinstance(deals, int) and not isinstance(deals, bool)
             and deals > 0 and deals % 3 == 0, deals)
    if "player_name" in data:
        name = data["player_name"]
        hidden = hidden_characters(name) if isinstance(name, str) else []
        if hidden:  # never shown: it could drive the terminal or look like another name
            bad.append(_("player_name holds control, bidi or invisible characters "
                         "({characters})").format(characters=", ".join(hidden)))
        else:
            take("player_name", isinstance(name, str) and 0 < len(name.strip()) <= MAX_NAME,
                 name.strip() if isinstance(name, str) else None)
    if "theme" in data:
        take("theme", isinstance(data["theme"], str) and bool(data["theme"]), data["theme"])
    if "rules" in data:
        take("rules", isinstance(data["rules"], str) and data["rules"] in RULE_SETS,
             data["rules"])
    if "language" in data:
        take("language", data["language"] == "" or data["language"] in LANGUAGES,
             data["language"])
    if "card_points" in data:
        take("card_points", isinstance(data["card_points"], bool), data["card_points"])
    if "rule_switches" in data:
        switches = data["rule_switches"]
        try:
            ok = isinstance(switches, dict) and RuleSet.from_dict(
                {**rule_set(values.get("rules", "tournament")).to_dict(), **switches}) is not None
        except ValueError:
            ok = False
        take("rule_switches", ok, dict(switches) if ok else None)
    extra = {k: v for k, v in data.items() if k not in known}
    return replace(defaults, **values, extra=extra), bad


def load_settings(path: Path | None = None) -> tuple[Settings, str | None]:
    """The saved settings (defaults if there are none) and a notice for the
    player if the file was damaged."""
    path = path or default_path()
    try:
        if not path.exists() and not path.is_symlink():
            return Settings(), None
        data = parse_json(read_text_file(path, MAX_SETTINGS_BYTES))
    except (OSError, ValueError) as exc:  # FileRefused and RecordError are ValueErrors
        reason = exc.reason if isinstance(exc, FileRefused) else str(exc)
        log.warning("cannot read the settings %s: %s", path, reason)
        return Settings(), _("The settings file {path} is damaged ({reason}); using the "
                             "defaults.").format(path=path, reason=reason)
    if not isinstance(data, dict):
        return Settings(), _("The settings file {path} is damaged (not a JSON object); using "
                             "the defaults.").format(path=path)
    settings, bad = _check(data)
    if bad:
        log.warning("bad settings in %s: %s", path, ", ".join(bad))
        return settings, _("Some settings were invalid ({names}); using the defaults for "
                           "those.").format(names=", ".join(bad))
    return settings, None


def save_settings(settings: Settings, path: Path | None = None) -> None:
    """Write the settings (atomically, so a crash never leaves half a file)."""
    path = path or default_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(settings.to_json(), indent=2) + "\n", encoding="utf-8")
    tmp.replace(path)
