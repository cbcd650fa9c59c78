"""Blázen (Durak) on Telegram: table and hand texts, results, the fool tally, settings.

Uses only ``PublicView`` and ``PlayerView`` (games/blazen/views.py) and the
legal action codes, so nothing shown can hold a card the reader may not see:
the group sees the trump card, the sizes of the stock, the Bito pile and each
hand, the bout on the table and the last finished one; a player's message
adds their own hand. Every decision is private (a button on the hand
message), since even "Beru" is a choice the rules give one player only.
Texts come from the catalogs under ``blazen.*``; keyboards from
``blazen_keys``.

Every edit of a player's direct message is a Bot API call, and the presenter
re-renders every hand after every action. So only a seat that may act now
sees the bout (who attacks whom, each attack card with its cover); every
other seat sees its cards, the trumps and a line that does not change until
it is its turn, so that a bout between two players edits only their hands.
One arrow throughout: the cover points at the card it covers, "♠7 ← ♠8",
on the table and on the buttons alike.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.render.base import Keyboard
from bot.render.blazen_keys import covered, hand_keyboard
from bot.render.i18n import Html, Translator, escape
from games.blazen.options import BlazenOptions
from games.blazen.views import PlayerView, PublicView
from games.match import Match
from games.names import SUIT_SYMBOLS, card_label

__all__ = ["BlazenRenderer"]

OFFERED = (
    "deck_size",
    "variant",
    "team_mode",
    "max_attack",
    "max_attack_first_bout",
    "multi_card_open",
    "throw_in_after_take",
    "throw_in_max_per_action",
    "neighbors_only_throw_in",
    "throw_in_mode",
    "always_prompt_throwers",
    "transfer_multi_card",
    "transfer_by_showing_trump",
    "redeal_five_same_suit",
    "allow_trump_exchange",
    "next_game_first_attacker",
    "simultaneous_finish",
    "epaulettes",
)
"""The house rules /settings offers; the rest (dealing in packets, which card
shows the trump...) changes nothing a player notices, and keeps its default."""


def _cards(codes: Sequence[str]) -> Html:
    return escape(" ".join(card_label(c) for c in codes))


def _by_suit(codes: Sequence[str]) -> list[Html]:
    """One line per suit in the view's order (trumps first): "♥ A 10 6"."""
    lines: list[str] = []
    current = ""
    for code in codes:
        label = card_label(code)
        symbol, rank = (label[0], label[1:]) if code not in ("RJ", "BJ") else ("🃏", code[0])
        if symbol != current:
            lines.append(symbol)
            current = symbol
        lines[-1] += f" {rank}"
    return [escape(line) for line in lines]


def _pairs(table: Sequence[Sequence[str | None]]) -> Html:
    """The bout: each attack card, with what covers it ("♠7 ← ♠8 · ♦7")."""
    shown = []
    for attack, cover in table:
        assert attack is not None
        shown.append(covered(attack, cover))
    return escape(" · ".join(shown))


class BlazenRenderer:
    """The ``GameRenderer`` of ``blazen``."""

    variant_id = "blazen"
    catalog = "blazen"
    lower_is_better = True

    # -- texts -----------------------------------------------------------------------

    def table_text(self, view: Any, names: Sequence[str], tr: Translator) -> Html:
        p: PublicView = view
        lines = self._public_lines(p, names, tr)
        lines.append(self._turn_line(p, names, tr))
        return Html("\n".join(lines))

    def hand_text(
        self, view: Any, names: Sequence[str], tr: Translator, *, waiting: bool = False
    ) -> Html:
        """The hand; the bout and the question only for a seat that may act now.

        A seat not asked anything gets a text that changes only with its own
        cards (or when the stock runs out), not with each attack and cover."""
        v: PlayerView = view
        p = v.public
        lines = [tr("blazen.hand_title", n=len(v.hand))]
        lines.extend(_by_suit(v.hand) or [tr("blazen.no_cards")])
        lines.append(Html(""))
        if not waiting and p.phase != "over" and v.seat in p.to_act and v.seat not in p.out:
            lines.extend(self._public_lines(p, names, tr))
            lines.append(self._your_line(v, names, tr))
            return Html("\n".join(lines))
        lines.append(tr("blazen.trump", suit=SUIT_SYMBOLS[p.trump], card=card_label(p.trump_card)))
        if p.teams is not None:
            lines.append(tr("blazen.teams", list=self._teams(p.teams, names)))
        if p.phase == "over":
            lines.append(tr("blazen.over"))
        elif v.seat in p.out:
            lines.append(tr("blazen.you_out"))
        else:
            lines.append(tr("blazen.wait"))
        return Html("\n".join(lines))

    def _public_lines(self, p: PublicView, names: Sequence[str], tr: Translator) -> list[Html]:
        lines = [self._trump_line(p, tr)]
        if p.teams is not None:
            lines.append(tr("blazen.teams", list=self._teams(p.teams, names)))
        if p.opener is not None and p.defender is not None:
            if p.opener == p.defender:  # passed on all the way round (perevodnoy, §7)
                lines.append(tr("blazen.bout_back", defender=names[p.defender]))
            else:
                lines.append(
                    tr("blazen.bout", attacker=names[p.opener], defender=names[p.defender])
                )
            if p.table:
                lines.append(tr("blazen.on_table", cards=_pairs(p.table)))
        if p.phase == "take_add" and p.defender is not None:
            lines.append(tr("blazen.taking", name=names[p.defender], room=p.room))
        elif p.phase == "throw":
            lines.append(tr("blazen.covered", room=p.room))
        if p.passed and p.phase in ("throw", "take_add"):
            lines.append(tr("blazen.passed", names=", ".join(names[s] for s in p.passed)))
        if not p.table:
            lines.extend(self._before_bout(p, names, tr))
        lines.append(tr("blazen.counts", list=self._counts(p, names, tr)))
        return lines

    @staticmethod
    def _trump_line(p: PublicView, tr: Translator) -> Html:
        key = "blazen.trump_in_stock" if p.trump_card_in_stock else "blazen.trump_dealt"
        return tr(
            key,
            suit=SUIT_SYMBOLS[p.trump],
            card=card_label(p.trump_card),
            stock=p.stock,
            bito=p.bito,
        )

    @staticmethod
    def _before_bout(p: PublicView, names: Sequence[str], tr: Translator) -> list[Html]:
        """Between bouts: how the last one ended, or who opens the game and why."""
        last = p.last_bout
        if last is not None and p.phase != "over":
            cards = _pairs(last["table"])
            if last["taken"]:
                return [tr("blazen.last_taken", name=names[last["defender"]], cards=cards)]
            return [tr("blazen.last_bito", cards=cards)]
        if last is None and p.opening_trump is not None and p.opener is not None:
            return [tr("blazen.opening", name=names[p.opener], card=card_label(p.opening_trump))]
        return []

    @staticmethod
    def _counts(p: PublicView, names: Sequence[str], tr: Translator) -> Html:
        parts = []
        for seat in range(p.seats):
            if seat in p.out:
                parts.append(f"{escape(names[seat])} {tr('blazen.out_mark')}")
            else:
                parts.append(f"{escape(names[seat])} {p.hand_sizes[seat]}")
        return Html(" · ".join(parts))

    @staticmethod
    def _teams(teams: Sequence[int], names: Sequence[str]) -> Html:
        sides: dict[int, list[str]] = {}
        for seat, team in enumerate(teams):
            sides.setdefault(team, []).append(names[seat])
        return escape(" × ".join(" + ".join(members) for members in sides.values()))

    @staticmethod
    def _asked(p: PublicView) -> list[int]:
        """Who the game waits for: the seat asked in turn, or a window of throwers.
        Before the first attack only the attacker: seats that may demand a redeal
        are not named, as that would tell the table they hold five of a suit."""
        if p.phase == "open" and p.to_move is not None:
            return [p.to_move]
        return list(p.to_act)

    def _turn_line(self, p: PublicView, names: Sequence[str], tr: Translator) -> Html:
        if p.phase == "over":
            return tr("blazen.over")
        who = ", ".join(names[s] for s in self._asked(p))
        return tr("blazen.turn", name=who, what=tr(f"blazen.doing.{p.phase}"))

    def _your_line(self, v: PlayerView, names: Sequence[str], tr: Translator) -> Html:
        p = v.public
        if p.phase == "over":
            return tr("blazen.over")
        if v.seat in p.out:
            return tr("blazen.you_out")
        if v.seat in self._asked(p) and v.legal:
            if p.phase == "defend" and v.seat == p.defender:
                transfer = any(c.startswith("transfer:") for c in v.legal)
                return tr("blazen.your.defend_transfer" if transfer else "blazen.your.defend")
            # a thrower: in turn, in a window, or while the defender still covers
            key = "throw" if p.phase == "defend" else p.phase
            defender = names[p.defender] if p.defender is not None else ""
            return tr(f"blazen.your.{key}", defender=defender, room=p.room)
        if "redeal" in v.legal or any(c.startswith("exchange:") for c in v.legal):
            attacker = names[p.to_move] if p.to_move is not None else ""
            return tr("blazen.your.interject", name=attacker)
        who = ", ".join(names[s] for s in self._asked(p))
        return tr("blazen.waiting_for", name=who, what=tr(f"blazen.doing.{p.phase}"))

    # -- keyboards -------------------------------------------------------------------

    def is_public(self, code: str) -> bool:
        return False

    def public_keyboard(self, codes: Sequence[str], view: Any, tr: Translator) -> Keyboard:
        return []

    def private_keyboard(
        self, codes: Sequence[str], view: Any, tr: Translator, pick: str | None
    ) -> Keyboard:
        return hand_keyboard(codes, view, tr, pick)

    # -- actions, results, scores ----------------------------------------------------

    def action_text(self, code: str, tr: Translator) -> Html:
        head, _, arg = code.partition(":")
        if head == "beat":
            return tr("blazen.did.beat", card=card_label(arg.partition(":")[2]))
        if arg:
            return tr(f"blazen.did.{head}", cards=_cards(arg.split(",")))
        return tr(f"blazen.did.{head}")

    def result_text(self, outcome: Mapping[str, Any], names: Sequence[str], tr: Translator) -> Html:
        s: Mapping[str, Any] = outcome["summary"]
        end = s["end"]
        lines = [tr("blazen.result.title")]
        if end == "redeal":
            by = s.get("redeal_by")
            lines.append(
                tr("blazen.result.no_trump")
                if by is None
                else tr("blazen.result.redeal", name=names[by])
            )
            return Html("\n".join(lines))
        if end == "draw":
            lines.append(tr("blazen.result.draw"))
        elif end == "team":
            losers = " + ".join(names[seat] for seat in s["losers"])
            lines.append(tr("blazen.result.team", names=losers, name=names[s["fool"]]))
        else:
            lines.append(tr("blazen.result.fool", name=names[s["fool"]]))
        places: Mapping[str, int] = s.get("places") or {}
        if places:
            ordered = sorted(places.items(), key=lambda item: (item[1], int(item[0])))
            shown = " · ".join(f"{place}. {escape(names[int(seat)])}" for seat, place in ordered)
            lines.append(tr("blazen.result.places", list=Html(shown)))
        straps: Mapping[str, int] = s.get("straps") or {}
        if any(straps.values()):
            shown = " · ".join(f"{escape(names[int(seat)])} {n}" for seat, n in straps.items() if n)
            lines.append(tr("blazen.result.straps", list=Html(shown)))
        if s.get("next_attacker") is not None:
            lines.append(tr("blazen.result.next_attacker", name=names[int(s["next_attacker"])]))
        return Html("\n".join(lines))

    def format_score(self, value: int, tr: Translator) -> Html:
        return tr("blazen.fools", n=value)

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

    # -- settings and rules ----------------------------------------------------------

    def option_choices(self) -> Mapping[str, Sequence[object]]:
        choices = BlazenOptions.choices()
        return {name: choices[name] for name in OFFERED}

    def option_label(self, name: str, tr: Translator) -> Html:
        return tr.get(f"blazen.opt.{name}", name)

    def option_value(self, name: str, value: object, tr: Translator) -> Html:
        if isinstance(value, bool):
            return tr("common.yes" if value else "common.no")
        if name == "deck_size":
            return tr("blazen.optval.cards", n=value)
        return tr.get(f"blazen.optval.{name}.{value}", str(value))

    def rules_text(self, tr: Translator) -> Html:
        return tr("blazen.rules")
