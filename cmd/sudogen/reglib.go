package main

import (
	"context"
	"fmt"
	"io"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/sudogen/sudogen/grade"
	"github.com/sudogen/sudogen/internal/numfmt"
)

// ReglibOptions are the flags of `sudogen reglib`.
type ReglibOptions struct {
	File    string
	Verbose bool // list every failure and chain-length mismatch
	Out     io.Writer
	ErrOut  io.Writer
	// Ctx, when done (a signal), stops the run between two cases; the
	// table then counts the cases checked so far.
	Ctx context.Context
}

// NewCmdReglib returns the reglib command.
func NewCmdReglib() *cobra.Command {
	opts := &ReglibOptions{}
	cmd := &cobra.Command{
		Use:   "reglib FILE",
		Short: "Check the technique finders against a HoDoKu regression library",
		Long: `Run every case of a HoDoKu regression library file (the format of
HoDoKu 2.2.0's reglib: one ":code:digits:grid:deleted:eliminations:
placements:extra" case per line): build the candidate grid, search it for
every instance of the named technique, and check that one instance makes
exactly the expected eliminations or placements ("-x" cases: that the
technique finds nothing).

Prints per technique code: passed, failed, chain-length mismatches
(right eliminations by a chain of another length; counted as passed) and
skipped (technique not implemented), then one line "N passed, N failed,
N skipped". Exits 1 if any case failed.`,
		Example: `  sudogen reglib internal/testdata/gpl-3.0/reglib/reglib-dev.txt
  sudogen reglib -v reglib.txt`,
		Args: expectArgs(1, 1, "one regression library file"),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.File = args[0]
			opts.Out = cmd.OutOrStdout()
			opts.ErrOut = cmd.ErrOrStderr()
			opts.Ctx = cmd.Context()
			return reglibRun(opts)
		},
	}
	cmd.Flags().BoolVarP(&opts.Verbose, "verbose", "v", false, "list each failure and chain-length mismatch")
	return cmd
}

func reglibRun(opts *ReglibOptions) error {
	f, err := openFile(opts.File, "a HoDoKu regression library (reglib-1.3.txt)")
	if err != nil {
		return err
	}
	defer f.Close()
	ctx := opts.Ctx
	if ctx == nil {
		ctx = context.Background()
	}
	rep, err := grade.RunRegLibContext(ctx, f, opts.File)
	if err != nil {
		return err
	}
	if rep.Cases == 0 && !rep.Stopped {
		// As solve and grade: an input with nothing to check fails, with
		// that one line and no empty table before it.
		return fmt.Errorf("%s: no regression cases found (expected :code:digits:grid:deleted:eliminations:placements:extra lines)", opts.File)
	}
	w := tabwriter.NewWriter(opts.Out, 2, 4, 2, ' ', 0)
	fmt.Fprintln(w, "code\ttechnique\tpassed\tfailed\tlength\tskipped\t")
	for _, st := range rep.Codes {
		fmt.Fprintf(w, "%s\t%s\t%d\t%d\t%d\t%d\t\n", st.Code, st.Name, st.Passed, st.Failed, st.LenDiff, st.Skipped)
	}
	w.Flush()
	if opts.Verbose {
		for _, st := range rep.Codes {
			for _, msg := range st.Failures {
				fmt.Fprintf(opts.Out, "%s %s: %s\n", st.Code, st.Name, msg)
			}
		}
	}
	fmt.Fprintf(opts.Out, "%s passed, %s failed, %s skipped\n", numfmt.Int(rep.Passed), numfmt.Int(rep.Failed), numfmt.Int(rep.Skipped))
	if rep.Stopped {
		where := "before the first case"
		if rep.Cases > 0 {
			where = fmt.Sprintf("through %s:%d (%s)", opts.File, rep.Through, numfmt.Count(rep.Cases, "case"))
		}
		msg := fmt.Sprintf("%s: checked %s; the counts above are of those", stopWord(ctx), where)
		fmt.Fprintf(opts.ErrOut, "sudogen: %s\n", msg)
		return &interruptedError{msg}
	}
	if rep.Failed > 0 {
		return &silentError{numfmt.Count(rep.Failed, "regression case") + " failed"}
	}
	return nil
}
