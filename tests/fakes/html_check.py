"""Telegram's parse_mode=HTML, byte for byte, so the fake rejects what Telegram rejects.

This follows tdlib's parser (the code behind the Bot API): it walks the UTF-8 bytes,
reports errors with the same wording and byte offsets ("Unsupported start tag "foo"
at byte offset 12"), and yields plain text plus entities with UTF-16 offsets.

One deliberate difference: with `strict=True` (the default) a "&" that does not start
`&lt;`, `&gt;`, `&amp;`, `&quot;` or a numeric reference is an error. Telegram shows
such text literally, but it almost always means the bot forgot to escape user input.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

JSON = dict[str, Any]
UserLookup = Callable[[int], JSON | None]

TAGS = frozenset(
    {
        "a",
        "b",
        "strong",
        "i",
        "em",
        "u",
        "ins",
        "s",
        "strike",
        "del",
        "code",
        "pre",
        "tg-spoiler",
        "span",
        "blockquote",
        "tg-emoji",
    }
)
_SIMPLE = {
    "b": "bold", "strong": "bold", "i": "italic", "em": "italic", "u": "underline",
    "ins": "underline", "s": "strikethrough", "strike": "strikethrough",
    "del": "strikethrough", "tg-spoiler": "spoiler", "span": "spoiler",
}  # fmt: skip
_NAMED = {b"lt": "<", b"gt": ">", b"amp": "&", b"quot": '"'}
_SPACE = frozenset(b" \t\r\n\v\f\0")
_NAME_END = frozenset(b"=>/\"'")
_NAME_TOKEN = frozenset(b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-")
_USER_LINK = re.compile(r"tg://user\?id=(\d+)", re.IGNORECASE)
_LINK = re.compile(
    r"(?:(?P<scheme>[A-Za-z][\w+.-]*)://)?(?P<host>[\w.-]+(?::\d+)?)(?P<rest>[/?#]\S*)?"
)


class EntityParseError(ValueError):
    """Telegram's reason, to be prefixed with "can't parse entities: "."""


@dataclass
class _Open:
    tag: str
    argument: str
    offset: int  # UTF-16 units of output so far
    byte_pos: int  # bytes of output so far


def _decode_reference(src: bytes, pos: int) -> tuple[int, int] | None:
    """Decode `&...;` at pos into (code point, next position), as tdlib does, or None."""

    def at(i: int) -> int:
        return src[i] if i < len(src) else 0

    end = pos + 1
    value = 0
    if at(end) == ord("#"):
        end += 1
        base, digits = (
            (16, b"0123456789abcdefABCDEF") if at(end) == ord("x") else (10, b"0123456789")
        )
        end += base == 16
        while at(end) and at(end) in digits:
            value = value * base + int(chr(at(end)), base)
            end += 1
            if value >= 0x10FFFF:
                return None
        if value == 0 or end - pos >= 10:
            return None
    else:
        while chr(at(end)).isascii() and chr(at(end)).isalpha():
            end += 1
        named = _NAMED.get(src[pos + 1 : end])
        if named is None:
            return None
        value = ord(named)
    return value, end + (at(end) == ord(";"))


def _check_link(url: str) -> str | None:
    """Normalise an href as Telegram does ("telegram.org" -> "http://telegram.org/"), or None."""
    match = _LINK.fullmatch(url.strip())
    if match is None:
        return None
    scheme, host, rest = match["scheme"], match["host"], match["rest"] or ""
    if scheme is None and "." not in host:
        return None
    scheme = (scheme or "http").lower()
    if scheme not in ("http", "https", "tg", "ton"):
        return None
    if scheme.startswith("http") and not rest.startswith("/"):
        rest = "/" + rest
    return f"{scheme}://{host}{rest}"


class _Parser:
    def __init__(self, text: str, strict: bool, lookup_user: UserLookup | None) -> None:
        self.src = text.encode("utf-8", "surrogatepass")
        self.strict = strict
        self.lookup_user = lookup_user
        self.out = bytearray()
        self.utf16 = 0
        self.stack: list[_Open] = []
        self.entities: list[JSON] = []
        self.bad_surrogate = False

    def at(self, i: int) -> int:
        return self.src[i] if i < len(self.src) else 0

    def skip_spaces(self, i: int) -> int:
        while self.at(i) and self.at(i) in _SPACE:
            i += 1
        return i

    def run(self) -> tuple[str, list[JSON]]:
        i = 0
        while i < len(self.src):
            c = self.src[i]
            if c == ord("&"):
                decoded = _decode_reference(self.src, i)
                if decoded is not None:
                    i = decoded[1]
                    self.emit_char(decoded[0])
                    continue
                if self.strict:
                    raise EntityParseError(
                        f'Character "&" at byte offset {i} must be escaped as "&amp;" '
                        "(strict mode of the fake Bot API)"
                    )
            if c != ord("<"):
                if c & 0xC0 != 0x80:
                    self.utf16 += 2 if c >= 0xF0 else 1
                self.out.append(c)
                i += 1
            elif self.at(i + 1) != ord("/"):
                i = self.start_tag(i)
            else:
                i = self.end_tag(i)
        if self.stack:
            tag = self.stack[-1].tag
            raise EntityParseError(f'Can\'t find end tag corresponding to start tag "{tag}"')
        if self.bad_surrogate:
            raise EntityParseError(
                "Text contains invalid Unicode characters after decoding HTML entities, "
                "check for unmatched surrogate code units"
            )
        for entity in self.entities:
            entity.pop("_language", None)
        return self.out.decode("utf-8"), self.entities

    def emit_char(self, code: int) -> None:
        if 0xD800 <= code <= 0xDFFF:
            self.bad_surrogate = True
            return
        self.out += chr(code).encode("utf-8")
        self.utf16 += 2 if code > 0xFFFF else 1

    def start_tag(self, begin: int) -> int:
        i = begin + 1
        while self.at(i) not in _SPACE and self.at(i) != ord(">"):
            i += 1
        if self.at(i) == 0:
            raise EntityParseError(f"Unclosed start tag at byte offset {begin}")
        tag = self.src[begin + 1 : i].decode("utf-8", "replace").lower()
        if tag not in TAGS:
            raise EntityParseError(f'Unsupported start tag "{tag}" at byte offset {begin}')
        argument = ""
        while self.at(i) != ord(">"):
            i = self.skip_spaces(i)
            if self.at(i) == ord(">"):
                break
            name_start = i
            while self.at(i) not in _SPACE and self.at(i) not in _NAME_END:
                i += 1
            name = self.src[name_start:i].decode("utf-8", "replace")
            if not name:
                raise EntityParseError(
                    f'Empty attribute name in the tag "{tag}" at byte offset {begin}'
                )
            i = self.skip_spaces(i)
            if self.at(i) != ord("="):  # a valueless attribute, like <blockquote expandable>
                if self.at(i) == 0:
                    raise EntityParseError(f'Unclosed start tag "{tag}" at byte offset {begin}')
                argument = self.argument_for(tag, name, "", argument)
                continue
            i = self.skip_spaces(i + 1)
            if self.at(i) == 0:
                raise EntityParseError(f'Unclosed start tag "{tag}" at byte offset {begin}')
            value, i = self.attribute_value(i)
            if self.at(i) == 0:
                raise EntityParseError(f"Unclosed start tag at byte offset {begin}")
            argument = self.argument_for(tag, name, value, argument)
        if tag == "span" and argument != "spoiler":
            raise EntityParseError(
                f'Tag "span" must have class "tg-spoiler" at byte offset {begin}'
            )
        self.stack.append(_Open(tag, argument, self.utf16, len(self.out)))
        return i + 1

    def attribute_value(self, i: int) -> tuple[str, int]:
        quote = self.at(i)
        if quote not in (ord("'"), ord('"')):
            start = i
            while self.at(i) in _NAME_TOKEN and self.at(i):
                i += 1
            if self.at(i) not in _SPACE and self.at(i) != ord(">"):
                raise EntityParseError(f"Unexpected end of name token at byte offset {start}")
            return self.src[start:i].decode("utf-8").lower(), i
        i += 1
        value = bytearray()
        while self.at(i) != quote and self.at(i) != 0:
            decoded = _decode_reference(self.src, i) if self.at(i) == ord("&") else None
            if decoded is not None:
                value += chr(decoded[0]).encode("utf-8", "surrogatepass")
                i = decoded[1]
            else:
                value.append(self.at(i))
                i += 1
        if self.at(i) == quote:
            i += 1
        return value.decode("utf-8", "replace"), i

    @staticmethod
    def argument_for(tag: str, name: str, value: str, current: str) -> str:
        if tag == "a" and name == "href":
            return value
        if tag == "code" and name == "class" and value.startswith("language-"):
            return value[len("language-") :]
        if tag == "span" and name == "class" and value.startswith("tg-"):
            return value[len("tg-") :]
        if tag == "tg-emoji" and name == "emoji-id":
            return value
        if tag == "blockquote" and name == "expandable":
            return "1"
        return current

    def end_tag(self, begin: int) -> int:
        if not self.stack:
            raise EntityParseError(f"Unexpected end tag at byte offset {begin}")
        i = begin + 1
        while self.at(i) not in _SPACE and self.at(i) != ord(">"):
            i += 1
        end_name = self.src[begin + 2 : i].decode("utf-8", "replace").lower()
        i = self.skip_spaces(i)
        if self.at(i) != ord(">"):
            raise EntityParseError(f"Unclosed end tag at byte offset {begin}")
        opened = self.stack.pop()
        if end_name and end_name != opened.tag:
            raise EntityParseError(
                f'Unmatched end tag at byte offset {begin}, expected "</{opened.tag}>", '
                f'found "</{end_name}>"'
            )
        if self.utf16 > opened.offset:
            self.close_entity(opened)
        return i + 1

    def close_entity(self, opened: _Open) -> None:
        span: JSON = {"offset": opened.offset, "length": self.utf16 - opened.offset}
        last = self.entities[-1] if self.entities else None
        same_span = last is not None and all(last[k] == span[k] for k in ("offset", "length"))
        tag, argument = opened.tag, opened.argument
        if tag in _SIMPLE:
            self.entities.append({"type": _SIMPLE[tag], **span})
        elif tag == "tg-emoji":
            if not argument.isdigit():
                raise EntityParseError("Invalid custom emoji identifier specified")
            self.entities.append({"type": "custom_emoji", **span, "custom_emoji_id": argument})
        elif tag == "a":
            self.close_link(opened, span)
        elif tag == "pre" and last and same_span and last.get("_language"):
            last.update(type="pre", language=last.pop("_language"))
        elif tag == "pre":
            self.entities.append({"type": "pre", **span})
        elif tag == "code" and last and same_span and last["type"] == "pre" and argument:
            last["language"] = argument
        elif tag == "code":
            self.entities.append({"type": "code", **span, "_language": argument})
        elif tag == "blockquote":
            kind = "expandable_blockquote" if argument else "blockquote"
            self.entities.append({"type": kind, **span})

    def close_link(self, opened: _Open, span: JSON) -> None:
        url = opened.argument or self.out[opened.byte_pos :].decode("utf-8")
        user_link = _USER_LINK.fullmatch(url)
        if user_link and self.lookup_user is not None:
            user = self.lookup_user(int(user_link.group(1)))
            if user is not None:
                self.entities.append({"type": "text_mention", **span, "user": user})
            return
        checked = _check_link(url)
        if checked is not None:
            self.entities.append({"type": "text_link", **span, "url": checked})


def parse_html(
    text: str, *, strict: bool = True, lookup_user: UserLookup | None = None
) -> tuple[str, list[JSON]]:
    """Plain text and entities for an HTML-formatted text, or EntityParseError.

    `lookup_user` turns `<a href="tg://user?id=N">` into a text_mention of a known user.
    """
    return _Parser(text, strict, lookup_user).run()
