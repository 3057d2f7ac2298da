#!/usr/bin/env bash
# Headline benchmarks, printed as medians of per-CPU-second figures.
#
#   scripts/bench.sh                 every line of BENCHES, BENCH_COUNT runs each (default 5)
#   scripts/bench.sh sudoku batch    only lines whose package matches a word
#   scripts/bench.sh --memory [N]    the flat-memory run: sudogen batch --count N
#                                    (default 1000000) with --no-grade, peak RSS via /usr/bin/time -v
#
# The machine is shared, so wall time is noisy: benchmarks report items per
# CPU-second (process user+system time, all goroutines) as a metric ending
# in "/cpu-s", and this script prints the median of those. A benchmark
# without such a metric is shown as ops per wall second from ns/op.
set -euo pipefail
cd "$(dirname "$0")/.."

# One line per headline figure:
#   package  benchmark-regexp  benchtime  what it measures
# To add yours, add a line (report b.ReportMetric(n/cpuSeconds, "puzzles/cpu-s")).
BENCHES='
./sudoku  ^BenchmarkUnique17Clue$    1s   uniqueness check (count to 2), 17-clue.txt
./sudoku  ^BenchmarkUniqueHardest$   1s   uniqueness check, forum-hardest-11plus.txt
./sudoku  ^BenchmarkUniqueTop1465$   1s   uniqueness check, top1465.txt
./sudoku  ^BenchmarkDigMinimal$      20x  solver side of minimal-puzzle digging, 9x9/12x12/16x16
./generate ^BenchmarkMinimal9$       2s   generate minimal 9x9, one goroutine
./generate ^BenchmarkMinimal12$      2s   generate minimal 12x12, one goroutine
./generate ^BenchmarkMinimal16$      10x  generate minimal 16x16, one goroutine
./batch   ^BenchmarkBatch$           3x   batch pipeline on all CPUs, minimal 9x9 and 12x12, no grading
./batch   ^BenchmarkBatchGraded$     3x   batch pipeline on all CPUs, 9x9 with grading (the default)
./sudoku  ^BenchmarkCanon            1s   canonical form (dedupe key)
./grade   ^BenchmarkSELow$           1s   grading, SE profile
./export  ^BenchmarkPDFBook1k$       1x   PDF book, 1000 puzzles
./export  ^BenchmarkXLSX100k$        1x   XLSX workbook, 100k puzzles
./slide   ^BenchmarkSolve4Korf$      1x   15-puzzle optimal solver
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

if [ "${1:-}" = "--memory" ]; then
	memory "${2:-}"
	exit 0
fi

runs=${BENCH_COUNT:-5}
echo "# $(go version | cut -d' ' -f3-), $(nproc) CPUs, $(date -u +%Y-%m-%dT%H:%MZ); medians of $runs runs"
printf '%-44s %14s  %-16s %s\n' benchmark median unit what
echo "$BENCHES" | while read -r pkg re bt what; do
	[ -z "$pkg" ] && continue
	if [ $# -gt 0 ]; then
		keep=0
		for w in "$@"; do case "$pkg" in *"$w"*) keep=1 ;; esac; done
		[ $keep = 1 ] || continue
	fi
	[ -d "$pkg" ] || { printf '%-44s %14s  %-16s %s\n' "$pkg $re" - "(no package)" "$what"; continue; }
	out=$(go test -run '^$' -bench "$re" -benchtime "$bt" -count "$runs" "$pkg" 2>&1) || {
		printf '%-44s %14s  %-16s %s\n' "$pkg $re" FAIL "" "$what"
		echo "$out" | tail -5 >&2
		continue
	}
	echo "$out" | python3 -c '
import sys, statistics, collections
what = sys.argv[1]
vals = collections.OrderedDict()
for line in sys.stdin:
    f = line.split()
    if not f or not f[0].startswith("Benchmark") or len(f) < 4:
        continue
    name = f[0].rsplit("-", 1)[0]
    metrics = {f[i + 1]: float(f[i]) for i in range(2, len(f) - 1, 2)}
    cpu = {u: v for u, v in metrics.items() if u.lower().endswith("/s") or u.lower().endswith("/cpu-s")}
    if not cpu and "ns/op" in metrics:
        cpu = {"ops/s (wall)": 1e9 / metrics["ns/op"]}
    for u, v in cpu.items():
        vals.setdefault((name, u), []).append(v)
if not vals:
    print("%-44s %14s  %-16s %s" % ("(none matched)", "-", "", what))
for (name, u), vs in vals.items():
    m = statistics.median(vs)
    print("%-44s %14s  %-16s %s" % (name, ("%.0f" % m) if m >= 100 else ("%.3g" % m), u, what))
' "$what"
done
