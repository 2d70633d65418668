"""The sources of the rules spec: tag -> (title, address), and references by title.

Rulings cite sources with the spec's tags (`S0; HOY`, `ACC 8.4c, 11.1b`); readers get the titles.
Kept in the engine as plain data so every layer (reference, drills feedback) can use it.
"""

from __future__ import annotations

import re
from collections.abc import Callable

SOURCES: dict[str, tuple[str, str]] = {
    "S0": ("Russian translation of a Hoyle-type rule book", ""),
    "S1": ("V. Mendelev, Encyclopaedia of games", ""),
    "S2": ("Six-card rules with muggins and lurch", ""),
    "S3": ("Six-card tutorial", ""),
    "S4": ("Magazine article on cribbage", ""),
    "HOY": (
        "Cribbage, from According to Hoyle (BSD games text)",
        "http://ftp2.ie.netbsd.org/NetBSD-release-8/src/games/cribbage/cribbage.n",
    ),
    "ACC": ("American Cribbage Congress, Rules of Cribbage", "https://cribbage121.com/rulesed/book.php"),
    "CC": ("Cribbage Corner", "https://cribbagecorner.com/cribbage-scoring-penalties/"),
    "BIC": (
        "Bicycle: Three-Hand and Four-Hand Cribbage",
        "http://www.bicyclecards.com/card-games/rule/four-hand-cribbage",
    ),
    "EB": (
        "Encyclopaedia Britannica, cribbage - Variants",
        "https://www.britannica.com/topic/cribbage/Variants",
    ),
    "EB9": (
        "Encyclopaedia Britannica, 9th ed., Cribbage",
        "https://en.wikisource.org/wiki/Page:Encyclop%C3%A6dia_Britannica,_Ninth_Edition,_v._6.djvu/610",
    ),
    "HG": (
        "Hoyle's Games (19th-century edition)",
        "http://www.childrensnursery.org.uk/hoyles-games/hoyle-games%20-%200349.htm",
    ),
    "EW": (
        "Enquire Within Upon Everything, Accepted Laws of Cribbage",
        "http://www.grapenovel.com/novel/chapter/enquire_within_upon_everything-anonymous/16",
    ),
    "CAS": (
        "Cassell's Book of In-door Amusements (five-card game)",
        "https://bitlit.ru/page/en/various/cassells-book-of-in-door-amusements-card-games-and-fireside-fun/165",
    ),
    "DAW": (
        "L. Dawson, Hoyle's Games Modernized, Cribbage",
        "https://www.taylorfrancis.com/chapters/mono/10.4324/9780203713495-9/cribbage-lawrence-dawson",
    ),
    "WP": ("Wikipedia, Cribbage", "https://en.wikipedia.org/wiki/Cribbage"),
    "LUM": ("S. Lumetta, Amusing Cribbage Facts", "http://lumetta.web.engr.illinois.edu/humor/cribbage.html"),
    "OS": (
        "OpenSpiel cribbage engine",
        "https://github.com/google-deepmind/open_spiel/blob/master/open_spiel/games/cribbage/cribbage.cc",
    ),
    "BSD": ("BSD games cribbage program", "https://github.com/freebsd/freebsd-src"),
    "EB1911": (
        "Encyclopaedia Britannica 1911, Cribbage",
        "http://encyclopedia.jrank.org/CRE_DAH/CRIBBAGE.html",
    ),
    "YG": (
        "Yahoo! Games cribbage glossary",
        "http://games.yahoo.com/games/rules/cribbage/cribbageglossary.html",
    ),
}


def readable_refs(
    rule_ref: str,
    title: Callable[[str], str] | None = None,
    cite: Callable[[str, list[str]], str] | None = None,
) -> str:
    """`S0; HOY` or `ACC 8.4c, 11.1b` as the titles a reader knows ("American Cribbage Congress,
    Rules of Cribbage 8.4c, 11.1b"): the tags are the spec's shorthand, not words for users.
    `title` names a tag (the edge passes the catalogue's title in the reader's language); `cite`
    joins a title and its sections as the reader's language writes a citation («…, пп. 8.4c,
    11.1b»); without it they follow the title after a space."""
    cited: list[tuple[str, list[str]]] = []
    seen_source = False
    for part in re.split(r"[;,]", rule_ref):
        tag = part.strip()
        if not tag:
            continue
        first = tag.split()[0]
        if first in SOURCES:
            name = title(first) if title else SOURCES[first][0]
            section = tag[len(first) :].strip()
            cited.append((name, [section]))
            seen_source = True
        elif seen_source and cited:
            cited[-1][1].append(tag)  # a bare section number continues the previous source
        else:
            cited.append((tag, [""]))
    return "; ".join((cite or _cited)(name, sections) for name, sections in cited)


def _cited(name: str, sections: list[str]) -> str:
    """`Rules of Cribbage 8.4c, 11.1b`: the first section after a space, the rest after commas."""
    first, *rest = sections
    return ", ".join([f"{name} {first}" if first else name, *rest])
