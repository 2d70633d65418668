"""Reading YAML files people write by hand, and writing files atomically.

Every content file (rulesets, deals, quiz and results files, lesson front matter) is read the
same way: `yaml.safe_load` only, a one-line error with file and line for broken YAML, and the
line of every key so a schema error can point at it. Writes go through a temporary file and
`os.replace`, so a crash never leaves half a file where a user's quiz or results were.

Files come from strangers (a quiz handed round a club, a results file mailed to the teacher), so
reading is bounded: only regular files (a FIFO or `/dev/zero` would be read forever), at most
`MAX_FILE_BYTES`, and YAML whose aliases, expanded size and nesting stay within the caps below. A
"billion laughs" file of 494 bytes otherwise expands to gigabytes in the first pass that walks
it, and 500 nested brackets exhaust Python's recursion limit.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
from pathlib import Path
from typing import Any

from trainer.engine.errors import CribError, Msg, cause

KeyPath = tuple[str, ...]

MAX_FILE_BYTES = 1_048_576  # 1 MiB: a 200-question quiz is about 60 KB
MAX_ALIASES = 100  # `*name` references in one file
MAX_NODES = 100_000  # values in one file once every alias is expanded
MAX_DEPTH = 50  # lists and mappings inside each other
MAX_NAME = 255  # characters in a file name or ruleset name given on the command line


def shown(value: object, limit: int = 80) -> str:
    """A file name or value as it may appear in a one-line message: control characters (which
    could clear the screen or start a new line) become `?`, and a very long one is cut."""
    text = "".join("?" if (ord(c) < 32 or 0x7F <= ord(c) < 0xA0) else c for c in str(value))
    return text if len(text) <= limit else text[: limit - 1] + "…"


def read_bytes(path: Path, *, error: type[CribError], what: str, limit: int = MAX_FILE_BYTES) -> bytes:
    """The bytes of a regular file of at most `limit` bytes; anything else is a one-line error.

    The file is opened non-blocking so that a FIFO with no writer cannot hang the open itself,
    and read in chunks up to `limit`, so even a file that grows while it is read is bounded.
    """
    name = shown(path)
    if len(str(path)) > 4096 or len(Path(path).name) > MAX_NAME:
        raise error(
            f"{name}: the {what} file name is too long ({len(str(path))} characters); give a real path",
            key="hostile.name_too_long",
            path=name,
            what="@hostile.what." + what,
            n=len(str(path)),
        )
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0))
    except FileNotFoundError:
        raise error(
            f"{name}: no such {what} file; check the path",
            key="hostile.missing",
            path=name,
            what="@hostile.what." + what,
        ) from None
    except OSError as exc:
        raise _os_error(exc, name, what, error) from None
    try:
        mode = os.fstat(fd).st_mode
        if stat.S_ISDIR(mode):
            raise error(
                f"{name}: is a folder, not a {what} file",
                key="hostile.folder",
                path=name,
                what="@hostile.what." + what,
            )
        if not stat.S_ISREG(mode):
            raise error(
                f"{name}: not a regular file (a pipe, socket or device); save the {what} to a file first",
                key="hostile.not_regular",
                path=name,
                what="@hostile.what." + what,
            )
        chunks: list[bytes] = []
        size = 0
        while size <= limit:
            chunk = os.read(fd, min(65536, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        if size > limit:
            raise error(
                f"{name}: the {what} file is larger than {limit} bytes (the limit); is it the right file?",
                key="hostile.too_big",
                path=name,
                what="@hostile.what." + what,
                limit=limit,
            )
        return b"".join(chunks)
    except OSError as exc:
        raise _os_error(exc, name, what, error) from None
    finally:
        os.close(fd)


def _os_error(exc: OSError, name: str, what: str, error: type[CribError]) -> CribError:
    if exc.errno == errno.ENAMETOOLONG:
        return error(
            f"{name}: the {what} file name is too long; give a real path",
            key="hostile.name_too_long",
            path=name,
            what="@hostile.what." + what,
            n=len(name),
        )
    if exc.errno == errno.EISDIR:
        return error(
            f"{name}: is a folder, not a {what} file",
            key="hostile.folder",
            path=name,
            what="@hostile.what." + what,
        )
    reason = exc.strerror or type(exc).__name__
    return error(
        f"{name}: cannot read the {what} file ({reason}); check the path and its permissions",
        key="hostile.unreadable",
        path=name,
        what="@hostile.what." + what,
        reason=cause(exc),
    )


def decode(data: bytes, *, path: Path | str, error: type[CribError], what: str) -> str:
    """UTF-8 text (a byte-order mark some editors add is dropped); other bytes name their offset."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        name = shown(path)
        raise error(
            f"{name}: the {what} file is not UTF-8 text (byte {exc.start}); save it as UTF-8",
            key="hostile.not_utf8",
            path=name,
            what="@hostile.what." + what,
            at=exc.start,
        ) from None


def read_text(path: Path, *, error: type[CribError], what: str) -> str:
    return decode(read_bytes(path, error=error, what=what), path=path, error=error, what=what)


class _Refused(Exception):
    """Raised inside the bounded loader; `parse` turns it into the caller's error type."""

    def __init__(self, message: str, line: int | None, key: str, **values: object) -> None:
        super().__init__(message)
        self.line = line
        self.key = key
        self.values = values


class _BadTag(Exception):
    """A scalar its explicit tag cannot read; `parse` names the file, line, tag and value."""

    def __init__(self, tag: str, value: str, line: int) -> None:
        super().__init__(tag)
        self.tag = tag
        self.value = value
        self.line = line


_LOADER: Any = None


def _bounded_loader() -> Any:
    """A `yaml.SafeLoader` that counts aliases, expanded values and depth while it composes,
    before anything walks the tree (built on first use: PyYAML is not imported at start-up)."""
    global _LOADER
    if _LOADER is not None:
        return _LOADER
    import yaml

    class BoundedLoader(yaml.SafeLoader):  # type: ignore[misc]  # no PyYAML stubs
        def __init__(self, stream: str) -> None:
            super().__init__(stream)
            self.aliases = 0
            self.expanded = 0
            self.depth = 0
            self.weights: dict[int, int] = {}

        def compose_node(self, parent: Any, index: Any) -> Any:
            if self.check_event(yaml.AliasEvent):
                line = self.peek_event().start_mark.line + 1
                self.aliases += 1
                if self.aliases > MAX_ALIASES:
                    raise _Refused(
                        f"more than {MAX_ALIASES} aliases (*name)", line, "hostile.aliases", limit=MAX_ALIASES
                    )
                node = super().compose_node(parent, index)
                self._grow(self.weights.get(id(node), 1), line)
                return node
            line = self.peek_event().start_mark.line + 1
            self.depth += 1
            if self.depth > MAX_DEPTH:
                raise _Refused(
                    f"nested more than {MAX_DEPTH} levels deep", line, "hostile.depth", limit=MAX_DEPTH
                )
            before = self.expanded
            node = super().compose_node(parent, index)
            self.depth -= 1
            self._grow(1, line)
            if getattr(node, "anchor", None) is not None or self.aliases:
                self.weights[id(node)] = self.expanded - before
            return node

        def construct_object(self, node: Any, deep: bool = False) -> Any:
            # An explicit tag on a value it cannot read (`!!timestamp nope`, `!!int ""`,
            # `!!bool maybe`) fails inside PyYAML with an AttributeError, IndexError or KeyError.
            try:
                return super().construct_object(node, deep)
            except (AttributeError, IndexError, KeyError, ValueError, TypeError, OverflowError) as exc:
                too_long = "integer string conversion" in str(exc)  # said as such below
                if (
                    node.tag.startswith("tag:yaml.org,2002:")
                    and isinstance(node, yaml.ScalarNode)
                    and not too_long
                ):
                    raise _BadTag(
                        node.tag.rsplit(":", 1)[-1], str(node.value), node.start_mark.line + 1
                    ) from None
                raise exc

        def _grow(self, weight: int, line: int) -> None:
            self.expanded += weight
            if self.expanded > MAX_NODES:
                raise _Refused(
                    f"expands to more than {MAX_NODES} values (an alias bomb?)",
                    line,
                    "hostile.expands",
                    limit=MAX_NODES,
                )

    _LOADER = BoundedLoader
    return _LOADER


def _compose(text: str) -> Any:
    """The node tree of a one-document YAML text, within the caps."""
    loader = _bounded_loader()(text)
    try:
        return loader, loader.get_single_node()
    except BaseException:
        loader.dispose()
        raise


def _load(text: str, *, path: Path | str, error: type[CribError]) -> tuple[Any, Any]:
    """(data, root node) of a text, with every way PyYAML can fail turned into a one-line error."""
    import yaml

    name = shown(path)
    try:
        loader, node = _compose(text)
        try:
            data = None if node is None else loader.construct_document(node)
        finally:
            loader.dispose()
        return data, node
    except _Refused as exc:
        where = f"{name}:{exc.line}" if exc.line else name
        raise error(
            f"{where}: refused: the YAML {exc}; write the values out (README: Limits)",
            key=exc.key,
            where=where,
            **exc.values,
        ) from None
    except _BadTag as exc:
        where = f"{name}:{exc.line}"
        raise error(
            f"{where}: {shown(exc.value, 40)!r} cannot be read as !!{exc.tag}; remove the tag or give "
            "a value of that type",
            key="faults.yaml_tag",
            where=where,
            value=shown(exc.value, 40),
            tag=f"!!{exc.tag}",
        ) from None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line = f":{mark.line + 1}" if mark is not None else ""
        problem = shown(getattr(exc, "problem", None) or str(exc).splitlines()[0], 120)
        raise error(
            f"{name}{line}: broken YAML ({problem}); check indentation and colons",
            key="hostile.broken_yaml",
            where=f"{name}{line}",
            problem=yaml_problem(problem),
        ) from None
    except (ValueError, TypeError, OverflowError, RecursionError, MemoryError) as exc:
        # e.g. an integer of 5,000 digits (Python refuses to convert it) or a date of month 13
        problem = shown(str(exc).splitlines()[0] if str(exc) else type(exc).__name__, 120)
        if "integer string conversion" in problem:
            problem = "a number of more than 4300 digits"
        raise error(
            f"{name}: broken YAML ({problem}); check the values",
            key="hostile.broken_yaml",
            where=name,
            problem=yaml_problem(problem),
        ) from None


def parse(text: str, *, path: Path | str, error: type[CribError]) -> Any:
    """`yaml.safe_load` within the caps, with a broken file reported as `path:line: broken YAML (...)`."""
    return _load(text, path=path, error=error)[0]


def _walk_lines(root: Any, first_line: int) -> dict[KeyPath, int]:
    import yaml

    lines: dict[KeyPath, int] = {}

    def walk(node: Any, at: KeyPath) -> None:
        if isinstance(node, yaml.MappingNode):
            for key_node, value_node in node.value:
                key_path = (*at, str(key_node.value))
                lines[key_path] = key_node.start_mark.line + first_line
                walk(value_node, key_path)
        elif isinstance(node, yaml.SequenceNode):
            for i, item in enumerate(node.value):
                lines[(*at, str(i))] = item.start_mark.line + first_line
                walk(item, (*at, str(i)))

    if root is not None:
        walk(root, ())
    return lines


def key_lines(text: str, *, first_line: int = 1, path: Path | str = "<text>") -> dict[KeyPath, int]:
    """The line of every key path (list items by index) of a YAML text, within the same caps."""
    return _walk_lines(_load(text, path=path, error=CribError)[1], first_line)


def parse_with_lines(
    text: str, *, path: Path | str, error: type[CribError], first_line: int = 1
) -> tuple[Any, dict[KeyPath, int]]:
    """`parse` and `key_lines` from one pass of the loader: the menu reads every lesson's front
    matter to print one line, and composing each text three times was most of its start-up."""
    data, node = _load(text, path=path, error=error)
    return data, _walk_lines(node, first_line)


def line_of(key: KeyPath, lines: dict[KeyPath, int]) -> int | None:
    """The line of a key, or of its nearest parent that has one."""
    while key:
        if key in lines:
            return lines[key]
        key = key[:-1]
    return None


def read_yaml(path: Path, *, error: type[CribError], what: str) -> tuple[Any, dict[KeyPath, int]]:
    """The parsed file and the line of each key, for files whose errors cite lines."""
    text = read_text(path, error=error, what=what)
    data, node = _load(text, path=path, error=error)
    return data, _walk_lines(node, 1)


def write_atomic(path: Path, text: str) -> None:
    """Replace `path` with `text` in one step; raises OSError when the folder is not writable."""
    import tempfile

    if _is_special(path):
        _write_through(path, text)
        return
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    except OSError as exc:
        raise OSError(exc.errno, exc.strerror, str(path)) from None
    try:
        # mkstemp makes the file private (0600); give it the usual mode so a teacher's quiz or
        # worksheet can be shared like any file the user saves.
        os.chmod(tmp, _usual_mode(path))
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except OSError as exc:
        Path(tmp).unlink(missing_ok=True)
        # name the file the user asked for, not the temporary one; the old file is untouched
        raise OSError(exc.errno, exc.strerror, str(path)) from None
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _is_special(path: Path) -> bool:
    """A device, FIFO or socket (`-o /dev/stdout`): written into, never replaced (run as root,
    `os.replace` would put a regular file where /dev/null was)."""
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return False
    if stat.S_ISDIR(mode):
        raise IsADirectoryError(errno.EISDIR, "is a folder, not a file", str(path))
    return not stat.S_ISREG(mode)


def _write_through(path: Path, text: str) -> None:
    try:
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(text)
    except OSError as exc:
        raise OSError(exc.errno, exc.strerror, str(path)) from None


def _usual_mode(path: Path) -> int:
    """Keep an existing file's mode; a new file gets 0666 less the umask."""
    try:
        return path.stat().st_mode & 0o777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def write_cache(path: Path, text: str) -> None:
    """Atomic write for caches: a cache that cannot be written only costs time."""
    with contextlib.suppress(OSError):
        write_atomic(path, text)


# PyYAML's English problems (their start -> a message id), so a broken file is explained in the
# user's language; any other problem gets a general id (English output keeps PyYAML's words).
_YAML_PROBLEMS = (
    ("mapping values are not allowed", "raised.yaml.mapping_here"),
    ("could not find expected ':'", "raised.yaml.colon"),
    ("found character", "raised.yaml.character"),
    ("expected <block end>", "raised.yaml.indent"),
    ("did not find expected key", "raised.yaml.indent"),
    ("did not find expected '-'", "raised.yaml.dash"),
    ("expected ',' or", "raised.yaml.bracket"),
    ("found undefined alias", "raised.yaml.alias"),
    ("expected the node content", "raised.yaml.node"),
    ("expected <document start>", "raised.yaml.document"),
    ("found unexpected end of stream", "raised.yaml.end"),
    ("found unknown escape character", "raised.yaml.escape"),
    ("expected a comment or a line break", "raised.yaml.line_end"),
    ("found unhashable key", "raised.yaml.unhashable"),
    ("found duplicate anchor", "raised.yaml.anchor"),
    ("a number of more than 4300 digits", "raised.yaml.digits"),
)


def yaml_problem(problem: str) -> Msg:
    """PyYAML's `problem` as a message id (the text stays in the English error line)."""
    for start, key in _YAML_PROBLEMS:
        if problem.startswith(start):
            return Msg(key)
    return Msg("raised.yaml.other")
