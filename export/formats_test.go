package export

import (
	"os"
	"path/filepath"
	"testing"
)

// TestFormatsRegistry: every format is found by its name and its
// extensions, has a file name and a sink that writes a file, and the
// messages list them once, in order.
func TestFormatsRegistry(t *testing.T) {
	want := []string{"jsonl", "pdf", "xlsx", "html", "txt", "csv", "se"}
	if len(Formats) != len(want) {
		t.Fatalf("%d formats, want %d", len(Formats), len(want))
	}
	for i, f := range Formats {
		if f.Name != want[i] {
			t.Errorf("format %d is %q, want %q", i, f.Name, want[i])
		}
		if FormatNamed(" "+f.Name+" ") != f || FormatNamed(f.Name) != f {
			t.Errorf("FormatNamed(%q) does not find it", f.Name)
		}
		for _, e := range f.Extensions {
			if FormatFor("a/b"+e) != f {
				t.Errorf("FormatFor(%q) is not %s", e, f.Name)
			}
		}
		if (f.Line != nil) != (LineFormatNamed(f.Name) != nil) {
			t.Errorf("%s: Line %v, LineFormatNamed %v", f.Name, f.Line, LineFormatNamed(f.Name))
		}
		if f.File == "" || f.Create == nil || f.Summary == "" {
			t.Errorf("%s: file %q, create %v, summary %q", f.Name, f.File, f.Create != nil, f.Summary)
		}
	}
	for _, c := range []struct{ path, want string }{
		{"x.PDF", "pdf"}, {"x.ndjson", "jsonl"}, {"x.htm", "html"}, {"x.csv", "csv"}, {"x.doc", ""}, {"x", ""},
	} {
		got := ""
		if f := FormatFor(c.path); f != nil {
			got = f.Name
		}
		if got != c.want {
			t.Errorf("FormatFor(%q) = %q, want %q", c.path, got, c.want)
		}
	}
	if FormatNamed("svg") != nil {
		t.Error("FormatNamed(svg) found something")
	}
	if got := FormatNames(nil); got != "jsonl, pdf, xlsx, html, txt, csv or se" {
		t.Errorf("FormatNames = %q", got)
	}
	if got := FormatNames(func(f *Format) bool { return f.Line != nil }); got != "jsonl, txt, csv or se" {
		t.Errorf("FormatNames(line) = %q", got)
	}
	if got := FormatExtensions(); got != ".jsonl, .pdf, .xlsx, .html, .txt or .csv" {
		t.Errorf("FormatExtensions = %q", got)
	}
}

// TestFormatsCreate: each line format's sink writes the record as the
// line format does, and a sink that cannot open its folder fails with a
// nil Sink.
func TestFormatsCreate(t *testing.T) {
	dir := t.TempDir()
	rec := &Record{Kind: KindSudoku, Size: 4, Box: []int{2, 2}, Puzzle: "1...........4...", Seed: 1, Index: 2}
	for _, f := range Formats {
		if f.Line == nil {
			continue
		}
		path := filepath.Join(dir, f.File)
		s, err := f.Create(path, SinkOptions{})
		if err != nil {
			t.Fatalf("%s: %v", f.Name, err)
		}
		if err := s.Write(rec); err != nil && f.Name != "se" {
			t.Fatalf("%s: write: %v", f.Name, err)
		}
		if err := s.Close(); err != nil {
			t.Fatalf("%s: close: %v", f.Name, err)
		}
		if _, err := os.Stat(path); err != nil {
			t.Errorf("%s: %v", f.Name, err)
		}
	}
	for _, f := range Formats {
		s, err := f.Create(filepath.Join(dir, "missing", "sub", f.File), SinkOptions{Book: DefaultBookOptions()})
		if err == nil || s != nil {
			t.Errorf("%s in a missing folder: sink %v, err %v", f.Name, s, err)
		}
	}
}
