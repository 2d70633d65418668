"""The confusable skeleton of a name (after Unicode TR39): two names with one skeleton look alike
on a projector, so a room holds only one of them.

TR39's skeleton maps every character to a prototype that looks the same (Cyrillic `А` and Greek
`Α` to Latin `A`). Its full table (`confusables.txt`, 6,000+ lines) mostly covers scripts and
symbols nobody types into a name field on a phone; the `confusable-homoglyphs` package ships that
data but offers no skeleton, only "is this string mixed-script", which would refuse a genuine
"Anna" typed on a Russian keyboard instead of matching it with the Latin one. So the table here is
our own: the letters that look like Latin ones in the Cyrillic, Greek, Armenian and Cherokee
alphabets, small capitals and the IPA letters phones offer, digits that pass for letters, and
TR39's two multi-letter prototypes (`rn` for `m`, `vv` for `w`), over case-folded text, so it also
catches look-alikes that differ only in case (Cyrillic `Н` and Latin `H`). Each row is tested
(tests/test_club_web_security.py). A stricter match is safe here: the worst a false match does is ask
a student to add an initial.
"""

from __future__ import annotations

import unicodedata

# Case-folded look-alikes, by the Latin letter they pass for.
_LOOK_ALIKES = {
    "a": "аαɑаᴀａ",
    "b": "вьβʙᏏƅ",
    "c": "сᴄⅽ",
    "d": "ԁⅾᴅ",
    "e": "еєεҽᴇ",
    "f": "ƒғ",
    "g": "ɡɢԍ",
    "h": "нһηʜհ",
    "i": "іιɪӏ",
    "j": "јϳᴊ",
    "k": "кκᴋ",
    "l": "1|ǀʟⅼ",
    "m": "мμᴍⅿ",
    "n": "ոɴπп",
    "o": "0оοσօᴏ",
    "p": "рρᴘ",
    "q": "ԛզ",
    "r": "гʀᴦ",
    "s": "ѕꜱ",
    "t": "тτᴛ",
    "u": "υսᴜ",
    "v": "νᴠѵ",
    "w": "ԝᴡѡ",
    "x": "хχ",
    "y": "уүγʏ",
    "z": "ᴢζ",
}
# Capitals that look like Latin capitals: mapped before case folding, since their small letters
# look like other Latin letters (Greek Ν is N, but its small ν is v).
_CAPITALS = {
    "A": "АΑᎪ",
    "B": "ВΒᏴ",
    "C": "СᏟ",
    "E": "ЕΕᎬ",
    "H": "НΗᎻ",
    "I": "ІΙӀ",
    "J": "ЈᎫ",
    "K": "КΚᏦ",
    "M": "МΜᎷ",
    "N": "Ν",
    "O": "ОΟ",
    "P": "РΡᏢ",
    "S": "ЅᏚ",
    "T": "ТΤᎢ",
    "X": "ХΧ",
    "Y": "ҮΥ",
    "Z": "Ζ",
}
_TABLE = {ord(ch): latin for latin, chars in _LOOK_ALIKES.items() for ch in chars}
_FIRST = {**_TABLE, **{ord(ch): latin for latin, chars in _CAPITALS.items() for ch in chars}}
# Capital I and small l are one shape in most sans-serif fonts; after case folding "i" stands for both.
_TABLE[ord("i")] = "l"
_MULTI = (("rn", "m"), ("vv", "w"))


def skeleton(text: str) -> str:
    """NFKC, look-alike capitals and letters replaced by their Latin prototypes, case folded,
    accents and other combining marks dropped, spaces removed, and the small look-alikes again."""
    folded = unicodedata.normalize("NFKC", text).translate(_FIRST).casefold()
    bare = "".join(
        ch
        for ch in unicodedata.normalize("NFD", folded)
        if not unicodedata.combining(ch) and not ch.isspace()
    )
    out = unicodedata.normalize("NFKC", bare).translate(_TABLE)
    for many, one in _MULTI:
        out = out.replace(many, one)
    return out
