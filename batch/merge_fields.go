package batch

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strconv"
	"strings"
	"sync"

	"github.com/sudogen/sudogen/export"
)

// omittedFields are the JSON names of the record fields the writers leave
// out when empty (omitempty: "tier", "symmetry", "box", ...), with their
// Go kind. A record that has one with an empty value ("tier":"") reads as
// one without it (docs/records.md, "What readers accept"), and merge
// writes it without it, as every other writer does.
var omittedFields = sync.OnceValue(func() map[string]reflect.Kind {
	m := map[string]reflect.Kind{}
	t := reflect.TypeFor[export.Record]()
	for i := range t.NumField() {
		name, opts, _ := strings.Cut(t.Field(i).Tag.Get("json"), ",")
		if name == "" || name == "-" || !strings.Contains(","+opts+",", ",omitempty,") {
			continue
		}
		if name == "id" || name == "canonical" {
			continue // merge sets these itself
		}
		m[name] = t.Field(i).Type.Kind()
	}
	return m
})

// canonicalFields are the changes that make the JSON record b, read as
// rec (its kind filled in, "sudoku" when it had none) whose grid has n
// rows (0: not a grid), the canonical form the other writers produce,
// where b holds a field with an empty value that readers take for
// something else: an empty optional field ("tier":"", "symmetry":"",
// "box":[]) is taken out, as the writers leave it out; "kind":"" is
// written as the kind readers take (sudoku); a sudoku record's "size":0
// as the size its grid has; grade's line fields ("status", "filled":
// what grade found, not part of a record; export --format jsonl drops them
// too) are taken out. A field b does not hold is not added. Keys
// match as encoding/json matches them (escapes decoded, without regard
// to case), and of several members with one key the value a reader ends
// with counts (the last, where null leaves a string or number as it was).
//
// It runs on every record merge keeps: only a record with a member whose
// value looks empty ("", null, 0, [], {}, false), or that may hold a grade
// line's field, is looked at further.
func canonicalFields(b []byte, rec *export.Record, n int) []jsonField {
	members, _ := topMembers(b)
	values := make([][]byte, len(members))
	looksEmpty := mayHoldGradeField(b)
	for i, m := range members {
		colon := m.key[1] + bytes.IndexByte(b[m.key[1]:m.end], ':')
		values[i] = bytes.TrimSpace(b[colon+1 : m.end])
		looksEmpty = looksEmpty || emptyLooking(values[i])
	}
	if !looksEmpty {
		return nil
	}
	var set []jsonField
	empty := map[string]bool{} // an omitted field's key: is its value empty
	for i, m := range members {
		var k string
		if json.Unmarshal(b[m.key[0]:m.key[1]], &k) != nil {
			continue
		}
		k = strings.ToLower(k)
		v := values[i]
		switch kind, ok := omittedFields()[k]; {
		case gradeLineFields[k]:
			if !hasField(set, k) {
				set = append(set, jsonField{key: k}) // taken out
			}
		case ok:
			null := string(v) == "null"
			switch kind {
			case reflect.Pointer, reflect.Slice, reflect.Map:
				empty[k] = null || string(v) == "[]" || string(v) == "{}"
			default:
				if !null { // null leaves the value as it was
					empty[k] = emptyLooking(v)
				} else if _, seen := empty[k]; !seen {
					empty[k] = true
				}
			}
		case k == "kind" && emptyLooking(v) && !hasField(set, "kind"):
			q, _ := json.Marshal(rec.Kind)
			set = append(set, jsonField{key: "kind", value: string(q), inPlace: true})
		case k == "size" && emptyLooking(v) && rec.Kind == export.KindSudoku && n > 0 && !hasField(set, "size"):
			// The record passed the check: its size is n, or 0 read as
			// n, whichever of several "size" members counts.
			set = append(set, jsonField{key: "size", value: strconv.Itoa(n), inPlace: true})
		}
	}
	for k, e := range empty {
		if e {
			set = append(set, jsonField{key: k}) // taken out
		}
	}
	return set
}

// gradeLineFields are the fields of a grade output line that are not a
// record's (docs/records.md, "grade"): merge writes records, so it takes
// them out.
var gradeLineFields = map[string]bool{"status": true, "filled": true}

// mayHoldGradeField reports whether the JSON object b may have a member
// of gradeLineFields as grade writes them ("status", "filled"), cheaply:
// the members are looked at only then.
func mayHoldGradeField(b []byte) bool {
	return bytes.Contains(b, []byte(`"status"`)) || bytes.Contains(b, []byte(`"filled"`))
}

// hasField reports whether set has a field named key.
func hasField(set []jsonField, key string) bool {
	for _, f := range set {
		if f.key == key {
			return true
		}
	}
	return false
}

// emptyLooking reports whether the JSON value v may read as an empty
// value: "", null, false, [], {} or a number with no digit but 0.
func emptyLooking(v []byte) bool {
	switch string(v) {
	case `""`, "null", "false", "[]", "{}":
		return true
	}
	if len(v) == 0 || (v[0] != '-' && v[0] != '0') {
		return false
	}
	for _, c := range v {
		if c >= '1' && c <= '9' {
			return false
		}
	}
	return true
}
