package variant

import (
	"bufio"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/sudogen/sudogen/grade"
)

// TestSukakuAgreement compares the SE rating of generated X and windoku
// puzzles, graded over the variant's houses, with SukakuExplainer's
// (SUDOGEN_SUKAKU names the anchor wrapper, e.g. /work/anchors/bin/sukaku;
// SUDOGEN_SUKAKU_COUNT the puzzles per variant, default 200). It reports
// the share of equal ratings (ER, one decimal) and fails below 95%.
func TestSukakuAgreement(t *testing.T) {
	bin := os.Getenv("SUDOGEN_SUKAKU")
	if bin == "" {
		t.Skip("SUDOGEN_SUKAKU not set")
	}
	count := 200
	if s := os.Getenv("SUDOGEN_SUKAKU_COUNT"); s != "" {
		count, _ = strconv.Atoi(s)
	}
	for _, c := range []struct{ name, flag string }{{X, "x"}, {Windoku, "windoku"}} {
		gen, err := NewGenerator(Spec{Size: 9, Variants: []string{c.name}}, Options{})
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(61, 62))
		ours := map[string]float64{}
		var lines []string
		for range count {
			p, err := gen.Generate(rng)
			if err != nil {
				t.Fatal(err)
			}
			res, err := Rate(p.Geometry, p.Puzzle, p.Solution)
			if err != nil {
				t.Fatal(err)
			}
			var b strings.Builder
			for _, v := range p.Puzzle {
				if v == 0 {
					b.WriteByte('.')
				} else {
					b.WriteByte('0' + v)
				}
			}
			ours[b.String()] = grade.Round1(res.ER)
			lines = append(lines, b.String())
		}
		file := filepath.Join(t.TempDir(), c.flag+".txt")
		if err := os.WriteFile(file, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		out, err := exec.Command(bin, "--variant="+c.flag, "--techs=se121", "--threads=2", file).Output()
		if err != nil {
			t.Fatalf("%s: %v", bin, err)
		}
		equal, total := 0, 0
		diffs := map[string]int{}
		sc := bufio.NewScanner(strings.NewReader(string(out)))
		for sc.Scan() {
			f := strings.Split(sc.Text(), "\t")
			if len(f) < 2 {
				continue
			}
			want, err := strconv.ParseFloat(f[1], 64)
			if err != nil {
				continue
			}
			got, ok := ours[f[0]]
			if !ok {
				continue
			}
			total++
			if got == want {
				equal++
			} else {
				diffs[fmt.Sprintf("%.1f->%.1f", want, got)]++
			}
		}
		t.Logf("%s: %d of %d ratings equal to SukakuExplainer's (%.1f%%); differences (sukaku->ours): %v", c.name, equal, total, 100*float64(equal)/float64(max(total, 1)), diffs)
		if total != count {
			t.Errorf("%s: SukakuExplainer rated %d of %d puzzles", c.name, total, count)
		}
		if equal*100 < 95*total {
			t.Errorf("%s: %d of %d equal, below 95%%", c.name, equal, total)
		}
	}
}
