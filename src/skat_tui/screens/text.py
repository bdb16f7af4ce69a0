"""Words for what happens at the table, built from a seat's view."""

from __future__ import annotations

from rich.text import Text

from skat_core.bots.knowledge import read_tricks
from skat_core.cards import CARDS, Card
from skat_core.game import POSITION_NAMES
from skat_core.rules import GameType
from skat_core.value import GameResult, RamschResult
from skat_core.views import SeatView

from ..deck import DeckStyle, contract_text, game_name, suit_name, suit_symbol
from ..i18n import N_, _, format_signed, ngettext


def lead_bold(sentence: str) -> Text:
    """A status line with its lead in bold: everything up to the first ': '
    or '. ' ('The bid is 20:' raise it, or pass.), so a translated sentence
    keeps the emphasis wherever its words fall."""
    cut = min((i for i in (sentence.find(": "), sentence.find(". ")) if i >= 0), default=-1)
    if cut < 0:
        return Text(sentence, style="bold")
    return Text.assemble((sentence[:cut + 1], "bold"), sentence[cut + 1:])


def tricks_so_far(view: SeatView) -> list[tuple[int, tuple[int, ...], int]]:
    """(leader seat, cards, winner seat) of every finished trick, worked out
    from the cards everyone saw played."""
    if view.contract is None:
        return []
    tricks = read_tricks(int(view.contract.game), view.plays)
    return [(t.leader, t.cards, t.winner) for t in tricks if t.winner >= 0]


def led_text(view: SeatView, deck: DeckStyle) -> str:
    """What the first card of the trick asks for: 'trump' or a suit name."""
    if not view.trick or view.contract is None:
        return ""
    card: Card = CARDS[view.trick[0]]
    game = view.contract.game
    if game != GameType.NULL and (card.is_jack or card.suit == game.trump_suit):
        return _("trump")
    if deck.is_german:
        return suit_name(card.suit, deck)
    return f"{suit_symbol(card.suit, deck)} {suit_name(card.suit, deck).lower()}"


POSITIONS = (N_("forehand"), N_("middlehand"), N_("rearhand"))
"""The seats of a deal by the order of play (skat_core.game.POSITION_NAMES)."""
POSITION_TITLES = (N_("Forehand"), N_("Middlehand"), N_("Rearhand"))
KONTRA = ("", N_("Kontra"), N_("Re"), N_("Bock"), N_("Hirsch"))
"""The doublings by level (skat_core.ruleset.KONTRA_NAMES)."""


def position_name(seat: int, title: bool = False) -> str:
    """``forehand`` (or ``Forehand``) in the current language."""
    return _((POSITION_TITLES if title else POSITIONS)[seat])


def kontra_name(level: int) -> str:
    return _(KONTRA[level]) if 0 < level < len(KONTRA) else ""


def _signed(n: int) -> str:
    return format_signed(n) if n else "0"


def explain_result(r: GameResult, deck: DeckStyle) -> str:
    """Why a deal scores what it scores, as :meth:`GameResult.explain` says it
    ('♣ Clubs with 2, game 3, hand 4 × 12 = 48; won, +48'), in the current
    language: a list of the value's steps, each a labelled number."""
    if r.ramsch is not None:
        return _explain_ramsch(r.ramsch, r.bock)
    if r.soloist is None or r.contract is None:
        return _aborted(r.aborted) if r.aborted else _("Passed in: nobody played.")
    c = r.contract
    parts: list[str] = []
    if c.game == GameType.NULL:
        parts.append(_("{game} = {value}").format(game=contract_text(c, deck), value=r.value))
    else:
        m = abs(r.matadors)
        steps = [(_("{game} with {matadors}") if r.matadors > 0
                  else _("{game} without {matadors}")).format(
                      game=game_name(c.game, deck), matadors=m)]
        n = m + 1
        steps.append(_("game {n}").format(n=n))
        for flag, template in (
            (c.hand, N_("hand {n}")),
            (r.schneider or c.schneider_announced, N_("schneider {n}")),
            (c.schneider_announced, N_("announced {n}")),
            (r.schwarz or c.schwarz_announced, N_("schwarz {n}")),
            (c.schwarz_announced, N_("announced {n}")),
            (c.ouvert, N_("ouvert {n}")),
        ):
            if flag:
                n += 1
                steps.append(_(template).format(n=n))
        parts.append(_("{steps} × {base} = {value}").format(
            steps=", ".join(steps), base=c.game.base_value, value=n * c.game.base_value))
        if r.overbid:
            parts.append(_("overbid (bid {bid}): lost as {value}").format(bid=r.bid,
                                                                         value=r.value))
    for level in range(1, r.kontra + 1):
        parts.append(_("{doubling} × 2").format(doubling=kontra_name(level)))
    if r.bock > 1:
        parts.append(_("Bock × {factor}").format(factor=r.bock))
    verdict = _("won, {score}") if r.won else _("lost, {score}")
    parts.append(verdict.format(score=format_signed(r.score)))
    return "; ".join(parts)


def _aborted(reason: str) -> str:
    """The engine's reason a deal is void, in the current language where it
    is one the table knows (skat_core.game words it in English)."""
    for seat in range(3):
        for english, template in (
            ("timed out before play began",
             N_("{position} timed out before play began; the deal is void")),
            ("left the table before play began",
             N_("{position} left the table before play began; the deal is void")),
            ("timed out during the Ramsch",
             N_("{position} timed out during the Ramsch; the deal is void")),
            ("left the table during the Ramsch",
             N_("{position} left the table during the Ramsch; the deal is void")),
        ):
            if reason == f"{POSITION_NAMES[seat]} {english}; the deal is void":
                return _(template).format(position=position_name(seat, title=True))
    return reason


def _explain_ramsch(ramsch: RamschResult, bock: int) -> str:
    if ramsch.durchmarsch is not None:
        parts = [_("Ramsch: Durchmarsch by {position}, 120").format(
            position=position_name(ramsch.durchmarsch))]
    else:
        who = ramsch.losers
        if len(who) == 1:
            parts = [_("Ramsch: {position} took the most points, {points}").format(
                position=position_name(who[0]), points=ramsch.points[who[0]])]
        else:
            parts = [_("Ramsch: {positions} took the most points, {points}").format(
                positions=_(" and ").join(position_name(s) for s in who),
                points=ramsch.points[who[0]])]
    if ramsch.jungfrau:
        parts.append(_("Jungfrau × {factor}").format(factor=1 << ramsch.jungfrau))
    if ramsch.pushes:
        parts.append(ngettext("{count} push × {factor}", "{count} pushes × {factor}",
                              ramsch.pushes).format(count=ramsch.pushes,
                                                    factor=1 << ramsch.pushes))
    if bock > 1:
        parts.append(_("Bock × {factor}").format(factor=bock))
    parts.append(", ".join(f"{position_name(s)} {_signed(v)}"
                           for s, v in enumerate(ramsch.scores) if v))
    return "; ".join(parts)
