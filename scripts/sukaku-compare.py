#!/usr/bin/env python3
"""Compare sudogen's SE rating of generated variant puzzles with
SukakuExplainer's (the anchor: github.com/SudokuMonster/SukakuExplainer,
built from its public source outside the repository by
scripts/anchors.sh sukaku).

    scripts/sukaku-compare.py [--variant x] [--count 200] [--seed 2026]
        [--techs se121|default] [--tier T] [--sudogen BIN] [--anchor BIN]
        [--keep DIR]

Generates COUNT puzzles with `sudogen batch --variant V --seed S`, rates
them with the anchor wrapper ($SUDOGEN_SUKAKU, default
/work/anchors/bin/sukaku: `sukaku --variant=V --techs=T FILE` prints
"PUZZLE<TAB>ER" per line) and prints the share of equal ratings (ER to one
decimal; a puzzle sudogen cannot finish counts as 20.0, SE's "beyond") and
each difference as "anchor -> ours (our hardest step)".

--tier T passes `--tier T` to the batch (e.g. hard: puzzles SE rates
2.9-4.4, which the anchor rates in seconds; on anti-knight and
non-consecutive most untargeted puzzles need nested forcing chains, where
SukakuExplainer searched for minutes a puzzle and rated none of 20 in 25
minutes).

--techs se121 (the default) runs SukakuExplainer with Sudoku Explainer
1.2.1's technique set, the ladder sudogen grades with; `default` is
SukakuExplainer's own variant set (it adds generalized intersections and
naked sets, turbot fish, strong-linked fishes and WXYZ..TUVWXYZ wings,
which sudogen does not implement).

--anchor-ratings TSV[,TSV...] takes the anchor's ratings from its earlier
output instead of running it (SukakuExplainer needs 60-90 s an X puzzle
here); puzzles missing from the files are not counted.

--paths FILE compares the solve paths too: SukakuExplainer's classes
(--classes DIR, default $SUDOGEN_SUKAKU_CLASSES or
/work/anchors/src/sukaku/classes, built by scripts/anchors.sh sukaku) run
serate with --before='%i%m' on each puzzle (--path-timeout seconds each,
default 300); what each step places or removes is written to FILE in
variantkind/testdata/sukaku-paths-se121.tsv's form (puzzles the anchor
did not finish are left out), and `go test ./variantkind -run
'TestSukakuPaths$'` with SUDOGEN_SUKAKU_PATHS=FILE compares them with the
grader's paths step for step (exit 1 when one differs).

When the anchor is absent the script says so and exits 0 without
comparing (exit 1: the comparison ran and fell below --min, default 95%;
exit 2: usage).
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--variant", default="x")
    ap.add_argument("--count", type=int, default=200)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--techs", default="se121", choices=["se121", "default"])
    ap.add_argument("--tier", default="", help="generate only puzzles of these tiers (batch --tier)")
    ap.add_argument("--sudogen", default="", help="sudogen binary (default: go run ./cmd/sudogen)")
    ap.add_argument("--anchor", default=os.environ.get("SUDOGEN_SUKAKU", "/work/anchors/bin/sukaku"))
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--min", type=float, default=95.0, help="fail below this share of equal ratings")
    ap.add_argument("--keep", default="", help="directory to keep the puzzles and both ratings in")
    ap.add_argument("--anchor-ratings", default="", metavar="TSV",
                    help="take the anchor's ratings from this file (its earlier output, "
                         "PUZZLE<TAB>ER per line, several files joined by commas) instead of running it")
    ap.add_argument("--paths", default="", metavar="FILE",
                    help="write SukakuExplainer's solve paths to FILE and compare them with the grader's")
    ap.add_argument("--classes", default=os.environ.get("SUDOGEN_SUKAKU_CLASSES", "/work/anchors/src/sukaku/classes"),
                    help="SukakuExplainer's compiled classes (for --paths)")
    ap.add_argument("--path-timeout", type=int, default=300, help="seconds per puzzle for --paths")
    a = ap.parse_args()
    if a.count < 1:
        print("sukaku-compare: --count must be at least 1", file=sys.stderr)
        return 2
    if not a.anchor_ratings and not (os.path.isfile(a.anchor) and os.access(a.anchor, os.X_OK)):
        print(f"sukaku-compare: SukakuExplainer anchor absent ({a.anchor} not found): nothing compared")
        return 0
    work = a.keep or tempfile.mkdtemp(prefix="sukaku-compare-")
    os.makedirs(work, exist_ok=True)
    recs = os.path.join(work, f"{a.variant}.jsonl")
    cmd = ([a.sudogen] if a.sudogen else ["go", "run", "./cmd/sudogen"]) + [
        "batch", "--variant", a.variant, "--count", str(a.count), "--seed", str(a.seed),
        "--workers", "1", "-o", recs] + (["--tier", a.tier] if a.tier else [])
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
    ours = {}
    order = []
    with open(recs) as f:
        for line in f:
            r = json.loads(line)
            ours[r["puzzle"]] = (r.get("rating", 20.0), r.get("hardest", ""))
            order.append(r["puzzle"])
    txt = os.path.join(work, f"{a.variant}.txt")
    with open(txt, "w") as f:
        f.write("\n".join(order) + "\n")
    if a.anchor_ratings:
        out = ""
        for name in a.anchor_ratings.split(","):
            with open(name) as f:
                out += f.read()
    else:
        out = subprocess.run([a.anchor, f"--variant={a.variant}", f"--techs={a.techs}",
                              f"--threads={a.threads}", txt], check=True, capture_output=True, text=True).stdout
        with open(os.path.join(work, f"{a.variant}.{a.techs}.tsv"), "w") as f:
            f.write(out)
    equal = total = 0
    diffs = {}
    for line in out.splitlines():
        fields = line.split("\t")
        if len(fields) < 2 or fields[0] not in ours:
            continue
        want = float(fields[1])
        got, hardest = ours[fields[0]]
        total += 1
        if round(got, 1) == round(want, 1):
            equal += 1
        else:
            k = f"{want:.1f} -> {got:.1f} ({hardest})"
            diffs[k] = diffs.get(k, 0) + 1
    share = 100.0 * equal / max(total, 1)
    print(f"{a.variant} ({a.techs}): {equal} of {total} ratings equal to SukakuExplainer's ({share:.1f}%), "
          f"{a.count} generated, seed {a.seed}" + (f", tier {a.tier}" if a.tier else ""))
    for k in sorted(diffs):
        print(f"  {k}: {diffs[k]}")
    rc = 0
    if total < a.count:
        print(f"sukaku-compare: the anchor rated {total} of {a.count} puzzles", file=sys.stderr)
        rc = 1
    elif share < a.min:
        rc = 1
    if a.paths:
        rc = max(rc, compare_paths(a, order))
    return rc


# SukakuExplainer's flag per variant (serate's options) and Sudoku Explainer
# 1.2.1's technique set, as the sukaku wrapper passes them.
FLAGS = {"x": "--isX=1", "windoku": "--isWindows=1", "disjoint-groups": "--isDG=1", "asterisk": "--isAsterisk=1",
         "girandola": "--isGirandola=1", "center-dot": "--isCD=1", "anti-knight": "--isAntiKnight=1",
         "anti-king": "--isAntiKing=1", "non-consecutive": "--isNC=1"}
SE121 = "1111111111010111011011011011000010100010111111"


def anchor_path(a, puzzle):
    """SukakuExplainer's rating and steps of puzzle (refpath's form), or None."""
    cmd = ["java", "-XX:ActiveProcessorCount=1", "-Xmx1g", "-cp", a.classes, "diuf.sudoku.test.serate"] + [
        FLAGS[v] for v in a.variant.split(",")] + [
        f"--techs={SE121}", "--threads=1", "--before=%i%m", "--after=%s", "--format=%r", puzzle]
    try:
        out = subprocess.run(cmd, capture_output=True, text=True, timeout=a.path_timeout).stdout
    except subprocess.TimeoutExpired:
        return None
    lines = out.splitlines()
    # each step's grid before it: 81 values, then 9 candidate places a cell
    grids = [l for l in lines if len(l) == 810 and set(l) <= set(".0123456789")]
    if not grids or not lines:
        return None
    steps = []
    for g0, g1 in zip(grids, grids[1:]):
        placed = [f"{c}={g1[c]}" for c in range(81) if g0[c] == "." and g1[c] != "."]
        if placed:
            steps.append(",".join(placed))
            continue
        steps.append(",".join(f"{c}-{d + 1}" for c in range(81) for d in range(9)
                              if g0[81 + 9 * c + d] != "." and g1[81 + 9 * c + d] == "."))
    last = grids[-1]
    empty = [c for c in range(81) if last[c] == "."]
    if len(empty) != 1:
        return None
    digits = [d + 1 for d in range(9) if last[81 + 9 * empty[0] + d] != "."]
    if len(digits) != 1:
        return None
    steps.append(f"{empty[0]}={digits[0]}")  # the last step places the last empty cell
    return lines[-1].strip(), ";".join(steps)


def compare_paths(a, puzzles):
    """Writes the anchor's paths of puzzles to a.paths and runs TestSukakuPaths on them."""
    done = 0
    with open(a.paths, "w") as f:
        f.write(f"# SukakuExplainer's solve paths: sukaku-compare.py --variant {a.variant} --seed {a.seed}"
                f" --count {a.count}" + (f" --tier {a.tier}" if a.tier else "") + "\n")
        for p in puzzles:
            r = anchor_path(a, p)
            if r is None:
                print(f"sukaku-compare: no path from the anchor for {p}", file=sys.stderr)
                continue
            f.write(f"{a.variant}\t{p}\t{r[0]}\t{r[1]}\n")
            done += 1
    print(f"{a.variant}: {done} of {len(puzzles)} paths from SukakuExplainer in {a.paths}")
    env = dict(os.environ, SUDOGEN_SUKAKU_PATHS=os.path.abspath(a.paths))
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    r = subprocess.run(["go", "test", "./variantkind", "-run", "TestSukakuPaths$", "-count=1"], cwd=root, env=env)
    return 0 if r.returncode == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
