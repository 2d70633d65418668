"""The drills' door to the gettext catalogues (trainer.i18n), kept while the drills still word
their own feedback. The words themselves live only in the catalogues
(`trainer/i18n/locale/*/LC_MESSAGES/crib.po`)."""

from __future__ import annotations

from trainer.i18n import LANGS, catalogue, has, nt, t

__all__ = ["LANGS", "has", "plural", "raw", "t"]


def raw(key: str, lang: str = "en") -> str:
    """The unformatted text of `key` (to read which placeholders it uses)."""
    return catalogue(lang).gettext(key)


def plural(key: str, n: int, lang: str = "en", /) -> str:
    """The form of a counted word for `n`, chosen by the catalogue's plural rule."""
    return nt(key, n, lang)
