package main

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/sudogen/sudogen/batch"
	"github.com/sudogen/sudogen/export"
	"github.com/sudogen/sudogen/grade"
	"github.com/sudogen/sudogen/internal/i18n"
	"github.com/sudogen/sudogen/killer"
)

// techniqueNote is one explained technique of `sudogen techniques ID`:
// its id, its name and paragraph in the asked language, its family and
// what it rates.
type techniqueNote struct {
	ID      string `json:"id"`
	Name    string `json:"name"`
	Family  string `json:"family"`
	Ratings string `json:"ratings"`
	About   string `json:"about,omitempty"`
	Lang    string `json:"lang"`
}

// explainTechniques writes what each of opts.IDs is (a Sudoku technique
// or a killer ladder's own), all checked before anything is written: an
// unknown id is a usage error naming the nearest known one.
func explainTechniques(opts *TechniquesOptions) error {
	tab, err := i18n.Lookup(opts.Lang)
	if err != nil {
		return UsageErrorf("--lang: %v", err)
	}
	var notes []techniqueNote
	for _, id := range opts.IDs {
		n, err := techniqueNoteOf(tab, id)
		if err != nil {
			return err
		}
		notes = append(notes, n)
	}
	if opts.Format == "json" {
		enc := json.NewEncoder(opts.Out)
		for _, n := range notes {
			if err := enc.Encode(n); err != nil {
				return err
			}
		}
		return nil
	}
	var b strings.Builder
	for i, n := range notes {
		if i > 0 {
			b.WriteByte('\n')
		}
		fmt.Fprintf(&b, "%s (%s): %s\n%s\n", n.Name, n.ID, n.Family, wrapIndented(n.Ratings, 76))
		if n.About != "" {
			b.WriteString(wrapIndented(n.About, 76) + "\n")
		}
	}
	_, err = fmt.Fprint(opts.Out, b.String())
	return err
}

// techniqueNoteOf explains technique id in tab's language.
func techniqueNoteOf(tab *i18n.Table, id string) (techniqueNote, error) {
	name, about, _ := export.TechniqueWords(tab, id)
	if t, ok := grade.TechniqueByID(id); ok {
		if name == "" {
			name = t.Name
		}
		var r []string
		if lo, hi, ok := t.SERange(); ok {
			se := fmt.Sprintf("Sudoku Explainer %.1f", lo)
			if hi != lo {
				se = fmt.Sprintf("Sudoku Explainer %.1f-%.1f", lo, hi)
				if hi > 20 {
					se = fmt.Sprintf("Sudoku Explainer %.1f and up", lo)
					if t.Family == "chains" {
						se += " (longer chains rate higher)"
					}
				}
			}
			r = append(r, se)
		} else if t.SENote != "" {
			r = append(r, "Sudoku Explainer: "+t.SENote)
		}
		if t.HoDoKuScore > 0 {
			on := "on by default"
			if !grade.HoDoKuDefault(t.ID) {
				on = "off by default"
			}
			r = append(r, fmt.Sprintf("HoDoKu %d, %s, %s", t.HoDoKuScore, strings.ToLower(t.HoDoKuLevel), on))
		}
		if t.Uniqueness {
			r = append(r, "assumes the puzzle has one solution")
		}
		return techniqueNote{ID: id, Name: name, Family: t.Family, Ratings: strings.Join(r, "; ") + ".", About: about, Lang: tab.Lang()}, nil
	}
	for _, t := range killer.Techniques {
		if t.ID == id {
			if name == "" {
				name = t.Name
			}
			return techniqueNote{ID: id, Name: name, Family: "killer ladder", Ratings: fmt.Sprintf("%.1f on the killer scale.", t.Rating), About: about, Lang: tab.Lang()}, nil
		}
	}
	if id == "killer" || id == "sudoku" {
		// a ladder's name where --kind goes
		return techniqueNote{}, UsageErrorf("techniques: %q is no technique: to list the %s ladder, sudogen techniques --kind %s", id, id, id)
	}
	return techniqueNote{}, UsageErrorf("techniques: %q: unknown technique%s; the ids are listed by sudogen techniques (and --kind killer)", id, batch.DidYouMean(id, allTechniqueIDs()))
}

// allTechniqueIDs are the ids `sudogen techniques ID` explains: the
// Sudoku techniques', then the killer ladder's own.
func allTechniqueIDs() []string {
	var all []string
	for _, t := range grade.Techniques() {
		all = append(all, t.ID)
	}
	for _, t := range killer.Techniques {
		if !slices.Contains(all, t.ID) {
			all = append(all, t.ID)
		}
	}
	return all
}

// wrapIndented wraps text at width columns after a two-space indent,
// breaking at spaces (a text without spaces, such as Japanese, stays one
// line).
func wrapIndented(text string, width int) string {
	var b strings.Builder
	col := 0
	for _, w := range strings.Fields(text) {
		n := utf8.RuneCountInString(w)
		switch {
		case col == 0:
			b.WriteString("  ")
			col = 2
		case col+1+n > width:
			b.WriteString("\n  ")
			col = 2
		default:
			b.WriteByte(' ')
			col++
		}
		b.WriteString(w)
		col += n
	}
	return b.String()
}
