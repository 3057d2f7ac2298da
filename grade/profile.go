package grade

import (
	"sort"
	"sync"
)

// Rule is one row of a rating profile: a technique finder and how the
// profile rates the steps it finds.
type Rule struct {
	// Tech is the technique id of the rule (a finder may set a more precise
	// id on each step, e.g. "hidden-single-row"; Step.Tech wins when set).
	Tech string
	// Finder searches the grid for the rule's steps.
	Finder Finder
	// Uniqueness marks rules that assume the puzzle has one solution; they
	// are dropped by Options.NoUniqueness.
	Uniqueness bool
	// Difficulty is the step difficulty on the SE scale, used when the
	// finder leaves Step.Difficulty at 0.
	Difficulty float64
	// Score is the HoDoKu score per step, used when Step.Score is 0.
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

// Profile is a rating scale as data: the ordered rule table the solving
// loop walks (first productive rule wins) and, for score-based scales, the
// level table.
type Profile struct {
	// Name is the profile id ("se", "hodoku").
	Name string
	// Rules are tried in order; the first step of the first rule that finds
	// one is applied, then the search restarts from the first rule.
	Rules []Rule
	// Levels, if any, turn the summed score into a level (see Result.Level).
	Levels []Level
}

var (
	profMu   sync.Mutex
	profiles = map[string]func() *Profile{}
)

// RegisterProfile makes a profile available by name (ProfileByName, the
// --profile flags). Call it from an init function.
func RegisterProfile(name string, f func() *Profile) {
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
	q := &Profile{Name: p.Name, Levels: p.Levels}
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
