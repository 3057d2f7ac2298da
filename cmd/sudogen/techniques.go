package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/sudogen/sudogen/grade"
	"github.com/sudogen/sudogen/killer"
)

// TechniquesOptions are the flags of `sudogen techniques`.
type TechniquesOptions struct {
	Format string   // "table" or "json"
	Kind   string   // "sudoku" or "killer"
	IDs    []string // techniques to explain (none: list them all)
	Lang   string   // the language of an explained technique's words
	Out    io.Writer
}

// NewCmdTechniques returns the techniques command.
func NewCmdTechniques() *cobra.Command {
	opts := &TechniquesOptions{}
	cmd := &cobra.Command{
		Use:   "techniques [ID...]",
		Short: "List the solving techniques with their ids and both ratings",
		Long: `List every technique the Sudoku grader knows: its stable id (used in records
and step logs), its name, its HoDoKu score and level, whether HoDoKu
uses it by default (ON: "yes", or "off" for those HoDoKu 2.2.0 leaves off
unless a user turns them on, as sudogen's HoDoKu profile does), and its
Sudoku Explainer rating. Techniques SE has no rule for are rated by SE
as the chain it finds instead; the note says so. The variants' grader
uses these ids too, and non-consecutive's own two: nc-forcing-cell and
locked-nc (docs/records.md).

--kind killer lists the Killer Sudoku ladder's own steps instead: each
technique's id, name and rating on the killer scale (docs/grading.md,
"Killer"); past them the killer grader runs the Sudoku techniques above
(fish, wings, chains), each at its SE rating.

With ids, each technique named is explained instead: its name, family
and ratings, and the paragraph the play page's glossary gives it, in
--lang's language (English by default; the ids and ratings stay as
they are). An id that is not known is refused, naming the nearest.`,
		Example: `  # the table: id, name, family, HoDoKu score, level and default, SE rating
  sudogen techniques

  # one JSON object per technique, for scripts
  sudogen techniques --format json | grep xy-wing

  # the killer ladder (cage combinations, innies and outies, ...)
  sudogen techniques --kind killer

  # what an X-Wing is, in English and in German
  sudogen techniques x-wing
  sudogen techniques x-wing swordfish --lang de`,
		ValidArgsFunction: func(_ *cobra.Command, _ []string, toComplete string) ([]string, cobra.ShellCompDirective) {
			var ids []string
			for _, id := range allTechniqueIDs() {
				if strings.HasPrefix(id, toComplete) {
					ids = append(ids, id)
				}
			}
			return ids, cobra.ShellCompDirectiveNoFileComp
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			// each flag is for one of the two uses, and refused in the
			// other rather than ignored
			switch f := cmd.Flags(); {
			case f.Changed("lang") && len(args) == 0:
				return UsageErrorf("--lang is for explaining techniques: give their ids (sudogen techniques x-wing --lang %s)", opts.Lang)
			case f.Changed("kind") && len(args) > 0:
				return UsageErrorf("--kind picks the ladder to list: with ids, each is found in either (sudogen techniques %s)", strings.Join(args, " "))
			}
			opts.Out, opts.IDs = cmd.OutOrStdout(), args
			return techniquesRun(opts)
		},
	}
	cmd.Flags().Var(newChoiceFlag(&opts.Format, "table", "table", "json"), "format", "output format: table or json")
	cmd.Flags().Var(newChoiceFlag(&opts.Kind, "sudoku", "sudoku", "killer"), "kind", "whose techniques: sudoku (classic and variants) or killer (the killer ladder, on the killer scale)")
	cmd.Flags().StringVar(&opts.Lang, "lang", "en", "with ids: the language of the techniques' names and paragraphs (BCP 47): en, de, es, fr, ja, pt, ru, zh-Hans, zh-Hant")
	return cmd
}

func techniquesRun(opts *TechniquesOptions) error {
	if len(opts.IDs) > 0 {
		return explainTechniques(opts)
	}
	if opts.Kind == "killer" {
		return killerTechniques(opts)
	}
	ts := grade.Techniques()
	if opts.Format == "json" {
		type row struct {
			ID          string `json:"id"`
			Name        string `json:"name"`
			Family      string `json:"family"`
			HoDoKuScore int    `json:"hodoku_score,omitempty"`
			HoDoKuLevel string `json:"hodoku_level,omitempty"`
			// HoDoKuDefault: HoDoKu uses it by default (nil: no HoDoKu score)
			HoDoKuDefault *bool   `json:"hodoku_default,omitempty"`
			SE            float64 `json:"se,omitempty"`
			SENote        string  `json:"se_note,omitempty"`
			Uniqueness    bool    `json:"uniqueness,omitempty"`
		}
		enc := json.NewEncoder(opts.Out)
		for _, t := range ts {
			var on *bool
			if t.HoDoKuScore > 0 {
				b := grade.HoDoKuDefault(t.ID)
				on = &b
			}
			if err := enc.Encode(row{t.ID, t.Name, t.Family, t.HoDoKuScore, t.HoDoKuLevel, on, t.SE, t.SENote, t.Uniqueness}); err != nil {
				return err
			}
		}
		return nil
	}
	w := tabwriter.NewWriter(opts.Out, 2, 4, 2, ' ', 0)
	fmt.Fprintln(w, "ID\tNAME\tFAMILY\tHODOKU\tLEVEL\tON\tSE\tNOTE")
	for _, t := range ts {
		hs, se, on := "-", "-", "-"
		if t.HoDoKuScore > 0 {
			hs = fmt.Sprint(t.HoDoKuScore)
			on = "yes"
			if !grade.HoDoKuDefault(t.ID) {
				on = "off"
			}
		}
		if t.SE > 0 {
			se = fmt.Sprintf("%.1f", t.SE)
		}
		lvl := t.HoDoKuLevel
		if lvl == "" {
			lvl = "-"
		}
		note := t.SENote
		if t.Uniqueness {
			if note != "" {
				note += "; "
			}
			note += "assumes a unique solution"
		}
		fmt.Fprintf(w, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", t.ID, t.Name, t.Family, hs, lvl, on, se, note)
	}
	return w.Flush()
}

// killerTechniques lists the killer ladder: id, name and rating on the
// killer scale, easiest first.
func killerTechniques(opts *TechniquesOptions) error {
	if opts.Format == "json" {
		type row struct {
			ID     string  `json:"id"`
			Name   string  `json:"name"`
			Rating float64 `json:"rating"`
		}
		enc := json.NewEncoder(opts.Out)
		for _, t := range killer.Techniques {
			if err := enc.Encode(row{t.ID, t.Name, t.Rating}); err != nil {
				return err
			}
		}
		return nil
	}
	w := tabwriter.NewWriter(opts.Out, 2, 4, 2, ' ', 0)
	fmt.Fprintln(w, "ID\tNAME\tRATING")
	for _, t := range killer.Techniques {
		fmt.Fprintf(w, "%s\t%s\t%.1f\n", t.ID, t.Name, t.Rating)
	}
	return w.Flush()
}
