#!/usr/bin/env bash
# Runs every fuzz target (func Fuzz... in any package) for FUZZTIME each
# (default 10s), one after another; .ci/run calls it after the tests.
#
#   scripts/fuzz.sh                       every target, 10 s each
#   FUZZTIME=10m nice -n 10 scripts/fuzz.sh   the long run (zero crashes expected)
#   scripts/fuzz.sh export grade          only targets of packages matching a word
#
# A failing input is saved by go test under the package's
# testdata/fuzz/FuzzName/ (commit it with the fix: it then runs as a
# regular test case). The script exits 1 if any target failed, after
# trying them all, and prints one line per target.
set -uo pipefail
cd "$(dirname "$0")/.."
fuzztime=${FUZZTIME:-10s}
failed=0
total=0
start=$(date +%s)
while IFS=: read -r file name; do
	pkg=./$(dirname "$file")
	if [ $# -gt 0 ]; then
		keep=0
		for w in "$@"; do case "$pkg" in *"$w"*) keep=1 ;; esac; done
		[ $keep = 1 ] || continue
	fi
	total=$((total + 1))
	t0=$(date +%s)
	out=$(go test "$pkg" -run '^$' -fuzz "^${name}\$" -fuzztime "$fuzztime" 2>&1)
	rc=$?
	execs=$(echo "$out" | grep -o 'execs: [0-9]*' | tail -1 | cut -d' ' -f2)
	if [ $rc -eq 0 ]; then
		printf 'ok    %-28s %-22s %5ss  %s execs\n' "$pkg" "$name" "$(($(date +%s) - t0))" "${execs:-?}"
	else
		failed=$((failed + 1))
		printf 'FAIL  %-28s %-22s\n' "$pkg" "$name"
		echo "$out" | grep -v '^fuzz: elapsed' | tail -20 | sed 's/^/      /'
	fi
done < <(grep -rHo --include='*_test.go' '^func Fuzz[A-Za-z0-9_]*' . | sed 's#^\./##; s#:func #:#' | sort)
echo "fuzz: $total targets, $failed failed, $(($(date +%s) - start)) s (FUZZTIME=$fuzztime each)"
[ $failed -eq 0 ]
