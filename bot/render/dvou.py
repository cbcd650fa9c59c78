"""Mariáš ve dvou on Telegram: trumps, announcements, the stock, fleks, play.

Uses only ``PublicView`` and ``PlayerView`` (games/marias_dvou/views.py) and
the legal action codes, so nothing shown can hold a card the reader may not
see: the stock is a count (and, in rules B, the face-up card at its bottom
while it lies there), the opponent's hand is a count. Texts come from
``dvou.*``; what the Mariáš games say alike (the cards, tricks, marriages,
the flek chain, money) is volený's (``bot.render.marias``), imported.

Decisions: the first player names trumps in his direct chat (A, C: a suit of
his first four cards); stovka and sedma at the start and the fleks are on the
group's table message (and the hand, so a deal can be played from the direct
chat alone); during play the seat to play has its cards, "📣 Hlásím sedmu"
while it may still announce it, and in B "🔁 Vyměnit sedmu" while it may swap.

The budget: a waiting seat's hand shows its cards, the trumps, the
announcements, the stock count and whether the duties bind; the count and
the duties change only when a trick ends, which changes its cards anyway.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.render.base import Button, Keyboard
from bot.render.i18n import Html, Translator, escape
from bot.render.marias import (
    SUITS,
    _by_suit,
    _capital,
    _rows,
    card_text,
)
from bot.render.marias_parts import VOLENY, VolenyTexts
from games.marias_dvou.options import DvouOptions
from games.marias_dvou.views import PlayerView, PublicView

__all__ = ["DvouRenderer"]

_PUBLIC_HEADS = ("extras", "flek")
_PUBLIC_CODES = ("pass",)
_SINGLE = ("ve_dvou_unfleked_game",)
"""Options with one value: nothing to choose in /settings."""
_VOLENY = VOLENY


class DvouRenderer(VolenyTexts):
    """The ``GameRenderer`` of ``marias-dvou``."""

    variant_id = "marias-dvou"
    catalog = "dvou"
    options_class = DvouOptions
    single_options = _SINGLE
    public_codes = _PUBLIC_CODES
    public_heads = _PUBLIC_HEADS
    lower_is_better = False

    # -- words -------------------------------------------------------------------------

    @staticmethod
    def _suit(suit: str, tr: Translator) -> Html:
        return escape(f"{SUITS[suit]} {tr(f'marias.suit.{suit}')}")

    def _flek_phrase(self, levels: Mapping[str, int], p: PublicView, tr: Translator) -> Html:
        return _VOLENY._flek_phrase(levels, p.stovka is not None, tr)

    def _said(self, code: str, p: PublicView, levels: dict[str, int], tr: Translator) -> Html:
        head, _, arg = code.partition(":")
        if head == "trumps":
            return tr("dvou.said.trumps", trump=self._suit(arg, tr))
        if head == "extras":
            return tr(f"marias.said.extras.{arg}")
        if head == "flek":
            raised = {}
            for c in arg.split("+"):
                levels[c] = levels.get(c, 0) + 1
                raised[c] = levels[c]
            return self._flek_phrase(raised, p, tr)
        return tr(f"dvou.said.{code}")

    def _calls(self, p: PublicView, names: Sequence[str], tr: Translator) -> Html | None:
        """The last calls of the deal (trumps, stovka and sedma, fleks, the swap)."""
        levels: dict[str, int] = {}
        said = [f"{escape(names[s])}: {self._said(c, p, levels, tr)}" for s, c in p.calls]
        if not said:
            return None
        return tr("marias.calls", calls=Html(" · ".join(said[-4:])))

    # -- texts -------------------------------------------------------------------------

    def _contract_lines(
        self, p: PublicView, names: Sequence[str], tr: Translator, *, fleks: bool = True
    ) -> list[Html]:
        """The rules, the first player, trumps, the turned card, the announcements, the
        fleks (unless ``fleks`` is off), the stock and the duties."""
        lines: list[Html] = [
            tr(f"dvou.rules_line.{p.rules}"),
            tr("marias.forhond", name=names[p.forhond]),
        ]
        if p.trump is not None:
            lines.append(tr("dvou.trumps", trump=self._suit(p.trump, tr)))
        if p.turned_card is not None:
            lines.append(tr("dvou.turned", card=card_text(p.turned_card, tr)))
        announced = []
        if p.stovka is not None:
            announced.append(str(tr("dvou.announced.stovka", name=names[p.stovka])))
        if p.sedma is not None:
            announced.append(str(tr("dvou.announced.sedma", name=names[p.sedma])))
        if announced:
            lines.append(tr("dvou.announced.line", list=Html(" · ".join(announced))))
        raised = {c: lv for c, lv in p.flek.items() if lv > 0}
        if raised and fleks:
            lines.append(tr("marias.flek", list=self._flek_phrase(raised, p, tr)))
        if p.phase != "over" and p.trump is not None:
            lines.append(tr("dvou.stock", n=p.stock_count))
            if not p.strict:
                lines.append(tr("dvou.free"))
        return lines

    def _play_lines(
        self, p: PublicView, names: Sequence[str], tr: Translator, *, tricks: bool = True
    ) -> list[Html]:
        """Marriages, tricks per player, the trick on the table and the last one."""
        lines: list[Html] = []
        if p.phase not in ("play", "over") and not p.history:
            return lines
        if p.marriages:
            shown = ", ".join(
                f"{escape(names[s])} {SUITS[suit]} {points}" for s, suit, points in p.marriages
            )
            lines.append(tr("marias.marriages", list=Html(shown)))
        if tricks and p.history:
            won = " · ".join(f"{escape(names[s])} {n}" for s, n in p.tricks_won.items())
            lines.append(tr("marias.tricks", list=Html(won)))
        if p.trick:
            lines.append(tr("marias.on_table", cards=_VOLENY._trick(p.trick, names, tr)))
        if p.last_trick and p.last_winner is not None:
            cards = _VOLENY._trick(p.last_trick, names, tr)
            lines.append(tr("marias.last_trick", cards=cards, winner=names[p.last_winner]))
        return lines

    def table_text(self, view: Any, names: Sequence[str], tr: Translator) -> Html:
        p: PublicView = view
        lines = self._contract_lines(p, names, tr)
        if p.phase in ("announce", "flek"):
            calls = self._calls(p, names, tr)
            if calls is not None:
                lines.append(calls)
        hands = " · ".join(f"{escape(names[s])} {n}" for s, n in p.hand_sizes.items())
        if p.phase == "play":
            lines.append(tr("dvou.hand_sizes", list=Html(hands)))
        lines.extend(self._play_lines(p, names, tr))
        lines.append(self._turn_line(p, names, tr))
        return Html("\n".join(lines))

    def _turn_line(self, p: PublicView, names: Sequence[str], tr: Translator) -> Html:
        if p.phase == "over":
            return tr("marias.deal_over")
        who = ", ".join(names[s] for s in p.to_act)
        return tr("marias.turn", name=who, what=tr(f"dvou.doing.{p.phase}"))

    def hand_text(
        self, view: Any, names: Sequence[str], tr: Translator, *, waiting: bool = False
    ) -> Html:
        """The hand, the contract and, for the seat that must decide, all it needs."""
        v: PlayerView = view
        p = v.public
        lines = [tr("marias.hand_title" if v.hand_complete else "dvou.hand_first4")]
        lines.extend(_by_suit(v.hand, tr) or [tr("marias.no_cards")])
        lines.append(Html(""))
        deciding = not waiting and p.phase != "over" and v.seat in p.to_act
        lines.extend(self._contract_lines(p, names, tr, fleks=deciding))
        if p.phase == "over":
            lines.append(tr("marias.deal_over"))
        elif deciding:
            lines.extend(self._deciding(v, names, tr))
        else:
            lines.append(tr("marias.wait"))
        return Html("\n".join(lines))

    def _deciding(self, v: PlayerView, names: Sequence[str], tr: Translator) -> list[Html]:
        p = v.public
        lines: list[Html] = []
        if p.phase in ("announce", "flek"):
            calls = self._calls(p, names, tr)
            if calls is not None:
                lines.append(calls)
        if p.phase == "play":
            lines.extend(self._play_lines(p, names, tr, tricks=False))
        step = p.phase
        if p.phase == "play":
            step = "play_follow" if p.trick else "play_lead"
        lines.append(tr("marias.your_turn", what=tr(f"dvou.do.{step}")))
        if "sedma" in v.legal:
            lines.append(tr("dvou.sedma_hint"))
        if "swap" in v.legal:
            lines.append(tr("dvou.swap_hint"))
        if any(self.is_public(c) for c in v.legal):
            lines.append(tr("marias.also_in_group"))
        return lines

    # -- keyboards ---------------------------------------------------------------------

    def _label(self, code: str, p: PublicView, tr: Translator) -> str:
        head, _, arg = code.partition(":")
        if head == "flek":
            raised = {c: p.flek.get(c, 0) + 1 for c in arg.split("+")}
            return _capital(self._flek_phrase(raised, p, tr))
        if head == "extras":
            return str(tr(f"marias.extras.{arg}"))
        if head == "trumps":
            return str(self._suit(arg, tr))
        return str(tr(f"dvou.btn.{code}"))

    def public_keyboard(self, codes: Sequence[str], view: Any, tr: Translator) -> Keyboard:
        p: PublicView = view
        return _rows([Button(self._label(c, p, tr), action=c) for c in codes], 2)

    def private_keyboard(
        self, codes: Sequence[str], view: Any, tr: Translator, pick: str | None
    ) -> Keyboard:
        """Every legal action of the seat, the group's public decisions included."""
        v: PlayerView = view
        cards: list[Button] = []
        marriages: list[Button] = []
        decisions: list[Button] = []
        for code in codes:
            head, _, arg = code.partition(":")
            if head == "play":
                cards.append(Button(card_text(arg, tr), action=code))
            elif head == "hlas":
                label = tr("marias.hlas_button", card=card_text(arg, tr))
                marriages.append(Button(str(label), action=code))
            else:
                decisions.append(Button(self._label(code, v.public, tr), action=code))
        order = {code: i for i, code in enumerate(v.hand)}

        def in_hand(button: Button) -> int:
            return order.get((button.action or "").partition(":")[2], len(order))

        cards.sort(key=in_hand)
        marriages.sort(key=in_hand)
        return [*_rows(cards, 3), *_rows(marriages, 2), *_rows(decisions, 2)]

    # -- actions, results, scores ------------------------------------------------------

    def action_text(self, code: str, tr: Translator) -> Html:
        head, _, arg = code.partition(":")
        if head in ("play", "hlas"):
            return tr(f"marias.did.{head}", card=card_text(arg, tr))
        if head == "trumps":
            return tr("dvou.did.trumps", trump=self._suit(arg, tr))
        if head == "extras":
            return tr(f"marias.said.extras.{arg}")
        if head == "flek":
            what = [str(tr(f"marias.acc.{c}")) for c in arg.split("+")]
            if len(what) == 1:
                return tr("marias.did.flek", what=what[0])
            return tr("marias.did.flek_both", first=what[0], second=what[1])
        return tr(f"dvou.did.{code}")

    def result_text(self, outcome: Mapping[str, Any], names: Sequence[str], tr: Translator) -> Html:
        """The deal explained: trumps, the points, each component with its owner, flek
        and price, and who pays whom."""
        s: Mapping[str, Any] = outcome["summary"]
        first = int(s["declarer"])
        lines = [tr("marias.result.title"), tr(f"dvou.rules_line.{s.get('rules', 'C')}")]
        if s.get("trump"):
            lines.append(tr("dvou.trumps", trump=self._suit(s["trump"], tr)))
        points: Mapping[str, int] = s.get("points") or {}
        if points:
            listed = " · ".join(f"{escape(names[int(k)])} {v}" for k, v in points.items())
            lines.append(tr("dvou.result.points", list=Html(listed)))
        unit = _VOLENY._unit(outcome)
        hearts = _VOLENY._hearts_doubled(s)  # read off the plain game, when it was played
        for c in s.get("components", []):
            lines.append(self._component(c, first, names, unit, hearts, tr))
        lines.append(_VOLENY._payments(outcome, names, tr))
        return Html("\n".join(lines))

    def _component(
        self,
        c: Mapping[str, Any],
        first: int,
        names: Sequence[str],
        unit: int,
        hearts: bool,
        tr: Translator,
    ) -> Html:
        """One component with its owner, flek level and price: the summary's units are
        from the first player's side, the line from the owner's."""
        label = str(tr.get(f"dvou.component.{c['name']}", c["name"]))
        why = [f"{_VOLENY._flek_name(c['flek'], tr)} ×{2 ** c['flek']}"] if c["flek"] else []
        if hearts and c["name"] in ("hra", "stovka", "tichá stovka", "sedma"):
            why.append(str(tr("marias.result.hearts")))
        if why:
            label += f" ({', '.join(why)})"
        owner = int(c.get("owner", first))
        units: int = c["units"] if owner == first else -c["units"]
        if units == 0:
            return tr("marias.result.nothing", component=label)
        money = _VOLENY._money(abs(units) * unit, tr)
        key = "dvou.result.won" if units > 0 else "dvou.result.lost"
        return tr(key, component=label, name=names[owner], money=money)

    # -- settings and rules ------------------------------------------------------------

    def option_choices(self) -> Mapping[str, Sequence[object]]:
        choices = self._offered_choices()
        first = {"dvou_variant": choices.pop("dvou_variant")}  # the rules first in /settings
        return first | choices

    def _own_value_key(self, name: str, value: object) -> str:
        return f"dvou.optval.{name}.{value}"
