package main

import (
	"strings"
	"testing"

	"github.com/sudogen/sudogen/batch"
	"github.com/sudogen/sudogen/export"
	"github.com/sudogen/sudogen/generate"
	"github.com/sudogen/sudogen/sudoku"
)

// FuzzFlagValues: every parser of a flag value (--box, --givens, --shard,
// --symmetry, --count and the other whole numbers, --seed, --gutter,
// --date, the choice flags) reads any text or refuses it with an error,
// never panics, and what it reads prints back to the same value.
func FuzzFlagValues(f *testing.F) {
	for _, s := range []string{"3x3", "2x3", "3x2", "5x5", "0x0", "-1x-1", "9999999999x1", "30-35", "35-30", "1",
		"-5", "0/4", "3/4", "4/4", "1/0", "-1/9223372036854775807", "rot180", "random", "99999999999999999999",
		"-99999999999999999999", "0x10", " 12 ", "auto", "0.5", "NaN", "-Inf", "2024-05-01", "2024-02-30T25:00:00Z", "\xff", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if sh, err := sudoku.ParseShape(s); err == nil {
			if !sh.Valid() {
				t.Fatalf("ParseShape(%q) = invalid %v", s, sh)
			}
			if again, err := sudoku.ParseShape(sh.String()); err != nil || again != sh {
				t.Fatalf("ParseShape(%q) = %v, which reads back as %v, %v", s, sh, again, err)
			}
		}
		if lo, hi, err := generate.ParseGivens(s); err == nil && (lo < 1 || lo > hi) {
			t.Fatalf("ParseGivens(%q) = %d-%d", s, lo, hi)
		}
		if sh, err := batch.ParseShard(s); err == nil {
			if sh.Count < 1 || sh.Index < 0 || sh.Index >= sh.Count {
				t.Fatalf("ParseShard(%q) = %+v", s, sh)
			}
			if !sh.Whole() {
				if again, err := batch.ParseShard(sh.String()); err != nil || again != sh {
					t.Fatalf("ParseShard(%q) = %v, reads back as %v, %v", s, sh, again, err)
				}
			}
		}
		if sym, err := generate.ParseSymmetry(s); err == nil {
			if again, err := generate.ParseSymmetry(string(sym)); err != nil || again != sym {
				t.Fatalf("ParseSymmetry(%q) = %v, reads back as %v, %v", s, sym, again, err)
			}
		}
		var n int64
		fl := newIntFlag(&n, 7, 1)
		if err := fl.Set(s); err == nil {
			if n < 1 {
				t.Fatalf("--count %q accepted as %d", s, n)
			}
			var m int64
			if err := newIntFlag(&m, 0, 1).Set(fl.String()); err != nil || m != n {
				t.Fatalf("--count %q = %d reads back as %d, %v", s, n, m, err)
			}
		} else if n != 7 {
			t.Fatalf("--count %q refused but changed the value to %d", s, n)
		}
		var seed, again uint64
		sf := &seedFlag{v: &seed}
		if err := sf.Set(s); err == nil {
			if err := (&seedFlag{v: &again}).Set(sf.String()); err != nil || again != seed {
				t.Fatalf("--seed %q = %d reads back as %d, %v", s, seed, again, err)
			}
		}
		(&export.BookOptions{}).SetGutter(s)
		bookDate(s, s)
		var c string
		newChoiceFlag(&c, "jsonl", "jsonl", "table").Set(s)
		if c != "jsonl" && c != "table" {
			t.Fatalf("choice flag took %q", c)
		}
	})
}

// FuzzSlideLine: a line of `solve --kind slide` input (numbers or a JSON
// record) is a board or an error.
func FuzzSlideLine(f *testing.F) {
	for _, s := range []string{"8 6 7 2 5 4 3 0 1 31", `{"kind":"slide","size":3,"tiles":[1,2,3,4,5,6,7,0,8]}`,
		`{"kind":"slide","size":4,"tiles":[1,2]}`, `{"kind":"slide","size":9,"tiles":null,"optimal":-3}`, "{", "1 2 3"} {
		f.Add(s, uint8(0))
	}
	f.Fuzz(func(t *testing.T, line string, width uint8) {
		line = strings.TrimSpace(line)
		if line == "" {
			return
		}
		w := []int{0, 3, 4, 5}[width%4]
		b, _, err := parseSlideLine(line, w)
		if err == nil && (w != 0 && b.W != w || b.W < 3 || b.W > 5) {
			t.Fatalf("%q: board of width %d", line, b.W)
		}
	})
}
