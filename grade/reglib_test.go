package grade

import (
	"bytes"
	"context"
	"io"
	"os"
	"strings"
	"testing"

	"github.com/sudogen/sudogen/internal/testdata"
)

func runDevLib(t testing.TB) *RegReport { return runLib(t, "reglib/reglib-dev.txt") }

// runLib runs the library file name of the test data (testdata.Path).
func runLib(t testing.TB, name string) *RegReport {
	path := testdata.Path(t, name)
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

// TestRegLibDualKitesOtherDigits runs two dual 2-string kites of HoDoKu's
// full library (not in the dev half) whose kites have different digits:
// HoDoKu pairs kites by their two box cells alone. They failed while the
// pairing also required one digit.
func TestRegLibDualKitesOtherDigits(t *testing.T) {
	rep := runLib(t, "reglib/reglib-dual-kites.txt")
	if rep.Passed != 2 || rep.Failed != 0 || rep.Skipped != 0 {
		t.Errorf("%d passed, %d failed, %d skipped; want 2 passed", rep.Passed, rep.Failed, rep.Skipped)
		for _, st := range rep.Codes {
			for _, f := range st.Failures {
				t.Log("  ", f)
			}
		}
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

// cancelAfter cancels a context once n bytes have been read through it.
type cancelAfter struct {
	r      io.Reader
	n      int
	cancel func()
}

func (c *cancelAfter) Read(p []byte) (int, error) {
	if c.n <= 0 {
		c.cancel()
	}
	if len(p) > 512 {
		p = p[:512]
	}
	k, err := c.r.Read(p)
	c.n -= k
	return k, err
}

// TestRegLibStops: a run whose context is done stops between two cases
// and reports the cases checked so far, with Stopped and the last line.
func TestRegLibStops(t *testing.T) {
	data, err := os.ReadFile(testdata.Path(t, "reglib/reglib-dev.txt"))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	rep, err := RunRegLibContext(ctx, bytes.NewReader(data), "lib")
	if err != nil || !rep.Stopped || rep.Cases != 0 || rep.Passed+rep.Failed+rep.Skipped != 0 {
		t.Fatalf("cancelled before: %+v, %v", rep, err)
	}
	ctx, cancel = context.WithCancel(context.Background())
	rep, err = RunRegLibContext(ctx, &cancelAfter{r: bytes.NewReader(data), n: len(data) / 8, cancel: cancel}, "lib")
	all := bytes.Count(data, []byte("\n:"))
	if err != nil || !rep.Stopped || rep.Cases == 0 || rep.Cases >= all || rep.Passed+rep.Failed+rep.Skipped != rep.Cases {
		t.Fatalf("cancelled half way: stopped %v after %d of %d cases (%d passed, %d failed, %d skipped), %v",
			rep.Stopped, rep.Cases, all, rep.Passed, rep.Failed, rep.Skipped, err)
	}
	if lines := bytes.Count(data[:min(len(data), len(data)/8+(64<<10))], []byte("\n")); rep.Through > lines {
		t.Errorf("through line %d, past what was read", rep.Through)
	}
}

// TestRegLibErrorsNameFileLine (audit 2026-12-02 #26): a bad library line
// is named FILE:LINE as every other reader names it, not "FILE: line N".
func TestRegLibErrorsNameFileLine(t *testing.T) {
	for _, c := range []struct{ name, in, want string }{
		{"too few fields", "# a comment\n\nabc\n", "lib.txt:3: expected :code:digits:grid:deleted:eliminations:placements:extra, got 0 fields"},
		{"bad code", ":12:1:" + strings.Repeat(".", 81) + ":::\n", `lib.txt:1: technique code "12": expected 4 or 5 digits`},
		{"line too long", strings.Repeat("1", 2<<20), "lib.txt:1: line longer than 1 MiB: not a file of puzzle lines"},
	} {
		_, err := RunRegLib(strings.NewReader(c.in), "lib.txt")
		if err == nil || err.Error() != c.want {
			t.Errorf("%s: %v, want %q", c.name, err, c.want)
		}
	}
}
