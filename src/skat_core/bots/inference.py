"""Soft inference: how well a sampled deal explains what the others said.

* A soloist declares a game he expects to win, at a bid his game is worth:
  :func:`declaration_weight` is the evaluator's win chance for the declared
  game with the soloist's ten cards at the start of play and the skat's
  points, cut to a tenth when the game's value with those cards stays below
  the bid.
* A seat that bid or held a value thought some game worth that much:
  :func:`bidding_weight` is the best win chance among the games whose value
  (with the seat's own matadors) reaches it; a seat that never bid thought no
  game worth 18, so it gets the chance that its best game would be lost.

* A seat that played a card chose it for a reason: :func:`play_weight`
  compares each card the others played with the card the rules of
  :mod:`.play_rules` would have played from that seat's hand in the sampled
  deal (seeing what that seat could see), and lowers the weight of deals in
  which they differ.  This is how a partner's discard says something (he
  smears points on his partner's trick, throws his worthless cards on the
  soloist's, leads into the soloist's short suit).

* A soloist who holds the highest trump left draws trumps with it:
  :func:`trump_lead_weight` lowers the weight of deals in which he led a
  side card holding it, or a trump without it.

* A soloist who picked up the skat put away two cards he chose, not two cards
  at random: :func:`resample_discard` deals the two cards of a sampled deal
  that lie in the skat again, from the soloist's cards and the skat of that
  deal, as a soloist would put them away (:data:`DISCARD_SCORES`: bare kings
  and tens, short suits; never a trump), and says how well the soloist's
  twelve cards explain the cards he has played since.

The weights multiply; :func:`accept` turns the product into a keep-or-redraw
decision, so a decision still averages over equally weighted deals.
"""

from __future__ import annotations

import random

from ..cards import CARD_POINTS, Mask
from ..cards import bit_indices as _bits
from ..rules import TRUMPS, GameType, follow_class
from ..value import Contract, game_value, matadors
from .evaluate import chances, fast_points, win_chance
from .knowledge import Trick
from .play_rules import rule_card

FLOOR = 0.02
"""No deal is ruled out entirely: a human may declare a hopeless game."""


def declaration_weight(contract: Contract, bid: int, soloist: int, start_cards: Mask,
                       skat: Mask) -> float:
    """Plausibility (0..1) of the declaration given the soloist's ten cards at
    the start of play and the skat as it lies."""
    game = contract.game
    forehand = soloist == 0
    if game == GameType.NULL:
        w = win_chance(game, start_cards, 0, forehand, contract.ouvert)
    else:
        w = chances(game, start_cards, fast_points(skat), forehand)[0]
        mats = matadors(game, start_cards | skat)
        value = game_value(game, mats, hand=contract.hand,
                           schneider=contract.schneider_announced,
                           schneider_announced=contract.schneider_announced,
                           schwarz=contract.schwarz_announced,
                           schwarz_announced=contract.schwarz_announced,
                           ouvert=contract.ouvert)
        if value < bid:
            w *= 0.1
    return max(FLOOR, w)


_NULL_BIDS = ((23, False, False), (35, True, False), (46, False, True), (59, True, True))


def bidding_weight(start_cards: Mask, forehand: bool, max_bid: int, refused: int) -> float:
    """Plausibility (0..1) of a seat's bidding given its ten starting cards:
    it bid or held ``max_bid`` (0: never) and passed at ``refused`` (0: never)."""
    best_lo = 0.0
    best_hi = 0.0
    for game in (0, 1, 2, 3, GameType.GRAND):
        mats = matadors(game, start_cards)
        reaches_lo = game_value(game, mats, hand=True) >= max_bid
        reaches_hi = refused and game_value(game, mats) >= refused
        if not (reaches_lo or reaches_hi):
            continue
        p = chances(game, start_cards, 10, forehand)[0]
        if reaches_lo and p > best_lo:
            best_lo = p
        if reaches_hi and p > best_hi:
            best_hi = p
    for value, _, ouvert in _NULL_BIDS:
        if value >= max_bid or (refused and value >= refused):
            p = win_chance(GameType.NULL, start_cards, 0, forehand, ouvert)
            if value >= max_bid:
                best_lo = max(best_lo, p)
            if refused and value >= refused:
                best_hi = max(best_hi, p)
            break
    w = max(FLOOR, best_lo) if max_bid else 1.0
    if refused:
        w *= max(0.1, 1.0 - best_hi)
    return w


PLAY_MISMATCH = 0.5
"""Weight factor for each card another seat played that the rules would not
have played from its hand in the sampled deal (a soft hint, not a proof: the
others need not play by these rules)."""


def bids_weight(hands: tuple[Mask, Mask, Mask], seat: int, bids: tuple[int, int, int],
                refused: tuple[int, int, int]) -> float:
    """How well the other seats' sampled ``hands`` explain their bids: the
    product of :func:`bidding_weight` over every seat but ``seat`` that bid
    (``bids``) or refused (``refused``)."""
    w = 1.0
    for s in range(3):
        if s != seat and (bids[s] or refused[s]):
            w *= bidding_weight(hands[s], s == 0, bids[s], refused[s])
    return w


def _same_card(game: int, a: int, b: int, hand: Mask, gone: Mask) -> bool:
    """``a`` and ``b`` are equivalent: same follow class and points, and
    every card between them is the player's own or already played."""
    if a == b:
        return True
    cls = follow_class(game, a)
    if not cls >> b & 1 or CARD_POINTS[a] != CARD_POINTS[b]:
        return False
    lo, hi = min(a, b), max(a, b)
    between = cls & ((1 << hi) - 1) & ~((1 << (lo + 1)) - 1)
    return not between & ~(hand | gone)


def play_weight(game: int, soloist: int, judged: int, hand_now: Mask, skat: Mask,
                tricks: tuple[Trick, ...], mismatch: float = PLAY_MISMATCH) -> float:
    """Plausibility of seat ``judged`` holding ``hand_now`` (and the skat
    being ``skat``, which the soloist knows) given the cards it has played in
    ``tricks``: ``mismatch`` for each card the rules would not have played
    (a null game is not judged)."""
    if game == GameType.NULL or mismatch >= 1.0:
        return 1.0
    later = 0  # cards the seat played after the trick looked at
    for t in tricks:
        for s, c in zip(t.seats, t.cards, strict=True):
            if s == judged:
                later |= 1 << c
    w = 1.0
    gone = 0
    for t in tricks:
        for i, (s, c) in enumerate(zip(t.seats, t.cards, strict=True)):
            if s == judged:
                hand = hand_now | later
                later &= ~(1 << c)
                if hand & (hand - 1):
                    unseen = 0xFFFFFFFF & ~(hand | gone | (skat if s == soloist else 0))
                    for x in t.cards[:i]:
                        unseen &= ~(1 << x)
                    others = (unseen, unseen, unseen)
                    rc = rule_card(game, soloist, s, hand, t.cards[:i], t.leader, others)
                    if not _same_card(game, rc, c, hand, gone):
                        w *= mismatch
            gone |= 1 << c
    return w


def accept(weight: float, rng: random.Random) -> bool:
    return rng.random() < weight


TRUMP_LEAD_FROM = 2
"""The soloist's leads are read from this trick on (0-based): in the first
tricks a soloist also cashes side aces before drawing trumps."""


def trump_lead_weight(game: int, soloist: int, hand_now: Mask, skat: Mask,
                      tricks: tuple[Trick, ...], side_with_top: float,
                      trump_without_top: float) -> float:
    """Plausibility of the soloist holding ``hand_now`` (with ``skat`` put
    away) given how he led while the defenders still held trumps: a soloist
    who holds the highest trump left draws trumps with it, so a side lead
    from such a hand counts ``side_with_top``, and a trump lead from a hand
    without it ``trump_without_top`` (suit and grand games)."""
    if game == GameType.NULL:
        return 1.0
    trumps = TRUMPS[game]
    later = 0
    for t in tricks:
        for s, c in zip(t.seats, t.cards, strict=True):
            if s == soloist:
                later |= 1 << c
    gone = 0
    w = 1.0
    for i, t in enumerate(tricks):
        if t.seats[0] == soloist:
            hand = hand_now | later
            mine = hand & trumps
            theirs = trumps & ~gone & ~hand & ~skat
            if i >= TRUMP_LEAD_FROM and mine and theirs:
                has_top = mine.bit_length() > theirs.bit_length()
                led_trump = bool(trumps >> t.cards[0] & 1)
                if has_top and not led_trump:
                    w *= side_with_top
                elif led_trump and not has_top:
                    w *= trump_without_top
        for s, c in zip(t.seats, t.cards, strict=True):
            gone |= 1 << c
            if s == soloist:
                later &= ~(1 << c)
    return w


DISCARD_SCORES: dict[tuple[str, int], float] = {
    ("A", 1): 0.0001,
    ("A", 2): 0.0001,
    ("A", 3): 0.0001,
    ("A", 4): 0.0001,
    ("K", 1): 0.49,
    ("K", 2): 0.06,
    ("K", 3): 0.0029,
    ("K", 4): 0.0031,
    ("Q", 1): 0.33,
    ("Q", 2): 0.091,
    ("Q", 3): 0.0063,
    ("Q", 4): 0.0051,
    ("T", 1): 1.0,
    ("T", 2): 0.0083,
    ("T", 3): 0.0001,
    ("T", 4): 0.00023,
    ("TA", 2): 0.0014,
    ("TA", 3): 0.00035,
    ("TA", 4): 0.0023,
    ("low", 1): 0.044,
    ("low", 2): 0.017,
    ("low", 3): 0.0011,
    ("low", 4): 0.0004,
}
"""How readily a soloist puts a card away, by its rank (``T``: a ten, ``TA``:
a ten whose ace he holds too, ``low``: 9, 8, 7) and the number of cards of
its side suit among his twelve (4: four or more); a trump scores
:data:`DISCARD_FLOOR`.  The chance of a discard {a, b} out of twelve cards is
score(a) x score(b) over the sum of that product over all 66 pairs.  Fitted
by maximum likelihood on our own bots' discards: ``python -m
skat_core.bots.calibrate discards --level normal --deals 3000`` (2,648
picked-up suit games and grands of three ``normal`` bots after their own
bidding, seed ``gdiscard``), then ``calibrate discardfit`` on those rows.
The pair put away gets a mean log chance of -1.41 held out (fitted on every
other row), against -4.19 for a pair drawn at random: a bare ten almost
always goes, then bare kings and queens, never a trump or an ace.  Scores
under 0.0001 are raised to it.  (An earlier table, fitted outside the
repository on xskat's discards, is described in docs/bots.md.)"""
DISCARD_FLOOR = 0.0001
"""The score of a trump, and of any card the table does not name: nothing
is ruled out entirely (a human may put a trump away)."""
_RANK_CLASS = ("low", "low", "low", "Q", "K", "T", "A")


def discard_class(game: int, twelve: Mask, card: int) -> tuple[str, int] | None:
    """The key of :data:`DISCARD_SCORES` for ``card`` among ``twelve`` cards
    (None: a trump)."""
    trumps = TRUMPS[game]
    if trumps >> card & 1:
        return None
    suit = card // 7
    side = twelve & ~trumps & (0x7F << (7 * suit))
    rank = _RANK_CLASS[card % 7]
    if rank == "T" and twelve >> (7 * suit + 6) & 1:
        rank = "TA"
    return (rank, min(side.bit_count(), 4))


def discard_score(game: int, twelve: Mask, card: int) -> float:
    """How readily a soloist holding ``twelve`` cards puts ``card`` away
    (:data:`DISCARD_SCORES`)."""
    key = discard_class(game, twelve, card)
    return DISCARD_FLOOR if key is None else DISCARD_SCORES.get(key, DISCARD_FLOOR)


def resample_discard(game: int, soloist_hand: Mask, skat: Mask, fixed: Mask, soloist_may: Mask,
                     rng: random.Random) -> tuple[Mask, Mask, float]:
    """A sampled deal's soloist hand and skat dealt again as a soloist puts
    cards away, and the weight of the deal.

    ``soloist_hand`` and ``skat`` are the sampled deal's; ``fixed`` are the
    soloist's cards that cannot lie in the skat (played, or open); the cards
    of ``soloist_hand | skat`` outside ``fixed`` (the pool) are shared out
    again: two go to the skat with a chance proportional to their
    :func:`discard_score` product, among the splits that leave the soloist
    only cards he may hold (``soloist_may``: his voids taken out).  Every
    split of the pool is equally likely before the discard is read, so this
    draws the split exactly as the discard model says.  The weight (0..1)
    is the model's total chance of the splits that remain possible (none
    put away a card he has played since) per split, relative to a pool of
    his twelve cards, so that a deal in which the soloist would rather have
    put away a card he played later counts less (a floor of
    :data:`FLOOR`)."""
    twelve = soloist_hand | skat | fixed
    pool = [c for c in _bits(soloist_hand | skat) if not fixed >> c & 1]
    forced = [c for c in pool if not soloist_may >> c & 1]
    scores = {c: discard_score(game, twelve, c) for c in _bits(twelve)}
    total = sum(scores.values())
    z = (total * total - sum(v * v for v in scores.values())) / 2.0
    pairs: list[tuple[float, int, int]] = []
    for i, a in enumerate(pool):
        for b in pool[i + 1:]:
            if all(c in (a, b) for c in forced):
                pairs.append((scores[a] * scores[b], a, b))
    if not pairs or z <= 0.0:
        return soloist_hand, skat, 1.0
    mass = sum(p for p, _, _ in pairs)
    x = rng.random() * mass
    chosen = pairs[-1]
    for pair in pairs:
        if x < pair[0]:
            chosen = pair
            break
        x -= pair[0]
    _, a, b = chosen
    new_skat = (1 << a) | (1 << b)
    n = len(pool)
    weight = mass / z * (n * (n - 1) / 2) / len(pairs)
    return (soloist_hand | skat) & ~new_skat, new_skat, max(FLOOR, min(1.0, weight))
