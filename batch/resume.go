package batch

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"syscall"

	"github.com/sudogen/sudogen/export"
	"github.com/sudogen/sudogen/internal/outfile"
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
			// Not this run's output (an uninterrupted run drops a
			// repeat): make it and everything after it again.
			st.ReplayStop = fmt.Sprintf("record %s repeats an earlier puzzle (or an excluded one)", rec.ID)
			return rec.Index, nil
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
	// Cancel, when closed, stops a scan early (a Ctrl-C while a large
	// partial file is checked): ScanPartial then returns ErrInterrupted.
	Cancel <-chan struct{}
	// Check, if set, is what the run alone knows of its records, asked
	// of each kept record after every reader's checks (its tier under the
	// run's tier table, graded or not, its "minimal" rule): the error,
	// one line without a position, ends the prefix there.
	Check func(rec *export.Record) error
}

// Partial is the usable part of an interrupted run's output file.
type Partial struct {
	Path    string
	Records int64 // complete, valid records at the start of the file
	Bytes   int64 // their length in bytes
	Last    int64 // the last one's index (-1 when there is none)
	// Stop says why the scan stopped before the end of the file ("" when
	// it read every line): a torn last line, or the first line that is not
	// a record of this run. The records from that line on are made again.
	Stop string
}

// openRegular opens path for reading only if it is a regular file (after
// symbolic links): a FIFO would block the open or the read forever and a
// device (/dev/zero) never end, so both are refused, naming what they are.
func openRegular(path string) (*os.File, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() {
		return nil, fmt.Errorf("%s is %s, not a regular file", path, fileKind(st.Mode()))
	}
	// O_NONBLOCK: should the name become a FIFO after the Stat, the open
	// does not wait for a writer; the Stat of the open file refuses it.
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, err
	}
	if st, err := f.Stat(); err != nil || !st.Mode().IsRegular() {
		f.Close()
		if err == nil {
			err = fmt.Errorf("%s is %s, not a regular file", path, fileKind(st.Mode()))
		}
		return nil, err
	}
	return f, nil
}

// fileKind names the type of a file that is not regular.
func fileKind(m os.FileMode) string {
	switch {
	case m.IsDir():
		return "a folder"
	case m&os.ModeNamedPipe != 0:
		return "a named pipe (FIFO)"
	case m&os.ModeSocket != 0:
		return "a socket"
	case m&os.ModeDevice != 0:
		return "a device"
	}
	return "a special file"
}

// ScanPartial reads path and returns its longest prefix of complete lines
// that are records of a run of this shape (see above). Every record is
// also checked as any reader checks it (export.CheckRecord: a valid
// puzzle with exactly one solution, which is its solution field; size,
// box and givens that agree with it; grading fields that agree with each
// other and the kind's ladder and scale), its canonical form must be its
// puzzle's, and it must pass shape.Check (what only the run knows: its
// tier table, its minimal rule): a record changed by a bit flip or a hand
// edit ends the prefix there, and the run makes it and every later one
// again. A path that is not a regular file is refused.
func ScanPartial(path string, shape RunShape) (Partial, error) {
	p := Partial{Path: path, Last: -1}
	f, err := openRegular(path)
	if err != nil {
		return p, err
	}
	defer f.Close()
	br := bufio.NewReaderSize(f, 256<<10)
	step := max(shape.Shard.Count, 1)
	next := shape.Shard.Index
	var buf []byte
	for line := 1; ; line++ {
		if shape.Cancel != nil && line%256 == 0 {
			select {
			case <-shape.Cancel:
				return p, ErrInterrupted
			default:
			}
		}
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
			} else if err := checkKept(&rec, shape.Check); err != nil {
				why = "fails the check (" + err.Error() + ")"
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

// checkKept checks a record of a partial file as a reader would (with
// its grading fields: export.CheckGrading) and as the run writes its
// kind's records (export.CheckWritten), that its canonical form is its
// puzzle's (export.CanonicalKey, by its kind), then with the run's own
// check, if any (RunShape.Check).
func checkKept(rec *export.Record, run func(*export.Record) error) error {
	if err := export.CheckWritten(rec); err != nil {
		return err
	}
	want, err := export.CanonicalKey(rec)
	if err != nil {
		return err
	}
	if rec.Canonical != want {
		return fmt.Errorf("canonical is not its puzzle's")
	}
	if run != nil {
		return run(rec)
	}
	return nil
}

// Open returns a Replayer of the partial's records. The file is opened at
// once, so it can be read even after its name is removed (the output's
// stale temporary files are, when the resumed run creates its own).
func (p Partial) Open() (*PartialReader, error) {
	f, err := openRegular(p.Path)
	if err != nil {
		return nil, err
	}
	// While it is open the file is not stale: creating the resumed run's
	// output leaves it, and it goes only once that output holds its
	// records (Resume.Finish). A failed resume (a disk still full) loses
	// nothing; the next resume takes the file with the most records.
	outfile.KeepOpen(f)
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
	// Replaces is what was at the output path when the run started
	// (OutputID: "none", or its size and SHA-256): a resumed run takes
	// the output up unless it is still that file, whatever the files'
	// times (a copy, cp without -p, gives them new ones). "" in a run
	// file of a sudogen before it (which compared times instead).
	Replaces string `json:"replaces,omitempty"`
}

// OutputID identifies the file at path for RunFile.Replaces: "none" when
// there is none (or it is not a regular file), else "SIZE bytes, sha256
// HEX".
func OutputID(path string) (string, error) {
	f, err := openRegular(path)
	if errors.Is(err, os.ErrNotExist) {
		return "none", nil
	}
	if err != nil {
		if st, serr := os.Stat(path); serr == nil && !st.Mode().IsRegular() {
			return "none", nil
		}
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	n, err := io.Copy(h, f)
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("%d bytes, sha256 %x", n, h.Sum(nil)), nil
}

// isOutputID reports whether the file at path is the one id identifies
// (OutputID), reading it only when its size is id's.
func isOutputID(path, id string) bool {
	var size int64
	if _, err := fmt.Sscanf(id, "%d bytes,", &size); err != nil {
		return id == "none" && !exists(path)
	}
	if st, err := os.Stat(path); err != nil || st.Size() != size {
		return false
	}
	now, err := OutputID(path)
	return err == nil && now == id
}

// exists reports whether path names a file (after symbolic links).
func exists(path string) bool { _, err := os.Stat(path); return err == nil }

// maxRunFileSize is the largest run file ReadRunFile reads.
const maxRunFileSize = 1 << 20

// ErrNoRunFile is returned by ReadRunFile when there is none.
var ErrNoRunFile = errors.New("no run file")

// ReadRunFile reads a run file; ErrNoRunFile when it does not exist.
//
// A run file is small (a few hundred bytes): one larger than
// maxRunFileSize, or one that is not a regular file (a FIFO, a link to
// /dev/zero), is refused rather than read. Every refusal is a
// *RunFileError.
func ReadRunFile(path string) (RunFile, error) {
	var rf RunFile
	if _, err := os.Lstat(path); errors.Is(err, os.ErrNotExist) {
		return rf, ErrNoRunFile
	}
	bad := func(format string, a ...any) error { return &RunFileError{path, fmt.Sprintf(format, a...)} }
	if st, err := os.Stat(path); err == nil && !st.Mode().IsRegular() {
		return rf, bad("it is %s, not a regular file", fileKind(st.Mode()))
	}
	f, err := openRegular(path)
	if err != nil {
		return rf, bad("%s", outfile.Reason(err))
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, maxRunFileSize+1))
	if err != nil {
		return rf, bad("%s", outfile.Reason(err))
	}
	if len(b) > maxRunFileSize {
		return rf, bad("it is larger than %d KiB, and a run file holds a few hundred bytes", maxRunFileSize>>10)
	}
	if err := json.Unmarshal(b, &rf); err != nil {
		return rf, bad("it is not the JSON a run file holds: %v", err)
	}
	return rf, nil
}

// RunFileError is a run file that cannot be read as one: the file, and
// why.
type RunFileError struct {
	Path   string
	Reason string // "it is a device, not a regular file"
}

func (e *RunFileError) Error() string {
	return fmt.Sprintf("%s is not a run file sudogen can read (%s)", e.Path, e.Reason)
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
	b = append(b, "\n]"...)
	if rf.Replaces != "" {
		v, _ := json.Marshal(rf.Replaces)
		b = append(append(b, ",\n \"replaces\": "...), v...)
	}
	return append(b, "}\n"...)
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
			return changedFlag(o[0], v, o[1])
		}
	}
	for _, o := range rf.Options {
		if _, ok := now.Value(o[0]); !ok && !slices.Contains(skip, o[0]) {
			return fmt.Sprintf("it was run with %s %s, which this run does not have", o[0], o[1])
		}
	}
	return ""
}

// changedFlag says that flag had value was in the run file and has now in
// this run; an empty value (the flag given as "") is said as its absence,
// not as a blank after the flag name.
func changedFlag(flag, was, now string) string {
	switch {
	case was == "":
		return fmt.Sprintf("it was run without %s, this run has %s %s", flag, flag, now)
	case now == "":
		return fmt.Sprintf("it was run with %s %s, this run has none", flag, was)
	}
	return fmt.Sprintf("it was run with %s %s, this run has %s %s", flag, was, flag, now)
}
