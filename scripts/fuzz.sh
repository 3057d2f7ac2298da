#!/usr/bin/env bash
# Runs every fuzz target (func Fuzz... in any package) for FUZZTIME each
# (default 10s); .ci/run calls it after the tests.
#
#   scripts/fuzz.sh                           every target, 10 s each
#   FUZZTIME=10m nice -n 10 scripts/fuzz.sh   the long run (zero crashes expected)
#   scripts/fuzz.sh export grade              only targets of packages matching a word
#
# Targets run FUZZJOBS at a time (default: the number of CPUs), each with
# one fuzzing worker, so building and the baseline pass of one overlap the
# fuzzing of another. A failing input is saved by go test under the
# package's testdata/fuzz/FuzzName/ (commit it with the fix: it then runs
# as a regular test case). The script prints one line per target and
# exits 1 if any target failed.
set -uo pipefail
cd "$(dirname "$0")/.."
fuzztime=${FUZZTIME:-10s}
jobs=${FUZZJOBS:-$(nproc 2>/dev/null || echo 2)}
logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT
start=$(date +%s)

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

# fuzz PKG NAME: one target, its log and its result line in $logs.
fuzz() {
	local pkg=$1 name=$2 t0 rc execs key
	key=$(echo "$pkg.$name" | tr '/.' '__')
	t0=$(date +%s)
	go test "$pkg" -run '^$' -fuzz "^${name}\$" -fuzztime "$fuzztime" -parallel 1 >"$logs/$key.log" 2>&1
	rc=$?
	execs=$(grep -o 'execs: [0-9]*' "$logs/$key.log" | tail -1 | cut -d' ' -f2)
	if [ $rc -eq 0 ]; then
		printf 'ok    %-28s %-22s %5ss  %s execs\n' "$pkg" "$name" "$(($(date +%s) - t0))" "${execs:-?}" >"$logs/$key.line"
	else
		{
			printf 'FAIL  %-28s %-22s\n' "$pkg" "$name"
			grep -v '^fuzz: elapsed' "$logs/$key.log" | tail -20 | sed 's/^/      /'
		} >"$logs/$key.line"
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
failed=0
while read -r pkg name; do
	[ -n "$pkg" ] || continue
	total=$((total + 1))
	key=$(echo "$pkg.$name" | tr '/.' '__')
	cat "$logs/$key.line"
	grep -q '^FAIL' "$logs/$key.line" && failed=$((failed + 1))
done <<<"$targets"
echo "fuzz: $total targets, $failed failed, $(($(date +%s) - start)) s wall (FUZZTIME=$fuzztime each, $jobs at a time)"
[ $failed -eq 0 ]
