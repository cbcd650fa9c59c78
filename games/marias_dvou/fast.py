"""A fast, mutable kernel of ve dvou's card play with the stock, for playouts.

``apply`` builds a new frozen state per card, which is right for the table
but slow for the thousands of playouts a strong decision needs. :class:`Fast`
holds one deal from a given position (both hands, the stock in draw order,
the trick on the table) as plain integers and plays it on in place: the
engine's trick kit decides what is legal and who takes a trick (the free
rules of C while the stock lasts, the §2.2 duties after; A and B strict
throughout), both players draw after each of the first eight tricks (the
winner first, or the loser with ``winner_draws_first`` off), marriages are
declared whenever a card opens one (the default house rule), and the card
points, the last trick's ten and who played the trump seven into it are
counted as ``scoring`` counts them (``tests/marias_dvou/test_fast.py`` plays
the same cards through ``apply`` and compares). Only cards are played: no
late sedma, no swap (``games.players.dvou_calls`` prices a swap by changing
the hands and the stock before a run).

:meth:`Fast.run` plays to the end with a rule-of-thumb policy for both seats
(:meth:`Fast.policy`): while the stock lasts, the rule player's own heuristic
(``games.players.dvou_rules._stock_card``, ported to bit masks: keep trumps,
aces and tens, take points cheaply, lead the queen of a marriage); once the
stock is gone, the solver's playout heuristic for two (cash bosses with
points, lead low otherwise, take with points, throw the cheapest; a sedma's
owner draws trumps and keeps the seven for the last trick). ``noise`` plays
a uniformly random legal card that share of the time, so the playouts of one
deal spread over what a real opponent might do.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from games.cards import SUIT_MASKS, Rank, Suit, card, make_card
from games.marias.rules import KINGS, NORMAL_ORDER, QUEENS, SHARP
from games.marias_dvou.determinize import World
from games.marias_dvou.legality import trick_rules
from games.marias_dvou.state import DvouState, Phase
from games.marias_dvou.views import PlayerView
from games.tricks import FREE_DUTIES, TrickRules, marias_duties

__all__ = ["TRICKS", "Fast", "Played"]

TRICKS = 16
_SUIT_OF = tuple(c // 13 for c in range(54))
_STRENGTH = NORMAL_ORDER.strength
_ABOVE = tuple(
    sum(
        1 << x
        for x in range(13 * (c // 13), 13 * (c // 13) + 13)
        if x < 54 and _STRENGTH[x] > _STRENGTH[c]
    )
    for c in range(54)
)
"""Per card: the cards of its suit that beat it."""
_KING_STRENGTH = _STRENGTH[make_card(Rank.KING, Suit.HEARTS)]


def _marriage_mask(hand: int) -> int:
    """The kings and queens of ``hand`` whose partner it also holds."""
    pairs = (hand & KINGS) & ((hand & QUEENS) << 1)
    return pairs | pairs >> 1


@dataclass(frozen=True, slots=True)
class Played:
    """A deal played to the end, as the tariff reads it (per role: 0 the first
    player, 1 the dealer)."""

    points: tuple[int, int]
    """Card points, the last trick's ten included."""
    said: tuple[tuple[int, ...], tuple[int, ...]]
    """Each role's marriages (points each)."""
    last_winner: int
    last_card: int
    seven_by: int
    """The role who played the trump seven into the last trick, or -1."""


class Fast:
    """One deal in play, mutable; from an engine state (:meth:`of_state`) or from a
    seat's view and a sampled world (:meth:`of_view`). Players are roles (0 the
    first player, 1 the dealer)."""

    __slots__ = (
        "beaters",
        "done",
        "free",
        "hands",
        "keep",
        "last_card",
        "last_winner",
        "led",
        "legal_of",
        "player",
        "points",
        "said",
        "seven",
        "seven_by",
        "stock",
        "strict",
        "table",
        "taker",
        "trump",
        "trumps",
        "turned",
        "win",
        "winner_first",
    )

    def __init__(
        self,
        *,
        hands: list[int],
        stock: list[int],
        table: list[int],
        player: int,
        done: int,
        points: list[int],
        said: list[list[int]],
        trump: int,
        strict: TrickRules,
        free: TrickRules,
        turned: bool,
        winner_first: bool = True,
        keep: int = -1,
    ) -> None:
        self.hands = hands
        self.stock = stock
        self.table = table
        self.player = player
        self.done = done
        self.points = points
        self.said = said
        self.trump = trump
        self.trumps = SUIT_MASKS[trump]
        self.seven = make_card(Rank.SEVEN, Suit(trump))
        self.strict = strict
        self.free = free
        self.turned = turned
        self.winner_first = winner_first
        self.keep = keep
        """The role that announced sedma (keeps the trump seven for the end), or -1."""
        rules = free if stock else strict
        self.legal_of = rules.legal
        self.beaters = rules.beaters
        self.led = self.win = self.taker = 0
        if table:
            self.led, self.win, self.taker = _SUIT_OF[table[0]], table[0], player ^ 1
        self.last_winner = -1
        self.last_card = -1
        self.seven_by = -1

    # -- building -----------------------------------------------------------------

    @classmethod
    def of_state(cls, state: DvouState) -> Fast:
        """The deal of an engine state in play (its house rules included)."""
        if state.phase is not Phase.PLAY or state.trump is None:
            raise ValueError("the kernel starts in the play phase")
        active = state.active
        points = [0, 0]
        for t in state.tricks:
            points[active.index(t.winner)] += 10 * sum(1 for c in t.cards if SHARP >> c & 1)
        said: list[list[int]] = [[], []]
        for m in state.marriages:
            said[active.index(m.seat)].append(m.points)
        sedma = -1 if state.sedma is None else active.index(state.sedma)
        strict = trick_rules(replace(state, stock=()))
        assert state.to_move is not None
        return cls(
            hands=[state.hands[s] for s in active],
            stock=list(state.stock),
            table=list(state.trick_cards),
            player=active.index(state.to_move),
            done=len(state.tricks),
            points=points,
            said=said,
            trump=int(state.trump),
            strict=strict,
            free=trick_rules(state) if state.stock else strict,
            turned=state.options.turned_trump,
            winner_first=state.options.winner_draws_first,
            keep=sedma,
        )

    @classmethod
    def of_view(cls, view: PlayerView, world: World) -> Fast:
        """A sampled deal (``world``: both hands and the stock) from where ``view``
        stands, with the default house rules (a view carries no others). In a
        flek round the player to move is whoever plays the next card."""
        pub = view.public
        assert pub.trump is not None
        forhond = pub.forhond
        dealer = next(s for s in pub.hand_sizes if s != forhond)
        active = (forhond, dealer)
        trump = "hdsc".index(pub.trump)
        points = [0, 0]
        for t in pub.history:
            sharp = sum(1 for _, code in t.plays if SHARP >> card(code) & 1)
            points[active.index(t.winner)] += 10 * sharp
        said: list[list[int]] = [[], []]
        for seat, _suit, value in pub.marriages:
            said[active.index(seat)].append(value)
        table: list[int] = [card(code) for _, code in pub.trick]
        if pub.trick:
            player = active.index(pub.trick[0][0]) ^ 1
        elif pub.history:
            player = active.index(pub.history[-1].winner)
        else:
            player = 0
        strict = TrickRules.build(marias_duties(), NORMAL_ORDER, None, Suit(trump))
        free = TrickRules.build(FREE_DUTIES, NORMAL_ORDER, None, Suit(trump))
        return cls(
            hands=list(world.hands),
            stock=list(world.stock),
            table=table,
            player=player,
            done=len(pub.history),
            points=points,
            said=said,
            trump=trump,
            strict=strict,
            free=free if pub.rules == "C" else strict,
            turned=pub.rules == "B",
            keep=-1 if pub.sedma is None else active.index(pub.sedma),
        )

    @classmethod
    def opening(cls, hands: list[int], stock: list[int], trump: int, rules: str) -> Fast:
        """A deal before its first card: both hands (by role), the stock in draw
        order, the trumps, the rules (``"A"``, ``"B"`` or ``"C"``), nothing said."""
        strict = TrickRules.build(marias_duties(), NORMAL_ORDER, None, Suit(trump))
        free = TrickRules.build(FREE_DUTIES, NORMAL_ORDER, None, Suit(trump))
        return cls(
            hands=list(hands),
            stock=list(stock),
            table=[],
            player=0,
            done=0,
            points=[0, 0],
            said=[[], []],
            trump=trump,
            strict=strict,
            free=free if rules == "C" else strict,
            turned=rules == "B",
        )

    # -- mechanics ------------------------------------------------------------------

    def legal(self) -> int:
        """The cards the player to move may play (a mask)."""
        hand = self.hands[self.player]
        return self.legal_of(hand, self.led, self.win) if self.table else hand

    def play(self, c: int) -> None:
        """The player to move plays ``c`` (legal: the caller's to ensure)."""
        bit = 1 << c
        p = self.player
        hand = self.hands[p]
        partner = bit >> 1 if bit & KINGS else bit << 1 if bit & QUEENS else 0
        if hand & partner:
            self.said[p].append(40 if _SUIT_OF[c] == self.trump else 20)
        self.hands[p] = hand ^ bit
        table = self.table
        if not table:
            self.led, self.win, self.taker = _SUIT_OF[c], c, p
            table.append(c)
            self.player = p ^ 1
            return
        if self.beaters[self.win] >> c & 1:
            self.win, self.taker = c, p
        taker = self.taker
        first = table[0]
        self.points[taker] += 10 * ((SHARP >> first & 1) + (SHARP >> c & 1))
        self.done += 1
        if self.done == TRICKS:
            self.points[taker] += 10
            self.last_winner, self.last_card = taker, self.win
            if first == self.seven:
                self.seven_by = p ^ 1
            elif c == self.seven:
                self.seven_by = p
        table.clear()
        self.player = taker
        stock = self.stock
        if stock:
            drawer = taker if self.winner_first else taker ^ 1
            self.hands[drawer] |= 1 << stock[0]
            self.hands[drawer ^ 1] |= 1 << stock[1]
            del stock[:2]
            if not stock:
                self.legal_of, self.beaters = self.strict.legal, self.strict.beaters

    def result(self) -> Played:
        """What the tariff needs, once all sixteen tricks are played."""
        if self.done < TRICKS:
            raise ValueError("the deal is not played to the end")
        return Played(
            (self.points[0], self.points[1]),
            (tuple(self.said[0]), tuple(self.said[1])),
            self.last_winner,
            self.last_card,
            self.seven_by,
        )

    def run(self, rng: random.Random, noise: float = 0.0, trace: list[int] | None = None) -> Played:
        """Play to the end with :meth:`policy` (``noise``: the share of random cards)."""
        while self.done < TRICKS:
            legal = self.legal()
            if noise and rng.random() < noise:
                k = int(rng.random() * legal.bit_count())
                while k:
                    legal &= legal - 1
                    k -= 1
                c = (legal & -legal).bit_length() - 1
            else:
                c = self.policy(legal)
            if trace is not None:
                trace.append(c)
            self.play(c)
        return self.result()

    # -- the policy -----------------------------------------------------------------

    def policy(self, legal: int) -> int:
        """A rule-of-thumb card of ``legal`` for the player to move."""
        if legal & (legal - 1) == 0:
            return legal.bit_length() - 1
        if self.stock:
            return self._stock_card(legal)
        return self._end_card(legal)

    def _cost(self, c: int, hand: int) -> int:
        """How dear a card is to give away, lower is cheaper (the rule player's
        ``(sharp, trump, in a marriage, strength)``)."""
        return (
            (SHARP >> c & 1) << 10
            | (_SUIT_OF[c] == self.trump) << 9
            | (_marriage_mask(hand) >> c & 1) << 8
            | (_STRENGTH[c] + 1)
        )

    def _cheapest(self, cards: int, hand: int) -> int:
        best, best_cost = -1, 1 << 20
        while cards:
            low = cards & -cards
            c = low.bit_length() - 1
            cost = self._cost(c, hand)
            if cost < best_cost:
                best, best_cost = c, cost
            cards ^= low
        return best

    @staticmethod
    def _by_strength(cards: int, high: bool) -> int:
        best, best_s = -1, 0
        while cards:
            low = cards & -cards
            c = low.bit_length() - 1
            s = _STRENGTH[c]
            if best < 0 or (s > best_s if high else s < best_s):
                best, best_s = c, s
            cards ^= low
        return best

    def _stock_card(self, legal: int) -> int:
        """``dvou_rules._stock_card`` on bit masks."""
        hand = self.hands[self.player]
        trumps = self.trumps
        married = _marriage_mask(hand)
        table = self.table
        if not table:
            queens = legal & QUEENS & married
            plain_queens = queens & ~trumps
            if plain_queens:
                return (plain_queens & -plain_queens).bit_length() - 1
            if queens & trumps and legal.bit_count() > 1 and len(self.stock) <= 6:
                return (queens & trumps).bit_length() - 1
            return self._cheapest(legal, hand)
        led = table[0]
        points = SHARP >> led & 1
        winners = legal & self.beaters[led]
        if len(self.stock) == 2 and self.turned and not points:
            t = self.stock[-1]
            if _SUIT_OF[t] == self.trump and (SHARP >> t & 1 or _STRENGTH[t] >= _KING_STRENGTH):
                losers = legal & ~winners
                if losers:
                    return self._cheapest(losers, hand)
        if winners:
            plain = winners & ~trumps & ~married
            if points:
                same = plain & SUIT_MASKS[_SUIT_OF[led]]
                if same:
                    return self._by_strength(same, False)
                low = winners & trumps & ~SHARP
                low = low & ~(1 << self.seven) or low
                low = low & ~married or low
                if low:
                    return self._by_strength(low, False)
                return self._cheapest(winners, hand)
            if plain & SHARP:
                return self._by_strength(plain & SHARP, True)
            if plain & ~SHARP:
                return self._by_strength(plain & ~SHARP, False)
        return self._cheapest(legal, hand)

    def _end_card(self, legal: int) -> int:
        """The solver's playout heuristic for two, once the stock is gone."""
        p = self.player
        seven_bit = 1 << self.seven
        if legal & seven_bit and legal & ~seven_bit:
            legal &= ~seven_bit  # the trump seven waits for the last trick
            if legal & (legal - 1) == 0:
                return legal.bit_length() - 1
        rival = self.hands[p ^ 1]
        trumps = self.trumps
        if not self.table:
            if self.keep == p and legal & trumps:
                return self._by_strength(legal & trumps, True)
            best, best_score = -1, -(1 << 20)
            cards = legal
            while cards:
                low = cards & -cards
                c = low.bit_length() - 1
                cards ^= low
                boss = not rival & _ABOVE[c]
                if boss and not trumps >> c & 1 and rival & trumps:
                    boss = bool(rival & SUIT_MASKS[_SUIT_OF[c]])
                pts = 10 * (SHARP >> c & 1)
                if boss:
                    score = 1000 + 10 * pts + _STRENGTH[c]
                else:
                    score = -100 * pts - _STRENGTH[c] - (50 if trumps >> c & 1 else 0)
                if score > best_score:
                    best, best_score = c, score
            return best
        takers = legal & self.beaters[self.win]
        pick = takers or legal
        best, best_key = -1, -(1 << 20)
        while pick:
            low = pick & -pick
            c = low.bit_length() - 1
            pick ^= low
            pts = SHARP >> c & 1
            # taking: the most points, then the weakest; else the cheapest
            key = 100 * pts - _STRENGTH[c] if takers else -100 * pts - _STRENGTH[c]
            if key > best_key:
                best, best_key = c, key
        return best
