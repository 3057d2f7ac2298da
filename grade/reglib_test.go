package grade

import (
	"os"
	"path/filepath"
	"testing"
)

// sharedTestdata finds ../shared/testdata/<rel> from the package folder.
func sharedTestdata(t testing.TB, rel string) string {
	t.Helper()
	for _, up := range []string{"../shared", "../../shared", "../../../shared"} {
		p := filepath.Join(up, "testdata", rel)
		if _, err := os.Stat(p); err == nil {
			return p
		}
	}
	t.Skipf("shared testdata %s not found", rel)
	return ""
}

func runDevLib(t testing.TB) *RegReport {
	path := sharedTestdata(t, "reglib/reglib-dev.txt")
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rep, err := RunRegLib(f, path)
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

// TestRegLibDev requires every case of every implemented technique code of
// HoDoKu's regression library to pass (fail cases: find nothing).
func TestRegLibDev(t *testing.T) {
	rep := runDevLib(t)
	for _, st := range rep.Codes {
		if st.Failed > 0 {
			t.Errorf("%s %s: %d passed, %d failed", st.Code, st.Name, st.Passed, st.Failed)
			for _, f := range st.Failures {
				t.Log("  ", f)
			}
		}
	}
	t.Logf("%d passed (%d chain-length mismatches), %d failed, %d skipped", rep.Passed, rep.LenDiff, rep.Failed, rep.Skipped)
	if rep.Passed == 0 {
		t.Fatal("no case passed")
	}
}

func TestParseRegCaseErrors(t *testing.T) {
	for _, line := range []string{
		":0000:1:..:::",
		":0000:1:" + string(make([]byte, 0)) + "123:::::",
		":00:1:.................................................................................:::::",
		":0000:1:.................................................................................:1a1::::",
		":0000:1:.................................................................................::::x",
	} {
		if _, err := ParseRegCase(line, 7); err == nil {
			t.Errorf("ParseRegCase(%q) accepted bad input", line)
		}
	}
}

func BenchmarkRegLibDev(b *testing.B) {
	for i := 0; i < b.N; i++ {
		runDevLib(b)
	}
}
