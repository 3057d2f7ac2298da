package interrupt

import (
	"io"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestSecondSignalSaysSo: the exit forced by a second signal says so on
// stderr, in one line naming both signals, as the exit after Grace does
// (it used to end the program without a word).
func TestSecondSignalSaysSo(t *testing.T) {
	for _, c := range []struct {
		first, second syscall.Signal
		code          int
		want          string
	}{
		{syscall.SIGINT, syscall.SIGINT, 130, "sudogen: SIGINT after SIGINT: exiting now without finishing\n"},
		{syscall.SIGTERM, syscall.SIGHUP, 129, "sudogen: SIGHUP after SIGTERM: exiting now without finishing\n"},
	} {
		var stderr strings.Builder
		cmd, _, out := childOut(t, "ignores", &stderr)
		signalPastEcho(t, cmd, out, c.first)
		cmd.Process.Signal(c.second)
		if code, _ := exitCode(t, cmd, 30*time.Second); code != c.code || stderr.String() != c.want {
			t.Errorf("%v then %v: exit %d, stderr %q; want %d, %q", c.first, c.second, code, stderr.String(), c.code, c.want)
		}
	}
}

// TestEchoIsNotASecondSignal: the same signal again within Echo of the
// first is its echo (GNU timeout signals the command, then its process
// group), so the run goes on stopping and keeps what it finished; the
// same signal after Echo is a second signal, and a different one within
// Echo is too.
func TestEchoIsNotASecondSignal(t *testing.T) {
	for _, c := range []struct {
		name          string
		first, second syscall.Signal
		forced        bool
	}{
		{"SIGINT echoed", syscall.SIGINT, syscall.SIGINT, false},
		{"SIGTERM echoed", syscall.SIGTERM, syscall.SIGTERM, false},
		{"SIGHUP after SIGINT", syscall.SIGINT, syscall.SIGHUP, true},
	} {
		var stderr strings.Builder
		// A long Echo, so that a slow machine cannot turn the echo sent
		// below into a second signal.
		cmd, _, out := childOut(t, "ignores", &stderr, "INTERRUPT_ECHO=1")
		cmd.Process.Signal(c.first)
		buf := make([]byte, 10)
		if _, err := io.ReadFull(out, buf); err != nil || string(buf) != "cancelled\n" {
			t.Fatalf("%s: child did not report the cancellation: %q %v", c.name, buf, err)
		}
		cmd.Process.Signal(c.second)
		done := make(chan struct{})
		go func() { cmd.Wait(); close(done) }()
		select {
		case <-done:
			if !c.forced {
				t.Errorf("%s: the echo ended the run (stderr %q)", c.name, stderr.String())
			}
		case <-time.After(time.Second):
			if c.forced {
				t.Errorf("%s: a different signal did not end the run", c.name)
			}
			cmd.Process.Kill()
			<-done
		}
	}
}
