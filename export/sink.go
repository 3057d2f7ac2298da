package export

import "fmt"

// PDFFile is a book sink: records come in with Write (a batch run feeds
// them as they are accepted) and Close lays out and writes the book, since
// the page count, sections and answer key need every record. Records are
// kept in memory (a few hundred bytes each); the pages are not.
type PDFFile struct {
	path  string
	o     BookOptions
	recs  []*Record
	done  bool
	Paths []string // the files written by Close (volumes when split)
	// Preflight holds each volume's preflight after Close.
	Preflight []Preflight
	// Report, if set, is called by Close with each volume's preflight once
	// the files are written (e.g. to print the summary and, with Force,
	// the warnings).
	Report func(Preflight)
}

// CreatePDF starts a book written to path on Close. It checks the options
// and the output folder now, so a bad flag or folder fails before a run.
func CreatePDF(path string, o BookOptions) (*PDFFile, error) {
	if err := o.Check(); err != nil {
		return nil, err
	}
	if err := checkOutputPath(path); err != nil {
		return nil, err
	}
	return &PDFFile{path: path, o: o}, nil
}

// Write keeps a copy of the record.
func (p *PDFFile) Write(r *Record) error {
	if p.done {
		return fmt.Errorf("pdf: write after close")
	}
	c := *r
	p.recs = append(p.recs, &c)
	return nil
}

// Close writes the book.
func (p *PDFFile) Close() error {
	if p.done {
		return nil
	}
	p.done = true
	paths, pre, err := writeBook(p.path, p.recs, p.o)
	p.Paths, p.Preflight = paths, pre
	p.recs = nil
	if err == nil && p.Report != nil {
		for _, f := range pre {
			p.Report(f)
		}
	}
	return err
}

// Abort drops the records without writing anything.
func (p *PDFFile) Abort() error {
	p.done = true
	p.recs = nil
	return nil
}
