"""Text catalogs (``render/locales/<lang>.json``) and the translator handlers use.

Every text the bot shows lives in a catalog under a dotted key; handler and
renderer code only names keys. Messages are HTML, so values substituted into
a text are escaped unless they are ``Html`` (text already made safe, such as
a rendered card list). That makes escaping user names the default rather
than something each call site must remember.

A text that shows a count has one form per plural category, because a
number changes the words around it ("1 hra, 2 hry, 5 her"; "1 deal, 2
deals"). In the catalog such an entry is an object of forms, and optionally
``"count"``, the placeholder whose value picks the form (``n`` if absent)::

    "line": {"count": "deals", "one": "{deals} hra", "few": "{deals} hry", "many": "{deals} her"}

Callers do not know which texts are plural: they pass the same values
either way, so a text can gain plural forms without touching any caller.
"""

from __future__ import annotations

import html
import json
import string
from collections.abc import Mapping
from dataclasses import dataclass
from importlib import resources
from typing import Any

__all__ = [
    "PLURAL_CATEGORIES",
    "CatalogError",
    "Html",
    "I18n",
    "Plural",
    "Translator",
    "escape",
    "plural_category",
]


class Html(str):
    """A string that is already valid HTML for Telegram; substituted as is."""

    __slots__ = ()


def escape(value: object) -> Html:
    """The value as text, made safe for HTML parse mode."""
    if isinstance(value, Html):
        return value
    return Html(html.escape(str(value), quote=False))


class CatalogError(ValueError):
    """The catalogs disagree (a key or a placeholder missing in one language)."""


PLURAL_CATEGORIES: dict[str, tuple[str, ...]] = {
    "cs": ("one", "few", "many"),
    "en": ("one", "other"),
}
"""The forms each language needs. Czech nouns after a number have three
(1 bod, 2–4 body, 0 and 5+ bodů, 21 bodů too); English two. A language not
listed here uses English's."""

_FORM_NAMES = frozenset(("zero", "one", "two", "few", "many", "other"))
_COUNT = "count"


def plural_category(lang: str, count: int) -> str:
    """The plural form ``count`` takes in ``lang``, in CLDR terms (for integers).

    Czech: exactly 1 is "one", exactly 2, 3 or 4 is "few", anything else
    (0, 5–20, 21, 22, 101…) is "many", since in Czech a compound number takes
    the genitive plural ("22 her", "21 bodů"). English: 1 is "one", the rest
    "other". Signs do not matter: −2 body like 2 body.
    """
    n = abs(count)
    if lang == "cs":
        if n == 1:
            return "one"
        return "few" if 2 <= n <= 4 else "many"
    return "one" if n == 1 else "other"


@dataclass(frozen=True, slots=True)
class Plural:
    """A catalog entry with one text per plural form, picked by the value of ``count``."""

    count: str
    forms: Mapping[str, str]

    def form(self, lang: str, value: object) -> str:
        """The text for a count of ``value`` (a number, or a text of one)."""
        try:
            number = int(str(value))
        except ValueError:
            number = 0  # not a number: the form that also serves 0 ("0 her", "0 games")
        wanted = plural_category(lang, number)
        for name in (wanted, "other", "many"):
            if name in self.forms:
                return self.forms[name]
        return next(iter(self.forms.values()))

    @property
    def texts(self) -> tuple[str, ...]:
        return tuple(self.forms.values())


Entry = str | Plural


def _placeholders(entry: Entry) -> frozenset[str]:
    texts = entry.texts if isinstance(entry, Plural) else (entry,)
    return frozenset(
        name for text in texts for _, name, _, _ in string.Formatter().parse(text) if name
    )


class Translator:
    """Texts of one language: ``tr("lobby.title", game=...)``."""

    def __init__(self, lang: str, catalog: Mapping[str, Entry]) -> None:
        self.lang = lang
        self._catalog = catalog

    def __call__(self, key: str, **values: Any) -> Html:
        """The text for ``key`` with ``values`` substituted (and escaped)."""
        try:
            entry = self._catalog[key]
        except KeyError:
            raise KeyError(f"no text {key!r} in the {self.lang} catalog") from None
        if isinstance(entry, Plural):
            if entry.count not in values:
                raise KeyError(f"{key!r} needs the count {entry.count!r}")
            template = entry.form(self.lang, values[entry.count])
        else:
            template = entry
        safe = {name: escape(value) for name, value in values.items()}
        return Html(template.format(**safe))

    def has(self, key: str) -> bool:
        return key in self._catalog

    def get(self, key: str, default: str, **values: Any) -> Html:
        """Like calling, but ``default`` (escaped) when the key is absent."""
        return self(key, **values) if key in self._catalog else escape(default)

    def game(self, prefix: str, key: str, **values: Any) -> Html:
        """A shared text in a game's own words: ``{prefix}.{key}`` if the catalog
        has it, else ``key``. Blázen counts games where Mariáš counts deals, so
        ``tr.game("blazen", "score.match", ...)`` says "odehrány 2 hry"."""
        own = f"{prefix}.{key}"
        return self(own if own in self._catalog else key, **values)


class I18n:
    """All catalogs; ``i18n.for_lang("en")`` gives a ``Translator``."""

    def __init__(self, catalogs: Mapping[str, Mapping[str, Entry]], default: str) -> None:
        if default not in catalogs:
            raise CatalogError(f"no catalog for the default language {default!r}")
        self._translators = {lang: Translator(lang, c) for lang, c in catalogs.items()}
        self.default = default

    @property
    def languages(self) -> tuple[str, ...]:
        return tuple(self._translators)

    def for_lang(self, lang: str | None) -> Translator:
        """The translator for ``lang``, or the default language's."""
        return self._translators.get(lang or "", self._translators[self.default])

    def pick(self, telegram_language: str | None) -> str:
        """The language for a direct chat: the user's Telegram language if we speak it."""
        code = (telegram_language or "").split("-")[0].lower()
        return code if code in self._translators else self.default

    @classmethod
    def load(cls, default: str = "cs", languages: tuple[str, ...] = ("cs", "en")) -> I18n:
        """Read the shipped catalogs and check that they agree key by key."""
        folder = resources.files("bot.render") / "locales"
        catalogs: dict[str, dict[str, Entry]] = {}
        for lang in languages:
            data = json.loads((folder / f"{lang}.json").read_text(encoding="utf-8"))
            catalogs[lang] = flatten(data)
        check_catalogs(catalogs)
        return cls(catalogs, default)


def _is_plural(value: Mapping[str, Any]) -> bool:
    """Whether a JSON object is one text's plural forms rather than a group of keys."""
    names = set(value) - {_COUNT}
    return bool(names) and names <= _FORM_NAMES and "one" in names


def flatten(data: Mapping[str, Any], prefix: str = "") -> dict[str, Entry]:
    """Nested JSON objects to dotted keys: {"a": {"b": "x"}} -> {"a.b": "x"}.

    An object of plural forms ({"one": ..., "other": ...}) is one entry."""
    flat: dict[str, Entry] = {}
    for key, value in data.items():
        name = f"{prefix}{key}"
        if isinstance(value, Mapping) and _is_plural(value):
            flat[name] = _plural(name, value)
        elif isinstance(value, Mapping):
            flat.update(flatten(value, name + "."))
        elif isinstance(value, str):
            flat[name] = value
        else:
            raise CatalogError(f"{name}: catalog values are texts, not {type(value).__name__}")
    return flat


def _plural(name: str, value: Mapping[str, Any]) -> Plural:
    count = value.get(_COUNT, "n")
    forms = {k: v for k, v in value.items() if k != _COUNT}
    if not isinstance(count, str) or not all(isinstance(v, str) for v in forms.values()):
        raise CatalogError(f"{name}: plural forms and their count are texts")
    return Plural(count, forms)


def check_catalogs(catalogs: Mapping[str, Mapping[str, Entry]]) -> None:
    """Same keys and the same placeholders in every language; every form a language needs."""
    langs = list(catalogs)
    for lang, catalog in catalogs.items():
        needed = PLURAL_CATEGORIES.get(lang, PLURAL_CATEGORIES["en"])
        for key, entry in catalog.items():
            if isinstance(entry, Plural):
                missing_forms = [f for f in needed if f not in entry.forms]
                if missing_forms:
                    raise CatalogError(f"{lang} {key}: no plural form {', '.join(missing_forms)}")
    first = catalogs[langs[0]]
    for lang in langs[1:]:
        other = catalogs[lang]
        missing = sorted(set(first) ^ set(other))
        if missing:
            raise CatalogError(f"{langs[0]} and {lang} differ in keys: {', '.join(missing[:10])}")
        for key, entry in first.items():
            if _placeholders(entry) != _placeholders(other[key]):
                raise CatalogError(f"{key}: placeholders differ between {langs[0]} and {lang}")
            counts = {e.count for e in (entry, other[key]) if isinstance(e, Plural)}
            if len(counts) > 1:
                raise CatalogError(f"{key}: the count differs between {langs[0]} and {lang}")
