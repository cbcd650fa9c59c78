"""The Bot API methods the fake implements, each checking what Telegram checks.

A handler takes the `World` and the request's `Params`, raises `ApiError` at the first
problem (Telegram reports one problem at a time) and returns the `result` value.
Checks come in Telegram's order: chat, access, markup, text, then flood control, so a
rejected request never counts against a rate limit.
"""

from __future__ import annotations

import json
import re
from collections.abc import Awaitable, Callable
from typing import Any

from tests.fakes.html_check import EntityParseError, parse_html
from tests.fakes.models import JSON, CallbackAnswer, FakeChat, FakeMessage, FakeUser, bad_request
from tests.fakes.params import Params
from tests.fakes.text import (
    check_explicit_entities,
    detect_entities,
    sort_entities,
    trim,
    utf16_len,
)
from tests.fakes.world import World

Handler = Callable[[World, Params], Awaitable[Any]]
METHODS: dict[str, tuple[str, Handler]] = {}
"""Lower-cased method name (Telegram ignores case) -> (canonical name, handler)."""

_MARKUP_JSON = "can't parse reply keyboard markup JSON object"
MAX_TEXT = 4096
MAX_CALLBACK_DATA = 64
MAX_BUTTONS = 100
_ACTIONS = (
    "callback_data", "url", "login_url", "switch_inline_query", "switch_inline_query_current_chat",
    "switch_inline_query_chosen_chat", "copy_text", "callback_game", "pay", "web_app",
)  # fmt: skip
_BUTTON_URL = re.compile(r"(?:https?|tg|ton)://\S+|[\w-]+(?:\.[\w-]+)+(?:[/?#]\S*)?", re.I)
_START_LINK = re.compile(r"(?:https?://)?(?:t|telegram)\.me/(\w+)\?start=[\w-]{1,64}", re.I | re.A)
_COMMAND = re.compile(r"[a-z0-9_]{1,32}")
_SCOPES = frozenset(
    {
        "default",
        "all_private_chats",
        "all_group_chats",
        "all_chat_administrators",
        "chat",
        "chat_administrators",
        "chat_member",
    }
)
_CHAT_ACTIONS = frozenset(
    {
        "typing",
        "upload_photo",
        "record_video",
        "upload_video",
        "record_voice",
        "upload_voice",
        "upload_document",
        "choose_sticker",
        "find_location",
        "record_video_note",
        "upload_video_note",
    }
)
_ADMIN_RIGHTS = {
    "can_be_edited": False, "is_anonymous": False, "can_manage_chat": True,
    "can_delete_messages": True, "can_manage_video_chats": True, "can_restrict_members": True,
    "can_promote_members": False, "can_change_info": True, "can_invite_users": True,
    "can_post_stories": False, "can_edit_stories": False, "can_delete_stories": False,
    "can_pin_messages": True,
}  # fmt: skip


def api_method(name: str) -> Callable[[Handler], Handler]:
    def register(handler: Handler) -> Handler:
        METHODS[name.lower()] = (name, handler)
        return handler

    return register


# -- shared checks ---------------------------------------------------------------------


def render_text(world: World, p: Params) -> tuple[str, list[JSON]]:
    """The text and entities Telegram would store for this request, or its 400."""
    raw = p.get_str("text") or ""
    try:
        raw.encode("utf-8")
    except UnicodeEncodeError:
        raise bad_request("strings must be encoded in UTF-8") from None
    explicit = p.get_json("entities", "can't parse entities JSON object")
    parse_mode = (p.get_str("parse_mode") or "").lower()
    text, entities = raw, []
    try:
        if explicit is not None:
            entities = check_explicit_entities(explicit, raw)
        elif parse_mode == "html":
            text, entities = parse_html(
                raw, strict=world.strict_html, lookup_user=world.lookup_user
            )
        elif parse_mode in ("markdown", "markdownv2"):
            raise bad_request("the fake Bot API implements only parse_mode HTML")
        elif parse_mode:
            raise bad_request("unsupported parse_mode")
    except (EntityParseError, ValueError) as exc:
        raise bad_request(f"can't parse entities: {exc}") from None
    text, entities = trim(text, entities)
    if not text:
        raise bad_request("message text is empty")
    if utf16_len(text) > MAX_TEXT:
        raise bad_request("message is too long")
    return text, sort_entities(entities + detect_entities(text, entities))


def check_markup(raw: Any) -> JSON | None:
    """The inline keyboard as Telegram stores it, or its 400. Other keyboards are not kept."""
    if raw is None:
        return None
    if not isinstance(raw, dict):
        raise bad_request(_MARKUP_JSON)
    rows = raw.get("inline_keyboard")
    if rows is None:
        return None
    if not isinstance(rows, list) or not all(isinstance(row, list) for row in rows):
        raise bad_request(_MARKUP_JSON)
    if sum(len(row) for row in rows) > MAX_BUTTONS:
        raise bad_request("reply markup is too long")
    kept = [[_check_button(button) for button in row] for row in rows if row]
    return {"inline_keyboard": kept} if kept else None


def _check_button(button: Any) -> JSON:
    if not isinstance(button, dict) or not isinstance(button.get("text"), str):
        raise bad_request(
            'can\'t parse inline keyboard button: Field "text" must be of type String'
        )
    actions = [key for key in _ACTIONS if key in button]
    if not actions:
        raise bad_request("text buttons are unallowed in the inline keyboard")
    if "callback_data" in button:
        data = button["callback_data"]
        if not isinstance(data, str) or not 1 <= len(data.encode("utf-8")) <= MAX_CALLBACK_DATA:
            raise bad_request("BUTTON_DATA_INVALID")
    if "url" in button:
        url = button["url"]
        if not isinstance(url, str) or not _BUTTON_URL.fullmatch(url):
            raise bad_request("BUTTON_URL_INVALID")
    return {"text": button["text"], **{key: button[key] for key in actions}}


def find_message(world: World, p: Params, verb: str) -> FakeMessage:
    if p.has("inline_message_id"):
        raise bad_request("the fake Bot API does not implement inline messages")
    chat = world.find_chat(p.chat_id())
    if verb == "edit":
        world.check_can_write(chat)
    message_id = p.get_int("message_id")
    if message_id is None:
        raise bad_request("message identifier is not specified")
    message = chat.messages.get(message_id)
    if message is None or message.deleted:
        raise bad_request(f"message to {verb} not found")
    if verb == "edit" and not message.from_bot:
        raise bad_request("message can't be edited")
    return message


def member_api(chat: FakeChat, user: FakeUser) -> JSON:
    """ChatMember of `user` in `chat`, from the admins and members the test declared."""
    who = user.to_api()
    if chat.user is not None:
        return {"status": "member", "user": who}
    if user.is_bot and chat.bot_kicked:
        return {"status": "kicked", "user": who, "until_date": 0}
    if user.id == chat.owner_id:
        return {"status": "creator", "user": who, "is_anonymous": False}
    if user.id in chat.admin_ids:
        return {"status": "administrator", "user": who, **_ADMIN_RIGHTS}
    if user.is_bot or user.id in chat.member_ids:
        return {"status": "member", "user": who}
    return {"status": "left", "user": who}


def commands_key(world: World, p: Params) -> tuple[str, str]:
    scope = p.get_json("scope", "can't parse BotCommandScope JSON object") or {"type": "default"}
    if not isinstance(scope, dict) or scope.get("type") not in _SCOPES:
        raise bad_request("unsupported bot command scope type")
    if "chat_id" in scope:
        scope = {**scope, "chat_id": world.find_chat(Params(scope).chat_id()).id}
    language = p.get_str("language_code") or ""
    if language and not re.fullmatch(r"[a-z]{2}", language):
        raise bad_request("invalid language code specified")
    return json.dumps(scope, sort_keys=True), language


# -- updates and bot -------------------------------------------------------------------


@api_method("getMe")
async def get_me(world: World, p: Params) -> Any:
    return {
        **world.bot.to_api(),
        "can_join_groups": True,
        "can_read_all_group_messages": False,
        "supports_inline_queries": False,
        "can_connect_to_business": False,
        "has_main_web_app": False,
    }


@api_method("getUpdates")
async def get_updates(world: World, p: Params) -> Any:
    limit = min(max(p.get_int("limit") or 100, 1), 100)
    allowed = p.get_json("allowed_updates")
    if allowed is not None and not isinstance(allowed, list):
        raise bad_request("can't parse allowed_updates JSON object")
    return await world.poll(p.get_int("offset"), limit, p.get_float("timeout") or 0.0, allowed)


@api_method("setWebhook")
async def set_webhook(world: World, p: Params) -> Any:
    world.webhook_url = p.get_str("url") or ""
    return True


@api_method("deleteWebhook")
async def delete_webhook(world: World, p: Params) -> Any:
    world.webhook_url = ""
    if p.get_bool("drop_pending_updates"):
        world.updates.clear()
    return True


@api_method("getWebhookInfo")
async def get_webhook_info(world: World, p: Params) -> Any:
    return {
        "url": world.webhook_url,
        "has_custom_certificate": False,
        "pending_update_count": len(world.updates),
    }


@api_method("setMyCommands")
async def set_my_commands(world: World, p: Params) -> Any:
    commands = p.get_json("commands", "can't parse commands JSON object")
    if not isinstance(commands, list):
        raise bad_request("can't parse commands JSON object")
    if len(commands) > 100:
        raise bad_request("BOT_COMMANDS_TOO_MUCH")
    for command in commands:
        name = command.get("command") if isinstance(command, dict) else None
        if not isinstance(name, str) or not _COMMAND.fullmatch(name):
            raise bad_request("BOT_COMMAND_INVALID")
        description = command.get("description")
        if not isinstance(description, str) or not description.strip():
            raise bad_request("command description must be non-empty")
        if len(description) > 256:
            raise bad_request("BOT_COMMAND_DESCRIPTION_INVALID")
    kept = [{"command": c["command"], "description": c["description"]} for c in commands]
    world.commands[commands_key(world, p)] = kept
    return True


@api_method("getMyCommands")
async def get_my_commands(world: World, p: Params) -> Any:
    return world.commands.get(commands_key(world, p), [])


@api_method("deleteMyCommands")
async def delete_my_commands(world: World, p: Params) -> Any:
    world.commands.pop(commands_key(world, p), None)
    return True


@api_method("close")
async def close(world: World, p: Params) -> Any:
    return True


@api_method("logOut")
async def log_out(world: World, p: Params) -> Any:
    return True


# -- messages --------------------------------------------------------------------------


@api_method("sendMessage")
async def send_message(world: World, p: Params) -> Any:
    chat = world.find_chat(p.chat_id())
    world.check_can_send(chat)
    markup = check_markup(p.get_json("reply_markup", _MARKUP_JSON))
    text, entities = render_text(world, p)
    world.take_rate(chat, edit=False)
    return world.post(chat, world.bot, text, entities, markup).to_api()


@api_method("editMessageText")
async def edit_message_text(world: World, p: Params) -> Any:
    message = find_message(world, p, "edit")
    markup = check_markup(p.get_json("reply_markup", _MARKUP_JSON))
    text, entities = render_text(world, p)
    return _apply_edit(world, message, text, entities, markup)


@api_method("editMessageReplyMarkup")
async def edit_message_reply_markup(world: World, p: Params) -> Any:
    message = find_message(world, p, "edit")
    markup = check_markup(p.get_json("reply_markup", _MARKUP_JSON))
    return _apply_edit(world, message, message.text, message.entities, markup)


def _apply_edit(
    world: World, message: FakeMessage, text: str, entities: list[JSON], markup: JSON | None
) -> JSON:
    """Telegram drops the keyboard unless the edit repeats it, and refuses no-op edits."""
    if (text, entities, markup) == (message.text, message.entities, message.reply_markup):
        raise bad_request(
            "message is not modified: specified new message content and reply markup are "
            "exactly the same as a current content and reply markup of the message"
        )
    world.take_rate(message.chat, edit=True)
    message.text, message.entities, message.reply_markup = text, entities, markup
    message.edit_date = world.date()
    message.edit_count += 1
    return message.to_api()


@api_method("deleteMessage")
async def delete_message(world: World, p: Params) -> Any:
    message = find_message(world, p, "delete")
    chat = message.chat
    if not (message.from_bot or chat.user is not None or world.bot.id in chat.admin_ids):
        raise bad_request("message can't be deleted")
    message.deleted = True
    return True


@api_method("answerCallbackQuery")
async def answer_callback_query(world: World, p: Params) -> Any:
    query = world.queries.get(p.get_str("callback_query_id") or "")
    if (
        query is None
        or query.answer is not None
        or world.clock() - query.pressed_at > world.callback_timeout
    ):
        raise bad_request("query is too old and response timeout expired or query ID is invalid")
    text = p.get_str("text") or None
    if text is not None and len(text) > 200:
        raise bad_request("MESSAGE_TOO_LONG")
    url = p.get_str("url") or None
    if url is not None:
        link = _START_LINK.fullmatch(url)
        if not link or link.group(1).lower() != (world.bot.username or "").lower():
            raise bad_request("URL_INVALID")
    cache_time = p.get_int("cache_time") or 0
    query.answer = CallbackAnswer(query.id, text, p.get_bool("show_alert"), url, cache_time)
    return True


@api_method("sendChatAction")
async def send_chat_action(world: World, p: Params) -> Any:
    chat = world.find_chat(p.chat_id())
    world.check_can_write(chat)
    if p.get_str("action") not in _CHAT_ACTIONS:
        raise bad_request("wrong parameter action in request")
    return True


# -- chats -----------------------------------------------------------------------------


@api_method("getChat")
async def get_chat(world: World, p: Params) -> Any:
    chat = world.find_chat(p.chat_id())
    gifts = "unlimited_gifts limited_gifts unique_gifts premium_subscription gifts_from_channels"
    return {
        **chat.to_api(),
        "accent_color_id": 0,
        "max_reaction_count": 11,
        "accepted_gift_types": dict.fromkeys(gifts.split(), False),
    }


@api_method("getChatMember")
async def get_chat_member(world: World, p: Params) -> Any:
    chat = world.find_chat(p.chat_id())
    user_id = p.require_int("user_id")
    user = world.bot if user_id == world.bot.id else world.users.get(user_id)
    if user is None:
        raise bad_request("user not found")
    return member_api(chat, user)


@api_method("getChatAdministrators")
async def get_chat_administrators(world: World, p: Params) -> Any:
    chat = world.find_chat(p.chat_id())
    if chat.user is not None:
        raise bad_request("there are no administrators in the private chat")
    ids = ([chat.owner_id] if chat.owner_id is not None else []) + chat.admin_ids
    everyone = {**world.users, world.bot.id: world.bot}
    return [member_api(chat, everyone[i]) for i in dict.fromkeys(ids) if i in everyone]
