"""What each message of a table shows, composed from the game's renderer.

Game-agnostic: the lobby, the header of the table message, the hands, the
result with the running score and the settings menu are built here from the
``Variant`` contract and a ``GameRenderer``; the game only fills in its own
parts. Every keyboard gets callback data with the table id and the version
it was drawn for (``bot.callbacks``).
"""

from __future__ import annotations

import html
from collections.abc import Sequence

from telegram import InlineKeyboardButton, InlineKeyboardMarkup

from bot.callbacks import CallbackData, Op
from bot.live import BOT_OPTIONS, LiveTable, Notice, default_level, forced_code
from bot.publisher import Content
from bot.render import Button, Keyboard, playable
from bot.render.base import running_text, sheet_text
from bot.render.i18n import Html, I18n, Translator, escape
from games.engine import Seat, Variant

__all__ = ["Screens", "option_choices", "option_names"]


def option_names(live: LiveTable) -> list[str]:
    """The options /settings offers, in a stable order (callback data uses the index)."""
    return [*live.renderer.option_choices(), *live.bot_choices]


def option_choices(live: LiveTable, name: str) -> list[object]:
    """The values /settings cycles ``name`` through at this table."""
    if name in BOT_OPTIONS:
        return list(live.bot_choices[name])
    return list(live.renderer.option_choices()[name])


def _cb(live: LiveTable, op: Op, arg: str = "") -> CallbackData:
    """Callback data for a button of this table, drawn at its current version."""
    return CallbackData(live.id, live.version, op, arg)


def _button(text: str, data: CallbackData) -> InlineKeyboardButton:
    return InlineKeyboardButton(html.unescape(text), callback_data=data.encode())


class Screens:
    """Builds ``Content`` for the lobby, table, hands, results and menus."""

    def __init__(
        self,
        i18n: I18n,
        default_timeout: float,
        computer_level: str | None = None,
        autoplay: bool = True,
    ) -> None:
        self.i18n = i18n
        self.default_timeout = default_timeout
        self.computer_level = computer_level
        """The operator's level (``KARBAN_COMPUTER_LEVEL``); ``None``: each game's own."""
        self.autoplay = autoplay
        """Whether a table that does not say plays a human's only move for them."""

    def tr(self, live: LiveTable) -> Translator:
        return self.i18n.for_lang(live.language)

    # -- lobby -------------------------------------------------------------------------

    def game_choice(self, tr: Translator) -> Content:
        """/new without a game: one button per game that exists."""
        rows = [
            [_button(v.title.get(tr.lang, v.id), CallbackData(0, 0, Op.NEW, v.id))]
            for v in playable()
        ]
        return Content(tr("lobby.choose_game"), InlineKeyboardMarkup(rows))

    def lobby(self, live: LiveTable, *, invite: str | None = None) -> Content:
        """The lobby message; ``invite`` is a direct chat table's deep link for a friend."""
        if live.mode == "settings":
            return self.settings(live)
        tr = self.tr(live)
        lines = self._lobby_lines(live, tr, "lobby.rules_default")
        lines.append(tr("lobby.hint" if live.chat_id < 0 else "lobby.hint_direct"))
        if invite is not None:
            lines.append(tr("lobby.invite", link=invite))
        seating = [_button(tr("btn.leave"), _cb(live, Op.LEAVE))]
        # A direct chat's table seats only its user (again, after Leave) and computers.
        if live.chat_id < 0 or live.seat_of(live.chat_id) is None:
            seating.insert(0, _button(tr("btn.join"), _cb(live, Op.JOIN)))
        keyboard = [
            seating,
            [
                _button(tr("btn.add_computer"), _cb(live, Op.ADD_COMPUTER)),
                _button(tr("btn.remove_computer"), _cb(live, Op.REMOVE_COMPUTER)),
            ],
            [
                _button(tr("btn.settings"), _cb(live, Op.SETTINGS)),
                _button(tr("btn.start"), _cb(live, Op.START)),
            ],
        ]
        return Content("\n".join(lines), InlineKeyboardMarkup(keyboard))

    def guest_lobby(self, live: LiveTable, tr: Translator) -> Content:
        """The lobby as a guest of a direct chat's table reads it in their own chat:
        who sits, the rules, and only the Leave button (the creator deals)."""
        lines = self._lobby_lines(live, tr, "lobby.guest_rules_default")
        lines.append(tr("lobby.guest_hint"))
        keyboard = [[_button(tr("btn.leave"), _cb(live, Op.LEAVE))]]
        return Content("\n".join(lines), InlineKeyboardMarkup(keyboard))

    def _lobby_lines(self, live: LiveTable, tr: Translator, default_rules: str) -> list[Html]:
        seats = "\n".join(f"{i + 1}. {escape(name)}" for i, name in enumerate(live.names)) or str(
            tr("lobby.nobody")
        )
        low, high = live.seat_range
        lines = [
            tr("lobby.title", game=self._title(live.variant, tr)),
            tr("lobby.players", count=len(live.names), min=low, max=high),
            Html(seats),
        ]
        changed = self._changed_options(live, tr)
        lines.append(tr("lobby.rules_changed", list=changed) if changed else tr(default_rules))
        return lines

    def settings(self, live: LiveTable) -> Content:
        tr = self.tr(live)
        rows = []
        for index, name in enumerate(option_names(live)):
            label = f"{self.option_label(live, name, tr)}: {self.option_value(live, name, tr)}"
            rows.append([_button(label, _cb(live, Op.OPTION, str(index)))])
        rows.append([_button(tr("btn.back"), _cb(live, Op.BACK))])
        text = tr("settings.title", game=self._title(live.variant, tr))
        return Content(text, InlineKeyboardMarkup(rows))

    def current_option(self, live: LiveTable, name: str) -> object:
        if name in BOT_OPTIONS:
            return live.bot_options.get(name, self.default_bot_option(live, name))
        defaults = live.variant.options({}).to_dict()
        return live.game_option_values.get(name, defaults.get(name))

    def default_bot_option(self, live: LiveTable, name: str) -> object:
        """What a bot option is at a table whose settings do not name it."""
        if name == "level":
            return default_level(live.variant.id, self.computer_level)
        if name == "autoplay":
            return self.autoplay
        return self.default_timeout_value()

    def default_timeout_value(self) -> object:
        value = self.default_timeout
        return int(value) if float(value).is_integer() else value

    def option_label(self, live: LiveTable, name: str, tr: Translator) -> Html:
        if name in BOT_OPTIONS:
            return tr(f"settings.bot.{name}")
        return live.renderer.option_label(name, tr)

    def option_value(self, live: LiveTable, name: str, tr: Translator) -> Html:
        value = self.current_option(live, name)
        if name == "level":  # an operator's kind without a text of its own shows as named
            return tr.get(f"settings.level.{value}", str(value))
        if name == "autoplay":
            return tr(f"settings.autoplay.{'on' if value else 'off'}")
        if name in BOT_OPTIONS:
            return tr("settings.seconds", n=value)
        return live.renderer.option_value(name, value, tr)

    def _changed_options(self, live: LiveTable, tr: Translator) -> Html:
        defaults = live.variant.options({}).to_dict()
        parts = [
            f"{self.option_label(live, name, tr)}: {self.option_value(live, name, tr)}"
            for name, value in live.game_option_values.items()
            if defaults.get(name) != value
        ]
        shown = ["turn_timeout"] if "turn_timeout" in live.bot_options else []
        # the level only when it is not what the table would get anyway
        level = self.current_option(live, "level")
        if "level" in live.bot_choices and level != self.default_bot_option(live, "level"):
            shown.append("level")
        if self.current_option(live, "autoplay") != self.autoplay:
            shown.append("autoplay")
        parts.extend(
            f"{self.option_label(live, name, tr)}: {self.option_value(live, name, tr)}"
            for name in shown
        )
        return Html("; ".join(parts))

    # -- the deal ----------------------------------------------------------------------

    def header(self, live: LiveTable, tr: Translator) -> Html:
        assert live.deal is not None
        names = live.names
        parts = [
            tr.game(
                live.renderer.catalog,
                "table.header",
                game=self._title(live.variant, tr),
                n=live.deal.deal_no + 1,
            ),
            tr("table.dealer", name=names[live.deal.dealer]),
        ]
        out = live.variant.sitting_out(live.deal_options, len(names), live.deal.dealer)
        if out:
            parts.append(tr("table.sitting_out", name=", ".join(names[s] for s in sorted(out))))
        return Html(" · ".join(parts))

    def table(self, live: LiveTable, tr: Translator | None = None) -> Content:
        """The group's table message during (and at the end of) a deal; with ``tr``,
        a direct chat table's copy for a guest, in the guest's language."""
        tr = tr or self.tr(live)
        state = live.state
        lines = [
            self.header(live, tr),
            live.renderer.table_text(state.public_view(), live.names, tr),
        ]
        lines.extend(self._notice(live, n, tr) for n in live.notices)
        keyboard: Keyboard = []
        actor = self.actor(live)
        if actor is not None:
            public = self._public_codes(live, actor)
            keyboard = live.renderer.public_keyboard(public, state.public_view(), tr)
        return Content("\n".join(lines), self._keyboard(live, keyboard))

    def actor(self, live: LiveTable) -> Seat | None:
        """The seat whose public decision the group message offers (the first one due)."""
        if live.state is None or live.state.is_over:
            return None
        seat: Seat
        for seat in sorted(live.state.to_act()):
            if self._public_codes(live, seat) and self.forced(live, seat) is None:
                return seat
        return None

    def forced(self, live: LiveTable, seat: Seat) -> str | None:
        """The seat's only move, which the driver plays for them: no button for it."""
        return forced_code(live, seat, self.autoplay)

    @staticmethod
    def _public_codes(live: LiveTable, seat: Seat) -> list[str]:
        codes = [a.code for a in live.state.legal_actions(seat)]
        return [c for c in codes if live.renderer.is_public(c)]

    @staticmethod
    def _notice(live: LiveTable, notice: Notice, tr: Translator) -> Html:
        values = dict(notice.values)
        code = values.pop("action_code", None)
        if code is not None:
            values["action"] = live.renderer.action_text(str(code), tr)
        return tr(notice.key, **values)

    def hand(
        self, live: LiveTable, seat: Seat, tr: Translator, *, public_in_group: bool = False
    ) -> Content:
        """A player's private message: the renderer's hand text and private buttons.

        With ``public_in_group`` a seat whose every legal move is a button of
        the group's message gets the waiting seat's hand, without buttons: a
        player who answers those in the group would only see their direct chat
        edited twice for nothing (``Presenter.group_deciders``)."""
        state = live.state
        view = state.view(seat)
        codes: Sequence[str] = ()
        if seat in state.to_act() and self.forced(live, seat) is None:
            codes = [a.code for a in state.legal_actions(seat)]
        waiting = public_in_group and bool(codes) and self._all_in_group(live, seat, codes)
        if waiting:
            codes = ()
        hand_text = live.renderer.hand_text(view, live.names, tr, waiting=waiting)
        text = Html(f"{self.header(live, tr)}\n{hand_text}")
        keyboard = live.renderer.private_keyboard(codes, view, tr, live.picks.get(seat))
        return Content(text, self._keyboard(live, keyboard))

    def _all_in_group(self, live: LiveTable, seat: Seat, codes: Sequence[str]) -> bool:
        """Whether the group's message has a button for each of ``codes`` of ``seat``
        (not so for a seat that is not the first to decide there, nor for what only
        its own chat may offer: a secret partner's flek)."""
        if self.actor(live) != seat:
            return False
        public = self._public_codes(live, seat)
        keyboard = live.renderer.public_keyboard(public, live.state.public_view(), self.tr(live))
        offered = {button.action for row in keyboard for button in row}
        return set(codes) <= offered

    def active_seats(self, live: LiveTable) -> list[Seat]:
        """Seats dealt into the current deal."""
        assert live.deal is not None
        count = len(live.names)
        out = live.variant.sitting_out(live.deal_options, count, live.deal.dealer)
        return [s for s in range(count) if s not in out]

    def result(
        self, live: LiveTable, *, buttons: bool = True, tr: Translator | None = None
    ) -> Content:
        """The message posted once per finished deal: result, payments, running score;
        after the deal that ends the match, the final standings instead of buttons.

        With ``tr``: the copy for a guest of a direct chat's table, in the guest's
        language and without buttons (the creator deals the next deal)."""
        guest = tr is not None
        tr = tr or self.tr(live)
        match = live.game_match
        assert live.outcome is not None and match is not None
        names = live.names
        running = running_text(live.renderer, match, names, tr)
        if running is None:
            running = tr.game(
                live.renderer.catalog,
                "result.running",
                deals=match.deals,
                list=self.totals(live, tr),
            )
        lines = [live.renderer.result_text(live.outcome, names, tr), running]
        if match.over:
            lines.append(self.final(live, tr))
            return Content("\n".join(lines))
        lines.append(tr("result.next_dealer", name=names[match.dealer]))
        if guest:
            lines.append(tr("result.host_deals"))
            return Content("\n".join(lines))
        keyboard = [
            [
                _button(tr.game(live.renderer.catalog, "btn.next_deal"), _cb(live, Op.NEXT)),
                _button(tr("btn.stop"), _cb(live, Op.STOP)),
            ]
        ]
        return Content("\n".join(lines), InlineKeyboardMarkup(keyboard) if buttons else None)

    def final(self, live: LiveTable, tr: Translator) -> Html:
        """A finished match: the engine's standings and, for money, the settlement."""
        match = live.game_match
        assert match is not None
        options, names = live.deal_options, live.names
        lines = [tr.game(live.renderer.catalog, "match.over", deals=match.deals)]
        for standing in live.variant.standings(match, options):
            score = live.renderer.format_score(standing.score, tr)
            lines.append(
                tr("match.place", place=standing.place, name=names[standing.seat], score=score)
            )
        sheet = sheet_text(live.renderer, match, (), options, names, tr)
        if sheet is not None:  # the game's own sheet (Cenzr: the labeta by rounds)
            lines.append(sheet)
        money = live.variant.settlement(match, options)
        if money is not None:
            paid = " · ".join(
                f"{escape(name)} {money_text(value, tr)}"
                for name, value in zip(names, money, strict=False)
            )
            lines.append(tr("match.settlement", list=Html(paid)))
        lines.append(tr("match.again"))
        return Html("\n".join(lines))

    def totals(self, live: LiveTable, tr: Translator) -> Html:
        match = live.game_match
        totals = match.totals if match is not None else ()
        return Html(
            " · ".join(
                f"{escape(name)} {live.renderer.format_score(value, tr)}"
                for name, value in zip(live.names, totals, strict=False)
            )
        )

    def stopped(self, live: LiveTable) -> Content:
        return Content(self.tr(live)("table.stopped"))

    def stop_confirm(self, live: LiveTable) -> Content:
        tr = self.tr(live)
        keyboard = [
            [
                _button(tr("btn.stop_yes"), _cb(live, Op.STOP_CONFIRM)),
                _button(tr("btn.stop_no"), _cb(live, Op.STOP_CANCEL)),
            ]
        ]
        return Content(tr("stop.confirm"), InlineKeyboardMarkup(keyboard))

    # -- helpers -----------------------------------------------------------------------

    @staticmethod
    def _title(variant: Variant, tr: Translator) -> str:
        return variant.title.get(tr.lang, variant.id)

    def _keyboard(self, live: LiveTable, rows: Keyboard) -> InlineKeyboardMarkup | None:
        def encode(button: Button) -> InlineKeyboardButton:
            if button.action is not None:
                data = CallbackData(live.id, live.version, Op.ACTION, button.action)
            else:
                data = CallbackData(live.id, live.version, Op.PICK, button.pick or "-")
            return _button(button.label, data)

        built = [[encode(b) for b in row] for row in rows if row]
        return InlineKeyboardMarkup(built) if built else None


def money_text(halers: int, tr: Translator) -> Html:
    """Money in haléře for people ("+51,50 Kč"), for any game's settlement."""
    sign = "+" if halers > 0 else "−" if halers < 0 else ""
    crowns, rest = divmod(abs(halers), 100)
    return tr("match.money", sign=sign, crowns=crowns, halers=f"{rest:02d}")
