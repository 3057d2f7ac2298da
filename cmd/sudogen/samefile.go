package main

import "os"

// checkOutputsNotInputs refuses a run whose output is one of its inputs:
// the same file by name, or through a symbolic link or a hard link (os.SameFile
// compares device and inode). Writing it would replace the very data the
// command reads, so it is refused before anything is read or written.
// flag names the inputs in the message ("--exclude", "input"). Outputs
// that do not exist yet, "-" and inputs that cannot be opened are no
// conflict here (a missing input fails later with its own message).
func checkOutputsNotInputs(outputs []string, flag string, inputs []string) error {
	return checkNotInputs("-o", outputs, flag, inputs)
}

// checkNotInputs is checkOutputsNotInputs for outputs named by the flag
// outFlag ("-o", "--html").
func checkNotInputs(outFlag string, outputs []string, flag string, inputs []string) error {
	for _, out := range outputs {
		if out == "-" {
			continue
		}
		ost, err := os.Stat(out)
		if err != nil {
			continue
		}
		for _, in := range inputs {
			if in == "-" {
				continue
			}
			ist, err := os.Stat(in)
			if err != nil || !os.SameFile(ost, ist) {
				continue
			}
			how := ""
			if out != in {
				how = " (the same file under another name)"
			}
			return UsageErrorf("%s %s is the same file as %s %s%s: writing it would replace what the command reads; write to another file", outFlag, out, flag, in, how)
		}
	}
	return nil
}
