package export

import (
	"bytes"
	"fmt"
	"sort"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/sudogen/sudogen/configs"
)

// Preset is one named set of book settings from configs/presets.yaml. A nil
// field leaves the option as it was.
type Preset struct {
	Page       *string  `yaml:"page"`
	PerPage    *int     `yaml:"per-page"`
	Margin     *float64 `yaml:"margin"`
	Gutter     *string  `yaml:"gutter"`
	Bleed      *float64 `yaml:"bleed"`
	LargePrint *bool    `yaml:"large-print"`
	Solutions  *string  `yaml:"solutions"`
	Title      *string  `yaml:"title"`
	Subtitle   *string  `yaml:"subtitle"`
	MaxPages   *int     `yaml:"max-pages"`
	IDs        *bool    `yaml:"ids"`
	Paper      *string  `yaml:"paper"`
	Lang       *string  `yaml:"lang"`
}

type presetFile struct {
	Presets map[string]Preset `yaml:"presets"`
}

// LoadPresets reads the book presets embedded from configs/presets.yaml.
func LoadPresets() (map[string]Preset, error) {
	data, err := configs.Read("presets.yaml")
	if err != nil {
		return nil, fmt.Errorf("presets: %v", err)
	}
	return parsePresets(data, "presets.yaml")
}

// parsePresets reads a presets file; name is used in error messages.
func parsePresets(data []byte, name string) (map[string]Preset, error) {
	var f presetFile
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := dec.Decode(&f); err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	for n, p := range f.Presets {
		o := DefaultBookOptions()
		if err := o.Apply(p); err != nil {
			return nil, fmt.Errorf("%s: preset %s: %v", name, n, err)
		}
		if err := o.Check(); err != nil {
			return nil, fmt.Errorf("%s: preset %s: %v", name, n, err)
		}
	}
	return f.Presets, nil
}

// PresetByName returns the embedded preset called name, or an error that
// lists the known names.
func PresetByName(name string) (Preset, error) {
	all, err := LoadPresets()
	if err != nil {
		return Preset{}, err
	}
	p, ok := all[name]
	if !ok {
		names := make([]string, 0, len(all))
		for n := range all {
			names = append(names, n)
		}
		sort.Strings(names)
		return Preset{}, fmt.Errorf("unknown preset %q: expected one of %s", name, strings.Join(names, ", "))
	}
	return p, nil
}

// Apply sets every option the preset names.
func (o *BookOptions) Apply(p Preset) error {
	if p.Page != nil {
		o.Page = *p.Page
	}
	if p.PerPage != nil {
		o.PerPage = *p.PerPage
	}
	if p.Margin != nil {
		o.Margin = *p.Margin
	}
	if p.Gutter != nil {
		if err := o.SetGutter(*p.Gutter); err != nil {
			return err
		}
	}
	if p.Bleed != nil {
		o.Bleed = *p.Bleed
	}
	if p.LargePrint != nil {
		o.LargePrint = *p.LargePrint
	}
	if p.Solutions != nil {
		o.Solutions = *p.Solutions
	}
	if p.Title != nil {
		o.Title = *p.Title
	}
	if p.Subtitle != nil {
		o.Subtitle = *p.Subtitle
	}
	if p.MaxPages != nil {
		o.MaxPages = *p.MaxPages
	}
	if p.IDs != nil {
		o.IDs = *p.IDs
	}
	if p.Paper != nil {
		o.Paper = *p.Paper
	}
	if p.Lang != nil {
		o.Lang = *p.Lang
	}
	return nil
}
