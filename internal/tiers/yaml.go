package tiers

import (
	"errors"
	"fmt"
	"regexp"
	"strings"

	"go.yaml.in/yaml/v3"
)

// yamlLine matches the YAML library's messages that name a line: "yaml:
// line N: what" (syntax) and "line N: what" (each of a TypeError's).
var yamlLine = regexp.MustCompile(`^(?:yaml: )?line (\d+): (.*)$`)

// YAMLError gives an error of the YAML library reading the tier file
// name as one line in the project's form: "name:LINE: what" when the
// library names a line (a syntax error says "(not valid YAML)"; of a
// value of the wrong type, the first is given and how many more there
// are), else "name: what". The library's own form ("yaml: line 1: did
// not find expected node content") named no file, and its type errors
// took several lines.
func YAMLError(name string, err error) error {
	var te *yaml.TypeError
	if errors.As(err, &te) && len(te.Errors) > 0 {
		more := ""
		if n := len(te.Errors) - 1; n > 0 {
			more = fmt.Sprintf(" (and %d more)", n)
		}
		if m := yamlLine.FindStringSubmatch(te.Errors[0]); m != nil {
			return fmt.Errorf("%s:%s: %s%s", name, m[1], m[2], more)
		}
		return fmt.Errorf("%s: %s%s", name, te.Errors[0], more)
	}
	msg := err.Error()
	if m := yamlLine.FindStringSubmatch(msg); m != nil {
		return fmt.Errorf("%s:%s: %s (not valid YAML)", name, m[1], m[2])
	}
	return fmt.Errorf("%s: %s", name, strings.TrimPrefix(msg, "yaml: "))
}
