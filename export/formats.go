package export

import (
	"path/filepath"
	"strings"

	"github.com/sudogen/sudogen/internal/numfmt"
)

// Sink receives records one at a time and writes them to a file: Close
// finishes the file (under its final name), Abort throws it away. Every
// format's sink is one (JSONLFile, LineFile, PDFFile, XLSXFile, HTMLFile).
type Sink interface {
	Write(rec *Record) error
	Close() error
	Abort() error
}

// SinkOptions are the settings a format's sink takes: each format reads
// its own (a book its BookOptions, a workbook its XLSXOptions, a play page
// its HTMLOptions); the line formats need none.
type SinkOptions struct {
	Book BookOptions
	XLSX XLSXOptions
	HTML HTMLOptions
}

// Format is an output format: the registry entry the commands read for
// --format (export, batch, grade), the output's extension and the file a
// batch --format folder holds. A format is written once, here.
type Format struct {
	Name       string   // the --format value, e.g. "pdf"
	Extensions []string // output endings that select it, lower case with the dot; none for a format chosen only by name
	Summary    string   // one line for help texts
	// File is the format's file name in a batch --format folder.
	File string
	// Line is the line format, for a format written a record a line (it
	// can go to stdout); nil for a book, a workbook or a page, whose
	// records are checked before they go in.
	Line *LineFormat
	// Create opens the format's sink on path (written under a temporary
	// name and renamed on Close). It checks the options and the folder
	// now, so a bad flag or folder fails before a run.
	Create func(path string, o SinkOptions) (Sink, error)
}

// The output formats, for a command that sets a format's own options.
var (
	FormatJSONL = lineFormatEntry(JSONL, "puzzles.jsonl")
	FormatPDF   = &Format{
		Name: "pdf", Extensions: []string{".pdf"}, File: "puzzles.pdf",
		Summary: "a print-ready puzzle book (sections per tier, answer key, preflight)",
		Create:  func(path string, o SinkOptions) (Sink, error) { return sink(CreatePDF(path, o.Book)) },
	}
	FormatXLSX = &Format{
		Name: "xlsx", Extensions: []string{".xlsx"}, File: "puzzles.xlsx",
		Summary: "a workbook: every field, a sheet per tier, a summary, grids",
		Create:  func(path string, o SinkOptions) (Sink, error) { return sink(CreateXLSX(path, o.XLSX)) },
	}
	FormatHTML = &Format{
		Name: "html", Extensions: []string{".html", ".htm"}, File: "puzzles.html",
		Summary: "one self-contained page to play the puzzles offline",
		Create:  func(path string, o SinkOptions) (Sink, error) { return sink(CreateHTML(path, o.HTML)) },
	}
	FormatTXT = lineFormatEntry(TXT, "puzzles.txt")
	FormatCSV = lineFormatEntry(CSV, "puzzles.csv")
	FormatSE  = lineFormatEntry(SE, "puzzles.se.txt")
)

// Formats lists the output formats in the order messages name them.
var Formats = []*Format{FormatJSONL, FormatPDF, FormatXLSX, FormatHTML, FormatTXT, FormatCSV, FormatSE}

// lineFormatEntry is the Formats entry of a line format.
func lineFormatEntry(f *LineFormat, file string) *Format {
	return &Format{
		Name: f.Name, Extensions: f.Extensions, Summary: f.Summary, File: file, Line: f,
		Create: func(path string, _ SinkOptions) (Sink, error) { return sink(CreateLineFile(path, f)) },
	}
}

// sink returns s as a Sink, and a nil Sink (not a nil pointer in one)
// with an error.
func sink[S Sink](s S, err error) (Sink, error) {
	if err != nil {
		return nil, err
	}
	return s, nil
}

// FormatNamed returns the format called name (any case, spaces around
// ignored), or nil.
func FormatNamed(name string) *Format {
	name = strings.TrimSpace(name)
	for _, f := range Formats {
		if strings.EqualFold(f.Name, name) {
			return f
		}
	}
	return nil
}

// FormatFor returns the format the extension of path selects, or nil.
func FormatFor(path string) *Format {
	ext := strings.ToLower(filepath.Ext(path))
	for _, f := range Formats {
		for _, e := range f.Extensions {
			if ext == e {
				return f
			}
		}
	}
	return nil
}

// FormatNames lists the formats' names as a message does: "jsonl, pdf,
// xlsx, html, txt, csv or se"; with keep, only the formats keep accepts.
func FormatNames(keep func(*Format) bool) string {
	var names []string
	for _, f := range Formats {
		if keep == nil || keep(f) {
			names = append(names, f.Name)
		}
	}
	return numfmt.OrList(names)
}

// FileExtension reports whether path ends as a file of format f: one of
// its Extensions, or its File's (".txt" for se).
func (f *Format) FileExtension(path string) bool {
	ext := strings.ToLower(filepath.Ext(path))
	if ext == "" {
		return false
	}
	if ext == filepath.Ext(f.File) {
		return true
	}
	for _, e := range f.Extensions {
		if ext == e {
			return true
		}
	}
	return false
}

// FormatExtensions lists the first extension of each format that has one,
// as a message does: ".jsonl, .pdf, .xlsx, .html, .txt or .csv".
func FormatExtensions() string {
	var exts []string
	for _, f := range Formats {
		if len(f.Extensions) > 0 {
			exts = append(exts, f.Extensions[0])
		}
	}
	return numfmt.OrList(exts)
}

// The sinks each format's Create returns.
var (
	_ Sink = (*JSONLFile)(nil)
	_ Sink = (*LineFile)(nil)
	_ Sink = (*PDFFile)(nil)
	_ Sink = (*XLSXFile)(nil)
	_ Sink = (*HTMLFile)(nil)
)
