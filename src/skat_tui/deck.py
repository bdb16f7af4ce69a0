"""How cards look: deck styles, card faces and the order of a hand.

Everything the screens draw for a card goes through :func:`card_text`,
:func:`card_chip` and :func:`card_face`, so a deck style changes every screen
at once (and a test can list what a card looks like on screen).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from rich.style import Style
from rich.text import Text

from skat_core.cards import NULL_RANK, Card, Mask, Rank, Suit, cards_of
from skat_core.rules import GameType
from skat_core.value import Contract

from .i18n import N_, _


class DeckStyle(StrEnum):
    """The three decks a Skat player knows."""

    FOUR_COLOUR = "four-colour"
    """French suits in the German tournament colours: ♣ black, ♠ green, ♥ red, ♦ orange."""
    TWO_COLOUR = "two-colour"
    """French suits, black and red."""
    GERMAN_SYMBOLS = "german-symbols"
    """German suits as symbols in their colours: ♣ Eichel (brown), ♠ Grün (green),
    ♥ Rot (red), ● Schellen (gold); U (Unter) and O (Ober) for jack and queen.
    Every glyph is in WGL4, so in every common monospace font (DejaVu Sans
    Mono, Menlo, Consolas, Cascadia, Liberation Mono), one cell wide: no emoji."""
    GERMAN = "german"
    """German suits by letter: E Eichel, G Grün, R Rot, S Schellen (``EU``, ``R10``)."""

    @property
    def label(self) -> str:
        return {
            DeckStyle.FOUR_COLOUR: _("French, four colours (tournament)"),
            DeckStyle.TWO_COLOUR: _("French, two colours"),
            DeckStyle.GERMAN_SYMBOLS: _("German: ♣Eichel ♠Grün ♥Rot ●Schellen"),
            DeckStyle.GERMAN: _("German, letters: EU = Eichel-Unter"),
        }[self]

    @property
    def is_german(self) -> bool:
        """German suits and ranks (Eichel … Schellen, Unter, Ober)."""
        return self in (DeckStyle.GERMAN, DeckStyle.GERMAN_SYMBOLS)


PAPER = "#f7f4ea"
"""The card face."""
PAPER_DIM = "#a7a49c"
"""A card that may not be played now."""
PAPER_CURSOR = "#ffe27a"
PAPER_SELECTED = "#9fd3ff"
BACK = "#2d4fa3"
"""The back of a card (opponents' hands, the skat)."""

_SUIT_COLOURS: dict[DeckStyle, tuple[str, str, str, str]] = {
    # indexed by Suit: diamonds, hearts, spades, clubs
    DeckStyle.FOUR_COLOUR: ("#d46a00", "#c8102e", "#0f7a34", "#111111"),
    DeckStyle.TWO_COLOUR: ("#c8102e", "#c8102e", "#111111", "#111111"),
    DeckStyle.GERMAN: ("#b07d00", "#c8102e", "#0f7a34", "#6b3b12"),
    DeckStyle.GERMAN_SYMBOLS: ("#b07d00", "#c8102e", "#0f7a34", "#6b3b12"),
}

_FRENCH_RANKS = {
    Rank.SEVEN: "7", Rank.EIGHT: "8", Rank.NINE: "9", Rank.QUEEN: "Q",
    Rank.KING: "K", Rank.TEN: "10", Rank.ACE: "A", Rank.JACK: "J",
}
_GERMAN_RANKS = {**_FRENCH_RANKS, Rank.QUEEN: "O", Rank.JACK: "U"}
_GERMAN_SUIT_LETTERS = ("S", "R", "G", "E")
_GERMAN_SUIT_SYMBOLS = ("●", "♥", "♠", "♣")
"""Schellen, Rot, Grün, Eichel: a bell, a heart, a leaf, the acorns' trefoil
(as the four-colour tournament deck maps them)."""
_GERMAN_SUIT_NAMES = ("Schellen", "Rot", "Grün", "Eichel")
_FRENCH_SUIT_NAMES = (N_("Diamonds"), N_("Hearts"), N_("Spades"), N_("Clubs"))
_GAME_LABELS = {GameType.GRAND: N_("Grand"), GameType.NULL: N_("Null")}
"""Grand and Null in the current language (Ukrainian players say Ґран, Нуль)."""


def suit_colour(suit: Suit, style: DeckStyle) -> str:
    return _SUIT_COLOURS[style][suit]


def suit_symbol(suit: Suit, style: DeckStyle) -> str:
    """♣ ♠ ♥ ♦; German ♣ ♠ ♥ ●, or the German suit's initial."""
    if style == DeckStyle.GERMAN:
        return _GERMAN_SUIT_LETTERS[suit]
    if style == DeckStyle.GERMAN_SYMBOLS:
        return _GERMAN_SUIT_SYMBOLS[suit]
    return suit.symbol


def suit_name(suit: Suit, style: DeckStyle) -> str:
    if style.is_german:
        return _GERMAN_SUIT_NAMES[suit]
    return _(_FRENCH_SUIT_NAMES[suit])


def card_text(card: Card, style: DeckStyle) -> str:
    """The plain text of a card: ``J♣``, ``10♥``; German ``U♣``, ``10●``, or
    by letter ``EU``, ``R10``."""
    if style == DeckStyle.GERMAN:
        return _GERMAN_SUIT_LETTERS[card.suit] + _GERMAN_RANKS[card.rank]
    if style == DeckStyle.GERMAN_SYMBOLS:
        return _GERMAN_RANKS[card.rank] + _GERMAN_SUIT_SYMBOLS[card.suit]
    return _FRENCH_RANKS[card.rank] + card.suit.symbol


def card_style(card: Card, style: DeckStyle, paper: str = PAPER) -> Style:
    return Style(color=suit_colour(card.suit, style), bgcolor=paper, bold=True)


def card_chip(card: Card, style: DeckStyle, paper: str = PAPER) -> Text:
    """A card inside a line of text: its name on a bit of card face."""
    return Text(f" {card_text(card, style)} ", style=card_style(card, style, paper))


def cards_line(cards: list[Card], style: DeckStyle, sep: str = " ") -> Text:
    text = Text()
    for i, card in enumerate(cards):
        if i:
            text.append(sep)
        text.append_text(card_chip(card, style))
    return text


FACE_WIDTH = 5
FACE_HEIGHT = 3


@dataclass(frozen=True, slots=True)
class FaceSize:
    """How large a card is drawn: columns and rows of its face."""

    width: int
    height: int


SMALL_FACE = FaceSize(FACE_WIDTH, FACE_HEIGHT)
"""Five by three: ten cards and the trick fit 80×24."""
LARGE_FACE = FaceSize(9, 7)
"""Nine by seven, on a large terminal (see :func:`face_size`)."""
LARGE_FROM = (130, 40)
"""The smallest terminal (columns, rows) with room for large cards: twelve
cards in the hand, the trick of three and the panels around it."""


def face_size(columns: int, rows: int) -> FaceSize:
    """The card size for a terminal of ``columns`` × ``rows``."""
    if columns >= LARGE_FROM[0] and rows >= LARGE_FROM[1]:
        return LARGE_FACE
    return SMALL_FACE


def card_face(card: Card, style: DeckStyle, paper: str = PAPER, dim: bool = False,
              size: FaceSize = SMALL_FACE) -> list[Text]:
    """A card as ``size.height`` lines of ``size.width`` cells: index top
    left, suit in the middle, index bottom right, as on a real card (a large
    card shows the suit under the top index and over the bottom one too)."""
    label = card_text(card, style)
    symbol = suit_symbol(card.suit, style)
    colour = "#5c5a55" if dim else suit_colour(card.suit, style)
    face = Style(color=colour, bgcolor=paper, bold=not dim)
    w, h = size.width, size.height
    rows = [" " * w] * h
    rows[0] = label.ljust(w)
    rows[h // 2] = symbol.center(w)
    rows[-1] = label.rjust(w)
    if h >= 5:
        rows[1] = (" " + symbol).ljust(w)
        rows[-2] = (symbol + " ").rjust(w)
    return [Text(row, style=face) for row in rows]


def back_face(size: FaceSize = SMALL_FACE) -> list[Text]:
    back = Style(color="#9fb4e6", bgcolor=BACK)
    pattern = ("╱╲" * size.width, "╲╱" * size.width)
    return [Text(pattern[row % 2][: size.width], style=back) for row in range(size.height)]


def place_outline(size: FaceSize = SMALL_FACE) -> list[str]:
    """Where a card will be played: a dotted outline of a card."""
    inner = size.width - 2
    return ["╭" + "┄" * inner + "╮", *["┆" + " " * inner + "┆"] * (size.height - 2),
            "╰" + "┄" * inner + "╯"]


def game_name(game: GameType, style: DeckStyle) -> str:
    """``♣ Clubs``, ``Grand``, ``Null``; German ``Eichel``."""
    if game.is_suit:
        suit = Suit(int(game))
        if style == DeckStyle.GERMAN:
            return suit_name(suit, style)
        return f"{suit_symbol(suit, style)} {suit_name(suit, style)}"
    return _(_GAME_LABELS[game])


def game_short(game: GameType, style: DeckStyle) -> str:
    """``♣``, ``Grand``, ``Null``; German ``Eichel``."""
    if game.is_suit:
        suit = Suit(int(game))
        return suit_name(suit, style) if style.is_german else suit.symbol
    return _(_GAME_LABELS[game])


_DISPLAY_SUITS = (Suit.CLUBS, Suit.HEARTS, Suit.SPADES, Suit.DIAMONDS)
"""Plain suits in a hand alternate black and red."""


def sort_hand(hand: Mask, game: GameType | None) -> list[Card]:
    """The cards in the order a player holds them for ``game``.

    Suit games: jacks (♣ ♠ ♥ ♦), the trump suit, then the other suits; grand
    (and before the game is known): jacks, then the suits; null: each suit
    A K Q J 10 9 8 7.  Within a suit the higher card comes first.
    """
    cards = cards_of(hand)  # ♣J first, then by card number downwards
    if game == GameType.NULL:
        def null_key(c: Card) -> tuple[int, int]:
            return (_DISPLAY_SUITS.index(c.suit), -NULL_RANK[c])

        return sorted(cards, key=null_key)
    trump = game.trump_suit if game is not None else None

    def key(c: Card) -> tuple[int, int]:
        if c.is_jack:
            return (0, -int(c))
        if trump is not None and c.suit == trump:
            return (1, -int(c))
        return (2 + _DISPLAY_SUITS.index(c.suit), -int(c))

    return sorted(cards, key=key)


CONTRACTS = {
    # (ouvert, hand, announced, short): the contract as a whole phrase
    (False, False, "", False): N_("{game}"),
    (True, False, "", False): N_("{game} ouvert"),
    (False, True, "", False): N_("{game} hand"),
    (True, True, "", False): N_("{game} ouvert hand"),
    (False, True, "schneider", False): N_("{game} hand, schneider announced"),
    (False, True, "schwarz", False): N_("{game} hand, schwarz announced"),
    (False, True, "schneider", True): N_("{game} hand schneider"),
    (False, True, "schwarz", True): N_("{game} hand schwarz"),
}


def contract_text(contract: Contract, deck: DeckStyle, short: bool = False) -> str:
    """``♣ Clubs hand, schneider announced``, ``Grand ouvert hand``;
    short: ``♣ Clubs hand schneider``."""
    if contract.ramsch:
        return _("Ramsch")
    announced = ""
    if contract.game != GameType.NULL and not contract.ouvert:
        if contract.schwarz_announced:
            announced = "schwarz"
        elif contract.schneider_announced:
            announced = "schneider"
    key = (contract.ouvert, contract.hand, announced, short and bool(announced))
    template = CONTRACTS.get(key) or CONTRACTS[(contract.ouvert, contract.hand, "", False)]
    return _(template).format(game=game_name(contract.game, deck))
