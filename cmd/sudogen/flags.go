package main

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/sudogen/sudogen/export"
	"github.com/sudogen/sudogen/internal/numfmt"
	"github.com/sudogen/sudogen/internal/suggest"
	"github.com/sudogen/sudogen/kind"
	"github.com/sudogen/sudogen/variant"
)

// newIntFlag is a whole-number flag with a lower bound, which says
// plainly what it expected ("expected a whole number, at least 1"): the
// same value type the kinds' own flags use (kind.IntValue).
func newIntFlag(v *int64, def, min int64) *kind.IntValue { return kind.NewIntValue(v, def, min) }

// seedFlag is a uint64 flag that records whether it was set.
type seedFlag struct {
	v   *uint64
	set bool
}

func (f *seedFlag) String() string {
	if !f.set {
		return "random"
	}
	return strconv.FormatUint(*f.v, 10)
}
func (f *seedFlag) Type() string { return "uint" }
func (f *seedFlag) Set(s string) error {
	// Seeds stop at 2^53-1 so a record's seed reads back exactly in every
	// JSON reader (docs/records.md).
	n, err := strconv.ParseUint(strings.TrimSpace(s), 10, 64)
	var ne *strconv.NumError
	if (errors.As(err, &ne) && ne.Err == strconv.ErrRange) || (err == nil && n > export.MaxSeed) {
		return fmt.Errorf("too large: expected a whole number from 0 to %d (2^53-1, the largest every JSON reader holds exactly)", uint64(export.MaxSeed))
	}
	if err != nil {
		return fmt.Errorf("expected a whole number from 0 to %d", uint64(export.MaxSeed))
	}
	*f.v, f.set = n, true
	return nil
}

// choiceFlag is a string flag limited to a fixed set of values
// (kind.ChoiceValue, which the kinds' own flags use too).
type choiceFlag = kind.ChoiceValue

func newChoiceFlag(v *string, def string, choices ...string) *choiceFlag {
	return kind.NewChoiceValue(v, def, choices...)
}

// flagError is the root command's FlagErrorFunc: a usage error (exit 2),
// with the parse errors of plain int, uint, float and bool flags
// ("strconv.ParseInt: parsing ...: value out of range") said in words.
func flagError(cmd *cobra.Command, err error) error {
	var ive *pflag.InvalidValueError
	var ne *strconv.NumError
	if errors.As(err, &ive) && errors.As(err, &ne) && ive.GetFlag() != nil {
		f := ive.GetFlag()
		name := "--" + f.Name
		if f.Shorthand != "" {
			name = "-" + f.Shorthand + ", " + name
		}
		return UsageErrorf("invalid argument %q for %q flag: %s", ive.GetValue(), name, numberProblem(ne, f.Value.Type()))
	}
	if errors.As(err, &ive) && ive.GetFlag() != nil && ive.GetFlag().Value.Type() == "duration" {
		return UsageErrorf("--%s %q: expected %s", ive.GetFlag().Name, ive.GetValue(), durationExpected)
	}
	var nse *pflag.NotExistError
	if errors.As(err, &nse) {
		if hint := unknownFlagHint(cmd, nse.GetSpecifiedName(), nse.GetSpecifiedShortnames() != ""); hint != "" {
			return UsageErrorf("%v (%s)", err, hint)
		}
	}
	return asUsage(err)
}

// unknownFlagHint is what to say of a long flag --name that cmd does not
// have: the nearest flag cmd has, as cobra suggests a mistyped command
// ("did you mean --count?": one or two letters off, another case, or the
// start of a longer name), else the other commands that have it
// ("--unique is a flag of canon, not of merge"), else "". A shorthand
// gets none: -c is --count on solve and nothing on canon.
func unknownFlagHint(cmd *cobra.Command, name string, short bool) string {
	if cmd == nil || name == "" || short {
		return ""
	}
	var best string
	bestD := 3
	cmd.Flags().VisitAll(func(f *pflag.Flag) {
		if f.Hidden {
			return
		}
		d := suggest.Distance(strings.ToLower(name), f.Name)
		if len(name) >= 3 && strings.HasPrefix(f.Name, strings.ToLower(name)) {
			d = min(d, 1)
		}
		if d < bestD || d == bestD && f.Name < best {
			best, bestD = f.Name, d
		}
	})
	if best != "" && bestD <= 2 && bestD < len(name) {
		return "did you mean --" + best + "?"
	}
	var owners []string
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		for _, sub := range c.Commands() {
			if sub.IsAvailableCommand() {
				walk(sub)
			}
		}
		if f := c.Flags().Lookup(name); f != nil && !f.Hidden && c != cmd && c.HasParent() && c.Runnable() {
			owners = append(owners, strings.TrimPrefix(c.CommandPath(), c.Root().Name()+" "))
		}
	}
	walk(cmd.Root())
	if len(owners) == 0 {
		return ""
	}
	slices.Sort(owners)
	return fmt.Sprintf("--%s is a flag of %s, not of %s", name, numfmt.AndList(owners), cmd.Name())
}

// durationExpected is what a duration flag (--max-time) expects.
const durationExpected = "a positive duration such as 90s or 10m, or 0 for no limit"

// numberProblem says what is wrong with a number a flag of type typ could
// not parse.
func numberProblem(ne *strconv.NumError, typ string) string {
	if typ == "bool" {
		// strconv.ParseBool's error is a NumError too (--quiet=2)
		return "expected true or false (or the flag alone, for true)"
	}
	what := "a whole number"
	if strings.HasPrefix(typ, "float") {
		what = "a number"
	}
	if ne.Err != strconv.ErrRange {
		return "expected " + what
	}
	switch typ {
	case "int", "int64":
		if strings.HasPrefix(strings.TrimSpace(ne.Num), "-") {
			return fmt.Sprintf("too small: the least is %d", int64(math.MinInt64))
		}
		return fmt.Sprintf("too large: the most is %d", int64(math.MaxInt64))
	case "int32":
		if strings.HasPrefix(strings.TrimSpace(ne.Num), "-") {
			return fmt.Sprintf("too small: the least is %d", math.MinInt32)
		}
		return fmt.Sprintf("too large: the most is %d", math.MaxInt32)
	case "uint", "uint64":
		return fmt.Sprintf("too large: the most is %d", uint64(math.MaxUint64))
	}
	return "out of range: expected " + what + " of a sensible size"
}

// chooser is a flag value limited to a fixed set (choiceFlag), whose
// choices say what it expects.
type chooser interface{ Choices() []string }

// flagExpects says what the flags that take free text expect, for the
// message when one is given empty (checkFlagValues): keyed by the flag's
// name, or by "command --name" where commands' flags of one name differ.
// Flags limited to a set of values (choiceFlag) list their choices
// instead; flags whose values are parsed as they are set (numbers,
// durations, files) refuse an empty value themselves.
var flagExpects = map[string]string{
	"box":                 "a box shape RxC, e.g. 3x3 or 2x3",
	"output":              "a file name, or - for stdout",
	"batch --output":      "a file or folder name, or - for stdout",
	"export --output":     "a file name, or - for stdout",
	"tier":                "tier names separated by commas, e.g. easy,medium (see --tiers)",
	"tiers":               "a tier table file (YAML)",
	"batch --format":      "formats separated by commas: " + strings.Join(formatNames(), ","),
	"export --format":     "one of " + export.FormatNames(nil),
	"solve --format":      "one of text, jsonl",
	"variant":             "one of " + strings.Join(variant.Names, ", "),
	"givens":              "a number of givens or a range, e.g. 30 or 30-34",
	"symmetry":            "a symmetry, e.g. rot180 (see batch --help)",
	"cage-sizes":          "cage sizes MIN-MAX, e.g. 2-5",
	"requires":            "technique ids separated by commas, e.g. swordfish,xy-wing (see sudogen techniques)",
	"hardest":             "a technique id, e.g. x-wing (see sudogen techniques)",
	"from":                "a corpus file (JSONL or puzzle lines)",
	"font":                "a TrueType font file (.ttf or .ttc)",
	"font-bold":           "a TrueType font file (.ttf or .ttc)",
	"preset":              "a book preset, e.g. kdp-8.5x11 or a4 (see export --help)",
	"page":                "a page size: a4, letter, a5, 6x9, 8.5x11",
	"gutter":              "auto or inches between 0 and 2, e.g. 0.5",
	"solutions":           "back or none",
	"title":               "a title",
	"subtitle":            "a subtitle",
	"author":              "an author's name",
	"copyright":           "a copyright notice",
	"copyright-holder":    "a copyright holder's name",
	"isbn":                "an ISBN-10 or ISBN-13",
	"date":                "a date YYYY-MM-DD or RFC 3339",
	"lang":                "a language tag, e.g. en, de or zh-Hans",
	"imprint":             "a publisher's line",
	"edition":             "an edition line",
	"paper":               "white, cream or color",
	"blurb":               "the back cover's text",
	"cover-color":         "a color #RRGGBB",
	"html":                "an HTML file name",
	"tmpdir":              "a folder name",
	"cache-dir":           "a folder name",
	"size":                "a whole number",
	"build-tables --size": "4, 5 or all",
	"solve --size":        "3, 4 or 5",
	"workers":             "a whole number, at least 1",
	"vicinity":            "-N+M with whole numbers, N from 1 to 9 removed and M from 0 to 9 added, e.g. -2+2",
	"memory":              "a size such as 512MiB, 2GiB or 800MB",
	"shard":               "I/N, two whole numbers such as 0/4 (shard I of N)",
}

// flagExpectation is what flag f of command cmd expects, said in words
// ("one of se, hodoku"; "a box shape RxC, e.g. 3x3"), "" if flagExpects
// does not know it.
func flagExpectation(cmd *cobra.Command, f *pflag.Flag) string {
	if c, ok := f.Value.(chooser); ok {
		var named []string
		for _, s := range c.Choices() {
			if s != "" {
				named = append(named, s)
			}
		}
		return "one of " + strings.Join(named, ", ")
	}
	if e, ok := flagExpects[cmd.Name()+" --"+f.Name]; ok {
		return e
	}
	return flagExpects[f.Name]
}

// emptyIsNone are the text flags of a book's optional lines, whose
// default is empty and whose empty value says "none" as plainly as
// leaving the flag out (a script passing --subtitle "$SUB" with no
// subtitle): checkFlagValues lets them be empty.
var emptyIsNone = map[string]bool{
	"subtitle": true, "author": true, "copyright": true, "copyright-holder": true,
	"imprint": true, "edition": true, "blurb": true, "isbn": true,
}

// textFlagTypes are the flag types whose value is the text given
// (pflag's strings and string lists, choiceFlag): an empty value of one
// was given empty. Other types parse their value as it is set and refuse
// an empty one themselves, and may print a value given as "" (--shard
// 0/1, the whole run).
var textFlagTypes = map[string]bool{"string": true, "stringSlice": true, "stringArray": true}

// checkFlagValues refuses a flag given an empty (or blank) value, which
// every flag that takes a value would otherwise read as its default or as
// absent: `--tier ""` is a usage error saying what the flag expects
// (`--tier "": expected tier names separated by commas, ...`). Only
// text flags are checked (textFlagTypes). The root command runs it before
// every command. A book's optional lines (emptyIsNone) may be empty.
func checkFlagValues(cmd *cobra.Command) error {
	var err error
	cmd.Flags().Visit(func(f *pflag.Flag) {
		if err != nil || !textFlagTypes[f.Value.Type()] || emptyIsNone[f.Name] {
			return
		}
		v := strings.TrimSpace(f.Value.String())
		if v != "" && v != "[]" {
			return
		}
		given := f.Value.String()
		if given == "[]" {
			given = ""
		}
		exp := flagExpectation(cmd, f)
		if exp == "" {
			exp = "a value"
		}
		err = UsageErrorf("--%s %q: expected %s", f.Name, given, exp)
	})
	return err
}

// formatOnlyFlags are the flags that only some output formats read, with
// those formats: the book flags (bookFlags) of export and batch, and
// export's --tiers (a book's section order) and --no-hints (the play
// page's). Keyed by the flag's name, or by "command --name" where a flag
// of that name means something else on another command (batch --tiers
// is the grading table, read by every format). checkFormatFlags refuses
// one given to a run that writes none of its formats, rather than ignore
// it. --lang, --font and --font-bold are checkTextFlags's (export.go),
// which batch calls too.
var formatOnlyFlags = map[string][]*export.Format{
	"preset": pdfOnly, "page": pdfOnly, "per-page": pdfOnly, "margin": pdfOnly,
	"gutter": pdfOnly, "large-print": pdfOnly, "solutions": pdfOnly,
	"subtitle": pdfOnly, "author": pdfOnly, "copyright": pdfOnly, "isbn": pdfOnly,
	"bleed": pdfOnly, "force": pdfOnly, "date": pdfOnly, "max-pages": pdfOnly,
	"ids": pdfOnly, "no-ids": pdfOnly,
	"no-cage-table": pdfOnly, "imprint": pdfOnly, "edition": pdfOnly,
	"copyright-holder": pdfOnly, "copyright-year": pdfOnly, "paper": pdfOnly,
	"cover": pdfOnly, "blurb": pdfOnly, "cover-color": pdfOnly,
	"title":             {export.FormatPDF, export.FormatHTML},
	"grids":             {export.FormatXLSX},
	"export --tiers":    pdfOnly,
	"export --no-hints": {export.FormatHTML},
}

// pdfOnly is the formats of a flag only the PDF book reads.
var pdfOnly = []*export.Format{export.FormatPDF}

// formatReaders says what a format writes, for checkFormatFlags's
// message ("--per-page applies to PDF books (--format pdf)").
var formatReaders = map[*export.Format]string{
	export.FormatPDF:  "PDF books",
	export.FormatXLSX: "XLSX workbooks",
	export.FormatHTML: "play pages",
}

// checkFormatFlags refuses, as a usage error, every flag of
// formatOnlyFlags set in fs, the flags of command cmd ("export"), when
// none of the formats it writes (writes) reads it: `batch --per-page 6` writing JSONL only, or `export
// --grids 20 -o c.csv`, would otherwise ignore it without a word. run
// says what the run writes ("this run writes JSONL only"). The message
// names each such flag and the formats that read it, in one line.
func checkFormatFlags(cmd string, fs *pflag.FlagSet, writes []*export.Format, run string) error {
	var groups [][]string // flags, grouped by the formats that read them
	var readers []string  // each group's formats, in words
	fs.Visit(func(f *pflag.Flag) {
		reads, ok := formatOnlyFlags[cmd+" --"+f.Name]
		if !ok {
			reads, ok = formatOnlyFlags[f.Name]
		}
		if !ok || slices.ContainsFunc(reads, func(r *export.Format) bool { return slices.Contains(writes, r) }) {
			return
		}
		var words, names []string
		for _, r := range reads {
			words = append(words, formatReaders[r])
			names = append(names, r.Name)
		}
		what := fmt.Sprintf("%s (--format %s)", numfmt.AndList(words), numfmt.OrList(names))
		if i := slices.Index(readers, what); i >= 0 {
			groups[i] = append(groups[i], "--"+f.Name)
			return
		}
		groups, readers = append(groups, []string{"--" + f.Name}), append(readers, what)
	})
	if len(groups) == 0 {
		return nil
	}
	var parts []string
	n := 0
	for i, g := range groups {
		n += len(g)
		verb := "applies to "
		if len(g) > 1 {
			verb = "apply to "
		}
		if i > 0 {
			verb = "to " // "--page applies to PDF books, and --grids to XLSX workbooks"
		}
		parts = append(parts, numfmt.AndList(g)+" "+verb+readers[i])
	}
	them := "it"
	if n > 1 {
		them = "them"
	}
	return UsageErrorf("%s, but %s: leave %s out", strings.Join(parts, ", and "), run, them)
}

// checkExportFlags is checkFormatFlags for `export`, whose one format
// comes from --format or the output's extension: `export c.jsonl --grids
// 20 -o c.csv` is refused. A format that cannot be told yet (no -o, an
// unknown --format) is left to the export's own message.
func checkExportFlags(fs *pflag.FlagSet, format, output string) error {
	if output == "" {
		return nil
	}
	f, err := formatOf(format, output)
	if err != nil {
		return nil
	}
	return checkFormatFlags("export", fs, []*export.Format{f}, "this export writes "+f.Name+" (-o "+output+")")
}

// bookFlagNeeds are the book's flags that act only beside another, with
// what they are: checkBookFlagPairs refuses one given without the other,
// which the book would ignore.
var bookFlagNeeds = []struct{ flag, needs, what string }{
	{"blurb", "cover", "the back cover's text, which only --cover writes"},
	{"cover-color", "cover", "the cover's background, which only --cover writes"},
	{"copyright-year", "copyright-holder", "the year of the notice --copyright-holder prints (--copyright is printed as given)"},
}

// checkBookFlagPairs refuses, as usage errors, book flags of fs that
// cannot act as given (after their values were checked, so a bad value
// is said first): one of bookFlagNeeds without the flag it acts
// with (an empty --blurb is none, and needs nothing), and --ids with
// --no-ids. `export --blurb "..." -o b.pdf` without --cover printed no
// blurb and said nothing.
func checkBookFlagPairs(fs *pflag.FlagSet) error {
	if fs.Changed("ids") && fs.Changed("no-ids") {
		return UsageErrorf("give either --ids (print each puzzle's id) or --no-ids (leave them out), not both")
	}
	for _, n := range bookFlagNeeds {
		f := fs.Lookup(n.flag)
		if f == nil || !fs.Changed(n.flag) || fs.Changed(n.needs) || f.Value.Type() == "string" && strings.TrimSpace(f.Value.String()) == "" {
			continue
		}
		return UsageErrorf("--%s is %s: add --%s, or drop --%s", n.flag, n.what, n.needs, n.flag)
	}
	return nil
}

// listFlags are the flags whose value is a comma-separated list (keyed
// as flagExpects is): given twice, the second would replace the first
// (`--tier easy --tier medium` kept medium only), where a user who
// repeats --variant or --exclude gets both. refuseRepeatedLists makes
// the second a usage error saying to list both in one.
var listFlags = map[string]bool{"tier": true, "requires": true, "isbn": true, "batch --format": true}

// refuseRepeatedLists wraps the value of every flag of listFlags under c
// so that giving it twice is refused (listValue).
func refuseRepeatedLists(c *cobra.Command) {
	c.Flags().VisitAll(func(f *pflag.Flag) {
		if (listFlags[f.Name] || listFlags[c.Name()+" --"+f.Name]) && f.Value.Type() == "string" {
			if _, ok := f.Value.(chooser); !ok {
				f.Value = &listValue{Value: f.Value, name: f.Name}
			}
		}
	})
	for _, sub := range c.Commands() {
		refuseRepeatedLists(sub)
	}
}

// listValue is a comma-list flag's value that may be given once.
type listValue struct {
	pflag.Value
	name  string
	first string // the value given first, once set
	set   bool
}

// Set takes the flag's value the first time, and refuses a second,
// other one. The same value again changes nothing (and cobra's shell
// completion parses the command line twice).
func (v *listValue) Set(s string) error {
	if v.set && s != v.first {
		return fmt.Errorf("--%s given twice (first %q): give one --%s with the list, comma-separated (--%s %s,%s)", v.name, v.first, v.name, v.name, v.first, s)
	}
	v.first, v.set = s, true
	return v.Value.Set(s)
}

// checkFlagFollowers refuses, as a usage error, a flag that takes a value
// given none but the next flag: the flag parser takes the word after
// such a flag as its value whatever it is, so `merge a.jsonl -o -q` wrote
// a file named -q and `batch -o --tier hard` a file named --tier. args is
// the whole command line; the command it runs (root.Find) says which
// flags take a value, short or long, alone or at the end of a cluster of
// shorthands (-qo). The word after one is refused when it is a flag of
// that command: --, a long flag (--tier, or --tierr: a flag, if
// mistyped), or a shorthand of the command (-q). Values that merely
// begin with '-' are kept (--seed -5, --vicinity -2+2, -o - for stdout,
// --title -Foo, export --sort -rating: a choice of the flag's own), and
// so is every value written --flag=value or -o=value.
// The parse stops at --, after which every word is an argument.
func checkFlagFollowers(root *cobra.Command, args []string) error {
	cmd, _, err := root.Find(args)
	if err != nil || cmd == nil || cmd.DisableFlagParsing {
		return nil
	}
	cmd.InitDefaultHelpFlag()
	fs := pflag.NewFlagSet(cmd.Name(), pflag.ContinueOnError)
	fs.AddFlagSet(cmd.Flags())
	fs.AddFlagSet(cmd.InheritedFlags())
	for i := 0; i < len(args); i++ {
		word := args[i]
		if word == "--" {
			return nil
		}
		if name, ok := singleDashLong(fs, word); ok {
			return UsageErrorf("unknown shorthand flag %s: a flag's name of more than one letter takes two dashes (did you mean --%s?)", word, name)
		}
		f, typed := valueFlagAt(fs, word)
		if f == nil {
			continue
		}
		if i == len(args)-1 {
			// the parser's "flag needs an argument: 'o' in -o"
			exp := ""
			if e := valueExpected(cmd, f); e != "" {
				exp = "; expected " + e
			}
			return UsageErrorf("%s lacks its value: it ends the command line%s", typed, exp)
		}
		next := args[i+1]
		if c, ok := f.Value.(chooser); !isFlagWord(fs, next) || ok && slices.Contains(c.Choices(), next) {
			// a value, or one of the flag's own (export --sort -rating)
			i++ // the value
			continue
		}
		what := "the flag " + next
		if next == "--" {
			what = "--, the end of the flags"
		}
		hint := ""
		if _, choice := f.Value.(chooser); textFlagTypes[f.Value.Type()] && !choice {
			// free text, which may begin with '-' (not a number or a choice)
			hint = fmt.Sprintf("; for a value that begins with '-', write --%s=%s", f.Name, next)
		}
		return UsageErrorf("%s lacks its value: the next word is %s (give %s its value first%s)", typed, what, typed, hint)
	}
	return nil
}

// valueExpected is what flag f of cmd expects, in words, for the
// message of one given no value: flagExpectation's, else its type's ("a
// whole number"), else "".
func valueExpected(cmd *cobra.Command, f *pflag.Flag) string {
	if e := flagExpectation(cmd, f); e != "" {
		return e
	}
	switch f.Value.Type() {
	case "int", "int32", "int64", "uint", "uint64":
		return "a whole number"
	case "float64", "float32":
		return "a number"
	case "duration":
		return durationExpected
	}
	return ""
}

// valueFlagAt is the flag of fs that takes the next word as its value,
// with the name as typed ("-o", "--output"), when word ends with one: a
// long flag without "=value", or a cluster of shorthands whose last takes
// a value. A flag that needs no value (--quiet), a value given in the
// word (--output=x, -ox), an unknown flag or an argument give nil.
func valueFlagAt(fs *pflag.FlagSet, word string) (*pflag.Flag, string) {
	switch {
	case len(word) < 2 || word[0] != '-':
		return nil, ""
	case strings.HasPrefix(word, "--"):
		if strings.Contains(word, "=") {
			return nil, ""
		}
		if f := fs.Lookup(word[2:]); f != nil && f.NoOptDefVal == "" {
			return f, word
		}
		return nil, ""
	}
	for j := 1; j < len(word); j++ {
		f := fs.ShorthandLookup(word[j : j+1])
		switch {
		case f == nil:
			return nil, ""
		case f.NoOptDefVal != "":
			continue
		case j < len(word)-1:
			return nil, "" // -ofile, -o=file: the value is in the word
		}
		return f, "-" + f.Shorthand
	}
	return nil, ""
}

// singleDashLong reports whether word is a long flag of fs written with
// one dash (-count 5, -quiet, -seed=4, -output x), which the parser
// reads as a cluster of shorthands: refused by its first unknown letter
// ("unknown shorthand flag: 'u' in -uiet"), or worse, -output as -o
// with the value "utput" (merge a.jsonl -output b.jsonl read b.jsonl as
// an input and wrote a file named utput). No cluster of sudogen's
// shorthands spells a long flag's name.
func singleDashLong(fs *pflag.FlagSet, word string) (string, bool) {
	if len(word) < 3 || word[0] != '-' || word[1] == '-' {
		return "", false
	}
	name, _, _ := strings.Cut(word[1:], "=")
	return name, len(name) > 1 && fs.Lookup(name) != nil
}

// isFlagWord says whether word, given where a flag's value goes, is a
// flag of fs as the parser would read it on its own: --, a long flag
// (--name, known or not: a mistyped flag is no value either), or one of
// fs's shorthands (-q, -qo).
func isFlagWord(fs *pflag.FlagSet, word string) bool {
	switch {
	case word == "--":
		return true
	case strings.HasPrefix(word, "--"):
		return len(word) > 2 && isASCIILetter(word[2])
	case len(word) > 1 && word[0] == '-' && isASCIILetter(word[1]):
		return fs.ShorthandLookup(word[1:2]) != nil
	}
	return false
}

// isASCIILetter reports whether c is a letter a-z or A-Z.
func isASCIILetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
