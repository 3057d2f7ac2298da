// Command sudogen generates, solves, grades and exports puzzles in batches.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"sync/atomic"
	"time"

	"github.com/spf13/cobra"

	"github.com/sudogen/sudogen/batch"
	"github.com/sudogen/sudogen/internal/interrupt"
	"github.com/sudogen/sudogen/internal/outfile"
)

// Exit codes.
const (
	exitOK          = 0
	exitFailure     = 1   // the command ran and failed (bad input file, I/O error)
	exitUsage       = 2   // bad flags or arguments
	exitInterrupted = 130 // stopped by Ctrl-C (SIGINT), output kept; 143 for SIGTERM
)

func main() {
	// The first SIGINT/SIGTERM cancels ctx: commands stop, keep what they
	// finished and exit 130 (143 for SIGTERM). A second signal exits at
	// once, removing the temporary files of unfinished outputs.
	ctx, stop := interrupt.Notify(context.Background(), func() {
		// Exiting on a second signal or after the grace: let the line
		// being written to stdout end first, if it can.
		if out := stdoutGate.Load(); out != nil {
			out.shut(time.Second)
		}
		outfile.RemovePending()
	})
	outfile.StopWaitingOn(ctx.Done())
	signalsReady()
	code := run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	if err := os.Stdout.Close(); err != nil && code == exitOK && !errors.Is(err, os.ErrClosed) {
		fmt.Fprintf(os.Stderr, "sudogen: writing stdout: %v\n", outfile.Cause(err))
		code = exitFailure
	}
	stop()
	os.Exit(code)
}

// run executes the command line args and returns the exit code, writing
// errors as one line "sudogen: ..." on stderr. A failed write to stdout
// fails the command (exit 1) even when the command itself did not check.
func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	root := NewCmdRoot()
	out := &checkedWriter{w: stdout}
	stdoutGate.Store(out)
	// A command stopped by a signal may leave work running (untilDone)
	// that still writes to stdout: after this, none of it gets through,
	// and the write in progress, if any, ends first.
	defer out.shut(time.Second)
	root.SetArgs(args)
	root.SetIn(stdin)
	root.SetOut(out)
	root.SetErr(stderr)
	addHelpExamples(root)
	if len(args) > 0 && (args[0] == cobra.ShellCompRequestCmd || args[0] == cobra.ShellCompNoDescRequestCmd) {
		// Only a shell's completion request reads the flags' values.
		// cobra keeps every flag given a completion function in a map of
		// its own for the life of the process, so registering them on
		// every command tree kept each run's tree (a test process's
		// hundreds of runs: about 140 MB live, its collector the busier).
		registerCompletions(root)
	}
	err := checkFlagFollowers(root, args)
	if err == nil {
		err = root.ExecuteContext(withArgs(ctx, args))
	}
	if err == nil && out.err != nil {
		err = out.err
	}
	if err == nil {
		return exitOK
	}
	var se *silentError
	var ie *interruptedError
	if !errors.As(err, &se) && !errors.As(err, &ie) {
		fmt.Fprintf(stderr, "sudogen: %s\n", oneLine(err.Error()))
	}
	code := exitCode(err)
	if code == exitInterrupted {
		code = interrupt.ExitCode(ctx)
		// A command that stopped waiting for work it could not stop
		// (untilDone) leaves that work's output unfinished: remove it.
		outfile.RemovePending()
	}
	return code
}

// stdoutGate is the stdout writer of the running command line, shut
// before the program exits (see checkedWriter).
var stdoutGate atomic.Pointer[checkedWriter]

// argsKey is the context key of the command line (withArgs).
type argsKey struct{}

// withArgs returns ctx carrying the command line args, so a command can
// tell the user the exact command that continues it (batch --resume).
func withArgs(ctx context.Context, args []string) context.Context {
	if ctx == nil {
		ctx = context.Background()
	}
	return context.WithValue(ctx, argsKey{}, args)
}

// argsOf returns the command line withArgs stored in ctx (nil if none).
func argsOf(ctx context.Context) []string {
	if ctx == nil {
		return nil
	}
	a, _ := ctx.Value(argsKey{}).([]string)
	return a
}

// silentError is a failure already reported on stderr (line by line);
// main exits 1 and prints nothing more.
type silentError struct{ msg string }

func (e *silentError) Error() string { return e.msg }

// interruptedError is an interrupted run whose summary is already on
// stderr; main exits 130 and prints nothing more.
type interruptedError struct{ msg string }

func (e *interruptedError) Error() string { return e.msg }

// usageError marks an error as the user's misuse of flags or arguments;
// main exits 2 for it.
type usageError struct{ err error }

func (e *usageError) Error() string { return e.err.Error() }
func (e *usageError) Unwrap() error { return e.err }

// UsageErrorf returns a usage error (exit code 2) with a formatted message.
func UsageErrorf(format string, args ...any) error {
	return &usageError{fmt.Errorf(format, args...)}
}

// asUsage wraps err as a usage error (nil stays nil).
func asUsage(err error) error {
	if err == nil {
		return nil
	}
	var ue *usageError
	if errors.As(err, &ue) {
		return err
	}
	return &usageError{err}
}

// usageArgs wraps a cobra argument validator so its errors exit 2.
func usageArgs(v cobra.PositionalArgs) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		return asUsage(v(cmd, args))
	}
}

// expectArgs is a command's argument check: from min to max arguments
// (max -1: no limit), else a usage error saying what the command expects
// ("explain: expected a puzzle, a file or - (stdin), then a jigsaw's
// regions if any; got 0 arguments") instead of cobra's count ("accepts
// between 1 and 2 arg(s), received 0").
func expectArgs(min, max int, what string) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		if len(args) < min || (max >= 0 && len(args) > max) {
			return UsageErrorf("%s: expected %s; got %d arguments", cmd.Name(), what, len(args))
		}
		return nil
	}
}

// cobraUsagePrefixes are the starts of the errors cobra itself returns for
// a bad command line (unknown command, wrong argument count, missing
// required flag); flag parse errors come through the FlagErrorFunc.
var cobraUsagePrefixes = []string{
	"unknown command", "unknown flag", "unknown shorthand flag",
	"accepts ", "requires at least", "requires at most", "received ",
	"required flag", "invalid argument", "flag needs an argument",
	"if any flags in the group",
}

func exitCode(err error) int {
	var ue *usageError
	var se *silentError
	var ie *interruptedError
	switch {
	case errors.As(err, &se):
		return exitFailure
	case errors.As(err, &ie):
		return exitInterrupted
	case errors.As(err, &ue):
		return exitUsage
	case errors.Is(err, batch.ErrInterrupted), errors.Is(err, context.Canceled):
		return exitInterrupted
	}
	msg := err.Error()
	for _, p := range cobraUsagePrefixes {
		if strings.HasPrefix(msg, p) {
			return exitUsage
		}
	}
	return exitFailure
}

// oneLine folds a multi-line message (cobra's "Did you mean this?"
// suggestions) into one line.
func oneLine(msg string) string {
	msg = strings.TrimSpace(msg)
	head, rest, ok := strings.Cut(msg, "\n")
	if !ok {
		return msg
	}
	var extra []string
	for _, l := range strings.Split(rest, "\n") {
		l = strings.TrimSpace(l)
		if l == "" || strings.HasPrefix(l, "Did you mean") {
			continue
		}
		extra = append(extra, l)
	}
	if strings.Contains(rest, "Did you mean") && len(extra) > 0 {
		return strings.TrimSpace(head) + " (did you mean " + strings.Join(extra, " or ") + "?)"
	}
	if len(extra) > 0 {
		return strings.TrimSpace(head) + ": " + strings.Join(extra, "; ")
	}
	return strings.TrimSpace(head)
}

// readyEnv names a file main creates once its signal handling is set up.
// The signal tests wait for it instead of sleeping: before that point a
// signal takes the Go runtime's default action (the process dies without
// an exit code), which says nothing about the command.
const readyEnv = "SUDOGEN_SIGNALS_READY"

// signalsReady creates the file readyEnv names, if it is set.
func signalsReady() {
	if p := os.Getenv(readyEnv); p != "" {
		if f, err := os.Create(p); err == nil {
			f.Close()
		}
	}
}
