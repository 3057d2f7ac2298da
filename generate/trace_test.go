package generate_test

import (
	"fmt"
	"os"
	"strconv"
	"testing"

	"github.com/sudogen/sudogen/batch"
	"github.com/sudogen/sudogen/generate"
	"github.com/sudogen/sudogen/sudoku"
)

// TestProverTrace runs the dig of `sudogen batch --size 25 --count 1
// --seed S` and prints every prover question (cell, conflicts, answer),
// so that two builds of the prover can be compared question by question
// (a change that keeps the search gives identical lists). It runs only
// when SUDOGEN_TRACE_SEED is set; SUDOGEN_TRACE_MAX stops it after that
// many questions.
func TestProverTrace(t *testing.T) {
	env := os.Getenv("SUDOGEN_TRACE_SEED")
	if env == "" {
		t.Skip("SUDOGEN_TRACE_SEED not set")
	}
	seed, err := strconv.ParseUint(env, 10, 64)
	if err != nil {
		t.Fatal(err)
	}
	most, _ := strconv.Atoi(os.Getenv("SUDOGEN_TRACE_MAX"))
	g, err := generate.New(generate.Options{Shape: sudoku.Shape25, Minimal: true})
	if err != nil {
		t.Fatal(err)
	}
	asked, total := 0, int64(0)
	generate.SetDigAsked(g, func(c int, conflicts int64, found bool) {
		asked++
		total += conflicts
		fmt.Printf("q %d cell %d conflicts %d found %v\n", asked, c, conflicts, found)
		if asked == most {
			fmt.Printf("stopped: %d questions, %d conflicts\n", asked, total)
			t.SkipNow()
		}
	})
	// puzzle 0's random stream in a batch run with this seed
	p, err := g.Sudoku(batch.NewRNG(seed, 0))
	if err != nil {
		t.Fatal(err)
	}
	fmt.Printf("done: %d questions, %d conflicts, %d givens\n%s\n", asked, total, p.Givens(), p.Puzzle)
}
