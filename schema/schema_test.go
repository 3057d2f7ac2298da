package schema_test

import (
	"strings"
	"testing"

	"github.com/sudogen/sudogen/internal/schematest"
)

// Good records of every kind and shape of field, as the encoder writes
// them (docs/records.md examples).
const (
	sudoku9  = `{"v":1,"id":"s9-0000001","kind":"sudoku","size":9,"box":[3,3],"puzzle":".47..19..5..2....3..83...4.8...........1...6......2.89.76...........42...2....31.","solution":"347861925561249873298375641819456732732198564654732189176523498983614257425987316","givens":23,"minimal":true,"symmetry":"none","rating":7.2,"ep":1.2,"ed":1.2,"tier":"extreme","hardest":"forcing-xy-chain","techniques":{"claiming":1,"forcing-x-chain":1,"forcing-xy-chain":6,"full-house":21,"hidden-pair":1,"hidden-single":36,"naked-pair":2,"pointing":4,"unique-rectangle":1,"xy-cycle":1,"y-cycle":1},"level":"Extreme","score":2192,"canonical":"..............1.23..4.2.1......5..3..1..67..4.32...5.....6...8.7.....9.692....4..","seed":1,"index":1}`
	slide4   = `{"v":1,"id":"slide4-0000000","kind":"slide","size":4,"solution":"URRRDLLDDRRUULULDDRRULLDLUURDDDLURDRULLUURRDDLLDRRR","tier":"hard","tiles":[9,10,2,8,0,12,14,4,6,5,1,15,7,3,11,13],"goal":"blank-last","optimal":51,"move_piece":"blank","canonical":"306A7F29581BEDC4","seed":7,"index":0}`
	slide5   = `{"v":1,"id":"slide5-0000003","kind":"slide","size":5,"solution":"RRDD","tier":"easy","tiles":[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,0],"goal":"blank-last","move_piece":"blank","length":4,"lower_bound":2,"exact":false,"seed":7,"index":3}`
	variantX = `{"v":1,"id":"x-4-0000000","kind":"variant","size":4,"box":[2,2],"puzzle":"1..............4","solution":"1342241331244231","givens":2,"minimal":true,"symmetry":"none","rating":1.2,"ep":1.2,"ed":1.2,"tier":"easy","hardest":"hidden-single","techniques":{"hidden-single":14},"variants":["x"],"hodoku":"classic-only","canonical":"x:1..............2","seed":1,"index":0}`
	variantJ = `{"v":1,"id":"jigsaw-4-0000001","kind":"variant","size":4,"puzzle":"1...............","givens":1,"variants":["jigsaw"],"regions":"1122112233443344","canonical":"jigsaw:1122112233443344:1...............","seed":1,"index":1}`
	graded   = `{"v":1,"kind":"sudoku","size":4,"box":[2,2],"puzzle":"1...............","givens":1,"status":"multiple solutions"}`
)

func TestSchemasAcceptRecords(t *testing.T) {
	for _, c := range []struct{ schema, rec string }{
		{"record.schema.json", sudoku9}, {"sudoku.schema.json", sudoku9}, {"grade.schema.json", sudoku9},
		{"record.schema.json", slide4}, {"slide.schema.json", slide4},
		{"record.schema.json", slide5},
		{"record.schema.json", variantX}, {"variant.schema.json", variantX}, {"record.schema.json", variantJ},
		{"record.schema.json", `{"v":1,"kind":"variant","size":9,"variants":["samurai"],"puzzle":"` + strings.Repeat("#", 441) + `"}`},
		{"grade.schema.json", graded},
		{"grade.schema.json", strings.TrimSuffix(strings.Replace(sudoku9, `"rating":7.2`, `"rating_at_least":7.2`, 1), "}") + `,"status":"above max-rating","filled":40}`},
		{"record.schema.json", `{"v":1,"kind":"sudoku","size":16,"box":[4,4],"puzzle":"` + strings.Repeat("G.", 128) + `"}`},
		{"record.schema.json", `{"v":1,"kind":"sudoku","size":25,"box":[5,5],"puzzle":"` + strings.Repeat("P", 625) + `","seed":9007199254740991,"index":0}`},
	} {
		if err := schematest.Validate(c.schema, []byte(c.rec)); err != nil {
			t.Errorf("%s refuses %s: %v", c.schema, c.rec, err)
		}
	}
}

// TestSchemasRefuse: each schema rule bites (a schema that accepts
// anything would pass the test above).
func TestSchemasRefuse(t *testing.T) {
	cases := []struct{ why, schema, rec string }{
		{"no v", "record.schema.json", strings.Replace(sudoku9, `"v":1,`, ``, 1)},
		{"variant without variants", "record.schema.json", strings.Replace(variantX, `"variants":["x"],`, ``, 1)},
		{"unknown variant", "record.schema.json", strings.Replace(variantX, `["x"]`, `["zigzag"]`, 1)},
		{"variant repeated", "record.schema.json", strings.Replace(variantX, `["x"]`, `["x","x"]`, 1)},
		{"jigsaw without regions", "record.schema.json", strings.Replace(variantJ, `"regions":"1122112233443344",`, ``, 1)},
		{"jigsaw with a box", "record.schema.json", strings.Replace(variantJ, `"size":4,`, `"size":4,"box":[2,2],`, 1)},
		{"regions without jigsaw", "record.schema.json", strings.Replace(variantX, `"variants":["x"],`, `"variants":["x"],"regions":"1122112233443344",`, 1)},
		{"HoDoKu level on a variant", "record.schema.json", strings.Replace(variantX, `"hodoku":"classic-only",`, `"level":"Easy",`, 1)},
		{"short samurai", "record.schema.json", `{"v":1,"kind":"variant","size":9,"variants":["samurai"],"puzzle":"` + strings.Repeat("#", 81) + `"}`},
		{"v 2", "record.schema.json", strings.Replace(sudoku9, `"v":1`, `"v":2`, 1)},
		{"unknown kind", "record.schema.json", strings.Replace(sudoku9, `"sudoku"`, `"kakuro"`, 1)},
		{"unknown field", "record.schema.json", strings.Replace(sudoku9, `"v":1,`, `"v":1,"colour":"red",`, 1)},
		{"grade's status in a record", "record.schema.json", strings.Replace(sudoku9, `"v":1,`, `"v":1,"status":"beyond",`, 1)},
		{"short puzzle", "sudoku.schema.json", strings.Replace(sudoku9, `".47..`, `".47.`, 1)},
		{"0 for empty", "sudoku.schema.json", strings.Replace(sudoku9, `".47..`, `"047..`, 1)},
		{"symbol above the size", "sudoku.schema.json", `{"v":1,"kind":"sudoku","size":4,"box":[2,2],"puzzle":"5..............."}`},
		{"box of another size", "sudoku.schema.json", strings.Replace(sudoku9, `"box":[3,3]`, `"box":[2,3]`, 1)},
		{"unsupported size", "sudoku.schema.json", strings.Replace(sudoku9, `"size":9`, `"size":10`, 1)},
		{"rating and rating_at_least", "sudoku.schema.json", strings.Replace(sudoku9, `"ep":`, `"rating_at_least":7.0,"ep":`, 1)},
		{"rating above 20", "sudoku.schema.json", strings.Replace(sudoku9, `"rating":7.2`, `"rating":20.5`, 1)},
		{"rating as a string", "sudoku.schema.json", strings.Replace(sudoku9, `"rating":7.2`, `"rating":"7.2"`, 1)},
		{"seed above 2^53-1", "sudoku.schema.json", strings.Replace(sudoku9, `"seed":1`, `"seed":9007199254740992`, 1)},
		{"seed as a string", "sudoku.schema.json", strings.Replace(sudoku9, `"seed":1`, `"seed":"1"`, 1)},
		{"seed without index", "sudoku.schema.json", strings.Replace(sudoku9, `,"index":1`, ``, 1)},
		{"bad technique id", "sudoku.schema.json", strings.Replace(sudoku9, `"claiming":1`, `"Claiming":1`, 1)},
		{"zero steps", "sudoku.schema.json", strings.Replace(sudoku9, `"claiming":1`, `"claiming":0`, 1)},
		{"HoDoKu level", "sudoku.schema.json", strings.Replace(sudoku9, `"Extreme"`, `"Fiendish"`, 1)},
		{"givens above cells", "sudoku.schema.json", strings.Replace(sudoku9, `"givens":23`, `"givens":82`, 1)},
		{"slide: old field name", "slide.schema.json", strings.Replace(slide4, `"move_piece"`, `"moves"`, 1)},
		{"slide: repeated tile", "slide.schema.json", strings.Replace(slide4, `[9,10,`, `[10,10,`, 1)},
		{"slide: tile count", "slide.schema.json", strings.Replace(slide4, `[9,10,`, `[9,`, 1)},
		{"slide: tile out of range", "slide.schema.json", strings.Replace(slide4, `[9,10,`, `[9,16,`, 1)},
		{"slide: move letter", "slide.schema.json", strings.Replace(slide4, `"URRR`, `"XRRR`, 1)},
		{"slide: optimal and length", "slide.schema.json", strings.Replace(slide5, `"length":4`, `"optimal":4,"length":4`, 1)},
		{"slide: length alone", "slide.schema.json", strings.Replace(slide5, `,"lower_bound":2,"exact":false`, ``, 1)},
		{"slide: goal", "slide.schema.json", strings.Replace(slide4, `"blank-last"`, `"blank-first"`, 1)},
		{"slide: sudoku field", "record.schema.json", strings.Replace(slide4, `"v":1,`, `"v":1,"rating":2.0,`, 1)},
		{"grade: unknown status", "grade.schema.json", strings.Replace(graded, `multiple solutions`, `odd`, 1)},
		{"grade: filled alone", "grade.schema.json", strings.Replace(graded, `,"status":"multiple solutions"`, `,"filled":3`, 1)},
	}
	for _, c := range cases {
		if err := schematest.Validate(c.schema, []byte(c.rec)); err == nil {
			t.Errorf("%s: %s accepts %s", c.why, c.schema, c.rec)
		}
	}
}
