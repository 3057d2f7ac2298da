package grade

import (
	"bufio"
	"fmt"
	"os"
	"sort"
	"strings"
	"testing"

	"github.com/sudogen/sudogen/sudoku"
)

func TestScratchClassicPath(t *testing.T) {
	in := os.Getenv("PATHIN")
	if in == "" {
		t.Skip()
	}
	f, _ := os.Open(in)
	defer f.Close()
	out, _ := os.Create(os.Getenv("PATHOUT"))
	defer out.Close()
	sc := bufio.NewScanner(f)
	e := NewEngine(SEProfile())
	for sc.Scan() {
		p, err := sudoku.ParseAuto(strings.TrimSpace(sc.Text())[:81])
		if err != nil {
			t.Fatal(err)
		}
		r, err := e.Rate(p, Options{KeepSteps: true})
		if err != nil {
			t.Fatal(err)
		}
		var steps []string
		for _, s := range r.Steps {
			var xs []string
			if len(s.Placements) > 0 {
				for _, c := range s.Placements {
					xs = append(xs, fmt.Sprintf("P%d=%d", c.Cell, c.Digit))
				}
			} else {
				for _, c := range s.Eliminations {
					xs = append(xs, fmt.Sprintf("E%d-%d", c.Cell, c.Digit))
				}
			}
			sort.Strings(xs)
			steps = append(steps, fmt.Sprintf("%s[%.1f]:%s", s.Tech, s.Difficulty, strings.Join(xs, ",")))
		}
		fmt.Fprintf(out, "%s\t%.1f\t%s\n", strings.TrimSpace(sc.Text())[:81], Round1(r.ER), strings.Join(steps, ";"))
	}
}
