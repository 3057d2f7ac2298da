package batch

import (
	"bytes"
	"context"
	"encoding/json"
	"maps"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudogen/sudogen/export"
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

// FuzzMergeRecord: any line merged after a good record is refused with one
// line naming in0.jsonl and a line, or kept as a record every reader
// accepts (export.ParseLine, export.CheckRecord); a JSON line keeps every
// member merge does not own (id, canonical) exactly as it came.
func FuzzMergeRecord(f *testing.F) {
	p := "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
	good := `{"id":"g","puzzle":"` + p + `","seed":1,"index":1}`
	for _, s := range runLines(f, sudoku.Shape6, 5, 2, Shard{}) {
		f.Add(strings.TrimSuffix(s, "\n"))
	}
	f.Add(`{"id":"mine-1","puzzle":"` + strings.Replace(p, "4...", "46..", 1) + `","source":"Le Monde"}`)
	f.Add(`{ "Canonical" : "" , "puzzle":"62.......5...12....3...4....6....1.2", "x":[{"id":"}"}] }`)
	f.Add(`{"kind":"slide","size":3,"tiles":[1,2,3,4,5,6,7,0,8],"solution":"R"}`)
	f.Add(`{"puzzle":"` + p + `","rating":"hard"}`)
	f.Add(p + " 9.1")
	f.Fuzz(func(t *testing.T, line string) {
		in := good + "\n" + line + "\n"
		var out bytes.Buffer
		_, err := Merge(context.Background(), MergeOptions{Memory: 1 << 20, TempDir: t.TempDir(), Workers: 1},
			[]MergeInput{{Name: "in0.jsonl", R: strings.NewReader(in), Size: -1}}, &out)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "in0.jsonl:") || strings.Contains(err.Error(), "\n") {
				t.Fatalf("error %q: want one line naming in0.jsonl and a line", err)
			}
			return
		}
		lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
		for i, l := range lines {
			it, ok, err := export.ParseLine("out", i+1, []byte(l))
			if !ok || err != nil {
				t.Fatalf("output line %q does not read back: %v", l, err)
			}
			if err := export.CheckRecord(&it.Record); err != nil {
				t.Fatalf("output line %q fails the check: %v", l, err)
			}
		}
		body := strings.TrimSpace(line)
		// The fuzzed line's record, unless it was a duplicate or a blank.
		if len(lines) != 2 || !strings.HasPrefix(body, "{") {
			return
		}
		// Output order is (seeded, seed, index, line): the fuzzed record
		// comes first when it has a seed and index and they are below the
		// good one's (1, 1).
		it, _, _ := export.ParseLine("in0.jsonl", 2, []byte(body))
		got := lines[1]
		if r := it.Record; !r.Unseeded && (r.Seed < 1 || (r.Seed == 1 && r.Index < 1)) {
			got = lines[0]
		}
		if a, b := otherMembers(t, body), otherMembers(t, got); !maps.Equal(a, b) {
			t.Fatalf("merge changed members it does not own:\n%s\n%s", body, got)
		}
	})
}

// otherMembers are a JSON object's top-level members but id and canonical
// (in any case), as encoding/json reads them.
func otherMembers(t *testing.T, s string) map[string]string {
	var m map[string]json.RawMessage
	if err := json.Unmarshal([]byte(s), &m); err != nil {
		t.Fatalf("%q: %v", s, err)
	}
	o := map[string]string{}
	for k, v := range m {
		if !strings.EqualFold(k, "id") && !strings.EqualFold(k, "canonical") {
			o[k] = string(v)
		}
	}
	return o
}
