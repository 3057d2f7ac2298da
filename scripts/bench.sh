#!/usr/bin/env bash
# Headline benchmarks: medians, each labelled with its clock and printed
# beside a reference measured in the same run.
#
#   scripts/bench.sh                 every line of BENCHES, BENCH_COUNT runs each (default 5)
#   scripts/bench.sh sudoku batch    only lines whose package matches a word (their
#                                    references are run too)
#   scripts/bench.sh --memory [N]    the flat-memory run: sudogen batch --count N
#                                    (default 1000000) with --no-grade, peak RSS via /usr/bin/time -v
#   scripts/bench.sh --anchors [TEXT] only the anchor rows (below); with TEXT only
#                                    the rows whose name holds it ("rate", "SE 7")
#   scripts/bench.sh --rate16 [N [S]]  the 16x16 rating sample (issue 26): N puzzles
#                                    (default 100) of batch --box 4x4 --no-grade --seed 1,
#                                    each graded alone with no work budget and stopped at
#                                    S CPU-s (default 5, ulimit -t): how many finish
#
# Clocks: a metric ending in "/cpu-s" is items per CPU-second (process
# user+system time, all goroutines); one ending in "/s-wall" is per second
# of wall time; a benchmark with neither is shown as ops per wall second
# from ns/op. The machine is shared and its speed changes by 2x from hour
# to hour, so every figure is printed with the median of a reference
# benchmark run in the same invocation and the ratio between the two: for
# a command run end to end, the engine benchmark doing the same work; for
# the rest, the exact solver on 17-clue.txt (BenchmarkUnique17Clue, "the
# yardstick").
#
# Anchor rows (issue 26): each command end to end beside the fastest
# specialist at the same job, built from its public source outside the
# repository by scripts/anchors.sh ($SUDOGEN_ANCHORS, default
# /work/anchors/bin: tdoku-count,
# qqwing, patminlex, hodoku (HoDoKu 2.2's batch solve, /bs), serate (Sudoku
# Explainer's batch rater)), run interleaved in the same invocation, each side's
# process CPU time (user+sys) per round, medians of BENCH_COUNT rounds
# (default 3). An anchor that is not there is reported absent and our
# figure is printed alone. The whole published sets come from
# $SUDOGEN_TESTDATA (default ../shared/testdata beside the checkout).
set -euo pipefail
cd "$(dirname "$0")/.."

# One line per headline figure:
#   package  benchmark-regexp  benchtime  reference  what it measures
# reference: "pkg:BenchmarkName" of another benchmark, or "-" for the
# yardstick. To add yours, add a line (report
# b.ReportMetric(n/cpuSeconds, "puzzles/cpu-s")).
YARDSTICK='./sudoku:BenchmarkUnique17Clue'
BENCHES='
./sudoku   ^BenchmarkUnique17Clue$      1s     -                                 uniqueness check (count to 2), 17-clue.txt
./sudoku   ^BenchmarkUniqueHardest$     1s     -                                 uniqueness check, forum-hardest-11plus.txt
./sudoku   ^BenchmarkUniqueTop1465$     1s     -                                 uniqueness check, top1465.txt
./cmd/sudogen ^BenchmarkSolveCount17Clue$ 3x   ./sudoku:BenchmarkUnique17Clue    sudogen solve --count --limit 2 end to end, 17-clue.txt, all CPUs
./cmd/sudogen ^BenchmarkSolve17Clue$    3x     ./sudoku:BenchmarkUnique17Clue    sudogen solve end to end (solutions printed), 17-clue.txt
./sudoku   ^BenchmarkDigMinimal$        20x    -                                 solver side of minimal-puzzle digging, 9x9/12x12/16x16
./generate ^BenchmarkMinimal9$          2s     -                                 generate minimal 9x9, one goroutine
./generate ^BenchmarkMinimal12$         2s     -                                 generate minimal 12x12, one goroutine
./generate ^BenchmarkMinimal16$         10x    -                                 generate minimal 16x16, one goroutine
./generate ^BenchmarkMinimal25$         2x     -                                 generate minimal 25x25, one goroutine (issue 26 target: under 60 CPU-s a puzzle, i.e. over 0.0167 puzzles/CPU-s)
./batch    ^BenchmarkBatch$             3x     -                                 batch pipeline on all CPUs, minimal 9x9 and 12x12, no grading
./batch    ^BenchmarkBatchGraded$       3x     -                                 batch pipeline on all CPUs, 9x9 with grading (the default)
./sudoku   ^BenchmarkCanon              1s     -                                 canonical form (dedupe key)
./cmd/sudogen ^BenchmarkCanonCLI17Clue$ 3x     ./sudoku:BenchmarkCanon17Clue     sudogen canon end to end, 17-clue.txt, all CPUs
./grade    ^BenchmarkSELow$             1s     -                                 grading, SE profile, cb-ser-dev SE <= 6.9
./cmd/sudogen ^BenchmarkGraderLow$      13749x -                                 grade.Grader (uniqueness, canonical form, SE and HoDoKu), same puzzles
./cmd/sudogen ^BenchmarkGradeCLILow$    1x     ./cmd/sudogen:BenchmarkGraderLow  sudogen grade end to end (JSONL out), same puzzles, all CPUs
./cmd/sudogen ^BenchmarkSolveWorkers$   2x     -                                 solve wall-clock rate with --workers 1 and all CPUs (scaling)
./export   ^BenchmarkPDFBook1k$         1x     -                                 PDF book, 1000 puzzles
./export   ^BenchmarkXLSX100k$          1x     -                                 XLSX workbook, 100k puzzles
./slide    ^BenchmarkSolve4Korf$        1x     -                                 15-puzzle optimal solver
'

memory() {
	local n=${1:-1000000}
	local tmp
	tmp=$(mktemp -d)
	trap 'rm -rf "$tmp"' RETURN
	go build -o "$tmp/sudogen" ./cmd/sudogen
	echo "flat-memory run: sudogen batch --no-grade --seed 1 (peak RSS should not grow with --count)"
	printf '%-10s %10s %10s %10s %14s %12s\n' count wall_s cpu_s peak_MiB puzzles/cpu-s file_MiB
	local c
	for c in 10000 "$n"; do
		/usr/bin/time -v "$tmp/sudogen" batch --count "$c" --no-grade --seed 1 --progress never -q \
			-o "$tmp/out.jsonl" 2>"$tmp/time.txt"
		awk -v c="$c" -v size="$(stat -c %s "$tmp/out.jsonl")" '
			/User time/ {u=$NF} /System time/ {s=$NF}
			/Maximum resident set size/ {rss=$NF}
			/Elapsed \(wall clock\)/ {n=split($NF,p,":"); w=0; for(i=1;i<=n;i++) w=w*60+p[i]}
			END {printf "%-10s %10.1f %10.1f %10.1f %14.0f %12.1f\n", c, w, u+s, rss/1024, c/(u+s), size/1048576}' "$tmp/time.txt"
	done
}

# cpu CMD...: run CMD (its stdout to /dev/null) and print its user+sys
# CPU seconds.
cpu() {
	local TIMEFORMAT='%3U %3S' t
	t=$( { time "$@" >/dev/null 2>/dev/null; } 2>&1) || {
		echo "FAIL"
		return
	}
	awk '{printf "%.3f\n", $1 + $2}' <<<"$t"
}

# anchors prints the issue-26 rows: sudogen and the anchor measured
# interleaved, items per CPU-second, medians, the ratio and the target.
# With SUDOGEN_BEFORE=path/to/an/older/sudogen binary that build runs in
# the same rounds too (a "before" column).
anchors() {
	local A=${SUDOGEN_ANCHORS:-/work/anchors/bin}
	local T=${SUDOGEN_TESTDATA:-../shared/testdata}
	local before=${SUDOGEN_BEFORE:-}
	local rounds=${BENCH_COUNT:-3}
	local only=${1:-}
	local tmp
	tmp=$(mktemp -d)
	trap 'rm -rf "$tmp"' RETURN
	go build -o "$tmp/sudogen" ./cmd/sudogen
	local c17=$T/sudoku/17-clue.txt hard=$T/sudoku/forum-hardest-11plus.txt
	if [ ! -f "$c17" ] || [ ! -f "$hard" ]; then
		echo "anchor rows: the whole published sets are not at $T (set SUDOGEN_TESTDATA); skipped"
		return
	fi
	T=$(cd "$T" && pwd)
	c17=$T/sudoku/17-clue.txt hard=$T/sudoku/forum-hardest-11plus.txt
	# 17-clue four times over, so that a round lasts long enough to time.
	cat "$c17" "$c17" "$c17" "$c17" >"$tmp/17x4.txt"
	cp "$hard" "$tmp/forum-hardest-11plus.txt"
	local n17 nhard gen=20000 qq=1000 nse=200 nse_a=10
	n17=$(grep -c '^[^#]' "$tmp/17x4.txt")
	nhard=$(grep -c '^[^#]' "$hard")
	# Rating: 2,128 random minimal 9x9 puzzles (batch --no-grade, seed 1),
	# and the first puzzles of cb-ser-dev.tsv that SE rates 7.0 or more:
	# nse for sudogen, nse_a for serate (seconds to minutes a puzzle).
	"$tmp/sudogen" batch --count 2128 --no-grade --seed 1 --workers 1 --progress never -q --format txt -o "$tmp/min2128.txt"
	awk -F'\t' -v n="$nse" '!/^#/ && $2 >= 7.0 {print $1; if (++k >= n) exit}' "$T/sudoku/cb-ser-dev.tsv" >"$tmp/se7.txt"
	head -n "$nse_a" "$tmp/se7.txt" >"$tmp/se7-anchor.txt"
	echo
	echo "# anchor rows (issue 26): $(nproc) CPUs, load $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null); CPU-s = user+sys of each process; medians of $rounds interleaved rounds"
	# row | items | target ratio | our command (SG: the binary) | anchor | anchor items | anchor command (A: the anchors)
	local rows=(
		"count to 2, 17-clue.txt (x4)|$n17|1.0|SG solve --count --limit 2 --workers 1 17x4.txt|tdoku-count|$n17|A/tdoku-count 17x4.txt"
		"count to 2, forum-hardest-11plus.txt|$nhard|1.0|SG solve --count --limit 2 --workers 1 forum-hardest-11plus.txt|tdoku-count|$nhard|A/tdoku-count forum-hardest-11plus.txt"
		"minimal 9x9 generation|$gen|40|SG batch --count $gen --no-grade --workers 1 --seed 1 --progress never -q -o gen.jsonl|qqwing|$qq|A/qqwing --generate $qq --one-line"
		"canonical form, 17-clue.txt (x4)|$n17|0.5|SG canon --workers 1 17x4.txt|patminlex|$n17|A/patminlex <17x4.txt"
		"rate 2,128 random minimal puzzles|2128|5|SG grade --workers 1 min2128.txt|hodoku|2128|A/hodoku min2128.txt"
		"SE 7.0+ (cb-ser-dev), grade command|$nse|150/CPU-s|SG grade --workers 1 se7.txt|serate|$nse_a|A/serate se7-anchor.txt"
	)
	printf '%-38s %12s %14s %14s %-12s %8s %8s  %s\n' "row" "before/CPU-s" "sudogen/CPU-s" "anchor/CPU-s" "anchor" "ratio" "target" "command"
	local row name items target cmd aname aitems acmd
	for row in "${rows[@]}"; do
		IFS='|' read -r name items target cmd aname aitems acmd <<<"$row"
		if [ -n "$only" ] && [[ $name != *"$only"* ]]; then
			continue
		fi
		local have=1
		[ -x "$A/$aname" ] || have=0
		local os=() bs=() as=() i
		for ((i = 0; i < rounds; i++)); do
			if [ $have = 1 ]; then
				as+=("$(cd "$tmp" && cpu sh -c "${acmd//A\//$A/}")")
			fi
			if [ -n "$before" ]; then
				bs+=("$(cd "$tmp" && cpu sh -c "${cmd//SG/$before}")")
			fi
			os+=("$(cd "$tmp" && cpu sh -c "${cmd//SG/$tmp/sudogen}")")
		done
		python3 - "$name" "$items" "$target" "$aname" "$aitems" "$have" "${cmd//SG/sudogen}" "${os[*]}" "${bs[*]:-}" "${as[*]:-}" <<'PY'
import sys, statistics
name, items, target, aname, aitems, have, cmd, ours, before, anch = sys.argv[1:11]
def rate(times, n):
    ts = [float(t) for t in times.split() if t != "FAIL"]
    if not ts or min(ts) <= 0:
        return None
    return float(n) / statistics.median(ts)
def fmt(r):
    return "FAIL" if r is None else "%.0f" % r
o, b = rate(ours, items), rate(before, items) if before else None
a = rate(anch, aitems) if have == "1" else None
fb = fmt(b) if before else "-"
if have != "1":
    fa, ratio = "absent", "-"
else:
    fa = fmt(a)
    ratio = "%.2fx" % (o / a) if o and a else "-"
# A target is a ratio to the anchor ("5": 5x), or a rate of its own ("150/CPU-s").
tgt = target if "/" in target else target + "x"
print("%-38s %12s %14s %14s %-12s %8s %8s  %s" % (name, fb, fmt(o), fa, aname, ratio, tgt, cmd))
PY
	done
}

# rate16 grades a sample of 16x16 puzzles one process each, with no
# work budget, under a CPU limit of S seconds (ulimit -t: the kernel stops
# a process at S CPU-s of user+sys), and prints per puzzle its CPU-s and
# rating, then how many were rated within the limit (SE 20.0, "beyond",
# counts as not rated).
rate16() {
	local n=${1:-100} lim=${2:-5}
	local tmp
	tmp=$(mktemp -d)
	trap 'rm -rf "$tmp"' RETURN
	go build -o "$tmp/sudogen" ./cmd/sudogen
	"$tmp/sudogen" batch --box 4x4 --count "$n" --no-grade --seed 1 --workers 1 --progress never -q --format txt -o "$tmp/s16.txt"
	echo "# 16x16 rating sample: $n puzzles of 'sudogen batch --box 4x4 --count $n --no-grade --seed 1', each 'sudogen grade --workers 1 --work-budget -1' alone, stopped at $lim CPU-s; load $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null)"
	printf '%-6s %8s %8s  %s\n' index cpu_s rating status
	local i=0 p t r rated=0 ts=()
	while read -r p; do
		i=$((i + 1))
		printf '%s\n' "$p" >"$tmp/p.txt"
		: >"$tmp/out.txt"
		t=$(cd "$tmp" && cpu sh -c "ulimit -t $lim; exec '$tmp/sudogen' grade --workers 1 --work-budget -1 --format se p.txt >out.txt")
		r=$(sed -n 's/.* ED=\([0-9.]*\)\/.*/\1/p' "$tmp/out.txt")
		if [ "$t" != FAIL ] && [ -n "$r" ] && [ "$r" != 20.0 ] && [ "$r" != 0.0 ]; then
			rated=$((rated + 1))
			printf '%-6s %8s %8s  %s\n' "$i" "$t" "$r" rated
			ts+=("$t")
		else
			printf '%-6s %8s %8s  %s\n' "$i" "$t" "${r:--}" "not rated within $lim CPU-s"
		fi
	done <"$tmp/s16.txt"
	echo "rated $rated of $i within $lim CPU-s each; CPU-s of the rated: $(printf '%s\n' "${ts[@]}" | sort -n | awk '{a[NR]=$1; s+=$1} END {if (NR) printf "median %.2f, max %.2f, sum %.1f", a[int((NR+1)/2)], a[NR], s}')"
}

if [ "${1:-}" = "--rate16" ]; then
	rate16 "${2:-}" "${3:-}"
	exit 0
fi
if [ "${1:-}" = "--memory" ]; then
	memory "${2:-}"
	exit 0
fi
if [ "${1:-}" = "--anchors" ]; then
	anchors "${2:-}"
	exit 0
fi

runs=${BENCH_COUNT:-5}
results=$(mktemp)
trap 'rm -f "$results"' EXIT
echo "# $(go version | cut -d' ' -f3-), $(nproc) CPUs, $(date -u +%Y-%m-%dT%H:%MZ), load $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null); medians of $runs runs"

# run PKG REGEXP BENCHTIME: append "pkg:name<TAB>unit<TAB>value" lines for
# every run of the matching benchmarks to $results.
run() {
	local out
	out=$(go test -run '^$' -bench "$2" -benchtime "$3" -count "$runs" "$1" 2>&1) || {
		printf '%s:%s\tFAIL\t0\n' "$1" "$2" >>"$results"
		echo "$out" | tail -5 >&2
		return
	}
	echo "$out" | awk -v pkg="$1" '
		$1 ~ /^Benchmark/ && NF >= 4 {
			name = $1; sub(/-[0-9]+$/, "", name)
			found = 0
			for (i = 3; i < NF; i += 2) {
				u = $(i + 1)
				if (tolower(u) ~ /\/cpu-s$|\/s-wall$|\/s$/) { printf "%s:%s\t%s\t%s\n", pkg, name, u, $i; found = 1 }
			}
			if (!found) for (i = 3; i < NF; i += 2) if ($(i + 1) == "ns/op") printf "%s:%s\tops/s-wall\t%s\n", pkg, name, 1e9 / $i
		}' >>"$results"
}

selected=$(echo "$BENCHES" | while read -r pkg re bt ref what; do
	[ -z "$pkg" ] && continue
	if [ $# -gt 0 ]; then
		keep=0
		for w in "$@"; do case "$pkg" in *"$w"*) keep=1 ;; esac; done
		[ $keep = 1 ] || continue
	fi
	echo "$pkg $re $bt $ref $what"
done)
# The references of the selected lines (and the yardstick) run too, unless
# a selected line's regexp already covers them.
refs=$( (echo "$selected" | awk '{print $4}'; echo "$YARDSTICK") | grep -v '^-$' | sort -u)
torun=$(
	echo "$selected" | awk 'NF {print $1, $2, $3}'
	for r in $refs; do
		pkg=${r%%:*}
		name=${r#*:}
		covered=0
		while read -r p re _; do
			[ "$p" = "$pkg" ] && echo "$name" | grep -qE "$re" && covered=1
		done <<<"$(echo "$selected" | awk 'NF {print $1, $2}')"
		[ $covered = 1 ] || echo "$pkg ^$name\$ 1s"
	done
)
echo "$torun" | while read -r pkg re bt; do
	[ -n "$pkg" ] && [ -d "$pkg" ] || continue
	run "$pkg" "$re" "$bt"
done

echo "$selected" | python3 -c '
import sys, statistics, collections
yard = sys.argv[2]
vals = collections.OrderedDict()
for line in open(sys.argv[1]):
    key, unit, v = line.rstrip("\n").split("\t")
    vals.setdefault(key, {}).setdefault(unit, []).append(float(v))
def med(key):
    units = vals.get(key, {})
    for u, vs in units.items():
        if u != "FAIL":
            return statistics.median(vs), u
    return None, None
def fmt(m):
    return ("%.0f" % m) if m >= 100 else ("%.3g" % m)
def clock(u):
    u = u.lower()
    return "CPU-s" if u.endswith("/cpu-s") else "wall"
print("%-44s %12s  %-20s %-6s  %-34s %12s %7s  %s" % ("benchmark", "median", "unit", "clock", "reference (same run)", "ref median", "ratio", "what"))
for line in sys.stdin:
    f = line.split(None, 4)
    if len(f) < 5:
        continue
    pkg, re_, bt, ref, what = f[0], f[1], f[2], f[3], f[4].strip()
    if ref == "-":
        ref = yard
    prefix = pkg + ":" + re_.strip("^$")
    keys = [k for k in vals if k.startswith(prefix) and (re_.endswith("$") is False or k == prefix or k.startswith(prefix + "/"))]
    if not keys:
        print("%-44s %12s  %-20s %-6s  %s" % (prefix.split(":")[1], "FAIL" if any(k.startswith(prefix) for k in vals) else "-", "", "", what))
        continue
    r, ru = med(ref)
    for k in keys:
        for u, vs in vals[k].items():
            if u == "FAIL":
                print("%-44s %12s  %s" % (k.split(":")[1], "FAIL", what))
                continue
            m = statistics.median(vs)
            ratio = "-" if not r or k == ref else "%.3g" % (m / r)
            refname = ref.split(":")[1].replace("Benchmark", "") if k != ref else "(itself)"
            print("%-44s %12s  %-20s %-6s  %-34s %12s %7s  %s" % (k.split(":")[1], fmt(m), u, clock(u), refname, fmt(r) if r else "-", ratio, what))
' "$results" "$YARDSTICK"

anchors
