package killer

import (
	"bytes"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/sudogen/sudogen/export"
	"github.com/sudogen/sudogen/sudoku"
)

// TestKillerBook: a book of killers (9x9, 6x6 and Killer-X) is written,
// its how-to page explains cages (and Killer-X when one is present), and
// every cage's sum is printed on the puzzle pages and again over the
// answer key. The drawing itself was looked at (pdftoppm) when written.
func TestKillerBook(t *testing.T) {
	var recs []*export.Record
	for i, o := range []Options{{}, {Shape: sudoku.Shape{BoxRows: 2, BoxCols: 3}}, {X: true}} {
		p, sol, _, err := Generate(rand.New(rand.NewPCG(11, uint64(i))), o)
		if err != nil {
			t.Fatal(err)
		}
		r := Grade(p)
		rec := toExport(NewRecord(p, sol, &r))
		recs = append(recs, &rec)
	}
	var buf bytes.Buffer
	if err := export.WritePDF(&buf, recs, export.DefaultBookOptions()); err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(buf.Bytes(), []byte("%PDF")) {
		t.Fatal("not a PDF")
	}
	if _, err := exec.LookPath("pdftotext"); err != nil {
		t.Skip("pdftotext not installed")
	}
	path := filepath.Join(t.TempDir(), "killer.pdf")
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("pdftotext", path, "-").Output()
	if err != nil {
		t.Fatal(err)
	}
	text := string(out)
	for _, want := range []string{"The dashed outlines are cages", "Killer-X: the two long diagonals"} {
		if !strings.Contains(strings.Join(strings.Fields(text), " "), want) {
			t.Errorf("the book lacks %q", want)
		}
	}
	// Every cage's sum is printed twice (puzzle and key): each value at
	// least twice as often as the cages carrying it.
	words := map[string]int{}
	for _, w := range strings.Fields(text) {
		words[w]++
	}
	want := map[string]int{}
	for _, r := range recs {
		for _, cg := range r.Fields.(recordFields).Cages {
			want[strconv.Itoa(cg.Sum)] += 2
		}
	}
	for s, n := range want {
		if words[s] < n {
			t.Errorf("cage sum %s printed %d times, want at least %d (puzzle and key)", s, words[s], n)
		}
	}
}
