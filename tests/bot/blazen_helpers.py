"""Playing Blázen through the fake Telegram: tables, explicit deals, presses, leak checks.

A ``Thrower`` is a person at a Blázen table: it reads its hand message and
presses one of the buttons shown there (a pick first where a beat needs two
presses), so a test only ever does what the UI offers. ``LeakWatch`` checks,
after every step, that no message a player could see since the last check
shows a card that is still secret to that player: a card in another hand
that everybody did not see go there, or a card of the stock other than the
turned trump card.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.callbacks import CallbackData, Op
from bot.live import LiveTable
from games.blazen.rules import DECKS
from games.cards import Card, card_code, cards_of
from tests.bot.harness import Harness, button, ops, press
from tests.bot.privacy import message_texts, shows
from tests.fakes import CallbackAnswer, FakeChat, FakeMessage, FakeUser

Option = tuple[str, CallbackData]


def deck36() -> list[str]:
    return [card_code(c) for c in DECKS[36]]


def deal(hands: Sequence[str], trump: str, *, attacker: int | None = None) -> dict[str, Any]:
    """Explicit cards for a 36-card game: the hands (one string per seat), the rest
    of the deck in the stock in deck order, ``trump`` at its bottom."""
    named = [c for hand in hands for c in hand.split()]
    stock = [c for c in deck36() if c not in named and c != trump] + [trump]
    cards: dict[str, Any] = {str(s): hand.split() for s, hand in enumerate(hands)}
    cards["stock"] = stock
    if attacker is not None:
        cards["attacker"] = [str(attacker)]
    return cards


async def open_blazen(
    h: Harness,
    group: FakeChat,
    humans: list[FakeUser],
    computers: int = 0,
    *,
    options: Mapping[str, object] | None = None,
    cards: Mapping[str, Any] | None = None,
    start: bool = True,
) -> LiveTable:
    """``/new blazen``, humans join, computers fill up, rules set, and (optionally) a deal.

    ``cards`` makes every deal of the table the same explicit deal.
    """
    for user in humans:
        await h.server.start_dm(user)
    await h.server.send_text(humans[0], group, "/new blazen")
    for user in humans[1:]:
        await h.server.send_text(user, group, "/join")
    await h.settle()
    for _ in range(computers):
        lobby = h.group_message(group)
        await press(h, humans[0], lobby, button(lobby, "Počítač"))
        await h.settle()
    live = h.table(group)
    assert live is not None
    for name, value in (options or {}).items():
        await h.services.tables.set_option(live, name, value, None)
    if cards is not None:
        h.services.tables.deal_source = lambda _live: cards  # type: ignore[method-assign,assignment]
    if start:
        await h.server.send_text(humans[0], group, "/start")
        await h.settle()
    return live


def hand_options(h: Harness, user: FakeUser) -> tuple[FakeMessage, list[Option]]:
    message = h.hand_message(user)
    assert message is not None, f"{user.first_name} has no hand message"
    return message, ops(message)


@dataclass
class Thrower:
    """A Blázen player pressing buttons of their hand message."""

    user: FakeUser
    rng: random.Random = field(default_factory=lambda: random.Random(11))

    def choose(self, options: list[Option]) -> Option:
        actions = [o for o in options if o[1].op is Op.ACTION]
        picks = [o for o in options if o[1].op is Op.PICK and o[1].arg != "-"]
        if actions and (not picks or self.rng.random() < 0.8):
            return self.rng.choice(actions)
        return self.rng.choice(picks or options)


async def press_label(h: Harness, user: FakeUser, label: str) -> CallbackAnswer:
    """Press the button of the user's hand message whose label is exactly ``label``."""
    message, options = hand_options(h, user)
    found = [data for text, data in options if text == label]
    assert found, f"{user.first_name} has no button {label!r}: {[t for t, _ in options]}"
    answer = await press(h, user, message, found[0].encode())
    await h.settle()
    return answer


def due_humans(live: LiveTable) -> list[int]:
    return [s for s in sorted(live.variant.due(live.state)) if not live.is_computer(s)]


async def step(h: Harness, group: FakeChat, players: Mapping[int, Thrower]) -> bool:
    """One press by the human whose move is due; ``False`` once the game is over."""
    await h.settle()
    live = h.table(group)
    assert live is not None
    if not live.in_deal:
        return False
    due = due_humans(live)
    assert due, "the bot waits for nobody"
    player = players[due[0]]
    message, options = hand_options(h, player.user)
    assert options, f"{player.user.first_name} is to act but sees no button"
    _, data = player.choose(options)
    answer = await press(h, player.user, message, data.encode())
    assert answer.text is None, answer.text
    return True


async def play_game(
    h: Harness,
    group: FakeChat,
    users: list[FakeUser],
    *,
    after: Callable[[], None] | None = None,
) -> int:
    """Press buttons until the game is over; the number of presses."""
    live = h.table(group)
    assert live is not None
    players = {live.seat_of(u.id): Thrower(u) for u in users}
    presses = 0
    while await step(h, group, players):  # type: ignore[arg-type]
        presses += 1
        if after is not None:
            after()
        assert presses < 300, "the game does not end"
    await h.settle()
    return presses


class LeakWatch:
    """Checks every message sent since the last check against what is secret now.

    What is secret to a player only shrinks as the game goes on (a card leaves
    the stock into a hand, or goes on the table for all to see), so a message
    that showed a card still secret now showed a secret then.
    """

    def __init__(self, h: Harness, group: FakeChat, viewers: list[FakeUser]) -> None:
        self.h, self.group, self.viewers = h, group, viewers
        self.seen = len(h.server.calls)
        self.checked = 0

    def secrets(self, live: LiveTable, seat: int) -> set[str]:
        state = live.state
        hidden: set[Card] = set(state.stock)
        for other in range(state.seats):
            if other != seat:
                hidden |= set(cards_of(state.hands[other] & ~state.known[other]))
        hidden.discard(state.trump_card)
        return {card_code(c) for c in hidden}

    def check(self) -> None:
        live = self.h.table(self.group)
        assert live is not None and live.state is not None
        calls = self.h.server.calls[self.seen :]
        self.seen += len(calls)
        for user in self.viewers:
            seat = live.seat_of(user.id)
            assert seat is not None
            secret = self.secrets(live, seat)
            for call in calls:
                if call.method not in ("sendMessage", "editMessageText") or not call.ok:
                    continue
                if call.chat_id not in (self.group.id, user.id):
                    continue
                text = message_texts(call)
                self.checked += 1
                shown = sorted(c for c in secret if shows(text, c))
                assert not shown, f"{user.first_name} could see {shown} in:\n{text}"
