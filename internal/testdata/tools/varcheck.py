#!/usr/bin/env python3
"""varcheck.py: check sudogen variant records ("kind":"variant") from the
record alone, as docs/records.md ("Variant records") states them. Written
from that page, not from sudogen's code.

usage: varcheck.py FILE.jsonl [--minimal] [--quiet]

For every variant record: the geometry is built from "variants", "size",
"box", "regions"; the puzzle string has the right length, '#' exactly on
unused cells and valid symbols; "givens" counts the givens; the solution
is a full grid that keeps every house, sees pair and pair rule and agrees
with every given; the puzzle has exactly one solution (own backtracking
search with naked and hidden singles); with --minimal, removing any one
given leaves more than one solution. Records of other kinds are skipped.
Exit 0 when every variant record passes, 1 otherwise, 2 on usage errors.
"""
import json
import sys

SYMBOLS = "123456789ABCDEFGHIJKLMNOP"
BOX = {4: (2, 2), 6: (2, 3), 8: (2, 4), 9: (3, 3), 12: (3, 4)}
SIZES = {
    "x": {4, 6, 8, 9, 12}, "windoku": {9}, "disjoint-groups": {4, 6, 8, 9, 12},
    "asterisk": {9}, "girandola": {9}, "center-dot": {9},
    "anti-knight": {4, 6, 8, 9, 12}, "anti-king": {4, 6, 8, 9, 12},
    "non-consecutive": {4, 6, 8, 9, 12}, "jigsaw": {4, 6, 8, 9, 12}, "samurai": {9},
}
WINDOWS = [[10, 11, 12, 19, 20, 21, 28, 29, 30], [14, 15, 16, 23, 24, 25, 32, 33, 34],
           [46, 47, 48, 55, 56, 57, 64, 65, 66], [50, 51, 52, 59, 60, 61, 68, 69, 70]]
NINE = {"asterisk": [13, 20, 24, 37, 40, 43, 56, 60, 67],
        "girandola": [0, 8, 13, 37, 40, 43, 67, 72, 80],
        "center-dot": [10, 13, 16, 37, 40, 43, 64, 67, 70]}
SAMURAI_ORIGINS = [(0, 0), (0, 12), (6, 6), (12, 0), (12, 12)]


class Bad(Exception):
    pass


def geometry(rec):
    """Returns (width, height, n, used, houses, sees, pairs)."""
    vs = rec.get("variants")
    if not isinstance(vs, list) or not vs or not all(isinstance(v, str) for v in vs):
        raise Bad('"variants": expected a non-empty list of names')
    if vs != sorted(vs) or len(set(vs)) != len(vs):
        raise Bad('"variants" %r: expected sorted, no repeats' % vs)
    for v in vs:
        if v not in SIZES:
            raise Bad("unknown variant %r" % v)
    n = rec.get("size")
    if vs == ["samurai"]:
        if n != 9 or "box" in rec or "regions" in rec:
            raise Bad("samurai: size 9, no box, no regions expected")
        w = 21
        used = [False] * (w * w)
        houses = []
        boxes = set()
        for (r0, c0) in SAMURAI_ORIGINS:
            for r in range(9):
                houses.append([(r0 + r) * w + c0 + c for c in range(9)])
                houses.append([(r0 + c) * w + c0 + r for c in range(9)])
                for c in range(9):
                    used[(r0 + r) * w + c0 + c] = True
            for b in range(9):
                top, left = r0 + b // 3 * 3, c0 + b % 3 * 3
                if (top, left) in boxes:
                    continue
                boxes.add((top, left))
                houses.append([(top + i) * w + left + j for i in range(3) for j in range(3)])
        if sum(used) != 369:
            raise Bad("samurai: internal: %d used cells" % sum(used))
        return w, w, 9, used, houses, set(), []
    if "samurai" in vs:
        raise Bad("samurai combines with nothing")
    if "jigsaw" in vs and "disjoint-groups" in vs:
        raise Bad("jigsaw does not combine with disjoint-groups")
    for v in vs:
        if n not in SIZES[v]:
            raise Bad("variant %s not defined on size %r" % (v, n))
    w = n
    used = [True] * (n * n)
    houses = [[r * n + c for c in range(n)] for r in range(n)]
    houses += [[r * n + c for r in range(n)] for c in range(n)]
    jig = "jigsaw" in vs
    if jig:
        if "box" in rec:
            raise Bad("jigsaw record with a box")
        reg = rec.get("regions")
        if not isinstance(reg, str) or len(reg) != n * n:
            raise Bad('"regions": expected %d characters' % (n * n))
        groups = {}
        for i, ch in enumerate(reg):
            k = SYMBOLS.find(ch)
            if k < 0 or k >= n:
                raise Bad('"regions": %r is not a region of 1..%d' % (ch, n))
            groups.setdefault(k, []).append(i)
        if len(groups) != n or any(len(g) != n for g in groups.values()):
            raise Bad('"regions": expected %d regions of %d cells' % (n, n))
        for g in groups.values():
            cells, seen, todo = set(g), {g[0]}, [g[0]]
            while todo:
                i = todo.pop()
                r, c = divmod(i, n)
                for (r2, c2) in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                    j = r2 * n + c2
                    if 0 <= r2 < n and 0 <= c2 < n and j in cells and j not in seen:
                        seen.add(j)
                        todo.append(j)
            if len(seen) != n:
                raise Bad('"regions": a region is not connected')
        houses += [groups[k] for k in sorted(groups)]
        br = bc = None
    else:
        if "regions" in rec:
            raise Bad('"regions" without jigsaw')
        br, bc = BOX[n]
        if rec.get("box") != [br, bc]:
            raise Bad('"box" %r, expected %r' % (rec.get("box"), [br, bc]))
        for b in range(n):
            r0, c0 = b // (n // bc) * br, b % (n // bc) * bc
            houses.append([(r0 + i) * n + c0 + j for i in range(br) for j in range(bc)])
    sees, pairs = set(), []

    def leap(moves):
        for r in range(n):
            for c in range(n):
                for (dr, dc) in moves:
                    r2, c2 = r + dr, c + dc
                    if 0 <= r2 < n and 0 <= c2 < n:
                        a, b = r * n + c, r2 * n + c2
                        sees.add((min(a, b), max(a, b)))
    for v in vs:
        if v == "x":
            houses.append([k * n + k for k in range(n)])
            houses.append([k * n + n - 1 - k for k in range(n)])
        elif v == "windoku":
            houses += WINDOWS
        elif v == "disjoint-groups":
            for p in range(n):
                houses.append([(b // (n // bc) * br + p // bc) * n + b % (n // bc) * bc + p % bc for b in range(n)])
        elif v in NINE:
            houses.append(NINE[v])
        elif v == "anti-knight":
            leap([(1, 2), (2, 1), (1, -2), (2, -1)])
        elif v == "anti-king":
            leap([(1, 1), (1, -1)])
        elif v == "non-consecutive":
            for r in range(n):
                for c in range(n):
                    if c + 1 < n:
                        pairs.append((r * n + c, r * n + c + 1))
                    if r + 1 < n:
                        pairs.append((r * n + c, (r + 1) * n + c))
    return w, w, n, used, houses, sees, pairs


def read_cells(s, w, n, used, empty_ok, what):
    if not isinstance(s, str) or len(s) != len(used):
        raise Bad("%s: expected %d characters" % (what, len(used)))
    out = []
    for i, ch in enumerate(s):
        if not used[i]:
            if ch != "#":
                raise Bad("%s: r%dc%d is unused, expected '#'" % (what, i // w + 1, i % w + 1))
            out.append(0)
            continue
        if ch == "." and empty_ok:
            out.append(0)
            continue
        k = SYMBOLS.find(ch)
        if k < 0 or k >= n:
            raise Bad("%s: r%dc%d holds %r" % (what, i // w + 1, i % w + 1, ch))
        out.append(k + 1)
    return out


class Solver:
    def __init__(self, n, used, houses, sees, pairs):
        self.n, self.used, self.houses = n, used, houses
        self.full = (1 << n) - 1
        m = len(used)
        peers = [set() for _ in range(m)]
        for h in houses:
            for a in h:
                for b in h:
                    if a != b:
                        peers[a].add(b)
        for (a, b) in sees:
            peers[a].add(b)
            peers[b].add(a)
        self.peers = [sorted(p) for p in peers]
        nbr = [[] for _ in range(m)]
        for (a, b) in pairs:
            nbr[a].append(b)
            nbr[b].append(a)
        self.nbr = nbr
        self.cells = [i for i in range(m) if used[i]]

    def valid_full(self, grid, sees, pairs):
        for h in self.houses:
            if sorted(grid[c] for c in h) != list(range(1, self.n + 1)):
                return "a house does not hold every value once: cells %s" % h
        for (a, b) in sees:
            if grid[a] == grid[b]:
                return "cells %d and %d see each other and hold %d" % (a, b, grid[a])
        for (a, b) in pairs:
            if abs(grid[a] - grid[b]) == 1:
                return "neighbours %d and %d hold consecutive %d, %d" % (a, b, grid[a], grid[b])
        return None

    def place(self, cand, vals, i, v, queue):
        vals[i] = v
        cand[i] = 0
        bit = 1 << (v - 1)
        for p in self.peers[i]:
            if cand[p] & bit:
                cand[p] &= ~bit
                if cand[p] == 0 and vals[p] == 0:
                    return False
        for p in self.nbr[i]:
            mask = 0
            if v > 1:
                mask |= 1 << (v - 2)
            if v < self.n:
                mask |= 1 << v
            if cand[p] & mask:
                cand[p] &= ~mask
                if cand[p] == 0 and vals[p] == 0:
                    return False
        return True

    def propagate(self, cand, vals):
        while True:
            progress = False
            for i in self.cells:
                if vals[i] == 0:
                    c = cand[i]
                    if c == 0:
                        return False
                    if c & (c - 1) == 0:
                        if not self.place(cand, vals, i, c.bit_length(), None):
                            return False
                        progress = True
            for h in self.houses:
                for v in range(1, self.n + 1):
                    bit = 1 << (v - 1)
                    where, placed = None, False
                    count = 0
                    for c in h:
                        if vals[c] == v:
                            placed = True
                            break
                        if cand[c] & bit:
                            count += 1
                            where = c
                    if placed:
                        continue
                    if count == 0:
                        return False
                    if count == 1:
                        if not self.place(cand, vals, where, v, None):
                            return False
                        progress = True
            if not progress:
                return True

    def count(self, givens, limit=2):
        cand = [0] * len(givens)
        vals = [0] * len(givens)
        for i in self.cells:
            cand[i] = self.full
        for i in self.cells:
            if givens[i]:
                if not cand[i] >> (givens[i] - 1) & 1:
                    return 0
                if not self.place(cand, vals, i, givens[i], None):
                    return 0
        self.found = 0
        self.limit = limit
        self.search(cand, vals)
        return self.found

    def search(self, cand, vals):
        if not self.propagate(cand, vals):
            return
        best, bc = -1, 99
        for i in self.cells:
            if vals[i] == 0:
                k = bin(cand[i]).count("1")
                if k < bc:
                    best, bc = i, k
        if best < 0:
            self.found += 1
            return
        c = cand[best]
        while c and self.found < self.limit:
            bit = c & -c
            c ^= bit
            cand2, vals2 = cand[:], vals[:]
            if self.place(cand2, vals2, best, bit.bit_length(), None):
                self.search(cand2, vals2)


def check(rec, minimal):
    w, h, n, used, houses, sees, pairs = geometry(rec)
    puzzle = read_cells(rec.get("puzzle"), w, n, used, True, "puzzle")
    givens = sum(1 for v in puzzle if v)
    if "givens" in rec and rec["givens"] != givens:
        raise Bad('"givens" %r, the puzzle has %d' % (rec["givens"], givens))
    s = Solver(n, used, houses, sees, pairs)
    if "solution" in rec:
        sol = read_cells(rec["solution"], w, n, used, False, "solution")
        why = s.valid_full(sol, sees, pairs)
        if why:
            raise Bad("solution: " + why)
        for i, v in enumerate(puzzle):
            if v and sol[i] != v:
                raise Bad("solution disagrees with the given at r%dc%d" % (i // w + 1, i % w + 1))
    k = s.count(puzzle, 2)
    if k != 1:
        raise Bad("%s solutions" % ("no" if k == 0 else "several"))
    canon = rec.get("canonical")
    if canon is not None and not canon.startswith(",".join(rec["variants"]) + ":"):
        raise Bad('"canonical" does not start with the variant list')
    if minimal:
        for i, v in enumerate(puzzle):
            if v:
                puzzle[i] = 0
                if s.count(puzzle, 2) == 1:
                    raise Bad("not minimal: r%dc%d can go" % (i // w + 1, i % w + 1))
                puzzle[i] = v


def main(argv):
    args = [a for a in argv[1:] if not a.startswith("--")]
    flags = {a for a in argv[1:] if a.startswith("--")}
    if len(args) != 1 or flags - {"--minimal", "--quiet"}:
        print(__doc__.strip().splitlines()[3], file=sys.stderr)
        return 2
    bad = checked = skipped = 0
    with open(args[0], encoding="utf-8") as f:
        for ln, line in enumerate(f, 1):
            if not line.strip():
                continue
            try:
                rec = json.loads(line)
            except ValueError as e:
                print("%s:%d: not JSON: %s" % (args[0], ln, e))
                bad += 1
                continue
            if rec.get("kind") != "variant":
                skipped += 1
                continue
            checked += 1
            try:
                check(rec, "--minimal" in flags)
            except Bad as e:
                bad += 1
                print("%s:%d: %s" % (args[0], ln, e))
    if "--quiet" not in flags or bad:
        print("%d variant records checked, %d bad, %d of other kinds skipped" % (checked, bad, skipped))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
