package grade

import (
	"errors"
	"fmt"
	"math"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/sudogen/sudogen/configs"
	"github.com/sudogen/sudogen/internal/tiers"
)

// Tier is one named band of ratings, Min and Max inclusive (Max is +Inf
// for "and up").
type Tier struct {
	Name     string
	Min, Max float64
}

// Tiers is a tier table on the SE rating (ER): bands in increasing order
// without gaps or overlaps, plus the name given to puzzles the grader
// cannot finish.
type Tiers struct {
	Scale  string
	Bands  []Tier
	Beyond string
}

// DefaultTiers returns the table shipped in configs/tiers.yaml.
func DefaultTiers() *Tiers {
	data, err := configs.Read("tiers.yaml")
	if err != nil {
		panic("grade: embedded tiers.yaml missing: " + err.Error())
	}
	t, err := ParseTiers(data, "tiers.yaml")
	if err != nil {
		panic("grade: embedded tiers.yaml: " + err.Error())
	}
	return t
}

// LoadTiers reads a tier table from a YAML file (its "sudoku:" section,
// SudokuSection).
func LoadTiers(path string) (*Tiers, error) {
	return LoadTiersSection(path, SudokuSection)
}

// LoadTiersSection reads the tier table of a YAML file's section (a
// kind's name: the kind names the section its table is read from).
func LoadTiersSection(path, section string) (*Tiers, error) {
	data, err := configs.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return ParseTiersSection(data, path, section)
}

// SudokuSection is the section of the SE scale's tier table that
// LoadTiers, ParseTiers and DefaultTiers read: classic Sudoku's kind
// name, the kind whose table it is.
const SudokuSection = "sudoku"

// ParseTiers reads the "sudoku:" section of a YAML tier file; name is used
// in error messages ("name:line: ..."). Other top-level keys are ignored.
func ParseTiers(data []byte, name string) (*Tiers, error) {
	return ParseTiersSection(data, name, SudokuSection)
}

// ParseTiersSection reads the tier table of section (a table on the SE
// scale, laid out as configs/tiers.yaml's "sudoku:") of a YAML tier file;
// name is used in error messages. Other top-level keys are ignored.
func ParseTiersSection(data []byte, name, section string) (*Tiers, error) {
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return nil, tiers.YAMLError(name, err)
	}
	if len(doc.Content) == 0 || doc.Content[0].Kind != yaml.MappingNode {
		return nil, fmt.Errorf("%s: expected a mapping with a \"%s:\" section", name, section)
	}
	root := doc.Content[0]
	var sec *yaml.Node
	for i := 0; i+1 < len(root.Content); i += 2 {
		if root.Content[i].Value == section {
			sec = root.Content[i+1]
		}
	}
	if sec == nil {
		return nil, fmt.Errorf("%s: no \"%s:\" section", name, section)
	}
	at := func(n *yaml.Node, format string, a ...any) error {
		return fmt.Errorf("%s:%d: %s", name, n.Line, fmt.Sprintf(format, a...))
	}
	if sec.Kind != yaml.MappingNode {
		return nil, at(sec, "%s: expected a mapping with scale, beyond and tiers", section)
	}
	t := &Tiers{Scale: "se", Beyond: "beyond"}
	var list *yaml.Node
	for i := 0; i+1 < len(sec.Content); i += 2 {
		k, v := sec.Content[i], sec.Content[i+1]
		switch k.Value {
		case "scale":
			if v.Value != "se" {
				return nil, at(v, "scale %q: only \"se\" (the SE rating) is supported", v.Value)
			}
		case "beyond":
			if strings.TrimSpace(v.Value) == "" {
				return nil, at(v, "beyond: expected a tier name")
			}
			t.Beyond = v.Value
		case "tiers":
			list = v
		default:
			return nil, at(k, "unknown key %q in %s: expected scale, beyond or tiers", k.Value, section)
		}
	}
	if list == nil || list.Kind != yaml.SequenceNode || len(list.Content) == 0 {
		return nil, at(sec, "%s: expected a non-empty \"tiers:\" list", section)
	}
	lines := make([]int, 0, len(list.Content))
	for _, item := range list.Content {
		var raw struct {
			Name string   `yaml:"name"`
			Min  *float64 `yaml:"min"`
			Max  *float64 `yaml:"max"`
		}
		if item.Kind == yaml.MappingNode {
			// a key the table does not know is a typo ("mx: 3"), not a
			// tier without a max; a bound must be a number
			for i := 0; i+1 < len(item.Content); i += 2 {
				k, v := item.Content[i], item.Content[i+1]
				switch k.Value {
				case "name":
				case "min", "max":
					if v.Kind != yaml.ScalarNode || v.Tag != "!!int" && v.Tag != "!!float" {
						return nil, at(v, "tier: %s %q is not a number", k.Value, v.Value)
					}
				default:
					return nil, at(k, "tier: unknown key %q (expected name, min and optional max)", k.Value)
				}
			}
		}
		if err := item.Decode(&raw); err != nil {
			return nil, fmt.Errorf("%v (a tier: expected name, min and optional max)", tiers.YAMLError(name, err))
		}
		if raw.Name == "" || raw.Min == nil {
			return nil, at(item, "tier: expected a name and a min")
		}
		b := Tier{Name: raw.Name, Min: *raw.Min, Max: math.Inf(1)}
		if raw.Max != nil {
			b.Max = *raw.Max
		}
		if math.IsNaN(b.Min) || math.IsNaN(b.Max) {
			return nil, at(item, "tier %s: min and max must be numbers, not NaN", b.Name)
		}
		for _, x := range []float64{b.Min, b.Max} {
			// ratings have one decimal: a bound between two (max 3.05,
			// the next min 3.15) would leave 3.1 in no tier
			if !math.IsInf(x, 0) && math.Abs(x*10-math.Round(x*10)) > 1e-6 {
				return nil, at(item, "tier %s: %v has more than one decimal; ratings have one (%.1f or %.1f?)", b.Name, x, math.Floor(x*10)/10, math.Ceil(x*10)/10)
			}
		}
		if b.Max < b.Min {
			return nil, at(item, "tier %s: max %.1f is below min %.1f", b.Name, b.Max, b.Min)
		}
		for _, o := range t.Bands {
			if o.Name == b.Name {
				return nil, at(item, "tier %s: name used twice", b.Name)
			}
		}
		if b.Name == t.Beyond {
			return nil, at(item, "tier %s: the name is reserved for unfinished puzzles (beyond)", b.Name)
		}
		if n := len(t.Bands); n > 0 {
			p := t.Bands[n-1]
			switch {
			case math.IsInf(p.Max, 1) || b.Min <= p.Max+1e-9:
				return nil, at(item, "tier %s (min %.1f) overlaps tier %s (line %d, max %s)", b.Name, b.Min, p.Name, lines[n-1], fmtMax(p.Max))
			case b.Min > p.Max+0.1+1e-9:
				return nil, at(item, "gap between tier %s (max %.1f) and tier %s (min %.1f): ratings %.1f-%.1f have no tier; expected min %.1f", p.Name, p.Max, b.Name, b.Min, p.Max+0.1, b.Min-0.1, p.Max+0.1)
			}
		}
		t.Bands = append(t.Bands, b)
		lines = append(lines, item.Line)
	}
	return t, nil
}

func fmtMax(x float64) string {
	if math.IsInf(x, 1) {
		return "none"
	}
	return fmt.Sprintf("%.1f", x)
}

// Of returns the tier of a rating (rounded ER) of a finished puzzle, or ""
// when no band holds it.
func (t *Tiers) Of(rating float64) string {
	for _, b := range t.Bands {
		if rating >= b.Min-1e-9 && rating <= b.Max+1e-9 {
			return b.Name
		}
	}
	return ""
}

// OfResult returns the tier of a grading result: Beyond when the grader
// could not finish the puzzle, else the band of its rounded ER.
func (t *Tiers) OfResult(r *Result) string {
	if !r.Solved {
		return t.Beyond
	}
	return t.Of(r.Rating())
}

// Names lists the tier names in order, then the beyond name.
func (t *Tiers) Names() []string {
	out := make([]string, 0, len(t.Bands)+1)
	for _, b := range t.Bands {
		out = append(out, b.Name)
	}
	return append(out, t.Beyond)
}

// ParseSelection reads a --tier value: comma-separated tier names, or
// "any" (or empty) for all. It returns nil for "any".
func (t *Tiers) ParseSelection(s string) (map[string]bool, error) {
	s = strings.TrimSpace(s)
	if s == "" || s == "any" {
		return nil, nil
	}
	sel := map[string]bool{}
	for _, name := range strings.Split(s, ",") {
		name = strings.TrimSpace(name)
		if name == "any" {
			return nil, nil
		}
		ok := false
		for _, n := range t.Names() {
			if n == name {
				ok = true
			}
		}
		if !ok {
			return nil, errors.New("unknown tier " + fmt.Sprintf("%q", name) + ": expected any or one of " + strings.Join(t.Names(), ", "))
		}
		sel[name] = true
	}
	return sel, nil
}
