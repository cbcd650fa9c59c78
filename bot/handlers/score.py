"""/score: the current match and the chat's all-time tally, both from the database.

The tally is ranked per game: by money or points, best first, or, where the
game counts what nobody wants (Blázen's fools), fewest first.
"""

from __future__ import annotations

from itertools import groupby

from telegram import Update

from bot.handlers.common import Ctx, command_context, reply
from bot.render import RENDERERS
from bot.render.i18n import Html, Translator, escape
from bot.services import Services
from games.registry import UnknownVariant, find_variant
from storage import TallyEntry

__all__ = ["score_cmd"]


async def score_cmd(update: Update, context: Ctx) -> None:
    cmd = await command_context(update, context)  # a direct chat: its own two-player table
    if cmd is None:
        return
    found, chat, tr = cmd.found, cmd.chat, cmd.tr
    lines = [tr("score.title")]
    live = found.tables.for_chat(chat.id)
    if live is not None and live.match is not None:
        match = live.match_state
        lines.append(
            tr.game(
                live.renderer.catalog,
                "score.match",
                game=live.variant.title.get(tr.lang, live.variant.id),
                deals=match["deals"],
            )
        )
        lines.append(found.screens.totals(live, tr))
        lines.append(tr("result.next_dealer", name=live.names[match["dealer"]]))
    else:
        lines.append(tr("score.no_match"))
    entries = await found.store.scores.tally(chat.id)
    lines.append(Html(""))
    lines.append(tr("score.all_time") if entries else tr("score.no_tally"))
    lines.extend(_tally(found, entries, tr))
    await reply(found, chat.id, "\n".join(lines))


def _tally(found: Services, entries: list[TallyEntry], tr: Translator) -> list[Html]:
    lines = []
    for variant_id, group in groupby(entries, key=lambda e: e.variant_id):
        try:
            title = find_variant(variant_id).title.get(tr.lang, variant_id)
        except UnknownVariant:
            title = variant_id
        renderer = RENDERERS.get(variant_id)
        lines.append(Html(f"<b>{escape(title)}</b>"))
        ranked = list(group)  # storage ranks the highest total first
        if renderer is not None and renderer.lower_is_better:
            ranked.sort(key=lambda e: (e.total, -e.deals_played, e.user_id))
        for rank, entry in enumerate(ranked, 1):
            value = renderer.format_score(entry.total, tr) if renderer else escape(entry.total)
            lines.append(
                tr.game(
                    renderer.catalog if renderer is not None else "",
                    "score.line",
                    rank=rank,
                    name=entry.display_name,
                    total=value,
                    deals=entry.deals_played,
                )
            )
    return lines
