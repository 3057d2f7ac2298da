#!/usr/bin/env bash
# The project's test command: README and CI (.ci/run) both run this.
# Long runs are off by default; SUDOGEN_LONG=1 turns them on.
set -euo pipefail
cd "$(dirname "$0")/.."
go vet ./...
go test ./...
