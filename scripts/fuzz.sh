#!/usr/bin/env bash
# Runs every fuzz target (func Fuzz... in any package) for FUZZTIME each
# (default 10s; .ci/run, which calls it after the tests, gives 5s).
#
#   scripts/fuzz.sh                           every target, 10 s each
#   FUZZTIME=10m nice -n 10 scripts/fuzz.sh   the long run (zero crashes expected)
#   scripts/fuzz.sh export grade              only targets of packages matching a word
#
# Each package is built once with fuzzing instrumentation (go test -c
# -fuzz, FUZZJOBS packages at a time), then its targets run from that
# binary, FUZZJOBS at a time
# (default: the number of CPUs), each with one fuzzing worker. The corpus
# kept between runs is go test's own ($GOCACHE/fuzz/PACKAGE), so a long run
# builds on the last one; FUZZFRESH=1 (set by .ci/run) starts from the seed
# corpora alone instead, so a short run's baseline pass does not grow with
# every earlier run.
#
# A failing input is saved under the package's testdata/fuzz/FuzzName/
# (commit it with the fix: it then runs as a regular test case) and the
# target fails. Go 1.26's fuzz coordinator can also end a target with a
# bare "context deadline exceeded" when -fuzztime runs out while a worker
# is mid-input on a loaded machine (golang/go#75804, fixed in Go 1.27):
# such a target wrote no input, so it is rerun once on its corpus (seeds
# and testdata) as a plain test and reported as "ok*" when that passes.
# The script prints one line per target and exits 1 if any target failed.
set -uo pipefail
cd "$(dirname "$0")/.."
fuzztime=${FUZZTIME:-10s}
jobs=${FUZZJOBS:-$(nproc 2>/dev/null || echo 2)}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
start=$(date +%s)
module=$(go list -m)
cachebase=$(go env GOCACHE)/fuzz
[ "${FUZZFRESH:-}" = 1 ] && cachebase=$work/cache

targets=$(grep -rHo --include='*_test.go' '^func Fuzz[A-Za-z0-9_]*' . | sed 's#^\./##; s#:func #:#' | sort |
	while IFS=: read -r file name; do
		pkg=./$(dirname "$file")
		if [ $# -gt 0 ]; then
			keep=0
			for w in "$@"; do case "$pkg" in *"$w"*) keep=1 ;; esac; done
			[ $keep = 1 ] || continue
		fi
		echo "$pkg $name"
	done)

keyof() { echo "$1" | tr '/.' '__'; }

# Build every package's instrumented test binary once, FUZZJOBS packages
# at a time (a link is one CPU's work; the shared dependencies are built
# once through the build cache).
failed=0
pkgs=$(echo "$targets" | awk 'NF{print $1}' | sort -u)
running=0
for pkg in $pkgs; do
	go test -c -fuzz . -o "$work/$(keyof "$pkg").test" "$pkg" >"$work/$(keyof "$pkg").build" 2>&1 &
	running=$((running + 1))
	if [ $running -ge "$jobs" ]; then
		wait -n || true
		running=$((running - 1))
	fi
done
wait
for pkg in $pkgs; do
	if [ ! -x "$work/$(keyof "$pkg").test" ]; then
		printf 'FAIL  %-28s build\n' "$pkg"
		sed 's/^/      /' "$work/$(keyof "$pkg").build" | tail -20
		failed=$((failed + 1))
	fi
done
echo "fuzz: built $(echo "$targets" | awk 'NF{print $1}' | sort -u | wc -l) packages in $(($(date +%s) - start)) s"

# fuzz PKG NAME: one target, its log and its result line in $work.
fuzz() {
	local pkg=$1 name=$2 t0 rc execs key bin log corpus before after
	key=$(keyof "$pkg.$name")
	bin=$work/$(keyof "$pkg").test
	log=$work/$key.log
	[ -x "$bin" ] || return
	corpus=$pkg/testdata/fuzz/$name
	before=$(ls "$corpus" 2>/dev/null | wc -l)
	t0=$(date +%s)
	(cd "$pkg" && "$bin" -test.run '^$' -test.fuzz "^${name}\$" -test.fuzztime "$fuzztime" -test.parallel 1 \
		-test.fuzzcachedir "$cachebase/$module/${pkg#./}" -test.timeout 0) >"$log" 2>&1
	rc=$?
	after=$(ls "$corpus" 2>/dev/null | wc -l)
	execs=$(grep -o 'execs: [0-9]*' "$log" | tail -1 | cut -d' ' -f2)
	mark="ok  "
	if [ $rc -ne 0 ] && [ "$after" = "$before" ] && grep -q '^    context deadline exceeded$' "$log" &&
		! grep -q -i 'panic\|failing input\|hung or terminated' "$log"; then
		# golang/go#75804: no input written; the corpus must still pass.
		(cd "$pkg" && "$bin" -test.run "^${name}\$" -test.count 1) >>"$log" 2>&1
		rc=$?
		mark="ok* "
	fi
	if [ $rc -eq 0 ]; then
		printf '%s  %-28s %-22s %5ss  %s execs\n' "$mark" "$pkg" "$name" "$(($(date +%s) - t0))" "${execs:-?}" >"$work/$key.line"
	else
		{
			printf 'FAIL  %-28s %-22s\n' "$pkg" "$name"
			grep -v '^fuzz: elapsed' "$log" | tail -20 | sed 's/^/      /'
		} >"$work/$key.line"
	fi
}

running=0
while read -r pkg name; do
	[ -n "$pkg" ] || continue
	fuzz "$pkg" "$name" &
	running=$((running + 1))
	if [ $running -ge "$jobs" ]; then
		wait -n
		running=$((running - 1))
	fi
done <<<"$targets"
wait

total=0
races=0
while read -r pkg name; do
	[ -n "$pkg" ] || continue
	total=$((total + 1))
	key=$(keyof "$pkg.$name")
	[ -f "$work/$key.line" ] || continue
	cat "$work/$key.line"
	grep -q '^FAIL' "$work/$key.line" && failed=$((failed + 1))
	grep -q '^ok\*' "$work/$key.line" && races=$((races + 1))
done <<<"$targets"
[ $races -gt 0 ] && echo "fuzz: ok* = ended by Go 1.26's fuzztime deadline race (golang/go#75804) with no input written; its corpus passed"
echo "fuzz: $total targets, $failed failed, $(($(date +%s) - start)) s wall (FUZZTIME=$fuzztime each, $jobs at a time)"
[ $failed -eq 0 ]
