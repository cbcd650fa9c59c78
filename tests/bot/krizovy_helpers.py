"""Playing křížový mariáš through the fake Telegram: moves by the buttons a person sees.

A move is given as its action code and made with the presses that produce it:
the choice is the trump card (a pick) then the called card; the reveal is the
stovka and honer toggles (picks) then one press; "durch s …" opens its picker;
a spoken decision (dobrá, an overcall, a flek, a honer) is pressed on the group's
table message when it is there, else in the direct chat. ``KrizovyWatch``
checks, after every press, every message a seat could see since the last check:
no card of another hand, while choosing none of forhont's second four (to him
too), the trump card laid face down (until the reveal), and nothing that tells
anyone but the holder of the called card who the partner is.
"""

from __future__ import annotations

from typing import cast

from bot.callbacks import Op
from bot.live import LiveTable
from bot.render import renderer_for
from bot.render.i18n import I18n
from bot.render.krizovy import DURCHS, EXTRAS_PICK, TRUMP_PICK, KrizovyRenderer
from games.cards import card_code, cards_of
from tests.bot.cenzr_helpers import hand_options, press_arg
from tests.bot.harness import Harness, ops, press
from tests.bot.privacy import message_texts, shows
from tests.fakes import CallbackAnswer, FakeChat, FakeUser

RENDERER = cast(KrizovyRenderer, renderer_for("marias-krizovy"))
I18N = I18n.load()


def user_of(live: LiveTable, seat: int, users: list[FakeUser]) -> FakeUser:
    return next(u for u in users if live.seat_of(u.id) == seat)


async def press_group(h: Harness, group: FakeChat, user: FakeUser, code: str) -> CallbackAnswer:
    message = h.group_message(group)
    found = [d for _, d in ops(message) if d.arg == code and d.op is Op.ACTION]
    assert found, f"no group button {code!r}: {[t for t, _ in ops(message)]}"
    answer = await press(h, user, message, found[0].encode())
    await h.settle()
    return answer


async def move(h: Harness, group: FakeChat, users: list[FakeUser], code: str) -> None:
    """Make the move ``code`` for the seat to act, by the presses that make it."""
    live = h.table(group)
    assert live is not None
    (seat,) = live.state.to_act()
    user = user_of(live, seat, users)
    head, _, arg = code.partition(":")
    if head == "volba":
        trump = arg.split(",")[0]
        await pick(h, user, f"{TRUMP_PICK}{trump}")
    elif head == "ext":
        stovka = "sto" in arg.split("+")
        honers = [p for p in arg.split("+") if p.isdigit()]
        chosen: list[str] = ["sto"] if stovka else []
        if stovka:
            await pick(h, user, f"{EXTRAS_PICK}sto")
        for honer in honers:
            chosen.append(honer)
            await pick(h, user, EXTRAS_PICK + "+".join(chosen))
    elif head == "durchs":
        await pick(h, user, DURCHS)
        await pick(h, user, f"{DURCHS}:{arg[1]}")
    if RENDERER.is_public(code):
        message = h.group_message(group)
        if any(d.arg == code and d.op is Op.ACTION for _, d in ops(message)):
            answer = await press_group(h, group, user, code)
            assert answer.text is None, answer.text
            return
    _, answer = await press_arg(h, user, code)
    assert answer.text is None, answer.text


async def pick(h: Harness, user: FakeUser, arg: str) -> None:
    _, answer = await press_arg(h, user, arg, Op.PICK)
    assert answer.text is None, answer.text


async def moves(
    h: Harness,
    group: FakeChat,
    users: list[FakeUser],
    codes: list[str],
    watch: KrizovyWatch | None = None,
) -> None:
    for code in codes:
        await move(h, group, users, code)
        if watch is not None:
            watch.check()


class KrizovyWatch:
    """Checks every message sent since the last check against what is secret now.

    Secrets only shrink as a deal goes on, so a message showing something secret
    now showed a secret when it was sent."""

    def __init__(self, h: Harness, live: LiveTable, group: FakeChat, viewers: list[FakeUser]):
        self.h, self.live, self.group, self.viewers = h, live, group, viewers
        self.seen = len(h.server.calls)
        self.checked = 0

    def secrets(self, seat: int) -> set[str]:
        state = self.live.state
        hidden: set[str] = set()
        for other in state.active:
            if other != seat:
                hidden |= {card_code(c) for c in cards_of(state.hands[other])}
        if state.phase == "choose":  # forhont's second four lies unseen, to him too
            hidden |= {card_code(c) for c in state.dealt[0][4:]}
        revealed_choice = state.phase not in ("choose", "announce")
        if state.trump_card is not None and (revealed_choice or state.blind):
            hidden.discard(card_code(state.trump_card))
        if state.called is not None:  # the called card is said aloud; where it is, is not
            hidden.discard(card_code(state.called))
        if state.chytak is not None:
            hidden.discard(card_code(state.chytak))
        return hidden

    def forbidden(self, seat: int) -> list[str]:
        """Texts that would tell ``seat`` who plays with whom before the reveal."""
        state = self.live.state
        if state.sides.revealed or state.partner is None or seat == state.partner:
            return []
        names = self.live.names
        view = {"declarer": state.declarer, "partner": state.partner, "active": list(state.active)}
        texts = []
        for lang in ("cs", "en"):
            tr = I18N.for_lang(lang)
            texts.append(str(RENDERER._sides_line(view, names, tr)).split(" ", 1)[1])
            texts.append(str(tr("krizovy.you_alone"))[:12])
            texts.append(str(tr("krizovy.you_partner", name="")).split(":")[0])
            texts.extend(str(tr(f"krizovy.honer.s.{v}")).capitalize() for v in (9, 8, 7))
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


def hand_text(h: Harness, user: FakeUser) -> str:
    message, _ = hand_options(h, user)
    return message.text
