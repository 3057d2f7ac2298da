#!/usr/bin/env python3
"""Make a corpus with isomorph duplicates, for testing `sudogen merge`.

    scripts/isomorphs.py IN.jsonl N DUPS OUT.jsonl [--seed S]

Takes the first N records of IN (a sudogen corpus: distinct puzzles), adds
DUPS records that are random transformations of random ones among them, and
writes all N + DUPS records to OUT in random order. A transformation is
what leaves a Sudoku's canonical form unchanged: relabel the digits, permute
the rows inside each band and the bands, the columns inside each stack and
the stacks, and transpose (square boxes only). The copies get the id
"iso-K", the seed of their original and index 10**9 + K, and no canonical
field (merge must compute it). Written apart from sudogen's own code, so
that it checks merge independently. Merge must keep exactly N records.
"""
import json
import random
import sys


def transform(puzzle, n, br, bc, rng):
    cells = [puzzle[i * n:(i + 1) * n] for i in range(n)]
    symbols = "123456789ABCDEFGHIJKLMNOP"[:n]
    relabel = dict(zip(symbols, rng.sample(symbols, n)))
    # Rows: bands of br rows; columns: stacks of bc columns.
    bands = rng.sample(range(n // br), n // br)
    rows = [b * br + r for b in bands for r in rng.sample(range(br), br)]
    stacks = rng.sample(range(n // bc), n // bc)
    cols = [s * bc + c for s in stacks for c in rng.sample(range(bc), bc)]
    grid = [[cells[r][c] for c in cols] for r in rows]
    if br == bc and rng.random() < 0.5:
        grid = [list(col) for col in zip(*grid)]
    return "".join(relabel.get(ch, ch) for row in grid for ch in row)


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    seed = 1
    if "--seed" in sys.argv:
        seed = int(sys.argv[sys.argv.index("--seed") + 1])
        args.remove(str(seed))
    src, n, dups, dst = args[0], int(args[1]), int(args[2]), args[3]
    rng = random.Random(seed)
    lines = []
    with open(src) as f:
        for line in f:
            if len(lines) == n:
                break
            lines.append(line if line.endswith("\n") else line + "\n")
    if len(lines) < n:
        sys.exit(f"{src} has only {len(lines)} records")
    out = list(lines)
    for k in range(dups):
        rec = json.loads(rng.choice(lines))
        br, bc = rec["box"]
        rec["puzzle"] = transform(rec["puzzle"], rec["size"], br, bc, rng)
        rec.pop("canonical", None)
        rec.pop("solution", None)
        rec["id"] = f"iso-{k}"
        rec["index"] = 10**9 + k
        out.append(json.dumps(rec, separators=(",", ":")) + "\n")
    rng.shuffle(out)
    with open(dst, "w") as f:
        f.writelines(out)


if __name__ == "__main__":
    main()
