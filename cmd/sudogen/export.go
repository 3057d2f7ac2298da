package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/sudogen/sudogen/export"
	"github.com/sudogen/sudogen/internal/numfmt"
	"github.com/sudogen/sudogen/internal/outfile"
)

// ExportOptions are the resolved settings of `sudogen export`.
type ExportOptions struct {
	Inputs []string // JSONL (or plain puzzle lines) files, read in order; "-" for stdin (once)
	Output string   // output file; "-" (stdout) for the line formats (jsonl, txt, csv, se)
	Format string   // pdf, xlsx, jsonl, html, txt, csv or se
	Book   export.BookOptions
	XLSX   export.XLSXOptions
	HTML   export.HTMLOptions
	Filter export.Filter
	Quiet  bool
	// Kinds is --variant: plain lines and sudoku records read as that
	// variant (kindline.go).
	Kinds kindLines

	In          io.Reader
	Out, ErrOut io.Writer

	// progress is how far the export got, for the message of an
	// interrupted one (read by another goroutine).
	progress exportProgress
}

// exportProgress counts an export's work as it goes.
type exportProgress struct {
	read    atomic.Int64 // records read
	file    atomic.Int64 // the input (index in Inputs) of the last one
	line    atomic.Int64 // its line
	closing atomic.Bool  // every record is in: the file is being finished
}

// stopped is the message of an export stopped by a signal (word is
// "interrupted", "terminated" or "hung up"): how far it got and what was
// kept. To stdout every whole line written stays; a file appears whole or
// not at all, so an interrupted export to a file leaves none.
func (o *ExportOptions) stopped(word string) string {
	p := &o.progress
	cw, toStdout := o.Out.(*checkedWriter)
	if o.Output == "-" && toStdout {
		// nothing more gets through: count what did, then what was read
		// (the reader runs ahead of the writer, never behind)
		cw.shut(time.Second)
	}
	names := displayNames(o.Inputs)
	in, last := strings.Join(names, ", "), ""
	if i := int(p.file.Load()); i < len(names) {
		last = names[i]
	}
	read := fmt.Sprintf("after reading %s (through %s:%d)", numfmt.Count(p.read.Load(), "record"), last, p.line.Load())
	if p.read.Load() == 0 {
		read = "before reading any record of " + in
	}
	if p.closing.Load() {
		read = fmt.Sprintf("while finishing the file, all %s of %s read", numfmt.Count(p.read.Load(), "record"), in)
	}
	if o.Output == "-" {
		if toStdout {
			return fmt.Sprintf("%s: export stopped %s; stdout holds the %s written before", word, read, numfmt.Count(cw.Lines(), "whole line"))
		}
		return fmt.Sprintf("%s: export stopped %s; stdout holds the whole lines written before", word, read)
	}
	return fmt.Sprintf("%s: export stopped %s; nothing written to %s (an export file appears whole or not at all: run the command again)", word, read, o.Output)
}

// bookFlags are the PDF and XLSX flags shared by export and batch.
type bookFlags struct {
	preset     string
	page       string
	perPage    int
	margin     float64
	gutter     string
	largePrint bool
	solutions  string
	title      string
	subtitle   string
	author     string
	copyright  string
	isbn       string
	bleed      float64
	force      bool
	date       string
	maxPages   int
	grids      int
	// Language, fonts, white label and cover (issue 23).
	lang            string
	font            string
	fontBold        string
	ids             bool
	noIDs           bool
	noCageTable     bool
	imprint         string
	edition         string
	copyrightHolder string
	copyrightYear   int
	paper           string
	cover           bool
	blurb           string
	coverColor      string
}

func (b *bookFlags) add(f *pflag.FlagSet) {
	d := export.DefaultBookOptions()
	f.StringVar(&b.preset, "preset", "", "book preset from configs/presets.yaml: kdp-8.5x11, a4, letter, a5, large-print, pocket-6x9, proof (flags override it)")
	f.StringVar(&b.page, "page", d.Page, "pdf: page size: a4, letter, a5, 6x9, 8.5x11")
	f.IntVar(&b.perPage, "per-page", d.PerPage, "pdf: puzzles per page: 1, 2, 4 or 6")
	f.Float64Var(&b.margin, "margin", d.Margin, "pdf: top, bottom and outer margin in inches")
	f.StringVar(&b.gutter, "gutter", "auto", "pdf: inner margin in inches, or auto (by page count, as KDP asks)")
	f.BoolVar(&b.largePrint, "large-print", false, "pdf: large print (digits of at least 16 pt)")
	f.StringVar(&b.solutions, "solutions", d.Solutions, "pdf: answer key: back or none")
	f.StringVar(&b.title, "title", d.Title, "pdf, html: title (default by kind: Sudoku, Sliding Puzzles)")
	f.StringVar(&b.subtitle, "subtitle", "", "pdf: subtitle on the title page")
	f.StringVar(&b.author, "author", "", "pdf: author, on the title and copyright pages and in the metadata")
	f.StringVar(&b.copyright, "copyright", "", `pdf: copyright notice on page 2, e.g. "Copyright © 2026 Ann Lee. All rights reserved."`)
	f.StringVar(&b.isbn, "isbn", "", "pdf: ISBN printed on page 2 (ISBN-10 or -13, check digit verified); a book split into volumes: one per volume, comma-separated")
	f.Float64Var(&b.bleed, "bleed", 0, "pdf: bleed in inches on the top, bottom and outer edges: 0 or 0.125 (KDP)")
	f.BoolVar(&b.force, "force", false, "pdf: print even when margins or bleed break KDP's minimums (with a loud warning)")
	f.StringVar(&b.date, "date", "", "pdf: creation date in the metadata, YYYY-MM-DD or RFC 3339 (default $SOURCE_DATE_EPOCH or 2000-01-01, so output is reproducible)")
	f.IntVar(&b.maxPages, "max-pages", 0, "pdf: split into volumes (book-1.pdf, book-2.pdf, ...) of at most this many pages; 0: KDP's limit, 828")
	f.IntVar(&b.grids, "grids", 0, "xlsx: add a Grids sheet drawing the first N puzzles as printable grids, one a page (variants with their shading and regions, killers with their cages, as the PDF book draws them); boards wider than 9x9 beside smaller ones go on a Large grids sheet")
	f.StringVar(&b.lang, "lang", "", "pdf, xlsx, html: the book's, workbook's or page's language (BCP 47): en, de, es, fr, ja, pt, ru, zh-Hans, zh-Hant (or zh-CN, zh-TW, pt-BR, ...); html without it: every language, the browser's shown")
	f.StringVar(&b.font, "font", "", "pdf: TrueType font file (.ttf, or a .ttc's first font) for the book's text, e.g. for Chinese or Japanese; puzzle digits keep their font")
	f.StringVar(&b.fontBold, "font-bold", "", "pdf: TrueType font file for titles and headings (default: --font)")
	f.BoolVar(&b.ids, "ids", false, "pdf: print each puzzle's corpus id under it (proofs; the proof preset sets it)")
	f.BoolVar(&b.noIDs, "no-ids", false, "pdf: leave the ids out (the default; overrides a preset's ids)")
	f.BoolVar(&b.noCageTable, "no-cage-table", false, "pdf: leave out the cage-sum reference table a book with killers prints on its how-to-play page")
	f.StringVar(&b.imprint, "imprint", "", `pdf: the publisher's line on the copyright page, e.g. "Published by Acme Puzzles, Berlin"`)
	f.StringVar(&b.edition, "edition", "", `pdf: edition line on the copyright page, e.g. "First edition, 2026"`)
	f.StringVar(&b.copyrightHolder, "copyright-holder", "", "pdf: copyright holder: prints the copyright notice in the book's language (instead of --copyright)")
	f.IntVar(&b.copyrightYear, "copyright-year", 0, "pdf: year of the copyright notice (default: the year of --date, else this year)")
	f.StringVar(&b.paper, "paper", "white", "pdf: KDP paper, for the spine and cover: white, cream or color")
	f.BoolVar(&b.cover, "cover", false, "pdf: also write a KDP full-wrap cover, NAME-cover.pdf (back, spine, front, 0.125 in bleed)")
	f.StringVar(&b.blurb, "blurb", "", "pdf: the back cover's text (with --cover)")
	f.StringVar(&b.coverColor, "cover-color", "", "pdf: the cover's background, #RRGGBB (default #1F4E5A)")
}

// resolve builds the book options: defaults, then the preset, then every
// flag given on the command line. pdf says a PDF book is written: only
// then must the book's fonts draw the title and the other texts.
func (b *bookFlags) resolve(f *pflag.FlagSet, pdf bool) (export.BookOptions, export.XLSXOptions, error) {
	o := export.DefaultBookOptions()
	if b.preset != "" {
		p, err := export.PresetByName(b.preset)
		if err != nil {
			return o, export.XLSXOptions{}, UsageErrorf("--preset: %v", err)
		}
		if err := o.Apply(p); err != nil {
			return o, export.XLSXOptions{}, err
		}
	}
	// Each flag given on the command line overrides the preset.
	for _, fl := range []struct {
		name  string
		apply func()
	}{
		{"page", func() { o.Page = b.page }},
		{"per-page", func() { o.PerPage = b.perPage }},
		{"margin", func() { o.Margin = b.margin }},
		{"large-print", func() { o.LargePrint = b.largePrint }},
		{"solutions", func() { o.Solutions = strings.ToLower(b.solutions) }},
		{"title", func() { o.Title = b.title }},
		{"subtitle", func() { o.Subtitle = b.subtitle }},
		{"author", func() { o.Author = b.author }},
		{"max-pages", func() { o.MaxPages = b.maxPages }},
		{"copyright", func() { o.Copyright = b.copyright }},
		{"isbn", func() { o.ISBN = b.isbn }},
		{"bleed", func() { o.Bleed = b.bleed }},
		{"force", func() { o.Force = b.force }},
		{"lang", func() { o.Lang = b.lang }},
		{"ids", func() { o.IDs = b.ids }},
		{"imprint", func() { o.Imprint = b.imprint }},
		{"edition", func() { o.Edition = b.edition }},
		{"copyright-holder", func() { o.CopyrightHolder = b.copyrightHolder }},
		{"paper", func() { o.Paper = strings.ToLower(b.paper) }},
		{"cover", func() { o.Cover = b.cover }},
		{"blurb", func() { o.Blurb = b.blurb }},
		{"cover-color", func() { o.CoverColor = b.coverColor }},
	} {
		if f.Changed(fl.name) {
			fl.apply()
		}
	}
	if f.Changed("gutter") {
		if err := o.SetGutter(b.gutter); err != nil {
			return o, export.XLSXOptions{}, UsageErrorf("--%v", err)
		}
	}
	if b.noIDs {
		o.IDs = false
	}
	o.NoCageTable = b.noCageTable
	d, err := bookDate(b.date, os.Getenv("SOURCE_DATE_EPOCH"))
	if err != nil {
		return o, export.XLSXOptions{}, err
	}
	o.Date = d
	if o.CopyrightHolder != "" {
		o.CopyrightYear = b.copyrightYear
		if o.CopyrightYear == 0 {
			o.CopyrightYear = time.Now().Year()
			if b.date != "" || os.Getenv("SOURCE_DATE_EPOCH") != "" {
				o.CopyrightYear = d.Year()
			}
		}
	}
	for _, ff := range []struct {
		flag, path string
		dst        **export.Font
	}{{"font", b.font, &o.Font}, {"font-bold", b.fontBold, &o.FontBold}} {
		if ff.path == "" {
			continue
		}
		font, err := export.LoadFont(ff.path)
		if err != nil {
			return o, export.XLSXOptions{}, UsageErrorf("--%s: %v", ff.flag, err)
		}
		*ff.dst = font
	}
	check := o.CheckLayout
	if pdf {
		check = o.Check
	}
	if err := check(); err != nil {
		return o, export.XLSXOptions{}, UsageErrorf("--%v", err)
	}
	if b.grids < 0 {
		return o, export.XLSXOptions{}, UsageErrorf("--grids %d: expected 0 or more", b.grids)
	}
	return o, export.XLSXOptions{Grids: b.grids, Lang: o.Lang}, nil
}

// bookDate reads --date (YYYY-MM-DD or RFC 3339), else SOURCE_DATE_EPOCH
// (seconds), else the fixed default.
func bookDate(flag, epoch string) (time.Time, error) {
	if flag != "" {
		if t, err := time.Parse("2006-01-02", flag); err == nil {
			return t, nil
		}
		if t, err := time.Parse(time.RFC3339, flag); err == nil {
			return t.UTC(), nil
		}
		return time.Time{}, UsageErrorf("--date %q: expected YYYY-MM-DD or RFC 3339 (2024-05-01T12:00:00Z)", flag)
	}
	if epoch != "" {
		s, err := strconv.ParseInt(epoch, 10, 64)
		if err != nil || s < 0 {
			return time.Time{}, UsageErrorf("SOURCE_DATE_EPOCH %q: expected seconds since 1970", epoch)
		}
		return time.Unix(s, 0).UTC(), nil
	}
	return export.DefaultBookOptions().Date, nil
}

// NewCmdExport returns the export command.
func NewCmdExport() *cobra.Command {
	opts := &ExportOptions{}
	var bf bookFlags
	var tiers, tiersFile string
	var noHints bool
	var checkVariant func() error
	cmd := &cobra.Command{
		Use:   "export FILE.jsonl|- [FILE...] -o OUT [flags]",
		Short: "Write a corpus as a PDF puzzle book, an XLSX workbook, a play page, a filtered JSONL, txt, csv or SE lines",
		Long: `Read a JSONL corpus (or plain puzzle lines; several files are read
in order, as one corpus) and write it as:

  pdf    a print-ready book: title and copyright pages, contents, how to
         play, a section per tier from easy to hard (puzzles numbered from 1,
         easiest first), an answer key at the back; margins are checked
         against KDP's minimums and a preflight summary (trim, pages, spine
         width, margins) is printed
  xlsx   a workbook: Puzzles (every field), a sheet per tier, Summary
         (counts per tier, rating histogram and chart), Grids (--grids N;
         boards wider than 9x9 beside smaller ones on Large grids)
  jsonl  the corpus again, filtered and sorted (--tier, --sort, --limit)
  html   one self-contained page to play the puzzles in a browser, offline:
         a puzzle list, Sudoku, its variants and Killer Sudoku with pencil
         marks, undo, timer, mistakes and hints from the grader's solve
         path, sliding puzzles, progress kept in the browser
         (docs/export.md)
  txt    one puzzle a line: the cells, '.' for empty (QQWing --one-line's
         form; a jigsaw's regions after them), a killer's cage map and
         sums, or a sliding board's tiles
  csv    a header, then a row a record: puzzle, solution, rating, tier, then
         every other field (docs/records.md)
  se     Sudoku Explainer rating lines, PUZZLE ED=ER/EP/ED, as serate
         writes them (0.0 for a rating the record lacks)

Every record going into a book or workbook is checked first: exactly one
solution, and the record's solution is it (puzzles without one are solved).
A grade line whose status says its puzzle has no solution or more than one
is refused by every format as soon as it is read.
The format comes from --format or the output's extension. Book settings come
from --preset (configs/presets.yaml) and the flags, which override it. The
output is written under a temporary name and renamed when complete; the same
corpus and flags give a byte-identical PDF (dates are fixed, see --date).`,
		Example: `  sudogen export hard.jsonl --format pdf --per-page 4 --solutions back -o hard.pdf
  sudogen export corpus.jsonl --preset kdp-8.5x11 --title "Fiendish Sudoku" --author "Ann Lee" \
      --copyright "Copyright © 2026 Ann Lee. All rights reserved." --isbn 978-0-306-40615-7 -o book.pdf
  sudogen export corpus.jsonl --preset large-print -o large.pdf
  sudogen export corpus.jsonl -o corpus.xlsx --grids 20
  sudogen export corpus.jsonl --tier expert --sort -rating --limit 100 -o hardest.jsonl
  sudogen export corpus.jsonl --format html -o play.html
  sudogen export corpus.jsonl -o puzzles.csv
  sudogen export corpus.jsonl --format txt -o - | head
  sudogen export corpus.jsonl --format se -o ratings.txt
  sudogen batch --count 500 | sudogen export - -o book.pdf`,
		Args: expectArgs(1, -1, "one or more corpus files (- for stdin)"),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Inputs = args
			if err := checkVariant(); err != nil {
				return err
			}
			if err := checkExportFlags(cmd.Flags(), opts.Format, opts.Output); err != nil {
				return err
			}
			opts.In = cmd.InOrStdin()
			opts.Out = cmd.OutOrStdout()
			opts.ErrOut = cmd.ErrOrStderr()
			var err error
			// --lang is the book's language, or the play page's: a page
			// draws its words with the browser's fonts, so the book's font
			// check does not apply to it
			lang := bf.lang
			f, ferr := formatOf(opts.Format, opts.Output)
			if ferr == nil {
				if err := checkTextFlags(cmd.Flags(), f); err != nil {
					return err
				}
			}
			if ferr == nil && f == export.FormatHTML {
				bf.lang = ""
			}
			// Only a PDF book draws its text with the book's fonts.
			pdf := ferr != nil || f == export.FormatPDF
			if opts.Book, opts.XLSX, err = bf.resolve(cmd.Flags(), pdf); err != nil {
				return err
			}
			if err := checkBookFlagPairs(cmd.Flags()); err != nil {
				return err
			}
			if tiersFile != "" {
				if err := checkOutputsNotInputs([]string{opts.Output}, "--tiers", []string{tiersFile}); err != nil {
					return err
				}
				t, err := tiersFlag(tiersFile)
				if err != nil {
					return err
				}
				opts.Book.TierOrder = t.Names()
			}
			if tiers != "" {
				opts.Filter.Tiers = strings.Split(tiers, ",")
			}
			if opts.HTML, err = playOptions(opts.Book.Title, lang); err != nil {
				return err
			}
			if noHints {
				opts.HTML.Hints = nil
			}
			opts.HTML.Progress = hintProgress(opts.ErrOut, opts.Quiet)
			// Laying out a book or workbook does not watch for Ctrl-C:
			// stop waiting for it (the unfinished file is removed).
			err = untilDone(cmd.Context(), func() error { return exportRun(opts) })
			var stop *stopError
			if errors.As(err, &stop) {
				return &stopError{opts.stopped(stop.msg)}
			}
			return err
		},
	}
	f := cmd.Flags()
	f.StringVarP(&opts.Output, "output", "o", "", "output file (- for stdout: jsonl, txt, csv or se)")
	f.StringVar(&opts.Format, "format", "", export.FormatNames(nil)+" (default: from the output's extension)")
	f.StringVar(&tiers, "tier", "", "keep only these tiers (comma-separated; untiered for records without one; any keeps all, as in batch)")
	f.StringVar(&tiersFile, "tiers", "", "pdf: the tier table (YAML, as batch --tiers) the corpus was graded with: the book's sections follow its order (default: the built-in names' order, else the puzzles' ratings)")
	f.Var(newChoiceFlag(&opts.Filter.Sort, "", "", "rating", "-rating", "id", "-id"), "sort", "sort by rating or id, ascending; -rating or -id for descending (default: corpus order; books: easiest first in each tier)")
	f.IntVar(&opts.Filter.Limit, "limit", 0, "keep at most this many records (after --tier and --sort); 0: all")
	f.BoolVarP(&opts.Quiet, "quiet", "q", false, "no summary on stderr")
	f.BoolVar(&noHints, "no-hints", false, "html: leave out the grader's solve paths (smaller, faster to write; hints then find singles only)")
	checkVariant = addPuzzleVariantFlag(f, &opts.Kinds)
	bf.add(f)
	return cmd
}

// checkTextFlags refuses, for the formats a run writes, a --lang none
// of them shows words in (jsonl, txt, csv, se: the records' fields, for
// programs) and a --font or --font-bold none of them draws text with
// (every format but pdf): a flag ignored in silence looks like a bug in
// the file.
func checkTextFlags(f *pflag.FlagSet, formats ...*export.Format) error {
	var names []string
	words, pdf := false, false
	for _, ff := range formats {
		names = append(names, ff.Name)
		words = words || ff.Line == nil
		pdf = pdf || ff == export.FormatPDF
	}
	list, is, takes := strings.Join(names, ", "), "is", "takes"
	if len(names) > 1 {
		is, takes = "are", "take"
	}
	if f.Changed("lang") && !words {
		return UsageErrorf("--lang %s: %s %s written in no language (the records' fields and values, for programs): --lang is for pdf, xlsx and html", f.Lookup("lang").Value, list, is)
	}
	for _, name := range []string{"font", "font-bold"} {
		if f.Changed(name) && !pdf {
			return UsageErrorf("--%s: %s %s no font file (the program that opens it draws its text): --%s is for pdf books", name, list, takes, name)
		}
	}
	return nil
}

// formatOf picks the format from --format or the output's extension.
func formatOf(format, output string) (*export.Format, error) {
	format = strings.ToLower(strings.TrimSpace(format))
	if format == "" && output == "-" {
		return export.FormatJSONL, nil
	}
	if format == "" {
		if f := export.FormatFor(output); f != nil {
			return f, nil
		}
		return nil, UsageErrorf("--format not given and output %q has no %s extension: expected --format %s", output, export.FormatExtensions(), export.FormatNames(nil))
	}
	if f := export.FormatNamed(format); f != nil {
		return f, nil
	}
	return nil, UsageErrorf("--format %q: expected %s", format, export.FormatNames(nil))
}

// checkOutputEnding refuses an output named for another format than the
// one written (export --format txt -o x.csv would put txt under a .csv
// name), as batch refuses a JSONL run's -o x.pdf.
func checkOutputEnding(f *export.Format, output string) error {
	if g := export.FormatFor(output); g != nil && g != f && !f.FileExtension(output) {
		return UsageErrorf("--format %s but -o %s ends in %s: end it in %s for that file, or use --format %s", f.Name, output, filepath.Ext(output), filepath.Ext(f.File), g.Name)
	}
	return nil
}

// preflightReport prints a book's preflight summary on w (only the
// warnings of --force when quiet: those are never silent).
func preflightReport(w io.Writer, quiet bool) func(export.Preflight) {
	return func(p export.Preflight) {
		if quiet {
			fmt.Fprint(w, p.Warnings())
			return
		}
		fmt.Fprint(w, p.String())
	}
}

// xlsxNote prints a workbook's notes (export.XLSXOptions.Note) on w as
// "note: ..." lines; nil, so nothing, when quiet.
func xlsxNote(w io.Writer, quiet bool) func(string) {
	if quiet {
		return nil
	}
	return func(msg string) { fmt.Fprintf(w, "note: %s\n", msg) }
}

// recordSink is where exported records go: the batch.Sink shape plus Abort.
type recordSink = export.Sink

// jsonlStdout is the JSONL writer on stdout as a recordSink.
type jsonlStdout struct{ *export.JSONLWriter }

// Abort does nothing: lines already on stdout stay there.
func (jsonlStdout) Abort() error { return nil }

// wholeLines is a sink on stdout through a lineWriter, so a run stopped
// at any moment (Ctrl-C) leaves only whole lines on stdout, never a torn
// last record, whatever the sink's own buffer did.
type wholeLines struct {
	recordSink
	lw *lineWriter
}

// Close closes the sink and writes what the line writer holds.
func (w wholeLines) Close() error {
	err := w.recordSink.Close()
	if ferr := w.lw.Flush(); err == nil {
		err = ferr
	}
	return err
}

// Abort aborts the sink and writes the whole lines the line writer holds.
func (w wholeLines) Abort() error {
	err := w.recordSink.Abort()
	w.lw.flushLines()
	return err
}

func exportRun(opts *ExportOptions) error {
	if opts.Output == "" {
		return UsageErrorf("export needs -o OUT (a %s file, or - for stdout: %s)", export.FormatExtensions(), export.FormatNames(func(f *export.Format) bool { return f.Line != nil }))
	}
	format, err := formatOf(opts.Format, opts.Output)
	if err != nil {
		return err
	}
	lineFormat := format.Line
	if opts.Output == "-" && lineFormat == nil {
		return UsageErrorf("-o -: only %s can go to stdout; give a .%s file", export.FormatNames(func(f *export.Format) bool { return f.Line != nil }), format.Name)
	}
	if err := opts.Filter.Check(); err != nil {
		return UsageErrorf("--%v", err)
	}
	if err := oneStdin(opts.Inputs); err != nil {
		return err
	}
	// As merge: the export must not replace a corpus it reads (a PDF
	// over the JSONL, or the corpus cut down by --tier).
	if err := checkOutputsNotInputs([]string{opts.Output}, "input", opts.Inputs); err != nil {
		return err
	}
	if err := checkOutputEnding(format, opts.Output); err != nil {
		return err
	}
	if opts.Output != "-" {
		hold, err := outfile.HoldOutput(opts.Output, "sudogen export -o "+opts.Output)
		if err != nil {
			return err
		}
		defer hold.Release()
	}
	var inputs []namedInput
	for _, name := range opts.Inputs {
		in, done, err := openInput(name, opts.In)
		if err != nil {
			return err
		}
		defer done()
		inputs = append(inputs, namedInput{in, name})
	}
	name := strings.Join(displayNames(opts.Inputs), ", ")
	// Open the output first, so a bad output path fails before reading.
	switch format {
	case export.FormatPDF:
		// --sort -rating puts the hardest sections and puzzles first;
		// --sort id keeps the order asked for; --sort rating is the
		// book's own order (easiest first).
		switch opts.Filter.Sort {
		case "-rating":
			opts.Book.HardestFirst = true
		case "id", "-id":
			opts.Book.KeepOrder = true
		}
	case export.FormatXLSX:
		// excelize keeps streamed sheets under 16 MB in memory until the
		// end and builds the zip in memory: a soft heap limit makes the
		// garbage collector return the rest sooner (see docs/export.md),
		// the process's own limit back when the export returns (a
		// caller in the same process, a test or the library's user, is
		// not left with a heap limit that keeps its collector running).
		if os.Getenv("GOMEMLIMIT") == "" {
			defer debug.SetMemoryLimit(debug.SetMemoryLimit(150 << 20))
		}
	}
	var sink recordSink
	var pdf *export.PDFFile
	switch {
	case opts.Output == "-" && format == export.FormatJSONL:
		lw := newLineWriter(opts.Out, "stdout")
		sink = wholeLines{jsonlStdout{export.NewJSONLWriter(lw)}, lw}
	case opts.Output == "-":
		lw := newLineWriter(opts.Out, "stdout")
		sink = wholeLines{export.NewLineWriter(lw, lineFormat), lw}
	default:
		xo := opts.XLSX
		xo.Note = xlsxNote(opts.ErrOut, opts.Quiet)
		sink, err = format.Create(opts.Output, export.SinkOptions{Book: opts.Book, XLSX: xo, HTML: opts.HTML})
		if pdf, _ = sink.(*export.PDFFile); pdf != nil {
			pdf.Report = preflightReport(opts.ErrOut, opts.Quiet)
		}
	}
	if err != nil {
		return err
	}
	sink, mixed := watchLineKinds(sink, lineFormat)
	// Records going into a book or a workbook are checked (one solution,
	// the right one; a missing one is found; grading fields that agree);
	// line formats (JSONL, txt, csv, se) pass them through. The workbook
	// shows "minimal", so there it is tested against the puzzle too.
	var check func(*export.Record) error
	if lineFormat == nil {
		check = export.CheckRecord
		if format == export.FormatXLSX {
			check = checkWithMinimal
		}
	}
	n, err := copyRecords(inputs, opts.Kinds.parser(), opts.Filter, sink, check, &opts.progress)
	if err != nil {
		sink.Abort()
		return err
	}
	if n == 0 {
		sink.Abort()
		if len(opts.Filter.Tiers) > 0 {
			return fmt.Errorf("%s: no records of tier %s: nothing to export", name, strings.Join(opts.Filter.Tiers, ","))
		}
		return fmt.Errorf("%s: no puzzles found (empty corpus, nothing to export)", name)
	}
	opts.progress.closing.Store(true)
	if err := sink.Close(); err != nil {
		var kdp *export.KDPError
		var lay *export.LayoutError
		if errors.As(err, &kdp) || errors.As(err, &lay) {
			return asUsage(err) // margins or a layout the flags chose: exit 2
		}
		return err
	}
	mixed.note(opts.ErrOut, opts.Output)
	if !opts.Quiet {
		where := writtenTo(opts.Output, pdf, nil)
		if opts.Output != "-" {
			fmt.Fprintf(opts.ErrOut, "exported %s as %s to %s\n", numfmt.Count(n, "puzzle"), format.Name, where)
		}
	}
	return nil
}

// writtenTo names the files a sink opened at path wrote: path, or for a
// PDF book split into volumes or with a cover every file it wrote
// (export.PDFFile.Paths), each through name when name is not nil.
func writtenTo(path string, sink any, name func(string) string) string {
	pdf, _ := sink.(*export.PDFFile)
	if pdf == nil || len(pdf.Paths) <= 1 {
		return path
	}
	names := make([]string, len(pdf.Paths))
	for i, p := range pdf.Paths {
		if name != nil {
			p = name(p)
		}
		names[i] = p
	}
	return strings.Join(names, ", ")
}

// namedInput is an opened input and the name it is given in messages.
type namedInput struct {
	r    io.Reader
	name string
}

// oneStdin refuses a list of inputs that names standard input twice.
func oneStdin(names []string) error {
	if i := slices.Index(names, "-"); i >= 0 && slices.Contains(names[i+1:], "-") {
		return UsageErrorf("- (standard input) can be read once: name it once")
	}
	return nil
}

// inputLine is where a record was read: its input and line.
type inputLine struct {
	file string
	line int
}

// copyRecords reads every record of the inputs in order (each line with
// parse when it is set: --variant), checks it (a bad
// line stops the export, named by file and line), filters it and writes
// it to sink, straight through unless the filter sorts (the inputs are
// then sorted as one corpus). With check set every record must also
// pass it (export.CheckRecord: exactly one solution, and the record's
// solution is it, a missing one filled in; grading fields that agree).
// It returns the count written. It counts its work in prog.
func copyRecords(inputs []namedInput, parse func(string, int, []byte) (export.Item, bool, error), flt export.Filter, sink recordSink, check func(*export.Record) error, prog *exportProgress) (int, error) {
	var kept []*export.Record
	// A sink that prints the record (a book: its id, its tier, its board
	// and answer) checks it as it is written, so a bad one is named by
	// file and line.
	tc, _ := sink.(printChecker)
	var lines map[*export.Record]inputLine // a kept record's line, when sorted
	write := func(rec *export.Record, at inputLine) error {
		if tc != nil {
			if err := tc.CheckPrintable(rec); err != nil {
				return &export.LineError{File: at.file, Line: at.line, Msg: err.Error()}
			}
		}
		// A record a line format cannot hold (a killer in se) is named
		// by file and line too; the writer's own error names its id.
		err := sink.Write(rec)
		if re := (*export.RecordError)(nil); errors.As(err, &re) {
			return &export.LineError{File: at.file, Line: at.line, Msg: re.Error()}
		}
		return err
	}
	n := 0
	for i, in := range inputs {
		name := in.name
		rd := export.NewReader(in.r, name)
		if parse != nil {
			rd.SetParser(parse)
		}
		prog.file.Store(int64(i))
		for {
			it, err := rd.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				return n, err
			}
			// A grade line of a puzzle without exactly one solution
			// is refused by every format, before anything costs.
			if err := export.CheckGradeStatus(&it.Record); err != nil {
				return n, &export.LineError{File: name, Line: it.Line, Msg: err.Error()}
			}
			rec, err := normalize(it, name)
			if err != nil {
				return n, err
			}
			prog.read.Add(1)
			prog.line.Store(int64(it.Line))
			if tc != nil {
				// A board too large for the book is refused before
				// check proves it unique (seconds at 25x25).
				if err := tc.CheckSize(rec); err != nil {
					return n, &export.LineError{File: name, Line: it.Line, Msg: err.Error()}
				}
			}
			if check != nil {
				if err := check(rec); err != nil {
					return n, &export.LineError{File: name, Line: it.Line, Msg: export.CheckMessage(err, !it.JSON)}
				}
			}
			if !flt.Keep(rec) {
				continue
			}
			at := inputLine{name, it.Line}
			if !flt.Streaming() {
				kept = append(kept, rec)
				if lines == nil {
					lines = map[*export.Record]inputLine{}
				}
				lines[rec] = at
				continue
			}
			if flt.Limit > 0 && n >= flt.Limit {
				continue // read on: a bad line later is still an error
			}
			if err := write(rec, at); err != nil {
				return n, err
			}
			n++
		}
	}
	if !flt.Streaming() {
		for _, rec := range flt.Apply(kept) {
			if err := write(rec, lines[rec]); err != nil {
				return n, err
			}
			n++
		}
	}
	return n, nil
}

// printChecker is a sink that checks that it can print a record
// (export.PDFFile: the board's size, cheaply, before the record is
// checked; then the id, tier, board and answer a book prints).
type printChecker interface {
	CheckSize(*export.Record) error
	CheckPrintable(*export.Record) error
}

// normalize checks a read item (a classic grid's parse; another kind's
// record read through its kind, checkKindRecord) and fills what a plain
// puzzle line lacks: size, box, givens and an id ("line-N").
func normalize(it export.Item, name string) (*export.Record, error) {
	rec := it.Record
	if !export.HoldsGrid(rec.Kind) {
		if err := checkKindRecord(rec); err != nil {
			return nil, &export.LineError{File: name, Line: it.Line, Msg: err.Error()}
		}
		if !it.JSON && rec.ID == "" {
			// a plain line of another kind (a killer's, a --variant
			// line): named by its line, as a grid line is
			rec.ID = "line-" + strconv.Itoa(it.Line)
		}
		return &rec, nil
	}
	g, err := it.GridError(name, nil)
	if err != nil {
		return nil, err
	}
	if rec.Size == 0 { // (a size not the puzzle's: GridError refused it)
		rec.Size = g.Geo.N
	}
	if len(rec.Box) == 0 {
		rec.Box = []int{g.Geo.BoxRows, g.Geo.BoxCols}
	}
	if !rec.HasGivens() {
		rec.Givens = g.Givens()
	}
	if rec.ID == "" {
		rec.ID = "line-" + strconv.Itoa(it.Line)
	}
	if !it.JSON {
		rec.Unseeded = true // a plain line: no run made it (no seed, no index)
	}
	return &rec, nil
}

// checkWithMinimal is export.CheckRecord, then, up to 12x12, the
// record's "minimal" tested against its puzzle (export.CheckMinimal):
// for the workbook, which shows the field. Above 12x12 the field is
// trusted, as merge trusts it: the test costs 27-36 ms a 16x16 record,
// ten times the rest of the export (1.5 ms a 12x12 one).
func checkWithMinimal(rec *export.Record) error {
	if err := export.CheckRecord(rec); err != nil {
		return err
	}
	if rec.Size > 12 {
		return nil
	}
	return export.CheckMinimal(rec)
}
