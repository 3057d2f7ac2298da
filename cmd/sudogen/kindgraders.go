package main

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"sync"

	"github.com/sudogen/sudogen/export"
	"github.com/sudogen/sudogen/internal/numfmt"
	"github.com/sudogen/sudogen/kind"
)

// kindGraders makes, for every worker of one grade run, the graders of
// the puzzles of other kinds than classic Sudoku (killer, variant), and
// says what a kind does not take once a run, not once a line:
//
//   - --profile naming a profile the kind does not have (hodoku, which
//     rates classic Sudoku only, on a killer): the kind's puzzles are
//     rated on its own scale, as without --profile;
//   - a flag the kind refuses (--no-uniqueness, --max-rating on a
//     killer), or --format se for a kind without SE ratings (killer):
//     its puzzles are not graded, and each counts as a failed
//     grading (exit 1).
//
// Either way one line at the end names the kind, how many of its lines
// and the first, and what was done; the same lines whatever the number
// of workers.
type kindGraders struct {
	opts        kind.GradeOptions // --profile ("" for se), --tiers, --max-rating
	profile     string            // --profile as given
	classicOnly []string          // classic-only flags set (GradeOptions.classicOnly)
	se          bool              // --format se, which only SE-rated kinds fill

	mu    sync.Mutex
	kinds map[string]*kindNote // kinds said at the end, by name
}

// kindNote is a kind whose grader was made without the run's profile
// (err errNoProfile) or not at all (err says why): how many of its lines
// were graded so or left ungraded, and the first of them.
type kindNote struct {
	kind  string
	err   error
	lines int
	first lineAt
}

// lineAt is an input line: its file and number, and its order over the
// inputs (the chunk's ItemBase, then the line number).
type lineAt struct {
	file       string
	base, line int
}

// before reports whether line a comes before line b in the inputs.
func (a lineAt) before(b lineAt) bool {
	return a.base < b.base || a.base == b.base && a.line < b.line
}

// newKindGraders returns the kind graders of a run with these options.
func newKindGraders(opts *GradeOptions) *kindGraders {
	profile := opts.Profile
	if profile == "se" {
		profile = "" // --profile's default: the kind's own default profile
	}
	return &kindGraders{
		profile:     opts.Profile,
		opts:        kind.GradeOptions{Profile: profile, TiersFile: opts.TiersFile, MaxRating: opts.MaxRating},
		classicOnly: opts.classicOnly(),
		se:          export.FormatNamed(opts.Format) == export.FormatSE,
		kinds:       map[string]*kindNote{},
	}
}

// errNoProfile marks a grader made without the run's --profile, which the
// kind does not have.
var errNoProfile = errors.New("profile not the kind's")

// make returns k's grader for this run, or the reason k's puzzles are not
// graded. A kind without the run's profile gets its own default profile,
// and the error errNoProfile with it.
func (g *kindGraders) make(k kind.Kind) (kind.Grader, error) {
	// The engine's options but the cap are classic Sudoku's: a record of
	// another kind is not graded as if it had them.
	if len(g.classicOnly) > 0 {
		return nil, fmt.Errorf("--%s is for classic Sudoku; a %s record is graded by its kind's own ladder: grade it without the flag", g.classicOnly[0], k.Name())
	}
	gr, err := k.Grader(g.opts)
	if err != nil && g.opts.Profile != "" {
		own := g.opts
		own.Profile = ""
		if ownGr, ownErr := k.Grader(own); ownErr == nil {
			gr, err = ownGr, errNoProfile
		}
	}
	if gr == nil {
		return nil, err
	}
	// A line format that cannot hold the kind's grading (se: Sudoku
	// Explainer's ratings) would refuse every one of its lines.
	if rk, ok := export.KindOf(k.Name()); ok && g.se && !rk.Rated {
		return nil, fmt.Errorf("the se format holds Sudoku Explainer ratings, which %s puzzles do not have (%s): use jsonl, table, csv or txt", k.Name(), export.NotSE(k.Name()))
	}
	return gr, err
}

// count counts one line of kind k graded without the run's profile (err
// errNoProfile) or left ungraded for err.
func (g *kindGraders) count(k string, err error, at lineAt) {
	g.mu.Lock()
	defer g.mu.Unlock()
	r := g.kinds[k]
	if r == nil {
		r = &kindNote{kind: k, err: err, first: at}
		g.kinds[k] = r
	}
	r.lines++
	if at.before(r.first) {
		r.first = at
	}
}

// report writes one line for each kind counted, in the order of their
// first lines.
func (g *kindGraders) report(w io.Writer) {
	g.mu.Lock()
	defer g.mu.Unlock()
	rs := make([]*kindNote, 0, len(g.kinds))
	for _, r := range g.kinds {
		rs = append(rs, r)
	}
	slices.SortFunc(rs, func(a, b *kindNote) int {
		if a.first.before(b.first) {
			return -1
		}
		if b.first.before(a.first) {
			return 1
		}
		return 0
	})
	for _, r := range rs {
		lines := numfmt.Count(r.lines, r.kind+" line")
		at := fmt.Sprintf("sudogen: %s:%d: %s", displayName(r.first.file), r.first.line, lines)
		if r.err == errNoProfile {
			fmt.Fprintf(w, "%s rated on their kind's own scale, as without --profile: --profile %s does not rate %s puzzles\n", at, g.profile, r.kind)
			continue
		}
		fmt.Fprintf(w, "%s not graded: %v\n", at, r.err)
	}
}
