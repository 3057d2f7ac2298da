package export

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

// Lines written by sudogen batch (main at 99d13df: --kind killer --size 4
// --seed 1; --variant x --seed 1; --variant jigsaw --seed 2), of kinds
// this package does not register (killer and variantkind do: export's
// tests import neither).
const (
	cliKiller4  = `{"v":1,"id":"k4-0000000","kind":"killer","size":4,"box":[2,2],"puzzle":"................","solution":"1234341243212143","rating":1.5,"tier":"easy","hardest":"cage-combination","techniques":{"cage-combination":4,"cage-single":2,"full-house":8,"hidden-single":2},"cages":[{"sum":1,"cells":[0]},{"sum":6,"cells":[1,5]},{"sum":4,"cells":[2,6]},{"sum":4,"cells":[3]},{"sum":3,"cells":[4]},{"sum":3,"cells":[7,11]},{"sum":10,"cells":[8,9,12,13]},{"sum":2,"cells":[10]},{"sum":7,"cells":[14,15]}],"canonical":"abccddcceefghiig a=1,b=3,c=10,d=6,e=4,f=2,g=7,h=4,i=3","seed":1,"index":0}`
	cliVariantX = `{"v":1,"id":"x-9-0000000","kind":"variant","size":9,"box":[3,3],"puzzle":".7...5.4...........3..4..8.1...8.....8..549..5.2..7.1.................6.......5..","solution":"879365241425871639631249785164982357783154926592637814358716492247593168916428573","givens":18,"minimal":true,"symmetry":"none","rating":8.3,"ep":1.2,"ed":1.2,"tier":"extreme","hardest":"multiple-forcing-chain","techniques":{"claiming":2,"direct-hidden-pair":2,"forcing-x-chain":13,"forcing-xy-chain":1,"full-house":22,"hidden-single":39,"multiple-forcing-chain":1,"naked-pair":2,"nishio-forcing-chain":18,"pointing":10,"unique-rectangle":1,"x-cycle":5,"xy-cycle":1,"xy-wing":3,"xyz-wing":1,"y-cycle":1},"variants":["x"],"hodoku":"classic-only","canonical":"x:.................1......2...3..4......451...671.8..3.............81..5....9.5.4..","seed":1,"index":0}`
	cliJigsaw   = `{"v":1,"id":"jigsaw-9-0000000","kind":"variant","size":9,"puzzle":".6..8...2.........513...6........2.....3..49...4...58.8..........7....3.........5","solution":"761984352298563714513492678375148269682375491124639587849756123457821936936217845","givens":18,"minimal":true,"symmetry":"none","rating":7.8,"ep":1.2,"ed":1.2,"tier":"extreme","hardest":"nishio-forcing-chain","techniques":{"forcing-x-chain":10,"forcing-xy-chain":11,"full-house":21,"hidden-single":38,"naked-single":4,"nishio-forcing-chain":10,"pointing":19,"x-cycle":3,"x-wing":1,"xy-cycle":1},"variants":["jigsaw"],"regions":"111122333141222223541122333541999993544999693554446666555548666777788886777778888","hodoku":"classic-only","canonical":"jigsaw:111112222111122223444452333445553333455666367458666667458899777858999997888899777:........1..2....3.4..........5...14....3..56.......7..183...9............9..4...7","seed":2,"index":0}`
)

// TestUnregisteredKindRoundTrip: a record of a kind whose package is not
// imported keeps the members export does not know, and AppendJSON writes
// them back: the CLI's own lines come back byte for byte, and the members
// are those of the line as encoding/json reads it (the independent
// truth), whichever decoder reads it.
func TestUnregisteredKindRoundTrip(t *testing.T) {
	for _, c := range []struct {
		name, line string
		want       string // the line AppendJSON writes ("": the line itself)
		kept       []string
	}{
		{"killer", cliKiller4, "", []string{"cages"}},
		{"variant x", cliVariantX, "", []string{"variants", "hodoku"}},
		{"jigsaw", cliJigsaw, "", []string{"variants", "regions", "hodoku"}},
		// pretty-printed and with a key in another case: encoding/json
		// reads it (the fallback path); the values lose their white space
		{"fallback", "{\"Kind\": \"killer\", \"size\": 4,\n \"cages\": [ {\"sum\": 3, \"cells\": [0, 1]} ],\n \"note\": \"a b\"}",
			`{"v":1,"kind":"killer","size":4,"cages":[{"sum":3,"cells":[0,1]}],"note":"a b"}`, []string{"cages", "note"}},
		// a key given twice: its first place, its last value
		{"twice", `{"kind":"kakuro","size":4,"clues":1,"x":true,"clues":2,"seed":1,"index":0}`,
			`{"v":1,"kind":"kakuro","size":4,"clues":2,"x":true,"seed":1,"index":0}`, []string{"clues", "x"}},
	} {
		var rec Record
		if err := DecodeRecord([]byte(c.line), &rec); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		want := c.want
		if want == "" {
			want = c.line
		}
		if got := string(AppendJSON(nil, &rec)); got != want {
			t.Errorf("%s: round trip\n got %s\nwant %s", c.name, got, want)
		}
		raw, ok := rec.Fields.(RawFields)
		if !ok {
			t.Fatalf("%s: Fields %T, want RawFields", c.name, rec.Fields)
		}
		var keys []string
		for _, m := range raw {
			keys = append(keys, m.Key)
		}
		if !reflect.DeepEqual(keys, c.kept) {
			t.Errorf("%s: kept %v, want %v", c.name, keys, c.kept)
		}
		var truth map[string]any
		if err := json.Unmarshal([]byte(c.line), &truth); err != nil {
			t.Fatal(err)
		}
		for _, k := range c.kept {
			var got any
			if err := json.Unmarshal(raw.Get(k), &got); err != nil || !reflect.DeepEqual(got, truth[k]) {
				t.Errorf("%s: %s = %s, want %v", c.name, k, raw.Get(k), truth[k])
			}
		}
		// encoding/json through Record's methods does the same
		var viaStd Record
		if err := json.Unmarshal([]byte(c.line), &viaStd); err != nil {
			t.Fatal(err)
		}
		if b, _ := json.Marshal(viaStd); string(b) != want {
			t.Errorf("%s: json.Marshal\n got %s\nwant %s", c.name, b, want)
		}
	}
}

// TestRegisteredKindDropsUnknown: a record of a registered kind without a
// codec (sudoku, slide) still drops members it does not know, so the
// lines sudogen writes for them do not change.
func TestRegisteredKindDropsUnknown(t *testing.T) {
	for _, line := range []string{
		`{"v":1,"kind":"sudoku","size":4,"box":[2,2],"puzzle":"1234341221434321","extra":[1],"seed":1,"index":0}`,
		`{"v":1,"size":4,"box":[2,2],"puzzle":"1234341221434321","extra":[1],"seed":1,"index":0}`,
		`{"v":1,"kind":"slide","size":3,"tiles":[1,2,3,4,5,6,7,0,8],"extra":1,"seed":1,"index":0}`,
	} {
		var rec Record
		if err := DecodeRecord([]byte(line), &rec); err != nil {
			t.Fatal(err)
		}
		if rec.Fields != nil || strings.Contains(string(AppendJSON(nil, &rec)), "extra") {
			t.Errorf("%s: kept %v", line, rec.Fields)
		}
	}
}

// TestNotRegisteredSaysImport: checking a record of a kind sudogen has
// but this program does not register names the import; an unknown kind
// gets the plain message.
func TestNotRegisteredSaysImport(t *testing.T) {
	for _, c := range []struct{ kind, check, note string }{
		{"variant", `kind "variant": expected sudoku or slide (import _ "github.com/sudogen/sudogen/variantkind" to read variant records)`,
			`kind "variant" is not registered: import _ "github.com/sudogen/sudogen/variantkind"`},
		{"killer", `kind "killer": expected sudoku or slide (import _ "github.com/sudogen/sudogen/killer" to read killer records)`,
			`kind "killer" is not registered: import _ "github.com/sudogen/sudogen/killer"`},
		{"kakuro", `kind "kakuro": expected sudoku or slide`, `kind "kakuro" is not registered`},
		{"sudoku", "", ""},
		{"", "", ""},
	} {
		if c.check != "" {
			if err := CheckRecord(&Record{Kind: c.kind}); err == nil || err.Error() != c.check {
				t.Errorf("CheckRecord(%q) = %v, want %s", c.kind, err, c.check)
			}
		}
		if got := NotRegistered(c.kind); got != c.note {
			t.Errorf("NotRegistered(%q) = %q, want %q", c.kind, got, c.note)
		}
	}
}

// FuzzRawFields: for any record DecodeRecord reads, AppendJSON writes
// valid JSON that reads back to the same record and writes the same
// bytes again, and the members kept are those stdMembers (encoding/json's
// reading) finds, in order.
func FuzzRawFields(f *testing.F) {
	for _, s := range []string{cliKiller4, cliVariantX, cliJigsaw,
		`{"kind":"kakuro","clues":[1, 2],"x":{"a":"<b>"},"clues":null}`,
		`{"kind":"variant","Variants":["x"],"puzzle":"1234"}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		var rec Record
		if DecodeRecord(in, &rec) != nil {
			return
		}
		out := AppendJSON(nil, &rec)
		if !json.Valid(out) {
			t.Fatalf("%q: wrote invalid JSON %s", in, out)
		}
		var again Record
		if err := DecodeRecord(out, &again); err != nil {
			t.Fatalf("%q: %s reads back with %v", in, out, err)
		}
		if out2 := AppendJSON(nil, &again); string(out2) != string(out) {
			t.Fatalf("%q: written again\n got %s\nwant %s", in, out2, out)
		}
		raw, ok := rec.Fields.(RawFields)
		if !ok {
			return
		}
		want := keepFields(stdMembers(in))
		if !reflect.DeepEqual(raw, want) {
			t.Fatalf("%q: kept %v, encoding/json finds %v", in, raw, want)
		}
	})
}
