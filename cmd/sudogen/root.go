package main

import (
	"os"
	"strconv"
	"strings"
	"unicode"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
	"golang.org/x/term"
)

// NewCmdRoot returns the sudogen command with every subcommand. Commands
// write to cmd.OutOrStdout() and cmd.ErrOrStderr() and read
// cmd.InOrStdin(), so tests can run them in process.
func NewCmdRoot() *cobra.Command {
	root := &cobra.Command{
		Use:   "sudogen <command> [flags]",
		Short: "Generate, solve, grade and export Sudoku puzzles in batches",
		Long: `sudogen makes thousands of uniquely solvable puzzles on every core
(classic Sudoku of every size, its variants, Killer Sudoku, sliding-tile
puzzles), grades them by the techniques a solver needs, and writes them
as a JSONL corpus, a printable PDF book, a workbook or a page to play
them in; it also solves, explains, canonicalizes, merges and summarises
puzzles.

Exit codes: 0 success, 1 failure (bad input file, I/O error),
2 usage error (bad flag or argument), 130 interrupted by Ctrl-C, 143
stopped by SIGTERM, 129 by SIGHUP (complete output kept).`,
		Example: `  sudogen batch --count 1000 -o puzzles.jsonl
  sudogen export puzzles.jsonl --preset kdp-8.5x11 -o book.pdf
  sudogen solve puzzles.jsonl
  sudogen version`,
		Version:       shortVersion(),
		SilenceUsage:  true,
		SilenceErrors: true,
		// A flag given an empty value, and a flag's input file that is
		// missing or cannot be read, are usage errors, said the same way
		// for every such flag.
		PersistentPreRunE: func(cmd *cobra.Command, _ []string) error {
			if err := checkFlagValues(cmd); err != nil {
				return err
			}
			return checkInputFlagsOf(cmd)
		},
	}
	root.SetVersionTemplate("sudogen {{.Version}}\n")
	// Flag help wrapped to the terminal's width (helpWidth).
	root.SetUsageTemplate(strings.NewReplacer(
		".LocalFlags.FlagUsages | trimTrailingWhitespaces", "wrappedFlagUsages . .LocalFlags",
		".InheritedFlags.FlagUsages | trimTrailingWhitespaces", "wrappedFlagUsages . .InheritedFlags",
	).Replace(root.UsageTemplate()))
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
	root.AddCommand(NewCmdStats())
	refuseRepeatedLists(root)
	return root
}

// addHelpExamples gives cobra's own commands (completion and its shells,
// help) the examples every sudogen command shows in --help. Call it after
// SetOut: cobra's completion command keeps the writer it sees when made.
func addHelpExamples(root *cobra.Command) {
	root.InitDefaultHelpCmd()
	root.InitDefaultCompletionCmd()
	examples := map[string]string{
		"help": `  sudogen help batch
  sudogen help slide build-tables`,
		"completion": `  # bash, for this shell and every new one
  source <(sudogen completion bash)
  sudogen completion bash > /etc/bash_completion.d/sudogen

  # zsh, fish
  sudogen completion zsh > "${fpath[1]}/_sudogen"
  sudogen completion fish > ~/.config/fish/completions/sudogen.fish`,
		"bash": `  source <(sudogen completion bash)
  sudogen completion bash > /etc/bash_completion.d/sudogen`,
		"zsh":        "  sudogen completion zsh > \"${fpath[1]}/_sudogen\"",
		"fish":       "  sudogen completion fish > ~/.config/fish/completions/sudogen.fish",
		"powershell": "  sudogen completion powershell | Out-String | Invoke-Expression",
	}
	for _, c := range root.Commands() {
		if ex, ok := examples[c.Name()]; ok && c.Example == "" {
			c.Example = ex
		}
		if c.Name() == "help" {
			// An unknown topic is a usage error (exit 2) in one line,
			// not cobra's "Unknown help topic" and the usage, exit 0.
			c.Run = nil
			c.RunE = func(cmd *cobra.Command, args []string) error {
				target, rest, err := root.Find(args)
				if err != nil || target == nil || len(rest) > 0 || (len(args) > 0 && target == root) {
					parent := root
					if err == nil && target != nil && target.HasSubCommands() {
						parent = target
					}
					return UsageErrorf("help %s: no such command (expected one of %s)", strings.Join(args, " "), strings.Join(commandNames(parent), ", "))
				}
				target.InitDefaultHelpFlag()
				target.InitDefaultVersionFlag()
				return target.Help()
			}
		}
		if c.Name() == "completion" {
			// As slide: an unknown shell is an unknown command (exit 2),
			// not the help and exit 0.
			c.Args = usageArgs(cobra.NoArgs)
			c.RunE = func(cmd *cobra.Command, _ []string) error { return cmd.Help() }
			for _, sub := range c.Commands() {
				if ex, ok := examples[sub.Name()]; ok && sub.Example == "" {
					sub.Example = ex
				}
			}
		}
	}
	sayNoArguments(root)
}

// sayNoArguments rewords, for every command under c, cobra's refusal of
// an argument it takes for a mistyped command ("unknown command"). A
// command without subcommands takes no arguments: `sudogen batch 100`
// said `unknown command "100" for "sudogen batch"`, as if 100 were meant
// as a command; it says `batch: expected flags only, no arguments; got
// "100"`, as expectArgs words a wrong count. A command with subcommands
// gets cobra's suggestion of the one meant, as the root does (`slide
// build-table`: "did you mean build-tables?"), when one is near.
func sayNoArguments(c *cobra.Command) {
	for _, sub := range c.Commands() {
		sayNoArguments(sub)
	}
	if c.Args == nil {
		return
	}
	check := c.Args
	c.Args = func(cmd *cobra.Command, args []string) error {
		err := check(cmd, args)
		if err == nil || len(args) == 0 || !strings.HasPrefix(err.Error(), "unknown command ") {
			return err
		}
		if !cmd.HasSubCommands() {
			return UsageErrorf("%s: expected flags only, no arguments; got %s", strings.TrimPrefix(cmd.CommandPath(), cmd.Root().Name()+" "), quotedList(args))
		}
		if s := cmd.SuggestionsFor(args[0]); len(s) > 0 {
			return UsageErrorf("%v (did you mean %s?)", err, strings.Join(s, " or "))
		}
		return err
	}
}

// quotedList is args as a message quotes them: "a", "b".
func quotedList(args []string) string {
	q := make([]string, len(args))
	for i, a := range args {
		q[i] = strconv.Quote(a)
	}
	return strings.Join(q, ", ")
}

// commandNames are the names of parent's commands that a user can ask
// help for (not hidden ones).
func commandNames(parent *cobra.Command) []string {
	var names []string
	for _, c := range parent.Commands() {
		if c.IsAvailableCommand() || c.Name() == "help" {
			names = append(names, c.Name())
		}
	}
	return names
}

func init() {
	cobra.AddTemplateFunc("wrappedFlagUsages", func(_ *cobra.Command, fs *pflag.FlagSet) string {
		return strings.TrimRightFunc(fs.FlagUsagesWrapped(helpWidth()), unicode.IsSpace)
	})
}

// helpWidth is the width --help wraps each flag's text to, under its
// column: the terminal's (at most 120), when stdout, where help goes, is
// one, so a long text does not run on from the left edge; 0, no
// wrapping, into a pipe or a file, where each flag stays on one line for
// grep. (cobra renders the usage into a buffer, so the command's own
// writer cannot tell.)
var helpWidth = func() int {
	cols, _, err := term.GetSize(int(os.Stdout.Fd()))
	if err != nil || cols < 40 {
		return 0
	}
	return min(cols, 120)
}
