package grade

import (
	"fmt"
	"sort"
	"sync"
)

// Rule is one row of a rating profile: a technique finder and how the
// profile rates the steps it finds. Profiles built by NewProfile take
// every field from the technique's descriptor.
type Rule struct {
	// Tech is the technique id of the rule (a finder may report steps of
	// other ids, e.g. "claiming" or "unique-rectangle"; Step.Tech wins).
	Tech string
	// Finder searches the grid for the rule's steps.
	Finder Finder
	// find, when set (profiles built by NewProfile), is the descriptor's
	// search: the solving loop calls it with the run's Ctx instead of
	// Finder, so the run's options reach it through the call.
	find func(g *Grid, c *Ctx, emit func(*Step) bool)
	// Uniqueness marks rules that assume the puzzle has one solution; they
	// are dropped by Options.NoUniqueness.
	Uniqueness bool
	// Houses marks rules that work on every layout (Technique.Houses);
	// the others run only on a Plain layout.
	Houses bool
	// Frame marks rules that work on every layout with a classic frame
	// (Technique.Frame).
	Frame bool
	// Difficulty is the step difficulty on the profile's scale, used when
	// the step's own technique has no descriptor.
	Difficulty float64
	// Score is the HoDoKu score per step, likewise.
	Score int
	// Level indexes Profile.Levels: the HoDoKu level of the technique.
	Level int
}

// Level is one HoDoKu difficulty level: its name and the highest puzzle
// score it holds (0 = unbounded).
type Level struct {
	Name     string
	MaxScore int
}

// Scale is what a profile's step difficulties measure.
type Scale uint8

const (
	// ScaleSE rates steps on the Sudoku Explainer scale (1.0 .. 11.x).
	ScaleSE Scale = iota
	// ScaleHoDoKu rates steps by their HoDoKu score; the puzzle's score
	// is their sum and Levels turn it into a level.
	ScaleHoDoKu
)

// Profile is a rating scale as data: the ordered rule table the solving
// loop walks (first productive rule wins) and, for score-based scales, the
// level table.
type Profile struct {
	// Name is the profile id ("se", "hodoku").
	Name string
	// Scale says what Difficulty measures.
	Scale Scale
	// Scan is the scan order the solving loop passes to every finder.
	Scan Scan
	// Rules are tried in order; the first step of the first rule that finds
	// one is applied, then the search restarts from the first rule.
	Rules []Rule
	// Levels, if any, turn the summed score into a level (see Result.Level).
	Levels []Level
	// Prepare, if set, is called by the solving loop on the grid it is
	// about to solve (with its memo attached): state a profile's finders
	// keep across steps (HoDoKu's singles queues) starts there.
	Prepare func(g *Grid)
}

// ProfileSpec describes a profile in terms of technique descriptors: a
// profile is an order of techniques and a scan order, nothing more.
type ProfileSpec struct {
	Name  string
	Scale Scale
	// Scan is the scan order every finder of the profile uses.
	Scan Scan
	// Order lists technique ids in the order the solving loop tries them.
	// Each must have a finder (Technique.Find).
	Order []string
	// Levels is the level table of a score-based scale.
	Levels []Level
	// Prepare becomes Profile.Prepare.
	Prepare func(g *Grid)
}

// NewProfile builds the profile of spec from the registered descriptors.
func NewProfile(spec ProfileSpec) (*Profile, error) {
	p := &Profile{Name: spec.Name, Scale: spec.Scale, Scan: spec.Scan, Levels: spec.Levels, Prepare: spec.Prepare}
	for _, id := range spec.Order {
		t := techByID(id)
		if t == nil || t.Find == nil {
			return nil, fmt.Errorf("profile %s: technique %q has no finder", spec.Name, id)
		}
		r := Rule{Tech: id, Finder: t.Finder(spec.Scan), find: t.Find, Uniqueness: t.Uniqueness, Houses: t.Houses, Frame: t.Frame, Difficulty: t.SE}
		if spec.Scale == ScaleHoDoKu {
			r.Difficulty, r.Score = float64(t.HoDoKuScore), t.HoDoKuScore
			for i, l := range spec.Levels {
				if l.Name == t.HoDoKuLevel {
					r.Level = i
				}
			}
		}
		p.Rules = append(p.Rules, r)
	}
	return p, nil
}

// mustProfile is NewProfile for the built-in specs.
func mustProfile(spec ProfileSpec) *Profile {
	p, err := NewProfile(spec)
	if err != nil {
		panic("grade: " + err.Error())
	}
	return p
}

// rate fills a step's Difficulty and Score from the descriptor of its
// technique: the profile's scale decides which rating is the difficulty.
// A Difficulty the finder set (a length or size bonus) is kept.
func (p *Profile) rate(s *Step, r *Rule) {
	t := techByID(s.Tech)
	switch p.Scale {
	case ScaleHoDoKu:
		// HoDoKu scores a step by the search that found it (a Franken
		// search may report a basic fish, a grouped search a plain loop)
		s.Score = r.Score
		s.Difficulty = float64(s.Score)
	default:
		if s.Difficulty == 0 {
			if t != nil {
				s.Difficulty = t.SERating(s.Detail)
			} else {
				s.Difficulty = r.Difficulty
			}
		}
		if s.Score == 0 {
			s.Score = r.Score
		}
	}
}

var (
	profMu   sync.Mutex
	profiles = map[string]func() *Profile{}
)

// RegisterProfile makes a profile available by name (ProfileByName, the
// --profile flags). Call it from an init function. A name registered
// again takes the new f. A nil f is a programmer's error and panics here,
// not in a later ProfileByName or NewGrader.
func RegisterProfile(name string, f func() *Profile) {
	if f == nil {
		panic(fmt.Sprintf("grade: RegisterProfile(%q) of a nil function", name))
	}
	profMu.Lock()
	defer profMu.Unlock()
	profiles[name] = f
}

// ProfileByName returns the registered profile of that name.
func ProfileByName(name string) (*Profile, bool) {
	profMu.Lock()
	f, ok := profiles[name]
	profMu.Unlock()
	if !ok {
		return nil, false
	}
	return f(), true
}

// ProfileNames lists the registered profile names, sorted.
func ProfileNames() []string {
	profMu.Lock()
	defer profMu.Unlock()
	var out []string
	for n := range profiles {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// Without returns a copy of p without the rules flagged Uniqueness.
func (p *Profile) Without() *Profile {
	q := &Profile{Name: p.Name, Scale: p.Scale, Scan: p.Scan, Levels: p.Levels, Prepare: p.Prepare}
	for _, r := range p.Rules {
		if !r.Uniqueness {
			q.Rules = append(q.Rules, r)
		}
	}
	return q
}

// levelOf applies the HoDoKu level rule: start from the highest level of any
// step used, then while the score exceeds that level's maximum go up one.
func (p *Profile) levelOf(maxLevel, score int) int {
	if len(p.Levels) == 0 {
		return -1
	}
	l := maxLevel
	if l < 0 {
		l = 0
	}
	for l < len(p.Levels)-1 && p.Levels[l].MaxScore > 0 && score > p.Levels[l].MaxScore {
		l++
	}
	return l
}
