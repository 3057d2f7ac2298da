#!/usr/bin/env python3
"""Prove sudoku, variant, Samurai and killer records unique (and minimal)
with an outside SAT solver.

usage: satcheck.py [--minimal] [--verbose] [--solver minisat|cadical] [--max N] FILE|-

For each sudoku record of a JSONL file (any box shape; kind "sudoku",
"", null or absent) it checks that the solution is a valid full grid
holding the givens, then proves with the SAT solver (a program outside
this project, e.g. Debian's minisat or cadical package) that:

  * the puzzle has no second solution: the rules, the givens and "some
    empty cell differs from the solution" are unsatisfiable;
  * with --minimal, every given is necessary: without it, and with its
    cell holding another digit, the rules and the other givens are
    satisfiable; the solver's model (a second solution) is checked here,
    cell by cell, to be a valid grid that keeps every other given.

Variant records (kind "variant": x, windoku, disjoint-groups, asterisk,
girandola, center-dot, anti-knight, anti-king, non-consecutive, jigsaw,
their combinations, and samurai) and killer records (kind "killer",
Killer-X with "variant":"x", hidden sums) get the same proofs under
their rules, which are written here from docs/records.md alone (the
houses, sees pairs and pair rules of "The geometry, from the record
alone"; the Samurai frame; the cages of "Killer records"). First the
record's structure: the variant list (sorted, known, defined on the
size, samurai alone, jigsaw without disjoint-groups), box present with
the size's shape exactly when the list has neither jigsaw nor samurai,
regions present exactly with jigsaw and each of its n regions n cells
and connected; '#' on exactly Samurai's 72 unused cells; the killer's
size and box, variant absent or x, cages covering every cell once, each
of 1 to size cells, connected, its sum (when shown) one its cell count
can make; givens equal to the count of filled cells. Then the solution
keeps every house, sees pair, non-consecutive pair and cage (distinct
digits, the sum when shown) and the givens; a variant record without
solution (docs: present "when known") gets one from the solver. The
CNF: one variable per used cell and value; a cage with a sum adds one
variable per set of distinct digits with that sum (at least one true,
each forcing every cell of the cage into its set); the record's
solution is checked to satisfy every clause, so the encoding is not
stricter than the rules there, and every model the solver returns is
checked against the rules here. With --minimal a variant record's
"minimal" field is proved: true (or absent) every given necessary,
false some given removable (a symmetric dig writes false). Killer
records have no "minimal" field: --minimal adds nothing to them.
Records of other kinds (slide) are counted as skipped, not passed.

It shares no code with sudogen: the encoding, the decoding and the grid
checks are written here. sudocheck.py (a depth-first count) cannot finish
on minimal 25x25 puzzles; a clause-learning solver proves them in seconds.
A variant record's symmetry is checked too: the map sends the pattern
of givens, the used cells, every house, sees pair and non-consecutive
pair onto one of its kind (a Sudoku record's symmetry is not checked). Not
checked: canonical, ids, seeds and the grading fields.
Prints one line per failure (with --verbose one per record) and a summary
line with the solver calls and their CPU-s; exits 1 on any failure or
when no record passed, 2 on bad usage or no solver.
"""
import itertools
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time

DIGITS = "123456789ABCDEFGHIJKLMNOP"


def parse_grid(text, n):
    cells = []
    for ch in text:
        if ch in ".0":
            cells.append(0)
            continue
        k = DIGITS.find(ch.upper())
        if k < 0 or k >= n:
            raise ValueError("symbol %r is not a digit of size %d" % (ch, n))
        cells.append(k + 1)
    if len(cells) != n * n:
        raise ValueError("%d cells, want %d" % (len(cells), n * n))
    return cells


def house_list(n, br, bc):
    """Rows, columns and boxes as lists of cell indices."""
    out = []
    for r in range(n):
        out.append([r * n + c for c in range(n)])
    for c in range(n):
        out.append([r * n + c for r in range(n)])
    for top in range(0, n, br):
        for left in range(0, n, bc):
            out.append([(top + i) * n + left + j for i in range(br) for j in range(bc)])
    return out


def grid_ok(grid, n, houses):
    """A full grid whose every house holds each digit once."""
    want = set(range(1, n + 1))
    return all(set(grid[c] for c in h) == want for h in houses)


def run_solver(solver, nvars, nclauses, text):
    """Runs the solver on a CNF of nvars variables whose nclauses clauses
    are text (DIMACS lines): None when unsatisfiable, else the set of true
    variables."""
    with tempfile.TemporaryDirectory() as tmp:
        cnf = os.path.join(tmp, "p.cnf")
        res = os.path.join(tmp, "p.out")
        with open(cnf, "w") as f:
            f.write("p cnf %d %d\n" % (nvars, nclauses))
            f.write(text)
        if os.path.basename(solver).startswith("minisat"):
            p = subprocess.run([solver, "-verb=0", cnf, res], capture_output=True, text=True)
            if p.returncode not in (10, 20):
                raise RuntimeError("%s exited %d: %s" % (solver, p.returncode, p.stderr.strip()))
            words = open(res).read().split()
            if words[0] == "UNSAT":
                return None
            if words[0] != "SAT":
                raise RuntimeError("%s said %r" % (solver, words[0]))
            return set(int(w) for w in words[1:] if int(w) > 0)
        p = subprocess.run([solver, "-q", cnf], capture_output=True, text=True)
        if p.returncode not in (10, 20):
            raise RuntimeError("%s exited %d: %s" % (solver, p.returncode, p.stderr.strip()))
        status = [ln for ln in p.stdout.splitlines() if ln.startswith("s ")]
        if status == ["s UNSATISFIABLE"]:
            return None
        if status != ["s SATISFIABLE"]:
            raise RuntimeError("%s said %r" % (solver, status))
        true = set()
        for ln in p.stdout.splitlines():
            if ln.startswith("v "):
                true |= set(int(w) for w in ln.split()[1:] if int(w) > 0)
        return true


class Encoding:
    """The CNF of "a solution of puzzle": one variable per (empty cell,
    digit not given in the cell's houses). Candidates ruled out by a given
    in a house are left out (the given's house rule would falsify them)."""

    def __init__(self, puzzle, n, houses, cell_houses):
        self.var = {}
        self.cells = []
        self.clauses = []
        self.empty_house_digit = False
        given_in = [set(puzzle[c] for c in h if puzzle[c]) for h in houses]
        for c, v in enumerate(puzzle):
            if v:
                continue
            blocked = set()
            for h in cell_houses[c]:
                blocked |= given_in[h]
            lits = []
            for d in range(1, n + 1):
                if d not in blocked:
                    self.var[(c, d)] = len(self.cells) + 1
                    self.cells.append((c, d))
                    lits.append(self.var[(c, d)])
            self.one_of(lits)
        for hi, h in enumerate(houses):
            for d in range(1, n + 1):
                if d in given_in[hi]:
                    continue
                self.one_of([self.var[(c, d)] for c in h if (c, d) in self.var])

    def one_of(self, lits):
        """Exactly one of lits (an empty list makes the CNF unsatisfiable)."""
        if not lits:
            self.empty_house_digit = True
        self.clauses.append(list(lits))
        for i in range(len(lits)):
            for j in range(i + 1, len(lits)):
                self.clauses.append([-lits[i], -lits[j]])

    def solve(self, solver, extra):
        """Runs the solver on the CNF plus extra clauses: None when
        unsatisfiable, else the set of true variables."""
        if self.empty_house_digit:
            return None
        clauses = self.clauses + extra
        text = "".join(" ".join(map(str, cl)) + " 0\n" for cl in clauses)
        return run_solver(solver, len(self.cells), len(clauses), text)

    def grid(self, puzzle, true):
        """The full grid of a model: the givens and the true variables."""
        g = list(puzzle)
        for v in true:
            c, d = self.cells[v - 1]
            if g[c]:
                return None  # two digits in one cell
            g[c] = d
        return g


class Checker:
    def __init__(self, solver):
        self.solver = solver
        self.calls = 0
        self.seconds = 0.0

    def run(self, enc, extra):
        t = time.monotonic()
        try:
            return enc.solve(self.solver, extra)
        finally:
            self.calls += 1
            self.seconds += time.monotonic() - t

    def check(self, rec, minimal):
        n = rec["size"]
        br, bc = rec["box"]
        if br * bc != n:
            return "box %dx%d is not of size %d" % (br, bc, n)
        houses = house_list(n, br, bc)
        cell_houses = [[] for _ in range(n * n)]
        for hi, h in enumerate(houses):
            for c in h:
                cell_houses[c].append(hi)
        puzzle = parse_grid(rec["puzzle"], n)
        sol = parse_grid(rec["solution"], n)
        if not grid_ok(sol, n, houses):
            return "the solution is not a valid grid"
        if any(v and v != sol[c] for c, v in enumerate(puzzle)):
            return "a given differs from the solution"
        if rec.get("givens", None) not in (None, sum(1 for v in puzzle if v)):
            return "the givens field is wrong"
        enc = Encoding(puzzle, n, houses, cell_houses)
        differs = [-enc.var[(c, sol[c])] for c, v in enumerate(puzzle) if not v]
        if differs:
            other = self.run(enc, [differs])
            if other is not None:
                return "a second solution exists"
        if not minimal:
            return None
        for c, v in enumerate(puzzle):
            if not v:
                continue
            puzzle[c] = 0
            try:
                enc = Encoding(puzzle, n, houses, cell_houses)
                true = self.run(enc, [[-enc.var[(c, v)]]] if (c, v) in enc.var else [])
                if true is None:
                    return "not minimal: the given at cell %d can be removed" % c
                g = enc.grid(puzzle, true)
                if g is None or not grid_ok(g, n, houses) or g[c] == v:
                    return "the solver's second solution without cell %d is not valid" % c
            finally:
                puzzle[c] = v
        return None


# ---- Variant, Samurai and Killer records, from docs/records.md alone ----

BOXES = {4: (2, 2), 6: (2, 3), 8: (2, 4), 9: (3, 3), 12: (3, 4)}
KILLER_SIZES = (4, 6, 8, 9)
VARIANT_SIZES = {
    "x": (4, 6, 8, 9, 12), "windoku": (9,), "disjoint-groups": (4, 6, 8, 9, 12),
    "asterisk": (9,), "girandola": (9,), "center-dot": (9,),
    "anti-knight": (4, 6, 8, 9, 12), "anti-king": (4, 6, 8, 9, 12),
    "non-consecutive": (4, 6, 8, 9, 12), "jigsaw": (4, 6, 8, 9, 12), "samurai": (9,),
}
# The 9x9 extra houses, cell indexes as docs/records.md lists them.
NINE_HOUSES = {
    "windoku": [[10, 11, 12, 19, 20, 21, 28, 29, 30], [14, 15, 16, 23, 24, 25, 32, 33, 34],
                [46, 47, 48, 55, 56, 57, 64, 65, 66], [50, 51, 52, 59, 60, 61, 68, 69, 70]],
    "asterisk": [[13, 20, 24, 37, 40, 43, 56, 60, 67]],
    "girandola": [[0, 8, 13, 37, 40, 43, 67, 72, 80]],
    "center-dot": [[10, 13, 16, 37, 40, 43, 64, 67, 70]],
}
SAMURAI_CORNERS = [(0, 0), (0, 12), (6, 6), (12, 0), (12, 12)]
# The symmetry field: the image of (row, column) of a frame whose last
# row and column are m (docs/records.md, Sudoku records, symmetry).
SYMMETRIES = {
    "rot180": lambda r, c, m: (m - r, m - c), "rot90": lambda r, c, m: (c, m - r),
    "mirror": lambda r, c, m: (r, m - c), "flip": lambda r, c, m: (m - r, c),
    "diagonal": lambda r, c, m: (c, r), "antidiagonal": lambda r, c, m: (m - c, m - r),
}


class Bad(Exception):
    """A record that breaks a rule of docs/records.md."""


def whole(x):
    return isinstance(x, int) and not isinstance(x, bool)


def connected(cells, w):
    """Whether cells of a frame w wide are connected through shared sides."""
    cells = set(cells)
    start = min(cells)
    seen, todo = {start}, [start]
    while todo:
        r, k = divmod(todo.pop(), w)
        for rr, kk in ((r - 1, k), (r + 1, k), (r, k - 1), (r, k + 1)):
            c = rr * w + kk
            if 0 <= rr < w and 0 <= kk < w and c in cells and c not in seen:
                seen.add(c)
                todo.append(c)
    return len(seen) == len(cells)


class Rules:
    """The rules of one record on a frame w cells wide (cell i at row i // w,
    column i % w): values 1..n on the used cells; houses (each value
    once), sees pairs (different values), non-consecutive pairs (values
    never differing by 1) and cages (distinct values adding up to the
    sum, None for a hidden sum)."""

    def __init__(self, n, w, used):
        self.n, self.w, self.used = n, w, list(used)
        self.houses, self.sees, self.nonconsec, self.cages = [], [], [], []

    def lines(self, top, left, name):
        """The rows and columns of an n x n grid at (top, left) as houses."""
        n, w = self.n, self.w
        for i in range(n):
            self.houses.append(("%srow %d" % (name, i + 1), [(top + i) * w + left + j for j in range(n)]))
            self.houses.append(("%scolumn %d" % (name, i + 1), [(top + j) * w + left + i for j in range(n)]))

    def boxes(self, top, left, name):
        """The boxes (shape BOXES[n]) of an n x n grid at (top, left) as houses."""
        n, w = self.n, self.w
        br, bc = BOXES[n]
        for b in range(n):
            r0, c0 = top + br * (b // (n // bc)), left + bc * (b % (n // bc))
            self.houses.append(("%sbox %d" % (name, b + 1), [(r0 + i) * w + c0 + j for i in range(br) for j in range(bc)]))

    def pairs(self, steps, name):
        """Sees pairs: cells (r, c) and (r + dr, c + dc) for (dr, dc) in
        steps, inside the grid."""
        n = self.n
        for r in range(n):
            for c in range(n):
                for dr, dc in steps:
                    if 0 <= r + dr < n and 0 <= c + dc < n:
                        self.sees.append((name, r * n + c, (r + dr) * n + c + dc))

    def violation(self, grid):
        """None when the full grid keeps every rule, else the first it breaks."""
        n = self.n
        want = set(range(1, n + 1))
        for name, h in self.houses:
            if set(grid[c] for c in h) != want:
                return "%s does not hold every value once" % name
        for name, a, b in self.sees:
            if grid[a] == grid[b]:
                return "cells %d and %d see each other (%s) and both hold %d" % (a, b, name, grid[a])
        for a, b in self.nonconsec:
            if abs(grid[a] - grid[b]) == 1:
                return "adjacent cells %d and %d hold %d and %d (non-consecutive)" % (a, b, grid[a], grid[b])
        for i, (cells, s) in enumerate(self.cages):
            vals = [grid[c] for c in cells]
            if len(set(vals)) != len(vals):
                return "cage %d repeats a digit" % i
            if s is not None and sum(vals) != s:
                return "cage %d adds up to %d, not its sum %d" % (i, sum(vals), s)
        return None

    def unkept(self, image):
        """None when the map image (cell -> cell) sends used cells onto
        used cells, every house onto a house and every sees and
        non-consecutive pair onto one of its kind; else what it breaks."""
        if set(image.get(c) for c in self.used) != set(self.used):
            return "a used cell onto an unused one"
        houses = set(frozenset(h) for _, h in self.houses)
        for name, h in self.houses:
            if frozenset(image[c] for c in h) not in houses:
                return "%s onto no house" % name
        for kind, pairs in (("sees", [(a, b) for _, a, b in self.sees]), ("non-consecutive", self.nonconsec)):
            keep = set(frozenset(p) for p in pairs)
            for a, b in pairs:
                if frozenset((image[a], image[b])) not in keep:
                    return "the %s pair %d, %d onto none" % (kind, a, b)
        return None

    def read(self, text, field, full):
        """A frame string as values (0: empty or unused); '#' exactly on
        the unused cells, '.' (unless full) on empty ones."""
        if not isinstance(text, str):
            raise Bad("%s is not a string" % field)
        if len(text) != self.w * self.w:
            raise Bad("%s has %d characters, want %d" % (field, len(text), self.w * self.w))
        used = set(self.used)
        out = [0] * len(text)
        for i, ch in enumerate(text):
            if i not in used:
                if ch != "#":
                    raise Bad("%s: unused cell %d holds %r, want '#'" % (field, i, ch))
                continue
            if ch == "." and not full:
                continue
            k = DIGITS.find(ch)
            if k < 0 or k >= self.n:
                raise Bad("%s: cell %d holds %r, not a value of size %d" % (field, i, ch, self.n))
            out[i] = k + 1
        return out


def variant_rules(rec):
    """The geometry of a variant record: docs/records.md, 'Variant records'."""
    vs, n = rec["variants"], rec["size"]
    if not isinstance(vs, list) or not vs or not all(isinstance(v, str) for v in vs):
        raise Bad("variants is not a non-empty list of strings")
    if vs != sorted(set(vs)):
        raise Bad("variants %s is not sorted without repeats" % ",".join(vs))
    for v in vs:
        if v not in VARIANT_SIZES:
            raise Bad("unknown variant %r" % v)
        if n not in VARIANT_SIZES[v]:
            raise Bad("variant %s is not defined on size %r" % (v, n))
    if "samurai" in vs and len(vs) > 1:
        raise Bad("samurai combined with other variants")
    if "jigsaw" in vs and "disjoint-groups" in vs:
        raise Bad("jigsaw combined with disjoint-groups")
    frame = "jigsaw" in vs or "samurai" in vs
    if not frame and rec.get("box") != list(BOXES[n]):
        raise Bad("box %r, want %r for size %d" % (rec.get("box"), list(BOXES[n]), n))
    if frame and "box" in rec:
        raise Bad("a box on a jigsaw or samurai record")
    if ("jigsaw" in vs) != ("regions" in rec):
        raise Bad("regions present without jigsaw or missing with it")
    if vs == ["samurai"]:
        w = 21
        used = sorted(set((top + i) * w + left + j for top, left in SAMURAI_CORNERS
                          for i in range(9) for j in range(9)))
        if w * w - len(used) != 72:
            raise Bad("checker error: samurai frame has %d unused cells" % (w * w - len(used)))
        rules = Rules(9, w, used)
        for g, (top, left) in enumerate(SAMURAI_CORNERS):
            rules.lines(top, left, "grid %d " % (g + 1))
            rules.boxes(top, left, "grid %d " % (g + 1))
        return rules
    rules = Rules(n, n, range(n * n))
    rules.lines(0, 0, "")
    if "jigsaw" in vs:
        regions = rec["regions"]
        if not isinstance(regions, str) or len(regions) != n * n:
            raise Bad("regions is not a string of %d characters" % (n * n))
        for k, sym in enumerate(DIGITS[:n]):
            cells = [i for i, ch in enumerate(regions) if ch == sym]
            if len(cells) != n:
                raise Bad("region %s has %d cells, want %d" % (sym, len(cells), n))
            if not connected(cells, n):
                raise Bad("region %s is not connected" % sym)
            rules.houses.append(("region %s" % sym, cells))
        # n regions of n cells fill the n*n characters: no other symbol is left
    else:
        rules.boxes(0, 0, "")
    br, bc = BOXES[n]
    for v in vs:
        if v == "x":
            rules.houses.append(("the main diagonal", [k * n + k for k in range(n)]))
            rules.houses.append(("the anti-diagonal", [k * n + n - 1 - k for k in range(n)]))
        elif v in NINE_HOUSES:
            for i, h in enumerate(NINE_HOUSES[v]):
                rules.houses.append(("%s house %d" % (v, i + 1), h))
        elif v == "disjoint-groups":
            for p in range(n):
                rules.houses.append(("disjoint group %d" % (p + 1), [
                    ((b // (n // bc)) * br + p // bc) * n + (b % (n // bc)) * bc + p % bc for b in range(n)]))
        elif v == "anti-knight":
            rules.pairs([(1, 2), (1, -2), (2, 1), (2, -1)], v)
        elif v == "anti-king":
            rules.pairs([(1, 1), (1, -1)], v)
        elif v == "non-consecutive":
            rules.nonconsec = [(r * n + c, r * n + c + 1) for r in range(n) for c in range(n - 1)]
            rules.nonconsec += [(r * n + c, (r + 1) * n + c) for r in range(n - 1) for c in range(n)]
    return rules


def killer_rules(rec):
    """The rules of a killer record: docs/records.md, 'Killer records'."""
    n = rec["size"]
    if n not in KILLER_SIZES:
        raise Bad("killer size %r, want one of %s" % (n, KILLER_SIZES))
    if rec.get("box") != list(BOXES[n]):
        raise Bad("box %r, want %r for size %d" % (rec.get("box"), list(BOXES[n]), n))
    if rec.get("variant", "x") != "x":
        raise Bad("variant %r, want x or none" % rec.get("variant"))
    rules = Rules(n, n, range(n * n))
    rules.lines(0, 0, "")
    rules.boxes(0, 0, "")
    if "variant" in rec:
        rules.houses.append(("the main diagonal", [i * n + i for i in range(n)]))
        rules.houses.append(("the anti-diagonal", [i * n + n - 1 - i for i in range(n)]))
    cages = rec["cages"]
    if not isinstance(cages, list) or not cages:
        raise Bad("cages is not a non-empty list")
    owner = [None] * (n * n)
    for i, cage in enumerate(cages):
        if not isinstance(cage, dict):  # other keys ignored, as readers ignore unknown fields
            raise Bad("cage %d is not an object" % i)
        cells = cage["cells"]
        if not isinstance(cells, list) or not 1 <= len(cells) <= n:
            raise Bad("cage %d does not have 1 to %d cells" % (i, n))
        for c in cells:
            if not whole(c) or not 0 <= c < n * n:
                raise Bad("cage %d: cell %r is off the grid" % (i, c))
            if owner[c] is not None:
                raise Bad("cell %d is in cage %d and cage %d" % (c, owner[c], i))
            owner[c] = i
        if not connected(cells, n):
            raise Bad("cage %d is not connected" % i)
        s, k = None, len(cells)
        if "sum" in cage:
            s = cage["sum"]
            if not whole(s) or not k * (k + 1) // 2 <= s <= k * (2 * n - k + 1) // 2:
                raise Bad("cage %d: sum %s is not one %d distinct digits make" % (i, json.dumps(s), k))
        rules.cages.append((cells, s))
    if None in owner:
        raise Bad("cell %d is in no cage" % owner.index(None))
    return rules


class Formula:
    """The CNF of "a full grid keeping rules": variable x(c, d) for every
    used cell c and value d; each cell one value, each house each value
    once, sees pairs and cages never a value twice, non-consecutive pairs
    never d and d+1; a cage with a sum also one variable per set of
    distinct values with that sum, at least one of them true, each
    forcing every cell of the cage into its set. Givens are unit clauses
    the caller adds."""

    def __init__(self, rules):
        self.rules = rules
        n = rules.n
        self.index = {c: i for i, c in enumerate(rules.used)}
        self.nvars = len(rules.used) * n
        self.sets = []  # (cage, value set, variable)
        cl = []

        def at_most_one(lits):
            cl.extend([-a, -b] for i, a in enumerate(lits) for b in lits[i + 1:])

        for c in rules.used:
            cl.append([self.x(c, d) for d in range(1, n + 1)])
            at_most_one(cl[-1])
        for _, h in rules.houses:
            for d in range(1, n + 1):
                cl.append([self.x(c, d) for c in h])
                at_most_one(cl[-1])
        for _, a, b in rules.sees:
            cl.extend([-self.x(a, d), -self.x(b, d)] for d in range(1, n + 1))
        for a, b in rules.nonconsec:
            for d in range(1, n):
                cl.append([-self.x(a, d), -self.x(b, d + 1)])
                cl.append([-self.x(a, d + 1), -self.x(b, d)])
        for i, (cells, s) in enumerate(rules.cages):
            for d in range(1, n + 1):
                at_most_one([self.x(c, d) for c in cells])
            if s is None:
                continue
            ys = []
            for ds in itertools.combinations(range(1, n + 1), len(cells)):
                if sum(ds) != s:
                    continue
                self.nvars += 1
                ys.append(self.nvars)
                self.sets.append((i, set(ds), self.nvars))
                cl.extend([-self.nvars] + [self.x(c, d) for d in ds] for c in cells)
            cl.append(ys)
        self.clauses = cl
        self.text = "".join(" ".join(map(str, c)) + " 0\n" for c in cl)

    def x(self, c, d):
        return self.index[c] * self.rules.n + d

    def holds(self, grid):
        """Whether the assignment of a full grid (with its cages' value
        sets) satisfies every clause: the encoding admits the grid."""
        true = set(self.x(c, grid[c]) for c in self.rules.used)
        true |= set(y for i, ds, y in self.sets if set(grid[c] for c in self.rules.cages[i][0]) == ds)
        return all(any((lit > 0) == (abs(lit) in true) for lit in c) for c in self.clauses)

    def grid(self, true):
        """The full grid of a model, None when a cell has not one value."""
        g = [0] * (self.rules.w * self.rules.w)
        for c in self.rules.used:
            vals = [d for d in range(1, self.rules.n + 1) if self.x(c, d) in true]
            if len(vals) != 1:
                return None
            g[c] = vals[0]
        return g

    def solve(self, solver, extra):
        if any(not c for c in self.clauses + extra):
            return None
        text = self.text + "".join(" ".join(map(str, c)) + " 0\n" for c in extra)
        return run_solver(solver, self.nvars, len(self.clauses) + len(extra), text)


def check_rules(run, rec, rules, minimal):
    """The checks of a variant or killer record under rules: the solution
    keeps them and the givens, the puzzle has no second solution and,
    with minimal (a record with a "minimal" field), the field is true of
    the puzzle. run(formula, extra clauses) solves."""
    puzzle = rules.read(rec["puzzle"], "puzzle", False)
    givens = [c for c in rules.used if puzzle[c]]
    if "givens" in rec and rec["givens"] != len(givens):
        return "givens is %r, the puzzle has %d" % (rec["givens"], len(givens))
    sym = rec.get("symmetry", "none") if rec.get("kind") == "variant" else "none"
    if sym != "none":
        if sym not in SYMMETRIES:
            return "unknown symmetry %r" % sym
        w = rules.w
        image = {}
        for c in rules.used:
            r, k = SYMMETRIES[sym](c // w, c % w, w - 1)
            image[c] = r * w + k
            if bool(puzzle[c]) != bool(puzzle[image[c]]):
                return "symmetry %s: cell %d is %s, its image %d is not" % (
                    sym, c, "given" if puzzle[c] else "empty", image[c])
        why = rules.unkept(image)
        if why:
            return "symmetry %s does not map the geometry onto itself: %s" % (sym, why)
    f = Formula(rules)

    def model_ok(true, keep):
        g = f.grid(true)
        return g is not None and rules.violation(g) is None and all(g[c] == puzzle[c] for c in keep), g

    units = [[f.x(c, puzzle[c])] for c in givens]
    if "solution" not in rec and rec.get("kind") == "variant":
        # a variant record has its solution "when known": find one
        true = run(f, units)
        if true is None:
            return "the puzzle has no solution"
        ok, sol = model_ok(true, givens)
        if not ok:
            return "checker error: the solver's solution is not valid"
    else:
        sol = rules.read(rec["solution"], "solution", True)
    why = rules.violation(sol)
    if why:
        return "the solution breaks a rule: " + why
    if any(puzzle[c] != sol[c] for c in givens):
        return "a given differs from the solution"
    if not f.holds(sol):
        return "checker error: the CNF refuses the record's solution"
    differs = [-f.x(c, sol[c]) for c in rules.used if not puzzle[c]]
    if differs:
        true = run(f, units + [differs])
        if true is not None:
            ok, g = model_ok(true, givens)
            if not ok or g == sol:
                return "checker error: the solver's second solution is not valid"
            c = next(c for c in rules.used if g[c] != sol[c])
            return "a second solution exists (cell %d: %s, not %s)" % (c, DIGITS[g[c] - 1], DIGITS[sol[c] - 1])
    if not minimal or rec.get("kind") == "killer":
        return None
    claim = rec.get("minimal", True)
    if not isinstance(claim, bool):
        return "minimal is %r, not a boolean" % claim
    for c in givens:
        v = puzzle[c]
        true = run(f, [u for u in units if u[0] != f.x(c, v)] + [[-f.x(c, v)]])
        if true is None:
            if claim:
                return "not minimal: the given at cell %d can be removed" % c
            return None
        ok, g = model_ok(true, [k for k in givens if k != c])
        if not ok or g[c] == v:
            return "the solver's second solution without cell %d is not valid" % c
    if not claim:
        return "minimal is false but every given is necessary"
    return None


def main(argv):
    args = list(argv)
    minimal = "--minimal" in args
    verbose = "--verbose" in args
    args = [a for a in args if a not in ("--minimal", "--verbose")]
    solver, limit = None, None
    while len(args) >= 2 and args[0] in ("--solver", "--max"):
        if args[0] == "--solver":
            solver = args[1]
        else:
            limit = int(args[1])
        args = args[2:]
    if len(args) != 1:
        print("usage: satcheck.py [--minimal] [--verbose] [--solver minisat|cadical] [--max N] FILE|-", file=sys.stderr)
        return 2
    names = [solver] if solver else ["minisat", "cadical"]
    found = [shutil.which(s) for s in names if shutil.which(s)]
    if not found:
        print("satcheck: no SAT solver found (%s); install Debian's minisat or cadical" % ", ".join(names), file=sys.stderr)
        return 2
    ck = Checker(found[0])
    src = sys.stdin if args[0] == "-" else open(args[0], encoding="utf-8")
    ok = bad = skipped = 0
    t0 = time.process_time()
    for lineno, line in enumerate(src, 1):
        if limit is not None and ok + bad >= limit:
            break
        if not line.strip():
            continue
        try:
            rec = json.loads(line)
            kind = rec.get("kind")
            if kind in (None, "", "sudoku"):
                err = ck.check(rec, minimal)
            elif kind in ("variant", "killer"):
                rec = dict((k, v) for k, v in rec.items() if v is not None)  # null is absent
                rules = variant_rules(rec) if kind == "variant" else killer_rules(rec)
                err = check_rules(ck.run, rec, rules, minimal)
            else:
                skipped += 1
                continue
        except Bad as e:
            err = str(e)
        except (ValueError, KeyError, TypeError, AttributeError, RuntimeError) as e:
            err = "unreadable record or solver failure: %s" % e
        if err:
            bad += 1
            print("line %d: %s" % (lineno, err))
        else:
            ok += 1
            if verbose:
                ch = resource.getrusage(resource.RUSAGE_CHILDREN)
                print("line %d: ok (%d solver calls, %.1f solver CPU-s so far)"
                      % (lineno, ck.calls, ch.ru_utime + ch.ru_stime), flush=True)
    ch = resource.getrusage(resource.RUSAGE_CHILDREN)
    print("satcheck: %d passed, %d failed%s (%s: %d calls, %.1f CPU-s, %.1f s wall; this script %.1f CPU-s)"
          % (ok, bad, ", %d skipped (slide or unknown kind)" % skipped if skipped else "",
             os.path.basename(ck.solver), ck.calls, ch.ru_utime + ch.ru_stime, ck.seconds,
             time.process_time() - t0))
    return 1 if bad or ok == 0 else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
