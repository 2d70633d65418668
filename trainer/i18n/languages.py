"""The languages the product speaks, each one descriptor: everything about a language that is not
a catalogue entry (how it writes numbers, ranks, choice letters and dates) lives here, once.

Before this module the list of languages was written twice (the CLI's and the catalogue's) and
Russian's conventions were `if lang == "ru"` branches in a dozen modules. A new language is a
`Language` entry here plus its catalogues (docs/recipes.md); the plural rule is not repeated
here, it comes from the catalogue's own `Plural-Forms` header.

A plain class, not a dataclass: every command imports this module (start-up is benchmarked).
"""

from __future__ import annotations

_LATIN_RANKS = {"A": "A", "J": "J", "Q": "Q", "K": "K"}


class Language:
    """One language: its code (`--lang`, `CRIB_LANG`, the catalogue folder), the letters of the
    court cards and the ace, the suit letters of ASCII output, the decimal and thousands
    separators and minus sign, the letters of multiple-choice answers, and the date format."""

    __slots__ = (
        "choice_letters",
        "code",
        "date_format",
        "decimal_sep",
        "group_sep",
        "minus",
        "ranks",
        "suits",
    )

    def __init__(
        self,
        code: str,
        *,
        ranks: dict[str, str] | None = None,
        suits: str = "HDCS",
        decimal_sep: str = ".",
        group_sep: str = ",",
        minus: str = "-",
        choice_letters: str = "ABCDEFGHIJKLMNOP",
        date_format: str = "%Y-%m-%d %H:%M",
    ) -> None:
        self.code = code
        self.ranks = {**_LATIN_RANKS, **(ranks or {})}
        self.suits = suits
        self.decimal_sep = decimal_sep
        self.group_sep = group_sep
        self.minus = minus
        self.choice_letters = choice_letters
        self.date_format = date_format

    def __repr__(self) -> str:
        return f"Language({self.code!r})"

    def rank(self, label: str) -> str:
        """A rank label (`J`, `Q`, `K`, `A`, `5`) as this language writes it (Russian `В`)."""
        return self.ranks.get(label, label)

    def number(self, text: str) -> str:
        """A number formatted the C way (`3,248,700.5`) with this language's separators, and its
        own minus sign (a true minus, and never a negative zero: −0,00 is 0,00)."""
        if self.decimal_sep == "." and self.group_sep == "," and self.minus == "-":
            return text
        text = text.replace(",", "\0").replace(".", self.decimal_sep).replace("\0", self.group_sep)
        if self.minus != "-" and text.startswith("-"):
            body = text[1:]
            return body if not any(c in "123456789" for c in body) else self.minus + body
        return text

    def choice_letter(self, index: int) -> str:
        """The letter this language shows for the choice at `index` (0: `A` in English, `а` in
        Russian)."""
        return self.choice_letters[index] if index < len(self.choice_letters) else str(index)

    def plural(self, n: int) -> int:
        """The index of the plural form for `n`, by the rule in this language's catalogue."""
        from trainer.i18n import catalogue

        return catalogue(self.code).plural(n)


LANGUAGES: dict[str, Language] = {
    "en": Language("en"),
    # Валет, Дама, Король, Туз; a decimal comma and a no-break space between thousands.
    "ru": Language(
        "ru",
        ranks={"J": "В", "Q": "Д", "K": "К", "A": "Т"},
        decimal_sep=",",
        group_sep="\u00a0",
        minus="\u2212",
        choice_letters="абвгдежзиклмнопр",  # no й: it reads as и
    ),
}

LANGS: tuple[str, ...] = tuple(LANGUAGES)
"""The language codes, English (the fallback) first."""


def language(code: str) -> Language:
    """The descriptor of `code` (English for a code the product does not speak)."""
    return LANGUAGES.get(code) or LANGUAGES["en"]
