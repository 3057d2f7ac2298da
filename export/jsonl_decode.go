package export

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// DecodeRecord decodes one JSON record into rec. It reads every version
// of the format (docs/records.md): a record without "v" (written before
// versions) and a slide record's old name "moves" for "move_piece" (a
// "move_piece" wins when both are there); a record with neither "seed"
// nor "index" is Unseeded. A "v" above FormatVersion, or below 0, is an
// error: the record is of a format this version cannot read.
//
// The result is encoding/json's (with those rules) for every input: the
// common records are decoded by a hand-written parser (no reflection: the
// per-line cost of reading a corpus), and anything it does not handle
// plainly (a syntax error, a key matching a field only without regard to
// case, a null in an array, a number out of range, deep nesting) goes to
// encoding/json, whose error messages callers show. rec should be zero on
// entry.
func DecodeRecord(b []byte, rec *Record) error {
	d := recordDecoder{b: b}
	var extra []extraField
	if d.record(rec) && d.end() {
		extra = d.extra
	} else {
		*rec = Record{}
		if err := decodeStd(b, rec); err != nil {
			return err
		}
		extra = stdMembers(b)
	}
	if rec.Version < 0 {
		return &DecodeError{fmt.Sprintf("record format version %d: expected 0 to %d (0 or no \"v\": a record written before format versions)", rec.Version, FormatVersion)}
	}
	if rec.Version > FormatVersion {
		return &DecodeError{fmt.Sprintf("record format version %d: this sudogen reads versions up to %d (a newer sudogen wrote it)", rec.Version, FormatVersion)}
	}
	rec.gradeStatus = gradeStatusOf(extra)
	if len(extra) > 0 && !kindKnown(rec.Kind) {
		rec.Fields = keepFields(extra)
		return nil
	}
	return decodeFields(rec, extra)
}

// DecodeError is DecodeRecord's error for well-formed JSON that is no
// record this version reads: a field of the wrong type, a format version
// out of range. Not a JSON syntax error, so readers say it as it is.
type DecodeError struct{ Msg string }

// Error is the message.
func (e *DecodeError) Error() string { return e.Msg }

// jsonValueName names a JSON value as encoding/json's type errors give
// it ("string", "number", "number 1.5", "bool", "array", "object").
func jsonValueName(v string) string {
	switch {
	case v == "bool":
		return "true or false"
	case v == "array" || v == "object":
		return "an " + v
	case strings.HasPrefix(v, "number "):
		return "the number " + strings.TrimPrefix(v, "number ")
	}
	return "a " + v
}

// JSONTypeError words encoding/json's error for a JSON value of the
// wrong type (*json.UnmarshalTypeError) in the record format's terms, a
// *DecodeError: `field "cells": the number 1.5 where a whole number is
// expected`, not Go's "cannot unmarshal number 1.5 into Go struct field
// .cells of type int". The field's path loses prefix (a helper type's
// name) and a leading dot; without a field the value and what was
// expected are said alone. Other errors are returned as they are. A
// kind's record fields (killer cages) read with encoding/json use it too.
func JSONTypeError(err error, prefix string) error {
	var te *json.UnmarshalTypeError
	if !errors.As(err, &te) {
		return err
	}
	msg := fmt.Sprintf("%s where %s is expected", jsonValueName(te.Value), jsonTypeName(te.Type))
	if f := strings.TrimPrefix(strings.TrimPrefix(te.Field, prefix), "."); f != "" {
		msg = fmt.Sprintf("field %q: %s", f, msg)
	}
	return &DecodeError{msg}
}

// jsonTypeName names what a Go type reads, in JSON's words.
func jsonTypeName(t reflect.Type) string {
	if t == nil {
		return "another value"
	}
	switch t.Kind() {
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "true or false"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "a whole number"
	case reflect.Float32, reflect.Float64:
		return "a number"
	case reflect.Slice, reflect.Array:
		return "an array"
	case reflect.Map, reflect.Struct:
		return "an object"
	case reflect.Pointer:
		return jsonTypeName(t.Elem())
	}
	return "another value"
}

// stdMembers is the members of a record encoding/json decoded whose keys
// are none of Record's (in any case, as encoding/json matches them), in
// the record's order: the kind fields of recordDecoder.extra.
func stdMembers(b []byte) []extraField {
	dec := json.NewDecoder(bytes.NewReader(b))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return nil
	}
	var out []extraField
	for dec.More() {
		t, err := dec.Token()
		key, ok := t.(string)
		var raw json.RawMessage
		if err != nil || !ok || dec.Decode(&raw) != nil {
			return out
		}
		if !isRecordField(key) {
			out = append(out, extraField{key, raw})
		}
	}
	return out
}

// isRecordField reports whether encoding/json reads key into one of
// Record's fields (matching names without regard to case).
func isRecordField(key string) bool {
	for _, f := range recordFields {
		if strings.EqualFold(f, key) {
			return true
		}
	}
	return false
}

// UnmarshalJSON decodes a record as DecodeRecord does.
func (r *Record) UnmarshalJSON(b []byte) error {
	*r = Record{}
	return DecodeRecord(b, r)
}

// recordAlias is Record without its methods, for encoding/json.
type recordAlias Record

// recordJSON is what encoding/json decodes a record into: the fields, plus
// the old name of move_piece and the seed and index as pointers (to see
// whether they are there).
type recordJSON struct {
	*recordAlias
	OldMoves *string `json:"moves"`
	Seed     *uint64 `json:"seed"`
	Index    *int64  `json:"index"`
	Givens   *int    `json:"givens"` // present or not (Record.givensRead)
}

// decodeStd is DecodeRecord by encoding/json: the reference the fast path
// agrees with.
func decodeStd(b []byte, rec *Record) error {
	aux := recordJSON{recordAlias: (*recordAlias)(rec)}
	if err := json.Unmarshal(b, &aux); err != nil {
		// Name the field as the record has it, not the helper type
		// (encoding/json gives the path "recordAlias.rating").
		return JSONTypeError(err, "recordAlias.")
	}
	finish(rec, aux.OldMoves, aux.Seed != nil, aux.Index != nil)
	if aux.Seed != nil {
		rec.Seed = *aux.Seed
	}
	if aux.Index != nil {
		rec.Index = *aux.Index
	}
	if aux.Givens != nil {
		rec.Givens, rec.givensRead = *aux.Givens, true
	}
	return nil
}

// finish applies the rules both decoders share once the fields are read:
// the old name of move_piece, and Unseeded.
func finish(rec *Record, oldMoves *string, seed, index bool) {
	if rec.MovePiece == "" && oldMoves != nil {
		rec.MovePiece = *oldMoves
	}
	rec.Unseeded = !seed && !index
}

// recordDecoder is a cursor over one JSON text. Each method returns false
// when the text is not handled here.
type recordDecoder struct {
	b       []byte
	i       int
	escapes bool // the last string read had escapes
	valid   bool // b is known to be valid UTF-8

	// What finish needs, as encoding/json leaves recordJSON's pointers:
	// the last non-null old "moves", and whether the last "seed" and
	// "index" were not null.
	oldMoves    *string
	seed, index bool
	// extra holds the values of keys a registered kind's codec reads
	// (FieldsCodec), for decodeFields.
	extra []extraField
}

func (d *recordDecoder) space() {
	for d.i < len(d.b) {
		switch d.b[d.i] {
		case ' ', '\t', '\n', '\r':
			d.i++
		default:
			return
		}
	}
}

// end reports whether only white space is left.
func (d *recordDecoder) end() bool {
	d.space()
	return d.i == len(d.b)
}

func (d *recordDecoder) peek() byte {
	d.space()
	if d.i < len(d.b) {
		return d.b[d.i]
	}
	return 0
}

func (d *recordDecoder) consume(c byte) bool {
	if d.peek() == c {
		d.i++
		return true
	}
	return false
}

// literal consumes a keyword (null, true, false).
func (d *recordDecoder) literal(word string) bool {
	d.space()
	if len(d.b)-d.i < len(word) {
		return false
	}
	for k := 0; k < len(word); k++ {
		if d.b[d.i+k] != word[k] {
			return false
		}
	}
	d.i += len(word)
	return true
}

// recordFields are the JSON names of Record's fields.
var recordFields = []string{"v", "id", "kind", "size", "box", "puzzle", "solution", "givens", "minimal", "symmetry",
	"rating", "rating_at_least", "ep", "ed", "tier", "hardest", "techniques", "level", "score", "tiles", "goal", "optimal", "move_piece", "moves",
	"length", "lower_bound", "exact", "canonical", "seed", "index"}

func (d *recordDecoder) record(rec *Record) bool {
	if !d.consume('{') {
		return false
	}
	d.oldMoves, d.seed, d.index, d.extra = nil, false, false, d.extra[:0]
	if !d.consume('}') {
		for {
			key, ok := d.strBytes()
			if !ok || !d.consume(':') {
				return false
			}
			if !d.field(rec, key) {
				return false
			}
			if d.consume(',') {
				continue
			}
			if !d.consume('}') {
				return false
			}
			break
		}
	}
	finish(rec, d.oldMoves, d.seed, d.index)
	return true
}

// field decodes the value of key into rec.
func (d *recordDecoder) field(rec *Record, key []byte) bool {
	var ok bool
	switch string(key) {
	case "v":
		ok = d.intField(&rec.Version)
	case "id":
		ok = d.strField(&rec.ID)
	case "kind":
		ok = d.strField(&rec.Kind)
	case "size":
		ok = d.intField(&rec.Size)
	case "box":
		rec.Box, ok = d.ints(rec.Box)
	case "puzzle":
		ok = d.strField(&rec.Puzzle)
	case "solution":
		ok = d.strField(&rec.Solution)
	case "givens":
		if d.literal("null") {
			ok = true
		} else {
			ok = d.intField(&rec.Givens)
			rec.givensRead = true
		}
	case "minimal":
		rec.Minimal, ok = d.boolPtr()
	case "symmetry":
		ok = d.strField(&rec.Symmetry)
	case "rating":
		ok = d.floatField(&rec.Rating)
	case "rating_at_least":
		ok = d.floatField(&rec.RatingAtLeast)
	case "ep":
		ok = d.floatField(&rec.EP)
	case "ed":
		ok = d.floatField(&rec.ED)
	case "tier":
		ok = d.strField(&rec.Tier)
	case "hardest":
		ok = d.strField(&rec.Hardest)
	case "techniques":
		ok = d.counts(&rec.Techniques)
	case "level":
		ok = d.strField(&rec.Level)
	case "score":
		ok = d.intField(&rec.Score)
	case "tiles":
		rec.Tiles, ok = d.ints(rec.Tiles)
	case "goal":
		ok = d.strField(&rec.Goal)
	case "optimal":
		rec.Optimal, ok = d.intPtr()
	case "move_piece":
		ok = d.strField(&rec.MovePiece)
	case "moves":
		if d.literal("null") {
			d.oldMoves, ok = nil, true
		} else {
			var m string
			if ok = d.strField(&m); ok {
				d.oldMoves = &m
			}
		}
	case "length":
		rec.Length, ok = d.intPtr()
	case "lower_bound":
		rec.LowerBound, ok = d.intPtr()
	case "exact":
		rec.Exact, ok = d.boolPtr()
	case "canonical":
		ok = d.strField(&rec.Canonical)
	case "seed":
		// A pointer to encoding/json: null makes it absent (and 0).
		if d.seed = !d.literal("null"); d.seed {
			ok = d.uintField(&rec.Seed)
		} else {
			rec.Seed, ok = 0, true
		}
	case "index":
		if d.index = !d.literal("null"); d.index {
			ok = d.int64Field(&rec.Index)
		} else {
			rec.Index, ok = 0, true
		}
	default:
		if isRecordField(string(key)) {
			return false // encoding/json matches it to a field
		}
		// Kept for the kind's codec, or verbatim for a kind not
		// registered (keptFields); the raw value points into b.
		d.space()
		start := d.i
		if !d.skip(0) {
			return false
		}
		d.extra = append(d.extra, extraField{string(key), json.RawMessage(d.b[start:d.i])})
		return true
	}
	return ok
}

// The field decoders. A JSON null leaves a plain field as it is and sets
// a pointer, slice or map to nil, as encoding/json does.

func (d *recordDecoder) strField(p *string) bool {
	if d.literal("null") {
		return true
	}
	s, ok := d.str()
	if ok {
		*p = s
	}
	return ok
}

func (d *recordDecoder) intField(p *int) bool {
	lit, null, ok := d.number()
	if !ok || null {
		return ok
	}
	v, ok := parseInt(lit, strconv.IntSize)
	*p = int(v)
	return ok
}

func (d *recordDecoder) int64Field(p *int64) bool {
	lit, null, ok := d.number()
	if !ok || null {
		return ok
	}
	*p, ok = parseInt(lit, 64)
	return ok
}

func (d *recordDecoder) uintField(p *uint64) bool {
	lit, null, ok := d.number()
	if !ok || null {
		return ok
	}
	var v uint64
	for _, c := range lit {
		if c < '0' || c > '9' || v > (1<<64-1-uint64(c-'0'))/10 {
			return false // a sign, fraction, exponent or overflow
		}
		v = v*10 + uint64(c-'0')
	}
	*p = v
	return true
}

// parseInt reads a JSON integer literal that fits in bits bits; false for
// a fraction, an exponent or overflow (encoding/json refuses those for an
// integer field).
func parseInt(lit []byte, bits int) (int64, bool) {
	neg := len(lit) > 0 && lit[0] == '-'
	if neg {
		lit = lit[1:]
	}
	limit := uint64(1)<<(bits-1) - 1
	if neg {
		limit++
	}
	var v uint64
	for _, c := range lit {
		if c < '0' || c > '9' || v > (limit-uint64(c-'0'))/10 {
			return 0, false
		}
		v = v*10 + uint64(c-'0')
	}
	if neg {
		return -int64(v), true
	}
	return int64(v), true
}

func (d *recordDecoder) floatField(p *float64) bool {
	lit, null, ok := d.number()
	if !ok || null {
		return ok
	}
	v, err := strconv.ParseFloat(string(lit), 64)
	*p = v
	return err == nil
}

func (d *recordDecoder) intPtr() (*int, bool) {
	if d.literal("null") {
		return nil, true
	}
	v := new(int)
	return v, d.intField(v)
}

func (d *recordDecoder) boolPtr() (*bool, bool) {
	switch {
	case d.literal("null"):
		return nil, true
	case d.literal("true"):
		v := true
		return &v, true
	case d.literal("false"):
		v := false
		return &v, true
	}
	return nil, false
}

// ints decodes an array of whole numbers (null: nil).
func (d *recordDecoder) ints(old []int) ([]int, bool) {
	out := old[:0]
	if out == nil {
		out = []int{}
	}
	null, ok := d.intArray(func(v int) { out = append(out, v) })
	if null || !ok {
		return nil, ok
	}
	return out, true
}

// counts decodes an object of whole numbers into *m (made if nil, added
// to otherwise, as encoding/json does; null sets it to nil).
func (d *recordDecoder) counts(m *map[string]int) bool {
	null, ok := d.intObject(func(k []byte, v int) {
		if *m == nil {
			*m = map[string]int{}
		}
		(*m)[string(k)] = v
	})
	if null {
		*m = nil
	} else if ok && *m == nil {
		*m = map[string]int{} // {} makes an empty map
	}
	return ok
}

// intArray reads null or an array of whole numbers, handing each to each
// (a null element is left to encoding/json: ok false).
func (d *recordDecoder) intArray(each func(int)) (null, ok bool) {
	if d.literal("null") {
		return true, true
	}
	if !d.consume('[') {
		return false, false
	}
	if d.consume(']') {
		return false, true
	}
	for {
		var v int
		if d.peek() == 'n' || !d.intField(&v) {
			return false, false
		}
		each(v)
		if d.consume(',') {
			continue
		}
		return false, d.consume(']')
	}
}

// intObject reads null or an object of whole numbers, handing each key
// (valid until the next read) and value to each.
func (d *recordDecoder) intObject(each func([]byte, int)) (null, ok bool) {
	if d.literal("null") {
		return true, true
	}
	if !d.consume('{') {
		return false, false
	}
	if d.consume('}') {
		return false, true
	}
	for {
		k, ok := d.strBytes()
		if !ok || !d.consume(':') || d.peek() == 'n' {
			return false, false
		}
		var v int
		if !d.intField(&v) {
			return false, false
		}
		each(k, v)
		if d.consume(',') {
			continue
		}
		return false, d.consume('}')
	}
}

// number reads a JSON number literal, or null (then null is true and the
// field is left as it is).
func (d *recordDecoder) number() (lit []byte, null, ok bool) {
	if d.literal("null") {
		return nil, true, true
	}
	start := d.i
	if d.i < len(d.b) && d.b[d.i] == '-' {
		d.i++
	}
	switch {
	case d.i < len(d.b) && d.b[d.i] == '0':
		d.i++
	case d.digits() == 0:
		return nil, false, false
	}
	if d.i < len(d.b) && d.b[d.i] == '.' {
		d.i++
		if d.digits() == 0 {
			return nil, false, false
		}
	}
	if d.i < len(d.b) && (d.b[d.i] == 'e' || d.b[d.i] == 'E') {
		d.i++
		if d.i < len(d.b) && (d.b[d.i] == '+' || d.b[d.i] == '-') {
			d.i++
		}
		if d.digits() == 0 {
			return nil, false, false
		}
	}
	return d.b[start:d.i], false, true
}

// digits passes over decimal digits and says how many.
func (d *recordDecoder) digits() int {
	n := 0
	for d.i < len(d.b) && d.b[d.i] >= '0' && d.b[d.i] <= '9' {
		d.i++
		n++
	}
	return n
}

// str reads a JSON string.
func (d *recordDecoder) str() (string, bool) {
	b, ok := d.strBytes()
	return string(b), ok
}

// strBytes reads a JSON string; the bytes returned are the input's own
// when the string has no escapes.
func (d *recordDecoder) strBytes() ([]byte, bool) {
	if d.peek() != '"' {
		return nil, false
	}
	d.i++
	start := d.i
	d.escapes = false
	// The common case: no escapes, ASCII or valid UTF-8.
	for d.i < len(d.b) {
		c := d.b[d.i]
		switch {
		case c == '"':
			s := d.b[start:d.i]
			d.i++
			if !d.valid && !utf8.Valid(s) {
				return nil, false
			}
			return s, true
		case c == '\\':
			return d.escaped(start)
		case c < 0x20:
			return nil, false
		}
		d.i++
	}
	return nil, false
}

// escaped reads the rest of a string holding escapes, from start.
func (d *recordDecoder) escaped(start int) ([]byte, bool) {
	d.escapes = true
	buf := append([]byte(nil), d.b[start:d.i]...)
	for d.i < len(d.b) {
		c := d.b[d.i]
		switch {
		case c == '"':
			d.i++
			if !utf8.Valid(buf) {
				return nil, false
			}
			return buf, true
		case c < 0x20:
			return nil, false
		case c != '\\':
			buf = append(buf, c)
			d.i++
			continue
		}
		if d.i+1 >= len(d.b) {
			return nil, false
		}
		e := d.b[d.i+1]
		d.i += 2
		switch e {
		case '"', '\\', '/':
			buf = append(buf, e)
		case 'b':
			buf = append(buf, '\b')
		case 'f':
			buf = append(buf, '\f')
		case 'n':
			buf = append(buf, '\n')
		case 'r':
			buf = append(buf, '\r')
		case 't':
			buf = append(buf, '\t')
		case 'u':
			r, ok := d.hex4()
			if !ok {
				return nil, false
			}
			if utf16.IsSurrogate(r) {
				// A pair, or a lone half (encoding/json writes U+FFFD
				// for it; leave that to it).
				if d.i+1 >= len(d.b) || d.b[d.i] != '\\' || d.b[d.i+1] != 'u' {
					return nil, false
				}
				d.i += 2
				r2, ok := d.hex4()
				if !ok {
					return nil, false
				}
				if r = utf16.DecodeRune(r, r2); r == utf8.RuneError {
					return nil, false
				}
			}
			buf = utf8.AppendRune(buf, r)
		default:
			return nil, false
		}
	}
	return nil, false
}

func (d *recordDecoder) hex4() (rune, bool) {
	if d.i+4 > len(d.b) {
		return 0, false
	}
	v, err := strconv.ParseUint(string(d.b[d.i:d.i+4]), 16, 32)
	if err != nil {
		return 0, false
	}
	d.i += 4
	return rune(v), true
}

// skip passes over any JSON value (an unknown field's), to a bounded
// depth.
func (d *recordDecoder) skip(depth int) bool {
	if depth > 64 {
		return false
	}
	switch d.peek() {
	case '"':
		_, ok := d.str()
		return ok
	case '{':
		d.i++
		if d.consume('}') {
			return true
		}
		for {
			if _, ok := d.strBytes(); !ok || !d.consume(':') || !d.skip(depth+1) {
				return false
			}
			if d.consume(',') {
				continue
			}
			return d.consume('}')
		}
	case '[':
		d.i++
		if d.consume(']') {
			return true
		}
		for {
			if !d.skip(depth + 1) {
				return false
			}
			if d.consume(',') {
				continue
			}
			return d.consume(']')
		}
	case 't':
		return d.literal("true")
	case 'f':
		return d.literal("false")
	case 'n':
		return d.literal("null")
	}
	_, _, ok := d.number()
	return ok
}

// puzzleFields reads just the kind, puzzle, box and size of a JSON record
// line, without allocating, for loops that need nothing else (solve,
// canon). ok is false when the line needs the full decoding
// (DecodeRecord) to be read as encoding/json reads it, including every
// malformed line; box is nil when the record has none, size 0. The
// slices point into b.
func puzzleFields(b []byte) (kind, puzzle []byte, box []int, size int, ok bool) {
	if !utf8.Valid(b) {
		return nil, nil, nil, 0, false
	}
	d := recordDecoder{b: b, valid: true}
	if !d.consume('{') {
		return nil, nil, nil, 0, false
	}
	var boxBuf [2]int
	if !d.consume('}') {
		for {
			key, ok := d.strBytes()
			if !ok || !d.consume(':') {
				return nil, nil, nil, 0, false
			}
			switch string(key) {
			case "kind", "puzzle":
				if d.peek() != '"' {
					return nil, nil, nil, 0, false // null, or a type error
				}
				s, ok := d.strBytes()
				if !ok || d.escapes {
					return nil, nil, nil, 0, false // escapes: decode fully
				}
				if key[0] == 'k' {
					kind = s
				} else {
					puzzle = s
				}
			case "size":
				if !d.intField(&size) {
					return nil, nil, nil, 0, false
				}
			case "box":
				if d.peek() != '[' {
					return nil, nil, nil, 0, false
				}
				got, ok := d.ints(boxBuf[:0])
				if !ok || len(got) > 2 {
					return nil, nil, nil, 0, false
				}
				box = got
			default:
				if !d.check(key) {
					return nil, nil, nil, 0, false
				}
			}
			if d.consume(',') {
				continue
			}
			if !d.consume('}') {
				return nil, nil, nil, 0, false
			}
			break
		}
	}
	if !d.end() {
		return nil, nil, nil, 0, false
	}
	return kind, puzzle, box, size, true
}

// check passes over the value of key as field would decode it, without
// allocating: false when field would not accept it.
func (d *recordDecoder) check(key []byte) bool {
	var n int
	var n64 int64
	var u uint64
	switch string(key) {
	case "id", "kind", "puzzle", "solution", "symmetry", "tier", "hardest", "level", "goal", "move_piece", "moves", "canonical":
		if d.literal("null") {
			return true
		}
		_, ok := d.strBytes()
		return ok
	case "v":
		return d.intField(&n) && n >= 0 && n <= FormatVersion
	case "size", "givens", "score":
		return d.intField(&n)
	case "optimal", "length", "lower_bound":
		return d.literal("null") || d.intField(&n)
	case "minimal", "exact":
		return d.literal("null") || d.literal("true") || d.literal("false")
	case "rating", "rating_at_least", "ep", "ed":
		lit, null, ok := d.number()
		if !ok || null {
			return ok
		}
		if len(lit) > 300 || bytes.ContainsAny(lit, "eE") {
			_, err := strconv.ParseFloat(string(lit), 64)
			return err == nil
		}
		return true // no exponent, few digits: a float64 holds it
	case "seed":
		return d.uintField(&u)
	case "index":
		return d.int64Field(&n64)
	case "box", "tiles":
		_, ok := d.intArray(func(int) {})
		return ok
	case "techniques":
		_, ok := d.intObject(func([]byte, int) {})
		return ok
	}
	if isRecordField(string(key)) || kindsTable().keys[string(key)] {
		return false // encoding/json matches it to a field; another kind's field is refused (decodeFields)
	}
	return d.skip(0)
}
