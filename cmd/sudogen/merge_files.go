package main

import (
	"errors"
	"fmt"
	"syscall"

	"github.com/sudogen/sudogen/internal/numfmt"
)

// Merge keeps every input open until it is read, and a temporary file
// (its spool) per input until the output is written, so it needs two open
// files an input at once, plus standard input, output and error: a merge
// of more inputs than half the open-file limit (ulimit -n) cannot run. It
// said "cannot read shard-1021.jsonl: too many open files" or "temporary
// file in /tmp: open /tmp/sudogen-merge-2814655521: too many open files"
// (a name the user never gave), after reading part of the inputs.

// mergeFilesNeeded is the fewest files a merge of n inputs has open at
// once: each input and its spool, and the three standard streams. The
// sorts' temporary files and the output come on top.
func mergeFilesNeeded(n int) uint64 { return 2*uint64(n) + 3 }

// checkOpenFiles refuses, before anything is opened, a merge of n inputs
// that needs more open files than the process may have (limit, when
// known).
func checkOpenFiles(n int, limit uint64, known bool) error {
	if !known || mergeFilesNeeded(n) <= limit {
		return nil
	}
	return fmt.Errorf("a merge of %s needs at least %s open at once (each input and its temporary file), more than the %s this process may open (ulimit -n): %s",
		numfmt.Count(n, "input"), numfmt.Count(int64(mergeFilesNeeded(n)), "file"), numfmt.Int(int64(limit)), mergeFilesAdvice(n))
}

// tooManyFiles words err when it is EMFILE (the process ran out of open
// files while merging n inputs: the sorts' temporary files and the
// output came on top of mergeFilesNeeded), and returns nil for any other
// error.
func tooManyFiles(err error, n int) error {
	if !errors.Is(err, syscall.EMFILE) {
		return nil
	}
	may := ""
	if limit, known := openFilesLimit(); known {
		may = fmt.Sprintf(" (this process may open %s)", numfmt.Int(int64(min(limit, 1<<62))))
	}
	return fmt.Errorf("a merge of %s ran out of open files%s: it keeps each input and its temporary file open, %s, and the sorts' temporary files and the output on top: %s",
		numfmt.Count(n, "input"), may, numfmt.Count(int64(mergeFilesNeeded(n)), "file"), mergeFilesAdvice(n))
}

// mergeFilesAdvice is the way out for a merge of n inputs short of open
// files: a limit with room for the sorts, or fewer inputs at a time.
func mergeFilesAdvice(n int) string {
	return fmt.Sprintf("raise the limit (ulimit -n %d), or merge the inputs in groups, then merge the groups' outputs; nothing written", mergeFilesNeeded(n)+64)
}
