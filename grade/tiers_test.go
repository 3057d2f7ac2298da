package grade

import (
	"strings"
	"testing"
)

func TestDefaultTiers(t *testing.T) {
	tt := DefaultTiers()
	cases := []struct {
		r    float64
		want string
	}{{1.0, "easy"}, {1.5, "easy"}, {1.6, "medium"}, {2.8, "medium"}, {2.9, "hard"}, {4.4, "hard"}, {4.5, "expert"}, {6.9, "expert"}, {7.0, "extreme"}, {8.9, "extreme"}, {9.0, "nightmare"}, {11.9, "nightmare"}}
	for _, c := range cases {
		if got := tt.Of(c.r); got != c.want {
			t.Errorf("Of(%.1f) = %q, want %q", c.r, got, c.want)
		}
	}
	if got := tt.OfResult(&Result{ER: Beyond}); got != "beyond" {
		t.Errorf("unfinished: %q", got)
	}
	if sel, err := tt.ParseSelection("hard,expert"); err != nil || !sel["hard"] || !sel["expert"] || len(sel) != 2 {
		t.Errorf("selection: %v %v", sel, err)
	}
	if sel, err := tt.ParseSelection("any"); err != nil || sel != nil {
		t.Errorf("any: %v %v", sel, err)
	}
	if _, err := tt.ParseSelection("hard,brutal"); err == nil || !strings.Contains(err.Error(), "brutal") {
		t.Errorf("unknown tier accepted: %v", err)
	}
}

func TestParseTiersErrors(t *testing.T) {
	cases := []struct{ name, yaml, want string }{
		{"overlap", "sudoku:\n  tiers:\n    - {name: a, min: 0, max: 2.0}\n    - {name: b, min: 1.9, max: 3}\n", "f.yaml:4: tier b (min 1.9) overlaps tier a (line 3"},
		{"gap", "sudoku:\n  tiers:\n    - {name: a, min: 0, max: 2.0}\n    - {name: b, min: 2.5}\n", "f.yaml:4: gap between tier a (max 2.0) and tier b (min 2.5)"},
		{"no section", "slide:\n  x: 1\n", "no \"sudoku:\" section"},
		{"reversed", "sudoku:\n  tiers:\n    - {name: a, min: 3, max: 2}\n", "f.yaml:3: tier a: max 2.0 is below min 3.0"},
		{"after open end", "sudoku:\n  tiers:\n    - {name: a, min: 0}\n    - {name: b, min: 5}\n", "overlaps"},
		{"dup", "sudoku:\n  tiers:\n    - {name: a, min: 0, max: 1}\n    - {name: a, min: 1.1}\n", "name used twice"},
		{"bad key", "sudoku:\n  tier:\n    - {name: a, min: 0}\n", "f.yaml:2: unknown key \"tier\""},
		{"syntax", "sudoku: [\n", "f.yaml:1: did not find expected node content (not valid YAML)"},
		{"wrong type", "sudoku:\n  tiers:\n    - {name: a, min: x}\n", "f.yaml:3: tier: min \"x\" is not a number"},
		// a typo'd key is refused, not read as a tier without a max (it
		// then "overlapped" the next tier, "max none")
		{"typo in a tier", "sudoku:\n  tiers:\n    - {name: a, min: 0, mx: 3}\n    - {name: b, min: 3.1}\n", "f.yaml:3: tier: unknown key \"mx\" (expected name, min and optional max)"},
		// ratings have one decimal: max 3.05 then min 3.15 passed the gap
		// check, and a 3.1 fell in no tier
		{"two decimals", "sudoku:\n  tiers:\n    - {name: a, min: 0, max: 3.05}\n    - {name: b, min: 3.15}\n", "f.yaml:3: tier a: 3.05 has more than one decimal; ratings have one (3.0 or 3.1?)"},
	}
	for _, c := range cases {
		_, err := ParseTiers([]byte(c.yaml), "f.yaml")
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want %q", c.name, err, c.want)
		}
	}
	// Other top-level sections (slide:) are ignored.
	tt, err := ParseTiers([]byte("slide:\n  easy: {max: 20}\nsudoku:\n  beyond: unrated\n  tiers:\n    - {name: all, min: 0}\n"), "f.yaml")
	if err != nil || tt.Of(5) != "all" || tt.Beyond != "unrated" {
		t.Errorf("tolerant parse: %v %+v", err, tt)
	}
}

// TestParseTiersSection: the table is read from the section the caller
// (a kind) names; another section of the file is not read, and a missing
// section is named in the error.
func TestParseTiersSection(t *testing.T) {
	doc := []byte("sudoku:\n  tiers:\n    - {name: a, min: 0.0}\nmykind:\n  beyond: past\n  tiers:\n    - {name: low, min: 0.0, max: 4.9}\n    - {name: high, min: 5.0}\n")
	got, err := ParseTiersSection(doc, "t.yaml", "mykind")
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Join(got.Names(), ","); n != "low,high,past" {
		t.Errorf("mykind: tiers %s, want low,high,past", n)
	}
	if def, err := ParseTiers(doc, "t.yaml"); err != nil || strings.Join(def.Names(), ",") != "a,beyond" {
		t.Errorf("ParseTiers: %v %v, want the sudoku section a,beyond", def, err)
	}
	if _, err := ParseTiersSection(doc, "t.yaml", "other"); err == nil || err.Error() != `t.yaml: no "other:" section` {
		t.Errorf("missing section: %v", err)
	}
}
