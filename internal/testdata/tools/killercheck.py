#!/usr/bin/env python3
"""Independent checker for sudogen Killer Sudoku records (JSONL), written
from docs/records.md ("Killer records") alone, sharing no code with sudogen.

usage: killercheck.py [--max N] [--distinct] FILE|-   (one JSON object per line)

For every record with "kind":"killer" it checks: size and box agree; the
cages cover every cell exactly once, each cage's cells are connected
through shared sides, hold at most `size` cells, and its sum is reachable
(a cage without "sum" hides it: its digits are only distinct; a "sum"
that is present is a whole number);
the solution is a valid full grid (rows, columns, boxes, and both main
diagonals when "variant" is "x") whose cage digits are distinct and add up
to the cage sums that are given; the givens of "puzzle" agree with the solution and
"givens" counts them; and the puzzle has exactly one solution (plain
backtracking with cage-sum bounds). Records of other kinds are skipped.
With --distinct, no two records may share shape_invariant's key, a key
that isomorphic killers share (so distinct keys prove the batch's dedupe
left no isomorphs). Prints one line per failure and a summary; exits 1 on
any failure or when no killer record was checked.
"""
import json
import sys

SYMBOLS = "123456789"
BOXES = {4: (2, 2), 6: (2, 3), 8: (2, 4), 9: (3, 3)}


def house_list(n, br, bc, x):
    rows = [[r * n + c for c in range(n)] for r in range(n)]
    cols = [[r * n + c for r in range(n)] for c in range(n)]
    boxes = [[(r0 + dr) * n + c0 + dc for dr in range(br) for dc in range(bc)]
             for r0 in range(0, n, br) for c0 in range(0, n, bc)]
    hs = rows + cols + boxes
    if x:
        hs.append([i * n + i for i in range(n)])
        hs.append([i * n + n - 1 - i for i in range(n)])
    return hs


def connected(cells, n):
    cells = set(cells)
    start = next(iter(cells))
    seen, stack = {start}, [start]
    while stack:
        c = stack.pop()
        r, k = divmod(c, n)
        for rr, kk in ((r - 1, k), (r + 1, k), (r, k - 1), (r, k + 1)):
            if 0 <= rr < n and 0 <= kk < n and rr * n + kk in cells and rr * n + kk not in seen:
                seen.add(rr * n + kk)
                stack.append(rr * n + kk)
    return len(seen) == len(cells)


def low_digit(m):
    """The smallest digit of the candidate set m (bit d-1 for digit d)."""
    return (m & -m).bit_length()


def high_digit(m):
    """The largest digit of the candidate set m."""
    return m.bit_length()


def count_solutions(n, hs, cages, givens, limit=2):
    """Counts solutions up to limit: backtracking over candidate sets
    (bit d-1 for digit d) kept consistent by propagation to a fixed point:
    a cell with one candidate removes it from the cells it sees (houses and
    cage); a digit with one place in a house goes there; each sum
    constraint keeps in its cells only digits of some set of distinct
    digits with its sum that every cell can take from and that its cells
    together cover. The sum constraints are the cages and, by the rule of
    45, for each house the cells outside the cages wholly inside it (sum:
    the house total minus those cages; distinct, as they share the house).
    For runs of adjacent rows or columns the same cells only bound each
    other (least and most digits), as they may repeat digits. A digit
    with no place in a house is a contradiction. A cage whose sum is
    hidden (None) allows every set of distinct digits of its size, and a
    house or run holding such a cage wholly gives no rule-of-45 sum."""
    from itertools import combinations
    cells = n * n
    full = (1 << n) - 1
    total = n * (n + 1) // 2
    cons = [(s, list(cs)) for s, cs in cages]
    for h in hs:
        hset = set(h)
        inner = [(s, set(cs)) for s, cs in cages if set(cs) <= hset]
        if any(s is None for s, _ in inner):
            continue  # a hidden sum inside: the rest's sum is unknown
        rest = hset.difference(*[cs for _, cs in inner]) if inner else set()
        if 0 < len(rest) < n:
            cons.append((total - sum(s for s, _ in inner), sorted(rest)))
    sets = {}
    for k in range(1, n + 1):
        for comb in combinations(range(n), k):
            m = 0
            for d in comb:
                m |= 1 << d
            sets.setdefault((k, sum(comb) + k), []).append(m)
            sets.setdefault((k, None), []).append(m)  # any sum: hidden
    cons = [(cs, sets.get((len(cs), s), [])) for s, cs in cons]
    # sum bounds (no distinctness: the cells may share digits) from the
    # rule of 45 over runs of 2..n-1 adjacent rows or columns: the cells
    # outside the cages wholly inside the run add up to k*total minus them
    bounds = []
    for base in (0, n):  # rows are hs[0:n], columns hs[n:2n]
        for a in range(n):
            for b in range(a + 1, min(a + n - 1, n)):
                region = set()
                for h in hs[base + a:base + b + 1]:
                    region.update(h)
                inner = [(s, cs) for s, cs in cages if set(cs) <= region]
                if any(s is None for s, _ in inner):
                    continue  # a hidden sum inside: no bound
                rest = region.difference(*[set(cs) for _, cs in inner]) if inner else region
                if 0 < len(rest) < len(region):
                    bounds.append((sorted(rest), (b - a + 1) * total - sum(s for s, _ in inner)))
    if any(not ms for _, ms in cons):
        return 0
    sees = [set() for _ in range(cells)]
    for h in hs:
        for a in h:
            sees[a].update(h)
    for s, cs in cages:
        for c in cs:
            sees[c].update(cs)
    for c in range(cells):
        sees[c].discard(c)
    sees = [tuple(p) for p in sees]

    def propagate(cand):
        done = [False] * cells
        while True:
            changed = False
            for c in range(cells):
                m = cand[c]
                if m == 0:
                    return False
                if not done[c] and m & (m - 1) == 0:
                    done[c] = True
                    for p in sees[c]:
                        if cand[p] & m:
                            cand[p] &= ~m
                            if cand[p] == 0:
                                return False
                            changed = True
            for h in hs:
                once = more = 0
                for c in h:
                    m = cand[c]
                    more |= once & m
                    once |= m
                if once != full:
                    return False  # a digit with no place in the house
                singles = once & ~more
                while singles:
                    bit = singles & -singles
                    singles ^= bit
                    for c in h:
                        if cand[c] & bit:
                            if cand[c] != bit:
                                cand[c] = bit
                                changed = True
                            break
            for cs, s in bounds:
                lo = [low_digit(cand[c]) for c in cs]
                hi = [high_digit(cand[c]) for c in cs]
                slo, shi = sum(lo), sum(hi)
                if slo > s or shi < s:
                    return False
                for i, c in enumerate(cs):
                    # c's digit d needs d + (the others' least) <= s and
                    # d + (the others' most) >= s
                    top, bot = s - (slo - lo[i]), s - (shi - hi[i])
                    keep = cand[c] & (((1 << max(top, 0)) - 1) & ~((1 << max(bot - 1, 0)) - 1))
                    if keep != cand[c]:
                        if not keep:
                            return False
                        cand[c] = keep
                        changed = True
            for cs, ms in cons:
                allowed = 0
                for m in ms:
                    u = 0
                    ok = True
                    for c in cs:
                        x = cand[c] & m
                        if not x:
                            ok = False
                            break
                        u |= x
                    if ok and u == m:
                        allowed |= m
                if not allowed:
                    return False
                for c in cs:
                    if cand[c] & ~allowed:
                        cand[c] &= allowed
                        if cand[c] == 0:
                            return False
                        changed = True
            if not changed:
                return True

    count = 0

    def rec(cand):
        nonlocal count
        if not propagate(cand):
            return
        best, bc = -1, n + 1
        for c in range(cells):
            k = bin(cand[c]).count("1")
            if 1 < k < bc:
                best, bc = c, k
        if best < 0:
            count += 1
            return
        m = cand[best]
        while m and count < limit:
            bit = m & -m
            m ^= bit
            nxt = list(cand)
            nxt[best] = bit
            rec(nxt)

    start = [full if v == 0 else 1 << (v - 1) for v in givens]
    rec(start)
    return min(count, limit)


def digits_of(text, n):
    """Reads a row-major grid string: '.' or '0' empty (0), '1'..'9'."""
    if len(text) != n * n:
        raise ValueError(f"{len(text)} characters, expected {n * n}")
    grid = [0 if ch in ".0" else SYMBOLS.find(ch) + 1 for ch in text]
    bad = [ch for ch, v in zip(text, grid) if ch not in ".0" and not 1 <= v <= n]
    if bad:
        raise ValueError(f"symbol {bad[0]!r} is not a digit 1..{n}")
    return grid


def check_killer(rec):
    n = rec["size"]
    if n not in BOXES or list(BOXES[n]) != list(rec["box"]):
        return f"size {n} with box {rec.get('box')}: expected one of {BOXES}"
    variant = rec.get("variant")
    if variant not in (None, "x"):
        return f"unknown variant {variant!r}"
    hs = house_list(n, *BOXES[n], variant == "x")
    cages = []
    owner = [None] * (n * n)
    for k, cg in enumerate(rec["cages"]):
        s, cs = cg.get("sum"), cg["cells"]  # no "sum": hidden (None)
        if "sum" in cg and not (isinstance(s, int) and not isinstance(s, bool)):
            return f"cage {k + 1}: sum {s!r} is not a whole number (leave \"sum\" out to hide it)"
        if not cs or len(cs) > n or len(set(cs)) != len(cs):
            return f"cage {k + 1}: {len(cs)} cells (1..{n}, no repeats)"
        for c in cs:
            if not (isinstance(c, int) and 0 <= c < n * n):
                return f"cage {k + 1}: cell {c!r} outside the grid"
            if owner[c] is not None:
                return f"cell {c} in cages {owner[c] + 1} and {k + 1}"
            owner[c] = k
        if not connected(cs, n):
            return f"cage {k + 1} not connected"
        lo, hi = sum(range(1, len(cs) + 1)), sum(range(n - len(cs) + 1, n + 1))
        if s is not None and not lo <= s <= hi:
            return f"cage {k + 1}: sum {s} impossible for {len(cs)} cells"
        cages.append((s, cs))
    if None in owner:
        return f"cell {owner.index(None)} in no cage"
    sol = digits_of(rec["solution"], n)
    if 0 in sol:
        return "solution has an empty cell"
    for h in hs:
        if sorted(sol[c] for c in h) != list(range(1, n + 1)):
            return f"solution repeats a digit in house {h[:2]}..."
    for k, (s, cs) in enumerate(cages):
        ds = [sol[c] for c in cs]
        if len(set(ds)) != len(ds) or (s is not None and sum(ds) != s):
            return f"solution breaks cage {k + 1} (sum {s})"
    puz = digits_of(rec.get("puzzle", "." * (n * n)), n)
    if any(p and p != q for p, q in zip(puz, sol)):
        return "a given disagrees with the solution"
    g = sum(1 for v in puz if v)
    if rec.get("givens", g) != g:
        return f"givens field {rec['givens']} != {g}"
    k = count_solutions(n, hs, cages, puz)
    if k != 1:
        return f"puzzle has {k if k < 2 else '2+'} solutions"
    return None


def shape_invariant(rec):
    """A key equal for isomorphic killers (the symmetries of
    docs/records.md: band, stack, row and column permutations, the
    transposition, the digit complement): the size and variant, and the
    sorted list of the cages' (cells, boxes touched, sorted (rows, columns)
    spanned, sum), the smaller of the list as is and with every sum
    complemented (k cells, sum s -> k(n+1) - s; a hidden sum is -1 in
    both). Different keys prove two killers are not isomorphs; an equal
    key is only a suspicion."""
    n = rec["size"]
    br, bc = BOXES[n]
    per_row = n // bc
    feats = []
    for cg in rec["cages"]:
        cs = cg["cells"]
        rows = {c // n for c in cs}
        cols = {c % n for c in cs}
        boxes = {(c // n) // br * per_row + (c % n) // bc for c in cs}
        feats.append((len(cs), len(boxes), tuple(sorted((len(rows), len(cols)))), cg.get("sum", -1)))
    plain = sorted(feats)
    comp = sorted((k, b, rc, s if s < 0 else k * (n + 1) - s) for k, b, rc, s in feats)
    return (n, rec.get("variant") or "", tuple(min(plain, comp)))


def check_line(item):
    """Checks one (line number, record, problem so far) item."""
    number, record, problem = item
    if problem is None:
        try:
            problem = check_killer(record)
        except (KeyError, TypeError, ValueError) as e:  # malformed: a failure, not a crash
            problem = f"unreadable record: {e!r}"
    return number, record, problem


def main(argv):
    import argparse
    ap = argparse.ArgumentParser(description="check sudogen killer records")
    ap.add_argument("--max", type=int, default=None, help="check at most this many killer records")
    ap.add_argument("--jobs", type=int, default=1, help="check records in this many processes at once")
    ap.add_argument("--distinct", action="store_true",
                    help="also fail when two records may be isomorphs (they share shape_invariant's key)")
    ap.add_argument("file", nargs="?", default="-", help="JSONL file, - for stdin")
    args = ap.parse_args(argv)
    stream = sys.stdin if args.file == "-" else open(args.file, encoding="utf-8")
    passed, failures = 0, []
    seen = {}  # shape_invariant key -> line number

    def records():
        checked = 0
        for number, text in enumerate(stream, 1):
            if args.max is not None and checked >= args.max:
                return
            if not text.strip():
                continue
            try:
                record = json.loads(text)
            except ValueError as e:
                checked += 1
                yield number, None, f"not JSON: {e}"
                continue
            if record.get("kind") != "killer":
                continue
            checked += 1
            yield number, record, None

    pool = None
    if args.jobs > 1:
        import multiprocessing
        pool = multiprocessing.Pool(args.jobs)
        results = pool.imap(check_line, records(), chunksize=4)
    else:
        results = map(check_line, records())
    for number, record, problem in results:
        if problem is None and args.distinct:
            key = shape_invariant(record)
            if key in seen:
                problem = f"may be an isomorph of line {seen[key]} (same cage sizes, sums, spans, up to complement)"
            else:
                seen[key] = number
        if problem is None:
            passed += 1
        else:
            failures.append((number, problem))
    if pool is not None:
        pool.close()
    for number, problem in failures[:20]:
        print(f"line {number}: {problem}")
    print(f"killercheck: {passed} passed, {len(failures)} failed")
    return 0 if passed and not failures else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
