"""Build trainer/_generated/crib_values.json: expected crib values of every throw, for every deal shape.

    python scripts/make_crib_values.py                  # all shapes, default samples (minutes)
    python scripts/make_crib_values.py --samples 2000   # a quick, noisier table
    python scripts/make_crib_values.py --only classic --check   # compare with Schell, write nothing

The model (iterated fixed point with simulated opponents who discard by the trainer's own advice)
is described in trainer/advice/crib_model.py and in the README. The run is deterministic for a
given --seed and --samples. It is not part of CI: the table ships as data, and the tests check
its properties and its distance from the published Schell table.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from trainer.advice.crib_model import simulate, weighted_mean  # noqa: E402
from trainer.advice.crib_values import (  # noqa: E402
    CribTable,
    all_pair_labels,
    encode,
    mean_abs_difference,
    shape_of,
)
from trainer.content.rulesets import load_ruleset  # noqa: E402
from trainer.engine.variants import VARIANTS  # noqa: E402

OUT = ROOT / "trainer" / "_generated" / "crib_values.json"
# table name (a variant id) -> shipped ruleset that defines the deal shape
SHAPES = {v.id: v.ruleset for v in VARIANTS}

# Michael Schell's discard tables for the six-card game (cribbageforum.com, "SchellDiscard"),
# rows and columns A..K: average crib when the two cards go to your own crib (dealer) and to
# your opponent's crib (pone). Published figures, kept only to compare against.
SCHELL_SOURCE = "M. Schell, discard tables, http://www.cribbageforum.com/SchellDiscard.htm"
SCHELL_OWN = [
    [5.38, 4.23, 4.52, 5.43, 5.45, 3.85, 3.85, 3.80, 3.40, 3.42, 3.65, 3.42, 3.41],
    [4.23, 5.72, 7.00, 4.52, 5.45, 3.93, 3.81, 3.66, 3.71, 3.55, 3.84, 3.58, 3.52],
    [4.52, 7.00, 5.94, 4.91, 5.97, 3.81, 3.58, 3.92, 3.78, 3.57, 3.90, 3.59, 3.67],
    [5.43, 4.52, 4.91, 5.63, 6.48, 3.85, 3.72, 3.83, 3.72, 3.59, 3.88, 3.59, 3.60],
    [5.45, 5.45, 5.97, 6.48, 8.79, 6.63, 6.01, 5.48, 5.43, 6.66, 7.00, 6.63, 6.66],
    [3.85, 3.93, 3.81, 3.85, 6.63, 5.76, 4.98, 4.63, 5.13, 3.17, 3.41, 3.23, 3.13],
    [3.85, 3.81, 3.58, 3.72, 6.01, 4.98, 5.92, 6.53, 4.04, 3.23, 3.53, 3.23, 3.26],
    [3.80, 3.66, 3.92, 3.83, 5.48, 4.63, 6.53, 5.45, 4.72, 3.80, 3.52, 3.19, 3.16],
    [3.40, 3.71, 3.78, 3.72, 5.43, 5.13, 4.04, 4.72, 5.16, 4.29, 3.97, 2.99, 3.06],
    [3.42, 3.55, 3.57, 3.59, 6.66, 3.17, 3.23, 3.80, 4.29, 4.76, 4.61, 3.31, 2.84],
    [3.65, 3.84, 3.90, 3.88, 7.00, 3.41, 3.53, 3.52, 3.97, 4.61, 5.33, 4.81, 3.96],
    [3.42, 3.58, 3.59, 3.59, 6.63, 3.23, 3.23, 3.19, 2.99, 3.31, 4.81, 4.79, 3.46],
    [3.41, 3.52, 3.67, 3.60, 6.66, 3.13, 3.26, 3.16, 3.06, 2.84, 3.96, 3.46, 4.58],
]
SCHELL_OPP = [
    [6.02, 5.07, 5.07, 5.72, 6.01, 4.91, 4.89, 4.85, 4.55, 4.48, 4.68, 4.33, 4.30],
    [5.07, 6.38, 7.33, 5.33, 6.11, 4.97, 4.97, 4.94, 4.70, 4.59, 4.81, 4.56, 4.45],
    [5.07, 7.33, 6.68, 5.96, 6.78, 4.87, 5.01, 5.05, 4.87, 4.63, 4.86, 4.59, 4.48],
    [5.72, 5.33, 5.96, 6.53, 7.26, 5.34, 4.88, 4.94, 4.68, 4.53, 4.85, 4.46, 4.36],
    [6.01, 6.11, 6.78, 7.26, 9.37, 7.47, 7.00, 6.30, 6.15, 7.41, 7.76, 7.34, 7.25],
    [4.91, 4.97, 4.87, 5.34, 7.47, 7.08, 6.42, 5.86, 6.26, 4.31, 4.57, 4.22, 4.14],
    [4.89, 4.97, 5.01, 4.88, 7.00, 6.42, 7.14, 7.63, 5.26, 4.31, 4.68, 4.32, 4.27],
    [4.85, 4.94, 5.05, 4.94, 6.30, 5.86, 7.63, 6.82, 5.83, 5.10, 4.59, 4.31, 4.20],
    [4.55, 4.70, 4.87, 4.68, 6.15, 6.26, 5.26, 5.83, 6.39, 5.43, 4.96, 4.11, 4.03],
    [4.48, 4.59, 4.63, 4.53, 7.41, 4.31, 4.31, 5.10, 5.43, 6.08, 5.63, 4.61, 3.88],
    [4.68, 4.81, 4.86, 4.85, 7.76, 4.57, 4.68, 4.59, 4.96, 5.63, 6.42, 5.46, 4.77],
    [4.33, 4.56, 4.59, 4.46, 7.34, 4.22, 4.32, 4.31, 4.11, 4.61, 5.46, 5.79, 4.49],
    [4.30, 4.45, 4.48, 4.36, 7.25, 4.14, 4.27, 4.20, 4.03, 3.88, 4.77, 4.49, 5.65],
]


def schell_reference() -> dict[str, Any]:
    def by_label(matrix: list[list[float]]) -> dict[str, float]:
        return {label: matrix[lo][hi] for lo, hi, label in all_pair_labels()}

    return {"source": SCHELL_SOURCE, "own": by_label(SCHELL_OWN), "opp": by_label(SCHELL_OPP)}


def build(name: str, samples: int, seed: int, iterations: int | None, tolerance: float) -> dict[str, Any]:
    """Simulate one shape and return its JSON entry (runs in a worker process)."""
    rules = load_ruleset(SHAPES[name])
    if iterations is None:  # damped one-card iterations need more, smaller steps
        iterations = 8 if rules.deal.discard_per_player == 2 else 24
    started = time.perf_counter()
    result = simulate(
        rules,
        samples=samples,
        seed=seed,
        max_iterations=iterations,
        tolerance=tolerance,
        progress=lambda msg: print(f"[{name}] {msg}", flush=True),
    )
    discard = rules.deal.discard_per_player
    return {
        "shape": shape_of(rules),
        "ruleset": rules.name,
        "samples": samples,
        "seed": seed,
        "iterations": result.iterations,
        "changes": [round(c, 4) for c in result.changes],
        "damping": result.damping,
        "seconds": round(time.perf_counter() - started, 1),
        "mean": {
            "own": round(weighted_mean(result.own, discard), 4),
            "opp": round(weighted_mean(result.opp, discard), 4),
            "random": round(weighted_mean(result.random, discard), 4),
        },
        "own": encode(result.own, discard),
        "opp": encode(result.opp, discard),
        "random": encode(result.random, discard),
    }


def compare_with_schell(entry: dict[str, Any]) -> dict[str, float]:
    from trainer.advice.crib_values import table_from_json

    table: CribTable = table_from_json("classic6", entry)
    ref = schell_reference()
    out = {which: mean_abs_difference(table.means(which), ref[which]) for which in ("own", "opp")}
    out["both"] = (out["own"] + out["opp"]) / 2
    for which in ("own", "opp"):
        ours = table.means(which)
        worst = sorted(ours, key=lambda k: -abs(ours[k] - ref[which][k]))[:5]
        detail = ", ".join(f"{k} {ours[k]:.2f} vs {ref[which][k]:.2f}" for k in worst)
        print(f"  {which}: mean |ours - Schell| = {out[which]:.3f}; largest: {detail}")
    return {k: round(v, 3) for k, v in out.items()}


def write_atomic(path: Path, text: str) -> None:
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-", suffix=".json")
    with os.fdopen(fd, "w", encoding="utf-8") as handle:
        handle.write(text)
    os.chmod(tmp, 0o644)  # package data: readable by everyone, like any other file in the wheel
    os.replace(tmp, path)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--samples", type=int, default=40000, help="simulated deals per shape")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument(
        "--iterations", type=int, default=None, help="at most this many (default 8; 24 for one-card throws)"
    )
    parser.add_argument("--tolerance", type=float, default=0.01, help="stop when no value moves more")
    parser.add_argument("--only", action="append", choices=sorted(SHAPES), help="build only these")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="worker processes")
    parser.add_argument("--check", action="store_true", help="print the comparison, write nothing")
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)

    names = args.only or list(SHAPES)
    with ProcessPoolExecutor(max_workers=max(1, min(args.jobs, len(names)))) as pool:
        futures = {
            name: pool.submit(build, name, args.samples, args.seed, args.iterations, args.tolerance)
            for name in names
        }
        entries = {name: futures[name].result() for name in names}

    document: dict[str, Any] = {"format": 1, "tables": {}, "reference": {}}
    if args.out.exists():
        document = json.loads(args.out.read_text(encoding="utf-8"))
    document["format"] = 1
    document["generated_by"] = "scripts/make_crib_values.py"
    document["model"] = (
        "Iterated fixed point: the other players discard by the trainer's own advice (exact hand "
        "expectation +/- this table) on a fixed pool of seeded simulated deals; starters averaged "
        "exactly; the thrower's other cards averaged out. Values: expected crib points."
    )
    document.setdefault("tables", {})
    for name in SHAPES:  # keep a stable order in the file
        if name in entries:
            document["tables"][name] = entries[name]
    document["tables"] = {n: document["tables"][n] for n in SHAPES if n in document["tables"]}
    document["reference"] = {"schell_classic6": schell_reference()}

    if "classic6" in document["tables"]:
        print("classic6 against Schell:")
        document["tables"]["classic6"]["schell_mad"] = compare_with_schell(document["tables"]["classic6"])
    if args.check:
        return 0
    write_atomic(args.out, json.dumps(document, indent=1, ensure_ascii=False) + "\n")
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
