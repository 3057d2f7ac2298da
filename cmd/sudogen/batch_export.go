package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/spf13/pflag"

	"github.com/sudogen/sudogen/batch"
	"github.com/sudogen/sudogen/export"
	"github.com/sudogen/sudogen/internal/outfile"
	"github.com/sudogen/sudogen/sudoku"
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
	// staging is the hidden folder in -o the files are written to; they
	// are moved to -o only when every one of them is complete (finish),
	// so a run that fails (a full disk while the PDF is laid out) leaves
	// no file of any format behind.
	staging, out string
	scratch      *outfile.Scratch // staging, removed on a forced exit too
	// made are the folders this run created for -o (the deepest last):
	// a run that writes nothing removes them (dropMadeFolders).
	made []string
	// stop is closed when the run is interrupted (see resolve).
	stop <-chan struct{}
	// opened are the sinks of a --format run and the files they were
	// opened at (in -o), for the summary (wrote).
	opened []batch.Sink
	paths  []string
}

// wrote names the files the run wrote, for its summary: where (what
// sinks opened), with a PDF book's volumes and covers in place of its one
// name, as export lists them (writtenTo).
func (b *batchExport) wrote(where string) string {
	if b.opened == nil {
		return where
	}
	names := make([]string, len(b.paths))
	for i, path := range b.paths {
		dir := filepath.Dir(path) // a book's volumes and covers are its neighbours
		names[i] = writtenTo(path, b.opened[i], func(p string) string { return filepath.Join(dir, filepath.Base(p)) })
	}
	return strings.Join(names, ", ")
}

func (b *batchExport) addFlags(f *pflag.FlagSet) {
	f.StringVar(&b.formats, "format", "", "write these formats into the folder -o names: any of "+strings.Join(formatNames(), ",")+" (comma-separated); one format with -o FILE.<ext> writes that file, and a line format (jsonl, txt, csv, se) with -o - writes stdout; default: JSONL to -o")
	b.book.add(f)
}

// resolve checks the book flags (after parsing): the book's fonts only
// when --format asks for a PDF (a bad --format is reported later). ctx is
// the run's: once it is done (Ctrl-C) the play page stops computing
// hints, so the page of what the run made is written at once.
func (b *batchExport) resolve(ctx context.Context, f *pflag.FlagSet) error {
	if ctx != nil {
		b.stop = ctx.Done()
	}
	// Without --format the run writes JSONL only: no book, no fonts to
	// check (formatList reports "" as a bad name).
	formats, ferr := b.formatList()
	pdf := b.formats != "" && ferr != nil
	for _, ff := range formats {
		pdf = pdf || ff == export.FormatPDF
	}
	// A book flag no format of the run reads is refused, not ignored;
	// --lang and --font as export refuses them (checkTextFlags). A bad
	// --format is said later.
	written, run := formats, "this run writes "+b.formats
	if b.formats == "" {
		written, run = []*export.Format{export.FormatJSONL}, "this run writes JSONL only (no --format)"
	}
	if b.formats == "" || ferr == nil {
		if err := checkFormatFlags("batch", f, written, run); err != nil {
			return err
		}
		if err := checkTextFlags(f, written...); err != nil {
			return err
		}
	}
	var err error
	if b.opts, b.xlsx, err = b.book.resolve(f, pdf); err != nil {
		return err
	}
	return checkBookFlagPairs(f)
}

// outputPaths lists the files the run may write for -o out: out itself
// without --format or when -o names one format's file, else each format's
// file in the folder.
func (b *batchExport) outputPaths(out string) []string {
	if b.formats == "" || b.singleFile(out) {
		return []string{out}
	}
	var paths []string
	for _, f := range export.Formats {
		paths = append(paths, filepath.Join(out, f.File))
	}
	return paths
}

// formatNames are the names of the output formats (export.Formats).
func formatNames() []string {
	var names []string
	for _, f := range export.Formats {
		names = append(names, f.Name)
	}
	return names
}

// formatList parses --format: the formats in the order given, each once.
func (b *batchExport) formatList() ([]*export.Format, error) {
	var formats []*export.Format
	seen := map[*export.Format]bool{}
	for _, name := range strings.Split(b.formats, ",") {
		f := export.FormatNamed(name)
		if f == nil {
			return nil, UsageErrorf("--format %q: expected %s, comma-separated", strings.ToLower(strings.TrimSpace(name)), export.FormatNames(nil))
		}
		if !seen[f] {
			seen[f] = true
			formats = append(formats, f)
		}
	}
	return formats, nil
}

// checkKind refuses, before anything is made, a --format the records of
// kind name, side size (0: the kind's default) and --box (box, "": none)
// cannot be written in:
// se (Sudoku Explainer ratings) for a kind rated on its own scale
// (killer, slide), pdf for a board no book prints (a 25x25 sudoku). The
// run failed at its first record, after making it, with exit 1.
func (b *batchExport) checkKind(name string, size int, box string) error {
	if b.formats == "" {
		return nil
	}
	formats, err := b.formatList()
	if err != nil {
		return nil // said by sinks, after the book flags
	}
	se := slices.ContainsFunc(formats, func(f *export.Format) bool { return f.Name == export.SE.Name })
	if k, ok := export.KindOf(name); ok && !k.Rated && se {
		return UsageErrorf("--format se: %s puzzles have no Sudoku Explainer ratings (%s): use another format (jsonl, csv, ...)", name, export.NotSE(name))
	}
	if s, err := sudoku.ParseShape(box); err == nil {
		size = s.N() // --box sets the size (a bad one is said later)
	}
	if size > 0 && slices.Contains(formats, export.FormatPDF) {
		if err := new(export.PDFFile).CheckSize(&export.Record{Kind: name, Size: size}); err != nil {
			return UsageErrorf("--format pdf: %v: use a smaller --size or --box, or another format (jsonl, xlsx, html, ...)", err)
		}
	}
	return nil
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
	return formats[0].FileExtension(out)
}

// checkOutput checks -o out before anything is made: without --format,
// as checkJSONLOutput; in a --format run, an out that is not a folder already and ends in the extension of a
// format it would not be the file of is refused (a usage error), as the
// folder it would become is a trap (`--format pdf -o y.txt` made a folder
// y.txt); a folder output whose parent folder does not exist is refused
// as a file output is (a failure: "cannot create folder a/b: folder a
// does not exist"). The folder -o names itself is made when missing.
func (b *batchExport) checkOutput(out string) error {
	if out == "-" || out == "" {
		return nil
	}
	if b.formats == "" {
		return checkJSONLOutput(out, false)
	}
	formats, err := b.formatList()
	if err != nil {
		return nil // said by sinks, after the book flags
	}
	if st, err := os.Stat(out); err == nil && st.IsDir() {
		return nil // an existing folder: the files go into it
	}
	if b.singleFile(out) {
		return nil // its file, whose folder is checked as it is created
	}
	for _, f := range export.Formats {
		if !f.FileExtension(out) {
			continue
		}
		ext := filepath.Ext(out)
		if len(formats) == 1 {
			return UsageErrorf("--format %s but -o %s ends in %s: end it in %s for that file, or in / for a folder", formats[0].Name, out, ext, filepath.Ext(formats[0].File))
		}
		return UsageErrorf("--format %s writes one file per format into a folder, but -o %s ends in %s: name a folder (ending in /)", b.formats, out, ext)
	}
	parent := filepath.Dir(filepath.Clean(out))
	if _, err := os.Stat(parent); errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("cannot create folder %s: folder %s does not exist", out, parent)
	}
	return nil
}

// checkJSONLOutput checks -o out of a run without --format, which writes
// JSONL: an out ending in another format's extension (-o book.pdf) is
// refused, a usage error, rather than a JSONL file named like a PDF
// (export reads the format from that extension: a user asking for
// book.pdf wants a book). merge, which writes JSONL only, refuses such an
// out the same way (merge is true), pointing to export for the format.
func checkJSONLOutput(out string, merge bool) error {
	for _, f := range export.Formats {
		if f.Name == export.FormatJSONL.Name || !f.FileExtension(out) {
			continue
		}
		if merge {
			return UsageErrorf("-o %s ends in %s, but merge writes JSONL: end -o in .jsonl, then `sudogen export` the merged file with --format %s", out, filepath.Ext(out), f.Name)
		}
		return UsageErrorf("-o %s ends in %s, but without --format batch writes JSONL: add --format %s for that file, or end -o in .jsonl", out, filepath.Ext(out), f.Name)
	}
	return nil
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
	formats, err := b.formatList()
	if err != nil {
		return nil, "", err
	}
	if out == "-" && len(formats) == 1 && formats[0].Line != nil {
		// One line format (txt, csv, se) to stdout, as jsonl goes.
		w := export.NewLineWriter(stdout, formats[0].Line)
		w.FlushEach(true)
		return []batch.Sink{w}, "stdout", nil
	}
	if out == "-" || out == "" {
		return nil, "", UsageErrorf("--format %s: -o must name a folder for the files (or, for one format, its file; -o - writes one of %s to stdout)", b.formats, export.FormatNames(func(f *export.Format) bool { return f.Line != nil }))
	}
	single := b.singleFile(out)
	if !single {
		st, err := os.Stat(out)
		switch {
		case err == nil && !st.IsDir():
			return nil, "", UsageErrorf("-o %s: with --format, -o names a folder, and this is a file", out)
		case err != nil && !errors.Is(err, fs.ErrNotExist):
			return nil, "", fmt.Errorf("cannot write in folder %s: %s", out, folderProblem(out, err))
		}
		b.made = missingFolders(out)
		if err := os.MkdirAll(out, 0o755); err != nil {
			return nil, "", mkdirError("cannot create folder "+out, out, err)
		}
	}
	page, err := playOptions(b.opts.Title, b.book.lang) // the page's language, as export's
	page.Stop, page.Progress = b.stop, hintProgress(stderr, quiet)
	if err != nil {
		return nil, "", err
	}
	if !single && len(formats) > 1 {
		removeStaleStaging(out)
		staging, err := os.MkdirTemp(out, stagingPrefix+strconv.Itoa(os.Getpid())+"-")
		if err != nil {
			return nil, "", outfile.FolderError("", out, err)
		}
		// Tracked, so a forced exit (a second Ctrl-C) removes it too.
		b.staging, b.out, b.scratch = staging, out, outfile.TrackFolder(staging)
	}
	o := export.SinkOptions{Book: b.opts, XLSX: b.xlsx, HTML: page}
	o.XLSX.Note = xlsxNote(stderr, quiet)
	var sinks []batch.Sink
	var paths []string
	for _, f := range formats {
		path := filepath.Join(out, f.File)
		if single {
			path = out
		}
		stage := path
		if b.staging != "" {
			stage = filepath.Join(b.staging, f.File)
		}
		s, err := f.Create(stage, o)
		if pdf, ok := s.(*export.PDFFile); ok {
			report := preflightReport(stderr, quiet)
			pdf.Report = func(p export.Preflight) {
				p.Path, p.CoverPath = b.finalName(p.Path), b.finalName(p.CoverPath)
				report(p)
			}
		}
		if err != nil {
			for _, o := range sinks {
				if a, ok := o.(batch.Aborter); ok {
					a.Abort()
				}
			}
			b.finish(false)
			b.dropMadeFolders()
			return nil, "", err
		}
		sinks = append(sinks, s)
		paths = append(paths, path)
	}
	b.opened, b.paths = sinks, paths
	return sinks, strings.Join(paths, ", "), nil
}

// stagingPrefix starts the name of the staging folder of a --format run.
const stagingPrefix = ".puzzles.staging-"

// finalName is the name in -o of a file written in the staging folder.
func (b *batchExport) finalName(p string) string {
	if b.staging == "" || p == "" {
		return p
	}
	if rel, err := filepath.Rel(b.staging, p); err == nil && !strings.HasPrefix(rel, "..") {
		return filepath.Join(b.out, rel)
	}
	return p
}

// finishRun is the run's batch.Spec Finish: a --format run's files move
// into -o only now that all are complete (kept when keep), and an error
// naming the staging folder names the folder asked for instead.
func (b *batchExport) finishRun(keep bool, err error) error {
	staging := b.staging
	if staging == "" {
		return err
	}
	if ferr := b.finish(keep); ferr != nil && err == nil {
		err = ferr
	}
	if err != nil && strings.Contains(err.Error(), staging) { // name the file asked for
		err = errors.New(strings.ReplaceAll(err.Error(), staging, filepath.Clean(b.out)))
	}
	return err
}

// finish ends a --format run: with keep, every file of the staging folder
// is moved into -o (each replacing its older namesake at once); without,
// they are dropped. The staging folder is removed either way.
func (b *batchExport) finish(keep bool) error {
	if b.staging == "" {
		return nil
	}
	defer func() {
		b.scratch.Release()
		b.staging = ""
	}()
	if !keep {
		return nil
	}
	ents, err := os.ReadDir(b.staging)
	if err != nil {
		return fmt.Errorf("cannot read %s: %s", b.staging, outfile.Reason(err))
	}
	for _, e := range ents {
		if strings.HasPrefix(e.Name(), ".") { // an unfinished temporary file
			continue
		}
		if err := os.Rename(filepath.Join(b.staging, e.Name()), filepath.Join(b.out, e.Name())); err != nil {
			return fmt.Errorf("writing %s: %s", filepath.Join(b.out, e.Name()), outfile.Reason(err))
		}
	}
	return nil
}

// missingFolders returns dir and those of its parents that do not exist,
// the outermost first: the folders os.MkdirAll(dir) would create.
func missingFolders(dir string) []string {
	var miss []string
	for d := filepath.Clean(dir); ; d = filepath.Dir(d) {
		if _, err := os.Lstat(d); err == nil {
			break
		}
		miss = append([]string{d}, miss...)
		if filepath.Dir(d) == d {
			break
		}
	}
	return miss
}

// dropMadeFolders removes the folders this run created for -o, deepest
// first, when they are still empty: a run that wrote nothing leaves no
// new folder either. A folder something else put a file in stays.
func (b *batchExport) dropMadeFolders() {
	for i := len(b.made) - 1; i >= 0; i-- {
		if os.Remove(b.made[i]) != nil {
			break
		}
	}
	b.made = nil
}

// removeStaleStaging removes the staging folders in out left by --format
// runs that were killed (their process is gone).
func removeStaleStaging(out string) {
	m, _ := filepath.Glob(filepath.Join(out, stagingPrefix+"*"))
	for _, d := range m {
		pidText, _, _ := strings.Cut(strings.TrimPrefix(filepath.Base(d), stagingPrefix), "-")
		pid, err := strconv.Atoi(pidText)
		if err != nil || pid == os.Getpid() {
			continue
		}
		if processGone(pid) {
			os.RemoveAll(d)
		}
	}
}
