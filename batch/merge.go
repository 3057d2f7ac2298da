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
	"sync"
	"unicode/utf8"

	"github.com/sudogen/sudogen/export"
	"github.com/sudogen/sudogen/internal/extsort"
	"github.com/sudogen/sudogen/sudoku"
)

// Merge joins corpora of any size in bounded memory: it keeps one record
// of each canonical form and writes them in a fixed order, with external
// sorts whose chunks stay within a memory budget.
//
// The order is (seed, index, input, line): a run's records in index
// order, runs by seed, and records without seed and index (plain puzzle
// lines, records of other tools) in input order. Of the records that share
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
// Output bytes: a JSON record that has a "canonical" field (right, when
// CheckCanonical checks it) and an id is written as it was read (unknown
// fields and all); otherwise it is re-encoded with the canonical form
// filled in and, if it had none, the id mergeID gives. A plain puzzle line
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
	// Progress, when set, hears how far each phase is.
	Progress func(MergeProgress)
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

// orderKeyLen is the length of an order key: seed, index, input, line.
const orderKeyLen = 8 + 8 + 4 + 8

type orderKey [orderKeyLen]byte

func makeOrderKey(seed uint64, index int64, input int, line int64) orderKey {
	var k orderKey
	binary.BigEndian.PutUint64(k[0:], seed)
	binary.BigEndian.PutUint64(k[8:], uint64(index)^1<<63) // signed order
	binary.BigEndian.PutUint32(k[16:], uint32(input))
	binary.BigEndian.PutUint64(k[20:], uint64(line))
	return k
}

func (k *orderKey) input() int { return int(binary.BigEndian.Uint32(k[16:])) }

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
	line   int64
	skip   bool // blank or comment
	err    error
	kind   string
	shape  puzzleShape // every record must have the first one's
	seed   uint64
	index  int64
	hasKey bool
	key    key128
	out    []byte // the output line, without its newline
}

// puzzleShape is the kind and size of a record's puzzle.
type puzzleShape struct {
	kind             string
	size             int
	boxRows, boxCols int // sudoku only
}

// String is "9x9 sudoku (3x3 boxes)" or "4x4 slide".
func (p puzzleShape) String() string {
	if export.HoldsGrid(p.kind) {
		return fmt.Sprintf("%dx%d sudoku (%dx%d boxes)", p.size, p.size, p.boxRows, p.boxCols)
	}
	return fmt.Sprintf("%dx%d %s", p.size, p.size, p.kind)
}

// mergeChunk is a run of lines of one input, parsed by one worker.
type mergeChunk struct {
	seq   int
	input int
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
	for i, in := range inputs {
		m.counts[i].File = in.Name
		sp, err := newSpool(m.opts.TempDir)
		if err != nil {
			return err
		}
		m.spools = append(m.spools, sp)
	}

	workers := m.opts.Workers
	jobs := make(chan *mergeChunk, workers)
	done := make(chan *mergeChunk, workers)
	// tokens bounds the chunks between the reader and the collector (each
	// about 1 MiB of lines and their output), as batch's window does.
	tokens := make(chan struct{}, 4*workers)
	for range cap(tokens) {
		tokens <- struct{}{}
	}
	stop := make(chan struct{})
	var once sync.Once
	halt := func() { once.Do(func() { close(stop) }) }
	defer halt()
	var readErr error
	go func() {
		defer close(jobs)
		readErr = readChunks(inputs, jobs, tokens, stop)
	}()
	wdone := make(chan struct{})
	for range workers {
		go func() {
			p := newMergeParser(m.opts.CheckCanonical)
			for ch := range jobs {
				p.parse(inputs[ch.input].Name, ch)
				done <- ch
			}
			wdone <- struct{}{}
		}()
	}
	go func() {
		for range workers {
			<-wdone
		}
		close(done)
	}()

	pending := map[int]*mergeChunk{}
	next := 0
	var read int64
	var err error
	for {
		var ch *mergeChunk
		var ok bool
		select {
		case ch, ok = <-done:
		case <-m.ctx.Done():
			// Interrupted: stop now, without waiting for the chunks in
			// the workers' hands (they finish into the buffered done or
			// block until the program exits); the deferred cleanup
			// removes the temporary files.
			halt()
			return m.canceled()
		}
		if !ok {
			break
		}
		if err != nil {
			continue // drain so the workers and reader can stop
		}
		pending[ch.seq] = ch
		for {
			c, ok := pending[next]
			if !ok {
				break
			}
			delete(pending, next)
			next++
			tokens <- struct{}{}
			if err = m.collect(c, inputs); err != nil {
				break
			}
			read += c.bytes
			m.progress("reading", read, total)
		}
		if err == nil {
			err = m.canceled()
		}
		if err != nil {
			halt() // the reader stops; the workers finish their chunks
		}
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
		k := makeOrderKey(it.seed, it.index, c.input, it.line)
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
// it) into chunks of about 1 MiB, in order, taking a token for each, until
// done or stop.
func readChunks(inputs []MergeInput, jobs chan<- *mergeChunk, tokens <-chan struct{}, stop <-chan struct{}) error {
	seq := 0
	for i, in := range inputs {
		rd := export.NewReader(in.R, in.Name)
		ch := &mergeChunk{seq: seq, input: i, first: 1}
		var buf []byte
		send := func(next int64) bool {
			select {
			case <-tokens:
			case <-stop:
				return false
			}
			select {
			case jobs <- ch:
			case <-stop:
				return false
			}
			seq++
			ch = &mergeChunk{seq: seq, input: i, first: next}
			buf = nil
			return true
		}
		for {
			b, n, err := rd.NextLine()
			if err == io.EOF {
				break
			}
			if err != nil {
				return err
			}
			if len(ch.lines) == 0 {
				ch.first = int64(n)
			}
			if buf == nil {
				buf = make([]byte, 0, 1<<20)
			}
			start := len(buf)
			buf = append(buf, b...)
			ch.lines = append(ch.lines, buf[start:len(buf):len(buf)])
			ch.bytes += int64(len(b)) + 1
			if len(buf) >= 1<<20-4096 || len(ch.lines) >= 8192 {
				if !send(int64(n) + 1) {
					return nil
				}
			}
		}
		if !send(0) {
			return nil
		}
	}
	return nil
}

// mergeParser is one worker's parsing state.
type mergeParser struct {
	check bool // recompute canonical fields that are present
	canon map[sudoku.Shape]*sudoku.Canonicalizer
	buf   []byte
}

func newMergeParser(check bool) *mergeParser {
	return &mergeParser{check: check, canon: map[sudoku.Shape]*sudoku.Canonicalizer{}}
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
	ch.lines = nil
}

// item parses one line into it, appending its output bytes to out.
func (p *mergeParser) item(name string, raw []byte, it *mergeItem, out []byte) []byte {
	b := bytes.TrimSpace(raw)
	if len(b) == 0 || b[0] == '#' {
		it.skip = true
		return out
	}
	f, err := parseMergeLine(name, int(it.line), b)
	if err != nil {
		it.err = err
		return out
	}
	it.kind, it.seed, it.index = f.Kind, f.Seed, f.Index
	// The line is written as it is unless something must be filled in.
	verbatim := f.json && f.ID != ""
	var plain *export.Record // what a plain line becomes
	switch {
	case export.HoldsGrid(f.Kind):
		item := export.Item{Line: int(it.line), Record: export.Record{Kind: f.Kind, Box: f.Box, Puzzle: f.Puzzle}}
		g, err := item.GridError(name, nil)
		if err != nil {
			it.err = err
			return out
		}
		it.shape = puzzleShape{kind: f.Kind, size: g.Geo.N, boxRows: g.Geo.BoxRows, boxCols: g.Geo.BoxCols}
		canonical := f.Canonical
		if canonical == "" || p.check {
			c := p.canon[g.Geo.Shape]
			if c == nil {
				c = sudoku.NewCanonicalizer(g.Geo.Shape)
				p.canon[g.Geo.Shape] = c
			}
			p.buf = c.Append(p.buf[:0], g)
			if canonical != string(p.buf) {
				verbatim = false
				canonical = string(p.buf)
			}
		}
		it.hasKey, it.key = true, keyOf(canonical)
		f.Canonical = canonical
		if !f.json {
			plain = &export.Record{Kind: export.DefaultKind, Size: g.Geo.N, Box: []int{g.Geo.BoxRows, g.Geo.BoxCols},
				Puzzle: g.String(), Givens: g.Givens(), Canonical: canonical}
		}
	default:
		it.shape = puzzleShape{kind: f.Kind, size: f.Size}
		if f.Canonical != "" {
			it.hasKey, it.key = true, keyOf(f.Canonical)
		}
	}
	if verbatim {
		return append(out, b...)
	}
	rec := plain
	if rec == nil {
		// Re-encode the whole record (this drops fields Record does not
		// know).
		rec = &export.Record{}
		json.Unmarshal(b, rec) // parseMergeLine decoded it already
		if rec.Kind == "" {
			rec.Kind = export.DefaultKind
		}
		rec.Canonical = f.Canonical
	}
	if rec.ID == "" {
		rec.ID = mergeID(name, int(it.line))
	}
	return export.AppendJSON(out, rec)
}

// mergeFields are the fields of a record merge needs; decoding only these
// is about twice as fast as a whole export.Record.
type mergeFields struct {
	ID        string `json:"id"`
	Kind      string `json:"kind"`
	Size      int    `json:"size"`
	Box       []int  `json:"box"`
	Puzzle    string `json:"puzzle"`
	Canonical string `json:"canonical"`
	Seed      uint64 `json:"seed"`
	Index     int64  `json:"index"`
	json      bool   // the line was a JSON record
}

// parseMergeLine reads one trimmed, non-blank, non-comment line as
// export.ParseLine does, a JSON record (kind "sudoku" when absent) or a
// plain puzzle line (export.PlainPuzzle), decoding only mergeFields. A line
// it refuses gets export.ParseLine's own message.
func parseMergeLine(name string, line int, b []byte) (mergeFields, error) {
	var f mergeFields
	if b[0] != '{' {
		f.Kind, f.Puzzle = export.DefaultKind, string(export.PlainPuzzle(b))
		return f, nil
	}
	f.json = true
	if !utf8.Valid(b) || json.Unmarshal(b, &f) != nil {
		_, _, err := export.ParseLine(name, line, b)
		if err == nil {
			err = &export.LineError{File: name, Line: line, Msg: "bad JSON"}
		}
		return f, err
	}
	if f.Kind == "" {
		f.Kind = export.DefaultKind
	}
	if export.HoldsGrid(f.Kind) && f.Puzzle == "" {
		return f, &export.LineError{File: name, Line: line, Msg: `JSON record has no "puzzle"`}
	}
	return f, nil
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
	bw      *bufio.Writer
	last    orderKey
	n       int64
	sorted  bool
	written int64
	sorter  *extsort.Iter
	hdr     [binary.MaxVarintLen64]byte
}

func newSpool(dir string) (*spool, error) {
	f, err := os.CreateTemp(dir, "sudogen-merge-*")
	if err != nil {
		if dir == "" {
			dir = os.TempDir()
		}
		return nil, fmt.Errorf("temporary file in %s: %w", dir, err)
	}
	os.Remove(f.Name()) // kept open; nothing is left behind
	return &spool{f: f, bw: bufio.NewWriterSize(f, 256<<10), sorted: true}, nil
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
	if _, err := s.f.Seek(0, io.SeekStart); err != nil {
		return err
	}
	if s.sorted {
		return nil
	}
	sorter := extsort.New(orderKeyLen, memory, dir)
	r := &spoolReader{br: bufio.NewReaderSize(s.f, 256<<10)}
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
	return &spoolReader{br: bufio.NewReaderSize(s.f, 256<<10)}
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
