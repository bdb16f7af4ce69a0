"""The one place where the table's sentences are translated.

Every sentence shown to a player goes through :func:`_` (or :func:`ngettext`
where a number decides the form) as a whole sentence with named
placeholders, e.g. ``_("{name} plays {card}").format(name=..., card=...)``,
never glued from pieces. For now both return the English text; switching to
gettext (German and Polish come next) is a change to this module only.
"""

from __future__ import annotations


def _(message: str) -> str:
    """The translation of ``message`` (English for now)."""
    return message


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a sentence for the number ``n`` (English: one / other)."""
    return singular if n == 1 else plural
