package main

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/sudogen/sudogen/export"
)

// recordJSONKeys are the JSON names of export.Record's own fields, read
// from its struct tags: every other member of a record line is a kind's.
func recordJSONKeys() map[string]bool {
	keys := map[string]bool{}
	rt := reflect.TypeFor[export.Record]()
	for i := range rt.NumField() {
		name, _, _ := strings.Cut(rt.Field(i).Tag.Get("json"), ",")
		if name != "" && name != "-" {
			keys[name] = true
		}
	}
	return keys
}

// jsonMembers reads one JSON object's members in their order: each key
// and its raw value, compacted.
func jsonMembers(t *testing.T, line []byte) (keys []string, values []json.RawMessage) {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(line))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		t.Fatalf("%s: not an object (%v)", line, err)
	}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			t.Fatal(err)
		}
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			t.Fatal(err)
		}
		var c bytes.Buffer
		if err := json.Compact(&c, raw); err != nil {
			t.Fatal(err)
		}
		keys = append(keys, tok.(string))
		values = append(values, c.Bytes())
	}
	return keys, values
}

// TestExportCSVKindFields: the csv of a corpus of X, jigsaw, killer (plain
// and X), classic and slide records, read back with encoding/csv, has
// "fields" as its last column, and each row's cell is the record's own
// kind members (every member of its JSONL line, parsed with
// encoding/json, that is not one of Record's), in the line's order, as
// one JSON object; empty for the classic and slide records.
func TestExportCSVKindFields(t *testing.T) {
	dir := t.TempDir()
	runs := []struct {
		args []string
		keys []string // the kind members each of the run's records has
	}{
		{[]string{"--variant", "x", "-n", "2"}, []string{"variants", "hodoku"}},
		{[]string{"--variant", "jigsaw", "-n", "2"}, []string{"variants", "regions", "hodoku"}},
		{[]string{"--kind", "killer", "--size", "6", "-n", "2"}, []string{"cages"}},
		{[]string{"--kind", "killer", "--size", "6", "--variant", "x", "-n", "2"}, []string{"variant", "cages"}},
		{[]string{"-n", "2"}, nil},
		{[]string{"--kind", "slide", "--size", "3", "-n", "1"}, nil},
	}
	var corpus []byte
	var wantKeys [][]string
	for i, r := range runs {
		out := filepath.Join(dir, "run"+string(rune('a'+i))+".jsonl")
		args := append([]string{"batch", "--seed", "5", "-q", "--progress", "never", "-o", out}, r.args...)
		if raceEnabled && r.args[0] == "--variant" {
			// Grading variants under the race detector is slow (see
			// TestOutputsMatchSchema); an ungraded variant record has no "hodoku".
			args = append(args, "--no-grade")
			r.keys = slices.DeleteFunc(slices.Clone(r.keys), func(k string) bool { return k == "hodoku" })
		}
		if code, _, errOut := runCLI(t, "", args...); code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errOut)
		}
		b, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		for range bytes.Count(b, []byte("\n")) {
			wantKeys = append(wantKeys, r.keys)
		}
		corpus = append(corpus, b...)
	}
	path := filepath.Join(dir, "corpus.jsonl")
	if err := os.WriteFile(path, corpus, 0o644); err != nil {
		t.Fatal(err)
	}
	csvPath := filepath.Join(dir, "corpus.csv")
	if code, _, errOut := runCLI(t, "", "export", path, "-q", "-o", csvPath); code != 0 {
		t.Fatalf("export: exit %d: %s", code, errOut)
	}
	text, err := os.ReadFile(csvPath)
	if err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(bytes.NewReader(text)).ReadAll()
	if err != nil {
		t.Fatalf("%v\n%s", err, text)
	}
	lines := bytes.Split(bytes.TrimSuffix(corpus, []byte("\n")), []byte("\n"))
	if len(rows) != len(lines)+1 || len(lines) != len(wantKeys) {
		t.Fatalf("%d csv rows for %d records", len(rows), len(lines))
	}
	last := len(rows[0]) - 1
	if rows[0][last] != "fields" || rows[0][0] != "puzzle" {
		t.Fatalf("header %v", rows[0])
	}
	own := recordJSONKeys()
	for i, line := range lines {
		row := rows[i+1]
		if len(row) != len(rows[0]) {
			t.Fatalf("row %d: %d cells, header %d", i+1, len(row), len(rows[0]))
		}
		keys, values := jsonMembers(t, line)
		var kindKeys []string
		var want bytes.Buffer
		wantMap := map[string]any{}
		for j, k := range keys {
			if own[k] {
				continue
			}
			kindKeys = append(kindKeys, k)
			if want.Len() == 0 {
				want.WriteByte('{')
			} else {
				want.WriteByte(',')
			}
			kb, _ := json.Marshal(k)
			want.Write(kb)
			want.WriteByte(':')
			want.Write(values[j])
			var v any
			if err := json.Unmarshal(values[j], &v); err != nil {
				t.Fatal(err)
			}
			wantMap[k] = v
		}
		if want.Len() > 0 {
			want.WriteByte('}')
		}
		id := row[slices.Index(rows[0], "id")]
		// The test's own premise: the records have the kind members the
		// issue names (a record without them would pass vacuously).
		if !slices.Equal(kindKeys, wantKeys[i]) {
			t.Fatalf("%s: kind members %v, want %v", id, kindKeys, wantKeys[i])
		}
		cell := row[last]
		if cell != want.String() {
			t.Errorf("%s: fields cell\n%s\nwant\n%s", id, cell, want.String())
			continue
		}
		if cell == "" {
			continue
		}
		var got map[string]any
		if err := json.Unmarshal([]byte(cell), &got); err != nil {
			t.Errorf("%s: fields cell %q: %v", id, cell, err)
		} else if !reflect.DeepEqual(got, wantMap) {
			t.Errorf("%s: fields cell reads as %v, want %v", id, got, wantMap)
		}
	}
}
