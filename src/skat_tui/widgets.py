"""The pieces of the table: the hand, the trick, the panels around them.

Widgets draw what they are given; the table screen builds that from the
human's :class:`~skat_core.views.SeatView` only.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rich.style import Style
from rich.text import Text
from textual import events
from textual.message import Message
from textual.reactive import reactive
from textual.visual import VisualType
from textual.widget import Widget
from textual.widgets import Button, Static

from skat_core.cards import Card

from .deck import (
    FACE_WIDTH,
    PAPER,
    PAPER_CURSOR,
    PAPER_DIM,
    PAPER_SELECTED,
    SMALL_FACE,
    DeckStyle,
    FaceSize,
    back_face,
    card_face,
    place_outline,
)
from .i18n import _

KEY_LABELS = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "0", "-", "=")
"""The key for each card of the hand, as on the keyboard's top row: twelve
while discarding (the hand holds the skat)."""
KEY_NAMES = {"-": "minus", "=": "equals_sign"}
"""Textual's names of the keys in :data:`KEY_LABELS` that are no letters."""
CARD_STEP = FACE_WIDTH + 1
"""Columns from one card in the hand to the next (a face and a gap)."""


class ActionButton(Button, can_focus=False):
    """A button that the keyboard reaches through its key binding (shown on
    the button and in the footer), so focus never steals Enter or Space from
    the hand."""

    _markup: str = ""

    def on_mount(self) -> None:
        self.active_effect_duration = 0  # quick clicks (−/+ −/+) all count

    def relabel(self, markup: str) -> None:
        """Change the text and make room for it (a new label's width is not
        measured again by itself)."""
        if markup != self._markup:
            self._markup = markup
            self.label = markup
            self.refresh(layout=True)


class Line(Static):
    """A static text that redraws only when its content really changes (the
    table is redrawn after every card; most of it stays the same)."""

    _shown: VisualType | None = None

    def show(self, content: VisualType, layout: bool = False) -> None:
        if content == self._shown:
            return
        self._shown = content
        self.update(content, layout=layout)


class Canvas:
    """A small grid of styled cells to lay out a drawing by coordinates."""

    def __init__(self, width: int, height: int) -> None:
        self.width = width
        self.height = height
        self.cells: list[list[tuple[str, Style | str]]] = [
            [(" ", "")] * width for _ in range(height)
        ]

    def put(self, x: int, y: int, text: Text | str, style: Style | str = "") -> None:
        if not 0 <= y < self.height:
            return
        if isinstance(text, Text):
            style = text.style or style
            plain = text.plain
        else:
            plain = text
        for i, ch in enumerate(plain):
            if 0 <= x + i < self.width:
                self.cells[y][x + i] = (ch, style)

    def put_centred(self, centre: int, y: int, text: Text | str, style: Style | str = "") -> None:
        length = len(text.plain if isinstance(text, Text) else text)
        self.put(centre - length // 2, y, text, style)

    def to_text(self) -> Text:
        out = Text()
        for row, line in enumerate(self.cells):
            if row:
                out.append("\n")
            for ch, style in line:
                out.append(ch, style)
        return out


# -- the hand -------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class HandState:
    cards: tuple[Card, ...] = ()
    deck: DeckStyle = DeckStyle.FOUR_COLOUR
    playable: frozenset[Card] | None = None
    """Cards that may be played now; the others are dimmed (None: none dimmed)."""
    selected: frozenset[Card] = frozenset()
    """Cards lifted for the discard."""
    cursor: int | None = None
    keys: bool = False
    """Show the number keys above the cards."""
    size: FaceSize = SMALL_FACE
    """How large the cards are drawn."""


class HandView(Widget):
    """The human's cards, face up, in a row at the bottom of the table."""

    class CardClicked(Message):
        def __init__(self, index: int, card: Card) -> None:
            super().__init__()
            self.index = index
            self.card = card

    class CardHovered(Message):
        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    state: reactive[HandState] = reactive(HandState, layout=False)

    @property
    def _step(self) -> int:
        """Columns from one card to the next (a card and a gap)."""
        return self.state.size.width + 1

    def _left(self) -> int:
        n = len(self.state.cards)
        total = n * self._step - 1 if n else 0
        return max(0, (self.size.width - total) // 2)

    def index_at(self, x: int) -> int | None:
        """The card under column ``x`` of the widget, if any."""
        rel = x - self._left()
        if rel < 0 or rel % self._step >= self.state.size.width:
            return None
        index = rel // self._step
        return index if index < len(self.state.cards) else None

    def card_offset(self, index: int) -> tuple[int, int]:
        """A point on card ``index`` (for clicking it in tests)."""
        return (self._left() + index * self._step + self.state.size.width // 2, 3)

    def render(self) -> Text:
        s = self.state
        w = s.size.width
        canvas = Canvas(max(self.size.width, 1), s.size.height + 2)
        left = self._left()
        for i, card in enumerate(s.cards):
            x = left + i * self._step
            is_cursor = s.cursor == i
            lifted = card in s.selected
            dim = s.playable is not None and card not in s.playable
            label = KEY_LABELS[i] if s.keys and i < len(KEY_LABELS) else ""
            if is_cursor:
                mark = f"[{label or '▼'}]".center(w)
                canvas.put(x, 0, mark, Style(reverse=True, bold=True))
            elif label:
                canvas.put(x, 0, label.center(w), Style(dim=True))
            if is_cursor:
                paper = PAPER_CURSOR
            elif lifted:
                paper = PAPER_SELECTED
            elif dim:
                paper = PAPER_DIM
            else:
                paper = PAPER
            top = 1 if lifted else 2
            face = card_face(card, s.deck, paper, dim=dim and not is_cursor, size=s.size)
            for row, line in enumerate(face):
                canvas.put(x, top + row, line)
        return canvas.to_text()

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        index = self.index_at(offset.x)
        if index is not None:
            event.stop()
            self.post_message(self.CardClicked(index, self.state.cards[index]))

    def on_mouse_move(self, event: events.MouseMove) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        index = self.index_at(offset.x)
        if index is not None and index != self.state.cursor:
            self.post_message(self.CardHovered(index))


# -- the trick --------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Spot:
    """One player's place around the trick."""

    name: str = ""
    card: Card | None = None
    to_move: bool = False
    won: bool = False
    led: bool = False
    """This player led the trick on the table (marked ◆ by the name)."""


@dataclass(frozen=True, slots=True)
class TrickState:
    left: Spot = field(default_factory=Spot)
    right: Spot = field(default_factory=Spot)
    bottom: Spot = field(default_factory=Spot)
    skat_backs: int = 0
    """Face-down skat cards to show in the middle (during bidding)."""
    places: bool = True
    """Mark the three places where cards will be played."""
    note: str = ""
    deck: DeckStyle = DeckStyle.FOUR_COLOUR
    size: FaceSize = SMALL_FACE
    """How large the cards are drawn."""


class TrickArea(Widget):
    """The middle of the table: the cards of the trick where each player sits."""

    state: reactive[TrickState] = reactive(TrickState, layout=False)

    def render(self) -> Text:
        s = self.state
        w, h = s.size.width, s.size.height
        drawing = 2 * h + 2  # names, the cards, the bottom name, the note
        width, height = max(self.size.width, 4 * w), max(self.size.height, drawing)
        canvas = Canvas(width, height)
        top = (height - drawing) // 2  # centre the drawing on a taller table
        felt = Style(color="#cfe8d5")
        empty = Style(color="#5f8f6d")
        lx, rx, bx = 3, width - 3 - w, (width - w) // 2
        if w > FACE_WIDTH:  # large cards: the trick together in the middle of a wide table
            lx, rx = max(lx, bx - 2 * w - 4), min(rx, bx + 2 * w + 4)
        places = ((s.left, lx, top + 1), (s.right, rx, top + 1), (s.bottom, bx, top + h))
        for spot, x, y in places:
            if spot.card is not None:
                paper = PAPER_CURSOR if spot.won else PAPER
                for row, line in enumerate(card_face(spot.card, s.deck, paper, size=s.size)):
                    canvas.put(x, y + row, line)
            elif s.places:
                for row, outline in enumerate(place_outline(s.size)):
                    canvas.put(x, y + row, outline, empty)
        name_rows = ((s.left, lx, top), (s.right, rx, top), (s.bottom, bx, top + 2 * h))
        for spot, x, y in name_rows:
            name = spot.name
            if spot.won:
                style = Style(bold=True, color="#ffe27a")
                name = f"★ {name}"
            elif spot.to_move:
                style = Style(bold=True, color="#ffffff", underline=True)
                name = f"▸ {name}"
            elif spot.led:
                style = Style(bold=True, color="#cfe8d5")
                name = f"◆ {name}"
            else:
                style = felt
            canvas.put_centred(x + w // 2, y, name, style)
        if s.skat_backs:
            mid = width // 2
            xs = [mid - w - 1, mid + 1][: s.skat_backs]
            for x in xs:
                for row, line in enumerate(back_face(s.size)):
                    canvas.put(x, top + 1 + row, line)
            canvas.put_centred(mid, top + 1 + h, _("Skat"), felt)
        if s.note:
            canvas.put_centred(width // 2, top + 2 * h + 1, s.note[: width - 2], felt)
        return canvas.to_text()
