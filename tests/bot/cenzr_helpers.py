"""Playing volený cenzr through the fake Telegram: tables, explicit deals, presses, privacy.

Everything a person does goes through the buttons their messages show: the
call is two presses of the hand's picker (a suit, then the card, labelled as
it is said), a declaration is the "📣" button, a card is its button.
``CenzrWatch`` checks, after every press, every message a seat could see
since the last check: no card still in another hand, while calling no card
of the reader's own second packet, and, until the called card falls, nothing
that tells anyone but its holder who the partner is (or that he is a samec).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, cast

from bot.callbacks import CallbackData, Op
from bot.live import LiveTable
from bot.render import renderer_for
from bot.render.cenzr import CenzrRenderer
from bot.render.i18n import I18n
from games.cards import card_code, cards_of
from tests.bot.harness import Harness, button, ops, press
from tests.bot.privacy import message_texts, shows
from tests.fakes import CallbackAnswer, FakeChat, FakeMessage, FakeUser

Option = tuple[str, CallbackData]
RENDERER = cast(CenzrRenderer, renderer_for("cenzr"))
I18N = I18n.load()


def active_order(live: LiveTable) -> list[int]:
    """``A[0..3]`` of the deal about to be dealt (the match's next dealer)."""
    match = live.game_match
    assert match is not None
    count = len(live.names)
    out = live.variant.sitting_out(live.deal_options, count, match.dealer)
    order = [(match.dealer + i) % count for i in range(1, count + 1)]
    return [s for s in order if s not in out]


def by_active(hands: Sequence[str]) -> Callable[[LiveTable], dict[str, list[str]]]:
    """A deal source: ``hands[i]`` (8 cards, packet 1 first) goes to ``A[i]``."""

    def source(live: LiveTable) -> dict[str, list[str]]:
        return {str(s): hands[i].split() for i, s in enumerate(active_order(live))}

    return source


async def open_cenzr(
    h: Harness,
    group: FakeChat,
    humans: list[FakeUser],
    computers: int = 0,
    *,
    options: Mapping[str, object] | None = None,
    cards: Callable[[LiveTable], Mapping[str, Any]] | None = None,
    start: bool = True,
    name: str = "cenzr",
) -> LiveTable:
    """``/new cenzr``, humans join, computers fill up, rules set, and (optionally) a deal."""
    for user in humans:
        await h.server.start_dm(user)
    await h.server.send_text(humans[0], group, f"/new {name}")
    for user in humans[1:]:
        await h.server.send_text(user, group, "/join")
    await h.settle()
    for _ in range(computers):
        lobby = h.group_message(group)
        await press(h, humans[0], lobby, button(lobby, "Počítač"))
        await h.settle()
    live = h.table(group)
    assert live is not None
    for option, value in (options or {}).items():
        await h.services.tables.set_option(live, option, value, None)
    await h.settle()
    if cards is not None:
        h.services.tables.deal_source = cards  # type: ignore[method-assign,assignment]
    if start:
        await h.server.send_text(humans[0], group, "/start")
        await h.settle()
    return live


def hand_options(h: Harness, user: FakeUser) -> tuple[FakeMessage, list[Option]]:
    message = h.hand_message(user)
    assert message is not None, f"{user.first_name} has no hand message"
    return message, ops(message)


async def press_arg(
    h: Harness, user: FakeUser, arg: str, op: Op = Op.ACTION
) -> tuple[str, CallbackAnswer]:
    """Press the hand button that carries ``arg``; its label and the answer."""
    message, options = hand_options(h, user)
    found = [(t, d) for t, d in options if d.arg == arg and d.op is op]
    assert found, f"{user.first_name} has no button {arg!r}: {[t for t, _ in options]}"
    label, data = found[0]
    answer = await press(h, user, message, data.encode())
    await h.settle()
    return label, answer


async def call_by_buttons(h: Harness, user: FakeUser, code: str) -> str:
    """The two-step call: the suit, then the card; the card button's label."""
    label, answer = await press_arg(h, user, code[1], Op.PICK)
    assert answer.text is None, answer.text
    label, answer = await press_arg(h, user, f"call:{code}")
    assert answer.text is None, answer.text
    return label


def due_humans(live: LiveTable) -> list[int]:
    return [s for s in sorted(live.variant.due(live.state)) if not live.is_computer(s)]


class CenzrWatch:
    """Checks every message sent since the last check against what is secret now.

    Secrets only shrink as a deal goes on (a card is played, the call turns the
    second packets up, the called card reveals the partner), so a message that
    shows something secret now showed a secret when it was sent."""

    def __init__(self, h: Harness, live: LiveTable, group: FakeChat, viewers: list[FakeUser]):
        self.h, self.live, self.group, self.viewers = h, live, group, viewers
        self.seen = len(h.server.calls)
        self.checked = 0

    def secrets(self, seat: int) -> set[str]:
        state = self.live.state
        hidden = set()
        for other in state.active:
            if other != seat:
                hidden |= {card_code(c) for c in cards_of(state.hands[other])}
        if state.phase == "call" and seat in state.active:  # only packet 1 while calling
            hidden |= {card_code(c) for c in state.start_hand(seat)[4:]}
        if state.called is not None:  # the call itself is public; where the card is, is not
            hidden.discard(card_code(state.called))
        return hidden

    def forbidden(self, seat: int) -> list[str]:
        """Texts that would tell ``seat`` who plays with whom before the reveal."""
        state = self.live.state
        if state.chooser is None or state.revealed or seat == state.holder:
            return []
        names = self.live.names
        kind = "voluntary" if state.voluntary else "involuntary"
        texts = ["🤫", "samec"]
        for lang in ("cs", "en"):
            tr = I18N.for_lang(lang)
            line = RENDERER._sides_line(state.chooser, state.holder, kind, state.active, names, tr)
            texts.append(str(line))
            texts.append(str(tr(f"cenzr.samec_kind.{kind}")))
        return texts

    def check(self) -> None:
        calls = self.h.server.calls[self.seen :]
        self.seen += len(calls)
        for user in self.viewers:
            seat = self.live.seat_of(user.id)
            assert seat is not None
            secret = self.secrets(seat)
            forbidden = self.forbidden(seat)
            for call in calls:
                if call.method not in ("sendMessage", "editMessageText") or not call.ok:
                    continue
                if call.chat_id not in (self.group.id, user.id):
                    continue
                text = message_texts(call)
                self.checked += 1
                shown = sorted(c for c in secret if shows(text, c))
                assert not shown, f"{user.first_name} could see {shown} in:\n{text}"
                told = [f for f in forbidden if f in text]
                assert not told, f"{user.first_name} could learn the partner ({told}) from:\n{text}"


Caller = Callable[[LiveTable, int], str | None]
"""Who calls what: the code of the card ``seat`` calls, or ``None`` to pass."""


def pass_all(live: LiveTable, seat: int) -> None:
    return None


async def play_out(
    h: Harness,
    group: FakeChat,
    users: Sequence[FakeUser],
    *,
    caller: Caller = pass_all,
    announce: bool = True,
    watch: CenzrWatch | None = None,
    rng: random.Random | None = None,
    limit: int = 200,
) -> int:
    """Press buttons until the deal is over; the number of presses. Whoever may
    announce does (unless ``announce`` is off); a card is any shown card button."""
    rng = rng or random.Random(3)
    presses = 0
    last = h.table(group)
    assert last is not None
    while True:
        await h.settle()
        live = h.table(group) or last
        last = live
        if not live.in_deal:
            break
        due = due_humans(live)
        assert due, "the bot waits for nobody"
        seat = due[0]
        user = next(u for u in users if live.seat_of(u.id) == seat)
        _, options = hand_options(h, user)
        assert options, f"{user.first_name} is to act but sees no button"
        actions = [d.arg for _, d in options if d.op is Op.ACTION]
        if live.state.phase == "call":
            code = caller(live, seat)
            if code is None:
                await press_arg(h, user, "pass")
            else:
                await call_by_buttons(h, user, code)
        elif announce and "announce" in actions:
            await press_arg(h, user, "announce")
        else:
            plays = [a for a in actions if a != "announce"]
            _, answer = await press_arg(h, user, rng.choice(plays))
            assert answer.text is None, answer.text
        presses += 1
        if watch is not None:
            watch.check()
        assert presses < limit, "the deal does not end"
    await h.settle()
    if watch is not None:
        watch.check()
    return presses
