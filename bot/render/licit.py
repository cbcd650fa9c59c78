"""Licitovaný mariáš on Telegram: the auction, the talon, the contract, fleks, omyl.

Uses only ``PublicView`` and ``PlayerView`` (games/marias_licit/views.py) and
the legal action codes, so nothing shown can hold a card the reader may not
see: the dealt talon lies face down until the auction's winner takes it, and
his two discards are in his own message alone. Texts come from ``licit.*``;
what the two Mariáš games say alike (the cards, tricks, marriages, the flek
chain, money, the points of the result) is volený's (``bot.render.marias``).

The auction is decided on the group's table message: [Pas], [Mám] for the
seat with priority, the next few levels as players say them ("Sedma", "Sto a
sedma červených") and "➕" (a selection step) that opens every level in the
bidder's direct chat. The declarer's talon (two presses), the contract (the
level, then its trumps and, for dvě sedmy, the helper suit) and omyl (while
it is allowed) are in his direct chat; the fleks are on the group message.

The budget: a seat that waits gets a hand text that others' bids and fleks
do not change. A declarer who may only concede (omyl, while the defenders
flek) keeps one [Omyl] button whose meaning does not change, so his message
is not edited by the fleks either.
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
    _cards,
    _rows,
    card_text,
)
from bot.render.marias_parts import VOLENY, VolenyTexts
from games.marias_licit.levels import COMPONENTS, level
from games.marias_licit.options import LicitOptions
from games.marias_licit.views import PlayerView, PublicView

__all__ = ["LEVEL_PICK", "MORE", "LicitRenderer"]

MORE = "more"
"""The pick that opens every level of the auction in the direct chat."""
LEVEL_PICK = "lv:"
"""The pick of a contract's level whose trumps (and helper suit) come next."""
_SHOWN = 4
"""Levels offered at once in the auction; the rest behind "➕"."""
_PUBLIC_HEADS = ("bid", "flek")
_PUBLIC_CODES = ("mam", "pass")
_SINGLE = ("licit_auction", "licit_all_pass", "licit_talon_rules", "licit_unfleked")
"""Options with one value: nothing to choose in /settings."""
_VOLENY = VOLENY


def _level_number(code: str) -> int:
    return int(code.split(":")[1])


def _movers(p: PublicView) -> list[int]:
    """The seats the table waits for: a declarer who may only concede is not one."""
    seats = list(p.to_act)
    if p.omyl_open and p.declarer in seats and len(seats) > 1:
        seats.remove(p.declarer)
    return seats


class LicitRenderer(VolenyTexts):
    """The ``GameRenderer`` of ``marias-licitovany``."""

    variant_id = "marias-licitovany"
    catalog = "licit"
    options_class = LicitOptions
    single_options = _SINGLE
    public_codes = _PUBLIC_CODES
    public_heads = _PUBLIC_HEADS
    lower_is_better = False

    # -- words -------------------------------------------------------------------------

    @staticmethod
    def level_text(number: int, tr: Translator) -> Html:
        """A level as players say it: "sedma", "sto a sedma červených", "dvě sedmy a sto"."""
        return tr(f"licit.level.{number}")

    @staticmethod
    def _suit(suit: str, tr: Translator) -> Html:
        return escape(f"{SUITS[suit]} {tr(f'marias.suit.{suit}')}")

    def _contract(
        self,
        number: int,
        trump: str | None,
        helper: str | None,
        name: str,
        tr: Translator,
        *,
        past: bool = False,
    ) -> Html:
        """ "Petr hraje sto a sedmu, trumfy 🍃 zelené" (``past``: "hrál(a)")."""
        prefix = "licit.result.contract" if past else "licit.contract"
        contract = tr(f"licit.plays.{number}")
        if trump is None:
            return tr(prefix, name=name, contract=contract)
        if helper is None:
            return tr(f"{prefix}_trumps", name=name, contract=contract, trump=self._suit(trump, tr))
        return tr(
            f"{prefix}_helper",
            name=name,
            contract=contract,
            trump=self._suit(trump, tr),
            helper=self._suit(helper, tr),
        )

    def _flek_phrase(self, levels: Mapping[str, int], tr: Translator) -> Html:
        """Raises by level, each on its components: "flek na sto i na sedmu", "re na betla"."""
        by_level: dict[int, list[str]] = {}
        for name in sorted(levels, key=COMPONENTS.index):
            by_level.setdefault(levels[name], []).append(name)
        parts: list[str] = []
        for lv, names in sorted(by_level.items()):
            what = [str(tr(f"licit.acc.{c}")) for c in names]
            flek = _VOLENY._flek_name(lv, tr)
            if len(what) == 1:
                parts.append(str(tr("marias.flek_on", level=flek, what=what[0])))
            else:
                parts.append(
                    str(tr("marias.flek_on_both", level=flek, first=what[0], second=what[1]))
                )
        return Html(", ".join(parts))

    def _said(self, code: str, flek_round: bool, tr: Translator) -> Html:
        head, _, arg = code.partition(":")
        if head == "bid":
            return self.level_text(int(arg), tr)
        if code == "pass" and flek_round:
            return tr("licit.said.no_flek")
        return tr(f"licit.said.{head}")

    def _calls(self, p: PublicView, names: Sequence[str], tr: Translator) -> Html | None:
        """The auction's calls while it runs; the fleks (each named by the level it
        reached) after the contract."""
        levels: dict[str, int] = {}
        said: list[str] = []
        flek_round = False
        for seat, code in p.calls:
            head, _, arg = code.partition(":")
            if head == "contract":
                flek_round, said = True, []
                continue
            if head == "flek":
                raised = {}
                for c in arg.split("+"):
                    levels[c] = levels.get(c, 0) + 1
                    raised[c] = levels[c]
                text = self._flek_phrase(raised, tr)
            elif head == "omyl":
                continue
            else:
                text = self._said(code, flek_round, tr)
            said.append(f"{escape(names[seat])}: {text}")
        if not said:
            return None
        return tr("licit.calls", calls=Html(" · ".join(said[-6:])))

    # -- texts -------------------------------------------------------------------------

    def table_text(self, view: Any, names: Sequence[str], tr: Translator) -> Html:
        p: PublicView = view
        lines = self._contract_lines(p, names, tr)
        if p.phase == "auction":
            lines.append(self._holding(p, names, tr))
        if p.phase in ("auction", "flek"):
            calls = self._calls(p, names, tr)
            if calls is not None:
                lines.append(calls)
        lines.extend(self._play_lines(p, names, tr))
        lines.append(self._turn_line(p, names, tr))
        return Html("\n".join(lines))

    def _holding(self, p: PublicView, names: Sequence[str], tr: Translator) -> Html:
        """The level on the table and who holds it, or that nobody has bid yet."""
        if not p.bid or p.bid_holder is None:
            return tr("licit.auction.none")
        return tr("licit.auction.held", level=self.level_text(p.bid, tr), name=names[p.bid_holder])

    def _contract_lines(
        self, p: PublicView, names: Sequence[str], tr: Translator, *, fleks: bool = True
    ) -> list[Html]:
        """Forhont, the auction's winner, the contract with its trumps and helper suit,
        the trump in the talon, the fleks: what changes a few times a deal."""
        lines: list[Html] = [tr("marias.forhond", name=names[p.active[0]])]
        if p.declarer is None:
            return lines
        name = names[p.declarer]
        if p.level is None:
            if p.bid:
                lines.append(tr("licit.won", name=name, level=self.level_text(p.bid, tr)))
            return lines
        lines.append(self._contract(p.level, p.trump, p.helper, name, tr))
        if p.bid and p.level > p.bid:
            lines.append(tr("licit.bid_was", level=self.level_text(p.bid, tr)))
        if p.trump_in_talon:
            lines.append(tr("licit.trump_in_talon"))
        if p.talon_face_up:
            lines.append(tr("marias.talon_face_up", cards=_cards(p.talon_face_up, tr)))
        raised = {c: lv for c, lv in p.flek.items() if lv > 0}
        if raised and fleks:
            lines.append(tr("marias.flek", list=self._flek_phrase(raised, tr)))
        return lines

    def _play_lines(
        self, p: PublicView, names: Sequence[str], tr: Translator, *, tricks: bool = True
    ) -> list[Html]:
        """Marriages, tricks per player, the trick on the table and the last one."""
        lines: list[Html] = []
        if p.phase not in ("play", "over"):
            return lines
        if p.marriages:
            shown = ", ".join(
                f"{escape(names[s])} {SUITS[suit]} {points}" for s, suit, points in p.marriages
            )
            lines.append(tr("marias.marriages", list=Html(shown)))
        if tricks and (p.phase == "play" or any(p.tricks_won.values())):
            won = " · ".join(f"{escape(names[s])} {n}" for s, n in p.tricks_won.items())
            lines.append(tr("marias.tricks", list=Html(won)))
        if p.trick:
            lines.append(tr("marias.on_table", cards=_VOLENY._trick(p.trick, names, tr)))
        if p.last_trick and p.last_winner is not None:
            cards = _VOLENY._trick(p.last_trick, names, tr)
            lines.append(tr("marias.last_trick", cards=cards, winner=names[p.last_winner]))
        return lines

    def _turn_line(self, p: PublicView, names: Sequence[str], tr: Translator) -> Html:
        if p.phase == "over":
            return tr("marias.deal_over")
        who = ", ".join(names[s] for s in _movers(p))
        return tr("marias.turn", name=who, what=tr(f"licit.doing.{p.phase}"))

    def hand_text(
        self, view: Any, names: Sequence[str], tr: Translator, *, waiting: bool = False
    ) -> Html:
        """The hand, the contract and, for the seat that must decide, all it needs.

        A seat that waits (a declarer who may only concede, too) gets a text that
        others' bids, fleks and cards do not change."""
        v: PlayerView = view
        p = v.public
        if v.seat not in p.active:
            return tr("marias.sitting_out")
        lines = [tr("marias.hand_title")]
        lines.extend(_by_suit(v.hand, tr) or [tr("marias.no_cards")])
        if v.talon:
            lines.append(tr("marias.own_talon", cards=_cards(v.talon, tr)))
        lines.append(Html(""))
        deciding = not waiting and p.phase != "over" and any(c != "omyl" for c in v.legal)
        lines.extend(self._contract_lines(p, names, tr, fleks=deciding))
        if p.phase == "over":
            lines.append(tr("marias.deal_over"))
            return Html("\n".join(lines))
        if deciding:
            lines.extend(self._deciding(v, names, tr))
        else:
            if "omyl" in v.legal:
                lines.append(tr("licit.omyl_hint"))
            lines.append(tr("marias.wait"))
        return Html("\n".join(lines))

    def _deciding(self, v: PlayerView, names: Sequence[str], tr: Translator) -> list[Html]:
        """What the seat to act needs on top of its hand: the table now, and the question."""
        p = v.public
        lines: list[Html] = []
        if p.phase == "auction":
            calls = self._calls(p, names, tr)
            if calls is not None:
                lines.append(calls)
            if "mam" in v.legal and p.bid_holder is not None:
                level = tr(f"licit.plays.{p.bid}")
                what = tr("licit.do.hold", name=names[p.bid_holder], level=level)
            elif p.bid:
                what = tr("licit.do.outbid", level=self.level_text(p.bid, tr))
            elif len(p.calls) >= 2:  # the two others passed: forhont may name any level
                what = tr("licit.do.alone")
            else:
                what = tr("licit.do.bid")
        elif p.phase == "contract":
            contracts = [c for c in v.legal if c.startswith("contract:")]
            if contracts and all(len(c.split(":")) == 2 for c in contracts) and p.bid < 7:
                lines.append(tr("licit.sharp_hint"))
            what = tr("licit.do.contract", level=self.level_text(p.bid, tr))
        elif p.phase == "flek":
            calls = self._calls(p, names, tr)
            if calls is not None:
                lines.append(calls)
            what = tr("licit.do.flek")
        elif p.phase == "play":
            lines.extend(self._play_lines(p, names, tr, tricks=False))
            what = tr("licit.do.play_follow" if p.trick else "licit.do.play_lead")
        else:
            what = tr(f"licit.do.{p.phase}")
        if "omyl" in v.legal:
            lines.append(tr("licit.omyl_hint"))
        lines.append(tr("marias.your_turn", what=what))
        if any(self.is_public(c) for c in v.legal):
            lines.append(tr("marias.also_in_group"))
        return lines

    # -- keyboards ---------------------------------------------------------------------

    def _label(self, code: str, p: PublicView, tr: Translator) -> str:
        """A public decision's button: "Sedma", "Mám", "Pas", "Flek na sto", "Bez fleku"."""
        head, _, arg = code.partition(":")
        if head == "bid":
            return _capital(self.level_text(int(arg), tr))
        if head == "flek":
            raised = {c: p.flek.get(c, 0) + 1 for c in arg.split("+")}
            return _capital(self._flek_phrase(raised, tr))
        if code == "pass" and p.phase == "flek":
            return str(tr("licit.btn.no_flek"))
        return str(tr(f"licit.btn.{code}"))

    def public_keyboard(self, codes: Sequence[str], view: Any, tr: Translator) -> Keyboard:
        p: PublicView = view
        return self._decisions(codes, p, tr, None, group=True)

    def _decisions(
        self, codes: Sequence[str], p: PublicView, tr: Translator, pick: str | None, *, group: bool
    ) -> Keyboard:
        """[Pas] [Mám], the next levels and "➕" for the rest (all of them, in the
        direct chat, after "➕"); or the fleks and [Bez fleku]."""
        rows: Keyboard = []
        first = [Button(self._label(c, p, tr), action=c) for c in codes if c in _PUBLIC_CODES]
        if first:
            rows.append(first)
        bids = [c for c in codes if c.startswith("bid:")]
        everything = pick == MORE and not group
        shown = bids if everything else bids[:_SHOWN]
        rows.extend(_rows([Button(self._label(c, p, tr), action=c) for c in shown], 2))
        if everything:
            rows.append([Button(str(tr("licit.btn.fewer")), pick="-")])
        elif len(bids) > _SHOWN:
            key = "licit.btn.more_group" if group else "licit.btn.more"
            rows.append([Button(str(tr(key)), pick=MORE)])
        fleks = [Button(self._label(c, p, tr), action=c) for c in codes if c.startswith("flek:")]
        rows.extend(_rows(fleks, 1))
        return rows

    def private_keyboard(
        self, codes: Sequence[str], view: Any, tr: Translator, pick: str | None
    ) -> Keyboard:
        """Every legal action of the seat, the group's public decisions included, so that
        a deal can be played from the direct chat alone."""
        v: PlayerView = view
        if not codes:
            return []
        omyl = [Button(str(tr("licit.btn.omyl")), action="omyl")] if "omyl" in codes else []
        talon = [c for c in codes if c.startswith("talon:")]
        if talon:  # volený's two presses; its keyboard reads only the view's hand
            same: Any = v
            return _VOLENY._talon_keyboard(talon, same, tr, pick)
        contracts = [c for c in codes if c.startswith("contract:")]
        if contracts:
            return [*self._contract_keyboard(contracts, tr, pick), *_rows(omyl, 1)]
        public = [c for c in codes if self.is_public(c)]
        if public:
            return [*self._decisions(public, v.public, tr, pick, group=False), *_rows(omyl, 1)]
        cards: list[Button] = []
        marriages: list[Button] = []
        for code in codes:
            head, _, arg = code.partition(":")
            if head == "play":
                cards.append(Button(card_text(arg, tr), action=code))
            elif head == "hlas":
                label = tr("marias.hlas_button", card=card_text(arg, tr))
                marriages.append(Button(str(label), action=code))
        order = {code: i for i, code in enumerate(v.hand)}

        def in_hand(button: Button) -> int:
            return order.get((button.action or "").partition(":")[2], len(order))

        cards.sort(key=in_hand)
        marriages.sort(key=in_hand)
        return [*_rows(cards, 3), *_rows(marriages, 2), *_rows(omyl, 1)]

    def _contract_keyboard(
        self, codes: Sequence[str], tr: Translator, pick: str | None
    ) -> Keyboard:
        """Two steps where there is a choice: the level, then its trumps (and helper
        suit); a level with one way to play it (betl, durch, the red levels) is one press."""
        by_level: dict[int, list[str]] = {}
        for code in codes:
            by_level.setdefault(_level_number(code), []).append(code)
        chosen = None
        if pick is not None and pick.startswith(LEVEL_PICK):
            text = pick.removeprefix(LEVEL_PICK)
            chosen = int(text) if text.isdigit() and int(text) in by_level else None
        if chosen is None:
            buttons = []
            for number, found in by_level.items():
                label = _capital(self.level_text(number, tr))
                if len(found) == 1:
                    buttons.append(Button(label, action=found[0]))
                else:
                    buttons.append(Button(f"{label} …", pick=f"{LEVEL_PICK}{number}"))
            return _rows(buttons, 2)
        back = Button("✅ " + _capital(self.level_text(chosen, tr)), pick="-")
        choices = [Button(self._trumps_label(code, tr), action=code) for code in by_level[chosen]]
        helper = level(chosen).helper
        return [[back], *_rows(choices, 1 if helper else 3)]

    def _trumps_label(self, code: str, tr: Translator) -> str:
        parts = code.split(":")
        trump = self._suit(parts[2], tr)
        if len(parts) == 4:
            return str(tr("licit.btn.trumps_helper", trump=trump, helper=self._suit(parts[3], tr)))
        return str(trump)

    # -- actions, results, scores ------------------------------------------------------

    def action_text(self, code: str, tr: Translator) -> Html:
        """A move as the table may hear it: a discard never names its cards."""
        head, _, arg = code.partition(":")
        if head == "bid":
            return tr("licit.did.bid", level=tr(f"licit.plays.{arg}"))
        if head == "contract":
            return tr("licit.did.contract", contract=tr(f"licit.plays.{_level_number(code)}"))
        if head in ("play", "hlas"):
            return tr(f"marias.did.{head}", card=card_text(arg, tr))
        if head == "flek":
            what = [str(tr(f"licit.acc.{c}")) for c in arg.split("+")]
            if len(what) == 1:
                return tr("marias.did.flek", what=what[0])
            return tr("marias.did.flek_both", first=what[0], second=what[1])
        return tr(f"licit.did.{head}")

    def result_text(self, outcome: Mapping[str, Any], names: Sequence[str], tr: Translator) -> Html:
        """The deal explained: the contract, the points with marriages, each component
        with its flek and price, and who pays whom."""
        s: Mapping[str, Any] = outcome["summary"]
        lines = [tr("marias.result.title")]
        end = s.get("end")
        declarer = s.get("declarer")
        if end == "redeal" or declarer is None:
            lines.append(tr("licit.result.redeal"))
            return Html("\n".join(lines))
        name = names[int(declarer)]
        bid = int(s.get("bid") or 0)
        if end == "omyl":
            lines.append(tr("licit.result.omyl", name=name, level=tr(f"licit.plays.{bid}")))
        else:
            lines.append(
                self._contract(
                    int(s["level"]), s.get("trump"), s.get("helper"), name, tr, past=True
                )
            )
            if bid and int(s["level"]) > bid:
                lines.append(tr("licit.bid_was", level=self.level_text(bid, tr)))
        if end == "early":
            kind = "betl" if s.get("level") == 7 else "durch"
            lines.append(tr(f"marias.result.end_early_{kind}", name=name))
        points = s.get("points")
        if points:
            lines.append(_VOLENY._points(s, points, name, tr))
        unit = _VOLENY._unit(outcome)
        for c in s.get("components", []):
            lines.append(self._component(c, name, unit, tr))
        lines.append(_VOLENY._payments(outcome, names, tr))
        return Html("\n".join(lines))

    def _component(self, c: Mapping[str, Any], name: str, unit: int, tr: Translator) -> Html:
        """One component with its flek level and its price per defender."""
        label = str(tr.get(f"licit.component.{c['name']}", c["name"]))
        if c["flek"]:
            flek = _VOLENY._flek_name(c["flek"], tr)
            label += f" ({flek} ×{2 ** c['flek']})"
        units: int = c["units"]
        if units == 0:
            return tr("marias.result.nothing", component=label)
        money = _VOLENY._money(abs(units) * unit, tr)
        key = "marias.result.won" if units > 0 else "marias.result.lost"
        return tr(key, component=label, name=name, money=money)

    # -- settings and rules ------------------------------------------------------------

    def option_choices(self) -> Mapping[str, Sequence[object]]:
        return self._offered_choices()
