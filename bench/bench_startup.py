"""Start-up of the quick commands as whole processes, against `python -c "import typer"` measured
in the same run (targets: `crib count` <= 1.2x, `crib discard` <= 1.3x), and the first run on a
fresh machine (an empty cache directory each time) against a normal run (target <= 1.1x).

Paired and interleaved, median of the per-pair ratios (>= 15 pairs), bytecode compiled first.
`--before DIR` also runs the same commands from another source tree (e.g. an export of the
main branch: `git archive main | tar -x -C /tmp/before`) in the same pairs' rhythm, so before and
after are compared under the same machine load.
Run: python bench/bench_startup.py [--pairs N] [--before DIR]
"""

from __future__ import annotations

import argparse
import tempfile
from collections.abc import Callable, Iterator
from functools import partial
from pathlib import Path

from _util import ROOT, compile_bytecode, interleaved_ratios, paired_ratio, python, run_once

COMMANDS = {
    "crib count 5H 5C 5S JD --starter 5D": ["count", "5H", "5C", "5S", "JD", "--starter", "5D"],
    "crib --lang ru count": ["--lang", "ru", "count", "5Ч", "5Т", "5П", "ВБ", "--starter", "5Б"],
    "crib discard 5H 5D JC QS 2C 9D --dealer": ["discard", "5H", "5D", "JC", "QS", "2C", "9D", "--dealer"],
    "crib peg 3C AD 2S 5H 4C": ["peg", "3C", "AD", "2S", "5H", "4C"],
}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--pairs", type=int, default=15)
    parser.add_argument("--before", type=Path, help="another source tree to measure alike")
    args = parser.parse_args()
    trees = {"after": ROOT}
    if args.before:
        trees = {"before": args.before.resolve(), "after": ROOT}
    for tree in trees.values():
        compile_bytecode(tree)
    py = python()
    with tempfile.TemporaryDirectory() as tmp:
        cache = Path(tmp) / "cache"
        env = {"CRIB_CACHE_DIR": str(cache), "NO_COLOR": "1"}

        def typer_import() -> float:
            return run_once([py, "-c", "import typer"], env=env)

        print(f"median of {args.pairs} interleaved rounds, ratio to `python -c 'import typer'`")
        for label, argv in COMMANDS.items():
            runs: dict[str, Callable[[], float]] = {
                name: partial(run_once, [py, "-m", "trainer", *argv], cwd=tree, env=env)
                for name, tree in trees.items()
            }
            for name, (ratio, ref, took) in interleaved_ratios(typer_import, runs, pairs=args.pairs).items():
                print(f"  {label:42} {name:6}  {ratio:5.2f}x   ({took * 1e3:4.0f} ms vs {ref * 1e3:4.0f} ms)")
        print("first run on an empty cache, ratio to a normal run (cache warm)")
        argv = COMMANDS["crib count 5H 5C 5S JD --starter 5D"]
        fresh = iter(range(10**6))
        for name, tree in trees.items():
            warm_env = {**env, "CRIB_CACHE_DIR": str(Path(tmp) / f"warm-{name}")}

            def normal(tree: Path = tree, warm_env: dict[str, str] = warm_env) -> float:
                return run_once([py, "-m", "trainer", *argv], cwd=tree, env=warm_env)

            def first(tree: Path = tree, name: str = name, fresh: Iterator[int] = fresh) -> float:
                empty = {**env, "CRIB_CACHE_DIR": str(Path(tmp) / f"empty-{name}-{next(fresh)}")}
                return run_once([py, "-m", "trainer", *argv], cwd=tree, env=empty)

            ratio, _, _ = paired_ratio(normal, first, pairs=args.pairs)
            print(f"  crib count, first run / normal run          {name:6}  {ratio:5.2f}x")
    print(f"(from {ROOT})")


if __name__ == "__main__":
    main()
