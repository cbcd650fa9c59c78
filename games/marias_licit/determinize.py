"""Licitovaný deals sampled from what one seat knows (for the strong player).

The play of licitovaný is volený's play: three hands of ten, the declarer's
two discards as the talon (his alone to see; the sharp cards of a trump
contract's talon face up where the house tolerates them), marriages declared
aloud, Mariáš duties. So a licitovaný view is read as the volený view of the
same knowledge (``games.marias_licit.views.voleny_view``, which the rule
player already uses) and sampled by ``games.marias.determinize``: voids from
not following, the partner card of a declared marriage, the talon rules, and
every sample checked against the whole history.

Before the play the same sampler serves the strong player's auction, contract
and flek decisions: in the auction nothing is known but the seat's own hand
(the calls are not read as cards), so the other twenty cards and the talon are
dealt anew; from the contract on the declarer's two discards are the talon.
While the declarer holds all twelve cards (the talon phase) there is no talon
to sample (volený's sampler sizes the talon by the cards not in a hand).
"""

from __future__ import annotations

import random

from games.marias import determinize as voleny
from games.marias_licit.views import PlayerView, voleny_view
from games.tricks import TrickRules

__all__ = ["World", "consistent", "rules_of", "sample_world"]

World = voleny.World


def rules_of(view: PlayerView) -> TrickRules:
    """The trick rules of the contract the view shows."""
    return voleny.rules_of(voleny_view(view))


def consistent(view: PlayerView, hands: dict[int, int], rules: TrickRules) -> bool:
    """Whether each card played so far was legal from ``hands`` (now, per seat)."""
    return voleny.consistent(voleny_view(view), hands, rules)


def sample_world(view: PlayerView, rng: random.Random) -> World:
    """A deal consistent with ``view``: the other two hands and the talon."""
    return voleny.sample_world(voleny_view(view), rng)
