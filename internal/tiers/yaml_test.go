package tiers

import (
	"testing"

	"go.yaml.in/yaml/v3"
)

// TestYAMLError: the YAML library's errors as one line naming the file
// and line, for syntax errors and values of the wrong type.
func TestYAMLError(t *testing.T) {
	var v struct{ A, B int }
	for _, c := range []struct {
		doc  string
		into any
		want string
	}{
		{"x: [\n", &yaml.Node{}, "t.yaml:1: did not find expected node content (not valid YAML)"},
		{"a:\n\tb: 1\n", &yaml.Node{}, "t.yaml:2: found character that cannot start any token (not valid YAML)"},
		{"a: x\n", &v, "t.yaml:1: cannot unmarshal !!str `x` into int"},
		{"a: x\nb: y\n", &v, "t.yaml:1: cannot unmarshal !!str `x` into int (and 1 more)"},
	} {
		err := yaml.Unmarshal([]byte(c.doc), c.into)
		if err == nil {
			t.Fatalf("%q: no error", c.doc)
		}
		if got := YAMLError("t.yaml", err).Error(); got != c.want {
			t.Errorf("%q: %q, want %q", c.doc, got, c.want)
		}
	}
}
