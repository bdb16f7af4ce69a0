"""Named rule sets: the tournament rules (ISkO) and the house rules of the pub.

A :class:`RuleSet` is data that every :class:`~skat_core.game.GameState`
carries (``state.rules``): the legal-action generator and the value calculator
read it, nothing else decides what a house rule does.  ``tournament`` is the
ISkO as the project plays it (RULES.md) and the default everywhere; ``pub`` is
the common German house practice of Kontra and Re, Ramsch when all pass and
Bock rounds, each rule a documented switch (docs/rules.md says what each does,
the choice made and where it is common).

>>> TOURNAMENT.kontra, PUB.kontra, PUB.ramsch
(False, True, <Ramsch.RAMSCH: 'ramsch'>)
>>> rule_set("pub") is PUB
True
>>> RuleSet.from_dict(PUB.to_dict()) == PUB
True
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from enum import StrEnum
from typing import Any


class Ramsch(StrEnum):
    """What happens when all three pass."""

    OFF = "off"
    """The deal is passed in and scores 0 (tournament)."""
    RAMSCH = "ramsch"
    """Ramsch: jacks are the only trumps, everyone plays for himself."""
    SCHIEBERAMSCH = "schieberamsch"
    """Ramsch after each player in turn may take the skat and push two cards on."""


class RamschSkat(StrEnum):
    """Who gets the skat's card points in a Ramsch."""

    LAST_TRICK = "last_trick"
    """The winner of the last trick (the common rule)."""
    LOSER = "loser"
    """The player with the most card points in his tricks."""


class RamschTie(StrEnum):
    """Two or three players with the most card points."""

    ALL_LOSE = "all_lose"
    """Each of them loses his points (the common rule)."""
    MORE_TRICKS = "more_tricks"
    """The one with more tricks loses; still equal: the one who took a trick last."""


class BockEvent(StrEnum):
    """Events that earn a round of Bock deals."""

    LOST_60 = "lost_60"
    """The soloist loses at 60 : 60."""
    VALUE_100 = "value_100"
    """A game worth 100 or more (before Kontra and Bock), won or lost."""
    KONTRA_RE = "kontra_re"
    """Kontra and Re were both said."""
    LOST_SCHNEIDER = "lost_schneider"
    """The soloist loses schneider (30 card points or fewer)."""


class BockStacking(StrEnum):
    """A Bock round earned while Bock deals are still to come."""

    QUEUE = "queue"
    """It is played after the rounds already owed (each deal counts double once)."""
    DOUBLE = "double"
    """It starts at once: deals under two rounds count four times (Doppelbock)."""


KONTRA_NAMES = ("", "Kontra", "Re", "Bock", "Hirsch")
"""The names of the doublings by level: a defender says Kontra, the soloist Re,
a defender Bock, the soloist Hirsch."""


@dataclass(frozen=True, slots=True)
class RuleSet:
    """The rules one match is played under.  Every field is a switch of
    docs/rules.md; two rule sets with the same fields play the same game."""

    name: str = "tournament"
    kontra: bool = False
    """A defender may say Kontra, doubling the game value."""
    kontra_needs_bid: bool = False
    """Only a defender who bid or held at least 18 may say Kontra."""
    kontra_max: int = 2
    """How far the doubling goes: 1 Kontra only, 2 up to Re, 4 up to Hirsch."""
    kontra_first_card: bool = False
    """Kontra (and every answer) only before the first card of the deal: each
    defender in turn, then the soloist, is asked before forehand leads.  Off:
    a defender says Kontra before his own first card, each answer before
    that side's next card."""
    ramsch: Ramsch = Ramsch.OFF
    ramsch_skat: RamschSkat = RamschSkat.LAST_TRICK
    ramsch_tie: RamschTie = RamschTie.ALL_LOSE
    jungfrau: bool = True
    """A player without a trick in a Ramsch doubles the loser's loss."""
    durchmarsch: bool = True
    """One player taking every trick of a Ramsch wins 120."""
    push_jacks: bool = False
    """Schieberamsch: jacks may be pushed on."""
    grand_hand_instead: bool = True
    """Schieberamsch: a player who has not looked at the skat may declare a
    grand hand instead of pushing."""
    push_doubles: bool = True
    """Schieberamsch: every push (take the skat, give two on) doubles the loss."""
    bock_events: frozenset[BockEvent] = frozenset()
    """What earns a Bock round; empty: no Bock rounds."""
    bock_stacking: BockStacking = BockStacking.QUEUE
    ramsch_round: bool = False
    """After each Bock round, a round of Ramsch deals (no bidding)."""

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not self.name:
            raise ValueError("a rule set has a name")
        if self.kontra_max not in (1, 2, 3, 4):
            raise ValueError(f"kontra_max is 1 (Kontra) to 4 (Hirsch), not {self.kontra_max!r}")
        object.__setattr__(self, "ramsch", Ramsch(self.ramsch))
        object.__setattr__(self, "ramsch_skat", RamschSkat(self.ramsch_skat))
        object.__setattr__(self, "ramsch_tie", RamschTie(self.ramsch_tie))
        object.__setattr__(self, "bock_stacking", BockStacking(self.bock_stacking))
        object.__setattr__(
            self, "bock_events", frozenset(BockEvent(e) for e in self.bock_events)
        )

    @property
    def bock(self) -> bool:
        return bool(self.bock_events)

    @property
    def is_tournament(self) -> bool:
        """Plays exactly the ISkO as RULES.md states it."""
        return self == TOURNAMENT

    def to_dict(self) -> dict[str, Any]:
        """The rule set as the records and saves store it (every switch)."""
        out: dict[str, Any] = {}
        for f in fields(self):
            v = getattr(self, f.name)
            if isinstance(v, frozenset):
                v = sorted(str(e) for e in v)
            elif isinstance(v, StrEnum):
                v = str(v)
            out[f.name] = v
        return out

    @classmethod
    def from_dict(cls, data: Any) -> RuleSet:
        """Read :meth:`to_dict` back; a plain name (``"pub"``) is that rule set.
        Raises ``ValueError`` naming the field for anything else."""
        if isinstance(data, str):
            return rule_set(data)
        if not isinstance(data, dict):
            raise ValueError("rules: a rule set name or an object of switches")
        known = {f.name: f for f in fields(cls)}
        kwargs: dict[str, Any] = {}
        for key, value in data.items():
            if key not in known:
                raise ValueError(f"rules.{key}: unknown rule switch")
            default = getattr(TOURNAMENT, key)
            if isinstance(default, bool):
                if not isinstance(value, bool):
                    raise ValueError(f"rules.{key}: true or false, not {value!r}")
            elif isinstance(default, int):
                if not isinstance(value, int) or isinstance(value, bool):
                    raise ValueError(f"rules.{key}: a whole number, not {value!r}")
            elif isinstance(default, frozenset):
                if not isinstance(value, list):
                    raise ValueError(f"rules.{key}: a list, not {value!r}")
                value = frozenset(value)
            elif isinstance(default, str) and not isinstance(value, str):
                raise ValueError(f"rules.{key}: a string, not {value!r}")
            kwargs[key] = value
        try:
            return cls(**kwargs)
        except ValueError as e:
            raise ValueError(f"rules: {e}") from None

    def with_switches(self, **switches: Any) -> RuleSet:
        """This rule set with some switches changed (named ``custom`` unless
        a name is given), as the settings screen builds one."""
        if "name" not in switches:
            switches["name"] = self.name if self.name != "tournament" else "custom"
        return replace(self, **switches)


TOURNAMENT = RuleSet()
"""The International Skat Order as RULES.md states it: no house rules."""

PUB = RuleSet(
    name="pub",
    kontra=True,
    kontra_needs_bid=False,
    kontra_max=2,
    ramsch=Ramsch.RAMSCH,
    bock_events=frozenset(BockEvent),
)
"""Kontra and Re, Ramsch when all pass, Bock rounds after every common event."""

RULE_SETS: dict[str, RuleSet] = {"tournament": TOURNAMENT, "pub": PUB}

RULE_CHOICES: dict[str, tuple[str, dict[str, Any]]] = {
    "tournament": ("tournament", {}),
    "pub": ("pub", {}),
    "pub-first-card": ("pub", {"kontra_first_card": True}),
    "pub-schiebe": ("pub", {"ramsch": "schieberamsch"}),
}
"""The rule sets offered by name wherever one is chosen (the app's dialogs,
``skat host --rules``): a rule set's name and the switches changed from it.
The keys ``tournament`` and ``pub`` are the rule sets' names."""


def rule_set(name: str) -> RuleSet:
    """A named rule set; ``ValueError`` naming the choices for anything else."""
    try:
        return RULE_SETS[name]
    except (KeyError, TypeError):
        raise ValueError(
            f"unknown rule set {name!r}; choose one of {', '.join(RULE_SETS)}"
        ) from None


def with_switches(name: str, switches: dict[str, Any]) -> RuleSet:
    """The named rule set with ``switches`` changed (switch names and values
    as :meth:`RuleSet.to_dict` writes them).  Switches that change nothing
    leave the named set itself; otherwise the result keeps the set's name
    (``custom`` for changes to the tournament rules) unless ``switches``
    name it.  ``ValueError`` names a bad switch.

    >>> with_switches("pub", {"kontra_first_card": True}).name
    'pub'
    >>> with_switches("tournament", {"kontra": True}).name
    'custom'
    """
    base = rule_set(name)
    if not switches:
        return base
    merged = {**base.to_dict(), **switches}
    if merged == base.to_dict():
        return base
    if "name" not in switches:
        merged["name"] = "custom" if base.is_tournament else base.name
    return RuleSet.from_dict(merged)


def rule_choice(key: str) -> RuleSet:
    """The rule set of a :data:`RULE_CHOICES` key; ``ValueError`` naming the
    choices for anything else.

    >>> rule_choice("pub-schiebe").ramsch
    <Ramsch.SCHIEBERAMSCH: 'schieberamsch'>
    """
    try:
        name, switches = RULE_CHOICES[key]
    except (KeyError, TypeError):
        raise ValueError(
            f"unknown rules {key!r}; choose one of {', '.join(RULE_CHOICES)}"
        ) from None
    return with_switches(name, switches)


def choice_of(rules: RuleSet) -> str | None:
    """The :data:`RULE_CHOICES` key that gives ``rules``, if one does."""
    for key in RULE_CHOICES:
        if rule_choice(key) == rules:
            return key
    return None


__all__ = [
    "KONTRA_NAMES",
    "PUB",
    "RULE_CHOICES",
    "RULE_SETS",
    "TOURNAMENT",
    "BockEvent",
    "BockStacking",
    "Ramsch",
    "RamschSkat",
    "RamschTie",
    "RuleSet",
    "choice_of",
    "rule_choice",
    "rule_set",
    "with_switches",
]
