package main

import (
	"strings"
	"testing"
)

// TestSwresearchTableKillerHeading: grade --format table heads the rating
// column of killer rows "killer", not SE's "ER" (a killer's number is on
// the killer ladder's scale, docs/grading.md), and a table mixing kinds
// heads each run of rows by its own scale. Checked against the rows'
// kinds as written in the input, not against grade's own code.
func TestSwresearchTableKillerHeading(t *testing.T) {
	const (
		classic = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
		killer6 = "abbcddaeecffggechhigjjjhigkjllmmkkll a=5,b=9,c=10,d=6,e=8,f=10,g=15,h=13,i=8,j=13,k=15,l=11,m=3"
	)
	for _, tc := range []struct {
		name  string
		lines []string
		want  []string // the heading of the rating column above each row, in order
	}{
		{"classic", []string{classic}, []string{"ER"}},
		{"killer", []string{killer6}, []string{"killer"}},
		{"mixed", []string{classic, killer6, killer6, classic}, []string{"ER", "killer", "killer", "ER"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errOut := runCLI(t, strings.Join(tc.lines, "\n")+"\n", "grade", "--format", "table", "--workers", "2")
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errOut)
			}
			var got []string
			head := ""
			heads := 0
			for _, l := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
				f := strings.Fields(l)
				if len(f) > 1 && f[0] == "line" {
					if f[1] == head {
						t.Errorf("heading %q repeated without a change of scale:\n%s", head, out)
					}
					head = f[1]
					heads++
					continue
				}
				got = append(got, head)
			}
			if strings.Join(got, ",") != strings.Join(tc.want, ",") {
				t.Errorf("rating headings above the rows %v, want %v:\n%s", got, tc.want, out)
			}
			if heads == 0 {
				t.Errorf("no heading line:\n%s", out)
			}
		})
	}
}
