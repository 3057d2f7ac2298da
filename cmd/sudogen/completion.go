package main

import (
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/sudogen/sudogen/batch"
	"github.com/sudogen/sudogen/export"
	"github.com/sudogen/sudogen/grade"
	"github.com/sudogen/sudogen/internal/i18n"
	"github.com/sudogen/sudogen/kind"
	"github.com/sudogen/sudogen/sudoku"
	"github.com/sudogen/sudogen/variant"
	"github.com/sudogen/sudogen/variantkind"
)

// registerCompletions gives every flag of a fixed set of values its values
// for shell completion (`sudogen batch --tier <TAB>`): choice flags offer
// their choices, and the string flags below offer the names they accept.
// Comma-list flags (--format, --requires) complete the item after the
// last comma. Files complete as usual for the rest.
func registerCompletions(root *cobra.Command) {
	named := map[string]func(cmd *cobra.Command) []string{
		"tier":     tierNames,
		"symmetry": fixed("none", "rot180", "rot90", "mirror", "flip", "diagonal", "antidiagonal", "random"),
		"profile":  fixed("se", "hodoku"),
		"format": func(cmd *cobra.Command) []string {
			switch cmd.Name() {
			case "batch", "export":
				return formatNames()
			case "solve":
				return []string{"text", "jsonl"} // --kind slide's output
			}
			return nil
		},
		"variant":   fixed(variant.Names...),
		"box":       boxShapes,
		"per-page":  perPageValues,
		"hardest":   techniqueIDs,
		"requires":  techniqueIDs,
		"lang":      func(*cobra.Command) []string { return i18n.Languages() },
		"solutions": fixed("back", "none"),
		"paper":     fixed("white", "cream", "color"),
		"page":      func(*cobra.Command) []string { return export.PageNames() },
		"preset": func(*cobra.Command) []string {
			presets, err := export.LoadPresets()
			if err != nil {
				return nil
			}
			var names []string
			for n := range presets {
				names = append(names, n)
			}
			sort.Strings(names)
			return names
		},
	}
	lists := map[string]bool{"format": true, "requires": true, "variant": true, "tier": true}
	// the types of the flags named takes values for (--per-page is an
	// int, --variant a list)
	types := map[string]bool{"string": true, "stringSlice": true, "int": true}
	var walk func(cmd *cobra.Command)
	walk = func(cmd *cobra.Command) {
		cmd.Flags().VisitAll(func(f *pflag.Flag) {
			var values func(cmd *cobra.Command) []string
			if c, ok := f.Value.(*choiceFlag); ok {
				// a choice of "" is the flag left unset (export
				// --sort): no value to offer
				values = fixed(slices.DeleteFunc(slices.Clone(c.Choices()), func(v string) bool { return v == "" })...)
			} else if v := named[f.Name]; v != nil && types[f.Value.Type()] {
				values = v
			}
			// The values are listed only when a shell asks: listing them
			// reads the tier and preset files and the technique table,
			// which cost every run of every command about 0.1 CPU-s when
			// done here. Only --format's depend on the command (batch and
			// export), and listing format names is cheap.
			if values == nil || f.Name == "format" && values(cmd) == nil {
				return
			}
			list := lists[f.Name]
			_ = cmd.RegisterFlagCompletionFunc(f.Name, func(cmd *cobra.Command, _ []string, toComplete string) ([]string, cobra.ShellCompDirective) {
				prefix := ""
				if i := strings.LastIndexByte(toComplete, ','); list && i >= 0 {
					prefix = toComplete[:i+1]
				}
				var out []string
				for _, v := range values(cmd) {
					if strings.HasPrefix(prefix+v, toComplete) {
						out = append(out, prefix+v)
					}
				}
				d := cobra.ShellCompDirectiveNoFileComp
				if list {
					d |= cobra.ShellCompDirectiveNoSpace
				}
				return out, d
			})
		})
		for _, c := range cmd.Commands() {
			walk(c)
		}
	}
	walk(root)
}

// tierNames are the tiers --tier takes: on batch, the tiers of the
// --kind given (sudoku's by default: variants are graded on its scale)
// and "any"; on export, which reads any kind's records, every kind's
// tiers, "untiered" (records without one) and "any".
func tierNames(cmd *cobra.Command) []string {
	if f := cmd.Flags().Lookup("kind"); f != nil {
		k, err := kind.Lookup(f.Value.String())
		if err != nil {
			return nil
		}
		return append(k.Tiers(0), "any")
	}
	var names []string
	for _, k := range kind.All() {
		for _, t := range k.Tiers(0) {
			if !slices.Contains(names, t) {
				names = append(names, t)
			}
		}
	}
	return append(names, "untiered", "any")
}

// perPageValues are the values --per-page takes (export.PerPageChoices).
func perPageValues(*cobra.Command) []string {
	var vs []string
	for _, n := range export.PerPageChoices {
		vs = append(vs, strconv.Itoa(n))
	}
	return vs
}

// boxShapes are the box shapes --box takes: "2x2" to "5x5".
func boxShapes(*cobra.Command) []string {
	var names []string
	for _, s := range sudoku.Shapes {
		names = append(names, s.String())
	}
	return names
}

// fixed completes a flag with these values.
func fixed(values ...string) func(*cobra.Command) []string {
	return func(*cobra.Command) []string { return values }
}

// techniqueIDs are the ids --hardest and --requires take: on batch, those
// the run accepts (a --variant run's board, else the --profile's path,
// as the run checks them); elsewhere every technique.
func techniqueIDs(cmd *cobra.Command) []string {
	if cmd.Name() == "batch" {
		fs := cmd.Flags()
		// A shell's completion request parses the flags twice, so a
		// list flag holds each value twice: the variants are taken once.
		var vs []string
		for _, v := range kind.FlagList(fs, "variant") {
			if !slices.Contains(vs, v) {
				vs = append(vs, v)
			}
		}
		if len(vs) > 0 {
			size := 9
			if fs.Changed("size") {
				size = int(kind.FlagInt(fs, "size"))
			}
			ids, err := variantkind.Techniques(strings.Join(vs, ","), size)
			if err != nil {
				return nil
			}
			return ids
		}
		if p, ok := grade.ProfileByName(kind.FlagValue(fs, "profile")); ok {
			return batch.ProfileTechniques(p)
		}
	}
	var ids []string
	for _, t := range grade.Techniques() {
		ids = append(ids, t.ID)
	}
	return ids
}
