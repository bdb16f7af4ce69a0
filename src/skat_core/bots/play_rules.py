"""Rule-of-thumb card play, on masks.

One function, :func:`rule_card`, plays for any seat from what it may assume
about the other hands: ``others[p]`` is the set of cards seat ``p`` *may*
hold.  The ``easy`` bot passes the hidden cards minus the known voids (the
truth as far as it knows it); the Monte Carlo bots' rollouts pass the real
hands of a sampled deal (perfect information), which makes the same rules
play a double-dummy-ish game quickly.

The rules are a club player's first lessons:

* soloist: draw trumps with the top trump while the defenders hold trumps
  (in grand also with a lower one when leading from the top takes all of
  theirs and leaves him a trump), cash the highest card of a side suit that
  no opponent void in it can ruff, otherwise lead low from a short suit (from
  his longest suit once the defenders hold no trump);
* follow: take a trick only with a card nobody behind can beat, with the
  most points that still win; otherwise play the card worth least, from the
  shortest side suit (to make a void);
* defender: put the most points on a trick the partner has safely won
  (ISkO: "schmieren"), never throw points into a lost trick, keep an ace
  whose ten the soloist may still hold (not smeared, not spent on a trick
  worth under 4), lead a side ace the soloist still has to follow, otherwise
  low from a suit the soloist holds;
* null: duck under the highest card on the trick with the highest card that
  still stays under; defenders lead low into the soloist's suits.
"""

from __future__ import annotations

from ..cards import CARD_POINTS, CARD_SUIT, NULL_RANK, NULL_SUIT_CARDS, SUIT_CARDS, Mask
from ..cards import bit_indices as bits
from ..rules import TRUMPS, GameType, beats_table, follow_table, legal_cards

NULL = int(GameType.NULL)
GRAND = int(GameType.GRAND)
KEEP_BELOW = 4
"""A defender spends an ace whose ten the soloist may still hold only on a
trick already worth this many points (else he keeps it to take the ten)."""


BEATS: tuple[tuple[Mask, ...], ...] = tuple(beats_table(g) for g in range(6))
"""``BEATS[game][c]``: the cards that take the trick from ``c`` while ``c`` wins it."""

FOLLOW: tuple[tuple[Mask, ...], ...] = tuple(follow_table(g) for g in range(6))
"""``FOLLOW[game][c]``: the cards that follow a lead of ``c``."""


def trick_state(game: int, trick: tuple[int, ...], leader: int) -> tuple[int, int]:
    """(winning card, winning seat) of a trick in progress."""
    best = trick[0]
    seat = leader
    beats = BEATS[game]
    for i in range(1, len(trick)):
        c = trick[i]
        if beats[best] >> c & 1:
            best = c
            seat = (leader + i) % 3
    return best, seat


def _strength(game: int, c: int) -> int:
    """Trump-aware strength for choosing the lowest card: trumps above plain cards."""
    if TRUMPS[game] >> c & 1:
        return 100 + c
    return c % 7 if c < 28 else c


def _side_suit_len(game: int, hand: Mask, c: int) -> int:
    if game == NULL:
        return (hand & NULL_SUIT_CARDS[CARD_SUIT[c]]).bit_count()
    if TRUMPS[game] >> c & 1:
        return 99
    return (hand & SUIT_CARDS[CARD_SUIT[c]]).bit_count()


def _cheapest(game: int, hand: Mask, cards: list[int]) -> int:
    """The card worth least: fewest points, not a trump, from the shortest
    side suit, lowest."""
    return min(
        cards,
        key=lambda c: (
            CARD_POINTS[c],
            _strength(game, c) >= 100,
            _side_suit_len(game, hand, c),
            _strength(game, c),
        ),
    )


def _threats(game: int, card: int, lead: int, later: Mask, perfect: bool) -> Mask:
    """Cards of a later player that could beat ``card`` (winning now)."""
    beat = BEATS[game][card] & later
    if perfect:
        same = later & FOLLOW[game][lead]
        if same:
            beat &= same
    return beat


def rule_card(
    game: int,
    soloist: int,
    seat: int,
    hand: Mask,
    trick: tuple[int, ...],
    leader: int,
    others: tuple[Mask, Mask, Mask],
    perfect: bool = False,
) -> int:
    """The card the rules play.  ``others[p]`` are the cards seat ``p`` may
    hold (``perfect``: exactly holds)."""
    legal = legal_cards(game, hand, trick[0] if trick else None)
    if legal & (legal - 1) == 0:
        return legal.bit_length() - 1
    if game == NULL:
        return _null_card(soloist, seat, hand, legal, trick, leader, others, perfect)
    cards = bits(legal)
    trumps = TRUMPS[game]
    beats = BEATS[game]
    if not trick:
        return _lead(game, soloist, seat, hand, cards, others, perfect)
    lead = trick[0]
    best, winner = trick_state(game, trick, leader)
    later = (seat + 1) % 3 if len(trick) == 1 else -1
    later_cards = others[later] if later >= 0 else 0
    winners = [c for c in cards if beats[best] >> c & 1]
    points_on_table = sum(CARD_POINTS[c] for c in trick)

    def safe(c: int) -> bool:
        if later < 0:
            return True
        if seat != soloist and later != soloist:
            return True  # the partner plays last
        return not _threats(game, c, lead, later_cards, perfect)

    if seat == soloist:
        good = [c for c in winners if safe(c)]
        if good:
            plain = [c for c in good if not trumps >> c & 1]
            if plain:
                return max(plain, key=lambda c: (CARD_POINTS[c], -c))
            low = min(good, key=lambda c: (CARD_POINTS[c] if c < 28 else 5, c))
            if low >= 28 and points_on_table < 4 and len(cards) > 3:
                non_trump = [c for c in cards if not trumps >> c & 1]
                if non_trump:
                    return _cheapest(game, hand, non_trump)
            return low
        return _cheapest(game, hand, cards)

    partner = 3 - seat - soloist
    keep = _aces_over_tens(game, legal, others[soloist], trick)
    if winner == partner:
        partner_safe = later != soloist or not _threats(game, best, lead, later_cards, perfect)
        if partner_safe:
            return _smear(game, hand, [c for c in cards if not keep >> c & 1] or cards)
        over = [c for c in winners if safe(c)]
        if over:
            return max(over, key=lambda c: (CARD_POINTS[c], -c))
        return _cheapest(game, hand, cards)
    # The soloist is winning the trick (or plays after me).
    good = [c for c in winners if safe(c)]
    if good:
        plain = [c for c in good if not trumps >> c & 1]
        if keep and points_on_table < KEEP_BELOW:
            plain = [c for c in plain if not keep >> c & 1]
            if not plain and all(keep >> c & 1 or trumps >> c & 1 for c in good):
                return _cheapest(game, hand, [c for c in cards if not keep >> c & 1] or cards)
        if plain:
            return max(plain, key=lambda c: (CARD_POINTS[c], -c))
        if points_on_table >= 3 or later < 0:
            return max(good, key=lambda c: (CARD_POINTS[c] if c < 28 else -1, -c))
    return _cheapest(game, hand, cards)


def _aces_over_tens(game: int, legal: Mask, solo: Mask, trick: tuple[int, ...]) -> Mask:
    """A defender's legal side aces whose suit's ten the soloist may still
    hold (and has not put on this trick): kept to take the ten later
    rather than spent on a cheap trick or smeared."""
    out = 0
    for s in range(4):
        ace = 1 << (s * 7 + 6)
        ten = s * 7 + 5
        if legal & ace and not TRUMPS[game] & ace and solo >> ten & 1 and ten not in trick:
            out |= ace
    return out


def _smear(game: int, hand: Mask, cards: list[int]) -> int:
    """Most points onto the partner's trick, never a jack unless forced."""
    plain = [c for c in cards if c < 28] or cards
    return max(plain, key=lambda c: (CARD_POINTS[c], -_side_suit_len(game, hand, c), -c))


def _lead(
    game: int, soloist: int, seat: int, hand: Mask, cards: list[int],
    others: tuple[Mask, Mask, Mask], perfect: bool = False,
) -> int:
    trumps = TRUMPS[game]
    beats = BEATS[game]
    my_trumps = hand & trumps
    if seat == soloist:
        d1, d2 = (seat + 1) % 3, (seat + 2) % 3
        opp = others[d1] | others[d2]
        opp_trumps = opp & trumps
        if my_trumps and opp_trumps:
            top = my_trumps.bit_length() - 1
            if not beats[top] & opp_trumps:
                return top
            if game == GRAND:
                held = (others[d1] & trumps, others[d2] & trumps)
                if not perfect:
                    held = (opp_trumps, 0)  # the worst case: all of them in one hand
                if _draws_trumps(my_trumps, held[0], held[1]):
                    return top
            if my_trumps.bit_count() >= 4 and my_trumps.bit_count() > opp_trumps.bit_count() // 2:
                return min(bits(my_trumps), key=lambda c: (CARD_POINTS[c] if c < 28 else 9, c))
        cash = _cash(game, hand, opp, (others[d1], others[d2]), opp_trumps)
        if cash >= 0:
            return cash
        side = [c for c in cards if not trumps >> c & 1]
        if side and not opp_trumps:
            # Nothing of his can be ruffed any more: lose the tricks he must
            # lose in his longest suit, low, so that its rest stands.
            return min(side, key=lambda c: (-_side_suit_len(game, hand, c), CARD_POINTS[c], c))
        if side:
            return _cheapest(game, hand, side)
        return min(cards, key=lambda c: (CARD_POINTS[c] if c < 28 else 9, c))
    # Defender.
    partner = 3 - seat - soloist
    solo = others[soloist]
    opp_trumps = solo & trumps
    cash = _cash(game, hand, others[partner] | solo, (solo,), opp_trumps)
    if cash >= 0:
        return cash
    side = [c for c in cards if not trumps >> c & 1]
    if not side:
        return min(cards, key=lambda c: (CARD_POINTS[c] if c < 28 else 9, c))
    if perfect:
        return _open_defender_lead(game, hand, side, solo, others[partner])

    def score(c: int) -> tuple[int, int, int, int]:
        suit = SUIT_CARDS[CARD_SUIT[c]]
        soloist_has = 1 if solo & suit else 0
        partner_void = 1 if not others[partner] & suit else 0
        mine = hand & suit
        # Keep a ten guarded while the ace is out.
        guards_ten = 1 if mine >> (CARD_SUIT[c] * 7 + 5) & 1 and c % 7 != 5 else 0
        return (-(soloist_has + partner_void) + guards_ten, CARD_POINTS[c], mine.bit_count(), c)

    return min(side, key=score)


FORCE_MARGIN: int | None = None
"""In grand, a defender who sees every hand (the rollouts) leads first into
a side suit the soloist is void in, so that he ruffs with a jack or throws a
card, while the soloist holds at most this many trumps more than the two
defenders together (None: never; such a suit then comes last, as it always
does in suit games and against a soloist with more trumps).  Off: with 1 it
cut the rules' open-card loss of the grand defender lead by a quarter, but
measured -0.95 +- 1.97 for ``normal`` against xskat and changed no result
of ``strong`` (docs/bots.md, "The defenders' lead")."""


def _open_defender_lead(game: int, hand: Mask, side: list[int], solo: Mask, partner: Mask
                        ) -> int:
    """A defender's side-suit lead when every hand is known (the rollouts):
    into a suit the partner takes (his top card beats all of the soloist's,
    or he ruffs where the soloist must follow), with the most points below
    the partner's top card; else into a suit where the soloist must follow
    and takes it, with the fewest points (a guarded ten kept); a suit the
    soloist ruffs last, except in grand while he is not long in jacks
    (:data:`FORCE_MARGIN`): then first, with the fewest points, so that
    every ruff costs him a jack."""
    trumps = TRUMPS[game]
    solo_trumps = solo & trumps
    partner_trumps = partner & trumps
    force = game == GRAND and FORCE_MARGIN is not None and (
        solo_trumps.bit_count() <= ((hand | partner) & trumps).bit_count() + FORCE_MARGIN)

    def score(c: int) -> tuple[int, int, int, int]:
        suit = SUIT_CARDS[CARD_SUIT[c]] & ~trumps
        s = solo & suit
        p = partner & suit
        mine = hand & suit
        if not s and solo_trumps:
            # The soloist ruffs (unless the partner overruffs: not looked at);
            # in grand each ruff costs him a jack, which the defenders' jacks
            # then outlast.
            if force:
                return (-1, CARD_POINTS[c], -mine.bit_count(), c)
            return (3, CARD_POINTS[c], -mine.bit_count(), c)
        partner_top = p.bit_length() - 1 if p else -1
        solo_top = s.bit_length() - 1 if s else -1
        if (p and partner_top > solo_top) or (not p and partner_trumps and s):
            # The partner's trick: smear what he beats (my own top would be a cash).
            under = partner_top < 0 or c < partner_top
            return (0, -CARD_POINTS[c] if under else CARD_POINTS[c], mine.bit_count(), c)
        if not s:
            # Nobody beats it but me or the partner; the soloist throws off.
            return (1, CARD_POINTS[c], mine.bit_count(), c)
        guards_ten = 1 if mine >> (CARD_SUIT[c] * 7 + 5) & 1 and c % 7 != 5 else 0
        return (2, CARD_POINTS[c] + 10 * guards_ten, mine.bit_count(), c)

    return min(side, key=score)


def _draws_trumps(mine: Mask, first: Mask, second: Mask) -> bool:
    """Whether leading trumps from the top takes every trump out of the two
    defenders' hands (``first``, ``second``) and leaves the soloist a trump:
    each defender overtakes with his highest trump where it wins the trick,
    else plays his lowest (a trump suit's cards rank by their bit)."""
    while first | second:
        if not mine:
            return False
        win = mine.bit_length() - 1
        mine &= ~(1 << win)
        hands = [first, second]
        for i in (0, 1):
            h = hands[i]
            if h:
                high = h.bit_length() - 1
                card = high if high > win else (h & -h).bit_length() - 1
                win = max(win, card)
                hands[i] = h & ~(1 << card)
        first, second = hands
    return mine != 0


def _cash(
    game: int, hand: Mask, out: Mask, opponents: tuple[Mask, ...], opp_trumps: Mask
) -> int:
    """A side card that is the highest left in its suit, in a suit every
    opponent may still follow (or that no opponent can trump); -1 if none."""
    trumps = TRUMPS[game]
    best = -1
    best_points = -1
    for s in range(4):
        suit = SUIT_CARDS[s] & ~trumps
        mine = hand & suit
        if not mine:
            continue
        top = mine.bit_length() - 1
        if out & suit & ~((1 << (top + 1)) - 1):
            continue  # a higher card of the suit is still out
        if opp_trumps and any(not o & suit and o & trumps for o in opponents):
            continue  # an opponent void in the suit may trump it
        if CARD_POINTS[top] > best_points:
            best, best_points = top, CARD_POINTS[top]
    return best


def _null_card(
    soloist: int, seat: int, hand: Mask, legal: Mask, trick: tuple[int, ...], leader: int,
    others: tuple[Mask, Mask, Mask], perfect: bool,
) -> int:
    cards = bits(legal)
    out = (others[0] | others[1] | others[2]) & ~hand

    def below(c: int) -> int:
        """Outstanding cards of c's suit lower than c."""
        suit = NULL_SUIT_CARDS[CARD_SUIT[c]] & out
        return sum(1 for d in bits(suit) if NULL_RANK[d] < NULL_RANK[c])

    if not trick:
        if seat == soloist:
            return min(cards, key=lambda c: (below(c), NULL_RANK[c]))
        solo = others[soloist]
        if perfect:
            partner = others[3 - seat - soloist]
            caught = [c for c in cards if _null_catches(c, solo, partner)]
            if caught:
                return min(caught, key=lambda c: NULL_RANK[c])
        good = [c for c in cards if solo & NULL_SUIT_CARDS[CARD_SUIT[c]]]
        return min(good or cards, key=lambda c: (NULL_RANK[c], below(c)))
    lead = trick[0]
    best, winner = trick_state(NULL, trick, leader)
    lead_suit = NULL_SUIT_CARDS[CARD_SUIT[lead]]
    following = bool(legal & lead_suit)
    if seat == soloist:
        if following:
            under = [c for c in cards if NULL_RANK[c] < NULL_RANK[best]]
            if under:
                return max(under, key=lambda c: NULL_RANK[c])
            return min(cards, key=lambda c: NULL_RANK[c])
        # Void: throw the most dangerous card.
        return max(cards, key=lambda c: (NULL_RANK[c] - below(c), NULL_RANK[c]))
    soloist_played = (soloist - leader) % 3 < len(trick)
    if not following:
        return max(cards, key=lambda c: (NULL_RANK[c], -below(c)))
    if soloist_played:
        if winner == soloist:
            under = [c for c in cards if NULL_RANK[c] < NULL_RANK[best]]
            if under:
                return max(under, key=lambda c: NULL_RANK[c])
            return min(cards, key=lambda c: NULL_RANK[c])
        return max(cards, key=lambda c: NULL_RANK[c])
    return min(cards, key=lambda c: NULL_RANK[c])


def _null_catches(card: int, solo: Mask, partner: Mask) -> bool:
    """With open hands: leading ``card`` in null makes the soloist take the
    trick (his every card of the suit is above it and above the partner's
    lowest, which the partner can play under him)."""
    suit = NULL_SUIT_CARDS[CARD_SUIT[card]]
    s = solo & suit
    if not s:
        return False
    low = min(NULL_RANK[d] for d in bits(s))
    if low < NULL_RANK[card]:
        return False
    p = partner & suit
    return not p or min(NULL_RANK[d] for d in bits(p)) < low
