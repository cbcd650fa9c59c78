"""Křížový mariáš on Telegram: the choice, the reveal, approval and fleks, honers, results.

Uses only the views of ``games.marias_krizovy.views`` (JSON-ready mappings) and
the legal action codes, so nothing shown can hold a card the reader may not see:
while choosing, forhont's message shows his first four only; the trump card he
lays face down is in his own message until the reveal; the partner (the holder
of the called card) is named only once the views name him, and until then only
the holder's own message tells him what he is. Texts come from ``krizovy.*``;
what all the Mariáš games say alike (cards, tricks, the flek levels, money) is
volený's (``bot.render.marias``), the called card in the instrumental ("s esem
zeleným") is Cenzr's (``bot.render.cenzr``).

The choice is private, in forhont's direct chat: the trump card (a pick), then
the called card of that suit, labelled as it is said; or "z lidu", one of the
unseen four. At the reveal the stovka and each held honer are toggles (picks)
that build the one ``ext:`` code the last button sends.

Approval, overcalls and fleks are on the group's table message for the player
to speak. While the partnership is secret the group offers only what any seat
in that spot could be offered (the approval, the overcalls, no flek): a flek or
a honer button on it would tell everyone the speaker's side or a card of his,
so those are in his direct chat until the called card falls.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.render.base import Button, Keyboard
from bot.render.cenzr import _GENDER, NATURAL, SUIT_ORDER, call_phrase
from bot.render.i18n import Html, Translator, escape
from bot.render.marias import SUITS, MariasRenderer, _by_suit, _capital, _rows, card_text
from games.marias_krizovy.actions import COMPONENTS
from games.marias_krizovy.options import KrizovyOptions
from games.match import Match

__all__ = ["DURCHS", "EXTRAS_PICK", "TRUMP_PICK", "KrizovyRenderer"]

TRUMP_PICK = "t:"
"""The pick of the trump card laid face down; the called card comes next."""
EXTRAS_PICK = "x:"
"""The toggles of the reveal so far: ``x:sto+8`` (``x:`` alone: none)."""
DURCHS = "ds"
"""The pick that opens the "durch s …" picker; ``ds:h`` its suit."""
DESIGNATED = {9: 6, 8: 7, 7: 8}
"""§3.2.6: the trick each honer belongs to."""
_PUBLIC_HEADS = ("game", "flek", "honer")
_PUBLIC_CODES = ("dobra", "pass")
_SECRET_KINDS = ("hra", "durchs")
_VOLENY = MariasRenderer()
"""Volený's renderer, for what the Mariáš games show alike."""


def _names(seats: Sequence[int], names: Sequence[str]) -> str:
    return " + ".join(names[s] for s in seats)


def _honer_codes(codes: Sequence[str]) -> list[str]:
    """The honer calls, each said in one breath with what goes with it first ("osma
    proti", "flek na hru a osma proti", "osma s, barva je dobrá"), then the call that
    keeps the word for a second honer or a later choice ("osma proti a …")."""
    calls = [c for c in codes if c.startswith("honer:")]
    return [c for c in calls if "," in c] + [c for c in calls if "," not in c]


def _revealed(view: Mapping[str, Any]) -> bool:
    """Whether the table knows who plays with whom."""
    if view.get("partner") is not None:
        return True
    if view["kind"] == "chytry":  # the partner is whoever takes the last trick
        return bool(view["phase"] == "done")
    return view["kind"] not in _SECRET_KINDS and view["phase"] not in ("choose", "announce")


def _team(view: Mapping[str, Any]) -> list[int]:
    """The declarer's side, once revealed (declarer first)."""
    declarer = int(view["declarer"])
    partner = view.get("partner")
    if partner is None or partner == declarer:
        return [declarer]
    return [declarer, int(partner)]


def _extras_of(code: str) -> tuple[bool, tuple[int, ...]]:
    parts = code.partition(":")[2].split("+")
    stovka = "sto" in parts
    return stovka, tuple(int(p) for p in parts if p.isdigit())


def _extras_code(stovka: bool, honers: Sequence[int]) -> str:
    parts = (["sto"] if stovka else []) + [str(h) for h in sorted(honers, reverse=True)]
    return "ext:" + ("+".join(parts) or "none")


class KrizovyRenderer:
    """The ``GameRenderer`` of ``marias-krizovy``."""

    variant_id = "marias-krizovy"
    catalog = "krizovy"
    lower_is_better = False

    # -- words -------------------------------------------------------------------------

    @staticmethod
    def _trump(suit: str, tr: Translator) -> Html:
        return escape(f"{SUITS[suit]} {tr(f'marias.suit.{suit}')}")

    @staticmethod
    def honer_text(
        value: int, seat: int, side: str, view: Mapping[str, Any], tr: Translator
    ) -> Html:
        """A honer as it was said: forhont's "s osmou", the partner's "osma s", "osma proti"."""
        if side == "D":
            return tr(f"krizovy.honer.proti.{value}")
        if seat == view.get("forhond", view.get("chooser")):
            return tr(f"krizovy.honer.with.{value}")
        return tr(f"krizovy.honer.s.{value}")

    def _flek_phrase(self, levels: Mapping[str, int], stovka: bool, tr: Translator) -> Html:
        """Raises by level, each on its chains: "flek na hru", "re na hru i na osmu"."""
        by_level: dict[int, list[str]] = {}
        for name in sorted(levels, key=COMPONENTS.index):
            by_level.setdefault(levels[name], []).append(name)
        parts: list[str] = []
        for level, chains in sorted(by_level.items()):
            what = [
                str(tr(f"krizovy.acc.{'stovka' if c == 'hra' and stovka else c}")) for c in chains
            ]
            joined = what[0]
            if len(what) > 1:
                middle = "".join(f", {tr('krizovy.on')} {w}" for w in what[1:-1])
                joined = f"{what[0]}{middle} {tr('krizovy.and')} {what[-1]}"
            level_name = _VOLENY._flek_name(level, tr)
            parts.append(str(tr("krizovy.flek_on", level=level_name, what=Html(joined))))
        return Html(", ".join(parts))

    # -- the table ---------------------------------------------------------------------

    def _contract_lines(
        self, v: Mapping[str, Any], names: Sequence[str], tr: Translator, *, fleks: bool = True
    ) -> list[Html]:
        """Forhont, the contract with the called card, the trump card shown, the honers
        with their tricks, who plays with whom once known, the fleks."""
        lines: list[Html] = [tr("krizovy.forhond", name=names[int(v["forhond"])])]
        if v.get("red_round"):
            lines.append(tr("krizovy.red_round"))
        phase, kind = v["phase"], v["kind"]
        if phase == "choose":
            return lines
        declarer = names[int(v["declarer"])]
        called = v.get("called")
        if kind == "hra" and called and v.get("trump"):
            what = tr("krizovy.what.stovka" if v.get("stovka") else "krizovy.what.hra")
            lines.append(
                tr(
                    "krizovy.contract",
                    name=declarer,
                    what=what,
                    card=call_phrase(called, tr),
                    trump=self._trump(v["trump"], tr),
                )
            )
            if v.get("blind"):
                lines.append(tr("krizovy.blind", card=card_text(v["trump_card"], tr)))
            elif phase != "announce" and v.get("trump_card"):
                lines.append(tr("krizovy.trump_shown", card=card_text(v["trump_card"], tr)))
            elif phase == "announce":
                lines.append(tr("krizovy.trump_face_down"))
        elif kind == "durchs" and called:
            lines.append(tr("krizovy.contract_durchs", name=declarer, card=call_phrase(called, tr)))
            if v.get("partner_tricks"):
                lines.append(tr("krizovy.partner_tricks", n=int(v["partner_tricks"])))
        elif kind != "hra":
            lines.append(tr(f"krizovy.contract_{kind}", name=declarer))
        honers = self._honers_line(v, names, tr)
        if honers is not None:
            lines.append(honers)
        if phase not in ("announce",) and _revealed(v):
            lines.append(self._sides_line(v, names, tr))
        raised = {c: lv for c, lv in dict(v.get("fleks") or {}).items() if lv > 0}
        if raised and fleks:
            lines.append(tr("marias.flek", list=self._flek_phrase(raised, bool(v["stovka"]), tr)))
        return lines

    def _honers_line(
        self, v: Mapping[str, Any], names: Sequence[str], tr: Translator
    ) -> Html | None:
        honers: list[Mapping[str, Any]] = list(v.get("honers") or [])
        if not honers:
            return None
        parts = []
        for h in honers:
            value, seat = int(h["value"]), int(h["seat"])
            said = self.honer_text(value, seat, str(h["side"]), v, tr)
            parts.append(
                str(
                    tr(
                        "krizovy.honer_item",
                        honer=said,
                        name=names[seat],
                        trick=DESIGNATED[value],
                    )
                )
            )
        by_seat = [int(h["seat"]) for h in honers]
        reader = any(by_seat.count(s) == 3 for s in by_seat)
        key = "krizovy.honers_reader" if reader else "krizovy.honers"
        return tr(key, list=Html(" · ".join(parts)))

    def _sides_line(self, v: Mapping[str, Any], names: Sequence[str], tr: Translator) -> Html:
        team = _team(v)
        active = [int(s) for s in v["active"]]
        if len(team) == 1:
            return tr("krizovy.alone", name=names[team[0]])
        others = [s for s in active if s not in team]
        return tr("krizovy.sides", pair=_names(team, names), others=_names(others, names))

    def _play_lines(
        self, v: Mapping[str, Any], names: Sequence[str], tr: Translator, *, counts: bool = True
    ) -> list[Html]:
        lines: list[Html] = []
        if v["phase"] not in ("play", "done"):
            return lines
        tricks: list[Mapping[str, Any]] = list(v.get("tricks") or [])
        marriages = v.get("marriages") or []
        if marriages:
            shown = ", ".join(
                f"{escape(names[int(m['seat'])])} {SUITS[m['suit']]} {m['points']}"
                for m in marriages
            )
            lines.append(tr("marias.marriages", list=Html(shown)))
        if counts and (v["phase"] == "play" or tricks):
            won = " · ".join(
                f"{escape(names[int(s)])} {sum(1 for t in tricks if t['winner'] == s)}"
                for s in v["active"]
            )
            lines.append(tr("marias.tricks", list=Html(won)))
        trick = [(int(s), str(c)) for s, c in v.get("trick") or []]
        if trick:
            lines.append(tr("marias.on_table", cards=_VOLENY._trick(trick, names, tr)))
        if tricks and v["phase"] == "play":
            last = tricks[-1]
            plays = [(int(s), str(c)) for s, c in zip(last["seats"], last["cards"], strict=True)]
            lines.append(
                tr(
                    "marias.last_trick",
                    cards=_VOLENY._trick(plays, names, tr),
                    winner=names[int(last["winner"])],
                )
            )
        return lines

    def _secret_line(self, v: Mapping[str, Any], tr: Translator) -> Html | None:
        """While the partner is secret: fleks and honers are said in the direct chat."""
        if v["phase"] in ("approval", "flek") and not _revealed(v) and v.get("called"):
            return tr("krizovy.secret", card=call_phrase(v["called"], tr))
        return None

    def table_text(self, view: Any, names: Sequence[str], tr: Translator) -> Html:
        v: Mapping[str, Any] = view
        lines = self._contract_lines(v, names, tr)
        secret = self._secret_line(v, tr)
        if secret is not None:
            lines.append(secret)
        lines.extend(self._play_lines(v, names, tr))
        lines.append(self._turn_line(v, names, tr))
        return Html("\n".join(lines))

    def _turn_line(self, v: Mapping[str, Any], names: Sequence[str], tr: Translator) -> Html:
        if v["phase"] == "done" or v.get("to_move") is None:
            return tr("marias.deal_over")
        return tr(
            "marias.turn",
            name=names[int(v["to_move"])],
            what=tr(f"krizovy.doing.{v['phase']}"),
        )

    # -- the hand ----------------------------------------------------------------------

    def hand_text(
        self, view: Any, names: Sequence[str], tr: Translator, *, waiting: bool = False
    ) -> Html:
        """The hand, what only this seat knows and, for the seat to decide, the question.

        A seat that waits gets a text that others' calls, fleks and cards do not change."""
        v: Mapping[str, Any] = view
        seat = v.get("viewer")
        if seat not in v["active"]:
            return tr("marias.sitting_out")
        first_four = v["phase"] == "choose" and seat == v["forhond"]
        lines = [tr("krizovy.hand_first4" if first_four else "marias.hand_title")]
        lines.extend(_by_suit(v["hand"], tr) or [tr("marias.no_cards")])
        lines.append(Html(""))
        deciding = not waiting and v["phase"] != "done" and v.get("to_move") == seat
        lines.extend(self._contract_lines(v, names, tr, fleks=deciding))
        lines.extend(self._secrets(v, names, tr))
        if v["phase"] == "done":
            lines.append(tr("marias.deal_over"))
        elif deciding:
            lines.extend(self._deciding(v, names, tr))
        else:
            lines.append(tr("marias.wait"))
        return Html("\n".join(lines))

    def _secrets(self, v: Mapping[str, Any], names: Sequence[str], tr: Translator) -> list[Html]:
        """The trump card forhont laid face down, and whether this seat is the partner."""
        seat = v["viewer"]
        lines: list[Html] = []
        if v["phase"] == "announce" and seat == v["forhond"] and v.get("trump_card"):
            lines.append(tr("krizovy.own_trump", card=card_text(v["trump_card"], tr)))
        called = v.get("called")
        if called and called in v["hand"] and v["kind"] in _SECRET_KINDS and not _revealed(v):
            if seat == v["declarer"]:
                lines.append(tr("krizovy.you_alone"))
            elif v["phase"] != "announce":
                lines.append(tr("krizovy.you_partner", name=names[int(v["declarer"])]))
        return lines

    def _deciding(self, v: Mapping[str, Any], names: Sequence[str], tr: Translator) -> list[Html]:
        lines: list[Html] = []
        phase = v["phase"]
        step = phase
        if phase == "choose":
            step = "choose_red" if v.get("red_round") else "choose"
        elif phase == "play":
            lines.extend(self._play_lines(v, names, tr, counts=False))
            step = "play_follow" if v.get("trick") else "play_lead"
        secret = self._secret_line(v, tr)
        if secret is not None:
            lines.append(secret)
        lines.append(tr("marias.your_turn", what=tr(f"krizovy.do.{step}")))
        if phase in ("approval", "flek") and secret is None:
            lines.append(tr("marias.also_in_group"))
        return lines

    # -- keyboards ---------------------------------------------------------------------

    def is_public(self, code: str) -> bool:
        return code in _PUBLIC_CODES or code.partition(":")[0] in _PUBLIC_HEADS

    def _label(self, code: str, v: Mapping[str, Any], tr: Translator) -> str:
        """A spoken decision: "Barva je dobrá", "Betl", "Flek na hru", "Osma proti"."""
        head, _, arg = code.partition(":")
        if head == "flek":
            levels = dict(v.get("fleks") or {})
            raised = {c: levels.get(c, 0) + 1 for c in arg.split("+")}
            return _capital(self._flek_phrase(raised, bool(v.get("stovka")), tr))
        if head == "honer":
            value, comma, then = arg.partition(",")
            side = "s" if v["phase"] == "approval" or self._own_side(v) == "C" else "proti"
            said = str(tr(f"krizovy.honer.{side}.{value}"))
            if not comma:
                return str(tr("krizovy.btn.honer_more", honer=_capital(said)))
            if then == "pass":
                return _capital(said)
            if then == "dobra":
                return str(tr("krizovy.btn.honer_dobra", honer=_capital(said)))
            flek = self._label(f"flek:{then}", v, tr)
            return str(tr("krizovy.btn.flek_honer", flek=flek, honer=said))
        if head == "game":
            return str(tr(f"krizovy.btn.{arg}"))
        if head == "tricks":
            return str(tr("krizovy.btn.tricks", n=int(arg)))
        return str(tr(f"krizovy.btn.{code}"))

    @staticmethod
    def _own_side(v: Mapping[str, Any]) -> str | None:
        """The viewer's own side as its view tells it (``None`` in the public view)."""
        seat = v.get("viewer")
        if seat is None:  # the group's keyboard, shown once the sides are known
            seat = v.get("to_move")
        sides = v.get("sides") or {}
        for group, role in zip(sides.get("groups", []), sides.get("roles", []), strict=False):
            if seat in group:
                return str(role)
        return None

    def public_keyboard(self, codes: Sequence[str], view: Any, tr: Translator) -> Keyboard:
        """The speaker's decisions; while the partner is secret only those any seat in
        his place could have (no flek, no honer), and "Durch s …" opening his picker."""
        v: Mapping[str, Any] = view
        shown = list(codes)
        if not _revealed(v):
            shown = [c for c in codes if c in _PUBLIC_CODES or c.startswith("game:")]
        return self._decisions(shown, v, tr, group=True)

    def _decisions(
        self, codes: Sequence[str], v: Mapping[str, Any], tr: Translator, *, group: bool
    ) -> Keyboard:
        first = [Button(self._label(c, v, tr), action=c) for c in codes if c in _PUBLIC_CODES]
        games = [Button(self._label(c, v, tr), action=c) for c in codes if c.startswith("game:")]
        if "game:chytry" in codes:  # "durch s …" is open exactly when durch s chytrým is
            key = "krizovy.btn.durchs_group" if group else "krizovy.btn.durchs"
            games.insert(1, Button(str(tr(key)), pick=DURCHS))
        fleks = [Button(self._label(c, v, tr), action=c) for c in codes if c.startswith("flek:")]
        honers = [Button(self._label(c, v, tr), action=c) for c in _honer_codes(codes)]
        return [*_rows(first, 1), *_rows(games, 2), *_rows(fleks, 1), *_rows(honers, 1)]

    def private_keyboard(
        self, codes: Sequence[str], view: Any, tr: Translator, pick: str | None
    ) -> Keyboard:
        """Every legal action of the seat, the group's decisions included."""
        v: Mapping[str, Any] = view
        if not codes:
            return []
        if any(c.startswith(("volba:", "lid:")) for c in codes):
            return self._choice_keyboard(codes, v, tr, pick)
        calls = {c.partition(":")[2]: c for c in codes if c.startswith("cerv:")}
        if calls:
            return self._called_keyboard(calls, "h", tr, back=None)
        extras = [c for c in codes if c.startswith("ext:")]
        if extras:
            return self._extras_keyboard(extras, v, tr, pick)
        durchs = {c.partition(":")[2]: c for c in codes if c.startswith("durchs:")}
        if durchs and pick is not None and pick.startswith(DURCHS):
            return self._durchs_keyboard(durchs, tr, pick)
        public = [c for c in codes if self.is_public(c) or c.startswith("tricks:")]
        if public:
            rows = self._decisions(public, v, tr, group=False)
            if any(c.startswith("tricks:") for c in public):
                tricks = [Button(self._label(c, v, tr), action=c) for c in public if "tricks:" in c]
                rows.extend(_rows(tricks, 3))
            return rows
        cards: list[Button] = []
        chytak: list[Button] = []
        for code in codes:
            head, _, arg = code.partition(":")
            if head == "play":
                cards.append(Button(card_text(arg, tr), action=code))
            elif head == "chytak":
                label = tr("krizovy.btn.chytak", card=card_text(arg, tr))
                chytak.append(Button(str(label), action=code))
        order = {code: i for i, code in enumerate(v["hand"])}
        cards.sort(key=lambda b: order.get((b.action or "").partition(":")[2], len(order)))
        return [*_rows(cards, 3), *_rows(chytak, 1)]

    def _choice_keyboard(
        self, codes: Sequence[str], v: Mapping[str, Any], tr: Translator, pick: str | None
    ) -> Keyboard:
        """Two presses: the trump card laid face down (a pick), then the called card of
        its suit, as it is said ("s esem zeleným"); or "z lidu", one of the unseen four."""
        pairs: dict[str, dict[str, str]] = {}
        for code in codes:
            if code.startswith("volba:"):
                trump, called = code.partition(":")[2].split(",")
                pairs.setdefault(trump, {})[called] = code
        chosen = None
        if pick is not None and pick.startswith(TRUMP_PICK):
            chosen = pick.removeprefix(TRUMP_PICK)
        if chosen in pairs:
            assert chosen is not None
            back = Button(str(tr("krizovy.btn.back", card=card_text(chosen, tr))), pick="-")
            return self._called_keyboard(pairs[chosen], chosen[1], tr, back=back)
        order = {code: i for i, code in enumerate(v["hand"])}
        trumps = sorted(pairs, key=lambda c: order.get(c, len(order)))
        buttons = [
            Button(str(tr("krizovy.btn.trump", card=card_text(c, tr))), pick=f"{TRUMP_PICK}{c}")
            for c in trumps
        ]
        lids = [
            Button(str(tr("krizovy.btn.lid", n=c.partition(":")[2])), action=c)
            for c in codes
            if c.startswith("lid:")
        ]
        return [*_rows(buttons, 2), *_rows(lids, 4)]

    @staticmethod
    def _called_keyboard(
        calls: Mapping[str, str], suit: str, tr: Translator, *, back: Button | None
    ) -> Keyboard:
        """The called cards of one suit, highest first, labelled as they are said."""
        cards = [f"{rank}{suit}" for rank in NATURAL if f"{rank}{suit}" in calls]
        choices = [
            Button(
                str(
                    tr(f"cenzr.btn.rank.{c[0]}", suit=tr(f"cenzr.with_suit.{_GENDER[c[0]]}.{suit}"))
                ),
                action=calls[c],
            )
            for c in cards
        ]
        head = [[back]] if back is not None else []
        return [*head, *_rows(choices, 2)]

    def _durchs_keyboard(self, calls: Mapping[str, str], tr: Translator, pick: str) -> Keyboard:
        """ "Durch s …": a suit (a pick), then the card whose holder is the partner."""
        suit = pick.partition(":")[2]
        if suit not in SUITS or not any(c[1] == suit for c in calls):
            suits = [s for s in SUIT_ORDER if any(c[1] == s for c in calls)]
            buttons = [
                Button(
                    str(tr("cenzr.btn.suit", symbol=SUITS[s], suit=tr(f"marias.suit.{s}"))),
                    pick=f"{DURCHS}:{s}",
                )
                for s in suits
            ]
            return [[Button(str(tr("krizovy.btn.durchs_back")), pick="-")], *_rows(buttons, 2)]
        back = Button(str(tr("cenzr.btn.back", symbol=SUITS[suit])), pick=DURCHS)
        return self._called_keyboard(calls, suit, tr, back=back)

    def _extras_keyboard(
        self, codes: Sequence[str], v: Mapping[str, Any], tr: Translator, pick: str | None
    ) -> Keyboard:
        """The reveal: stovka and each held honer as toggles (picks), then one press that
        shows the choice with what is ticked."""
        legal = {_extras_of(c) for c in codes}
        stovkas = {s for s, _ in legal}
        held = sorted({h for _, hs in legal for h in hs}, reverse=True)
        stovka, honers = min(stovkas), tuple[int, ...]()
        if pick is not None and pick.startswith(EXTRAS_PICK):
            wanted = _extras_of(pick)
            if wanted in legal:
                stovka, honers = wanted
        rows: Keyboard = []
        if len(stovkas) > 1:
            mark = "☑️" if stovka else "⬜"
            toggle = _extras_code(not stovka, honers).replace("ext:", EXTRAS_PICK, 1)
            rows.append([Button(f"{mark} {tr('krizovy.btn.stovka')}", pick=toggle)])
        toggles = []
        for h in held:
            on = h in honers
            flipped: list[int] = [x for x in honers if x != h] if on else [*honers, h]
            toggle = _extras_code(stovka, flipped).replace("ext:", EXTRAS_PICK, 1)
            mark = "☑️" if on else "⬜"
            toggles.append(Button(f"{mark} {tr(f'krizovy.honer.with.{h}')}", pick=toggle))
        rows.extend(_rows(toggles, 3))
        code = _extras_code(stovka, honers)
        what = self._extras_said(stovka, honers, v, tr)
        rows.append([Button(str(tr("krizovy.btn.reveal", what=what)), action=code)])
        return rows

    @staticmethod
    def _extras_said(
        stovka: bool, honers: Sequence[int], v: Mapping[str, Any], tr: Translator
    ) -> Html:
        """What forhont says at the reveal: "stovka s esem zeleným, malý čtenář"."""
        called = v.get("called")
        what = tr("krizovy.what_said.stovka" if stovka else "krizovy.what_said.hra")
        parts = [str(what)]
        if called:
            parts[0] += " " + str(call_phrase(called, tr))
        if len(honers) == 3:
            parts.append(str(tr("krizovy.reader")))
        else:
            parts.extend(str(tr(f"krizovy.honer.with.{h}")) for h in honers)
        return Html(", ".join(parts))

    # -- actions, results, scores ------------------------------------------------------

    def action_text(self, code: str, tr: Translator) -> Html:
        """A move as the table hears it: the trump card laid face down is never named."""
        head, _, arg = code.partition(":")
        if head == "volba":
            return tr("krizovy.did.volba", card=call_phrase(arg.split(",")[1], tr))
        if head == "cerv":
            return tr("krizovy.did.volba", card=call_phrase(arg, tr))
        if head == "durchs":
            return tr("krizovy.did.durchs", card=call_phrase(arg, tr))
        if head == "ext":
            stovka, honers = _extras_of(code)
            parts = [str(tr("krizovy.what_said.stovka" if stovka else "krizovy.what_said.hra"))]
            if len(honers) == 3:
                parts.append(str(tr("krizovy.reader")))
            else:
                parts.extend(str(tr(f"krizovy.honer.with.{h}")) for h in honers)
            return tr("krizovy.did.ext", what=Html(", ".join(parts)))
        if head == "honer":
            return tr("krizovy.did.honer", honer=tr(f"krizovy.acc.h{arg}"))
        if head == "flek":
            raised = {c: 1 for c in arg.split("+")}
            what = self._flek_phrase(raised, False, tr)
            return tr("krizovy.did.flek", what=what)
        if head in ("play", "chytak"):
            return tr(f"krizovy.did.{head}", card=card_text(arg, tr))
        if head == "tricks":
            return tr("krizovy.did.tricks", n=int(arg))
        if head == "lid":
            return tr("krizovy.did.lid")
        if head == "game":
            return tr(f"krizovy.did.game.{arg}")
        return tr(f"krizovy.did.{code}")

    def result_text(self, outcome: Mapping[str, Any], names: Sequence[str], tr: Translator) -> Html:
        """The deal explained: the contract and the sides, the points, each component
        (game or stovka, each honer announced or silent, the dobírka) with its price."""
        s: Mapping[str, Any] = outcome["summary"]
        lines = [tr("marias.result.title")]
        declarer = int(s["declarer"])
        name = names[declarer]
        kind = str(s["kind"])
        if kind == "hra":
            what = tr("krizovy.what.stovka" if s.get("stovka") else "krizovy.what.hra")
            lines.append(
                tr(
                    "krizovy.result.contract",
                    name=name,
                    what=what,
                    card=call_phrase(str(s["called"]), tr),
                    trump=self._trump(str(s["trump"]), tr),
                )
            )
        elif kind == "durchs":
            card = call_phrase(str(s["called"]), tr)
            lines.append(tr("krizovy.result.contract_durchs", name=name, card=card))
        else:
            lines.append(tr(f"krizovy.result.contract_{kind}", name=name))
        active = sorted(int(k) for k in s.get("tricks", {}))
        partner = s.get("partner")
        team = [declarer] if partner is None or partner == declarer else [declarer, int(partner)]
        if kind == "chytry" and s.get("alone") is False and partner is not None:
            team = [declarer, int(partner)]
        others = [x for x in active if x not in team]
        if len(team) == 1:
            lines.append(tr("krizovy.alone", name=name))
        else:
            lines.append(
                tr("krizovy.sides", pair=_names(team, names), others=_names(others, names))
            )
        view = {"forhond": s.get("chooser")}
        honers = [
            str(self.honer_text(int(h["value"]), int(h["seat"]), str(h["side"]), view, tr))
            + f" ({escape(names[int(h['seat'])])})"
            for h in s.get("honers") or []
        ]
        if honers:
            lines.append(tr("krizovy.result.honers", list=Html(", ".join(honers))))
        end = s.get("end")
        if end in ("thrown_in", "honers_paid", "price_equal", "dobirka", "early"):
            lines.append(tr(f"krizovy.result.end.{end}", name=name))
        elif end == "chytak" and s.get("chytak"):
            lines.append(
                tr("krizovy.result.end.chytak", name=name, card=card_text(s["chytak"], tr))
            )
        points = s.get("points")
        if points:
            lines.append(
                tr("krizovy.result.points", pair=_names(team, names), c=points["C"], d=points["D"])
            )
        unit = _VOLENY._unit(outcome)
        honers_by = {f"h{h['value']}": h for h in s.get("honers") or []}
        for c in s.get("components", []):
            lines.append(self._component(c, honers_by, team, others, names, unit, tr))
        lines.append(self._payments(outcome, active, names, tr))
        return Html("\n".join(lines))

    def _component(
        self,
        c: Mapping[str, Any],
        honers: Mapping[str, Mapping[str, Any]],
        team: Sequence[int],
        others: Sequence[int],
        names: Sequence[str],
        unit: int,
        tr: Translator,
    ) -> Html:
        """ "✅ Osma proti (Petr), flek: 0,40 Kč → Eva + Petr"."""
        name = str(c["name"])
        if name in honers:
            h = honers[name]
            label = str(
                tr(
                    f"krizovy.component.announced.{'proti' if h['side'] == 'D' else 's'}",
                    honer=tr(f"krizovy.honer.nom.{h['value']}"),
                )
            )
        elif name.startswith("tichý h"):
            label = str(tr(f"krizovy.component.silent.{name[-1]}"))
        else:
            label = str(tr.get(f"krizovy.component.{name}", name))
        if c.get("flek"):
            label += f", {_VOLENY._flek_name(int(c['flek']), tr)} ×{2 ** int(c['flek'])}"
        units = int(c["units"])
        if units == 0:
            return tr("krizovy.result.nothing", component=label)
        money = _VOLENY._money(abs(units) * unit, tr)
        winners = team if units > 0 else others
        return tr(
            "krizovy.result.component", component=label, money=money, who=_names(winners, names)
        )

    def _payments(
        self,
        outcome: Mapping[str, Any],
        active: Sequence[int],
        names: Sequence[str],
        tr: Translator,
    ) -> Html:
        tally: Sequence[int] = outcome.get("tally") or [
            x * _VOLENY._unit(outcome) for x in outcome["scores"]
        ]
        if not any(tally):
            return tr("marias.result.no_payments")
        shown = " · ".join(
            f"{escape(names[x])} {self.format_score(int(tally[x]), tr)}" for x in active
        )
        return tr("marias.result.payments", list=Html(shown))

    def format_score(self, value: int, tr: Translator) -> Html:
        return _VOLENY.format_score(value, tr)

    def running_text(self, match: Match, names: Sequence[str], tr: Translator) -> Html | None:
        """Under a result in the red round: whose turn it still is to win a hra."""
        todo = match.data.get("red_round")
        if not todo:
            return None
        still = ", ".join(names[int(s)] for s in todo)
        totals = " · ".join(
            f"{escape(n)} {self.format_score(t, tr)}"
            for n, t in zip(names, match.totals, strict=False)
        )
        return tr("krizovy.running_red", list=Html(totals), still=still)

    def sheet_text(
        self,
        match: Match,
        deals: Sequence[Mapping[str, Any]],
        options: Any,
        names: Sequence[str],
        tr: Translator,
    ) -> Html | None:
        return None

    # -- settings and rules ------------------------------------------------------------

    def option_choices(self) -> Mapping[str, Sequence[object]]:
        """The §6 options with a choice, červené kolo and the session's length first."""
        choices = KrizovyOptions.choices()
        offered = {n: v for n, v in choices.items() if len(v) > 1}
        first = {n: offered.pop(n) for n in ("cervene_kolo", "session_deals")}
        return {**first, **offered}

    def option_label(self, name: str, tr: Translator) -> Html:
        own = f"krizovy.opt.{name}"
        return tr(own) if tr.has(own) else _VOLENY.option_label(name, tr)

    def option_value(self, name: str, value: object, tr: Translator) -> Html:
        if name == "session_deals":
            if value is None:
                return tr("krizovy.optval.session_open")
            return tr("krizovy.optval.deals", n=value)
        own = f"krizovy.optval.{value}"
        if isinstance(value, str) and tr.has(own):
            return tr(own)
        return _VOLENY.option_value(name, value, tr)

    def rules_text(self, tr: Translator) -> Html:
        return tr("krizovy.rules")
