package interrupt

import (
	"context"
	"errors"
	"io"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"
)

// The test binary re-runs itself as a child that plays a command: with
// INTERRUPT_CHILD=stops it returns when its context is cancelled; with
// =ignores it keeps working, so only the second signal (or Grace) ends
// it (INTERRUPT_GRACE=1: Grace 0.3 s; INTERRUPT_ECHO=1: Echo 30 s). The
// force hook writes a marker file named by INTERRUPT_MARK.
func TestMain(m *testing.M) {
	switch os.Getenv("INTERRUPT_CHILD") {
	case "stops":
		ctx, stop := Notify(context.Background(), nil)
		os.Stdout.WriteString("ready\n")
		<-ctx.Done()
		stop()
		os.Exit(ExitCode(ctx))
	case "ignores":
		Grace = time.Minute // only the second signal can end it in time
		if os.Getenv("INTERRUPT_GRACE") != "" {
			Grace = 300 * time.Millisecond
		}
		if os.Getenv("INTERRUPT_ECHO") != "" {
			Echo = 30 * time.Second
		}
		ctx, stop := Notify(context.Background(), func() { os.WriteFile(os.Getenv("INTERRUPT_MARK"), []byte("x"), 0o644) })
		defer stop()
		os.Stdout.WriteString("ready\n")
		<-ctx.Done()
		os.Stdout.WriteString("cancelled\n") // and goes on, ignoring it
		time.Sleep(time.Minute)
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// child starts the test binary as a child of the given kind and waits
// until it is ready.
func child(t *testing.T, kind string, env ...string) (*exec.Cmd, string) {
	t.Helper()
	cmd, mark, _ := childOut(t, kind, nil, env...)
	return cmd, mark
}

// childErr is child with the child's stderr going to stderr.
func childErr(t *testing.T, kind string, stderr *strings.Builder, env ...string) (*exec.Cmd, string) {
	t.Helper()
	cmd, mark, _ := childOut(t, kind, stderr, env...)
	return cmd, mark
}

// signalPastEcho sends sig to an "ignores" child, waits until the child
// says its context is cancelled, then waits out Echo, so that a signal
// sent next is a second signal, never the first one's echo, however late
// the loaded machine ran the child.
func signalPastEcho(t *testing.T, cmd *exec.Cmd, out io.Reader, sig syscall.Signal) {
	t.Helper()
	cmd.Process.Signal(sig)
	buf := make([]byte, 10)
	if _, err := io.ReadFull(out, buf); err != nil || string(buf) != "cancelled\n" {
		t.Fatalf("child did not report the cancellation: %q %v", buf, err)
	}
	time.Sleep(Echo + 100*time.Millisecond)
}

// childOut is childErr that also returns the child's stdout, after its
// "ready" line.
func childOut(t *testing.T, kind string, stderr *strings.Builder, env ...string) (*exec.Cmd, string, io.Reader) {
	t.Helper()
	mark := t.TempDir() + "/forced"
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	if stderr != nil {
		cmd.Stderr = stderr
	}
	cmd.Env = append(append(os.Environ(), "INTERRUPT_CHILD="+kind, "INTERRUPT_MARK="+mark), env...)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	buf := make([]byte, 6)
	if _, err := io.ReadFull(out, buf); err != nil || string(buf) != "ready\n" {
		t.Fatalf("child not ready: %q %v", buf, err)
	}
	return cmd, mark, out
}

func exitCode(t *testing.T, cmd *exec.Cmd, limit time.Duration) (int, time.Duration) {
	t.Helper()
	start := time.Now()
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			return ee.ExitCode(), time.Since(start)
		}
		return 0, time.Since(start)
	case <-time.After(limit):
		cmd.Process.Kill()
		<-done
		t.Fatalf("child still running after %s", limit)
		return 0, 0
	}
}

// TestFirstSignalCancels: the first SIGINT, SIGTERM or SIGHUP (a closed
// terminal; audit 2026-12-02 #10) cancels the context with the signal as
// cause: exit codes 130, 143 and 129.
func TestFirstSignalCancels(t *testing.T) {
	for _, c := range []struct {
		sig  syscall.Signal
		code int
	}{{syscall.SIGINT, 130}, {syscall.SIGTERM, 143}, {syscall.SIGHUP, 129}} {
		cmd, _ := child(t, "stops")
		cmd.Process.Signal(c.sig)
		// "At once": a loaded machine may take a while to run the
		// child at all; what matters is that nothing waits for Grace.
		if code, took := exitCode(t, cmd, 10*time.Second); code != c.code || took > 3*time.Second {
			t.Errorf("%v: exit %d after %s, want %d at once", c.sig, code, took, c.code)
		}
	}
}

// TestSecondSignalForces: a command that does not stop is ended by the
// second signal at once, after the force hook ran.
func TestSecondSignalForces(t *testing.T) {
	cmd, mark, out := childOut(t, "ignores", nil)
	signalPastEcho(t, cmd, out, syscall.SIGINT)
	cmd.Process.Signal(syscall.SIGINT)
	if code, took := exitCode(t, cmd, 30*time.Second); code != 130 || took > 3*time.Second {
		t.Errorf("second SIGINT: exit %d after %s, want 130 at once (Grace is a minute)", code, took)
	}
	if _, err := os.Stat(mark); err != nil {
		t.Errorf("force hook did not run: %v", err)
	}
}

// TestGraceForces: a command still running Grace after the first signal
// is ended without a second one.
func TestGraceForces(t *testing.T) {
	var stderr strings.Builder
	cmd, mark := childErr(t, "ignores", &stderr, "INTERRUPT_GRACE=1")
	cmd.Process.Signal(syscall.SIGTERM)
	if code, took := exitCode(t, cmd, 30*time.Second); code != 143 || took > 5*time.Second {
		t.Errorf("SIGTERM, then Grace: exit %d after %s, want 143 after about 0.3 s", code, took)
	}
	if want := "sudogen: still running 300ms after SIGTERM: exiting now\n"; stderr.String() != want {
		t.Errorf("stderr %q, want %q", stderr.String(), want)
	}
	if _, err := os.Stat(mark); err != nil {
		t.Errorf("force hook did not run: %v", err)
	}
}

// TestCauseAndExitCode without signals.
func TestCauseAndExitCode(t *testing.T) {
	ctx, cancel := context.WithCancelCause(context.Background())
	if Cause(ctx) != nil || Stopped(ctx) {
		t.Fatal("live context reads as stopped")
	}
	cancel(&Signal{Sig: syscall.SIGTERM})
	if s := Cause(ctx); s == nil || s.Error() != "terminated" || ExitCode(ctx) != 143 || !Stopped(ctx) {
		t.Errorf("SIGTERM cause: %v, code %d", s, ExitCode(ctx))
	}
	plain, cancel2 := context.WithCancel(context.Background())
	cancel2()
	if ExitCode(plain) != 130 {
		t.Errorf("no signal known: exit code %d, want 130", ExitCode(plain))
	}
}
