"""Schwarz and ouvert: when a hand takes every trick, and how to play it.

A game with schwarz announced (and a suit or grand ouvert, which includes it)
is lost with the first trick the defenders take, whatever its points, so the
double-dummy solver's card points cannot decide it: a trick of three sevens
carries no points and still loses the game.  This module counts tricks.

* :func:`claims` is a *claim* in the ISkO sense, for the soloist on lead: his
  trumps that beat every trump the defenders may hold are at least as many as
  the trumps one defender may hold (each such lead draws a trump from every
  defender who has one), and each of his side cards beats every card of its
  suit the defenders may hold (once their trumps are gone nothing else can
  beat it).  Played top trumps first, then anything, the hand takes every
  trick whatever the lie of the other cards; the line needs no look at them,
  so it holds just as well when the defenders see the soloist's cards.
* :func:`proof` applies this to a ten-card hand before the first lead: the
  hidden cards are all 22 others (the two defenders' hands and the skat).
  Forehand leads, so the claim is the proof.  Another seat must first win a
  trick led by a defender against any lie; :func:`proof` accepts only leads
  the soloist wins for sure (see there).
* :func:`risk_only_first_trick` names the hands whose only danger is the
  first trick: they claim from the lead, and may lose only to a ruff of a
  side suit led by a defender (they keep the claim after winning trick 1).
  Their risk is estimated by sampling lies (:func:`sampled_failures`).
* :class:`AllTricks` is an exact double-dummy search of "does the soloist
  take every remaining trick?": an AND-OR search, the soloist choosing and
  the defenders answering, memoised at trick boundaries (where the soloist,
  who must win every trick, always leads) and cut short by :func:`claims` on
  the actual hands.  Cards that are neighbours in rank within a follow class
  of one hand, once the cards between them are gone, take the same tricks
  and are searched once (points do not matter here).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..cards import ALL_CARDS, SUIT_CARDS, Mask
from ..cards import bit_indices as bits
from ..game import Declare
from ..rules import TRUMPS, GameType, legal_cards
from ..value import game_value, matadors
from .play_rules import BEATS, FOLLOW

NULL = int(GameType.NULL)


def _classes(game: int) -> tuple[Mask, ...]:
    """The follow classes of a suit or grand game: trumps, then the side suits."""
    trumps = TRUMPS[game]
    return (trumps, *(SUIT_CARDS[s] & ~trumps for s in range(4)))


_CLASSES = tuple(_classes(g) for g in range(5))


def top_trumps(game: int, hand: Mask, others: Mask) -> Mask:
    """The trumps of ``hand`` that beat every trump in ``others``."""
    beats = BEATS[game]
    opp = others & TRUMPS[game]
    out = 0
    for t in bits(hand & TRUMPS[game]):
        if not beats[t] & opp:
            out |= 1 << t
    return out


def claims(game: int, hand: Mask, others: Mask, max_trumps: int) -> bool:
    """Whether ``hand``, on lead, takes every trick against defenders who
    may hold the cards ``others``, one of them at most ``max_trumps`` trumps
    (see the module docstring)."""
    trumps = TRUMPS[game]
    if top_trumps(game, hand, others).bit_count() < max_trumps:
        return False
    beats = BEATS[game]
    side_others = others & ~trumps
    return all(not beats[c] & side_others for c in bits(hand & ~trumps))


def claims_open(game: int, hand: Mask, d1: Mask, d2: Mask) -> bool:
    """Whether ``hand``, on lead against the open hands ``d1`` and ``d2``,
    takes every trick by leading trumps from the top until the defenders
    have none, then each side suit from the top.  A defender keeps his
    highest card of a suit until he must play it, so the soloist's i-th
    highest card of a class wins if it beats the highest card of that class
    of each defender who holds at least i of them (and the soloist must hold
    as many trumps as each defender)."""
    beats = BEATS[game]
    trumps = TRUMPS[game]
    for cls in _CLASSES[game]:
        mine = bits(hand & cls)[::-1]
        for d in (d1, d2):
            theirs = d & cls
            if not theirs:
                continue
            k = theirs.bit_count()
            if cls == trumps and len(mine) < k:
                return False
            high = theirs.bit_length() - 1
            for c in mine[:k]:
                if beats[c] >> high & 1:
                    return False
    return True


def proof(game: int, hand: Mask, forehand: bool) -> bool:
    """Whether ten cards take all ten tricks against every lie of the 22
    others, with a line that needs no look at them (so also ouvert).

    Forehand: :func:`claims`.  Another seat must win the first trick,
    whatever a defender leads and the other defender plays, and still claim
    afterwards:

    * a trump lead: he follows with a top trump (one fewer top trump, one
      fewer trump out);
    * a side suit he is void in: he ruffs with a top trump (one fewer top
      trump, as many trumps out in the worst case);
    * a side suit he holds: every card of his beats the led card, but the
      other defender may be void and ruff, unless the defenders hold no
      trumps at all (only a grand with four jacks).
    """
    if game == NULL:
        return False
    others = ALL_CARDS & ~hand
    trumps = TRUMPS[game]
    out = (others & trumps).bit_count()
    if not claims(game, hand, others, out):
        return False
    return forehand or wins_any_first_lead(game, hand, others, out)


def wins_any_first_lead(game: int, hand: Mask, others: Mask, max_trumps: int) -> bool:
    """Whether ``hand``, which claims from the lead (:func:`claims`), also
    wins a trick a defender leads and still claims after it, against
    defenders who may hold ``others``, one of them at most ``max_trumps``
    trumps (the cases in :func:`proof`'s docstring)."""
    trumps = TRUMPS[game]
    tops = top_trumps(game, hand, others).bit_count()
    for s in range(4):
        suit = SUIT_CARDS[s] & ~trumps
        if not others & suit:
            continue  # nothing of it to lead
        if hand & suit:
            if others & trumps:
                return False  # the other defender may be void and ruff
        elif tops - 1 < max_trumps or tops == 0:
            return False  # he must ruff with a top trump and keep enough
    return True


def risk_only_first_trick(game: int, hand: Mask) -> bool:
    """Ten cards that claim from the lead and, if they win a first trick led
    by a defender, still claim: the danger is a ruff in trick 1 only."""
    if game == NULL:
        return False
    others = ALL_CARDS & ~hand
    trumps = TRUMPS[game]
    out = (others & trumps).bit_count()
    if not claims(game, hand, others, out):
        return False
    tops = top_trumps(game, hand, others).bit_count()
    for s in range(4):
        suit = SUIT_CARDS[s] & ~trumps
        if others & suit and not hand & suit and (tops == 0 or tops - 1 < out):
            return False
    return True


def claim_card(game: int, hand: Mask, others: Mask) -> int:
    """The next lead of the claim line: a top trump while the defenders may
    still hold trumps, then the highest card (every card then wins)."""
    if others & TRUMPS[game]:
        tops = top_trumps(game, hand, others)
        if tops:
            return tops.bit_length() - 1
    return hand.bit_length() - 1


def sure_trick_card(game: int, seat: int, soloist: int, legal: Mask, trick: tuple[int, ...],
                    leader: int, possible: tuple[Mask, Mask, Mask]) -> int:
    """A card of ``legal`` after which ``seat``'s side takes the current
    trick whatever the seats still to play hold (``possible[p]``: the cards
    seat ``p`` may hold; following suit is ignored, so this errs on the safe
    side), the lowest such card; -1 if there is none."""
    beats = BEATS[game]
    trumps = TRUMPS[game]
    solo = seat == soloist
    later = [(leader + i) % 3 for i in range(len(trick) + 1, 3)]
    best = -1
    best_seat = -1
    for i, c in enumerate(trick):
        if best < 0 or beats[best] >> c & 1:
            best, best_seat = c, (leader + i) % 3
    for c in sorted(bits(legal), key=lambda c: (bool(trumps >> c & 1), c)):
        top, top_seat = (c, seat) if best < 0 or beats[best] >> c & 1 else (best, best_seat)
        if (top_seat == soloist) != solo:
            continue
        # Only the other side can take it from us.
        if all(not beats[top] & possible[p] for p in later if (p == soloist) != solo):
            return c
    return -1


def same_tricks(game: int, cards: Mask, in_play: Mask) -> dict[int, int]:
    """Each of ``cards`` (all of one hand) mapped to the highest card of its
    group of cards that take the same tricks: neighbours in rank within a
    follow class once the cards between them are out of play."""
    out: dict[int, int] = {}
    for cls in _CLASSES[game]:
        mine = cards & cls
        if not mine:
            continue
        first = -1
        for c in reversed(bits(in_play & cls)):  # high to low (bit order is rank order)
            if mine >> c & 1:
                if first < 0:
                    first = c
                out[c] = first
            else:
                first = -1
    return out


def distinct_cards(game: int, cards: Mask, in_play: Mask) -> list[int]:
    """One card of each group of :func:`same_tricks`, highest class first."""
    out: list[int] = []
    for c, first in same_tricks(game, cards, in_play).items():
        if c == first:
            out.append(c)
    return out


class AllTricks:
    """Exact double-dummy test: does the soloist take every remaining trick?

    One instance per game and soloist; its memo keys the positions at trick
    boundaries (where the soloist leads) by the three hands, so it serves
    any number of deals.  ``nodes`` counts the cards tried; past
    ``node_limit`` cards in one call (0: no limit) the search gives up and
    answers False (the soloist is assumed to lose: the safe side for an
    announcement).
    """

    def __init__(self, game: int, soloist: int, node_limit: int = 0) -> None:
        if not 0 <= game < NULL:
            raise ValueError(f"not a suit or grand game: {game}")
        self.game = game
        self.soloist = soloist
        self.node_limit = node_limit
        self.nodes = 0
        self._memo: dict[tuple[Mask, Mask, Mask], bool] = {}
        self._over = False
        self._stop = 0

    def wins(self, hands: tuple[Mask, Mask, Mask], to_move: int,
             trick: tuple[int, ...] = (), leader: int | None = None) -> bool:
        """Whether the soloist takes the current trick (``trick`` holds its
        cards so far, led by ``leader``) and every one after it."""
        if leader is None:
            leader = to_move
        if len(self._memo) > 200_000:
            self._memo.clear()
        self._over = False
        self._stop = self.nodes + self.node_limit if self.node_limit else 0
        hs = [hands[0], hands[1], hands[2]]
        if not trick and leader == self.soloist:
            result = self._boundary(hs)
        else:
            result = self._trick(hs, leader, list(trick))
        return result and not self._over

    def _boundary(self, hands: list[Mask]) -> bool:
        s = self.soloist
        mine = hands[s]
        if not mine:
            return True
        key = (hands[0], hands[1], hands[2])
        got = self._memo.get(key)
        if got is not None:
            return got
        if claims_open(self.game, mine, hands[(s + 1) % 3], hands[(s + 2) % 3]):
            result = True
        else:
            result = self._trick(hands, s, [])
        if not self._over:
            self._memo[key] = result
        return result

    def _trick(self, hands: list[Mask], leader: int, trick: list[int]) -> bool:
        game = self.game
        beats = BEATS[game]
        if len(trick) == 3:
            best = 0
            for i in (1, 2):
                if beats[trick[best]] >> trick[i] & 1:
                    best = i
            if (leader + best) % 3 != self.soloist:
                return False
            return self._boundary(hands)
        if self._over:
            return False
        seat = (leader + len(trick)) % 3
        hand = hands[seat]
        legal = legal_cards(game, hand, trick[0] if trick else None)
        in_play = hands[0] | hands[1] | hands[2]
        for c in trick:
            in_play |= 1 << c
        moves = distinct_cards(game, legal, in_play)
        solo = seat == self.soloist
        if trick:
            best = 0
            for i in range(1, len(trick)):
                if beats[trick[best]] >> trick[i] & 1:
                    best = i
            top = trick[best]
            # Cards that take the lead in the trick first: the soloist's
            # wins, the defenders' refutations.
            moves.sort(key=lambda c: not beats[top] >> c & 1)
            if not solo and (leader + best) % 3 != self.soloist and len(trick) == 2:
                return False  # the partner's card wins the trick already
        elif not solo:
            # A defender leads: lead what the soloist cannot follow first.
            moves.sort(key=lambda c: bool(hands[self.soloist] & FOLLOW[game][c]))
        for c in moves:
            self.nodes += 1
            if self._stop and self.nodes > self._stop:
                self._over = True
                return False
            hands[seat] ^= 1 << c
            trick.append(c)
            ok = self._trick(hands, leader, trick)
            trick.pop()
            hands[seat] ^= 1 << c
            if self._over:
                return False
            if ok == solo:
                return ok
        return not solo


def sampled_failures(game: int, seat: int, hand: Mask, samples: int, rng: random.Random,
                     node_limit: int = 20_000) -> tuple[int, int]:
    """(lies lost, lies tried): the soloist in ``seat`` with ``hand`` before
    the first lead, against ``samples`` uniformly dealt lies of the 22 other
    cards, each searched by :class:`AllTricks` (a search over its node limit
    counts as lost).  Stops at the first lost lie."""
    rest = bits(ALL_CARDS & ~hand)
    tried = 0
    for _ in range(samples):
        rng.shuffle(rest)
        hands = [0, 0, 0]
        hands[seat] = hand
        d1, d2 = (seat + 1) % 3, (seat + 2) % 3
        for c in rest[:10]:
            hands[d1] |= 1 << c
        for c in rest[10:20]:
            hands[d2] |= 1 << c
        tried += 1
        search = AllTricks(game, seat, node_limit)
        if not search.wins((hands[0], hands[1], hands[2]), 0):
            return 1, tried
    return 0, tried


CONFIRM_SAMPLES = 32
"""Lies searched to confirm a proof (a guard against a flaw in it; cheap)."""


@dataclass(frozen=True, slots=True)
class Announcement:
    """A hand game with schwarz announced or ouvert that the hand justifies."""

    declare: Declare
    value: int
    """Its value if won (all tricks), matadors counted over the ten cards
    only: the skat can only add to a run the soloist holds from the ♣J."""
    win: float
    """1 for a proof; otherwise one minus the rule-of-succession estimate
    of the loss rate, ``1 / (lies + 2)``, after every sampled lie was won."""
    why: str


def announcements(hand: Mask, seat: int, bid: int, samples: int, rng: random.Random
                  ) -> list[Announcement]:
    """The schwarz and ouvert games worth declaring with ten cards before
    looking at the skat, best value first, none below the bid.

    * :func:`proof` (every lie, a line that needs no look at the hidden
      cards): the game ouvert, worth more than schwarz announced; the proof is
      confirmed on :data:`CONFIRM_SAMPLES` sampled lies by the exact search.
    * :func:`risk_only_first_trick` (only a ruff in trick 1 can beat it):
      schwarz announced, not ouvert, if the exact search wins every one of
      ``samples`` sampled lies (the defenders there see every card, a
      harder test than the table's, where they see none of his).
    """
    out: list[Announcement] = []
    for game in (0, 1, 2, 3, int(GameType.GRAND)):
        mats = matadors(game, hand)
        if mats <= 0:
            continue  # every claim holds the ♣J (see proof)
        if proof(game, hand, seat == 0):
            value = game_value(game, mats, ouvert=True)
            if value < bid:
                continue
            lost, tried = sampled_failures(game, seat, hand, CONFIRM_SAMPLES, rng)
            if lost:
                continue
            out.append(Announcement(Declare(GameType(game), hand=True, ouvert=True), value,
                                    1.0, "takes every trick against any lie"))
        elif samples > 0 and risk_only_first_trick(game, hand):
            value = game_value(game, mats, hand=True, schwarz_announced=True)
            if value < bid:
                continue
            lost, tried = sampled_failures(game, seat, hand, samples, rng)
            if lost:
                continue
            out.append(Announcement(Declare(GameType(game), hand=True, schwarz=True), value,
                                    1.0 - 1.0 / (tried + 2),
                                    f"took every trick in all {tried} sampled lies"))
    out.sort(key=lambda a: -a.value)
    return out


def proven_value(hand: Mask, forehand: bool) -> int:
    """The highest ouvert value :func:`proof` guarantees for ten cards (0 if
    none): what the hand is worth while bidding, whatever else it holds."""
    best = 0
    for game in (0, 1, 2, 3, int(GameType.GRAND)):
        mats = matadors(game, hand)
        if mats > 0 and proof(game, hand, forehand):
            best = max(best, game_value(game, mats, ouvert=True))
    return best


__all__ = [
    "CONFIRM_SAMPLES",
    "AllTricks",
    "Announcement",
    "announcements",
    "claim_card",
    "claims",
    "claims_open",
    "distinct_cards",
    "proof",
    "proven_value",
    "risk_only_first_trick",
    "same_tricks",
    "sampled_failures",
    "sure_trick_card",
    "top_trumps",
]
