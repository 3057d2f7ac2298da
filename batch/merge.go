package batch

import (
	"bufio"
	"bytes"
	"context"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"

	"github.com/sudogen/sudogen/export"
	"github.com/sudogen/sudogen/internal/extsort"
	"github.com/sudogen/sudogen/internal/pool"
	"github.com/sudogen/sudogen/sudoku"
)

// Merge joins corpora of any size in bounded memory: it keeps one record
// of each canonical form and writes them in a fixed order, with external
// sorts whose chunks stay within a memory budget.
//
// The order is (seeded, seed, index, input, line): a run's records in
// index order, runs by seed, then the records without seed and index
// (plain puzzle lines, records of other tools) in input order. Of the
// records that share
// a canonical form, the first in that order is kept. So the shards of a run
// (batch --shard) merge into the unsharded run's file, byte for byte.
//
// Three passes:
//
//  1. Read every input (lines parsed and canonicalized on all cores, kept
//     in input order by one collector). Each record's output bytes go to a
//     spool file of its input with its order key; a (canonical hash, order
//     key) tuple goes to the dedupe sorter. An input found out of order is
//     sorted by order key afterwards (a sudogen run's file never is).
//  2. Read the tuples in hash order: every tuple after the first of its
//     hash is a duplicate; its order key goes to the drop sorter.
//  3. Merge the spools in order key order, skipping the dropped keys, into
//     the output.
//
// Dedupe uses the 128-bit hash of the canonical string, as CanonSet does
// (a false duplicate has probability about n²/2^129).
//
// Every record is read and checked as any reader does (export.ParseLine,
// export.CheckRecord); a bad one stops the merge with a *export.LineError.
//
// Output bytes: a JSON record that has a "canonical" field (right, when
// CheckCanonical checks it) and an id is written as it was read (unknown
// fields and all); otherwise the canonical form and, if it had none, the
// id mergeID gives are added before its closing brace, every other byte
// kept (never a size, seed or index it did not have). A plain puzzle line
// becomes a record with kind, size, box, puzzle, givens, canonical and id.

// MergeInput is one corpus to merge.
type MergeInput struct {
	Name string // file name for messages and ids; "-" is standard input
	R    io.Reader
	Size int64 // bytes, for progress (-1: unknown)
}

// MergeOptions configure Merge.
type MergeOptions struct {
	// Memory is the budget of the sorters' in-memory chunks, in bytes
	// (the caller keeps the process near its own limit by also setting
	// the garbage collector's, see runtime/debug.SetMemoryLimit).
	Memory int64
	// TempDir holds the temporary files ("": the system's).
	TempDir string
	// Workers parse and canonicalize lines (0: every CPU).
	Workers int
	// CheckCanonical recomputes the canonical form of every Sudoku record;
	// otherwise a record's own "canonical" field is trusted (sudogen
	// writes it; --exclude trusts it too) and only records without one are
	// canonicalized.
	CheckCanonical bool
	// CheckMinimal tests every record's "minimal" against its puzzle
	// (export.CheckMinimal: one search a given, several times a 9x9
	// merge's CPU); unset, the field is trusted as "canonical" is.
	CheckMinimal bool
	// Progress, when set, hears how far each phase is.
	Progress func(MergeProgress)
	// Parse, if set, reads each line instead of export.ParseLine (a
	// command's --variant: every plain line and sudoku record read as
	// the variant's record); it is called from the parsing workers.
	Parse func(file string, n int, b []byte) (export.Item, bool, error)
}

// MergeProgress is how far a merge is: Phase is "reading" (Done and Total
// in bytes; Total -1 when an input's size is unknown), "deduplicating" or
// "writing" (in records).
type MergeProgress struct {
	Phase       string
	Done, Total int64
}

// MergeCount is what Merge did with one input.
type MergeCount struct {
	File                   string
	Read, Kept, Duplicates int64
}

// MergeStats are the totals of a merge.
type MergeStats struct {
	Inputs  []MergeCount
	Kept    int64
	Spilled int64 // bytes written to temporary files
}

// orderKeyLen is the length of an order key: unseeded, seed, index,
// input, line.
const orderKeyLen = 1 + 8 + 8 + 4 + 8

type orderKey [orderKeyLen]byte

// makeOrderKey is a record's place in the output: records a run made
// (seed and index) first, by seed and index, then the unseeded ones (plain
// lines, records no run made) in input and line order. Unseeded records
// used to carry seed 0 and sort first, so a plain line that was an
// isomorph of a graded run's record was kept and the record dropped.
func makeOrderKey(unseeded bool, seed uint64, index int64, input int, line int64) orderKey {
	var k orderKey
	if unseeded {
		k[0] = 1
	}
	binary.BigEndian.PutUint64(k[1:], seed)
	binary.BigEndian.PutUint64(k[9:], uint64(index)^1<<63) // signed order
	binary.BigEndian.PutUint32(k[17:], uint32(input))
	binary.BigEndian.PutUint64(k[21:], uint64(line))
	return k
}

func (k *orderKey) input() int { return int(binary.BigEndian.Uint32(k[17:])) }

// Merge merges inputs into out (see above) and returns the counts. A bad
// line, inputs of different kinds or sizes, an empty input or a cancelled
// ctx stop it with an error; out may then hold part of the result, so
// write it to a file that is thrown away on error.
func Merge(ctx context.Context, opts MergeOptions, inputs []MergeInput, out io.Writer) (MergeStats, error) {
	m := &merger{opts: opts, ctx: ctx}
	if m.opts.Workers <= 0 {
		m.opts.Workers = runtime.NumCPU()
	}
	if m.opts.Memory <= 0 {
		m.opts.Memory = 256 << 20
	}
	defer m.cleanup()
	if err := m.read(inputs); err != nil {
		return m.stats(), err
	}
	if err := m.dedupe(); err != nil {
		return m.stats(), err
	}
	if err := m.write(out); err != nil {
		return m.stats(), err
	}
	return m.stats(), nil
}

type merger struct {
	opts MergeOptions
	ctx  context.Context

	counts []MergeCount
	spools []*spool
	tuples *extsort.Sorter // hash + order key
	drops  *extsort.Sorter // order keys of duplicates
	total  int64           // records read
	kept   int64
	// The first record's kind and size rule the merge; where it was.
	first     *mergeItem
	firstFile string
	spill     int64
}

func (m *merger) stats() MergeStats {
	st := MergeStats{Inputs: m.counts, Kept: m.kept, Spilled: m.spill}
	for _, s := range []*extsort.Sorter{m.tuples, m.drops} {
		if s != nil {
			st.Spilled += s.Spilled()
		}
	}
	return st
}

func (m *merger) cleanup() {
	for _, s := range m.spools {
		s.close()
	}
}

func (m *merger) progress(phase string, done, total int64) {
	if m.opts.Progress != nil {
		m.opts.Progress(MergeProgress{Phase: phase, Done: done, Total: total})
	}
}

// canceled reports whether the merge was interrupted.
func (m *merger) canceled() error {
	select {
	case <-m.ctx.Done():
		return fmt.Errorf("%w: merge stopped", ErrInterrupted)
	default:
		return nil
	}
}

// mergeItem is one parsed line.
type mergeItem struct {
	line     int64
	skip     bool // blank or comment
	err      error
	kind     string
	shape    puzzleShape // every record must have the first one's
	seed     uint64
	index    int64
	unseeded bool // no seed or index: after every run's records
	hasKey   bool
	key      key128
	out      []byte // the output line, without its newline
}

// puzzleShape is the kind and size of a record's puzzle.
type puzzleShape struct {
	kind             string
	size             int
	boxRows, boxCols int // sudoku only
}

// String is "9x9 sudoku (3x3 boxes)" or "4x4 slide": a grid's shape has
// boxes.
func (p puzzleShape) String() string {
	if p.boxRows > 0 {
		return fmt.Sprintf("%dx%d sudoku (%dx%d boxes)", p.size, p.size, p.boxRows, p.boxCols)
	}
	return fmt.Sprintf("%dx%d %s", p.size, p.size, p.kind)
}

// mergeChunk is a run of lines of one input, parsed by one worker.
type mergeChunk struct {
	input int
	buf   []byte // the lines' bytes, kept when the pool recycles the chunk
	lines [][]byte
	first int64 // number of the first line
	bytes int64
	items []mergeItem
}

// read is pass 1.
func (m *merger) read(inputs []MergeInput) error {
	var total int64
	for _, in := range inputs {
		if in.Size < 0 {
			total = -1
			break
		}
		total += in.Size
	}
	m.counts = make([]MergeCount, len(inputs))
	// The tuples sorter may use the whole budget while reading; the
	// spools stream to disk.
	m.tuples = extsort.New(16+orderKeyLen, m.opts.Memory, m.opts.TempDir)
	buf := spoolBuffer(m.opts.Memory, len(inputs))
	for i, in := range inputs {
		m.counts[i].File = in.Name
		sp, err := newSpool(m.opts.TempDir, buf)
		if err != nil {
			return err
		}
		m.spools = append(m.spools, sp)
	}

	// The chunks (each about 1 MiB of lines and their output) go through
	// the ordered pool: at most 4 per worker are in flight, so memory is
	// bounded whatever the inputs' size. On Ctrl-C the pool returns at
	// once, without waiting for the chunks in the workers' hands (NoWait);
	// the deferred cleanup removes the temporary files.
	workers := m.opts.Workers
	var readErr error // set by the producer; read only after Run returned nil
	var read int64
	err := pool.Run(m.ctx, pool.Options{Workers: workers, Window: 4 * workers, NoWait: true},
		func() *mergeChunk { return &mergeChunk{} },
		func(get func() (*mergeChunk, bool), send func(*mergeChunk)) {
			readErr = readChunks(inputs, get, send)
		},
		func() func(*mergeChunk) {
			p := newMergeParser(m.opts.CheckCanonical, m.opts.Parse)
			p.minimal = m.opts.CheckMinimal
			return func(ch *mergeChunk) { p.parse(inputs[ch.input].Name, ch) }
		},
		func(c *mergeChunk) error {
			if err := m.collect(c, inputs); err != nil {
				return err
			}
			read += c.bytes
			m.progress("reading", read, total)
			return m.canceled()
		})
	if m.ctx.Err() != nil {
		return m.canceled()
	}
	if err != nil {
		return err
	}
	if readErr != nil {
		return readErr
	}
	for i, sp := range m.spools {
		if err := sp.finish(m.opts.Memory, m.opts.TempDir); err != nil {
			return err
		}
		m.spill += sp.written
		if m.counts[i].Read == 0 {
			return fmt.Errorf("%s: no puzzles found (empty input)", displayFile(inputs[i].Name))
		}
	}
	return nil
}

// collect takes a parsed chunk, in input order: checks kind and size, and
// adds its records to the spool and the dedupe sorter.
func (m *merger) collect(c *mergeChunk, inputs []MergeInput) error {
	name := inputs[c.input].Name
	sp := m.spools[c.input]
	var tuple [16 + orderKeyLen]byte
	for i := range c.items {
		it := &c.items[i]
		if it.skip {
			continue
		}
		if it.err != nil {
			return it.err
		}
		if m.first == nil {
			f := *it
			f.out = nil
			m.first, m.firstFile = &f, displayFile(name)
		} else if it.shape != m.first.shape {
			// Name both in words: "a 6x6 sudoku (2x3 boxes), but ...".
			return &export.LineError{File: name, Line: int(it.line), Msg: fmt.Sprintf("a %s, but %s:%d is a %s: merge corpora of one kind and size",
				it.shape, m.firstFile, m.first.line, m.first.shape)}
		}
		k := makeOrderKey(it.unseeded, it.seed, it.index, c.input, it.line)
		if err := sp.add(k, it.out); err != nil {
			return err
		}
		if it.hasKey {
			binary.BigEndian.PutUint64(tuple[0:], it.key.Hi)
			binary.BigEndian.PutUint64(tuple[8:], it.key.Lo)
			copy(tuple[16:], k[:])
			if err := m.tuples.Add(tuple[:], nil); err != nil {
				return err
			}
		}
		m.counts[c.input].Read++
		m.total++
	}
	return nil
}

// readChunks reads every input's lines (export.Reader.NextLine: bounded,
// a line over 1 MiB or with a NUL byte ends the input with an error naming
// it) into chunks of about 1 MiB, in order, each a free chunk of the pool
// (get; false: the run is over) handed to the workers with send.
func readChunks(inputs []MergeInput, get func() (*mergeChunk, bool), send func(*mergeChunk)) error {
	for i, in := range inputs {
		rd := export.NewReader(in.R, in.Name)
		var ch *mergeChunk
		// take starts a chunk of input i at line first.
		take := func(first int64) bool {
			var ok bool
			if ch, ok = get(); !ok {
				return false
			}
			buf := ch.buf[:0]
			*ch = mergeChunk{input: i, first: first, buf: buf, lines: ch.lines[:0]}
			return true
		}
		if !take(1) {
			return nil
		}
		for {
			b, n, err := rd.NextLine()
			if err == io.EOF {
				break
			}
			if err != nil {
				// Got, so it must be sent: empty, as the lines before
				// the bad one in it are not looked at.
				ch.lines, ch.bytes = ch.lines[:0], 0
				send(ch)
				return err
			}
			if len(ch.lines) == 0 {
				ch.first = int64(n)
			}
			if ch.buf == nil {
				ch.buf = make([]byte, 0, 1<<20)
			}
			start := len(ch.buf)
			ch.buf = append(ch.buf, b...)
			ch.lines = append(ch.lines, ch.buf[start:len(ch.buf):len(ch.buf)])
			ch.bytes += int64(len(b)) + 1
			if len(ch.buf) >= 1<<20-4096 || len(ch.lines) >= 8192 {
				send(ch)
				if !take(int64(n) + 1) {
					return nil
				}
			}
		}
		send(ch)
	}
	return nil
}

// mergeParser is one worker's parsing state.
type mergeParser struct {
	check   bool // recompute canonical fields that are present
	minimal bool // test "minimal" fields (MergeOptions.CheckMinimal)
	// parseLine reads a line (MergeOptions.Parse, else export.ParseLine).
	parseLine func(file string, n int, b []byte) (export.Item, bool, error)
	canon     map[sudoku.Shape]*sudoku.Canonicalizer
	solvers   map[sudoku.Shape]*sudoku.Solver
	buf       []byte
}

// mergeCheckNodes bounds the search that proves a record's puzzle larger
// than 9x9 has exactly one solution (a sudogen puzzle of any size needs
// far fewer); a puzzle that needs more is refused. A variable for tests.
var mergeCheckNodes = 1 << 20

func newMergeParser(check bool, parse func(string, int, []byte) (export.Item, bool, error)) *mergeParser {
	if parse == nil {
		parse = export.ParseLine
	}
	return &mergeParser{check: check, parseLine: parse, canon: map[sudoku.Shape]*sudoku.Canonicalizer{}, solvers: map[sudoku.Shape]*sudoku.Solver{}}
}

func (p *mergeParser) parse(name string, ch *mergeChunk) {
	ch.items = make([]mergeItem, len(ch.lines))
	var out []byte
	for i, raw := range ch.lines {
		it := &ch.items[i]
		it.line = ch.first + int64(i)
		start := len(out)
		out = p.item(name, raw, it, out)
		it.out = out[start:len(out):len(out)]
	}
	ch.lines = ch.lines[:0]
}

// item parses one line into it, appending its output bytes to out.
//
// A JSON record is read as every reader reads it (export.ParseLine: a
// field of the wrong type, a format version above this one are refused)
// and checked as export checks it (export.CheckRecord: a valid puzzle with
// exactly one solution, which is its solution field if it has one; size,
// box and givens that agree with it); a record that fails is a
// *export.LineError naming file and line. Its bytes are kept as they are,
// apart from the canonical form and an id, which are added (or replaced)
// when missing, and the fields with an empty value that canonicalFields
// writes as the other writers do; nothing else is added, dropped or
// re-encoded.
func (p *mergeParser) item(name string, raw []byte, it *mergeItem, out []byte) []byte {
	b := bytes.TrimSpace(raw)
	if len(b) == 0 || b[0] == '#' {
		it.skip = true
		return out
	}
	item, _, err := p.parseLine(name, int(it.line), b)
	if err != nil {
		it.err = err
		return out
	}
	rec := &item.Record
	it.kind, it.seed, it.index = rec.Kind, rec.Seed, rec.Index
	it.unseeded = rec.Unseeded || !item.JSON // a plain line: no run made it
	given := rec.Canonical                   // the record's own canonical field
	canonical := given
	var g *sudoku.Grid
	if export.HoldsGrid(rec.Kind) {
		grid, err := item.GridError(name, nil)
		if err != nil {
			it.err = err
			return out
		}
		g = &grid
		it.shape = puzzleShape{kind: rec.Kind, size: g.Geo.N, boxRows: g.Geo.BoxRows, boxCols: g.Geo.BoxCols}
		if g.Geo.N > 9 {
			// The check below proves the puzzle has one solution; past
			// 9x9 a hostile line (a few givens on a 25x25 grid) makes
			// that search endless, so it gets a budget first.
			sv := p.solvers[g.Geo.Shape]
			if sv == nil {
				sv = sudoku.NewSolver(g.Geo.Shape)
				p.solvers[g.Geo.Shape] = sv
			}
			if _, decided := sv.CountWithin(g.Cells, 2, nil, mergeCheckNodes); !decided {
				it.err = &export.LineError{File: name, Line: int(it.line), Msg: fmt.Sprintf(
					"cannot prove the puzzle has exactly one solution within %d search nodes (too few givens?)", mergeCheckNodes)}
				return out
			}
		}
	}
	plain := !item.JSON
	if plain {
		rec.Unseeded = true // no run made it: no seed, no index
	}
	// Checked before it is canonicalized: a sparse grid with many
	// symmetries takes the canonicalizer long, and is refused here.
	err = export.CheckRecord(rec)
	if err == nil && p.minimal {
		err = export.CheckMinimal(rec)
	}
	if err != nil {
		it.err = &export.LineError{File: name, Line: int(it.line), Msg: export.CheckMessage(err, plain)}
		return out
	}
	if g != nil && (canonical == "" || p.check) {
		c := p.canon[g.Geo.Shape]
		if c == nil {
			c = sudoku.NewCanonicalizer(g.Geo.Shape)
			p.canon[g.Geo.Shape] = c
		}
		p.buf = c.Append(p.buf[:0], *g)
		canonical = string(p.buf)
	}
	if g == nil { // not read as a grid above: the kind keys its records
		it.shape = puzzleShape{kind: rec.Kind, size: rec.Size}
		if canonical == "" || p.check {
			if canonical, err = export.CanonicalKey(rec); err != nil {
				it.err = &export.LineError{File: name, Line: int(it.line), Msg: err.Error()}
				return out
			}
		}
	}
	if canonical != "" {
		it.hasKey, it.key = true, keyOf(canonical)
	}
	id := rec.ID
	if id == "" {
		id = mergeID(name, int(it.line))
	}
	if plain {
		// A plain line becomes a record of what the check found. A grid
		// line's record is its grid; a line in a kind's own text form (a
		// killer's cage map) keeps the kind's fields and the solution the
		// check found, without which the kind's record is incomplete.
		out2 := &export.Record{Kind: rec.Kind, Size: rec.Size, Box: rec.Box,
			Puzzle: rec.Puzzle, Givens: rec.Givens, Canonical: canonical, ID: id, Unseeded: true}
		if g == nil {
			out2.Solution, out2.Fields = rec.Solution, rec.Fields
		}
		return export.AppendJSON(out, out2)
	}
	n := 0
	if g != nil {
		n = g.Geo.N
	}
	set := canonicalFields(b, rec, n)
	if canonical == given && id == rec.ID && len(set) == 0 {
		return append(out, b...)
	}
	if id != rec.ID {
		set = append(set, stringField("id", id))
	}
	if canonical != given {
		set = append(set, stringField("canonical", canonical))
	}
	start := len(out)
	out = setFields(out, b, set)
	// The keys are matched as a JSON reader matches them (their escapes
	// decoded, without regard to case); a reader of the result must see
	// exactly the values set, and nothing else changed.
	var back export.Record
	err = export.DecodeRecord(out[start:], &back)
	if err == nil && back.Kind == "" {
		back.Kind = export.DefaultKind
	}
	if err != nil || back.ID != id || back.Canonical != canonical ||
		back.Kind != rec.Kind || back.Tier != rec.Tier || (hasField(set, "size") && back.Size != n) {
		it.err = &export.LineError{File: name, Line: int(it.line), Msg: "merge cannot set its fields (id, canonical, and the empty ones it takes out) in this record so that a reader reads them back (a key spelled unusually?)"}
		return out[:start]
	}
	return out
}

// jsonField is a field setFields sets: key, and value as JSON text ("" to
// take the field out). An inPlace field is written where the record had
// it; the others go before the closing brace.
type jsonField struct {
	key, value string
	inPlace    bool
}

// stringField is the field key set to the string v.
func stringField(key, v string) jsonField {
	q, _ := json.Marshal(v)
	return jsonField{key: key, value: string(q)}
}

// setFields appends to dst the JSON object b (valid JSON, one object)
// with the fields set: every top-level member whose key is one of theirs
// (escapes decoded, case ignored, as encoding/json matches keys) is taken
// out with the comma before it; an inPlace field is written where its
// first such member was, and the other fields with a value are added
// before the closing brace, in order. Every other byte of b is kept.
func setFields(dst, b []byte, set []jsonField) []byte {
	members, end := topMembers(b)
	written := make([]bool, len(set))
	kept := 0
	write := func(f jsonField) {
		if kept > 0 {
			dst = append(dst, ',')
		}
		k, _ := json.Marshal(f.key)
		dst = append(append(append(dst, k...), ':'), f.value...)
		kept++
	}
	if len(members) == 0 {
		dst = append(dst, b[:end]...)
	} else {
		dst = append(dst, b[:members[0].start]...)
		for k, m := range members {
			if i := fieldIndex(b[m.key[0]:m.key[1]], set); i >= 0 {
				if f := set[i]; f.inPlace && f.value != "" && !written[i] {
					write(f)
					written[i] = true
				}
				continue
			}
			from := m.start
			if kept > 0 {
				from = members[k-1].end // with the comma before it
			}
			dst = append(dst, b[from:m.end]...)
			kept++
		}
		dst = append(dst, b[members[len(members)-1].end:end]...)
	}
	for i, f := range set {
		if !written[i] && f.value != "" {
			write(f)
		}
	}
	return append(dst, b[end:]...)
}

// fieldIndex is the index in set of the field the JSON string key (with
// its quotes) names, as encoding/json matches a key to a field, or -1.
func fieldIndex(key []byte, set []jsonField) int {
	var k string
	if json.Unmarshal(key, &k) != nil {
		return -1
	}
	for i, f := range set {
		if strings.EqualFold(k, f.key) {
			return i
		}
	}
	return -1
}

// member is one top-level member of a JSON object: its bytes from the
// key's opening quote to the value's end, and the key's (with quotes).
type member struct {
	start, end int
	key        [2]int
}

// topMembers returns the top-level members of the JSON object b (valid
// JSON) and the index of its closing brace.
func topMembers(b []byte) ([]member, int) {
	var ms []member
	i := skipSpace(b, 1)
	for i < len(b) && b[i] != '}' {
		if b[i] == ',' {
			i = skipSpace(b, i+1)
		}
		var m member
		m.start = i
		i = skipString(b, i)
		m.key = [2]int{m.start, i}
		i = skipSpace(b, i)
		i = skipSpace(b, i+1) // the colon
		i = skipValue(b, i)
		m.end = i
		ms = append(ms, m)
		i = skipSpace(b, i)
	}
	return ms, i
}

func skipSpace(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r') {
		i++
	}
	return i
}

// skipString returns the index after the JSON string starting at b[i].
func skipString(b []byte, i int) int {
	for i++; i < len(b); i++ {
		switch b[i] {
		case '\\':
			i++
		case '"':
			return i + 1
		}
	}
	return i
}

// skipValue returns the index after the JSON value starting at b[i].
func skipValue(b []byte, i int) int {
	depth := 0
	for i < len(b) {
		switch b[i] {
		case '"':
			i = skipString(b, i)
			if depth == 0 {
				return i
			}
			continue
		case '{', '[':
			depth++
		case '}', ']':
			if depth == 0 {
				return i
			}
			depth--
			if depth == 0 {
				return i + 1
			}
		case ',', ' ', '\t', '\n', '\r':
			if depth == 0 {
				return i
			}
		}
		i++
	}
	return i
}

// mergeID is the id merge gives a record that has none (a plain puzzle
// line): "<input file name without extension>-<line>", e.g. "hard-12" for
// line 12 of dir/hard.txt, "stdin-3" for standard input. It depends only on
// the input, not on what else is merged or kept.
func mergeID(name string, line int) string {
	base := "stdin"
	if name != "-" {
		base = filepath.Base(name)
		if ext := filepath.Ext(base); ext != "" && ext != base {
			base = strings.TrimSuffix(base, ext)
		}
	}
	return base + "-" + strconv.Itoa(line)
}

func displayFile(name string) string {
	if name == "" || name == "-" {
		return "stdin"
	}
	return name
}

// dedupe is pass 2.
func (m *merger) dedupe() error {
	it, err := m.tuples.Sort()
	if err != nil {
		return err
	}
	defer it.Close()
	n := m.tuples.Len()
	m.drops = extsort.New(orderKeyLen, m.opts.Memory, m.opts.TempDir)
	var prev [16]byte
	var done int64
	for it.Next() {
		k := it.Key()
		if done > 0 && bytes.Equal(k[:16], prev[:]) {
			var ok orderKey
			copy(ok[:], k[16:])
			m.counts[ok.input()].Duplicates++
			if err := m.drops.Add(ok[:], nil); err != nil {
				return err
			}
		}
		copy(prev[:], k[:16])
		done++
		if done%(1<<16) == 0 {
			m.progress("deduplicating", done, n)
			if err := m.canceled(); err != nil {
				return err
			}
		}
	}
	if err := it.Err(); err != nil {
		return err
	}
	m.progress("deduplicating", n, n)
	return nil
}

// stream is a source of records in order key order.
type stream interface {
	Next() bool
	Key() []byte
	Payload() []byte
	Err() error
}

// write is pass 3.
func (m *merger) write(out io.Writer) error {
	drops, err := m.drops.Sort()
	if err != nil {
		return err
	}
	defer drops.Close()
	hasDrop := drops.Next()
	var streams []stream
	for _, sp := range m.spools {
		streams = append(streams, sp.stream())
	}
	h, err := newStreamHeap(streams)
	if err != nil {
		return err
	}
	var done int64
	for len(h) > 0 {
		s := h[0]
		key := s.Key()
		for hasDrop && bytes.Compare(drops.Key(), key) < 0 {
			hasDrop = drops.Next()
		}
		if hasDrop && bytes.Equal(drops.Key(), key) {
			hasDrop = drops.Next()
		} else {
			if _, err := out.Write(s.Payload()); err != nil {
				return err
			}
			if _, err := out.Write(newline); err != nil {
				return err
			}
			m.kept++
		}
		done++
		if done%(1<<16) == 0 {
			m.progress("writing", done, m.total)
			if err := m.canceled(); err != nil {
				return err
			}
		}
		if err := h.advance(); err != nil {
			return err
		}
	}
	if err := drops.Err(); err != nil {
		return err
	}
	for i := range m.counts {
		m.counts[i].Kept = m.counts[i].Read - m.counts[i].Duplicates
	}
	m.progress("writing", m.total, m.total)
	return nil
}

var newline = []byte{'\n'}

// streamHeap merges streams by key (a min-heap on the current keys).
type streamHeap []stream

func newStreamHeap(streams []stream) (streamHeap, error) {
	var h streamHeap
	for _, s := range streams {
		if s.Next() {
			h = append(h, s)
		} else if err := s.Err(); err != nil {
			return nil, err
		}
	}
	for i := len(h)/2 - 1; i >= 0; i-- {
		h.down(i)
	}
	return h, nil
}

// advance moves the top stream to its next record.
func (h *streamHeap) advance() error {
	s := (*h)[0]
	if s.Next() {
		h.down(0)
		return nil
	}
	if err := s.Err(); err != nil {
		return err
	}
	n := len(*h) - 1
	(*h)[0] = (*h)[n]
	*h = (*h)[:n]
	if n > 0 {
		h.down(0)
	}
	return nil
}

func (h streamHeap) down(i int) {
	for {
		l := 2*i + 1
		if l >= len(h) {
			return
		}
		j := l
		if r := l + 1; r < len(h) && bytes.Compare(h[r].Key(), h[l].Key()) < 0 {
			j = r
		}
		if bytes.Compare(h[j].Key(), h[i].Key()) >= 0 {
			return
		}
		h[i], h[j] = h[j], h[i]
		i = j
	}
}

// spool holds one input's records (order key, output line) in a temporary
// file, in input order; if they were not in order key order, finish sorts
// them.
type spool struct {
	f       *os.File
	bw      *bufio.Writer // nil once finished
	buf     int           // the size of its buffers (spoolBuffer)
	last    orderKey
	n       int64
	sorted  bool
	written int64
	sorter  *extsort.Iter
	hdr     [binary.MaxVarintLen64]byte
}

// spoolBuffer is the buffer of each of n spools, to write and then to
// read: 256 KiB, less when n of them (a writer each while the inputs are
// read, a reader each while they are merged) would take more than an
// eighth of the memory budget, and at least 16 KiB. A merge of 400
// inputs held 2 x 256 KiB an input outside --memory.
func spoolBuffer(memory int64, n int) int {
	const most, least = 256 << 10, 16 << 10
	if n < 1 {
		return most
	}
	return int(min(most, max(least, memory/8/int64(n))))
}

func newSpool(dir string, buf int) (*spool, error) {
	f, err := os.CreateTemp(dir, "sudogen-merge-*")
	if err != nil {
		if dir == "" {
			dir = os.TempDir()
		}
		return nil, fmt.Errorf("temporary file in %s: %w", dir, err)
	}
	os.Remove(f.Name()) // kept open; nothing is left behind
	return &spool{f: f, bw: bufio.NewWriterSize(f, buf), buf: buf, sorted: true}, nil
}

func (s *spool) add(k orderKey, line []byte) error {
	if s.n > 0 && bytes.Compare(k[:], s.last[:]) < 0 {
		s.sorted = false
	}
	s.last = k
	s.n++
	h := binary.PutUvarint(s.hdr[:], uint64(len(line)))
	s.bw.Write(k[:])
	s.bw.Write(s.hdr[:h])
	_, err := s.bw.Write(line)
	s.written += int64(orderKeyLen + h + len(line))
	if err != nil {
		return fmt.Errorf("writing temporary file: %w", err)
	}
	return nil
}

// finish flushes the spool and, when its records were out of order, sorts
// them by order key.
func (s *spool) finish(memory int64, dir string) error {
	if err := s.bw.Flush(); err != nil {
		return fmt.Errorf("writing temporary file: %w", err)
	}
	s.bw = nil // its buffer is not needed again
	if _, err := s.f.Seek(0, io.SeekStart); err != nil {
		return err
	}
	if s.sorted {
		return nil
	}
	sorter := extsort.New(orderKeyLen, memory, dir)
	r := &spoolReader{br: bufio.NewReaderSize(s.f, s.buf)}
	for r.Next() {
		if err := sorter.Add(r.Key(), r.Payload()); err != nil {
			return err
		}
	}
	if r.err != nil {
		return r.err
	}
	it, err := sorter.Sort()
	if err != nil {
		return err
	}
	s.sorter = it
	return nil
}

func (s *spool) stream() stream {
	if s.sorter != nil {
		return s.sorter
	}
	return &spoolReader{br: bufio.NewReaderSize(s.f, s.buf)}
}

func (s *spool) close() {
	if s.sorter != nil {
		s.sorter.Close()
	}
	s.f.Close()
}

// spoolReader reads a spool file back.
type spoolReader struct {
	br      *bufio.Reader
	key     orderKey
	payload []byte
	err     error
}

func (r *spoolReader) Next() bool {
	if _, err := io.ReadFull(r.br, r.key[:]); err != nil {
		if err != io.EOF {
			r.err = fmt.Errorf("reading temporary file: %w", err)
		}
		return false
	}
	n, err := binary.ReadUvarint(r.br)
	if err != nil {
		r.err = fmt.Errorf("reading temporary file: %w", err)
		return false
	}
	if uint64(cap(r.payload)) < n {
		r.payload = make([]byte, n)
	}
	r.payload = r.payload[:n]
	if _, err := io.ReadFull(r.br, r.payload); err != nil {
		r.err = fmt.Errorf("reading temporary file: %w", err)
		return false
	}
	return true
}

func (r *spoolReader) Key() []byte     { return r.key[:] }
func (r *spoolReader) Payload() []byte { return r.payload }
func (r *spoolReader) Err() error      { return r.err }
