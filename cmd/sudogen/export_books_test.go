package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/sudogen/sudogen/export"
)

// spoolFiles lists the files under dir (recursively): what a run left in
// its temporary folder.
func spoolFiles(dir string) []string {
	var out []string
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && p != dir {
			out = append(out, strings.TrimPrefix(p, dir+"/"))
		}
		return nil
	})
	return out
}

// TestXLSXInterruptLeavesNoSpool (audit 2026-12-02 #8): excelize spools a
// streamed sheet past 16 MB to files in the temporary folder; Ctrl-C on
// an export that has spooled leaves none of them (nor any other file) in
// $TMPDIR, and no workbook. The corpus is one real puzzle under 60,000
// ids, enough rows for a spool.
func TestXLSXInterruptLeavesNoSpool(t *testing.T) {
	bin := buildBinary(t)
	dir := t.TempDir()
	tmp := t.TempDir()
	src := exportCorpus(t, "1")
	line, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	var rec map[string]any
	if err := json.Unmarshal(line, &rec); err != nil {
		t.Fatal(err)
	}
	var big bytes.Buffer
	for i := range 60000 {
		rec["id"] = fmt.Sprintf("spool-%06d", i)
		b, _ := json.Marshal(rec)
		big.Write(b)
		big.WriteByte('\n')
	}
	corpus := filepath.Join(dir, "big.jsonl")
	if err := os.WriteFile(corpus, big.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "x.xlsx")
	cmd := exec.Command(bin, "export", corpus, "-o", out)
	cmd.Env = append(os.Environ(), "TMPDIR="+tmp)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	// Wait, with a deadline, for excelize's first spool file.
	deadline := time.After(3 * time.Minute)
	tick := time.NewTicker(20 * time.Millisecond)
	defer tick.Stop()
wait:
	for {
		select {
		case <-deadline:
			cmd.Process.Kill()
			t.Fatalf("no spool file in %s after 3 minutes: %q", tmp, spoolFiles(tmp))
		case err := <-done:
			t.Fatalf("export ended (%v) before it spooled; stderr %q", err, stderr.String())
		case <-tick.C:
			for _, f := range spoolFiles(tmp) {
				if strings.HasPrefix(filepath.Base(f), "excelize-") {
					break wait
				}
			}
		}
	}
	cmd.Process.Signal(syscall.SIGINT)
	err = <-done
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != 130 {
		t.Errorf("exit %v, want 130; stderr %q", err, stderr.String())
	}
	if left := spoolFiles(tmp); len(left) > 0 {
		t.Errorf("the interrupted export left %q in $TMPDIR", left)
	}
	if _, err := os.Stat(out); err == nil {
		t.Error("an interrupted export wrote the workbook")
	}
}

// TestBatchHTMLInterruptKeepsPage (audit 2026-12-02 #4): Ctrl-C on
// `batch --format jsonl,html` writes the play page of the puzzles made at
// once, leaving the hints not yet computed out, instead of computing
// them past the 5 s grace and losing everything.
func TestBatchHTMLInterruptKeepsPage(t *testing.T) {
	bin := buildBinary(t)
	out := filepath.Join(t.TempDir(), "book")
	cmd := exec.Command(bin, "batch", "--size", "12", "--no-grade", "--count", "100000", "--seed", "1", "--format", "jsonl,html", "-o", out)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	// Wait, with a deadline, until the staged JSONL has its first block
	// (about 90 puzzles): their hints take far longer than the grace.
	deadline := time.After(3 * time.Minute)
	tick := time.NewTicker(20 * time.Millisecond)
	defer tick.Stop()
wait:
	for {
		select {
		case <-deadline:
			cmd.Process.Kill()
			t.Fatalf("no puzzles staged after 3 minutes: %q", spoolFiles(out))
		case err := <-done:
			t.Fatalf("batch ended (%v) before the signal; stderr %q", err, stderr.String())
		case <-tick.C:
			matches, _ := filepath.Glob(filepath.Join(out, ".*", ".puzzles.jsonl.tmp-*"))
			for _, m := range matches {
				if st, err := os.Stat(m); err == nil && st.Size() > 0 {
					break wait
				}
			}
		}
	}
	cmd.Process.Signal(syscall.SIGINT)
	err := <-done
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != 130 || strings.Contains(stderr.String(), "exiting now") {
		t.Fatalf("exit %v, stderr %q; want 130 with the puzzles kept", err, stderr.String())
	}
	recs, err := os.ReadFile(filepath.Join(out, "puzzles.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	page, err := os.ReadFile(filepath.Join(out, "puzzles.html"))
	if err != nil {
		t.Fatalf("no page kept: %v; stderr %q", err, stderr.String())
	}
	n := bytes.Count(recs, []byte("\n"))
	if n == 0 || !bytes.Contains(page, []byte(`"count":`+fmt.Sprint(n))) {
		t.Errorf("the page does not hold the %d puzzles kept (stderr %q)", n, stderr.String())
	}
}

// audit25 is the audit's 25x25 (`sudogen batch --size 25 --givens
// 300-350 --count 1 --seed 1 --no-grade`): its play page hints ran for
// more than 115 CPU-s without a work budget.
const audit25 = `{"v":1,"id":"s25-0000000","kind":"sudoku","size":25,"box":[5,5],"puzzle":"M9..P.C.FHBO157D..I.6J.3..6.F..1....D.GNPM.OJ......7O15.D..9..L.A2.....PH.K2.I..OLK..J9.H...7.1...B.HD.4J.BGN......5L...F.O.MK..G.64..LH.........D2C..DC8M....G19B46.F.KLO3...I.....DM..3.F..I1..7.P..84...392P.K..8OD...6CEL..N5....N.8..B.LC1M.9..2.OK.GG.JK.L.M.DCE.416O2..7..H8.H1B.CIO.6D..8.N...4........E...N72P.G..J8..9O5...98.D.F.E.....M..A..LI..JC..N..8G..4.J7L.HC..I..3K.7M.....LHJ5...9K...B14.OF1..2F3.4..M.H78GD.6.JB....4BA..OP.8.N.ID.3.H.GKM96PK3.H.FD1.6CJB...LM7....E65GI.......4PFL.21J...7D.FA..31.7..8.M...J..6BLGPN..27....4...D...G..C...6.8..5MB.6.GE.KO4.....9.DIJ.O6.D.2..EIG..F.7P...1.5ALGP.45...O.7....1.N.K....","solution":"M9L8P4CAFHBO157DNGIK6JE32C6KFBE12354DIGNPMHOJ89LA7E7O15JD8I93MLCA264BFNPHGK23INGOLK6MJ9FHP8E7A14C5BDHDA4JPBGN7268EK5LC93FIO1MKJFG1649OLH3APEI5N8MD2C7BDC8MAN75G19B462FPKLO3HJEIOEHL2DMCA3KF5NI1BJ7GP69844B7392PIKFG8ODJAH6CELM1N5IP56NH8JEB7LC1M493D2AOKFGGFJKIL5M9DCEB416O23P7NAH85H1B7CIOJ6DA983NKEG42FPML3LMECAHN72PIGK6J8DF9O5B41984DOF3EPKN52MH7AB1LIG6JCA2NP68G1B4FJ7LOHCM5IED3K97MDCEG6LHJ523A9KI8PB14NOF1N92F3E45CMKH78GDO6AJBILPJ4BAL7OP281NEIDC3FH5GKM96PK3OHIFD1N6CJBG94LM75A82E65GI8K9BMAO4PFLE21JNC37DHFAE931K7DI8HM2COJ546BLGPNNI27KMA34PL1DJ5BG9ECH8F6O81C5MBN6LGEPKO43FA2H97DIJBO6JD92HCEIGN3FL7PK8M145ALGPH45JF8OA769BM1INDKE2C3","givens":312,"minimal":false,"symmetry":"none","canonical":".........1...23..456..789...4A57BC...D...2E3...F.G.58H.EG.6...AI.DJ..7.3.4KCL....MN.......G9..K..I6BM73E.9F.8A5G.B6.N..I.2C.......3.9EH..BJGNO.6A8.2F....526.....4.L.8.....9......8OB...GP.I.MKD72FL..C...K.L.2M.NE86..JPC....H.4.D..C.L...2K9.7....3..EJ....7P...B.G..6AO5..NH..M.1..N5LO.7..D...3..I...9G28.4.E.HC95.O.321G..LB.67.D..9....G61C.F......E.85NO..AG2...K...H...J.EDL4....LC..A.1O.N..4F....3..E74....7.P..LEJC..3K1...A.66N...CELJFA.K.BI.O.8.M1.5J...7.....6.O91.B.EM2D..FKE.OB.6D2.8..M..........C.1..I.D6N.9F.P.A83B2K.G.E.B7L.O5.F83I1.K.H...6C..M.OC.4K97M.J2.N86..L......28..61.GLB..M4C..F.O9..I.3..F...A.JB...LEM9.C71O..","seed":1,"index":0}`

// TestPlayHints25Budget (audit 2026-12-02 #4): the play page's hints for
// a 25x25 stop at the work budget grade and explain use: a path past it
// is no path (OverBudget, said on the page), not a page that never
// finishes.
func TestPlayHints25Budget(t *testing.T) {
	var r export.Record
	if err := json.Unmarshal([]byte(audit25), &r); err != nil {
		t.Fatal(err)
	}
	type out struct {
		h   export.Hints
		err error
	}
	ch := make(chan out, 1)
	go func() {
		h, err := playHints(&r)
		ch <- out{h, err}
	}()
	select {
	case o := <-ch:
		if o.err != nil {
			t.Fatal(o.err)
		}
		if !o.h.Solved && !o.h.OverBudget {
			t.Errorf("hints neither solved nor over budget: %d steps", len(o.h.Steps))
		}
		if o.h.OverBudget && len(o.h.Steps) > 0 {
			t.Errorf("over budget with %d steps stored", len(o.h.Steps))
		}
	case <-time.After(4 * time.Minute):
		t.Fatal("the 25x25's hints did not finish in 4 minutes")
	}
}
