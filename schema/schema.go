// Package schema holds the JSON Schemas (draft 2020-12) of sudogen's
// records, one file per kind and one for the output lines of grade:
//
//   - record.schema.json: any record, dispatched on "kind";
//   - sudoku.schema.json, slide.schema.json, variant.schema.json and
//     killer.schema.json: the record of each kind;
//   - grade.schema.json: a line of `sudogen grade`: a Sudoku, variant or
//     killer record (chosen by "kind"; slide records are not graded) plus
//     "status" and, on classic Sudoku lines, "filled".
//
// They describe record format export.FormatVersion; docs/records.md
// documents every field in words, with the rules a schema cannot state
// (each schema's description names those of its kind).
// The files reference each other by relative URI ("sudoku.schema.json"),
// under the base https://github.com/sudogen/sudogen/schema/: load them all
// into one validator. FS embeds them, for programs and tests that validate
// records.
package schema

import "embed"

// FS holds the schema files, named as in the package's folder.
//
//go:embed *.schema.json
var FS embed.FS

// Files lists the schema files in FS.
var Files = []string{"record.schema.json", "sudoku.schema.json", "slide.schema.json", "variant.schema.json", "killer.schema.json", "grade.schema.json"}

// BaseURI is the URI every schema file's $id is relative to.
const BaseURI = "https://github.com/sudogen/sudogen/schema/"
