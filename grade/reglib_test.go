package grade

import (
	"os"
	"testing"

	"github.com/sudogen/sudogen/internal/testdata"
)

func runDevLib(t testing.TB) *RegReport {
	path := testdata.Path(t, "reglib/reglib-dev.txt")
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

// TestRegLibDev requires every case of HoDoKu's regression library to
// pass (fail cases: find nothing), none skipped, and chains of another
// length than HoDoKu's on under 1% of the cases.
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
	if rep.Skipped > 0 {
		for _, st := range rep.Codes {
			if st.Skipped > 0 {
				t.Errorf("%s %s: %d skipped", st.Code, st.Name, st.Skipped)
			}
		}
	}
	if total := rep.Passed + rep.Failed + rep.Skipped; rep.LenDiff*100 >= total {
		t.Errorf("%d of %d cases found with a chain of another length (1%% allowed)", rep.LenDiff, total)
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
