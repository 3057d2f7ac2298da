package variantkind

import (
	"bufio"
	"os"
	"testing"

	"github.com/sudogen/sudogen/export"
	"github.com/sudogen/sudogen/internal/testdata"
)

// TestPublishedVariants: published variant puzzles with their published
// solutions (internal/testdata/mit/variant/published.jsonl: a janko.at
// jigsaw and a samurai-sudoku.com Samurai, MIT) parse as variant records,
// have exactly one solution under the exact solver and it is the
// published one, pass the export check, and pass the independent checker.
func TestPublishedVariants(t *testing.T) {
	f, err := os.Open(testdata.Path(t, "mit/variant/published.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var recs []export.Record
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for n := 1; sc.Scan(); n++ {
		it, _, err := export.ParseLine("published.jsonl", n, sc.Bytes())
		if err != nil {
			t.Fatal(err)
		}
		rec := it.Record
		p, err := Kind{}.Parse(&rec)
		if err != nil {
			t.Fatalf("%s: %v", rec.ID, err)
		}
		count, sol, err := p.Solve(3)
		if err != nil || count != 1 || sol != rec.Solution {
			t.Errorf("%s: %d solutions (%v), first %s; published %s", rec.ID, count, err, sol, rec.Solution)
		}
		if err := export.CheckRecord(&rec); err != nil {
			t.Errorf("%s: export check: %v", rec.ID, err)
		}
		recs = append(recs, rec)
	}
	if len(recs) < 2 {
		t.Fatalf("%d published records, want the jigsaw and the Samurai", len(recs))
	}
	if code, out := varcheck(t, recs); code != 0 {
		t.Errorf("varcheck: exit %d: %s", code, out)
	}
}
