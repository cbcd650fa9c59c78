"""Volený mariáš on Telegram: table and hand texts, keyboards, results, settings.

Uses only ``PublicView`` and ``PlayerView`` (games/marias/views.py) and the
legal action codes, so nothing shown can hold a card the reader may not see.
Texts come from the catalogs under ``marias.*``.

Two budgets shape the hand message. Every change of a player's direct
message is a Bot API call, and the presenter re-renders all hands after
every action, so a hand is edited only when its reader needs something new:
the seat that must decide sees the trick, the last trick and the calls; any
other seat sees its cards and the contract (which change a few times a
deal) and a line that never changes until it is its turn. And so that a
deal can be played from the direct chat alone, the hand's keyboard offers
every legal action, the group's public decisions (game, dobrá/špatná,
sedma/stovka, fleks) included.

Cards are German-suited as players know them (notation.md): 🍃 zelené,
🌰 žaludy, 🔔 kule, ❤️ červené, with spodek, svršek, král and eso.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.render.base import Button, Keyboard
from bot.render.i18n import Html, Translator, escape
from games.marias.options import VolenyOptions
from games.marias.views import PlayerView, PublicView
from games.match import Match

__all__ = ["SUITS", "MariasRenderer", "NoMatchTexts", "card_text", "rank_text"]

SUITS = {"h": "❤️", "d": "🔔", "s": "🍃", "c": "🌰"}
"""The German suit symbols of notation.md; Blázen keeps the French ♥♦♠♣."""
_PUBLIC_HEADS = ("game", "extras", "flek")
_PUBLIC_CODES = ("dobra", "spatna", "pass")
_FLEK_NAMES = ("", "flek", "re", "tutti", "retutti", "kalhoty", "kaiser")
"""The chain of marias.md §3.0.3: boty is retutti's synonym, not a step of its own."""
_COMPONENT_ORDER = ("hra", "sedma", "betl", "durch")
_ROW = 3
_BOT_DECIDES: tuple[str, ...] = ()
"""Options the bot does not offer (none: the variant's hooks honour them all)."""


def rank_text(code: str, tr: Translator) -> str:
    """A rank as players name it: 7, 8, 9, 10, spodek, svršek, král, eso."""
    rank = code[0]
    return rank if rank in "789" else str(tr(f"marias.rank.{rank}"))


def card_text(code: str, tr: Translator) -> str:
    """A card in a text or on a button: "🍃 svršek", "❤️ 10" — short and unambiguous."""
    return f"{SUITS[code[1]]} {rank_text(code, tr)}"


def _cards(codes: Sequence[str], tr: Translator) -> Html:
    return escape(", ".join(card_text(c, tr) for c in codes))


def _by_suit(codes: Sequence[str], tr: Translator) -> list[Html]:
    """One line per suit, in the display order of the view: "❤️ eso 10 král"."""
    lines: list[str] = []
    current = ""
    for code in codes:
        if code[1] != current:
            lines.append(SUITS[code[1]])
            current = code[1]
        lines[-1] += f" {rank_text(code, tr)}"
    return [escape(line) for line in lines]


def _rows(buttons: list[Button], width: int = _ROW) -> Keyboard:
    return [buttons[i : i + width] for i in range(0, len(buttons), width)]


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _contract_key(kind: str, stovka: bool, sedma: bool) -> str:
    """What the declarer plays, as one word of ``marias.plays``: hra, sedma, stovka..."""
    if kind != "hra":
        return kind
    if stovka and sedma:
        return "stovka+sedma"
    return "stovka" if stovka else "sedma" if sedma else "hra"


class NoMatchTexts:
    """A game whose match shows no running standing and no score sheet."""

    def running_text(self, match: Match, names: Sequence[str], tr: Translator) -> Html | None:
        return None

    def sheet_text(
        self,
        match: Match,
        deals: Sequence[Mapping[str, Any]],
        options: Any,
        names: Sequence[str],
        tr: Translator,
    ) -> Html | None:
        return None


class MariasRenderer(NoMatchTexts):
    """The ``GameRenderer`` of ``marias-voleny``."""

    variant_id = "marias-voleny"
    catalog = "marias"
    lower_is_better = False

    # -- texts -----------------------------------------------------------------------

    def table_text(self, view: Any, names: Sequence[str], tr: Translator) -> Html:
        p: PublicView = view
        lines = [*self._contract_lines(p, names, tr), *self._face_down(p, tr)]
        if p.calls and p.phase not in ("play", "over"):
            lines.append(self._calls(p, names, tr))
        if p.marriages:
            lines.append(tr("marias.marriages", list=self._marriages(p, names)))
        if p.phase == "play" or (p.phase == "over" and any(p.tricks_won.values())):
            won = " · ".join(f"{escape(names[s])} {n}" for s, n in p.tricks_won.items())
            lines.append(tr("marias.tricks", list=Html(won)))
        lines.extend(self._trick_lines(p, names, tr))
        if p.talon_face_up:
            lines.append(tr("marias.talon_face_up", cards=_cards(p.talon_face_up, tr)))
        lines.append(self._turn_line(p, names, tr))
        return Html("\n".join(lines))

    def hand_text(
        self, view: Any, names: Sequence[str], tr: Translator, *, waiting: bool = False
    ) -> Html:
        """The hand, the contract and, for the seat that must decide, all it needs.

        A seat that is not to act gets a text that other seats' cards and calls
        do not change, so its message is not edited while it waits."""
        v: PlayerView = view
        p = v.public
        lines = [tr("marias.hand_title" if v.hand_complete else "marias.hand_first7")]
        lines.extend(_by_suit(v.hand, tr) or [tr("marias.no_cards")])
        if v.own_trump_card and p.trump_card is None and p.kind in (None, "hra"):
            lines.append(tr("marias.own_trump", card=card_text(v.own_trump_card, tr)))
        if v.talon:
            lines.append(tr("marias.own_talon", cards=_cards(v.talon, tr)))
        if v.lead_card:
            lines.append(tr("marias.own_lead", card=card_text(v.lead_card, tr)))
        lines.append(Html(""))
        waiting = waiting or (p.phase != "over" and v.seat not in p.to_act)
        # the fleks change while others speak: the seat sees them when it decides
        lines.extend(self._contract_lines(p, names, tr, fleks=not waiting))
        lines.extend(self._warnings(v, tr))
        if p.phase == "over":
            lines.append(tr("marias.deal_over"))
        elif v.seat not in p.active:  # four at the table: this seat has no cards this deal
            lines.append(tr("marias.sitting_out"))
        elif not waiting:
            lines.extend(self._deciding(v, names, tr))
        else:
            lines.append(tr("marias.wait"))
        return Html("\n".join(lines))

    def _deciding(self, v: PlayerView, names: Sequence[str], tr: Translator) -> list[Html]:
        """What the seat to act needs on top of its hand: the table now, and the question."""
        p = v.public
        lines = self._face_down(p, tr)
        if p.calls and p.phase != "play":
            lines.append(self._calls(p, names, tr))
        if p.phase == "play":
            if p.marriages:
                lines.append(tr("marias.marriages", list=self._marriages(p, names)))
            if p.talon_face_up:
                lines.append(tr("marias.talon_face_up", cards=_cards(p.talon_face_up, tr)))
            lines.extend(self._trick_lines(p, names, tr))
        if p.phase == "trump" and any(c.startswith("lid:") for c in v.legal):
            lines.append(tr("marias.lid_hint"))
        if p.phase == "respond" and "spatna" in v.legal:
            lines.append(tr("marias.respond_hint"))
        step = p.phase
        if p.phase == "play":
            step = "play_follow" if p.trick else "play_lead"
        lines.append(tr("marias.your_turn", what=tr(f"marias.do.{step}")))
        if any(self.is_public(c) for c in v.legal):
            lines.append(tr("marias.also_in_group"))
        return lines

    def _warnings(self, v: PlayerView, tr: Translator) -> list[Html]:
        """marias.md §6 #52 and #24: a sedma without the trump seven, a stovka without
        a marriage are allowed, but cannot be won, so the declarer is told."""
        p = v.public
        trump = p.trump or (v.own_trump_card or " ?")[1]  # before the reveal, only he knows
        if v.seat != p.declarer or p.kind != "hra" or trump not in SUITS:
            return []
        seven = f"7{trump}"
        lacks_seven = seven not in v.hand
        lines: list[Html] = []
        if p.phase == "extras" and v.seat in p.to_act:
            if lacks_seven and any("sedma" in c for c in v.legal):
                lines.append(tr("marias.warn.seven_missing"))
            suits = {c[1] for c in v.hand if c[0] == "K"} & {c[1] for c in v.hand if c[0] == "Q"}
            if not suits and any("stovka" in c for c in v.legal):
                lines.append(tr("marias.warn.stovka_missing"))
        elif p.phase == "flek" and p.sedma and lacks_seven:
            lines.append(tr("marias.warn.seven_announced"))
        return lines

    def _contract_lines(
        self, p: PublicView, names: Sequence[str], tr: Translator, *, fleks: bool = True
    ) -> list[Html]:
        """Forhont, contract, trumps and (unless ``fleks`` is off) fleks: what changes
        only a few times a deal."""
        lines: list[Html] = []
        if p.active:
            lines.append(tr("marias.forhond", name=names[p.active[0]]))
        if p.kind is not None and p.declarer is not None:
            contract = tr(f"marias.plays.{_contract_key(p.kind, p.stovka, p.sedma)}")
            if p.trump is not None:
                lines.append(
                    tr(
                        "marias.contract_trumps",
                        name=names[p.declarer],
                        contract=contract,
                        trump=self._trump(p.trump, p.trump_card, tr),
                    )
                )
            else:
                lines.append(tr("marias.contract", name=names[p.declarer], contract=contract))
        raised = {name: level for name, level in p.flek.items() if level > 0}
        if raised and fleks:
            lines.append(tr("marias.flek", list=self._flek_phrase(raised, p.stovka, tr)))
        return lines

    @staticmethod
    def _face_down(p: PublicView, tr: Translator) -> list[Html]:
        """The trump or the betl lead lying face down: worth saying to whoever decides,
        but it comes and goes with phases, so a waiting hand does not show it."""
        lines: list[Html] = []
        hidden = p.trump is None and p.kind in (None, "hra")
        if hidden and p.phase in ("talon", "announce", "respond", "extras"):
            key = "marias.trump_hidden_blind" if p.trump_blind else "marias.trump_hidden"
            lines.append(tr(key))
        if p.lead_laid and p.phase in ("lead", "flek"):
            lines.append(tr("marias.lead_laid"))
        return lines

    @staticmethod
    def _trump(suit: str, card: str | None, tr: Translator) -> Html:
        shown = f"{SUITS[suit]} {tr(f'marias.suit.{suit}')}"
        if card:
            shown += f" ({card_text(card, tr)})"
        return escape(shown)

    def _trick_lines(self, p: PublicView, names: Sequence[str], tr: Translator) -> list[Html]:
        """The trick on the table and the last one, card by card with who played it."""
        lines: list[Html] = []
        if p.trick:
            lines.append(tr("marias.on_table", cards=self._trick(p.trick, names, tr)))
        if p.last_trick and p.last_winner is not None:
            cards = self._trick(p.last_trick, names, tr)
            lines.append(tr("marias.last_trick", cards=cards, winner=names[p.last_winner]))
        return lines

    def _turn_line(self, p: PublicView, names: Sequence[str], tr: Translator) -> Html:
        if p.phase == "over":
            return tr("marias.deal_over")
        who = ", ".join(names[s] for s in p.to_act)
        return tr("marias.turn", name=who, what=tr(f"marias.doing.{p.phase}"))

    @staticmethod
    def _trick(trick: Sequence[tuple[int, str]], names: Sequence[str], tr: Translator) -> Html:
        return Html(" · ".join(f"{escape(names[s])} {escape(card_text(c, tr))}" for s, c in trick))

    def _marriages(self, p: PublicView, names: Sequence[str]) -> Html:
        return Html(
            ", ".join(
                f"{escape(names[s])} {SUITS[suit]} {points}" for s, suit, points in p.marriages
            )
        )

    # -- calls and fleks, as players say them ---------------------------------------

    @staticmethod
    def _flek_name(level: int, tr: Translator) -> Html:
        if level < len(_FLEK_NAMES):
            return tr(f"marias.flek_level.{_FLEK_NAMES[level]}")
        return escape(f"×{2**level}")

    def _flek_phrase(
        self, levels: Mapping[str, int], stovka: bool, tr: Translator, *, short: bool = False
    ) -> Html:
        """Raises by level, each on its components in the accusative: "flek na hru",
        "re na sedmu", "flek na hru i na sedmu". ``short``: a re or tutti on the only
        chain of the deal is just "re", "tutti", as it is said at the table."""
        by_level: dict[int, list[str]] = {}
        for name in sorted(levels, key=lambda c: _COMPONENT_ORDER.index(c)):
            by_level.setdefault(levels[name], []).append(name)
        parts: list[str] = []
        for level, components in sorted(by_level.items()):
            what = [
                str(tr(f"marias.acc.{'stovka' if c == 'hra' and stovka else c}"))
                for c in components
            ]
            name = self._flek_name(level, tr)
            if short and level > 1:
                parts.append(str(name))
            elif len(what) == 1:
                parts.append(str(tr("marias.flek_on", level=name, what=what[0])))
            else:
                parts.append(
                    str(tr("marias.flek_on_both", level=name, first=what[0], second=what[1]))
                )
        return Html(", ".join(parts))

    def _calls(self, p: PublicView, names: Sequence[str], tr: Translator) -> Html:
        """The last calls of the deal, each raise named by the level it reached."""
        levels: dict[str, int] = {}
        said: list[str] = []
        short = len(p.flek) <= 1
        for seat, code in p.calls:
            head, _, arg = code.partition(":")
            if head == "flek":
                raised = {}
                for c in arg.split("+"):
                    levels[c] = levels.get(c, 0) + 1
                    raised[c] = levels[c]
                text = self._flek_phrase(raised, p.stovka, tr, short=short)
            else:
                text = self._said(code, tr)
            said.append(f"{escape(names[seat])}: {text}")
        return tr("marias.calls", calls=Html(" · ".join(said[-4:])))

    @staticmethod
    def _said(code: str, tr: Translator) -> Html:
        head, _, arg = code.partition(":")
        if head in ("game", "extras"):
            return tr(f"marias.said.{head}.{arg}")
        return tr(f"marias.said.{code}")

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
            raised = {c: p.flek.get(c, 0) + 1 for c in arg.split("+")}
            return _capital(self._flek_phrase(raised, p.stovka, tr))
        if head == "game":
            return str(tr(f"marias.kind_button.{arg}"))
        if head == "extras":
            return str(tr(f"marias.extras.{arg}"))
        return str(tr(f"marias.call.{code}"))

    def private_keyboard(
        self, codes: Sequence[str], view: Any, tr: Translator, pick: str | None
    ) -> Keyboard:
        """Every legal action of the seat, the group's public decisions included,
        so that a deal can be played from the direct chat alone."""
        v: PlayerView = view
        talon = [c for c in codes if c.startswith("talon:")]
        if talon:
            return self._talon_keyboard(talon, v, tr, pick)
        cards: list[Button] = []
        marriages: list[Button] = []
        lids: list[Button] = []
        decisions: list[Button] = []
        for code in codes:
            head, _, arg = code.partition(":")
            if head in ("trump", "lead", "play"):
                cards.append(Button(card_text(arg, tr), action=code))
            elif head == "hlas":
                label = tr("marias.hlas_button", card=card_text(arg, tr))
                marriages.append(Button(str(label), action=code))
            elif head == "lid":
                lids.append(Button(str(tr("marias.lid_button", n=arg)), action=code))
            elif self.is_public(code):
                decisions.append(Button(self._public_label(code, v.public, tr), action=code))
            else:
                decisions.append(Button(str(tr(f"marias.call.{code}")), action=code))
        order = {code: i for i, code in enumerate(v.hand)}

        def in_hand(button: Button) -> int:
            return order.get((button.action or "").partition(":")[2], len(order))

        cards.sort(key=in_hand)
        marriages.sort(key=in_hand)
        return [*_rows(cards), *_rows(marriages, 2), *_rows(lids), *_rows(decisions, 2)]

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
            return _rows([Button(card_text(c, tr), pick=c) for c in usable])
        buttons = [Button("✅ " + card_text(pick, tr), pick="-")]
        for c in usable:
            pair = pairs.get(frozenset((pick, c)))
            if pair is not None:
                buttons.append(Button(card_text(c, tr), action=pair))
        return _rows(buttons)

    # -- actions, results, scores ----------------------------------------------------

    def action_text(self, code: str, tr: Translator) -> Html:
        head, _, arg = code.partition(":")
        if head in ("play", "hlas", "lead", "trump"):
            return tr(f"marias.did.{head}", card=card_text(arg, tr))
        if head in ("talon", "claim"):
            return tr(f"marias.did.{head}")
        if head == "lid":
            return tr("marias.did.lid", n=arg)
        if head == "flek":  # the level is not in the code: say "raised", not "flek" or "re"
            what = [str(tr(f"marias.acc.{c}")) for c in arg.split("+")]
            if len(what) == 1:
                return tr("marias.did.flek", what=what[0])
            return tr("marias.did.flek_both", first=what[0], second=what[1])
        return self._said(code, tr)

    def result_text(self, outcome: Mapping[str, Any], names: Sequence[str], tr: Translator) -> Html:
        """The deal explained: the contract, the points with marriages, each component
        with its flek and price, and who pays whom."""
        s: Mapping[str, Any] = outcome["summary"]
        declarer: int = s["declarer"]
        name = names[declarer]
        kind = s["kind"]
        lines = [tr("marias.result.title")]
        contract = tr(
            f"marias.plays.{_contract_key(kind, bool(s.get('stovka')), bool(s.get('sedma')))}"
        )
        end = s.get("end")
        said = "announced" if end in ("thrown_in", "free") else "contract"  # not played
        if s.get("trump"):
            trump = self._trump(s["trump"], None, tr)
            lines.append(
                tr(f"marias.result.{said}_trumps", name=name, contract=contract, trump=trump)
            )
        else:
            lines.append(tr(f"marias.result.{said}", name=name, contract=contract))
        components: list[Mapping[str, Any]] = s.get("components", [])
        if end == "thrown_in":
            paid = any(c["units"] for c in components)
            lines.append(tr("marias.result.end_thrown_in" if paid else "marias.result.free_throw"))
        elif end == "free":
            lines.append(tr("marias.result.end_free"))
        elif end == "claim":
            lines.append(tr("marias.result.end_claim", name=name))
        elif end == "early":
            key = f"marias.result.end_early_{kind}" if kind in ("betl", "durch") else ""
            lines.append(tr(key if tr.has(key) else "marias.result.end_early", name=name))
        points = s.get("points")
        if points:
            lines.append(self._points(s, points, name, tr))
        unit = self._unit(outcome)
        hearts = self._hearts_doubled(s)
        if end != "thrown_in":
            for c in components:
                lines.append(self._component(c, name, unit, hearts, tr))
        lines.append(self._payments(outcome, names, tr))
        return Html("\n".join(lines))

    def _points(
        self, s: Mapping[str, Any], points: Mapping[str, int], name: str, tr: Translator
    ) -> Html:
        """ "60 + hláška 40 = 100" for each side: cards and last trick, then marriages."""
        declarer = s["declarer"]
        marriages: list[Mapping[str, Any]] = s.get("marriages", [])

        def side(cards: int | None, total: int, own: list[int]) -> Html:
            if not own or cards is None:
                return escape(total)
            listed = " + ".join(str(m) for m in own)
            said = tr("marias.result.marriages", n=len(own), list=listed)
            return Html(f"{cards} + {said} = {total}")

        ours = [m["points"] for m in marriages if m["seat"] == declarer]
        theirs = [m["points"] for m in marriages if m["seat"] != declarer]
        return tr(
            "marias.result.points",
            name=name,
            declarer=side(points.get("cards_declarer"), points["declarer"], ours),
            defenders=side(points.get("cards_defenders"), points["defenders"], theirs),
        )

    @staticmethod
    def _hearts_doubled(s: Mapping[str, Any]) -> bool:
        """Whether this Hearts game was paid double (§3.0.6): read off the plain game
        component, whose price is exactly 2^flek units times the Hearts factor."""
        if s.get("trump") != "h":
            return False
        for c in s.get("components", []):
            if c["name"] == "hra" and c["units"]:
                return bool(abs(c["units"]) == 2 * 2 ** c["flek"])
        return False

    def _component(
        self, c: Mapping[str, Any], name: str, unit: int, hearts: bool, tr: Translator
    ) -> Html:
        """One component with its flek, the Hearts factor and its price per defender."""
        label = str(tr.get(f"marias.component.{c['name']}", c["name"]))
        why = [str(self._flek_name(c["flek"], tr))] if c["flek"] else []
        silent_seven = c["name"] in ("tichá sedma", "zabitá sedma")  # ±1, or ±2 if doubled
        doubled = c["name"] in ("hra", "stovka", "tichá stovka", "sedma") or (
            silent_seven and abs(c["units"]) == 2
        )
        if hearts and doubled:
            why.append(str(tr("marias.result.hearts")))
        if why:
            label += f" ({', '.join(why)})"
        units: int = c["units"]
        if units == 0:
            return tr("marias.result.nothing", component=label)
        money = self._money(abs(units) * unit, tr)
        key = "marias.result.won" if units > 0 else "marias.result.lost"
        return tr(key, component=label, name=name, money=money)

    def _payments(self, outcome: Mapping[str, Any], names: Sequence[str], tr: Translator) -> Html:
        """Who pays whom, defender by defender (each settles with the declarer, §3.0.7)."""
        s: Mapping[str, Any] = outcome["summary"]
        declarer = s["declarer"]
        tally: Sequence[int] = outcome.get("tally") or outcome["scores"]
        seats = sorted(int(k) for k in s.get("tricks", {})) or range(len(tally))
        parts = []
        for seat in seats:
            if seat == declarer or not tally[seat]:
                continue
            payer, payee = (seat, declarer) if tally[seat] < 0 else (declarer, seat)
            money = self._money(abs(tally[seat]), tr)
            parts.append(f"{escape(names[payer])} → {escape(names[payee])} {money}")
        if not parts:
            return tr("marias.result.no_payments")
        return tr("marias.result.payments", list=Html(" · ".join(parts)))

    @staticmethod
    def _unit(outcome: Mapping[str, Any]) -> int:
        """Haléře per unit: stored, or read off the tally (money) against the scores (units)."""
        if isinstance(outcome.get("unit_haler"), int):
            return int(outcome["unit_haler"])
        for units, money in zip(
            outcome.get("scores", ()), outcome.get("tally") or (), strict=False
        ):
            if units:
                return abs(int(money) // int(units))
        return VolenyOptions().unit_haler  # nothing changed hands: the table's default

    def _money(self, halers: int, tr: Translator) -> Html:
        crowns, rest = divmod(halers, 100)
        return tr("marias.money", sign="", crowns=crowns, halers=f"{rest:02d}")

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
