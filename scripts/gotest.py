#!/usr/bin/env python3
"""Runs `go test` on every package of the module, a few at a time, and
prints a line per package as it finishes (scripts/test.sh calls it).

    scripts/gotest.py [PATTERN...] [-- GO-TEST-FLAGS...]

PATTERN defaults to ./... . Each package is its own `go test -json PKG`
(after `go vet ./...` has compiled every dependency, so the packages share
the build cache and nothing is built twice), JOBS at a time (default: the
number of CPUs), the packages known to be long started first so that the
short ones fill the other slots; cmd/sudogen runs as three jobs (its
browser tests and two halves of the rest: SPLIT below). A line per job when it finishes:

    ok    cmd/sudogen (cli-a)  52.3 s   slowest: TestHostileInputs 9.5 s, ...
    FAIL  grade              12.0 s   (the failing tests' output follows)

and, while packages run, a line every HEARTBEAT seconds (default 60) saying
which are still running. The failed tests' output is printed in full; a
package that fails without a failing test (a build error, a panic, a
timeout) gets its whole output. At the end: the wall time, and the exit
status is 1 if any package failed.
"""

import json
import os
import queue
import shutil
import subprocess
import sys
import threading
import time

# Started first: the packages whose tests take longest (measured with
# `go test -json`, see README "Tests"); the rest follow in `go list` order.
LONG_FIRST = ["cmd/sudogen (browser)", "grade", "cmd/sudogen (cli-b)", "cmd/sudogen (cli-a)", "variant",
              "killer", "variantkind", "export", "generate", "sudoku", "batch"]

# Packages run as several `go test` processes, each its own job:
# cmd/sudogen's browser tests (TestPlayPage and TestPlayPageMore:
# chromium, their subtests in parallel), and its other tests, which run one after another, in two
# halves of about the same time (about 52 s each on a quiet machine,
# 2026-12-06: the batch, resume, hostile-input, export and sliding-puzzle
# tests, then the rest). As one process the package was the suite's
# critical path; split, its parts pack into the free slots like any other
# package. Not when the flags choose tests themselves (-run, -skip).
# The browser job takes a whole slot: chromium works nearly two cores
# while it runs (in a cpuacct cgroup of its own, 2026-12-07: 105-123
# CPU-s in 59-82 s wall at load 4-10; bash's time around the same job,
# which chromium's processes escape, said 27 CPU-s), so the suite's
# CPU is about 80-95 s more than time(1) of .ci/run says, and it cannot
# share its slot with another job to any gain.
_CLI_A = "Test(Batch|Resume|Hostile|Export|Slide)"
_BROWSER = "TestPlayPage(More)?$"
SPLIT = {"cmd/sudogen": [("browser", ["-run", "^" + _BROWSER]),
                         ("cli-a", ["-run", "^" + _CLI_A]),
                         ("cli-b", ["-skip", "^(" + _BROWSER + "|" + _CLI_A + ")"])]}

HEARTBEAT = float(os.environ.get("HEARTBEAT", "60"))


def main():
    args = sys.argv[1:]
    flags = []
    if "--" in args:
        i = args.index("--")
        args, flags = args[:i], args[i + 1:]
    patterns = args or ["./..."]
    jobs = int(os.environ.get("JOBS") or os.cpu_count() or 2)

    module = subprocess.run(["go", "list", "-m"], capture_output=True, text=True, check=True).stdout.strip()
    listed = subprocess.run(["go", "list", *patterns], capture_output=True, text=True)
    if listed.returncode != 0:
        sys.stderr.write(listed.stderr)
        return 2
    pkgs = listed.stdout.split()

    def short(p):
        return p[len(module) + 1:] if p.startswith(module + "/") else ("." if p == module else p)

    rank = {name: i for i, name in enumerate(LONG_FIRST)}
    # a job is (package, label, extra flags)
    choose = any(f.split("=")[0].lstrip("-") in ("run", "skip") for f in flags)
    jobsl = []
    for p in pkgs:
        parts = None if choose else SPLIT.get(short(p))
        if parts:
            jobsl += [(p, f"{short(p)} ({label})", tuple(extra)) for label, extra in parts]
        else:
            jobsl.append((p, short(p), ()))
    jobsl.sort(key=lambda j: rank.get(j[1], len(rank)))
    width = max(len(j[1]) for j in jobsl)

    start = time.monotonic()
    todo = list(jobsl)
    running = {}  # job -> start time
    done = queue.Queue()
    lock = threading.Lock()
    failed = []
    results = []

    def run(job):
        pkg, _, extra = job
        t0 = time.monotonic()
        proc = subprocess.Popen(["go", "test", "-json", *flags, *extra, pkg], stdout=subprocess.PIPE,
                                stderr=subprocess.STDOUT, text=True, errors="replace")
        tests = {}  # test name -> {"out": [...], "elapsed": s, "action": ...}
        pkgout = []  # every line, for a package-level failure
        action = None
        for line in proc.stdout:
            try:
                ev = json.loads(line)
            except ValueError:
                pkgout.append(line)
                continue
            if not isinstance(ev, dict):
                pkgout.append(line)
                continue
            out = ev.get("Output")
            test = ev.get("Test")
            act = ev.get("Action")
            if act in ("build-output",):
                pkgout.append(out or "")
                continue
            if out is not None:
                pkgout.append(out)
                if test:
                    tests.setdefault(test, {"out": []})["out"].append(out)
            if test and act in ("pass", "fail", "skip"):
                t = tests.setdefault(test, {"out": []})
                t["action"], t["elapsed"] = act, ev.get("Elapsed") or 0
            elif not test and act in ("pass", "fail", "skip"):
                action = act
        rc = proc.wait()
        if action is None:
            action = "fail" if rc != 0 else "pass"
        if rc != 0:
            action = "fail"
        done.put((job, action, time.monotonic() - t0, tests, pkgout))

    def launch():
        while todo and len(running) < jobs:
            job = todo.pop(0)
            running[job] = time.monotonic()
            threading.Thread(target=run, args=(job,), daemon=True).start()

    launch()
    last = time.monotonic()
    while running:
        try:
            job, action, took, tests, pkgout = done.get(timeout=max(1.0, HEARTBEAT - (time.monotonic() - last)))
        except queue.Empty:
            now = time.monotonic()
            if now - last >= HEARTBEAT:
                busy = ", ".join(f"{j[1]} ({now - t:.0f} s)" for j, t in running.items())
                print(f"..    {now - start:.0f} s: running {busy}; {len(todo)} waiting", flush=True)
                last = now
            continue
        del running[job]
        name = job[1]
        launch()
        last = time.monotonic()
        top = sorted(((v.get("elapsed", 0), n) for n, v in tests.items() if "/" not in n and v.get("action")), reverse=True)
        slow = ", ".join(f"{n} {e:.1f} s" for e, n in top[:3] if e >= 5)
        results.append((took, name))
        mark = {"pass": "ok  ", "skip": "ok  ", "fail": "FAIL"}[action]
        if action != "fail" and not tests:
            mark = "--  "  # no test files, or no tests
        print(f"{mark}  {name:<{width}}  {took:6.1f} s" + (f"   slowest: {slow}" if slow else ""), flush=True)
        if action == "fail":
            failed.append(name)
            bad = [n for n, v in tests.items() if v.get("action") == "fail"]
            # a subtest's failure shows under its own name; print the leaves
            leaves = [n for n in bad if not any(o.startswith(n + "/") for o in bad)]
            if leaves:
                for n in leaves:
                    sys.stdout.write("".join(tests[n]["out"]))
                # a parent's own lines (its log, a panic) too
                for n in bad:
                    if n not in leaves:
                        own = [l for l in tests[n]["out"] if not l.lstrip().startswith(("--- ", "=== "))]
                        sys.stdout.write("".join(own))
            # a panic, a timeout, a build error: the whole output
            tail = "".join(pkgout)
            if not leaves or "panic:" in tail or "test timed out" in tail:
                sys.stdout.write(tail)
            sys.stdout.flush()
    wall = time.monotonic() - start
    status = f"{len(failed)} of {len(jobsl)} jobs failed: {', '.join(failed)}" if failed else f"{len(pkgs)} packages ok ({len(jobsl)} jobs)"
    print(f"go test: {status}; {wall:.0f} s wall, {jobs} packages at a time", flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    if shutil.which("go") is None:
        sys.exit("gotest.py: go not on the PATH")
    try:
        sys.exit(main())
    except KeyboardInterrupt:
        sys.exit(130)
