// Package extsort sorts more records than fit in memory. Records (a key of
// fixed length, compared byte by byte, and a payload of any length) are
// gathered up to a memory budget; each full chunk is sorted and written to
// a temporary run file; reading the result merges the runs with a heap
// (k-way), merging groups of runs first when there are too many to read at
// once. Memory stays within the budget plus one read buffer per run in a
// group, whatever the number of records.
//
// Run files are unlinked as soon as they are created (where the system
// allows it), so a killed process leaves nothing behind in the temporary
// folder.
package extsort

import (
	"bufio"
	"bytes"
	"container/heap"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
)

// MaxFanIn is the most runs merged at once; with more, groups of runs are
// merged into longer runs first.
const MaxFanIn = 64

// readBuf is the read buffer of one run while merging.
const readBuf = 256 << 10

// entryOverhead is what one record costs in memory beyond its bytes (its
// entry in the chunk's index).
const entryOverhead = 16

// Sorter gathers records and returns them sorted by key. It is not safe
// for concurrent use.
type Sorter struct {
	keyLen int
	budget int64
	dir    string

	// The chunk: records (key then payload) back to back in blocks of
	// blockSize (a longer record gets a block of its own), so the chunk
	// grows without copying, and an index of entries.
	blocks  [][]byte
	used    int64 // bytes in blocks
	entries []entry
	runs    []*run
	n       int64 // records added
	spilled int64 // bytes written to run files
	done    bool
}

type entry struct {
	blk, off uint32 // block and offset of the key
	n        uint32 // payload length
}

// blockSize is the size of the chunk's blocks.
const blockSize = 4 << 20

// New returns a sorter of records whose keys are keyLen bytes long. It
// keeps up to budget bytes of records in memory and writes its runs in
// dir ("" for the system's temporary folder).
func New(keyLen int, budget int64, dir string) *Sorter {
	if budget < 1<<20 {
		budget = 1 << 20
	}
	return &Sorter{keyLen: keyLen, budget: budget, dir: dir}
}

// Len is the number of records added.
func (s *Sorter) Len() int64 { return s.n }

// Spilled is the number of bytes written to run files so far.
func (s *Sorter) Spilled() int64 { return s.spilled }

// Runs is the number of run files written so far.
func (s *Sorter) Runs() int { return len(s.runs) }

// Add adds a record; key must be keyLen bytes long. The bytes are copied.
func (s *Sorter) Add(key, payload []byte) error {
	if s.done {
		return errors.New("extsort: Add after Sort")
	}
	if len(key) != s.keyLen {
		return fmt.Errorf("extsort: key of %d bytes, want %d", len(key), s.keyLen)
	}
	if len(payload) > 1<<31 {
		return errors.New("extsort: payload too long")
	}
	need := len(key) + len(payload)
	size := s.used + int64(need) + int64(len(s.entries)+1)*entryOverhead
	if size > s.budget && len(s.entries) > 0 {
		if err := s.spill(); err != nil {
			return err
		}
	}
	last := len(s.blocks) - 1
	if last < 0 || cap(s.blocks[last])-len(s.blocks[last]) < need {
		if n := len(s.blocks); n < cap(s.blocks) && cap(s.blocks[:n+1][n]) >= need {
			s.blocks = s.blocks[:n+1] // a block of an earlier chunk, emptied
		} else {
			s.blocks = append(s.blocks, make([]byte, 0, max(blockSize, need)))
		}
		last++
	}
	b := s.blocks[last]
	s.entries = append(s.entries, entry{blk: uint32(last), off: uint32(len(b)), n: uint32(len(payload))})
	s.blocks[last] = append(append(b, key...), payload...)
	s.used += int64(need)
	s.n++
	return nil
}

func (s *Sorter) key(e entry) []byte {
	return s.blocks[e.blk][e.off : e.off+uint32(s.keyLen)]
}

func (s *Sorter) payload(e entry) []byte {
	p := e.off + uint32(s.keyLen)
	return s.blocks[e.blk][p : p+e.n]
}

func (s *Sorter) sortChunk() {
	slices.SortFunc(s.entries, func(a, b entry) int { return bytes.Compare(s.key(a), s.key(b)) })
}

// spill sorts the chunk in memory and writes it as a run.
func (s *Sorter) spill() error {
	s.sortChunk()
	w, err := s.newRun()
	if err != nil {
		return err
	}
	for _, e := range s.entries {
		if err := w.write(s.key(e), s.payload(e)); err != nil {
			w.discard()
			return err
		}
	}
	r, err := w.finish()
	if err != nil {
		return err
	}
	s.spilled += r.size
	s.runs = append(s.runs, r)
	for i := range s.blocks {
		s.blocks[i] = s.blocks[i][:0] // reused by the next chunk
	}
	s.blocks = s.blocks[:0:len(s.blocks)]
	s.used = 0
	s.entries = s.entries[:0]
	return nil
}

// Sort ends the adding and returns the records in key order (records with
// equal keys in no particular order). Close the iterator when done: it
// removes the run files.
func (s *Sorter) Sort() (*Iter, error) {
	if s.done {
		return nil, errors.New("extsort: Sort called twice")
	}
	s.done = true
	if len(s.runs) == 0 {
		// Everything fits: no file at all.
		s.sortChunk()
		return &Iter{mem: s, keyLen: s.keyLen}, nil
	}
	if len(s.entries) > 0 {
		if err := s.spill(); err != nil {
			s.closeRuns()
			return nil, err
		}
	}
	s.blocks, s.entries = nil, nil // free the chunk before merging
	for len(s.runs) > MaxFanIn {
		var next []*run
		for i := 0; i < len(s.runs); i += MaxFanIn {
			group := s.runs[i:min(i+MaxFanIn, len(s.runs))]
			if len(group) == 1 {
				next = append(next, group[0])
				continue
			}
			r, err := s.mergeRuns(group)
			if err != nil {
				s.runs = append(next, s.runs[i:]...)
				s.closeRuns()
				return nil, err
			}
			next = append(next, r)
		}
		s.runs = next
	}
	it, err := newMergeIter(s.runs, s.keyLen)
	if err != nil {
		s.closeRuns()
		return nil, err
	}
	s.runs = nil
	return it, nil
}

// mergeRuns merges a group of runs into one new run.
func (s *Sorter) mergeRuns(group []*run) (*run, error) {
	it, err := newMergeIter(group, s.keyLen)
	if err != nil {
		return nil, err
	}
	defer it.Close()
	w, err := s.newRun()
	if err != nil {
		return nil, err
	}
	for it.Next() {
		if err := w.write(it.Key(), it.Payload()); err != nil {
			w.discard()
			return nil, err
		}
	}
	if err := it.Err(); err != nil {
		w.discard()
		return nil, err
	}
	r, err := w.finish()
	if err == nil {
		s.spilled += r.size
	}
	return r, err
}

func (s *Sorter) closeRuns() {
	for _, r := range s.runs {
		r.close()
	}
	s.runs = nil
}

// run is one sorted run file.
type run struct {
	f    *os.File
	size int64
	br   *bufio.Reader
}

func (r *run) close() {
	name := r.f.Name()
	r.f.Close()
	os.Remove(name) // already gone where unlinking an open file works
}

type runWriter struct {
	f   *os.File
	bw  *bufio.Writer
	n   int64
	hdr [binary.MaxVarintLen64]byte
}

func (s *Sorter) newRun() (*runWriter, error) {
	f, err := os.CreateTemp(s.dir, "sudogen-sort-*")
	if err != nil {
		return nil, fmt.Errorf("temporary file in %s: %w", tempDir(s.dir), err)
	}
	os.Remove(f.Name()) // the open file stays readable; nothing is left behind
	return &runWriter{f: f, bw: bufio.NewWriterSize(f, 256<<10)}, nil
}

func tempDir(dir string) string {
	if dir == "" {
		return os.TempDir()
	}
	return dir
}

func (w *runWriter) write(key, payload []byte) error {
	h := binary.PutUvarint(w.hdr[:], uint64(len(payload)))
	w.bw.Write(w.hdr[:h])
	w.bw.Write(key)
	_, err := w.bw.Write(payload)
	w.n += int64(h + len(key) + len(payload))
	if err != nil {
		return fmt.Errorf("writing temporary file: %w", err)
	}
	return nil
}

func (w *runWriter) finish() (*run, error) {
	if err := w.bw.Flush(); err != nil {
		w.discard()
		return nil, fmt.Errorf("writing temporary file: %w", err)
	}
	if _, err := w.f.Seek(0, io.SeekStart); err != nil {
		w.discard()
		return nil, err
	}
	return &run{f: w.f, size: w.n}, nil
}

func (w *runWriter) discard() {
	name := w.f.Name()
	w.f.Close()
	os.Remove(name)
}

// Iter reads sorted records. Key and Payload are valid until the next call
// to Next.
type Iter struct {
	keyLen int
	// In memory (no run was written):
	mem *Sorter
	pos int
	// Merging runs:
	h   runHeap
	cur *cursor
	err error
}

// cursor is the current record of one run.
type cursor struct {
	r       *run
	key     []byte
	payload []byte
}

func (c *cursor) advance(keyLen int) (bool, error) {
	n, err := binary.ReadUvarint(c.r.br)
	if err == io.EOF {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("reading temporary file: %w", err)
	}
	if cap(c.key) < keyLen {
		c.key = make([]byte, keyLen)
	}
	c.key = c.key[:keyLen]
	if _, err := io.ReadFull(c.r.br, c.key); err != nil {
		return false, fmt.Errorf("reading temporary file: %w", err)
	}
	if uint64(cap(c.payload)) < n {
		c.payload = make([]byte, n)
	}
	c.payload = c.payload[:n]
	if _, err := io.ReadFull(c.r.br, c.payload); err != nil {
		return false, fmt.Errorf("reading temporary file: %w", err)
	}
	return true, nil
}

type runHeap []*cursor

func (h runHeap) Len() int           { return len(h) }
func (h runHeap) Less(i, j int) bool { return bytes.Compare(h[i].key, h[j].key) < 0 }
func (h runHeap) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *runHeap) Push(x any)        { *h = append(*h, x.(*cursor)) }
func (h *runHeap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}

func newMergeIter(runs []*run, keyLen int) (*Iter, error) {
	it := &Iter{keyLen: keyLen}
	for _, r := range runs {
		r.br = bufio.NewReaderSize(r.f, readBuf)
		c := &cursor{r: r}
		ok, err := c.advance(keyLen)
		if err != nil {
			for _, c := range it.h {
				c.r.close()
			}
			return nil, err
		}
		if ok {
			it.h = append(it.h, c)
		} else {
			r.close()
		}
	}
	heap.Init(&it.h)
	return it, nil
}

// Next moves to the next record and reports whether there is one.
func (it *Iter) Next() bool {
	if it.mem != nil {
		if it.pos >= len(it.mem.entries) {
			return false
		}
		it.pos++
		return true
	}
	if it.err != nil {
		return false
	}
	if it.cur != nil {
		// Move the cursor returned last time past its record.
		ok, err := it.cur.advance(it.keyLen)
		switch {
		case err != nil:
			it.err = err
			return false
		case ok:
			heap.Fix(&it.h, 0)
		default:
			heap.Pop(&it.h).(*cursor).r.close()
		}
		it.cur = nil
	}
	if len(it.h) == 0 {
		return false
	}
	it.cur = it.h[0]
	return true
}

// Key is the current record's key.
func (it *Iter) Key() []byte {
	if it.mem != nil {
		return it.mem.key(it.mem.entries[it.pos-1])
	}
	return it.cur.key
}

// Payload is the current record's payload.
func (it *Iter) Payload() []byte {
	if it.mem != nil {
		return it.mem.payload(it.mem.entries[it.pos-1])
	}
	return it.cur.payload
}

// Err is the first read error met, if any.
func (it *Iter) Err() error { return it.err }

// Close releases the memory and removes the run files.
func (it *Iter) Close() error {
	if it.mem != nil {
		it.mem.blocks, it.mem.entries = nil, nil
		it.mem = nil
	}
	for _, c := range it.h {
		c.r.close()
	}
	it.h = nil
	return nil
}
