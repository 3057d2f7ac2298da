// Package configs embeds the YAML configuration files that ship with
// sudogen (book presets, tier tables, example batch configs), so the binary
// works without the source tree. Users can still point a flag at their own
// file; these are the defaults.
package configs

import "embed"

// FS holds every *.yaml file of this folder, by base name (e.g.
// "presets.yaml").
//
//go:embed *.yaml
var FS embed.FS

// Read returns the embedded file name (e.g. "presets.yaml").
func Read(name string) ([]byte, error) { return FS.ReadFile(name) }
