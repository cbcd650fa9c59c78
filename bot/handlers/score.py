"""/score: the current match and the chat's all-time tally, both from the database.

The tally is ranked per game: by money or points, best first, or, where the
game counts what nobody wants (Blázen's fools), fewest first.
"""

from __future__ import annotations

from itertools import groupby

from telegram import Update

from bot.direct import direct_table_of
from bot.handlers.common import Ctx, command_context, is_group, reply
from bot.live import BOT_KEY, LiveTable
from bot.render import RENDERERS
from bot.render.base import sheet_text
from bot.render.i18n import Html, Translator, escape
from bot.services import Services
from games.engine import GameError
from games.match import Match as GameMatch
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
    if live is None and not is_group(chat):  # a guest at a friend's direct chat table
        live = direct_table_of(found.tables, cmd.user.id)
    match = live.game_match if live is not None else None
    if live is not None and match is not None:
        lines.append(
            tr.game(
                live.renderer.catalog,
                "score.match",
                game=live.variant.title.get(tr.lang, live.variant.id),
                deals=match.deals,
            )
        )
        lines.extend(_standings(found, live, tr))
        sheet = await _sheet(found, live, tr)
        if sheet is not None:
            lines.append(sheet)
        lines.append(tr("result.next_dealer", name=live.names[match.dealer]))
    else:
        lines.append(tr("score.no_match"))
        if live is None:
            lines.extend(await _last_match(found, chat.id, tr))
    entries = await found.store.scores.tally(chat.id if live is None else live.chat_id)
    lines.append(Html(""))
    lines.append(tr("score.all_time") if entries else tr("score.no_tally"))
    lines.extend(_tally(found, entries, tr))
    await reply(found, chat.id, "\n".join(lines))


async def _last_match(found: Services, chat_id: int, tr: Translator) -> list[Html]:
    """The standings of the chat's last finished match, while no table is open: the
    group asks "who won?" after the final result has scrolled away."""
    table = await found.store.tables.last_finished(chat_id)
    stored = None if table is None else await found.store.matches.current_match(table.id)
    if table is None or stored is None:
        return []
    try:
        variant = find_variant(stored.variant_id)
        renderer = RENDERERS[variant.id]
        options = variant.options({k: v for k, v in stored.options.items() if k != BOT_KEY})
    except (UnknownVariant, KeyError, GameError):
        return []
    match = GameMatch.from_dict(stored.state, variant_id=variant.id, seats=stored.seat_count)
    names = [seat.display_name for seat in table.seats]
    title = variant.title.get(tr.lang, variant.id)
    lines = [tr.game(renderer.catalog, "score.last", game=title, deals=match.deals)]
    lines.extend(
        tr(
            "match.place",
            place=s.place,
            name=names[s.seat],
            score=renderer.format_score(s.score, tr),
        )
        for s in variant.standings(match, options)
        if s.seat < len(names)
    )
    return lines


def _standings(found: Services, live: LiveTable, tr: Translator) -> list[Html]:
    """The running match ranked by the engine (ties share a place)."""
    match = live.game_match
    assert match is not None
    return [
        tr(
            "match.place",
            place=s.place,
            name=live.names[s.seat],
            score=live.renderer.format_score(s.score, tr),
        )
        for s in live.variant.standings(match, live.deal_options)
    ]


async def _sheet(found: Services, live: LiveTable, tr: Translator) -> Html | None:
    """The game's paper score sheet over the match's finished deals, if it keeps one."""
    match = live.game_match
    if live.match is None or match is None:
        return None
    deals = await found.store.deals.list_deals(live.match.id)
    outcomes = [d.outcome for d in deals if d.is_finished]
    return sheet_text(live.renderer, match, outcomes, live.deal_options, live.names, tr)


def _tally(found: Services, entries: list[TallyEntry], tr: Translator) -> list[Html]:
    lines = []
    for variant_id, group in groupby(entries, key=lambda e: e.variant_id):
        try:
            variant = find_variant(variant_id)
            title, per_match = variant.title.get(tr.lang, variant_id), variant.tally_per == "match"
        except UnknownVariant:
            title, per_match = variant_id, False
        renderer = RENDERERS.get(variant_id)
        lines.append(Html(f"<b>{escape(title)}</b>"))
        ranked = list(group)  # storage ranks the highest total first
        if renderer is not None and renderer.lower_is_better:
            ranked.sort(key=lambda e: (e.total, -e.deals_played, e.user_id))
        if per_match:  # a game played to a target: wins and places, never summed points
            ranked.sort(key=lambda e: (-e.wins, e.place_sum / max(1, e.matches_played)))
            lines.extend(
                tr.game(
                    renderer.catalog if renderer is not None else "",
                    "score.line_matches",
                    rank=rank,
                    name=e.display_name,
                    wins=e.wins,
                    matches=e.matches_played,
                )
                for rank, e in enumerate(ranked, 1)
            )
            continue
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
