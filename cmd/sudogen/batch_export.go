package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/pflag"

	"github.com/sudogen/sudogen/batch"
	"github.com/sudogen/sudogen/export"
)

// batchExport holds `sudogen batch --format jsonl,pdf,xlsx -o DIR` and the
// book flags: with --format, -o names a folder and the run writes
// DIR/puzzles.jsonl, DIR/puzzles.pdf and DIR/puzzles.xlsx as asked, all
// fed from the same stream of accepted puzzles. With one format and an -o
// that ends in its extension (`--format pdf -o book.pdf`), -o is the file.
type batchExport struct {
	formats string
	book    bookFlags
	opts    export.BookOptions
	xlsx    export.XLSXOptions
}

func (b *batchExport) addFlags(f *pflag.FlagSet) {
	f.StringVar(&b.formats, "format", "", "write these formats into the folder -o names: any of jsonl,pdf,xlsx,html,txt,csv,se (comma-separated); one format with -o FILE.<ext> writes that file; default: JSONL to -o")
	b.book.add(f)
}

// resolve checks the book flags (after parsing).
func (b *batchExport) resolve(f *pflag.FlagSet) error {
	var err error
	b.opts, b.xlsx, err = b.book.resolve(f)
	return err
}

// outputPaths lists the files the run may write for -o out: out itself
// without --format or when -o names one format's file, else each format's
// file in the folder.
func (b *batchExport) outputPaths(out string) []string {
	if b.formats == "" || b.singleFile(out) {
		return []string{out}
	}
	var paths []string
	for _, f := range []string{"jsonl", "pdf", "xlsx", "html", "txt", "csv", "se"} {
		paths = append(paths, filepath.Join(out, formatFile(f)))
	}
	return paths
}

// formatList parses --format: the formats in the order given, each once.
func (b *batchExport) formatList() ([]string, error) {
	var formats []string
	seen := map[string]bool{}
	for _, f := range strings.Split(b.formats, ",") {
		f = strings.ToLower(strings.TrimSpace(f))
		switch f {
		case "jsonl", "pdf", "xlsx", "html", "txt", "csv", "se":
		default:
			return nil, UsageErrorf("--format %q: expected jsonl, pdf, xlsx, html, txt, csv or se, comma-separated", f)
		}
		if !seen[f] {
			seen[f] = true
			formats = append(formats, f)
		}
	}
	return formats, nil
}

// singleFile reports whether -o out names the one file of a one-format
// run (`--format pdf -o book.pdf`): out ends with that format's extension
// and is not a folder. Such a run writes out itself, not out/puzzles.pdf.
func (b *batchExport) singleFile(out string) bool {
	formats, err := b.formatList()
	if err != nil || len(formats) != 1 || out == "" || out == "-" {
		return false
	}
	if st, err := os.Stat(out); err == nil && st.IsDir() {
		return false
	}
	ext := strings.ToLower(filepath.Ext(out))
	switch formats[0] {
	case "html":
		return ext == ".html" || ext == ".htm"
	case "se":
		return ext == ".txt"
	default:
		return ext == "."+formats[0]
	}
}

// formatFile is the name of format f's file in the --format folder:
// puzzles.<f>, and puzzles.se.txt for the SE rating lines.
func formatFile(f string) string {
	if f == "se" {
		return "puzzles.se.txt"
	}
	return "puzzles." + f
}

// sinks opens the outputs: without --format, the JSONL file or stdout as
// before; with it, one file per format in the folder out (created if
// missing). A book's preflight goes to stderr (its --force warnings even
// when quiet). It returns the sinks and where they write, for the summary.
func (b *batchExport) sinks(out string, stdout, stderr io.Writer, quiet bool) ([]batch.Sink, string, error) {
	if b.formats == "" {
		s, where, err := outputSink(out, stdout)
		if err != nil {
			return nil, "", err
		}
		return []batch.Sink{s}, where, nil
	}
	if out == "-" || out == "" {
		return nil, "", UsageErrorf("--format %s: -o must name a folder for the files (or, for one format, its file)", b.formats)
	}
	formats, err := b.formatList()
	if err != nil {
		return nil, "", err
	}
	single := b.singleFile(out)
	if !single {
		if st, err := os.Stat(out); err == nil && !st.IsDir() {
			return nil, "", UsageErrorf("-o %s: with --format, -o names a folder, and this is a file", out)
		}
		if err := os.MkdirAll(out, 0o755); err != nil {
			return nil, "", fmt.Errorf("cannot create folder %s: %v", out, unwrapPathError(err))
		}
	}
	var sinks []batch.Sink
	var paths []string
	for _, f := range formats {
		path := filepath.Join(out, formatFile(f))
		if single {
			path = out
		}
		var s batch.Sink
		var err error
		switch f {
		case "jsonl":
			s, err = export.CreateJSONL(path)
		case "pdf":
			var pdf *export.PDFFile
			if pdf, err = export.CreatePDF(path, b.opts); err == nil {
				pdf.Report = preflightReport(stderr, quiet)
				s = pdf
			}
		case "xlsx":
			s, err = export.CreateXLSX(path, b.xlsx)
		case "html":
			var o export.HTMLOptions
			if o, err = playOptions(b.opts.Title, ""); err == nil {
				s, err = export.CreateHTML(path, o)
			}
		default: // txt, csv, se
			s, err = export.CreateLineFile(path, export.LineFormatNamed(f))
		}
		if err != nil {
			for _, o := range sinks {
				if a, ok := o.(batch.Aborter); ok {
					a.Abort()
				}
			}
			return nil, "", err
		}
		sinks = append(sinks, s)
		paths = append(paths, path)
	}
	return sinks, strings.Join(paths, ", "), nil
}
