"""The buttons of a Blázen hand message, built from the legal action codes.

The engine lists every legal action, which for several cards means every
subset (three sevens give seven attacks). A keyboard of all of them would be
unreadable, so a choice of cards is offered as each single card plus, per
rank, the largest set the rules allow ("all my sevens"); every other kind of
action gets exactly one button. Beating is a card on an attack card: when a
card can cover only one attack card the press beats at once, otherwise the
first press picks the card (``Button(pick=...)``, no state change) and the
second chooses what it covers. Nothing here decides what is legal: every
button carries a code from the engine's list.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.render.base import Button, Keyboard
from bot.render.i18n import Translator
from games.blazen.views import PlayerView
from games.names import card_label

__all__ = ["CARD_HEADS", "beat_options", "covered", "hand_keyboard", "offered_sets"]

CARD_HEADS = {"attack": "⚔️", "throw": "➕", "transfer": "↪️"}
"""Actions that lay a choice of cards, and the mark on their buttons."""
_ROW = 4


def _cards(arg: str) -> list[str]:
    return arg.split(",")


def _labels(cards: Sequence[str]) -> str:
    return " ".join(card_label(c) for c in cards)


def covered(attack: str, cover: str | None) -> str:
    """An attack card and what covers it, "♠7 ← ♠8": the one arrow convention, on the
    table and on the beat buttons alike, so a button reads as what it will put there."""
    return card_label(attack) + (f" ← {card_label(cover)}" if cover else "")


def _rank(card: str) -> str:
    return card[0] if card not in ("RJ", "BJ") else card


def offered_sets(args: Sequence[str], trump: str, order: Sequence[str]) -> list[str]:
    """The card sets worth a button: every single card, and per rank the largest
    legal set (the one with fewest trumps) when it has two or more cards."""
    place = {c: i for i, c in enumerate(order)}

    def first(arg: str) -> int:
        return min(place.get(c, len(place)) for c in _cards(arg))

    singles = sorted((a for a in args if "," not in a), key=first)
    best: dict[str, tuple[tuple[int, int], str]] = {}
    for arg in args:
        cards = _cards(arg)
        ranks = {_rank(c) for c in cards}
        if len(cards) < 2 or len(ranks) != 1:
            continue
        worth = (-len(cards), sum(c[1] == trump for c in cards))
        rank = ranks.pop()
        if rank not in best or worth < best[rank][0]:
            best[rank] = (worth, arg)
    return singles + sorted((arg for _, arg in best.values()), key=first)


def beat_options(codes: Sequence[str]) -> dict[str, list[tuple[int, str]]]:
    """For each card that beats something: the attack indices it may cover, with codes."""
    found: dict[str, list[tuple[int, str]]] = {}
    for code in codes:
        head, _, arg = code.partition(":")
        if head == "beat":
            index, _, card = arg.partition(":")
            found.setdefault(card, []).append((int(index), code))
    return found


def _rows(buttons: list[Button], width: int) -> Keyboard:
    return [buttons[i : i + width] for i in range(0, len(buttons), width)]


def hand_keyboard(
    codes: Sequence[str], view: PlayerView, tr: Translator, pick: str | None
) -> Keyboard:
    """The buttons for ``codes`` (legal for this seat now); ``pick``: a card chosen
    in the first step of an ambiguous beat."""
    p = view.public
    beats = beat_options(codes)
    if pick is not None and len(beats.get(pick, ())) > 1:
        return _second_step(pick, beats[pick], view)
    keyboard: Keyboard = []
    for head, mark in CARD_HEADS.items():
        args = [c.partition(":")[2] for c in codes if c.partition(":")[0] == head]
        sets = offered_sets(args, p.trump, view.hand)
        buttons = {a: Button(f"{mark} {_labels(_cards(a))}", action=f"{head}:{a}") for a in sets}
        keyboard += _rows([b for a, b in buttons.items() if "," not in a], _ROW)
        keyboard += _rows([b for a, b in buttons.items() if "," in a], 2)
    keyboard += _rows(_beat_buttons(beats, view), 3)
    extra: list[Button] = []
    for code in codes:
        head, _, arg = code.partition(":")
        if head == "show":
            extra.append(Button(tr("blazen.btn.show", card=card_label(arg)), action=code))
        elif head == "exchange":
            label = tr("blazen.btn.exchange", card=card_label(arg), trump=card_label(p.trump_card))
            extra.append(Button(label, action=code))
        elif code in ("take", "redeal"):
            extra.append(Button(tr(f"blazen.btn.{code}"), action=code))
        elif code == "pass":
            key = "blazen.btn.pass_take_add" if p.phase == "take_add" else "blazen.btn.pass_throw"
            extra.append(Button(tr(key), action=code))
    keyboard += _rows(extra, 2)
    return keyboard


def _beat_buttons(beats: dict[str, list[tuple[int, str]]], view: PlayerView) -> list[Button]:
    table = view.public.table
    order = {c: i for i, c in enumerate(view.hand)}
    buttons = []
    for card in sorted(beats, key=lambda c: order.get(c, len(order))):
        targets = beats[card]
        if len(targets) == 1:
            index, code = targets[0]
            label = f"🛡 {covered(table[index][0], card)}"
            buttons.append(Button(label, action=code))
        else:
            buttons.append(Button(f"🛡 {card_label(card)} …", pick=card))
    return buttons


def _second_step(pick: str, targets: list[tuple[int, str]], view: PlayerView) -> Keyboard:
    """The card is chosen: which attack card it covers (or back)."""
    table = view.public.table
    choices = [
        Button(f"🛡 {covered(table[index][0], pick)}", action=code)
        for index, code in sorted(targets)
    ]
    return [[Button(f"✅ {card_label(pick)} ↩", pick="-")], *_rows(choices, 2)]
