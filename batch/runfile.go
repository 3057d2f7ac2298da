package batch

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"syscall"

	"github.com/sudogen/sudogen/internal/numfmt"
	"github.com/sudogen/sudogen/internal/outfile"
)

// Resume is the run file of a batch run that writes one JSONL file, and
// what --resume takes up from an interrupted run (Spec.Resume).
//
// Every such run keeps a run file beside its output, ".NAME.run.json",
// holding its fingerprint: the options that decide its records (RunFile).
// It is written when the run starts, kept when the run is interrupted or
// killed, and removed when the run ends (kept with On, so resuming a
// finished run again is a harmless no-op, as a restarted Kubernetes pod
// or requeued Slurm task needs).
//
// With On, a run reads the run file (OpenResume) and refuses, naming the
// option, when its fingerprint differs (Check, Prepare); then it takes the
// longest valid prefix among the interrupted run's files (its stale
// temporary files after a kill, the output itself after Ctrl-C;
// ScanPartial) and Execute replays it before going on. Without a run file
// and without any output it simply starts: the same command serves the
// first start and every restart.
type Resume struct {
	// On is --resume: take up an interrupted run.
	On bool
	// Output is the run's JSONL file, Path its run file.
	Output, Path string
	// Prev is the interrupted run's fingerprint (nil: no run file).
	Prev *RunFile
	// Command is the command that continues this run, for the message
	// of a run that failed with records kept (Failed).
	Command string

	now     RunFile
	shape   RunShape
	wrote   bool  // this run started fresh and wrote the run file
	ended   bool  // Finish was called
	written int64 // records in the output when the run ended (Execute)
	partial *PartialReader
	from    Partial
	step    int64
	file    Keeper // the output's file, kept on a failure
	kept    string // that file, once a failure kept it
	why     string // why nothing was kept (Why)
}

// Keeper is a file sink that can keep its temporary file when the run
// fails (export.JSONLFile): Kept is then its name.
type Keeper interface {
	Keep()
	Kept() string
}

// RefusedError is a resume refused because of the options or the files
// found (a user's error: the command exits 2).
type RefusedError struct{ msg string }

func (e *RefusedError) Error() string { return e.msg }

func refused(format string, a ...any) error { return &RefusedError{fmt.Sprintf(format, a...)} }

// RunFilePath is the run file of output.
func RunFilePath(output string) string {
	return outfile.Beside(output, "."+filepath.Base(output)+".run.json")
}

// OpenResume returns the run file state of a run writing output; with on,
// it reads the interrupted run's run file, if any, into Prev.
func OpenResume(output string, on bool) (*Resume, error) {
	r := &Resume{On: on, Output: output, Path: RunFilePath(output)}
	if !on {
		return r, nil
	}
	rf, err := ReadRunFile(r.Path)
	var bad *RunFileError
	switch {
	case errors.Is(err, ErrNoRunFile):
	case errors.As(err, &bad):
		// Without its run file the output's records cannot be told to
		// be this run's: nothing to resume from.
		return nil, fmt.Errorf("cannot resume %s: its run file %s cannot be read (%s); remove the run file, then run without --resume to start over", output, bad.Path, bad.Reason)
	case err != nil:
		return nil, err
	default:
		r.Prev = &rf
	}
	return r, nil
}

// Check refuses, before the run is planned further, a resumed run whose
// fingerprint now differs from the run file's in anything but the
// options skip (known only later, e.g. the excluded corpora's digest).
func (r *Resume) Check(now RunFile, skip ...string) error {
	if r == nil || !r.On || r.Prev == nil {
		return nil
	}
	if d := r.Prev.Diff(now, skip...); d != "" {
		return refused("cannot resume %s with these options: %s (the run file is %s)", r.Output, d, r.Path)
	}
	return nil
}

// Prepare checks a resumed run against the run file and opens the part
// of the interrupted run's output to keep, or writes the run file of a
// fresh run; call it before the output is created (which removes stale
// temporary files). shape is what every kept record must have; its
// Cancel stops a long scan (the error then wraps ErrInterrupted, naming
// the file).
func (r *Resume) Prepare(now RunFile, shape RunShape) error {
	r.now, r.shape = now, shape
	if !r.On || r.Prev == nil {
		return r.writeRunFile()
	}
	if d := r.Prev.Diff(now); d != "" {
		return refused("cannot resume %s with these options: %s (the run file is %s)", r.Output, d, r.Path)
	}
	sources := outfile.StaleTemps(r.Output)
	// The output itself counts unless it is the file that was there
	// when the interrupted run started (an earlier run's, which this run
	// replaces): the interrupted run renamed its records to it (Ctrl-C,
	// a failure). A run file of an older sudogen does not say which file
	// that was; the output counts then when it is newer than the run
	// file, and an older one holding records of this run is refused
	// rather than replaced (a copy that did not keep the times).
	final := exists(r.Output)
	older := false
	switch {
	case !final:
	case r.Prev.Replaces != "":
		if isOutputID(r.Output, r.Prev.Replaces) {
			r.why = fmt.Sprintf("%s is the file that was there before the interrupted run started, and no temporary file of that run holds a record", r.Output)
		} else {
			sources = append(sources, r.Output)
		}
	default:
		if newerThanRunFile(r.Output, r.Path) {
			sources = append(sources, r.Output)
		} else {
			older = true
		}
	}
	best := Partial{Last: -1}
	for _, src := range sources {
		p, err := ScanPartial(src, shape)
		if err != nil {
			return scanError(src, err)
		}
		if p.Records > best.Records || best.Path == "" {
			best = p
		}
	}
	if older && best.Records == 0 {
		p, err := ScanPartial(r.Output, shape)
		if err != nil {
			return scanError(r.Output, err)
		}
		if p.Records > 0 {
			return refused("cannot resume %s: it holds %s of this run but is older than its run file %s, so it may be an earlier run's output (a copy without the file times, cp without -p, looks older too); if it is the interrupted run's, run `touch %s` and resume again; to start over, run without --resume", r.Output, numfmt.Count(p.Records, "record"), r.Path, r.Output)
		}
		r.why = fmt.Sprintf("%s is older than the run file, an earlier run's output, and no temporary file of the interrupted run holds a record", r.Output)
	}
	r.from, r.step = best, max(shape.Shard.Count, 1)
	if best.Records == 0 {
		switch {
		case best.Path != "" && best.Stop != "":
			r.why = fmt.Sprintf("%s %s", best.Path, best.Stop)
		case best.Path != "":
			r.why = fmt.Sprintf("%s holds no complete record", best.Path)
		case r.why == "":
			r.why = fmt.Sprintf("the interrupted run left neither %s nor a temporary file beside it", r.Output)
		}
		return nil
	}
	pr, err := best.Open()
	if err != nil {
		return fmt.Errorf("cannot resume from %s: %s", best.Path, outfile.Reason(err))
	}
	r.partial = pr
	return nil
}

// newerThanRunFile reports whether output was modified no earlier than
// the run file was written.
func newerThanRunFile(output, runFile string) bool {
	o, err1 := os.Stat(output)
	rs, err2 := os.Stat(runFile)
	return err1 == nil && err2 == nil && !o.ModTime().Before(rs.ModTime())
}

// scanError words a failed ScanPartial of src.
func scanError(src string, err error) error {
	if errors.Is(err, ErrInterrupted) {
		return fmt.Errorf("%w while checking %s; nothing written, the run can still be resumed", ErrInterrupted, src)
	}
	return fmt.Errorf("cannot resume from %s: %s", src, outfile.Reason(err))
}

// Why says why a resumed run kept nothing of the interrupted one ("" when
// it kept records, or did not resume).
func (r *Resume) Why() string { return r.why }

// writeRunFile starts a run afresh: it writes the run file before the
// output is created, so that whenever a temporary output exists its run
// file does too. With On and no run file, what is there must hold
// nothing to lose (no output, only empty temporary files: a run killed
// before its first block reached the disk); anything else is refused.
func (r *Resume) writeRunFile() error {
	if r.On {
		_, finalErr := os.Stat(r.Output)
		nonEmpty := finalErr == nil
		for _, src := range outfile.StaleTemps(r.Output) {
			if st, err := os.Stat(src); err == nil && st.Size() > 0 {
				nonEmpty = true
			}
		}
		if nonEmpty {
			return refused("cannot resume %s: there is no run file %s saying what run wrote it (it is finished, or was not written by sudogen batch); run without --resume to start over", r.Output, r.Path)
		}
	}
	if err := outfile.CheckPath(r.Output); err != nil {
		return err // the output's own message, not the run file's
	}
	id, err := OutputID(r.Output)
	if err != nil {
		return fmt.Errorf("cannot read %s: %s", r.Output, outfile.Reason(err))
	}
	r.now.Replaces = id
	f, err := outfile.Create(r.Path)
	if err != nil {
		return err
	}
	if _, err := f.Write(r.now.Encode()); err != nil {
		f.Abort()
		return err
	}
	if err := f.Commit(); err != nil {
		return err
	}
	r.wrote = true
	return nil
}

// From is the interrupted run's output taken up (Path "" when none).
func (r *Resume) From() Partial { return r.from }

// Step is the distance between the run's indices (its shard count).
func (r *Resume) Step() int64 { return r.step }

// replayer is what Execute replays (nil: nothing kept).
func (r *Resume) replayer() Replayer {
	if r == nil || r.partial == nil {
		return nil
	}
	return r.partial
}

// keepOnFailure makes the run's JSONL output keep its temporary file when
// the run fails (a full disk, a failed rename), so a resumed run can take
// up every record that reached the disk.
func (r *Resume) keepOnFailure(sinks []Sink) {
	for _, s := range sinks {
		if f, ok := s.(Keeper); ok {
			f.Keep()
			r.file = f
		}
	}
}

// failed handles a run that failed with err. A run that gave up writes
// nothing, so its kept temporary file is removed. Any other failure keeps
// the temporary file and the run file, and the error says how many records
// are safe and the command that continues the run.
func (r *Resume) failed(err error, gaveUp bool) error {
	// A resumed run's source stays when it fails (Finish): it is safe too.
	from := r.from
	if r.partial == nil || gaveUp {
		from = Partial{}
	}
	hint := ""
	if errors.Is(err, syscall.ENOSPC) {
		hint = " (free some space)"
		if from.Records > 0 {
			// The resumed run copies the kept records into its new
			// output before their file goes: freeing less than that
			// file's size fails again at once.
			hint = fmt.Sprintf(" (free some space: at least as much as %s takes, since a resumed run writes its %s again before it removes that file)", from.Path, numfmt.Count(from.Records, "record"))
		}
	}
	if r.file == nil || r.file.Kept() == "" {
		if from.Records > 0 {
			return fmt.Errorf("%v; the interrupted run's %s still safe in %s; to continue once the cause is fixed%s, run: %s", err, recordsAre(from.Records), from.Path, hint, r.Command)
		}
		return err
	}
	if gaveUp {
		os.Remove(r.file.Kept())
		return err
	}
	r.kept = r.file.Kept()
	p, scanErr := ScanPartial(r.kept, r.shape)
	if scanErr != nil {
		return fmt.Errorf("%v; what was written is kept in %s; to continue once the cause is fixed, run: %s", err, r.kept, r.Command)
	}
	if from.Records > p.Records {
		p = from
	}
	return fmt.Errorf("%v; %s safe in %s; to continue once the cause is fixed%s, run: %s", err, recordsAre(p.Records), p.Path, hint, r.Command)
}

// Finish removes the run file when the run is over: after success unless
// On (which keeps it, so the same command run again is a no-op), and
// after a failure of a run that started fresh. An interrupted run keeps
// it. Execute calls it; call it (or Abandon) for a run that never got to
// Execute.
func (r *Resume) Finish(ok, interrupted bool) {
	r.ended = true
	if r.partial != nil {
		r.partial.Close()
		// The interrupted run's temporary file, kept while this run
		// replayed it (Partial.Open), goes once the output that replaces
		// it holds at least its records: after success, or an
		// interruption that renamed them to the output. After a failure
		// it stays, and the next resume takes it or this run's file,
		// whichever holds more.
		if src := r.from.Path; src != r.Output && r.kept == "" && (ok || (interrupted && r.written >= r.from.Records)) {
			os.Remove(src)
		}
	}
	if interrupted || r.kept != "" {
		return
	}
	if (ok && !r.On) || (!ok && r.wrote) {
		os.Remove(r.Path)
	}
}

// Abandon removes the run file of a fresh run that failed before it
// started (its outputs could not be created); call it deferred.
func (r *Resume) Abandon() {
	if r != nil && !r.ended {
		r.Finish(false, false)
	}
}

// recordsAre counts records with the verb that follows, as the CLI's
// messages count: "1 record is", "2,000 records are".
func recordsAre(n int64) string {
	if n == 1 {
		return "1 record is"
	}
	return numfmt.Count(n, "record") + " are"
}
