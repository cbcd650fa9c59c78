"""What the renderers of volený's offshoots (ve dvou, licitovaný) show alike.

``VolenyTexts`` gives a renderer volený's money, no running or sheet text (``NoMatchTexts``) and
the /settings texts: the variant's own catalogue (``catalog``) first, volený's
words for the rest. A renderer names the options with nothing to choose
(``single_options``), its options class (``options_class``) and the
decisions taken in the group (``public_codes``, ``public_heads``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from bot.render.i18n import Html, Translator
from bot.render.marias import MariasRenderer, NoMatchTexts

__all__ = ["VOLENY", "VolenyTexts"]

VOLENY = MariasRenderer()
"""Volený's renderer, for what the offshoots show alike."""


class VolenyTexts(NoMatchTexts):
    """Volený's scores and /settings texts under the variant's own catalogue."""

    catalog: ClassVar[str]
    options_class: ClassVar[Any]
    single_options: ClassVar[tuple[str, ...]] = ()
    public_codes: ClassVar[tuple[str, ...]] = ()
    """The decisions taken in the group chat, named by their whole code."""
    public_heads: ClassVar[tuple[str, ...]] = ()
    """The decisions taken in the group chat, named by their code's head (before ``:``)."""

    def is_public(self, code: str) -> bool:
        return code in self.public_codes or code.partition(":")[0] in self.public_heads

    def format_score(self, value: int, tr: Translator) -> Html:
        return VOLENY.format_score(value, tr)

    # -- settings and rules ------------------------------------------------------------

    def _offered_choices(self) -> dict[str, Sequence[object]]:
        """The options' choices without those with one value."""
        choices: dict[str, Sequence[object]] = self.options_class.choices()
        for name in self.single_options:
            choices.pop(name, None)
        return choices

    def option_label(self, name: str, tr: Translator) -> Html:
        own = f"{self.catalog}.opt.{name}"
        return tr(own) if tr.has(own) else VOLENY.option_label(name, tr)

    def _own_value_key(self, name: str, value: object) -> str:
        return f"{self.catalog}.optval.{value}"

    def option_value(self, name: str, value: object, tr: Translator) -> Html:
        own = self._own_value_key(name, value)
        if isinstance(value, str) and tr.has(own):
            return tr(own)
        return VOLENY.option_value(name, value, tr)

    def rules_text(self, tr: Translator) -> Html:
        return tr(f"{self.catalog}.rules")
