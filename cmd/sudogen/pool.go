package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/sudogen/sudogen/batch"
	"github.com/sudogen/sudogen/export"
	"github.com/sudogen/sudogen/internal/interrupt"
	"github.com/sudogen/sudogen/internal/numfmt"
	"github.com/sudogen/sudogen/internal/pool"
)

// linePool runs a per-puzzle command (solve, canon, grade) on every core
// with output in input order. One goroutine reads the inputs and packs
// their lines into chunks; workers handle a chunk's lines, appending the
// output text to the chunk; the collector (the calling goroutine) takes
// chunks back in order and writes them. Memory is bounded by the chunks
// in flight (a few per worker), whatever the input size.
//
// The pool stops at the first input error (a file that cannot be read, a
// line too long, a NUL byte), at the first failed write, and within
// moments of ctx being cancelled, keeping every complete line written
// before.
type linePool struct {
	Ctx   context.Context
	Files []string  // input names, "-" for In
	In    io.Reader // standard input
	// Shard keeps only the input lines of one shard (--shard I/N); the
	// others read as blank lines.
	Shard batch.Shard
	// Workers is the number of worker goroutines (0: GOMAXPROCS).
	Workers int
	// Inline lets a run with one worker whose inputs are all regular
	// files read, handle and write in the calling goroutine, without
	// the hand-offs between a reader, a worker and the collector (each a
	// scheduler wake-up). Only for a command whose every line takes
	// little time (canon: 0.33 s on the worst 25x25 grid seen): an
	// interruption then waits for the line in hand, and is seen between
	// lines. (solve keeps the pool: counting a sparse 25x25 or kind
	// puzzle's solutions can take longer than Ctrl-C may wait.) Pipes
	// and terminals keep the pool too, whose reader may block for ever
	// while Ctrl-C must still stop the run.
	Inline bool
	// ChunkLines is the most lines a chunk holds: large for fast work
	// (solving: 256), small for slow work (grading: a few), so the
	// workers share the tail of the input evenly.
	ChunkLines int
	// NewWorker returns the line handler of one worker: it handles line
	// number n (b, without its line end, valid during the call) of input
	// c.File, appending to c.Out and counting in c.
	NewWorker func() func(c *chunk, n int, b []byte)
	// Collect, when set, writes a finished chunk (in input order, in the
	// collector); by default c.Out is written with c.Notes between.
	Collect func(c *chunk) error
	Out     *lineWriter
	ErrOut  io.Writer
	// Noun names an item in messages, in the singular ("no puzzles
	// found", "(1 puzzle)"); default "puzzle".
	Noun string
	// Totals of the chunks' counters, over the chunks written.
	Items, Bad, Skipped, Failed int
	// Through is the input position of the last line written: file and
	// line number.
	ThroughFile string
	ThroughLine int

	notes int // per-line messages so far (note)
}

// chunk is a run of consecutive lines of one input.
type chunk struct {
	File string // input name, "-" for stdin
	last bool   // last chunk of its input
	err  error  // an error that ended the input after these lines
	data []byte // the lines, back to back
	ends []int  // ends[i]: end of line i in data
	nums []int  // nums[i]: line number of line i

	// ItemBase is the number of puzzle lines (not blank or comment)
	// before this chunk, over all inputs: the index of its first.
	ItemBase int

	// Filled by the worker.
	Out   []byte // output text
	Notes []note // messages for stderr, in order
	Items int    // puzzle lines (not blank or comment)
	Bad   int    // malformed lines
	// Marks, Keys: for Collect functions that filter lines (canon
	// --unique): the end in Out and in Keys of each output line.
	Marks []mark
	Keys  []byte
	// Extra counters a command may use.
	Skipped, Failed int
	// Stopped is set by a worker interrupted before it finished the
	// chunk: the collector then stops without writing it.
	Stopped bool
}

// note is a message for stderr, printed after Out[:at] is written.
type note struct {
	at  int
	msg string
}

// mark ends one output line in chunk.Out and its key in chunk.Keys.
type mark struct{ out, key int }

// Notef adds a message for stderr at the current end of the output.
func (c *chunk) Notef(format string, args ...any) {
	c.Notes = append(c.Notes, note{at: len(c.Out), msg: fmt.Sprintf(format, args...)})
}

func (c *chunk) reset() {
	c.err, c.last = nil, false
	c.data, c.ends, c.nums = c.data[:0], c.ends[:0], c.nums[:0]
	c.Out, c.Notes, c.Marks, c.Keys = c.Out[:0], c.Notes[:0], c.Marks[:0], c.Keys[:0]
	c.Items, c.Bad, c.Skipped, c.Failed, c.Stopped = 0, 0, 0, 0, false
}

// chunkBytes bounds the bytes of lines in one chunk.
const chunkBytes = 64 << 10

// stopError is the error of a run stopped by a signal: it reads as a
// message and counts as an interruption (exit 130, or 143 for SIGTERM).
type stopError struct{ msg string }

func (e *stopError) Error() string { return e.msg }
func (e *stopError) Unwrap() error { return context.Canceled }

// Run reads, handles and writes every input. It returns the first input
// error, write error or interruption; the output before it is written.
// The reader, the workers and the in-order collector are internal/pool's.
func (p *linePool) Run() error {
	ctx := p.Ctx
	if ctx == nil {
		ctx = context.Background()
	}
	fileItems := 0
	defer p.notesLeft()
	collect := func(c *chunk) error {
		if c.Stopped {
			return p.stopped(ctx)
		}
		var err error
		if p.Collect != nil {
			err = p.Collect(c)
		} else {
			err = p.writeChunk(c)
		}
		if err == nil {
			// Every chunk's whole lines go out as it is collected, not
			// only once 64 KB are buffered: a slow command (grade: a
			// few puzzles a chunk) piped into another program streams
			// its results; a write a chunk costs little beside the
			// chunk's work.
			p.Out.flushLines()
			err = p.Out.Err()
		}
		if err != nil {
			return err
		}
		p.Items += c.Items
		p.Bad += c.Bad
		p.Skipped += c.Skipped
		p.Failed += c.Failed
		fileItems += c.Items
		if len(c.nums) > 0 {
			p.ThroughFile, p.ThroughLine = c.File, c.nums[len(c.nums)-1]
		}
		if c.err != nil {
			return c.err
		}
		if c.last {
			if fileItems == 0 {
				return fmt.Errorf("%s: no %ss found (empty input)", displayName(c.File), p.noun())
			}
			fileItems = 0
		}
		if interrupt.Stopped(ctx) {
			return p.stopped(ctx)
		}
		c.reset()
		return nil
	}
	// newWorker returns a worker's chunk handler; with stop set it
	// checks ctx between lines and leaves a stopped chunk Stopped.
	newWorker := func(stop bool) func(*chunk) {
		handle := p.NewWorker()
		return func(c *chunk) {
			for i, end := range c.ends {
				if stop && interrupt.Stopped(ctx) {
					c.Stopped = true
					return
				}
				start := 0
				if i > 0 {
					start = c.ends[i-1]
				}
				handle(c, c.nums[i], c.data[start:end])
			}
		}
	}
	var err error
	if p.Inline && p.Workers == 1 && p.regularInputs() {
		err = p.runInline(ctx, newWorker(true), collect)
	} else {
		err = pool.Run(ctx, pool.Options{Workers: p.Workers, NoWait: true},
			func() *chunk { return &chunk{} },
			func(get func() (*chunk, bool), send func(*chunk)) { p.read(get, send) },
			func() func(*chunk) { return newWorker(false) },
			collect)
	}
	if err == nil {
		return p.Out.Flush()
	}
	p.Out.Flush()
	if ctx.Err() != nil && errors.Is(err, context.Canceled) {
		var stop *stopError
		if !errors.As(err, &stop) {
			return p.stopped(ctx)
		}
	}
	return err
}

// runInline is Run's pool in the calling goroutine (Inline): read packs
// a chunk, handle works it and collect writes it before read goes on, one
// chunk reused throughout. Its results are the pool's: collect's first
// error, else ctx's error when ctx is done, else nil.
func (p *linePool) runInline(ctx context.Context, handle func(*chunk), collect func(*chunk) error) error {
	c := &chunk{}
	var err error
	p.read(func() (*chunk, bool) {
		if err != nil || interrupt.Stopped(ctx) {
			return nil, false
		}
		return c, true
	}, func(c *chunk) {
		if err == nil {
			handle(c)
			err = collect(c)
		}
	})
	if err == nil {
		err = ctx.Err()
	}
	return err
}

// regularInputs reports whether every input is a regular file (standard
// input too): reading one never blocks for long (runInline).
func (p *linePool) regularInputs() bool {
	for _, name := range p.Files {
		var fi os.FileInfo
		var err error
		if name == "-" {
			f, ok := p.In.(*os.File)
			if !ok {
				return false
			}
			fi, err = f.Stat()
		} else {
			fi, err = os.Stat(name)
		}
		if err != nil || !fi.Mode().IsRegular() {
			return false
		}
	}
	return true
}

// writeChunk writes c.Out, with each note printed on stderr after the
// output before it (stdout is flushed first, so a terminal shows them in
// order), and each of ins (in order of at) written into the output at its
// place, after the notes there (grade's table headings).
func (p *linePool) writeChunk(c *chunk, ins ...note) error {
	at, notes := 0, c.Notes
	for len(notes) > 0 || len(ins) > 0 {
		if len(ins) == 0 || len(notes) > 0 && notes[0].at <= ins[0].at {
			p.Out.Write(c.Out[at:notes[0].at])
			at = notes[0].at
			p.note(notes[0].msg)
			notes = notes[1:]
			continue
		}
		p.Out.Write(c.Out[at:ins[0].at])
		at = ins[0].at
		p.Out.WriteString(ins[0].msg)
		ins = ins[1:]
	}
	p.Out.Write(c.Out[at:])
	return nil
}

// maxNotes is how many per-line messages a run prints on stderr; the rest
// are counted, and the count printed at the end (a wrong 1 GB input would
// otherwise give gigabytes of messages).
var maxNotes = 100

// note prints one per-line message on stderr after flushing stdout (so a
// terminal shows them in order), or counts it past maxNotes.
func (p *linePool) note(msg string) {
	p.notes++
	if p.notes > maxNotes {
		return
	}
	p.Out.Flush()
	fmt.Fprintf(p.ErrOut, "sudogen: %s\n", msg)
}

// notesLeft prints how many messages note did not print, if any.
func (p *linePool) notesLeft() {
	if n := p.notes - maxNotes; n > 0 {
		fmt.Fprintf(p.ErrOut, "sudogen: %s more messages like these not shown (%s in all; only the first %d are printed)\n", numfmt.Int(n), numfmt.Int(p.notes), maxNotes)
	}
}

// stopWord says how ctx was stopped: "interrupted" (SIGINT) or
// "terminated" (SIGTERM).
func stopWord(ctx context.Context) string {
	if s := interrupt.Cause(ctx); s != nil {
		return s.Error()
	}
	return "interrupted"
}

// stopped is the error of an interrupted run, saying how far it got.
func (p *linePool) stopped(ctx context.Context) error {
	what := stopWord(ctx)
	if p.ThroughFile == "" {
		return &stopError{fmt.Sprintf("%s before any output", what)}
	}
	return &stopError{fmt.Sprintf("%s: output complete through %s:%d (%s)", what, displayName(p.ThroughFile), p.ThroughLine, numfmt.Count(p.Items, p.noun()))}
}

// noun is Noun, or "puzzle".
func (p *linePool) noun() string {
	if p.Noun == "" {
		return "puzzle"
	}
	return p.Noun
}

// read packs the lines of every input into chunks, in order. It stops at
// the first input error (sent with the chunk of the lines before it) and
// when the run is over (get fails).
func (p *linePool) read(get func() (*chunk, bool), send func(*chunk)) {
	items := 0
	next := func() *chunk {
		c, ok := get()
		if !ok {
			return nil
		}
		c.ItemBase = items
		return c
	}
	limit := p.ChunkLines
	if limit <= 0 {
		limit = 256
	}
	for _, name := range p.Files {
		c := next()
		if c == nil {
			return
		}
		c.File = name
		r, closeIn, err := openInput(name, p.In)
		if err != nil {
			c.err, c.last = err, true
			send(c)
			return
		}
		rd := export.NewReader(shardLines(r, p.Shard), name)
		for {
			b, n, err := rd.NextLine()
			if err != nil {
				if err != io.EOF {
					c.err = err
				}
				c.last = true
				break
			}
			c.data = append(c.data, b...)
			c.ends = append(c.ends, len(c.data))
			c.nums = append(c.nums, n)
			if t := bytes.TrimSpace(b); len(t) > 0 && t[0] != '#' {
				items++
			}
			if len(c.ends) >= limit || len(c.data) >= chunkBytes {
				send(c)
				if c = next(); c == nil {
					closeIn()
					return
				}
				c.File = name
			}
		}
		closeIn()
		failed := c.err != nil // c is the collector's once sent
		send(c)
		if failed {
			return
		}
	}
}
