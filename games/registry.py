"""Every playable variant and what plugs it in, in one table.

``/new mariáš`` and ``/new marias-voleny`` resolve through this table (like
python-chess ``find_variant``), which ``/help`` also lists. A variant's
entry also names what the hosts need besides the engine: its computer
players, its terminal texts, its bot renderer, its benchmark and how the
arena counts a result. The hosts look all of that up here, so no code
outside a game's own package and this table tests a variant's id, and a new
game is added by one entry.

Everything beyond the variant object is named by an import path
(``"package.module:attribute"``) rather than imported: ``games`` must not
import ``bot`` (the renderer), ``games.players`` looks its players up here
(importing them would import this module back), and the bot has no use for
the terminal's texts. :func:`load` imports a name when it is first used.
"""

from __future__ import annotations

import importlib
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from games.blazen.variant import BLAZEN
from games.cenzr.variant import CENZR
from games.engine import Event, Seat, Variant
from games.marias.variant import VOLENY
from games.marias_dvou.variant import DVOU
from games.marias_krizovy.variant import KRIZOVY
from games.marias_licit.variant import LICITOVANY
from games.tisic.variant import TISIC

if TYPE_CHECKING:
    from games.players.base import Player

__all__ = [
    "REGISTRY",
    "VARIANTS",
    "ArenaMeasure",
    "Registration",
    "TerminalText",
    "UnknownVariant",
    "find_registration",
    "find_variant",
    "load",
    "registration",
]


class TerminalText(Protocol):
    """The texts ``python -m games play`` prints for one game (a module such as
    ``games.cli.marias_text``); views are the game's own ``view()`` objects."""

    def render_view(self, view: Any, names: list[str], lang: str) -> str: ...

    def describe_action(self, code: str, lang: str, view: Any = None) -> str: ...

    def event_text(
        self, event: Event, names: list[str], lang: str, human: Seat | None = None
    ) -> str | None: ...

    def dealer_text(
        self, names: list[str], dealer: Seat, lang: str, human: Seat | None = None
    ) -> str: ...

    def summary_text(
        self,
        summary: Mapping[str, Any],
        scores: Sequence[int],
        names: list[str],
        lang: str,
        *,
        human: Seat | None = None,
        options: Any = None,
    ) -> str: ...

    def tally_text(
        self, tally: Sequence[int], names: list[str], lang: str, deals: int, *, options: Any = None
    ) -> str: ...


TERMINAL_FUNCTIONS = (
    "render_view",
    "describe_action",
    "event_text",
    "dealer_text",
    "summary_text",
    "tally_text",
)
"""The names a terminal text module provides (:class:`TerminalText`)."""


@dataclass(frozen=True)
class ArenaMeasure:
    """How ``python -m games arena`` counts one seat's result of one deal.

    Money and point games compare the scores themselves; a game with one
    loser and no amounts (Blázen's fool) compares how often a seat lost, since
    a score there says only who lost.
    """

    unit: str = "units per seat and deal"
    losses: bool = False
    """Count 1 for a deal the seat lost (a positive score), 0 otherwise."""
    note: str | None = None
    """A line the report adds to say which way the difference is good."""

    def score(self, value: int) -> float:
        """The figure of one seat's score of one deal."""
        if self.losses:
            return 1.0 if value > 0 else 0.0
        return float(value)


@dataclass(frozen=True)
class Registration:
    """One variant and the names of what plugs it into the hosts.

    ``players`` maps a computer player's kind (``random``, ``rules`` ...) to
    the import path of a class (or any factory) taking no arguments.
    ``terminal_text`` is the import path of a :class:`TerminalText` module,
    ``renderer`` that of the bot's renderer class (``None``: the bot cannot
    show the game yet), ``bench`` that of a ``(variant, seconds) -> exit code``
    function for ``python -m games bench`` (``None``: no benchmark yet).
    ``deal_noun`` names one deal in the terminal, per language.
    ``default_player`` is the kind the bot seats unless a table's settings say
    otherwise: ``strong`` where the strong player meets the chat's time budget
    (``python -m games bench --players``), else ``rules``.
    """

    variant: Variant
    players: Mapping[str, str]
    terminal_text: str
    renderer: str | None
    bench: str | None = None
    deal_noun: Mapping[str, str] = field(default_factory=lambda: {"cs": "rozdání", "en": "deal"})
    arena: ArenaMeasure = ArenaMeasure()
    default_player: str = "rules"

    def player(self, kind: str) -> Player:
        """A new computer player of this kind; ``KeyError`` if the game has none."""
        path = self.players.get(kind)
        if path is None:
            raise KeyError(f"no computer player {kind!r} for {self.variant.id}")
        player: Player = load(path)()
        return player

    def text(self) -> TerminalText:
        """The terminal texts of this game."""
        text: TerminalText = load(self.terminal_text)
        return text


def load(path: str) -> Any:
    """The object an import path names: ``"pkg.module:attr"``, or a whole module."""
    module, _, attribute = path.partition(":")
    loaded: Any = importlib.import_module(module)
    for part in attribute.split(".") if attribute else ():
        loaded = getattr(loaded, part)
    return loaded


_RANDOM = "games.players.random_player:RandomPlayer"
# Cenzr's rule player has had one version: its v1 is the same player
_CENZR_RULES = "games.players.cenzr_rules:CenzrRulePlayer"
# Tisíc's rule player has had one version: its v1 is the same player
_TISIC_RULES = "games.players.tisic_rules:TisicRulePlayer"

REGISTRY: tuple[Registration, ...] = (
    Registration(
        VOLENY,
        players={
            "random": _RANDOM,
            "rules": "games.players.marias_rules:MariasRulePlayer",
            # the first rule player, frozen so that the arena can measure ``rules`` against it
            "rules-v1": "games.players.marias_rules_v1:MariasRulePlayerV1",
            "strong": "games.players.marias_strong:MariasStrongPlayer",
        },
        terminal_text="games.cli.marias_text",
        renderer="bot.render.marias:MariasRenderer",
        bench="games.cli.bench:marias_bench",
        default_player="strong",
    ),
    Registration(
        BLAZEN,
        players={
            "random": _RANDOM,
            "rules": "games.players.blazen_rules:BlazenRulePlayer",
            # Blázen's rule player has had one version: its v1 is the same player
            "rules-v1": "games.players.blazen_rules:BlazenRulePlayer",
            "strong": "games.players.blazen_strong:BlazenStrongPlayer",
        },
        terminal_text="games.cli.blazen_text",
        renderer="bot.render.blazen:BlazenRenderer",
        bench="games.cli.bench:blazen_bench",
        default_player="strong",
        deal_noun={"cs": "hra", "en": "game"},
        arena=ArenaMeasure(
            unit="fool rate",
            losses=True,
            note="(a fool rate: below zero A is the fool less often than B)",
        ),
    ),
    Registration(
        CENZR,
        players={
            "random": _RANDOM,
            "rules": _CENZR_RULES,
            "rules-v1": _CENZR_RULES,
            "strong": "games.players.cenzr_strong:CenzrStrongPlayer",
        },
        terminal_text="games.cli.cenzr_text",
        renderer="bot.render.cenzr:CenzrRenderer",
        bench="games.cli.bench:cenzr_bench",
        default_player="strong",
        arena=ArenaMeasure(unit="recorded points per seat and deal"),
    ),
    Registration(
        TISIC,
        players={
            "random": _RANDOM,
            "rules": _TISIC_RULES,
            "rules-v1": _TISIC_RULES,
            "strong": "games.players.tisic_strong:TisicStrongPlayer",
        },
        terminal_text="games.cli.tisic_text",
        renderer="bot.render.tisic:TisicRenderer",
        bench="games.cli.bench:tisic_bench",
        default_player="strong",
    ),
    Registration(
        LICITOVANY,
        players={
            "random": _RANDOM,
            "rules": "games.players.licit_rules:LicitRulePlayer",
            # licitovaný's rule player has had one version: its v1 is the same player
            "rules-v1": "games.players.licit_rules:LicitRulePlayer",
            "strong": "games.players.licit_strong:LicitStrongPlayer",
        },
        terminal_text="games.cli.licit_text",
        renderer="bot.render.licit:LicitRenderer",
        bench="games.cli.bench:licit_bench",
        default_player="strong",
    ),
    Registration(
        DVOU,
        players={
            "random": _RANDOM,
            "rules": "games.players.dvou_rules:DvouRulePlayer",
            # ve dvou's rule player has had one version: its v1 is the same player
            "rules-v1": "games.players.dvou_rules:DvouRulePlayer",
            "strong": "games.players.dvou_strong:DvouStrongPlayer",
        },
        terminal_text="games.cli.dvou_text",
        renderer="bot.render.dvou:DvouRenderer",
        bench="games.cli.bench:dvou_bench",
        default_player="strong",
    ),
    Registration(
        KRIZOVY,
        players={
            "random": _RANDOM,
            "rules": "games.players.krizovy_rules:KrizovyRulePlayer",
            # křížový's rule player has had one version: its v1 is the same player
            "rules-v1": "games.players.krizovy_rules:KrizovyRulePlayer",
            "strong": "games.players.krizovy_strong:KrizovyStrongPlayer",
        },
        terminal_text="games.cli.krizovy_text",
        renderer="bot.render.krizovy:KrizovyRenderer",
        bench="games.cli.bench:krizovy_bench",
        default_player="strong",
    ),
)
"""The registered variants, the default one (of ``python -m games``) first."""

VARIANTS: tuple[Variant, ...] = tuple(r.variant for r in REGISTRY)


class UnknownVariant(KeyError):
    """No variant has this id or alias."""


def _fold(name: str) -> str:
    decomposed = unicodedata.normalize("NFKD", name.strip().lower())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch)).replace(" ", "-")


def find_registration(name: str) -> Registration:
    """The entry of the variant with this id or alias; accents, case and spaces do not matter."""
    wanted = _fold(name)
    for entry in REGISTRY:
        variant = entry.variant
        if wanted == _fold(variant.id) or wanted in (_fold(a) for a in variant.aliases):
            return entry
    raise UnknownVariant(name)


def find_variant(name: str) -> Variant:
    """The variant with this id or alias; accents, case and spaces do not matter."""
    return find_registration(name).variant


def registration(variant_id: str) -> Registration:
    """The entry of the variant with exactly this id (as records and tables store it)."""
    for entry in REGISTRY:
        if entry.variant.id == variant_id:
            return entry
    raise UnknownVariant(variant_id)
