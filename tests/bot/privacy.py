"""Checking that no message a player can see ever shows another player's cards.

A card still in someone's hand now has never been played, so it was secret
all deal long to everyone but its holder and whoever legitimately knows it
(its first holder, or the player who laid it in the talon that another then
took). The only exception is the trump card once it is turned up. So for
every message the bot ever sent or edited into the group or into a viewer's
direct chat during the deal, no such secret card may appear, in any of the
forms the bot writes cards: "♥10", "červená desítka", "Ten of Hearts", a
hand line "♥ A 10 K", and Mariáš's German-suited forms "❤️ svršek", "🍃 Ober"
or a hand line "❤️ eso 10 král".
"""

from __future__ import annotations

from typing import Any

from bot.render.i18n import I18n
from bot.render.marias import SUITS, card_text, rank_text
from games.cards import card_code, cards_of
from games.names import card_label, card_name
from tests.bot.harness import Harness
from tests.fakes import FakeChat, FakeUser

_I18N = I18n.load()


def shows(text: str, code: str) -> bool:
    label = card_label(code)
    if label in text or card_name(code, "cs") in text or card_name(code, "en") in text:
        return True
    forms = [(label[0], label[1:])]
    if code[0] in "789TJQKA" and code[1] in SUITS:  # a Mariáš card, German-suited
        for lang in _I18N.languages:
            tr = _I18N.for_lang(lang)
            if card_text(code, tr) in text:
                return True
            forms.append((SUITS[code[1]], rank_text(code, tr)))
    for line in text.splitlines():
        words = line.split()
        if words and any(words[0] == symbol and rank in words[1:] for symbol, rank in forms):
            return True
    return False


def message_texts(call: Any) -> str:
    """The text and button labels of a sendMessage or editMessageText call."""
    params = call.params
    parts = [str(params.get("text", ""))]
    markup = params.get("reply_markup") or {}
    for row in markup.get("inline_keyboard", []) if isinstance(markup, dict) else []:
        parts.extend(str(button.get("text", "")) for button in row)
    return "\n".join(parts)


async def assert_no_leaks(h: Harness, group: FakeChat, viewers: list[FakeUser], since: int) -> int:
    """Check every group and direct message sent since call ``since``; how many texts."""
    live = h.table(group)
    assert live is not None and live.deal is not None
    state = live.state
    dealt = live.variant.dealt_cards(state)
    actions = await h.services.store.deals.list_actions(live.deal.id)
    hands = {s: {card_code(c) for c in cards_of(state.hands[s])} for s in range(state.seats)}
    trump = state.public_view().trump_card
    checked = 0
    for user in viewers:
        seat = live.seat_of(user.id)
        assert seat is not None
        known = set(dealt.get(str(seat), []))
        for logged in actions:
            if logged.seat == seat and logged.code.startswith("talon:"):
                known.update(logged.code.partition(":")[2].split(","))
        secret = set().union(*(hand for s, hand in hands.items() if s != seat)) - known
        secret.discard(trump or "")
        for call in h.server.calls[since:]:
            if call.method not in ("sendMessage", "editMessageText") or not call.ok:
                continue
            if call.chat_id not in (group.id, user.id):
                continue
            text = message_texts(call)
            checked += 1
            shown = sorted(c for c in secret if shows(text, c))
            assert not shown, f"{user.first_name} could see {shown} in:\n{text}"
    return checked
