package grade

import (
	"os"
	"strings"
	"testing"

	"github.com/sudogen/sudogen/internal/testdata"
)

// TestSiameseFish checks the fish search's Siamese option against HoDoKu's
// regression library (reglib-dev's Siamese cases, whose eliminations
// HoDoKu wrote): with the option on, some Siamese fish (base houses once,
// both fish's cover houses, a readable text) has exactly the case's
// eliminations; with it off, on some cases no single fish has them (on
// others one fish's eliminations already hold the other's), so the option
// is what finds those.
func TestSiameseFish(t *testing.T) {
	data, err := os.ReadFile(testdata.Path(t, "reglib/reglib-dev.txt"))
	if err != nil {
		t.Fatal(err)
	}
	cases, needed := 0, 0
	for i, line := range strings.Split(string(data), "\n") {
		if !strings.HasPrefix(line, ":") {
			continue
		}
		rc, err := ParseRegCase(strings.TrimSpace(line), i+1)
		if err != nil {
			t.Fatal(err)
		}
		spec := regCodes[rc.Code]
		if !spec.siamese || rc.Fail() {
			continue
		}
		cases++
		tq, _ := TechniqueByID(spec.techs[0])
		want := candKey(rc.Elims)
		var match *Step
		regFind(rc, tq, true, func(s *Step) bool {
			if _, siamese := fishFins(s); siamese && candKey(s.Eliminations) == want {
				match = s
				return false
			}
			return true
		})
		if match == nil {
			t.Errorf("line %d (%s): no Siamese fish with HoDoKu's eliminations", i+1, rc.Code)
			continue
		}
		if k := len(match.Units) / 3; 3*k != len(match.Units) || !inStrings(match.Tech, spec.techs) {
			t.Errorf("line %d (%s): Siamese %s %q has %d units", i+1, rc.Code, match.Tech, match.Detail, len(match.Units))
		}
		if txt := Describe(match, rc.Grid); txt == "" || strings.Contains(txt, "%!") {
			t.Errorf("line %d (%s): bad text %q", i+1, rc.Code, txt)
		}
		single := false
		regFind(rc, tq, false, func(s *Step) bool {
			single = single || candKey(s.Eliminations) == want
			return !single
		})
		if !single {
			needed++
		}
	}
	t.Logf("%d Siamese cases, %d of them found by no single fish", cases, needed)
	if cases == 0 || needed == 0 {
		t.Fatalf("%d Siamese cases, %d needing the option", cases, needed)
	}
}
