package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/sudogen/sudogen/batch"
	"github.com/sudogen/sudogen/internal/numfmt"
)

// readRecords reads a JSONL file into generic records.
func readRecords(t *testing.T, path string) []map[string]any {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var recs []map[string]any
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var r map[string]any
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		recs = append(recs, r)
	}
	return recs
}

// TestBatchTechniqueTargeting: --hardest and --requires keep puzzles whose
// path, re-graded by `sudogen grade`, has that hardest step and those
// techniques; the checker finds them valid, unique and minimal; the
// summary says what was generated, graded and dropped.
func TestBatchTechniqueTargeting(t *testing.T) {
	dir := t.TempDir()
	var files []string
	for i, c := range []struct {
		flags    []string
		hardest  string
		requires []string
	}{
		{[]string{"--hardest", "x-wing"}, "x-wing", nil},
		{[]string{"--requires", "xy-wing", "--tier", "hard"}, "", []string{"xy-wing"}},
		{[]string{"--requires", "naked-pair, pointing"}, "", []string{"naked-pair", "pointing"}},
	} {
		out := filepath.Join(dir, fmt.Sprintf("t%d.jsonl", i))
		files = append(files, out)
		args := append([]string{"batch", "--count", "4", "--seed", "3", "-o", out}, c.flags...)
		code, _, errOut := runCLI(t, "", args...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", c.flags, code, errOut)
		}
		if !regexp.MustCompile(`(?m)^targeting: [\d,]+ puzzles generated, [\d,]+ graded \([\d.]+%\), 4 kept \([\d.]+% of generated\); dropped: [\d,]+ solved by singles and locked candidates \(not graded\)`).MatchString(errOut) {
			t.Errorf("%v: summary %q", c.flags, errOut)
		}
		code, stdout, errOut := runCLI(t, "", "grade", out)
		if code != 0 {
			t.Fatalf("grade: exit %d: %s", code, errOut)
		}
		regraded := filepath.Join(dir, "g.jsonl")
		if err := os.WriteFile(regraded, []byte(stdout), 0o644); err != nil {
			t.Fatal(err)
		}
		recs := readRecords(t, regraded)
		if len(recs) != 4 {
			t.Fatalf("%v: %d records regraded", c.flags, len(recs))
		}
		for _, r := range recs {
			if c.hardest != "" && r["hardest"] != c.hardest {
				t.Errorf("%v: %s regrades with hardest %v", c.flags, r["puzzle"], r["hardest"])
			}
			techs, _ := r["techniques"].(map[string]any)
			for _, id := range c.requires {
				if techs[id] == nil {
					t.Errorf("%v: %s regrades without %s: %v", c.flags, r["puzzle"], id, techs)
				}
			}
		}
	}
	// One checker run for the three (a python start is 0.5 CPU-s).
	sudocheckFiles(t, true, files...)
}

// TestBatchTargetRefuses: unknown or impossible targets are usage errors
// naming the flag and what is valid.
func TestBatchTargetRefuses(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--requires", "x-wnig"}, `--requires "x-wnig": unknown technique (did you mean x-wing?); expected one of: full-house, hidden-single,`},
		{[]string{"--hardest", "skyscraper"}, "--hardest skyscraper: the se profile's path never uses it"},
		{[]string{"--hardest", "x-wing", "--tier", "extreme"}, "no puzzle can be kept: tier extreme with hardest x-wing (SE 3.2)"},
		{[]string{"--requires", "x-wing", "--no-grade"}, "--requires needs grading: drop --no-grade"},
		{[]string{"--max-time", "-5s", "--tier", "hard"}, "--max-time -5s: expected a positive duration"},
	} {
		code, _, errOut := runCLI(t, "", append([]string{"batch", "--count", "2", "-o", "-"}, c.args...)...)
		if code != 2 || !strings.Contains(errOut, c.want) || strings.Count(errOut, "\n") != 1 {
			t.Errorf("%v: exit %d, %q; want exit 2 with %q", c.args, code, errOut, c.want)
		}
	}
}

// TestMaxTimeLineHugeCount: the time the rest of a --count near 2^63
// would take is said in years, not as a negative duration (it overflowed
// a time.Duration: "need about -2562047h47m16.854775808s more").
func TestMaxTimeLineHugeCount(t *testing.T) {
	for _, c := range []struct {
		count int64
		want  string
	}{
		{math.MaxInt64, "need about 4.67e+08 years more"},
		{1252, "need about 1s more"},
	} {
		var b strings.Builder
		opts := &BatchOptions{ErrOut: &b, MaxTime: time.Second}
		opts.maxTimeLine(&batch.Stats{Accepted: 626, Attempts: 626, Elapsed: time.Second}, c.count)
		if !strings.Contains(b.String(), c.want) {
			t.Errorf("--count %d: %q, want %q", c.count, b.String(), c.want)
		}
	}
}

// TestBatchMaxTime: --max-time ends a run that cannot fill its count,
// keeps what it found (a valid file), says how many and why, and the same
// command with --resume goes on to the same records a run without the
// limit makes.
func TestBatchMaxTime(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "m.jsonl")
	args := []string{"batch", "--tier", "hard", "--count", "100000", "--seed", "9", "--workers", "2", "-o", out}
	code, _, errOut := runCLI(t, "", append(args, "--max-time", "1s")...)
	m := regexp.MustCompile(`(?m)^stopped at --max-time 1s: kept ([\d,]+) of the 100,000 puzzles asked for \(at the rate seen, the other [\d,]+ need about \S+ more; the same command with --resume continues the run\)$`).FindStringSubmatch(errOut)
	if code != 0 || m == nil {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	kept := len(readRecords(t, out))
	if m[1] != numfmt.Int(kept) || kept == 0 {
		t.Fatalf("says kept %s, file has %d", m[1], kept)
	}
	// Resume to a few more, and compare with a fresh run of that count.
	n := strconv.Itoa(kept + 3)
	if code, _, errOut := runCLI(t, "", "batch", "--tier", "hard", "--count", n, "--seed", "9", "--resume", "-q", "-o", out); code != 0 {
		t.Fatalf("resume: exit %d: %s", code, errOut)
	}
	fresh := filepath.Join(dir, "f.jsonl")
	if code, _, errOut := runCLI(t, "", "batch", "--tier", "hard", "--count", n, "--seed", "9", "--workers", "1", "-q", "-o", fresh); code != 0 {
		t.Fatalf("fresh: exit %d: %s", code, errOut)
	}
	sameFiles(t, "resumed after --max-time", out, fresh)

	// Nothing found in time: exit 1, nothing written.
	none := filepath.Join(dir, "none.jsonl")
	code, _, errOut = runCLI(t, "", "batch", "--box", "2x3", "--tier", "nightmare", "--count", "1", "--seed", "1",
		"--max-attempts", "1000000000", "--max-time", "300ms", "-o", none)
	if code != 1 || !strings.Contains(errOut, "no puzzle found within --max-time 300ms (") || !strings.Contains(errOut, "nothing written") {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	if _, err := os.Stat(none); err == nil {
		t.Errorf("%s written", none)
	}
}

// sameAsFreshGrade checks that every record of file carries its own
// puzzle's grading: `sudogen grade` of the puzzles says the same rating,
// tier, hardest step and HoDoKu level.
func sameAsFreshGrade(t *testing.T, what, file string) {
	t.Helper()
	var plain strings.Builder
	recs := readRecords(t, file)
	for _, r := range recs {
		plain.WriteString(r["puzzle"].(string) + "\n")
	}
	code, graded, errOut := runCLI(t, plain.String(), "grade", "-")
	if code != 0 {
		t.Fatalf("grade: exit %d: %s", code, errOut)
	}
	lines := strings.Split(strings.TrimSpace(graded), "\n")
	if len(lines) != len(recs) {
		t.Fatalf("grade: %d lines for %d records", len(lines), len(recs))
	}
	for i, r := range recs {
		var g map[string]any
		if err := json.Unmarshal([]byte(lines[i]), &g); err != nil {
			t.Fatal(err)
		}
		for _, k := range []string{"rating", "tier", "hardest", "hodoku_level", "hodoku_score"} {
			if g[k] != r[k] {
				t.Errorf("%s record %v: %s %v, graded afresh %v", what, r["puzzle"], k, r[k], g[k])
			}
		}
	}
}

// TestBatchTridagonStart: --start tridagon searches from puzzles built
// around a tridagon (here with --climb-score givens); the output is the same for 1 and 2 workers, valid,
// unique and minimal by the checker, in the tier, and each record's
// grading is the puzzle's own (the climb rates with the SE profile only
// and grades the delivered puzzle in full). Misuse is refused.
func TestBatchTridagonStart(t *testing.T) {
	dir := t.TempDir()
	base := []string{"batch", "--search", "vicinity", "--tier", "extreme", "--start", "tridagon", "--climb-score", "givens", "--climb", "2", "--count", "3", "--seed", "3", "-q"}
	one, two := filepath.Join(dir, "w1.jsonl"), filepath.Join(dir, "w2.jsonl")
	for _, c := range []struct{ out, workers string }{{one, "1"}, {two, "2"}} {
		if code, _, errOut := runCLI(t, "", append(base, "--workers", c.workers, "-o", c.out)...); code != 0 {
			t.Fatalf("exit %d: %s", code, errOut)
		}
	}
	sameFiles(t, "--start tridagon with 1 and 2 workers", one, two)
	sudocheck(t, one, true)
	for _, r := range readRecords(t, one) {
		if r["tier"] != "extreme" {
			t.Errorf("record %v: tier %v", r["puzzle"], r["tier"])
		}
	}
	sameAsFreshGrade(t, "--start tridagon", one)
	seeds := filepath.Join(dir, "seeds.txt")
	os.WriteFile(seeds, []byte("..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..\n"), 0o644)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--tier", "nightmare", "--start", "tridagon", "--from", seeds}, "--start tridagon makes the starts of the search: drop --from"},
		{[]string{"--tier", "nightmare", "--start", "tridagon", "--search", "vicinity", "--size", "6"}, "--start tridagon makes 9x9 puzzles (3x3 boxes); this run makes 6x6"},
		{[]string{"--tier", "hard", "--start", "tridagon"}, "--start tridagon goes on with a vicinity search"},
		{[]string{"--start", "tridagon"}, "--start tridagon goes on with a vicinity search"},
		{[]string{"--no-grade", "--start", "tridagon"}, "--start tridagon needs grading: drop --no-grade"},
		{[]string{"--tier", "nightmare", "--start", "pattern"}, "--start"},
		{[]string{"--tier", "hard", "--climb-score", "givens"}, "--climb-score givens goes on with a vicinity search"},
		{[]string{"--no-grade", "--climb-score", "givens"}, "--climb-score givens needs grading: drop --no-grade"},
		{[]string{"--tier", "nightmare", "--climb-score", "steps"}, "--climb-score"},
	} {
		code, _, errOut := runCLI(t, "", append([]string{"batch", "--count", "2", "-o", "-"}, c.args...)...)
		if code != 2 || !strings.Contains(errOut, c.want) {
			t.Errorf("%v: exit %d, %q; want exit 2 with %q", c.args, code, errOut, c.want)
		}
	}
}

// TestBatchVicinity: --from starts vicinity searches from a file; the
// output is the same for any --workers, never holds a seed, is valid,
// unique and minimal by the checker, meets the tier, and a run stopped
// by --max-time and resumed ends byte-identical to an uninterrupted one.
func TestBatchVicinity(t *testing.T) {
	dir := t.TempDir()
	seeds := filepath.Join(dir, "seeds.txt")
	os.WriteFile(seeds, []byte("# two hard puzzles\n"+
		"..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..\n"+
		"4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n"), 0o644)
	base := []string{"batch", "--from", seeds, "--tier", "hard", "--vicinity", "-1+1", "--seed", "5", "-q"}
	one, two := filepath.Join(dir, "w1.jsonl"), filepath.Join(dir, "w2.jsonl")
	for _, c := range []struct{ out, workers string }{{one, "1"}, {two, "3"}} {
		if code, _, errOut := runCLI(t, "", append(base, "--count", "4", "--workers", c.workers, "-o", c.out)...); code != 0 {
			t.Fatalf("exit %d: %s", code, errOut)
		}
	}
	sameFiles(t, "--from with 1 and 3 workers", one, two)
	sudocheck(t, one, true)
	recs := readRecords(t, one)
	for _, r := range recs {
		if r["tier"] != "hard" || strings.Contains(string(mustRead(t, seeds)), r["puzzle"].(string)) {
			t.Errorf("record %v: not hard, or a seed", r["puzzle"])
		}
	}
	// Stopped at once by --max-time, then resumed.
	out := filepath.Join(dir, "r.jsonl")
	code, _, errOut := runCLI(t, "", append(base, "--count", "4", "--max-time", "1ns", "-o", out)...)
	if code != 1 && code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if code, _, errOut := runCLI(t, "", append(base, "--count", "4", "--resume", "-o", out)...); code != 0 {
		t.Fatalf("resume: exit %d: %s", code, errOut)
	}
	sameFiles(t, "resumed vicinity run", out, one)

	// --climb: the searches go on past their first hit; each record
	// carries its own puzzle's grading (a fresh grade says the same).
	climb := filepath.Join(dir, "climb.jsonl")
	if code, _, errOut := runCLI(t, "", append(base, "--count", "3", "--climb", "2", "-o", climb)...); code != 0 {
		t.Fatalf("--climb: exit %d: %s", code, errOut)
	}
	sudocheck(t, climb, true)
	sameAsFreshGrade(t, "--climb", climb)

	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"--from", seeds, "--search", "random", "--tier", "hard"}, 2, "--from starts vicinity searches: drop --search random"},
		{[]string{"--from", seeds}, 2, "a vicinity search needs something to look for"},
		{[]string{"--from", filepath.Join(dir, "none.txt"), "--tier", "hard"}, 2, "--from: cannot read " + filepath.Join(dir, "none.txt") + ": no such file or directory"},
		{[]string{"--from", seeds, "--tier", "hard", "--size", "6"}, 1, seeds + ":2: a 9x9 puzzle (3x3 boxes); this run makes 6x6 puzzles (2x3 boxes)"},
		{[]string{"--search", "vicinity", "--tier", "hard", "--givens", "30-35"}, 2, "makes no --symmetry and no --givens range"},
		{[]string{"--search", "vicinity", "--tier", "hard", "--vicinity", "-0+2"}, 2, `--vicinity "-0+2": expected -N+M`},
		{[]string{"--tier", "hard", "--climb", "2"}, 2, "--climb goes on with a vicinity search"},
		{[]string{"--no-grade", "--climb", "2"}, 2, "--climb needs grading: drop --no-grade"},
		{[]string{"--tier", "nightmare", "--plateau", "2"}, 2, "--plateau goes on with a climb: give --climb N"},
		{[]string{"--from", seeds, "--tier", "hard", "--climb", "-1"}, 2, "--climb"},
	} {
		code, _, errOut := runCLI(t, "", append([]string{"batch", "--count", "2", "-o", "-"}, c.args...)...)
		if code != c.code || !strings.Contains(errOut, c.want) {
			t.Errorf("%v: exit %d, %q; want exit %d with %q", c.args, code, errOut, c.code, c.want)
		}
	}
}

func mustRead(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestBatchTargetFlagsNotIgnored (issue 21 review of kind/sudoku_target.go
// and kind/sudoku_batch.go): a target, search or grading flag the run
// would not use is refused in one line naming it, exit 2, instead of being
// silently ignored; a --vicinity move is checked even when unused; --from
// naming a folder says so in one line (exit 1, as a missing file), an
// empty --requires or --hardest is refused, --from with --symmetry says
// to drop one (not to use --search random, which --from refuses), and a
// --from that cannot be read twice (a device, a pipe) is refused, since
// its seeds would then not be excluded from the output.
func TestBatchTargetFlagsNotIgnored(t *testing.T) {
	dir := t.TempDir()
	seeds := filepath.Join(dir, "seeds.txt")
	os.WriteFile(seeds, []byte("..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..\n"), 0o644)
	tiers := filepath.Join(dir, "tiers.yaml")
	os.WriteFile(tiers, []byte("tiers: [\n"), 0o644)
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"--tier", "hard", "--vicinity", "abc"}, 2, `--vicinity "abc": expected -N+M`},
		{[]string{"--tier", "hard", "--vicinity", "-1+1"}, 2, "--vicinity -1+1 goes on with a vicinity search: give --search vicinity"},
		{[]string{"--vicinity", "-3+2"}, 2, "--vicinity -3+2 goes on with a vicinity search"},
		{[]string{"--no-grade", "--from", seeds}, 2, "--from starts searches for graded targets, which need grading: drop --no-grade"},
		{[]string{"--no-grade", "--search", "vicinity"}, 2, "--search vicinity needs grading: drop --no-grade"},
		{[]string{"--no-grade", "--vicinity", "-1+1"}, 2, "--vicinity -1+1 needs grading: drop --no-grade"},
		{[]string{"--no-grade", "--tiers", tiers}, 2, "--tiers is for grading: drop --no-grade"},
		{[]string{"--no-grade", "--profile", "hodoku"}, 2, "--profile is for grading: drop --no-grade"},
		{[]string{"--no-grade", "--as-given"}, 2, "--as-given is for grading: drop --no-grade"},
		{[]string{"--variant", "x", "--no-grade", "--tiers", tiers}, 2, "--tiers is for grading: drop --no-grade"},
		{[]string{"--variant", "x", "--no-grade", "--profile", "hodoku"}, 2, "--profile is for grading: drop --no-grade"},
		{[]string{"--tier", "hard", "--from", dir}, 2, "--from: cannot read " + dir + ": it is a folder; expected a corpus (JSONL or puzzle lines)\n"},
		{[]string{"--tier", "hard", "--from", os.DevNull}, 2, "--from " + os.DevNull + ": not a regular file"},
		{[]string{"--tier", "hard", "--requires", ",,"}, 2, `--requires ",,": expected technique ids`},
		{[]string{"--hardest", " "}, 2, `--hardest " ": expected a technique id`},
		{[]string{"--tier", "hard", "--from", seeds, "--symmetry", "rot180"}, 2, "makes no --symmetry and no --givens range; drop them (or --from)"},
	} {
		code, _, errOut := runCLI(t, "", append([]string{"batch", "--count", "2", "-o", "-"}, c.args...)...)
		if code != c.code || !strings.Contains(errOut, c.want) || strings.Count(errOut, "\n") != 1 {
			t.Errorf("%v: exit %d, %q; want exit %d with %q, one line", c.args, code, errOut, c.code, c.want)
		}
	}
}
