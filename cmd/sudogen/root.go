package main

import (
	"github.com/spf13/cobra"
)

// NewCmdRoot returns the sudogen command with every subcommand. Commands
// write to cmd.OutOrStdout() and cmd.ErrOrStderr() and read
// cmd.InOrStdin(), so tests can run them in process.
func NewCmdRoot() *cobra.Command {
	root := &cobra.Command{
		Use:   "sudogen <command> [flags]",
		Short: "Generate, solve, grade and export Sudoku puzzles in batches",
		Long: `sudogen makes thousands of uniquely solvable puzzles on every core,
checks and solves puzzles, and writes them as a JSONL corpus.

Exit codes: 0 success, 1 failure (bad input file, I/O error),
2 usage error (bad flag or argument), 130 interrupted (output kept).`,
		Example: `  sudogen batch --count 1000 -o puzzles.jsonl
  sudogen solve puzzles.jsonl
  sudogen version`,
		Version:       shortVersion(),
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.SetVersionTemplate("sudogen {{.Version}}\n")
	root.SetFlagErrorFunc(flagError)
	root.CompletionOptions.HiddenDefaultCmd = false

	root.AddCommand(NewCmdBatch())
	root.AddCommand(NewCmdSolve())
	root.AddCommand(NewCmdGrade())
	root.AddCommand(NewCmdVersion())
	root.AddCommand(NewCmdExplain())
	root.AddCommand(NewCmdTechniques())
	root.AddCommand(NewCmdReglib())
	root.AddCommand(NewCmdSlide())
	root.AddCommand(NewCmdCanon())
	root.AddCommand(NewCmdMerge())
	root.AddCommand(NewCmdExport())
	return root
}
