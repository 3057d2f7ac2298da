package export

import (
	"encoding/json"
	"errors"
	"reflect"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

// decodeSeeds are JSON texts the record decoder must treat exactly as
// encoding/json does: real records, unknown fields, nulls, escapes,
// duplicates, odd case, bad numbers and broken syntax.
var decodeSeeds = []string{
	`{"id":"s9-0000042","kind":"sudoku","size":9,"box":[3,3],"puzzle":"..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..","solution":"483921657967345821251876493548132976729564138136798245372689514814253769695417382","givens":32,"minimal":true,"symmetry":"none","rating":4.2,"ep":1.2,"ed":1.2,"tier":"hard","hardest":"xy-wing","techniques":{"hidden-single":31,"naked-pair":2,"xy-wing":1},"level":"Hard","score":1204,"canonical":"..1","seed":18446744073709551615,"index":42}`,
	`{"kind":"slide","size":4,"tiles":[1,2,3,0],"goal":"blank-last","optimal":52,"solution":"RDLU","moves":"blank","length":3,"lower_bound":2,"exact":false,"index":-1}`,
	`{"v":1,"id":"slide3-0000000","kind":"slide","size":3,"solution":"R","tiles":[1,2,3,4,5,6,7,0,8],"goal":"blank-last","optimal":1,"move_piece":"blank","seed":9007199254740991,"index":0}`,
	`{"move_piece":"tile","moves":"blank"}`, `{"moves":"blank","moves":null}`, `{"moves":null,"moves":"x"}`, `{"Moves":"blank"}`,
	`{"v":2}`, `{"v":-1}`, `{"v":0}`, `{"V":1}`, `{"v":1.0}`, `{"v":null}`,
	`{"seed":null}`, `{"seed":5,"seed":null}`, `{"seed":null,"seed":5}`, `{"index":null,"seed":3}`, `{"index":0}`,
	` { "puzzle" : "1.2" , "status" : "beyond", "filled": 40, "extra": {"a":[1,2,{"b":null}],"c":true,"d":-1.5e+300} } `,
	`{"puzzle":"a\"b\\c\/d\u00e9\ud83e\udde9\n\t\b\f\r"}`,
	`{"id":null,"size":null,"box":null,"minimal":null,"techniques":null,"optimal":null}`,
	`{"techniques":{"a":1},"techniques":{"b":2},"box":[1,2,3],"box":[4]}`,
	`{"Puzzle":"case"}`, `{"PUZZLE":"x","puzzle":"y"}`,
	`{"size":1.5}`, `{"size":1e2}`, `{"size":"9"}`, `{"seed":-1}`, `{"index":9223372036854775808}`,
	`{"box":[1,null]}`, `{"techniques":{"a":null}}`, `{"rating":1e400}`, `{"rating":-0.0}`,
	`{"puzzle":"\ud800"}`, `{"puzzle":"bad ` + "\xff" + `"}`, `{"puzzle":"ctl ` + "\x01" + `"}`,
	`{"puzzle":"x"`, `{"puzzle":"x",}`, `{"puzzle" "x"}`, `{}`, `{} x`, `[]`, `null`, ``, `{"a":01}`, `{"a":-}`,
	`{"a":[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]}`,
	`{"minimal":tru}`, `{"minimal":"true"}`, `{"exact":true,"exact":null}`,
}

// checkDecode: DecodeRecord gives encoding/json's record and error
// status (decodeStd: encoding/json with the format's rules), and the
// hand-written path never accepts what encoding/json would decode
// differently.
func checkDecode(t *testing.T, in []byte) {
	var want Record
	wantErr := decodeStd(in, &want)
	if wantErr == nil && (want.Version < 0 || want.Version > FormatVersion) {
		wantErr = errors.New("version")
	}
	var got Record
	err := DecodeRecord(in, &got)
	if (err != nil) != (wantErr != nil) {
		t.Fatalf("%q: error %v, encoding/json %v", in, err, wantErr)
	}
	// A grade line's status, which DecodeRecord reads from the members
	// beyond Record's fields, as encoding/json's decoder lists them.
	wantRecord := want
	wantRecord.gradeStatus = gradeStatusOf(stdMembers(in))
	if err == nil && !reflect.DeepEqual(got, wantRecord) {
		t.Fatalf("%q:\n got %+v\nwant %+v", in, got, wantRecord)
	}
	if kind, puzzle, box, size, ok := puzzleFields(in); ok {
		if wantErr != nil || !utf8.Valid(in) {
			t.Fatalf("%q: puzzleFields accepted what encoding/json refuses (%v)", in, wantErr)
		}
		if string(kind) != want.Kind || string(puzzle) != want.Puzzle || !slices.Equal(box, want.Box) || size != want.Size {
			t.Fatalf("%q: puzzleFields %q %q %v %d, want %q %q %v %d", in, kind, puzzle, box, size, want.Kind, want.Puzzle, want.Box, want.Size)
		}
	}
	var fast Record
	d := recordDecoder{b: in}
	if d.record(&fast) && d.end() {
		if wantErr != nil && wantErr.Error() != "version" {
			t.Fatalf("%q: fast path accepted what encoding/json refuses (%v)", in, wantErr)
		}
		if wantErr == nil && !reflect.DeepEqual(fast, want) {
			t.Fatalf("%q: fast path\n got %+v\nwant %+v", in, fast, want)
		}
	}
}

func TestDecodeRecordMatchesEncodingJSON(t *testing.T) {
	for _, s := range decodeSeeds {
		checkDecode(t, []byte(s))
	}
	// Every record the encoder writes takes the fast path.
	for _, rec := range encodeCases() {
		if strings.ContainsAny(rec.ID, "\xff") {
			continue // written as \ufffd: reads back different, as with encoding/json
		}
		b := AppendJSON(nil, &rec)
		d := recordDecoder{b: b}
		var got Record
		if !d.record(&got) || !d.end() {
			t.Errorf("encoder output not decoded by the fast path: %s", b)
		}
		checkDecode(t, b)
	}
}

// FuzzDecodeRecord: for any bytes, DecodeRecord agrees with encoding/json.
func FuzzDecodeRecord(f *testing.F) {
	for _, s := range decodeSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		checkDecode(t, in)
	})
}

// TestPuzzleFieldsFastPath: records as sudogen writes them are read
// without the full decoding.
func TestPuzzleFieldsFastPath(t *testing.T) {
	for _, s := range decodeSeeds[:3] {
		if _, _, _, _, ok := puzzleFields([]byte(s)); !ok {
			t.Errorf("not on the fast path: %s", s)
		}
	}
}

func BenchmarkPuzzleFields(b *testing.B) {
	in := []byte(decodeSeeds[0])
	b.ReportAllocs()
	for b.Loop() {
		if _, _, _, _, ok := puzzleFields(in); !ok {
			b.Fatal("not ok")
		}
	}
}

func BenchmarkDecodeRecord(b *testing.B) {
	in := []byte(decodeSeeds[0])
	b.ReportAllocs()
	for b.Loop() {
		var rec Record
		if err := DecodeRecord(in, &rec); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkDecodeRecordEncodingJSON(b *testing.B) {
	in := []byte(decodeSeeds[0])
	b.ReportAllocs()
	for b.Loop() {
		var rec Record
		if err := json.Unmarshal(in, &rec); err != nil {
			b.Fatal(err)
		}
	}
}

// A field of the wrong type is named as the record has it, not by the
// decoder's helper type (merge and every reader print this message).
func TestDecodeTypeErrorNamesField(t *testing.T) {
	for _, c := range []struct{ json, want string }{
		{`{"puzzle":"1234341221434321","rating":"hard"}`, `field "rating": a string where a number is expected`},
		{`{"puzzle":"1234341221434321","techniques":{"x":"y"}}`, `field "techniques": a string where a whole number is expected`},
		{`{"puzzle":"1234341221434321","givens":"16"}`, `field "givens": a string where a whole number is expected`},
		{`{"puzzle":5}`, `field "puzzle": a number where a string is expected`},
		{`{"puzzle":"1234341221434321","box":{}}`, `field "box": an object where an array is expected`},
		{`{"puzzle":"1234341221434321","seed":1.5}`, `field "seed": the number 1.5 where a whole number is expected`},
		// a version below 0 was said to be a newer sudogen's
		{`{"v":-1,"puzzle":"1234341221434321"}`, `record format version -1: expected 0 to 1 (0 or no "v": a record written before format versions)`},
		{`{"v":2,"puzzle":"1234341221434321"}`, `record format version 2: this sudogen reads versions up to 1 (a newer sudogen wrote it)`},
	} {
		var r Record
		if err := DecodeRecord([]byte(c.json), &r); err == nil || err.Error() != c.want {
			t.Errorf("%s: err %v, want %s", c.json, err, c.want)
		}
	}
}
