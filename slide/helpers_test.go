package slide

import (
	"bufio"
	"os"
	"testing"

	"github.com/sudogen/sudogen/internal/testdata"
)

type instance struct {
	line  int
	board Board
	known int
}

// loadInstances reads a test data file of boards with their known optimal
// lengths.
func loadInstances(t testing.TB, name string) []instance {
	t.Helper()
	f, err := os.Open(testdata.Path(t, "slide/"+name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []instance
	sc := bufio.NewScanner(f)
	for ln := 1; sc.Scan(); ln++ {
		if len(sc.Text()) == 0 {
			continue
		}
		b, k, err := Parse(sc.Text(), 0)
		if err != nil {
			t.Fatalf("%s:%d: %v", name, ln, err)
		}
		if k < 0 {
			t.Fatalf("%s:%d: no known length", name, ln)
		}
		out = append(out, instance{ln, b, k})
	}
	return out
}
