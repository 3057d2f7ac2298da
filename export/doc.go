// Package export reads and writes puzzle records: the JSONL corpus (the
// record format of docs/records.md, checked by the JSON Schemas of package
// schema), plain text, CSV and Sudoku Explainer rating lines, PDF puzzle
// books, XLSX workbooks and the self-contained HTML play page. It reads
// records; it does not generate or grade (it may solve a puzzle to fill in
// a missing solution before printing it).
//
// Entry points:
//
//   - Record is one puzzle of any kind; DecodeRecord and AppendJSON (or
//     encoding/json, through Record's methods) read and write its JSON
//     line, every format version. NewReader reads a corpus line by line:
//     JSONL records or plain puzzle lines, bad lines reported with file
//     and line.
//   - LineFormats (JSONL, TXT, CSV, SE) with NewLineWriter and
//     CreateLineFile write a stream of records in a line format;
//     NewJSONLWriter and CreateJSONL write JSONL. Files are written under a
//     temporary name and renamed when complete.
//   - WritePDF, WriteXLSX and WriteHTML write a book, a workbook and a
//     play page from records (BookOptions, XLSXOptions, HTMLOptions);
//     CreatePDF, CreateXLSX and CreateHTML are the same as sinks a batch
//     run feeds as it goes.
//   - CheckRecord checks a record against itself (one solution, the
//     record's; slide moves reaching the goal) before it is published.
//
// Kinds: export registers the sudoku and slide records itself. Records of
// the other kinds are read, checked and written fully only in a program
// that imports the package registering the kind, usually blank:
//
//	import _ "github.com/sudogen/sudogen/killer"      // kind killer
//	import _ "github.com/sudogen/sudogen/variantkind" // kind variant
//	import _ "github.com/sudogen/sudogen/allkinds"    // every kind
//
// Without it a record of that kind keeps its own fields (cages, variants,
// regions, hodoku) verbatim as RawFields and AppendJSON writes them back
// (a line sudogen wrote comes back byte for byte), but CheckRecord
// refuses the record and names the import (KindPackage, NotRegistered).
//
// Every writer above is a sink of package batch (Write each record, then
// Close), so a run can write any of them as it makes puzzles.
package export
