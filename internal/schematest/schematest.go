// Package schematest validates records against the JSON Schemas of package
// schema, for tests. It is the only user of the JSON Schema library
// (github.com/santhosh-tekuri/jsonschema/v6), and only tests import it, so
// the library is never linked into sudogen itself.
package schematest

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"sync"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/sudogen/sudogen/schema"
)

var (
	once     sync.Once
	compiled map[string]*jsonschema.Schema
	errLoad  error
)

// load compiles every schema file once.
func load() (map[string]*jsonschema.Schema, error) {
	once.Do(func() {
		c := jsonschema.NewCompiler()
		c.DefaultDraft(jsonschema.Draft2020)
		for _, name := range schema.Files {
			b, err := schema.FS.ReadFile(name)
			if err != nil {
				errLoad = err
				return
			}
			doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(b))
			if err != nil {
				errLoad = fmt.Errorf("%s: %v", name, err)
				return
			}
			if err := c.AddResource(schema.BaseURI+name, doc); err != nil {
				errLoad = fmt.Errorf("%s: %v", name, err)
				return
			}
		}
		compiled = map[string]*jsonschema.Schema{}
		for _, name := range schema.Files {
			s, err := c.Compile(schema.BaseURI + name)
			if err != nil {
				errLoad = fmt.Errorf("%s: %v", name, err)
				return
			}
			compiled[name] = s
		}
	})
	return compiled, errLoad
}

// Validate checks one JSON text against the schema file name (e.g.
// "record.schema.json").
func Validate(name string, line []byte) error {
	schemas, err := load()
	if err != nil {
		return err
	}
	s := schemas[name]
	if s == nil {
		return fmt.Errorf("no schema %s", name)
	}
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(line))
	if err != nil {
		return err
	}
	return s.Validate(inst)
}

// Lines validates every non-empty line of r against the schema file name
// and returns how many there were; a line that fails (or none at all)
// fails tb, naming what and the line.
func Lines(tb testing.TB, what, name string, r io.Reader) int {
	tb.Helper()
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 16<<20)
	n := 0
	for sc.Scan() {
		line := bytes.TrimSpace(sc.Bytes())
		if len(line) == 0 {
			continue
		}
		n++
		if err := Validate(name, line); err != nil {
			tb.Fatalf("%s, line %d: not valid against %s:\n%s\n%v", what, n, name, line, err)
		}
	}
	if err := sc.Err(); err != nil {
		tb.Fatal(err)
	}
	if n == 0 {
		tb.Fatalf("%s: no records to validate", what)
	}
	return n
}
