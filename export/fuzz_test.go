package export

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/sudogen/sudogen/sudoku"
)

// readerSeeds are inputs of every kind the reader meets: plain puzzles of
// every size, with comments and trailing text, JSONL records, bad lines.
func readerSeeds() []string {
	var seeds []string
	for _, s := range sudoku.Shapes {
		g := sudoku.NewGrid(s)
		g.Cells[0], g.Cells[len(g.Cells)-1] = 1, uint8(s.N())
		seeds = append(seeds,
			g.String()+"\n",
			"# comment\n"+strings.ReplaceAll(g.String(), ".", "0")+" 3.4 rated\n",
			`{"kind":"sudoku","box":[`+string(rune('0'+s.BoxRows))+`,`+string(rune('0'+s.BoxCols%10))+`],"puzzle":"`+g.String()+`"}`+"\n")
	}
	return append(seeds,
		"\xef\xbb\xbf4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\r\n",
		"44"+strings.Repeat(".", 79)+"\n12345\nx\n{\"puzzle\":\n{\"kind\":\"slide\",\"size\":3,\"tiles\":[1,2,3,4,5,6,7,8,0]}\n",
		"{\"puzzle\":\"\xff\"}\n\x00\n", "{}\n{\"box\":[9,9],\"puzzle\":\"1\"}\n{\"box\":[3,2],\"puzzle\":\""+strings.Repeat(".", 36)+"\"}\n",
	)
}

// FuzzReader: any input reads to the end (or one input error) without a
// panic, in a bounded number of calls; each puzzle's grid comes out the
// same through the allocation-free paths (Grids.Parse, Grids.Record) as
// through Item.Grid, and prints back as it was read.
func FuzzReader(f *testing.F) {
	for _, s := range readerSeeds() {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		rd := NewReader(bytes.NewReader(data), "fuzz.txt")
		var grids Grids
		calls := 0
		for {
			calls++
			if calls > len(data)+2 {
				t.Fatalf("%d calls on %d bytes: the reader loops", calls, len(data))
			}
			line, n, err := rd.NextLine()
			if err == io.EOF {
				return
			}
			if err != nil {
				var ie *InputError
				if !errors.As(err, &ie) || ie.Line < 1 {
					t.Fatalf("input error %v", err)
				}
				if _, _, err2 := rd.NextLine(); err2 != err {
					t.Fatalf("input error not sticky")
				}
				return
			}
			it, ok, err := ParseLine("fuzz.txt", n, line)
			if !ok || err != nil {
				var le *LineError
				if err != nil && !errors.As(err, &le) {
					t.Fatalf("line %d: error %T %v, want a *LineError", n, err, err)
				}
				continue
			}
			g, gerr := it.Grid(nil)
			var fast sudoku.Grid
			var ferr error
			if it.JSON {
				var ok bool
				if fast, ok = grids.Record(bytes.TrimSpace(line), nil, false); !ok {
					continue // the full path is the only path for this line
				}
			} else {
				fast, ferr = grids.Parse([]byte(it.Record.Puzzle), nil)
			}
			if (gerr == nil) != (ferr == nil) {
				t.Fatalf("line %q: Item.Grid error %v, fast path error %v", line, gerr, ferr)
			}
			if gerr != nil {
				if gerr.Error() != ferr.Error() {
					t.Fatalf("line %q: messages differ: %q vs %q", line, gerr, ferr)
				}
				continue
			}
			if g.String() != fast.String() || g.Geo.Shape != fast.Geo.Shape {
				t.Fatalf("line %q: grids differ: %s vs %s", line, g, fast)
			}
			if round, err := sudoku.Parse(g.String(), g.Geo.Shape); err != nil || round.String() != g.String() {
				t.Fatalf("line %q: %s does not read back: %v", line, g, err)
			}
		}
	})
}

// FuzzParsePresets: any presets file is read or refused with an error.
func FuzzParsePresets(f *testing.F) {
	f.Add([]byte("a4:\n  page: a4\n  per-page: 4\n"))
	f.Add([]byte("x: {page: letter, margin: NaN, gutter: -1, per-page: 99999999999999999999}\n"))
	f.Add([]byte("[[[[[[\n"))
	f.Add([]byte("a: &a [*a]\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		ps, err := parsePresets(data, "fuzz.yaml")
		if err != nil {
			return
		}
		for _, p := range ps {
			o := DefaultBookOptions()
			if o.Apply(p) == nil {
				o.Check()
			}
		}
	})
}
