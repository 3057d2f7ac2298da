package schema_test

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/sudogen/sudogen/schema"
)

// Load every file of FS under BaseURI into one compiler (they reference
// each other), compile record.schema.json and validate a record line.
func Example() {
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	for _, name := range schema.Files {
		b, err := schema.FS.ReadFile(name)
		if err != nil {
			fmt.Println(err)
			return
		}
		doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(b))
		if err == nil {
			err = c.AddResource(schema.BaseURI+name, doc)
		}
		if err != nil {
			fmt.Println(name, err)
			return
		}
	}
	record, err := c.Compile(schema.BaseURI + "record.schema.json")
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, line := range []string{
		`{"v":1,"kind":"slide","size":3,"solution":"L","tiles":[1,2,3,4,5,6,7,0,8],"goal":"blank-last","move_piece":"blank","optimal":1,"tier":"easy","seed":1,"index":0}`,
		`{"v":1,"kind":"sudoku","size":9}`,
	} {
		inst, err := jsonschema.UnmarshalJSON(strings.NewReader(line))
		if err == nil {
			err = record.Validate(inst)
		}
		fmt.Println("valid:", err == nil)
	}
	// Output:
	// valid: true
	// valid: false
}
