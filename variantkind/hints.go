package variantkind

import (
	"errors"
	"sync"

	"github.com/sudogen/sudogen/export"
	"github.com/sudogen/sudogen/grade"
	"github.com/sudogen/sudogen/internal/playhints"
	"github.com/sudogen/sudogen/internal/playpage"
	"github.com/sudogen/sudogen/kind"
)

// hintGrader is the grader the play page's hints run: the SE ladder
// without a cap. It is safe for concurrent use (its engines are pooled,
// its layouts kept in sync.Maps), as the HTML writer asks for many
// records' hints at once.
var hintGrader = sync.OnceValues(func() (*grader, error) {
	g, err := Kind{}.Grader(kind.GradeOptions{})
	if err != nil {
		return nil, err
	}
	return g.(*grader), nil
})

// playHints is the play page's hint source for variant records
// (export.RecordKind.Hints): the grader's solve path on the variant's
// houses and sees, each step with its pattern; the houses a step names
// index the play geometry's list (playBoard), which is the layout's. The
// steps the page finds by itself are left out, as for classic Sudoku
// (pageFinds); on a non-consecutive board the page's own
// candidates drop the pair rule's eliminations, which are no steps of the
// path either, and its two techniques are stored by name. A path over the
// grader's work budget (MaxWork) is no path: the page then says its hints
// are only the simple ones.
func playHints(r *export.Record) (export.Hints, error) {
	p, err := parse(r)
	if err != nil {
		return export.Hints{}, err
	}
	if r.Solution == "" {
		return export.Hints{}, errors.New("variant record has no solution: its hints need one")
	}
	gr, err := hintGrader()
	if err != nil {
		return export.Hints{}, err
	}
	t := &tracer{g: p.Geometry, keep: true}
	res, err := gr.rateTrace(p, r.Solution, t, 0)
	if err != nil {
		return export.Hints{}, err
	}
	if res.OverBudget {
		return export.Hints{OverBudget: true}, nil
	}
	kinds := p.Geometry.Data().HouseKinds
	steps := playhints.Stored(t.kept, func(s *grade.Step) bool { return pageFinds(s, kinds) })
	for i := range steps {
		if n, ok := ncTechName[steps[i].Tech]; ok {
			steps[i].Name = n
		}
	}
	return export.Hints{Solved: res.Solved, Steps: steps}, nil
}

// pageFinds reports whether the play page finds step s by itself: a
// technique it finds (playpage.FindsItself), and for locked candidates
// only between a box or jigsaw region and a row or column, the pairs the
// page's script crosses. The grader's locked candidates with a window or
// disjoint group (kinds: the layout's house kinds, which the play board's
// houses follow) are stored.
func pageFinds(s *grade.Step, kinds []string) bool {
	if !playpage.FindsItself(s.Tech) {
		return false
	}
	switch s.Tech {
	case "pointing", "claiming", "direct-pointing", "direct-claiming":
		for _, u := range s.Units {
			if u < 0 || u >= len(kinds) {
				return false
			}
			switch kinds[u] {
			case "row", "column", "box", "region":
			default:
				return false
			}
		}
	}
	return true
}
