"""Card names for people, in Czech and English (notation.md, marias.md §1.3).

Both the terminal player and the bot show cards with these names, so a card
reads the same everywhere: "červená sedma ♥7", "Seven of Hearts".
"""

from __future__ import annotations

from games.cards import Card, card, card_code

__all__ = ["SUIT_SYMBOLS", "card_label", "card_name", "suit_name"]

SUIT_SYMBOLS = {"h": "♥", "d": "♦", "s": "♠", "c": "♣"}
_RANK_SHORT = {"T": "10", "J": "J", "Q": "Q", "K": "K", "A": "A"}

_CS_SUITS = {"h": "červené", "d": "kule", "s": "zelené", "c": "žaludy"}
_CS_ADJ = {  # feminine, masculine, neuter adjective forms
    "h": ("červená", "červený", "červené"),
    "d": ("kulová", "kulový", "kulové"),
    "s": ("zelená", "zelený", "zelené"),
    "c": ("žaludská", "žaludský", "žaludské"),
}
_CS_RANKS = {  # rank -> (noun, gender index into _CS_ADJ)
    "7": ("sedma", 0),
    "8": ("osma", 0),
    "9": ("devítka", 0),
    "T": ("desítka", 0),
    "J": ("spodek", 1),
    "Q": ("svršek", 1),
    "K": ("král", 1),
    "A": ("eso", 2),
    "6": ("šestka", 0),
    "5": ("pětka", 0),
    "4": ("čtyřka", 0),
    "3": ("trojka", 0),
    "2": ("dvojka", 0),
}
_EN_SUITS = {"h": "Hearts", "d": "Bells", "s": "Leaves", "c": "Acorns"}
_EN_RANKS = {
    "2": "Two",
    "3": "Three",
    "4": "Four",
    "5": "Five",
    "6": "Six",
    "7": "Seven",
    "8": "Eight",
    "9": "Nine",
    "T": "Ten",
    "J": "Unter",
    "Q": "Ober",
    "K": "King",
    "A": "Ace",
}


def suit_name(suit: str, lang: str = "cs") -> str:
    """The name of a suit code (h d s c)."""
    return (_CS_SUITS if lang == "cs" else _EN_SUITS)[suit]


def card_name(c: Card | str, lang: str = "cs") -> str:
    """The full name: "zelený spodek", "Unter of Leaves"; jokers by colour."""
    code = c if isinstance(c, str) else card_code(c)
    card(code)  # validates
    if code == "RJ":
        return "červený žolík" if lang == "cs" else "Red Joker"
    if code == "BJ":
        return "černý žolík" if lang == "cs" else "Black Joker"
    rank, suit = code[0], code[1]
    if lang == "cs":
        noun, gender = _CS_RANKS[rank]
        return f"{_CS_ADJ[suit][gender]} {noun}"
    return f"{_EN_RANKS[rank]} of {_EN_SUITS[suit]}"


def card_label(c: Card | str) -> str:
    """A short label for buttons: suit symbol and rank, "♥7", "♣10", "♠Q"."""
    code = c if isinstance(c, str) else card_code(c)
    if code in ("RJ", "BJ"):
        return "🃏" + code[0]
    return SUIT_SYMBOLS[code[1]] + _RANK_SHORT.get(code[0], code[0])
