package batch

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"

	"github.com/sudogen/sudogen/export"
)

// Resuming a run. A run interrupted by Ctrl-C keeps its records under the
// final name; one killed (kill -9, a node lost) leaves them in its
// temporary file, the last line perhaps cut short. Either is a prefix of
// the uninterrupted run's output, since records are written in index order
// and each depends on (seed, index) alone. So a resumed run replays that
// prefix (its dedupe set, stats and sinks get the records as if just made)
// and goes on from the index after the last record: its output is the
// uninterrupted run's, byte for byte.
//
// What makes a prefix trustworthy is checked line by line (ScanPartial):
// complete lines only, each a record of the run's kind, size and seed with
// an index of the run's shard above the previous one, which re-encodes to
// exactly its bytes (so it was written by this version's encoder). That
// the options were the same is the caller's to check, with the run file it
// wrote when the run started (RunFile).

// Replayer gives the records of an interrupted run, in order.
type Replayer interface {
	// Next returns the next record, or io.EOF after the last.
	Next() (*export.Record, error)
}

// replay feeds opts.Replay's records to the dedupe set, the stats, the
// progress and the sinks, and returns the index to go on from.
func replay(opts *Options, st *Stats, step int64, sinks []Sink) (int64, error) {
	next := opts.Start
	for {
		rec, err := opts.Replay.Next()
		if err == io.EOF {
			return next, nil
		}
		if err != nil {
			return next, err
		}
		if rec.Index < next || (rec.Index-opts.Start)%step != 0 {
			return next, fmt.Errorf("resume: record %s has index %d, not the next of this run (from %d in steps of %d)", rec.ID, rec.Index, next, step)
		}
		if opts.Dedupe != nil && rec.Canonical != "" && opts.Dedupe.Seen(rec.Canonical) {
			return next, fmt.Errorf("resume: record %s repeats an earlier puzzle (or an excluded one): not this run's output", rec.ID)
		}
		for _, s := range sinks {
			if err := s.Write(rec); err != nil {
				return next, err
			}
		}
		st.countAccepted(rec)
		st.Resumed++
		next = rec.Index + step
		st.Next = next
		if opts.Progress != nil {
			opts.Progress(st)
		}
		if st.Accepted >= opts.Count {
			return next, nil
		}
	}
}

// RunShape is what every record of a run has in common, for ScanPartial.
type RunShape struct {
	Kind  string
	Size  int
	Seed  uint64
	Shard Shard
}

// Partial is the usable part of an interrupted run's output file.
type Partial struct {
	Path    string
	Records int64 // complete, valid records at the start of the file
	Bytes   int64 // their length in bytes
	Last    int64 // the last one's index (-1 when there is none)
	// Stop says why the scan stopped before the end of the file ("" when
	// it read every line): a torn last line, or the first line that is not
	// a record of this run.
	Stop string
}

// ScanPartial reads path and returns its longest prefix of complete lines
// that are records of a run of this shape (see above).
func ScanPartial(path string, shape RunShape) (Partial, error) {
	p := Partial{Path: path, Last: -1}
	f, err := os.Open(path)
	if err != nil {
		return p, err
	}
	defer f.Close()
	br := bufio.NewReaderSize(f, 256<<10)
	step := max(shape.Shard.Count, 1)
	next := shape.Shard.Index
	var buf []byte
	for line := 1; ; line++ {
		b, err := br.ReadSlice('\n')
		if err == bufio.ErrBufferFull {
			long := append([]byte(nil), b...)
			for err == bufio.ErrBufferFull && len(long) < 1<<20 {
				b, err = br.ReadSlice('\n')
				long = append(long, b...)
			}
			b = long
		}
		if err == io.EOF {
			if len(b) > 0 {
				p.Stop = fmt.Sprintf("line %d is cut short (the run stopped while writing it)", line)
			}
			return p, nil
		}
		if err != nil {
			if err == bufio.ErrBufferFull {
				p.Stop = fmt.Sprintf("line %d is longer than any record", line)
				return p, nil
			}
			return p, err
		}
		body := b[:len(b)-1]
		var rec export.Record
		why := ""
		switch {
		case json.Unmarshal(body, &rec) != nil:
			why = "is not a JSON record"
		case rec.Kind != shape.Kind || rec.Size != shape.Size:
			why = fmt.Sprintf("is a %dx%d %s record, the run makes %dx%d %s", rec.Size, rec.Size, rec.Kind, shape.Size, shape.Size, shape.Kind)
		case rec.Seed != shape.Seed:
			why = fmt.Sprintf("has seed %d, the run's is %d", rec.Seed, shape.Seed)
		case rec.Index < next || !shape.Shard.Has(rec.Index):
			why = fmt.Sprintf("has index %d, the run's next is %d or later in steps of %d", rec.Index, next, step)
		default:
			buf = export.AppendJSON(buf[:0], &rec)
			if !bytes.Equal(buf, body) {
				why = "was not written by this version of sudogen"
			}
		}
		if why != "" {
			p.Stop = fmt.Sprintf("line %d %s", line, why)
			return p, nil
		}
		p.Records++
		p.Bytes += int64(len(b))
		p.Last = rec.Index
		next = rec.Index + step
	}
}

// Open returns a Replayer of the partial's records. The file is opened at
// once, so it can be read even after its name is removed (the output's
// stale temporary files are, when the resumed run creates its own).
func (p Partial) Open() (*PartialReader, error) {
	f, err := os.Open(p.Path)
	if err != nil {
		return nil, err
	}
	return &PartialReader{f: f, br: bufio.NewReaderSize(f, 256<<10), left: p.Records, path: p.Path}, nil
}

// PartialReader replays a Partial's records.
type PartialReader struct {
	f    *os.File
	br   *bufio.Reader
	left int64
	path string
}

// Next returns the next record, io.EOF after the partial's last.
func (r *PartialReader) Next() (*export.Record, error) {
	if r.left == 0 {
		return nil, io.EOF
	}
	b, err := r.br.ReadBytes('\n')
	if err != nil {
		return nil, fmt.Errorf("resume: reading %s: %w", r.path, err)
	}
	var rec export.Record
	if err := json.Unmarshal(b, &rec); err != nil {
		return nil, fmt.Errorf("resume: %s changed while being read: %w", r.path, err)
	}
	r.left--
	return &rec, nil
}

// Close closes the file.
func (r *PartialReader) Close() error { return r.f.Close() }

// RunFile records the options of a run that writes to a file, so that a
// later --resume can check it continues the same run. The options are
// those that decide the records, in a fixed order, as the command line
// spells them.
type RunFile struct {
	Sudogen string      `json:"sudogen"` // version and commit that wrote it
	Options [][2]string `json:"options"` // [flag, value] pairs
}

// ErrNoRunFile is returned by ReadRunFile when there is none.
var ErrNoRunFile = errors.New("no run file")

// ReadRunFile reads a run file; ErrNoRunFile when it does not exist.
func ReadRunFile(path string) (RunFile, error) {
	var rf RunFile
	b, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return rf, ErrNoRunFile
	}
	if err != nil {
		return rf, err
	}
	if err := json.Unmarshal(b, &rf); err != nil {
		return rf, fmt.Errorf("%s: not a run file: %v", path, err)
	}
	return rf, nil
}

// Encode returns the run file's bytes: JSON with one option a line, so a
// person can read which run it describes.
func (rf RunFile) Encode() []byte {
	v, _ := json.Marshal(rf.Sudogen)
	b := append([]byte(`{"sudogen": `), v...)
	b = append(b, ",\n \"options\": ["...)
	for i, o := range rf.Options {
		if i > 0 {
			b = append(b, ',')
		}
		p, _ := json.Marshal(o)
		b = append(append(b, "\n  "...), p...)
	}
	return append(b, "\n]}\n"...)
}

// Value returns the value recorded for a flag ("" and false when absent).
func (rf RunFile) Value(flag string) (string, bool) {
	for _, o := range rf.Options {
		if o[0] == flag {
			return o[1], true
		}
	}
	return "", false
}

// Diff names the first difference between the run file (was) and the
// options of this run (now): a version, or a flag whose value differs or
// is found in one only, ignoring the flags in skip. It returns "" when
// they agree.
func (rf RunFile) Diff(now RunFile, skip ...string) string {
	if rf.Sudogen != now.Sudogen {
		return fmt.Sprintf("it was written by sudogen %s, this is %s", rf.Sudogen, now.Sudogen)
	}
	for _, o := range now.Options {
		if slices.Contains(skip, o[0]) {
			continue
		}
		v, ok := rf.Value(o[0])
		switch {
		case !ok:
			return fmt.Sprintf("it does not record %s (this run has %s %s)", o[0], o[0], o[1])
		case v != o[1]:
			return fmt.Sprintf("it was run with %s %s, this run has %s %s", o[0], v, o[0], o[1])
		}
	}
	for _, o := range rf.Options {
		if _, ok := now.Value(o[0]); !ok && !slices.Contains(skip, o[0]) {
			return fmt.Sprintf("it was run with %s %s, which this run does not have", o[0], o[1])
		}
	}
	return ""
}
