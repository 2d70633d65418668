"""Reading YAML files people write by hand, and writing files atomically.

Every content file (rulesets, deals, quiz and results files, lesson front matter) is read the
same way: `yaml.safe_load` only, a one-line error with file and line for broken YAML, and the
line of every key so a schema error can point at it. Writes go through a temporary file and
`os.replace`, so a crash never leaves half a file where a user's quiz or results were.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path
from typing import Any

from trainer.engine.errors import CribError

KeyPath = tuple[str, ...]


def read_text(path: Path, *, error: type[CribError], what: str) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise error(
            f"{path}: no such {what} file; check the path", key=f"error.file.missing.{what}", path=path
        ) from None
    except IsADirectoryError:
        raise error(
            f"{path}: is a folder, not a {what} file", key=f"error.file.folder.{what}", path=path
        ) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise error(f"{path}: cannot read the {what} file ({exc})") from None


def parse(text: str, *, path: Path | str, error: type[CribError]) -> Any:
    """`yaml.safe_load`, with a broken file reported as `path:line: broken YAML (...)`."""
    import yaml

    try:
        return yaml.safe_load(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line = f":{mark.line + 1}" if mark is not None else ""
        problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        raise error(f"{path}{line}: broken YAML ({problem}); check indentation and colons") from None


def key_lines(text: str, *, first_line: int = 1) -> dict[KeyPath, int]:
    """The line of every key path (list items by index) of a YAML text that parses."""
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

    walk(yaml.compose(text, Loader=yaml.SafeLoader), ())
    return lines


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
    data = parse(text, path=path, error=error)
    return data, key_lines(text)


def write_atomic(path: Path, text: str) -> None:
    """Replace `path` with `text` in one step; raises OSError when the folder is not writable."""
    import tempfile

    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        # mkstemp makes the file private (0600); give it the usual mode so a teacher's quiz or
        # worksheet can be shared like any file the user saves.
        os.chmod(tmp, _usual_mode(path))
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


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
