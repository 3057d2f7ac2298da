package main

import (
	"bytes"
	"os/exec"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"
)

// explainSweepKiller4 is a 4x4 killer record whose puzzle is puzzle
// (its solution 2314142332414132).
func explainSweepKiller4(puzzle string) string {
	return `{"v":1,"kind":"killer","size":4,"box":[2,2],"puzzle":"` + puzzle + `","solution":"2314142332414132","cages":[{"sum":5,"cells":[0,1]},{"sum":10,"cells":[2,6,7,10]},{"sum":4,"cells":[3]},{"sum":7,"cells":[4,5,9]},{"sum":3,"cells":[8]},{"sum":3,"cells":[11,15]},{"sum":4,"cells":[12]},{"sum":4,"cells":[13,14]}]}`
}

// TestExplainSweepSolvedGrid: explain --next of a grid whose every cell
// is given says the puzzle is already solved (it said "no step found:
// the implemented techniques cannot make progress here", as if the
// grader were stuck), for classic Sudoku, a variant and a killer; a grid
// with one empty cell gets its Full House, the digit of the solution.
func TestExplainSweepSolvedGrid(t *testing.T) {
	const solved = "531746829427895631698312574983164257152978463764253198276431985315689742849527316"
	for _, c := range []struct {
		name  string
		stdin string
		args  []string
		want  string
	}{
		{"classic, full", "", []string{solved}, explainSolved},
		{"classic 4x4, full", "", []string{"1234341221434321"}, explainSolved},
		{"x, full", "", []string{"--variant", "x", solved}, explainSolved},
		{"killer, full", explainSweepKiller4("2314142332414132"), []string{"-"}, explainSolved},
		{"classic, one empty cell", "", []string{solved[:80] + "."}, "Full House: r9c9 = 6"},
		{"killer, one empty cell", explainSweepKiller4(".314142332414132"), []string{"-"}, "r1c1=2"},
	} {
		code, out, errOut := runCLI(t, c.stdin, append([]string{"explain", "--next"}, c.args...)...)
		if code != 0 || !strings.Contains(out, c.want) {
			t.Errorf("%s: exit %d, stdout %q, stderr %q; want %q", c.name, code, out, errOut, c.want)
		}
	}
}

// TestExplainSweepStepCount: explain's closing line counts its steps in
// English: "Solved in 1 step" (it said "1 steps"), "0 steps", "2 steps";
// the count is the number of numbered steps printed.
func TestExplainSweepStepCount(t *testing.T) {
	const solved = "531746829427895631698312574983164257152978463764253198276431985315689742849527316"
	const xSolved = "879365241425871639631249785164982357783154926592637814358716492247593168916428573"
	for _, c := range []struct {
		puzzle string
		want   string
		flags  []string
	}{
		{solved, "Solved in 0 steps;", nil},
		{solved[:80] + ".", "Solved in 1 step;", nil},
		{"." + solved[1:80] + ".", "Solved in 2 steps;", nil},
		// an X-Sudoku, explained by its kind (it said "1 steps" too)
		{xSolved[:80] + ".", "Solved in 1 step;", []string{"--variant", "x"}},
	} {
		code, out, errOut := runCLI(t, "", append([]string{"explain", c.puzzle}, c.flags...)...)
		if code != 0 || !strings.Contains(out, c.want) {
			t.Errorf("explain %s: exit %d, stderr %q, stdout %q; want %q", c.puzzle, code, errOut, out, c.want)
		}
	}
}

// explainSweep25 is a minimal 25x25 puzzle (batch --size 25 --seed 1
// --no-grade) whose solution search takes seconds.
const explainSweep25 = "M.....C.FHBO.57...I.6J.3..6.F..1......GNPM..J......7O15.D.I...L..2......H.K..I..OL...J9.H..E7A1...B.HDA...BG......K....3..O..K..G.649O.H........MD2...DC.M...5.1..462F.KL....EI........A3.F..I1..7.P..8...7.92P.K..8OD...6CEL..N.I....H..E.7LC1......AO..G.FJKI...9.CE.41.O..P7.A..5.1......6D..83...G4.......ME..HN.2P.G.6J..F9.5..19.4.O.3.....2..7A..L..6J..2N.6.G.B.FJ7LO......D3..7......LHJ5..A9...PB1.N.F..9.F.E..C.KH78.DO..J...PJ.BAL7....1.EI.C3F..GK.96PK.O.I.D.N6CJ...4LM.....E65G........4.F..2....37.H..E93....I8.....J.4.B.G....2........1..5B..E...F.O......N.LG.PK.....2H.7...B..JD9..CEI..3.L....M145.LG.H.5..8.A......INDK...3"

// TestExplainSweepCtrlCWhileSolving: explain of a 25x25 first searches
// the solution (seconds); Ctrl-C there stops it at once, exit 130. The
// search ran outside the wait Ctrl-C ends (twice: a count, then the
// solution), so the program went on until the interrupt package's 5 s
// grace ran out ("sudogen: still running 5s after SIGINT: exiting now").
func TestExplainSweepCtrlCWhileSolving(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no SIGINT to a process")
	}
	cmd := exec.Command(buildBinary(t), "explain", "--next", explainSweep25)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	time.Sleep(300 * time.Millisecond) // in the search by now
	sent := time.Now()
	if err := cmd.Process.Signal(syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	err := cmd.Wait()
	took := time.Since(sent)
	code := -1
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	}
	if err == nil {
		t.Skip("the search ended before the signal (a fast machine): nothing to interrupt")
	}
	if code != 130 || took > 2*time.Second || strings.Contains(stderr.String(), "still running") {
		t.Errorf("SIGINT while solving: exit %d after %v, stderr %q; want 130 within a second", code, took.Round(time.Millisecond), stderr.String())
	}
}
