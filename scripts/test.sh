#!/usr/bin/env bash
# The project's test command: README and CI (.ci/run) both run this.
#
#   scripts/test.sh                    go vet, then every package's tests
#   scripts/test.sh -count=1           the same, no cached results
#   SUDOGEN_LONG=1 scripts/test.sh     the long runs too (hours of CPU)
#   scripts/test.sh -run TestPlayPage  any other go test flags
#
# go vet ./... first (it also compiles every package into the build
# cache), then scripts/gotest.py runs each package's `go test` on its own
# (cmd/sudogen as three: its browser tests and two halves of the rest), as many at a time
# as there are CPUs, the long ones first, and prints a line per job as it
# finishes (with its slowest tests) and a line a minute saying what still
# runs. Each job's tests get -timeout $TESTTIMEOUT (default 10m; 90m with
# SUDOGEN_LONG=1): the longest, cmd/sudogen's browser tests and grade,
# take about 1-2 min each on an idle 2-core machine, more beside other
# work (README, "Tests: how long").
set -euo pipefail
cd "$(dirname "$0")/.."
start=$(date +%s)
timeout=${TESTTIMEOUT:-10m}
[ -n "${SUDOGEN_LONG:-}" ] && timeout=${TESTTIMEOUT:-90m}
go vet ./...
echo "go vet: ok, $(($(date +%s) - start)) s"
# -vet=off: go test would run its own subset of vet's checks on every
# package again (a vet action per package and job, cached only when the
# build cache is warm); go vet ./... above ran every check on every
# package, test files included. A -vet flag given to this script wins.
python3 scripts/gotest.py ./... -- -vet=off -timeout "$timeout" "$@"
echo "scripts/test.sh: $(($(date +%s) - start)) s wall"
