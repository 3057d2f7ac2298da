package variantkind

import (
	"context"
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/sudogen/sudogen/generate"
	"github.com/sudogen/sudogen/kind"
	"github.com/sudogen/sudogen/variant"
)

// TestVfromSearchStopsWithRun: a --from search of a maker whose run has
// stopped (its ctx done: Ctrl-C, --max-time) returns at once with
// generate.ErrCanceled, which the batch takes for the stop, instead of
// climbing on to its end.
func TestVfromSearchStopsWithRun(t *testing.T) {
	k, gr := variantKind(t)
	file := filepath.Join(t.TempDir(), "seeds.txt")
	// An X-Sudoku of tier hard (sudogen batch --variant x --tier hard --seed 1).
	if err := os.WriteFile(file, []byte(".......6.....7..349...........3.7....1.5.......7.....5.98.4..7............4.8.1..\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	list := []string{variant.X}
	seeds, err := readFromSeeds(file, list, 9)
	if err != nil {
		t.Fatal(err)
	}
	o := Options{Spec: variant.Spec{Size: 9, Variants: list}, Grade: gr, Tiers: map[string]bool{"nightmare": true},
		From: seeds, Vicinity: generate.VicinityOptions{Climb: 50}}
	mk, err := k.Makers(kind.Spec{Seed: 1, Options: o})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	m, err := mk(ctx)
	if err != nil {
		t.Fatal(err)
	}
	cancel()
	if _, err := m.Make(0, rand.New(rand.NewPCG(1, 1))); !errors.Is(err, generate.ErrCanceled) {
		t.Fatalf("Make after the run stopped: %v, want generate.ErrCanceled", err)
	}
}
