"""Volený mariáš on Telegram: table and hand texts, keyboards, results, settings.

Uses only ``PublicView`` and ``PlayerView`` (games/marias/views.py) and the
legal action codes, so nothing shown can hold a card the reader may not see.
Texts come from the catalogs under ``marias.*``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.render.base import Button, Keyboard
from bot.render.i18n import Html, Translator, escape
from games.engine import Outcome
from games.marias.options import VolenyOptions
from games.marias.views import PlayerView, PublicView
from games.names import SUIT_SYMBOLS, card_label, card_name

__all__ = ["MariasRenderer"]

_PUBLIC_HEADS = ("game", "extras", "flek")
_PUBLIC_CODES = ("dobra", "spatna", "pass")
_FLEK_NAMES = ("", "flek", "re", "tutti", "retutti", "kalhoty", "kaiser")
"""The chain of marias.md §3.0.3: boty is retutti's synonym, not a step of its own."""
_ROW = 3
_BOT_DECIDES: tuple[str, ...] = ()
"""Options the bot does not offer (none: the variant's hooks honour them all)."""


def _cards(codes: Sequence[str]) -> Html:
    return escape(" ".join(card_label(c) for c in codes))


def _by_suit(codes: Sequence[str]) -> list[Html]:
    """One line per suit, in the display order of the view: "♥ A 10 K"."""
    lines: list[str] = []
    current = ""
    for code in codes:
        label = card_label(code)
        symbol, rank = label[0], label[1:]
        if symbol != current:
            lines.append(symbol)
            current = symbol
        lines[-1] += f" {rank}"
    return [escape(line) for line in lines]


def _button_card(code: str, tr: Translator) -> str:
    """A card on a button: suit symbol and the card's name ("♥ červená desítka")."""
    return f"{SUIT_SYMBOLS[code[1]]} {card_name(code, tr.lang)}"


def _rows(buttons: list[Button], width: int = _ROW) -> Keyboard:
    return [buttons[i : i + width] for i in range(0, len(buttons), width)]


class MariasRenderer:
    """The ``GameRenderer`` of ``marias-voleny``."""

    variant_id = "marias-voleny"
    lower_is_better = False

    # -- texts -----------------------------------------------------------------------

    def table_text(self, view: Any, names: Sequence[str], tr: Translator) -> Html:
        p: PublicView = view
        lines = self._contract_lines(p, names, tr)
        if p.calls and p.phase not in ("play", "over"):
            calls = " · ".join(
                f"{escape(names[s])}: {self._call(code, tr)}" for s, code in p.calls[-4:]
            )
            lines.append(tr("marias.calls", calls=Html(calls)))
        if p.marriages:
            lines.append(tr("marias.marriages", list=self._marriages(p, names)))
        if p.phase == "play" or (p.phase == "over" and any(p.tricks_won.values())):
            won = " · ".join(f"{escape(names[s])} {n}" for s, n in p.tricks_won.items())
            lines.append(tr("marias.tricks", list=Html(won)))
        if p.trick:
            lines.append(tr("marias.on_table", cards=self._trick(p.trick, names)))
        if p.last_trick and p.last_winner is not None:
            lines.append(
                tr(
                    "marias.last_trick",
                    cards=_cards([c for _, c in p.last_trick]),
                    winner=names[p.last_winner],
                )
            )
        if p.talon_face_up:
            lines.append(tr("marias.talon_face_up", cards=_cards(p.talon_face_up)))
        lines.append(self._turn_line(p, names, tr))
        return Html("\n".join(lines))

    def hand_text(self, view: Any, names: Sequence[str], tr: Translator) -> Html:
        v: PlayerView = view
        p = v.public
        lines = [tr("marias.hand_title" if v.hand_complete else "marias.hand_first7")]
        lines.extend(_by_suit(v.hand) or [tr("marias.no_cards")])
        if v.own_trump_card and p.trump_card is None and p.kind in (None, "hra"):
            lines.append(tr("marias.own_trump", card=card_label(v.own_trump_card)))
        if v.talon:
            lines.append(tr("marias.own_talon", cards=_cards(v.talon)))
        if v.lead_card:
            lines.append(tr("marias.own_lead", card=card_label(v.lead_card)))
        lines.append(Html(""))
        lines.extend(self._contract_lines(p, names, tr))
        if p.trick:
            lines.append(tr("marias.on_table", cards=self._trick(p.trick, names)))
        if v.seat in p.to_act:
            public = [c for c in v.legal if self.is_public(c)]
            if public and len(public) == len(v.legal):
                lines.append(tr("marias.your_turn_group"))
            else:
                lines.append(tr("marias.your_turn", what=tr(f"marias.do.{p.phase}")))
        elif p.phase == "over":
            lines.append(tr("marias.deal_over"))
        elif p.to_act:
            lines.append(tr("marias.waiting_for", name=names[p.to_act[0]]))
        return Html("\n".join(lines))

    def _contract_lines(self, p: PublicView, names: Sequence[str], tr: Translator) -> list[Html]:
        lines: list[Html] = []
        if p.kind is not None and p.declarer is not None:
            extras = [tr(f"marias.extra.{x}") for x in ("stovka", "sedma") if getattr(p, x)]
            contract = " + ".join([tr(f"marias.kind.{p.kind}"), *extras])
            lines.append(tr("marias.contract", name=names[p.declarer], contract=Html(contract)))
        if p.trump is not None:
            trump = f"{SUIT_SYMBOLS[p.trump]} {escape(tr(f'marias.suit.{p.trump}'))}"
            if p.trump_card:
                trump += f" ({card_label(p.trump_card)})"
            lines.append(tr("marias.trumps", trump=Html(trump)))
        elif p.phase in ("talon", "announce", "respond") and p.kind in (None, "hra"):
            lines.append(
                tr("marias.trump_hidden_blind" if p.trump_blind else "marias.trump_hidden")
            )
        raised = [(name, level) for name, level in p.flek.items() if level > 0]
        if raised:
            shown = " · ".join(
                f"{escape(tr(f'marias.component.{name}'))} {self._flek_name(level, tr)}"
                for name, level in raised
            )
            lines.append(tr("marias.flek", list=Html(shown)))
        if p.lead_laid and p.phase in ("lead", "flek"):
            lines.append(tr("marias.lead_laid"))
        return lines

    def _turn_line(self, p: PublicView, names: Sequence[str], tr: Translator) -> Html:
        if p.phase == "over":
            return tr("marias.deal_over")
        who = ", ".join(names[s] for s in p.to_act)
        return tr("marias.turn", name=who, what=tr(f"marias.doing.{p.phase}"))

    def _trick(self, trick: Sequence[tuple[int, str]], names: Sequence[str]) -> Html:
        return Html(" · ".join(f"{escape(names[s])} {escape(card_label(c))}" for s, c in trick))

    def _marriages(self, p: PublicView, names: Sequence[str]) -> Html:
        return Html(
            ", ".join(
                f"{escape(names[s])} {SUIT_SYMBOLS[suit]} {points}"
                for s, suit, points in p.marriages
            )
        )

    @staticmethod
    def _flek_name(level: int, tr: Translator) -> Html:
        if level < len(_FLEK_NAMES):
            return tr(f"marias.flek_level.{_FLEK_NAMES[level]}")
        return escape(f"×{2**level}")

    def _call(self, code: str, tr: Translator) -> Html:
        head, _, arg = code.partition(":")
        if head == "game":
            return tr(f"marias.kind.{arg}")
        if head == "extras":
            return tr(f"marias.extras.{arg}")
        if head == "flek":
            return Html(
                tr("marias.flek_call")
                + " "
                + " + ".join(tr(f"marias.component.{c}") for c in arg.split("+"))
            )
        return tr(f"marias.call.{code}")

    # -- keyboards -------------------------------------------------------------------

    def is_public(self, code: str) -> bool:
        return code in _PUBLIC_CODES or code.partition(":")[0] in _PUBLIC_HEADS

    def public_keyboard(self, codes: Sequence[str], view: Any, tr: Translator) -> Keyboard:
        p: PublicView = view
        buttons = [Button(self._public_label(code, p, tr), action=code) for code in codes]
        return _rows(buttons, 2)

    def _public_label(self, code: str, p: PublicView, tr: Translator) -> str:
        head, _, arg = code.partition(":")
        if head == "flek":
            parts = arg.split("+")
            level = max(p.flek.get(c, 0) for c in parts) + 1
            what = " + ".join(tr(f"marias.component.{c}") for c in parts)
            return f"{self._flek_name(level, tr).capitalize()}: {what}"
        if head == "game":
            return str(tr(f"marias.kind_button.{arg}"))
        if head == "extras":
            return str(tr(f"marias.extras.{arg}"))
        return str(tr(f"marias.call.{code}"))

    def private_keyboard(
        self, codes: Sequence[str], view: Any, tr: Translator, pick: str | None
    ) -> Keyboard:
        v: PlayerView = view
        private = [c for c in codes if not self.is_public(c)]
        talon = [c for c in private if c.startswith("talon:")]
        if talon:
            return self._talon_keyboard(talon, v, tr, pick)
        cards: list[Button] = []
        extra: list[Button] = []
        for code in private:
            head, _, arg = code.partition(":")
            if head in ("trump", "lead", "play"):
                cards.append(Button(_button_card(arg, tr), action=code))
            elif head == "hlas":
                label = tr("marias.hlas_button", card=_button_card(arg, tr))
                extra.append(Button(str(label), action=code))
            elif head == "lid":
                extra.append(Button(str(tr("marias.lid_button", n=arg)), action=code))
            else:
                extra.append(Button(str(tr(f"marias.call.{code}")), action=code))
        order = {code: i for i, code in enumerate(v.hand)}
        cards.sort(key=lambda b: order.get((b.action or "").partition(":")[2], len(order)))
        keyboard = _rows(cards)
        lids = [b for b in extra if (b.action or "").startswith("lid:")]
        others = [b for b in extra if b not in lids]
        if lids:
            keyboard.append(lids)
        keyboard.extend(_rows(others, 2))
        return keyboard

    def _talon_keyboard(
        self, codes: Sequence[str], v: PlayerView, tr: Translator, pick: str | None
    ) -> Keyboard:
        """Two presses: the first card is a pick (no state change), the second discards both."""
        pairs: dict[frozenset[str], str] = {}
        for code in codes:
            a, b = code.partition(":")[2].split(",")
            pairs[frozenset((a, b))] = code
        usable = [c for c in v.hand if any(c in pair for pair in pairs)]
        if pick is None or pick not in usable:
            return _rows([Button(_button_card(c, tr), pick=c) for c in usable])
        buttons = [Button("✅ " + _button_card(pick, tr), pick="-")]
        for c in usable:
            pair = pairs.get(frozenset((pick, c)))
            if pair is not None:
                buttons.append(Button(_button_card(c, tr), action=pair))
        return _rows(buttons)

    # -- actions, results, scores ----------------------------------------------------

    def action_text(self, code: str, tr: Translator) -> Html:
        head, _, arg = code.partition(":")
        if head in ("play", "hlas", "lead", "trump"):
            return tr(f"marias.did.{head}", card=card_label(arg))
        if head == "talon":
            return tr("marias.did.talon")
        if head == "lid":
            return tr("marias.did.lid", n=arg)
        return self._call(code, tr)

    def result_text(self, outcome: Mapping[str, Any], names: Sequence[str], tr: Translator) -> Html:
        s: Mapping[str, Any] = outcome["summary"]
        declarer = s["declarer"]
        lines = [tr("marias.result.title")]
        extras = [tr(f"marias.extra.{x}") for x in ("stovka", "sedma") if s.get(x)]
        contract = " + ".join([tr(f"marias.kind.{s['kind']}"), *extras])
        if s.get("trump"):
            contract += f", {SUIT_SYMBOLS[s['trump']]}"
        lines.append(tr("marias.contract", name=names[declarer], contract=Html(contract)))
        end = s.get("end")
        if end in ("thrown_in", "free", "claim", "early"):
            lines.append(tr(f"marias.result.end_{end}"))
        points = s.get("points")
        if points:
            lines.append(
                tr(
                    "marias.result.points",
                    name=names[declarer],
                    declarer=points["declarer"],
                    defenders=points["defenders"],
                )
            )
        parts = []
        for c in s.get("components", []):
            mark = "✅" if c["won"] else "❌"
            flek = f" {self._flek_name(c['flek'], tr)}" if c["flek"] else ""
            name = tr.get(f"marias.component.{c['name']}", c["name"])
            parts.append(f"{name}{escape(flek)} {mark} {c['units']:+d}")
        if parts:
            lines.append(tr("marias.result.components", list=Html(" · ".join(parts))))
        tally = outcome.get("tally") or outcome["scores"]
        pays = " · ".join(
            f"{escape(names[i])} {self.format_score(v, tr)}"
            for i, v in enumerate(tally)
            if i in {int(k) for k in s.get("tricks", {})} or v
        )
        lines.append(tr("marias.result.payments", list=Html(pays)))
        return Html("\n".join(lines))

    def tally_scores(self, outcome: Outcome, options: Any) -> tuple[int, ...]:
        unit = options.unit_haler if isinstance(options, VolenyOptions) else 1
        return tuple(score * unit for score in outcome.scores)

    def format_score(self, value: int, tr: Translator) -> Html:
        sign = "+" if value > 0 else "−" if value < 0 else ""
        crowns, halers = divmod(abs(value), 100)
        return tr("marias.money", sign=sign, crowns=crowns, halers=f"{halers:02d}")

    # -- settings and rules ----------------------------------------------------------

    def option_choices(self) -> Mapping[str, Sequence[object]]:
        choices = VolenyOptions.choices()
        for name in _BOT_DECIDES:
            choices.pop(name, None)
        return choices

    def option_label(self, name: str, tr: Translator) -> Html:
        return tr.get(f"marias.opt.{name}", name)

    def option_value(self, name: str, value: object, tr: Translator) -> Html:
        if isinstance(value, bool):
            return tr("common.yes" if value else "common.no")
        if value is None:
            return tr("marias.optval.none")
        if name == "unit_haler":
            return tr("marias.optval.haler", n=value)
        return tr.get(f"marias.optval.{value}", str(value))

    def rules_text(self, tr: Translator) -> Html:
        return tr("marias.rules")
