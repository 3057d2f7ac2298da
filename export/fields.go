package export

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Fields are a kind's own fields of one record, beyond Record's common
// ones (a variant list, jigsaw regions, killer cages): the kind's codec
// writes and reads them, so a new kind adds fields without touching
// Record, the encoder or the decoder. Built-in kinds have none.
type Fields interface {
	// AppendJSON appends the fields as `,"key":value` members, in a
	// fixed order, empty ones left out, as AppendJSON writes Record's:
	// they go after the common fields, before "canonical".
	AppendJSON(dst []byte) []byte
}

// FieldsCodec reads a kind's own fields (RecordKind.Fields).
type FieldsCodec struct {
	// Keys are the JSON names of the kind's fields. None may be one of
	// Record's (in any case); two kinds may share a key.
	Keys []string
	// Decode reads the fields from the values of the record's keys
	// among Keys (only those present, each the raw JSON value). Its error
	// is DecodeRecord's.
	Decode func(values map[string]json.RawMessage) (Fields, error)
}

// extraField is one kind field's key and raw value, as read.
type extraField struct {
	key string
	raw json.RawMessage
}

// checkKindKeys panics when a kind claims a key of Record's: a program
// error, found when the kind registers.
func checkKindKeys(k *RecordKind) {
	for _, key := range k.Fields.Keys {
		if isRecordField(key) {
			panic(fmt.Sprintf("export.RegisterKind(%q): field %q is a Record field", k.Name, key))
		}
	}
}

// decodeFields sets rec.Fields from the kind fields read, by rec's kind's
// codec. A field of another registered kind is refused (a "variants"
// list on a killer or classic record, "cages" on a record without
// "kind": "killer"): read as this kind, the record would be another
// puzzle than the one written. Fields no kind registered has are
// ignored, as unknown fields are.
func decodeFields(rec *Record, extra []extraField) error {
	if len(extra) == 0 {
		return nil
	}
	codec := kindOf(rec.Kind).Fields
	var values map[string]json.RawMessage
	for _, e := range extra {
		if !slices.Contains(codec.Keys, e.key) {
			if err := otherKindsField(rec.Kind, e.key); err != nil {
				return err
			}
			continue
		}
		if values == nil {
			values = map[string]json.RawMessage{}
		}
		values[e.key] = e.raw // the last wins, as in encoding/json
	}
	if len(values) == 0 || codec.Decode == nil {
		return nil
	}
	f, err := codec.Decode(values)
	if err != nil {
		// The record parsed as JSON: what is wrong is a field's content
		// (readers then say so, not "bad JSON").
		return &DecodeError{fmt.Sprintf("kind %s: %v", rec.Kind, err)}
	}
	rec.Fields = f
	return nil
}

// otherKindsField refuses key, a field of no key of kind's own, when a
// registered kind reads it, naming those kinds.
func otherKindsField(kind, key string) error {
	t := kindsTable()
	if !t.keys[key] {
		return nil
	}
	if kind == "" {
		kind = DefaultKind
	}
	var owners []string
	for name, k := range t.byName {
		if slices.Contains(k.Fields.Keys, key) {
			owners = append(owners, name)
		}
	}
	slices.Sort(owners)
	return &KindFieldError{Key: key, Kind: kind, Owners: owners}
}

// KindFieldError is DecodeRecord's error for a field of other kinds'
// records (decodeFields): not a JSON error, so readers say it as it is.
type KindFieldError struct {
	Key    string   // the field
	Kind   string   // the record's kind
	Owners []string // the kinds whose records have the field, sorted
}

// Error names the field, the kinds whose field it is and the record's
// kind, and says what to do.
func (e *KindFieldError) Error() string {
	owners := make([]string, len(e.Owners))
	for i, o := range e.Owners {
		owners[i] = strconv.Quote(o)
	}
	return fmt.Sprintf("field %q is a field of kind %s records, not of this %s record: give its \"kind\" or drop the field", e.Key, strings.Join(owners, " or "), e.Kind)
}
