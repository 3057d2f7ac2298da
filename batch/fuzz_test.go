package batch

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudogen/sudogen/sudoku"
)

// FuzzReadRunFile: any bytes as a run file are read without a panic; a
// run file that reads back encodes to one that reads back the same, and
// an error is one line.
func FuzzReadRunFile(f *testing.F) {
	f.Add(RunFile{Sudogen: "v1 abc", Options: [][2]string{{"--seed", "4"}, {"--shape", "9x9 (3x3 boxes)"}}}.Encode())
	f.Add([]byte(`{"sudogen":"x","options":[["--seed"]]}`))
	f.Add([]byte(`{"options":null}`))
	f.Add([]byte("\x00\xff{"))
	f.Add([]byte(`[1,2,3]`))
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, b []byte) {
		path := filepath.Join(dir, "run.json")
		if err := os.WriteFile(path, b, 0o644); err != nil {
			t.Fatal(err)
		}
		rf, err := ReadRunFile(path)
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Fatalf("error on several lines: %q", err)
			}
			return
		}
		if err := os.WriteFile(path, rf.Encode(), 0o644); err != nil {
			t.Fatal(err)
		}
		again, err := ReadRunFile(path)
		if err != nil {
			t.Fatalf("re-encoded run file does not read back: %v\n%s", err, rf.Encode())
		}
		if d := rf.Diff(again); d != "" || !bytes.Equal(rf.Encode(), again.Encode()) {
			t.Fatalf("round trip changed the run file: %s", d)
		}
	})
}

// FuzzScanPartial: any bytes as a partial output are scanned without a
// panic, and the prefix kept is whole lines of the file, each a record
// that passes the checks (so scanning just that prefix keeps all of it).
func FuzzScanPartial(f *testing.F) {
	lines := runLines(f, sudoku.Shape9, 7, 3, Shard{})
	whole := strings.Join(lines, "")
	f.Add([]byte(whole))
	f.Add([]byte(whole[:len(whole)-30]))
	f.Add([]byte(lines[0] + "\n\n"))
	f.Add([]byte(strings.Replace(whole, `"givens":`, `"givens":1`, 1)))
	dir := f.TempDir()
	shape := RunShape{Kind: "sudoku", Size: 9, Seed: 7}
	f.Fuzz(func(t *testing.T, b []byte) {
		path := filepath.Join(dir, "part.jsonl")
		if err := os.WriteFile(path, b, 0o644); err != nil {
			t.Fatal(err)
		}
		p, err := ScanPartial(path, shape)
		if err != nil {
			t.Fatal(err)
		}
		if p.Bytes > int64(len(b)) || (p.Bytes > 0 && b[p.Bytes-1] != '\n') || int64(bytes.Count(b[:p.Bytes], []byte("\n"))) != p.Records {
			t.Fatalf("kept %d records in %d bytes of %q", p.Records, p.Bytes, b)
		}
		if err := os.WriteFile(path, b[:p.Bytes], 0o644); err != nil {
			t.Fatal(err)
		}
		q, err := ScanPartial(path, shape)
		if err != nil || q.Records != p.Records || q.Stop != "" {
			t.Fatalf("the kept prefix scans as %d records, stop %q, err %v; want %d", q.Records, q.Stop, err, p.Records)
		}
	})
}
