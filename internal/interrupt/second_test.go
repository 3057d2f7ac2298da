package interrupt

import (
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
		cmd, _ := childErr(t, "ignores", &stderr)
		cmd.Process.Signal(c.first)
		time.Sleep(200 * time.Millisecond) // two pending SIGINTs would be one
		cmd.Process.Signal(c.second)
		if code, _ := exitCode(t, cmd, 30*time.Second); code != c.code || stderr.String() != c.want {
			t.Errorf("%v then %v: exit %d, stderr %q; want %d, %q", c.first, c.second, code, stderr.String(), c.code, c.want)
		}
	}
}
