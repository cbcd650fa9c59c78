"""Ve dvou's tariff (§3.4.4) on a deal the fast kernel played out.

The same prices as ``scoring`` with the default house rules (a seat's view
carries no others): the game, the announced stovka replacing it or a silent
hundred (half price, on the game's flek), the announced sedma (±2, its own
flek) or a silent seven (+1, a killed one unpaid), all doubled in hearts.
``tests/marias_dvou/test_fast.py`` checks it against ``scoring.outcome`` on
the same deals.
"""

from __future__ import annotations

from collections.abc import Mapping

from games.marias.components import Count, game_won, hundred, silent_hundred, silent_hundred_units
from games.marias_dvou.fast import Played
from games.sides import DECLARER_SIDE

__all__ = ["Stakes", "first_player_units"]

Stakes = tuple[int, int, Mapping[str, int], int]
"""The stovka's owner (a role, or -1), the sedma's owner (-1: none), the flek levels
(``hra``, ``sedma``) and the hearts factor."""


def _count(played: Played, owner: int) -> Count:
    mine, theirs = played.said[owner], played.said[owner ^ 1]
    cards, other = played.points[owner], played.points[owner ^ 1]
    return Count(
        cards_declarer=cards,
        cards_defenders=other,
        marriages_declarer=sum(mine),
        marriages_defenders=sum(theirs),
        reach_declarer=cards + max(mine, default=0),
        reach_defenders=other + max(theirs, default=0),
    )


def first_player_units(
    played: Played, stovka: int, sedma: int, flek: Mapping[str, int], hearts: int
) -> int:
    """What the dealer pays the first player (role 0) for ``played``; negative: the
    first player pays. ``stovka``/``sedma``: the announcer's role or -1."""
    mult = 1 << flek.get("hra", 0)
    owner = 0 if stovka < 0 else stovka
    count = _count(played, owner)
    if stovka >= 0:
        made = hundred(count)
        game = (4 << made.steps) * mult * (1 if made.won else -1)
    elif (silent := silent_hundred(count)) is not None:
        side, total = silent
        game = silent_hundred_units(total, "half") * mult * (1 if side == DECLARER_SIDE else -1)
    else:
        game = mult if game_won(count) else -mult
    net = game * hearts if owner == 0 else -game * hearts
    by = played.seven_by
    won = by >= 0 and played.last_winner == by
    if sedma >= 0:
        seven = (2 if won and by == sedma else -2) << flek.get("sedma", 0)
        net += seven * hearts if sedma == 0 else -seven * hearts
    elif won:
        net += hearts if by == 0 else -hearts
    return net
