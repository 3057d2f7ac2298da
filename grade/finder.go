package grade

// Finder searches a candidate grid for one technique (or one family of
// closely related techniques) and reports the steps it finds.
//
// Find calls emit for each productive step in the finder's scan order and
// stops as soon as emit returns false, so a caller that wants the first
// step only pays for the first one, and a caller that wants all (the
// regression library, hints) gets every instance. Find must not modify g
// (work on a scratch copy if the search needs to) and must not keep the
// *Step after emit returns.
type Finder interface {
	Find(g *Grid, emit func(*Step) bool)
}

// FinderFunc adapts a function to the Finder interface.
type FinderFunc func(g *Grid, emit func(*Step) bool)

// Find calls f.
func (f FinderFunc) Find(g *Grid, emit func(*Step) bool) { f(g, emit) }

// First returns the first step f finds in g, or nil.
func First(f Finder, g *Grid) *Step {
	var found *Step
	f.Find(g, func(s *Step) bool {
		c := *s
		found = &c
		return false
	})
	return found
}

// All returns every step f finds in g.
func All(f Finder, g *Grid) []Step {
	var out []Step
	f.Find(g, func(s *Step) bool {
		out = append(out, *s)
		return true
	})
	return out
}
