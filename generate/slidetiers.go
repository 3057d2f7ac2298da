package generate

import (
	"errors"
	"fmt"
	"io/fs"
	"sort"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/sudogen/sudogen/configs"
	"github.com/sudogen/sudogen/internal/tiers"
)

// SlideTier is one difficulty band of sliding puzzles: boards whose
// optimal length (for 5x5 without --exact: proven lower bound) lies in
// [Min, Max].
type SlideTier struct {
	Name string `yaml:"name"`
	Min  int    `yaml:"min"`
	Max  int    `yaml:"max"`
}

// SlideTiers holds the tiers of each board width, ordered by length.
type SlideTiers map[int][]SlideTier

// DefaultSlideTiers returns the built-in tiers (the values shipped in
// configs/tiers.yaml under "slide:").
func DefaultSlideTiers() SlideTiers {
	return SlideTiers{
		3: {{"easy", 0, 14}, {"medium", 15, 20}, {"hard", 21, 25}, {"expert", 26, 31}},
		4: {{"easy", 0, 35}, {"medium", 36, 45}, {"hard", 46, 55}, {"expert", 56, 65}, {"extreme", 66, 80}},
		5: {{"easy", 0, 60}, {"medium", 61, 75}, {"hard", 76, 90}, {"expert", 91, 105}, {"extreme", 106, 208}},
	}
}

// ParseSlideTiers reads the "slide:" section of a tiers YAML document:
//
//	slide:
//	  4:
//	    - {name: easy, min: 0, max: 35}
//	    - {name: medium, min: 36, max: 45}
//
// Widths missing from the section keep their defaults; a document without
// the section gives the defaults. name is used in error messages.
func ParseSlideTiers(data []byte, name string) (SlideTiers, error) {
	var doc struct {
		Slide map[int][]SlideTier `yaml:"slide"`
	}
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return nil, tiers.YAMLError(name, err)
	}
	out := DefaultSlideTiers()
	for w, tiers := range doc.Slide {
		if w < 3 || w > 5 {
			return nil, fmt.Errorf("%s: slide size %d: want 3, 4 or 5", name, w)
		}
		ts := append([]SlideTier(nil), tiers...)
		sort.Slice(ts, func(i, j int) bool { return ts[i].Min < ts[j].Min })
		seen := map[string]bool{}
		for i, t := range ts {
			switch {
			case t.Name == "" || t.Name == "any":
				return nil, fmt.Errorf("%s: slide size %d: tier %d needs a name other than %q", name, w, i+1, t.Name)
			case seen[t.Name]:
				return nil, fmt.Errorf("%s: slide size %d: tier %q listed twice", name, w, t.Name)
			case t.Min < 0 || t.Max < t.Min:
				return nil, fmt.Errorf("%s: slide size %d: tier %q has min %d, max %d; want 0 <= min <= max", name, w, t.Name, t.Min, t.Max)
			case i > 0 && t.Min <= ts[i-1].Max:
				return nil, fmt.Errorf("%s: slide size %d: tiers %q and %q overlap", name, w, ts[i-1].Name, t.Name)
			}
			seen[t.Name] = true
		}
		out[w] = ts
	}
	return out, nil
}

// LoadSlideTiers reads the slide tiers from path, or from the embedded
// configs/tiers.yaml when path is "" (defaults if that file has no slide
// section or does not exist).
func LoadSlideTiers(path string) (SlideTiers, error) {
	if path == "" {
		data, err := configs.Read("tiers.yaml")
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) {
				return DefaultSlideTiers(), nil
			}
			return nil, err
		}
		return ParseSlideTiers(data, "configs/tiers.yaml")
	}
	data, err := configs.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return ParseSlideTiers(data, path)
}

// Of returns the tier of a board of width w whose length is n, or "" when
// no tier covers n.
func (t SlideTiers) Of(w, n int) string {
	for _, x := range t[w] {
		if n >= x.Min && n <= x.Max {
			return x.Name
		}
	}
	return ""
}

// Find returns the tier called name for width w.
func (t SlideTiers) Find(w int, name string) (SlideTier, error) {
	for _, x := range t[w] {
		if x.Name == name {
			return x, nil
		}
	}
	var names []string
	for _, x := range t[w] {
		names = append(names, x.Name)
	}
	return SlideTier{}, fmt.Errorf("no slide tier %q for %dx%d: expected any or one of %s", name, w, w, strings.Join(names, ", "))
}
