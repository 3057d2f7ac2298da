// Package interrupt turns SIGINT (Ctrl-C), SIGTERM and SIGHUP (a closed
// terminal, a dropped ssh session) into the cancellation of a context, the
// one way every long sudogen command learns it must stop.
//
// The first signal cancels the context; its cause is a *Signal, which gives
// the exit code (130 for SIGINT, 143 for SIGTERM, 129 for SIGHUP). A command checks
// ctx.Done() (or Stopped) between units of work, keeps what it completed
// and returns. A second signal (the same signal again within Echo is the
// first one's echo), or a command still running Grace after the first,
// makes the program exit at once: the force hook (remove temporary
// files) runs and the process exits with the signal's code.
package interrupt

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"sync"
	"syscall"
	"time"
)

// Grace is how long a command may take to stop after the first signal
// before the program exits without waiting for it. Commands stop well
// within a second; this only catches one that cannot.
var Grace = 5 * time.Second

// Echo is how long after the first signal the same signal again counts as
// the first one's echo, not as a second signal: GNU timeout (without
// --foreground) sends its signal to the command and then to the command's
// whole process group, so `timeout -s INT 60 sudogen batch ...` may deliver
// SIGINT twice within microseconds, and the run must still stop keeping
// what it finished. A person's second Ctrl-C comes later than this.
var Echo = 250 * time.Millisecond

// Signal is the cause of a context cancelled by a signal.
type Signal struct {
	Sig os.Signal
}

func (s *Signal) Error() string {
	switch s.Sig {
	case syscall.SIGTERM:
		return "terminated"
	case syscall.SIGHUP:
		return "hung up"
	}
	return "interrupted"
}

// Name is the signal's name: SIGINT, SIGTERM or SIGHUP.
func (s *Signal) Name() string {
	switch s.Sig {
	case syscall.SIGTERM:
		return "SIGTERM"
	case syscall.SIGHUP:
		return "SIGHUP"
	}
	return "SIGINT"
}

// Signals are the signals Notify turns into a cancellation.
var Signals = []os.Signal{os.Interrupt, syscall.SIGTERM, syscall.SIGHUP}

// ExitCode is 128 plus the signal number: 130 for SIGINT, 143 for SIGTERM,
// 129 for SIGHUP.
func (s *Signal) ExitCode() int {
	if n, ok := s.Sig.(syscall.Signal); ok {
		return 128 + int(n)
	}
	return 130
}

// Notify returns a context cancelled (with a *Signal cause) by the first
// SIGINT, SIGTERM or SIGHUP. After it, a second signal (not the first's
// echo, see Echo), or Grace passing, calls
// force (if not nil) and exits the process with the signal's exit code.
// stop releases the signals; call it when the program is done.
func Notify(parent context.Context, force func()) (ctx context.Context, stop func()) {
	ctx, cancel := context.WithCancelCause(parent)
	ch := make(chan os.Signal, 2)
	signal.Notify(ch, Signals...)
	quit := make(chan struct{})
	var once sync.Once
	go func() {
		var first *Signal
		var firstAt time.Time
		var grace <-chan time.Time
		for {
			select {
			case <-quit:
				return
			case s := <-ch:
				if first == nil {
					first, firstAt = &Signal{Sig: s}, time.Now()
					cancel(first)
					grace = time.After(Grace)
					continue
				}
				if s == first.Sig && time.Since(firstAt) < Echo {
					continue // the first signal's echo (see Echo)
				}
				// Said, as the grace's exit is: without it a second
				// Ctrl-C ended the program with no word on stderr.
				second := &Signal{Sig: s}
				fmt.Fprintf(os.Stderr, "sudogen: %s after %s: exiting now without finishing\n", second.Name(), first.Name())
				exitNow(force, second)
			case <-grace:
				fmt.Fprintf(os.Stderr, "sudogen: still running %s after %s: exiting now\n", Grace, first.Name())
				exitNow(force, first)
			}
		}
	}()
	return ctx, func() {
		once.Do(func() {
			signal.Stop(ch)
			close(quit)
			cancel(nil)
		})
	}
}

func exitNow(force func(), s *Signal) {
	if force != nil {
		force()
	}
	os.Exit(s.ExitCode())
}

// Cause returns the signal that cancelled ctx, or nil.
func Cause(ctx context.Context) *Signal {
	var s *Signal
	if ctx != nil && errors.As(context.Cause(ctx), &s) {
		return s
	}
	return nil
}

// ExitCode is the exit code for a run that ctx's signal stopped: 130 for
// SIGINT (and when no signal is known), 143 for SIGTERM, 129 for SIGHUP.
func ExitCode(ctx context.Context) int {
	if s := Cause(ctx); s != nil {
		return s.ExitCode()
	}
	return 130
}

// Stopped reports, without blocking, whether ctx is done. It is cheap
// enough to call once per puzzle.
func Stopped(ctx context.Context) bool {
	select {
	case <-ctx.Done():
		return true
	default:
		return false
	}
}
