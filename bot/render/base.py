"""What a game provides so the bot can show it: the renderer protocol.

The lobby, onboarding, storage, timers and publishing are game-agnostic; all
they know of a game is its ``Variant`` (the engine contract) and a
``GameRenderer`` from ``bot.render.RENDERERS``. A new game (Blázen, Cenzr)
plugs in by adding its engine under ``games/`` and one module here.

Renderers get *views* (``State.public_view()`` / ``State.view(seat)``) and
the codes of legal actions, never the state, so a hidden card cannot reach a
message by accident. They return HTML text (see ``i18n.Html``) and button
specifications; the bot turns buttons into callback data carrying the
table id and version, so renderers never see Telegram.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from bot.render.i18n import Html, Translator
from games.match import Match

__all__ = ["Button", "GameRenderer", "Keyboard", "running_text", "sheet_text"]


@dataclass(frozen=True, slots=True)
class Button:
    """A button a renderer asks for.

    ``action`` is a game action code: pressing it applies the action. ``pick``
    is a private selection step that changes no state (choosing the first of
    two talon cards); the bot re-renders the hand with ``pick`` selected.
    """

    label: str
    action: str | None = None
    pick: str | None = None

    def __post_init__(self) -> None:
        if (self.action is None) == (self.pick is None):
            raise ValueError("a button has exactly one of action and pick")


Keyboard = list[list[Button]]


class GameRenderer(Protocol):
    """Texts and keyboards of one variant, in any catalog language."""

    variant_id: str
    catalog: str
    """The game's part of the catalogs ("marias", "blazen"). A shared text the game
    words its own way lives under it: ``tr.game(renderer.catalog, "table.header", ...)``
    says "hra 2" for Blázen where Mariáš says "rozdání 2"."""
    lower_is_better: bool
    """Whether a smaller tally ranks higher (Blázen counts fools; Mariáš counts money)."""

    def table_text(self, view: Any, names: Sequence[str], tr: Translator) -> Html:
        """The group's table message: contract, trumps, tricks, whose turn..."""
        ...

    def hand_text(
        self, view: Any, names: Sequence[str], tr: Translator, *, waiting: bool = False
    ) -> Html:
        """A player's private message: their cards, and what they must decide now.

        Every change of this text is a Bot API call, so a seat that is not to act
        gets a text that other seats' moves do not change (its cards, the contract);
        the table as it is now (the trick, the bout, the calls) is for the seat
        that must decide. ``waiting`` asks for the waiting seat's text even though
        the seat is to act: its question is answered in the group for now
        (``Screens.hand``), so its direct chat need not change."""
        ...

    def is_public(self, code: str) -> bool:
        """Whether an action is decided with buttons on the group's table message."""
        ...

    def public_keyboard(self, codes: Sequence[str], view: Any, tr: Translator) -> Keyboard:
        """Buttons for the public ``codes`` legal for the seat to act."""
        ...

    def private_keyboard(
        self, codes: Sequence[str], view: Any, tr: Translator, pick: str | None
    ) -> Keyboard:
        """Buttons for every code legal for this seat, the public ones included, so that
        a deal can be played from the direct chat alone (``pick``: selection so far)."""
        ...

    def action_text(self, code: str, tr: Translator) -> Html:
        """A short description of an action ("played ♥10"), for notices."""
        ...

    def result_text(self, outcome: Mapping[str, Any], names: Sequence[str], tr: Translator) -> Html:
        """The finished deal: points, components, payments (``outcome`` as stored)."""
        ...

    def format_score(self, value: int, tr: Translator) -> Html:
        """A tally value for people ("+0,40 Kč", "+120")."""
        ...

    def running_text(self, match: Match, names: Sequence[str], tr: Translator) -> Html | None:
        """Optional: the running score under a result message in the game's own terms
        (Cenzr: this round's totals and the labeta so far); ``None``, or a renderer
        without it: the match's totals. Called through :func:`running_text`."""
        ...

    def sheet_text(
        self,
        match: Match,
        deals: Sequence[Mapping[str, Any]],
        options: Any,
        names: Sequence[str],
        tr: Translator,
    ) -> Html | None:
        """The match's score sheet as players keep it on paper, for /score and the end
        of the match (Cenzr: the round's rows and the labeta by rounds); ``None``: the
        game has none beyond the standings (so has a renderer without it; called
        through :func:`sheet_text`). ``deals``: the stored outcomes of the match's
        finished deals in order (empty when the caller has none at hand)."""
        ...

    def option_choices(self) -> Mapping[str, Sequence[object]]:
        """House-rule options a table may change in /settings, with their allowed values."""
        ...

    def option_label(self, name: str, tr: Translator) -> Html: ...

    def option_value(self, name: str, value: object, tr: Translator) -> Html: ...

    def rules_text(self, tr: Translator) -> Html:
        """A summary of the rules for /rules."""
        ...


def running_text(
    renderer: GameRenderer, match: Match, names: Sequence[str], tr: Translator
) -> Html | None:
    """``renderer.running_text``, or ``None`` for a renderer without the optional hook."""
    hook = getattr(renderer, "running_text", None)
    return None if hook is None else hook(match, names, tr)


def sheet_text(
    renderer: GameRenderer,
    match: Match,
    deals: Sequence[Mapping[str, Any]],
    options: Any,
    names: Sequence[str],
    tr: Translator,
) -> Html | None:
    """``renderer.sheet_text``, or ``None`` for a renderer without the optional hook."""
    hook = getattr(renderer, "sheet_text", None)
    return None if hook is None else hook(match, deals, options, names, tr)
