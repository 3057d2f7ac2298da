package main

import (
	"sort"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/sudogen/sudogen/export"
	"github.com/sudogen/sudogen/grade"
	"github.com/sudogen/sudogen/internal/i18n"
)

// registerCompletions gives every flag of a fixed set of values its values
// for shell completion (`sudogen batch --tier <TAB>`): choice flags offer
// their choices, and the string flags below offer the names they accept.
// Comma-list flags (--format, --requires) complete the item after the
// last comma. Files complete as usual for the rest.
func registerCompletions(root *cobra.Command) {
	named := map[string]func(cmd *cobra.Command) []string{
		"tier": func(*cobra.Command) []string {
			return append(grade.DefaultTiers().Names(), "any")
		},
		"symmetry": fixed("none", "rot180", "rot90", "mirror", "flip", "diagonal", "antidiagonal", "random"),
		"profile":  fixed("se", "hodoku"),
		"format": func(cmd *cobra.Command) []string {
			if cmd.Name() == "batch" || cmd.Name() == "export" {
				return formatNames()
			}
			return nil
		},
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
	lists := map[string]bool{"format": true, "requires": true}
	var walk func(cmd *cobra.Command)
	walk = func(cmd *cobra.Command) {
		cmd.Flags().VisitAll(func(f *pflag.Flag) {
			var values func(cmd *cobra.Command) []string
			if c, ok := f.Value.(*choiceFlag); ok {
				values = fixed(c.Choices()...)
			} else if v := named[f.Name]; v != nil && f.Value.Type() == "string" {
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

// fixed completes a flag with these values.
func fixed(values ...string) func(*cobra.Command) []string {
	return func(*cobra.Command) []string { return values }
}

// techniqueIDs are the ids --hardest and --requires take.
func techniqueIDs(*cobra.Command) []string {
	var ids []string
	for _, t := range grade.Techniques() {
		ids = append(ids, t.ID)
	}
	return ids
}
