package main

import (
	"os"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// inputFileFlags are the flags that name a file sudogen reads, with what
// the file should hold (for the message when it is a folder). Every
// command checks the ones it was given before it starts (checkInputFlags),
// so a file that is missing or cannot be read is a usage error (exit 2)
// whichever flag names it, as a bad flag value is.
var inputFileFlags = map[string]string{
	"tiers":     "a tier table (YAML)",
	"exclude":   "a corpus (JSONL or puzzle lines)",
	"from":      "a corpus (JSONL or puzzle lines)",
	"font":      "a TrueType font file (.ttf or .ttc)",
	"font-bold": "a TrueType font file (.ttf or .ttc)",
}

// checkInputFlags checks every file named by a flag of inputFileFlags that
// was set in fs: it must exist, be no folder, and, when it is a regular
// file, open for reading. A FIFO or device is not opened here (opening
// would wait for a writer, or take data from it).
func checkInputFlags(fs *pflag.FlagSet) error {
	var err error
	fs.Visit(func(f *pflag.Flag) {
		what, ok := inputFileFlags[f.Name]
		if !ok || err != nil {
			return
		}
		names := []string{f.Value.String()}
		if l, ok := f.Value.(*fileListFlag); ok {
			names = *l.v
		}
		for _, name := range names {
			if err = checkInputFile("--"+f.Name, name, what); err != nil {
				return
			}
		}
	})
	return err
}

// checkInputFile checks the file name that flag names (see
// checkInputFlags) as the commands open their inputs (openFile), a FIFO
// or device left unopened: "--tiers: cannot read t.yaml: no such file or
// directory", as a usage error; "-" is refused (these flags never read
// standard input).
func checkInputFile(flag, name, what string) error {
	if name == "" {
		return nil
	}
	if name == "-" {
		// "-" is standard input for the commands' arguments, not for
		// these flags: say so rather than "cannot read -: no such file".
		return UsageErrorf("%s -: expected the name of %s; standard input (-) is not read for %s", flag, what, flag)
	}
	if st, err := os.Stat(name); err == nil && !st.Mode().IsRegular() && !st.IsDir() {
		return nil
	}
	f, err := openFile(name, what)
	if err != nil {
		return UsageErrorf("%s: %v", flag, err)
	}
	f.Close()
	return nil
}

// checkInputFlagsOf is the root command's check of cmd's input files
// (checkInputFlags) before it runs. batch makes its own (checkInputFiles):
// it must first know which kind the run is.
func checkInputFlagsOf(cmd *cobra.Command) error {
	if cmd.Name() == "batch" && cmd.Parent() != nil && !cmd.Parent().HasParent() {
		return nil
	}
	return checkInputFlags(cmd.Flags())
}
