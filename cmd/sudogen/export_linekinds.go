package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/sudogen/sudogen/export"
	"github.com/sudogen/sudogen/internal/numfmt"
	"github.com/sudogen/sudogen/variantkind"
)

// lineKinds is the sink of an export to a line format whose lines do not
// name their kind (txt, se): it passes every record on and counts the
// readings its lines need. A variant's line is its bare cells (a
// jigsaw's with its regions), which the readers take as classic Sudoku
// unless --variant names the variant, and --variant then reads every
// line of the file as that variant. So a file of variant lines and
// lines of any other kind (classic, killer, slide, another variant
// list) cannot be read back as the puzzles it was written from, by any
// one command; a file of one kind's lines is left as it is (apps and
// QQWing-style readers read bare lines), and the note says so only for
// a mix.
type lineKinds struct {
	export.Sink
	format string
	order  []string // readings in the order first seen
	count  map[string]int
	varied bool // a variant's line was written
}

// watchLineKinds returns sink, wrapped in a lineKinds when format is a
// line format whose lines do not name their kind (the second result,
// nil otherwise).
func watchLineKinds(sink export.Sink, format *export.LineFormat) (export.Sink, *lineKinds) {
	if format != export.TXT && format != export.SE {
		return sink, nil
	}
	lk := &lineKinds{Sink: sink, format: format.Name, count: map[string]int{}}
	return lk, lk
}

// Write writes rec and counts the reading of its line.
func (lk *lineKinds) Write(rec *export.Record) error {
	if err := lk.Sink.Write(rec); err != nil {
		return err
	}
	r := lineReading(rec)
	if lk.count[r] == 0 {
		lk.order = append(lk.order, r)
	}
	lk.count[r]++
	if rec.Kind == variantkind.Name {
		lk.varied = true
	}
	return nil
}

// lineReading names what reads rec's line back as rec's puzzle: classic
// Sudoku, a variant list (under --variant), or another kind, whose line
// form says its kind (a killer's cage map, a slide board's tiles).
func lineReading(rec *export.Record) string {
	switch rec.Kind {
	case "", export.KindSudoku:
		return "classic Sudoku"
	case variantkind.Name:
		if f := variantkind.FieldsOf(rec); f != nil {
			return "variant " + strings.Join(f.Variants, ",")
		}
	}
	return rec.Kind
}

// note writes to w, for an output (name) that holds lines no one reading
// gives back as they were written, one line naming the kinds mixed and
// the formats that keep them. lk may be nil (a format whose lines say
// their kind).
func (lk *lineKinds) note(w io.Writer, name string) {
	if lk == nil || !lk.varied || len(lk.order) < 2 {
		return
	}
	kinds := make([]string, len(lk.order))
	for i, r := range lk.order {
		kinds[i] = fmt.Sprintf("%s (%d)", r, lk.count[r])
	}
	list := numfmt.AndList(kinds)
	if name == "-" {
		name = "stdout"
	}
	fmt.Fprintf(w, "sudogen: note: %s mixes %s lines of %s: %s lines do not name their kind (read back, a bare line is classic Sudoku, or with --variant that variant), so they do not all read back as they were; --format jsonl keeps each puzzle's kind\n",
		name, lk.format, list, lk.format)
}
