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
	// killer4x: sudogen batch --kind killer --size 4 --variant x
	// --hide-sums 1 -n 2 --seed 3, first line (a cage without its sum).
	killer4x = `{"v":1,"id":"x-k4-0000000","kind":"killer","size":4,"box":[2,2],"puzzle":"................","solution":"2314142341323241","rating":1.5,"tier":"easy","hardest":"cage-combination","techniques":{"cage-combination":2,"cage-single":2,"full-house":9,"hidden-single":4},"variant":"x","cages":[{"sum":5,"cells":[0,1]},{"sum":5,"cells":[2,3]},{"sum":8,"cells":[4,8,12]},{"cells":[5,6,7]},{"sum":10,"cells":[9,10,13,14]},{"sum":3,"cells":[11,15]}],"canonical":"x aabaccddefbeefbe a=?,b=7,c=5,d=5,e=10,f=7","seed":3,"index":0}`
	// killer6: docs/records.md's example (sudogen batch --kind killer
	// --size 6 --count 1 --seed 1).
	killer6 = `{"v":1,"id":"k6-0000000","kind":"killer","size":6,"box":[2,3],"puzzle":"....................................","solution":"142563653421261354534216415632326145","rating":2.0,"tier":"medium","hardest":"cage-pointing","techniques":{"cage-combination":10,"cage-pointing":2,"cage-single":3,"full-house":12,"hidden-single":18,"pointing":5},"cages":[{"sum":18,"cells":[0,1,2,6,7]},{"sum":11,"cells":[3,4]},{"sum":6,"cells":[5,10,11]},{"sum":14,"cells":[8,9,13,14]},{"sum":2,"cells":[12]},{"sum":16,"cells":[15,21,27,33,34]},{"sum":16,"cells":[16,17,22,23]},{"sum":12,"cells":[18,24,30]},{"sum":8,"cells":[19,20,25]},{"sum":13,"cells":[26,31,32]},{"sum":10,"cells":[28,29,35]}],"canonical":"abbccdeffccdefghhdeggdhdiibjjbiiikjk a=2,b=14,c=16,d=16,e=12,f=8,g=13,h=10,i=18,j=6,k=11","seed":1,"index":0}`
	// killerMany: sudogen grade of a 4x4 killer whose cages are its
	// rows (many solutions).
	killerMany = `{"v":1,"kind":"killer","size":4,"box":[2,2],"puzzle":"................","cages":[{"sum":10,"cells":[0,1,2,3]},{"sum":10,"cells":[4,5,6,7]},{"sum":10,"cells":[8,9,10,11]},{"sum":10,"cells":[12,13,14,15]}],"status":"multiple solutions"}`
	// variantCapped: sudogen grade --max-rating 2.2 of an X record.
	variantCapped = `{"v":1,"id":"x-9-0000000","kind":"variant","size":9,"box":[3,3],"puzzle":".7...5.4...........3..4..8.1...8.....8..549..5.2..7.1.................6.......5..","solution":"879365241425871639631249785164982357783154926592637814358716492247593168916428573","givens":18,"minimal":true,"symmetry":"none","rating_at_least":2.3,"ep":1.2,"ed":1.2,"tier":"beyond","hardest":"hidden-single","techniques":{"hidden-single":6},"variants":["x"],"hodoku":"classic-only","canonical":"x:.................1......2...3..4......451...671.8..3.............81..5....9.5.4..","seed":1,"index":0,"status":"above max-rating"}`
)

// samuraiFrame is a Samurai puzzle field of docs/records.md: the 21x21
// frame row by row, '#' on the unused cells (rows 0-5 and 15-20 at
// columns 9-11, rows 9-11 at columns 0-5 and 15-20), used written as
// used.
func samuraiFrame(used byte) string {
	b := make([]byte, 0, 441)
	for r := range 21 {
		for c := range 21 {
			outer := (r < 6 || r > 14) && c >= 9 && c <= 11
			middle := r >= 9 && r <= 11 && (c < 6 || c > 14)
			if outer || middle {
				b = append(b, '#')
			} else {
				b = append(b, used)
			}
		}
	}
	return string(b)
}

// samurai is a Samurai record without givens or solution (the fields the
// schema checks of its frame).
var samurai = `{"v":1,"kind":"variant","size":9,"variants":["samurai"],"puzzle":"` + samuraiFrame('.') + `"}`

// edit returns rec (a one-line JSON record) with old replaced by new
// once, failing tb when rec has no old (a case that edits nothing would
// test nothing).
func edit(tb testing.TB, rec, old, new string) string {
	tb.Helper()
	if !strings.Contains(rec, old) {
		tb.Fatalf("%q not in %s", old, rec)
	}
	return strings.Replace(rec, old, new, 1)
}

func TestSchemasAcceptRecords(t *testing.T) {
	for _, c := range []struct{ schema, rec string }{
		{"record.schema.json", sudoku9}, {"sudoku.schema.json", sudoku9}, {"grade.schema.json", sudoku9},
		{"record.schema.json", slide4}, {"slide.schema.json", slide4},
		{"record.schema.json", slide5},
		{"record.schema.json", variantX}, {"variant.schema.json", variantX}, {"record.schema.json", variantJ},
		{"record.schema.json", samurai}, {"grade.schema.json", samurai[:len(samurai)-1] + `,"status":"multiple solutions"}`},
		{"record.schema.json", killer4x}, {"killer.schema.json", killer4x}, {"record.schema.json", killer6},
		{"grade.schema.json", killer4x}, {"grade.schema.json", killer6}, {"grade.schema.json", killerMany},
		{"grade.schema.json", strings.Replace(killerMany, `multiple solutions`, `no solution`, 1)},
		// A killer the ladder cannot finish, as grade writes it (killer.Kind's
		// grader: rating_at_least, tier beyond; status beyond, no filled).
		{"grade.schema.json", strings.Replace(strings.Replace(strings.Replace(killer4x, `"rating":1.5`, `"rating_at_least":1.5`, 1), `"tier":"easy"`, `"tier":"beyond"`, 1), `"index":0}`, `"index":0,"status":"beyond"}`, 1)},
		{"grade.schema.json", variantCapped},
		// export --format jsonl keeps a capped grade line's rating_at_least.
		{"record.schema.json", strings.Replace(variantCapped, `,"status":"above max-rating"`, ``, 1)},
		{"grade.schema.json", graded},
		// A capped line has no HoDoKu level or score (docs/records.md).
		{"grade.schema.json", strings.TrimSuffix(strings.Replace(strings.Replace(sudoku9, `"rating":7.2`, `"rating_at_least":7.2`, 1), `"level":"Extreme","score":2192,`, ``, 1), "}") + `,"status":"above max-rating","filled":40}`},
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
		{"HoDoKu level without score", "sudoku.schema.json", strings.Replace(sudoku9, `,"score":2192`, ``, 1)},
		{"HoDoKu score without level", "sudoku.schema.json", strings.Replace(sudoku9, `"level":"Extreme",`, ``, 1)},
		{"HoDoKu level with rating_at_least", "sudoku.schema.json", strings.Replace(sudoku9, `"rating":7.2`, `"rating_at_least":7.2`, 1)},
		{"hardest without techniques", "sudoku.schema.json", strings.Replace(sudoku9, `"techniques":{"claiming":1,"forcing-x-chain":1,"forcing-xy-chain":6,"full-house":21,"hidden-pair":1,"hidden-single":36,"naked-pair":2,"pointing":4,"unique-rectangle":1,"xy-cycle":1,"y-cycle":1},`, ``, 1)},
		{"techniques without hardest", "sudoku.schema.json", strings.Replace(sudoku9, `"hardest":"forcing-xy-chain",`, ``, 1)},
		{"variant: techniques without hardest", "variant.schema.json", strings.Replace(variantX, `"hardest":"hidden-single",`, ``, 1)},
		{"killer: techniques without hardest", "killer.schema.json", strings.Replace(killer6, `"hardest":"cage-pointing",`, ``, 1)},
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

// TestSchemasRefuseKindRules: each rule of docs/records.md that the
// killer, variant and grade schemas state (audit A4, D2 and D4) refuses a
// real record edited to break it, and only that rule: the unedited
// record is valid (TestSchemasAcceptRecords).
func TestSchemasRefuseKindRules(t *testing.T) {
	capped := strings.Replace(variantCapped, `,"status":"above max-rating"`, ``, 1)
	killerBeyond := edit(t, edit(t, killer4x, `"rating":1.5`, `"rating_at_least":1.5`), `"tier":"easy"`, `"tier":"beyond"`)
	manyCages := strings.Repeat(`{"sum":1,"cells":[0]},`, 17)
	cases := []struct{ why, schema, rec string }{
		// killer records (killer.schema.json, through record.schema.json)
		{"killer: rating and rating_at_least", "record.schema.json", edit(t, killer4x, `"rating":1.5`, `"rating":1.5,"rating_at_least":1.5`)},
		{"killer: no box", "record.schema.json", edit(t, killer4x, `"box":[2,2],`, ``)},
		{"killer: box of another size", "record.schema.json", edit(t, killer6, `"box":[2,3]`, `"box":[3,2]`)},
		{"killer: no solution in a record", "record.schema.json", edit(t, killer4x, `"solution":"2314142341323241",`, ``)},
		{"killer: puzzle of another size", "record.schema.json", edit(t, killer6, `"puzzle":"....................................",`, `"puzzle":"................",`)},
		{"killer: symbol above the size", "record.schema.json", edit(t, killer4x, `"puzzle":"................"`, `"puzzle":"5..............."`)},
		{"killer: solution of another size", "record.schema.json", edit(t, killer4x, `"2314142341323241"`, `"23141423413232412"`)},
		{"killer: givens above the cells", "record.schema.json", edit(t, killer4x, `"puzzle":"................",`, `"puzzle":"................","givens":17,`)},
		{"killer: cage cell off the grid", "record.schema.json", edit(t, killer4x, `"cells":[11,15]`, `"cells":[11,16]`)},
		{"killer: cage of more cells than the size", "record.schema.json", edit(t, killer4x, `"cells":[9,10,13,14]`, `"cells":[9,10,13,14,15]`)},
		{"killer: sum above 1+...+size", "record.schema.json", edit(t, killer4x, `{"sum":10,`, `{"sum":11,`)},
		{"killer: more cages than cells", "record.schema.json", edit(t, killer4x, `"cages":[`, `"cages":[`+manyCages)},
		{"killer: technique id", "record.schema.json", edit(t, killer4x, `"full-house":9`, `"Full House":9`)},
		{"killer: no techniques", "record.schema.json", edit(t, killer4x, `{"cage-combination":2,"cage-single":2,"full-house":9,"hidden-single":4}`, `{}`)},
		// variant records (variant.schema.json, through record.schema.json)
		{"variant: samurai with x", "record.schema.json", edit(t, samurai, `["samurai"]`, `["samurai","x"]`)},
		{"variant: samurai frame without #", "record.schema.json", edit(t, samurai, samuraiFrame('.'), strings.Repeat(".", 441))},
		{"variant: samurai # on a used cell", "record.schema.json", edit(t, samurai, `"puzzle":".`, `"puzzle":"#`)},
		{"variant: samurai unused cell not #", "record.schema.json", edit(t, samurai, `###`, `.##`)},
		{"variant: samurai of another length", "record.schema.json", edit(t, samurai, samuraiFrame('.'), samuraiFrame('.')+".")},
		{"variant: samurai givens above its cells", "record.schema.json", edit(t, samurai, `"variants"`, `"givens":370,"variants"`)},
		{"variant: samurai canonical of another length", "record.schema.json", edit(t, samurai, `"variants"`, `"canonical":"samurai:`+strings.Repeat(".", 368)+`","variants"`)},
		{"variant: jigsaw with disjoint-groups", "record.schema.json", edit(t, variantJ, `["jigsaw"]`, `["disjoint-groups","jigsaw"]`)},
		{"variant: windoku on 4x4", "record.schema.json", edit(t, variantX, `["x"]`, `["windoku","x"]`)},
		{"variant: center-dot on 4x4", "record.schema.json", edit(t, variantX, `["x"]`, `["center-dot"]`)},
		{"variant: x without box", "record.schema.json", edit(t, variantX, `"box":[2,2],`, ``)},
		{"variant: box of another size", "record.schema.json", edit(t, variantX, `"box":[2,2]`, `"box":[3,3]`)},
		{"variant: puzzle of another size", "record.schema.json", edit(t, variantX, `"puzzle":"1..............4"`, `"puzzle":"1..............4."`)},
		{"variant: symbol above the size", "record.schema.json", edit(t, variantX, `"puzzle":"1..............4"`, `"puzzle":"5..............4"`)},
		{"variant: solution of another size", "record.schema.json", edit(t, variantX, `"1342241331244231"`, `"134224133124423"`)},
		{"variant: givens above the cells", "record.schema.json", edit(t, variantX, `"givens":2`, `"givens":17`)},
		{"variant: jigsaw regions of another size", "record.schema.json", edit(t, variantJ, `"regions":"1122112233443344"`, `"regions":"112211223344334"`)},
		{"variant: jigsaw region above the size", "record.schema.json", edit(t, variantJ, `"regions":"1122112233443344"`, `"regions":"1122112233443345"`)},
		{"variant: canonical of another size", "record.schema.json", edit(t, variantX, `"x:1..............2"`, `"x:1...............2"`)},
		// grade lines (grade.schema.json)
		{"grade: killer fields checked", "grade.schema.json", edit(t, killer4x, `"cells":[11,15]`, `"cells":[11,16]`)},
		{"grade: killer with filled", "grade.schema.json", edit(t, killerBeyond, `"index":0}`, `"index":0,"status":"beyond","filled":9}`)},
		{"grade: killer rating_at_least without beyond", "grade.schema.json", killerBeyond},
		{"grade: killer rating_at_least above max-rating", "grade.schema.json", edit(t, killerBeyond, `"index":0}`, `"index":0,"status":"above max-rating"}`)},
		{"grade: variant rating_at_least without status", "grade.schema.json", capped},
		{"grade: variant rating_at_least, status beyond", "grade.schema.json", edit(t, variantCapped, `above max-rating`, `beyond`)},
		{"grade: variant with filled", "grade.schema.json", edit(t, variantCapped, `"status"`, `"filled":30,"status"`)},
		{"grade: filled with status no solution", "grade.schema.json", edit(t, graded, `"status":"multiple solutions"`, `"status":"no solution","filled":3`)},
		{"grade: solution on a multiple-solutions line", "grade.schema.json", edit(t, killerMany, `"cages"`, `"solution":"1234341221434321","cages"`)},
		{"grade: grading on a multiple-solutions line", "grade.schema.json", edit(t, graded, `"givens":1,`, `"givens":1,"tier":"easy",`)},
		{"grade: canonical on a no-solution line", "grade.schema.json", edit(t, edit(t, killerMany, `multiple solutions`, `no solution`), `"cages"`, `"canonical":"abcd a=1,b=2,c=3,d=4","cages"`)},
		{"grade: graded line without solution", "grade.schema.json", edit(t, killer4x, `"solution":"2314142341323241",`, ``)},
		{"grade: slide record", "grade.schema.json", slide4},
	}
	for _, c := range cases {
		if err := schematest.Validate(c.schema, []byte(c.rec)); err == nil {
			t.Errorf("%s: %s accepts %s", c.why, c.schema, c.rec)
		}
	}
}
