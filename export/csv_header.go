package export

import "bytes"

// csvHeaderStart is how the csv format's header row starts (its first
// two columns), the row `export --format csv`, `batch --format csv` and
// `grade --format csv` write first.
var csvHeaderStart = []byte(CSVColumns[0] + "," + CSVColumns[1] + ",")

// csvHeaderLine says, for a plain line that is the csv format's header
// row, that the readers do not read CSV and what to give them; "" for any
// other line. Without it the header was reported as a puzzle of 6
// characters ("puzzle has 6 characters, expected 16 for 4x4"), which
// names no problem a user can see.
func csvHeaderLine(b []byte) string {
	if !bytes.HasPrefix(b, csvHeaderStart) {
		return ""
	}
	return "the header row of a CSV file (puzzle,solution,...; --format csv writes it): sudogen reads JSONL records and puzzle lines, not CSV; write the corpus as jsonl (--format jsonl) to read it back"
}

// CSVHeaderError is the *LineError of plain line n of file, b, when b is
// the csv format's header row (csvHeaderLine); nil for any other line.
// For readers that read a plain line their own way (a command's
// --variant), so that they refuse a CSV file as ParseLine does.
func CSVHeaderError(file string, n int, b []byte) *LineError {
	msg := csvHeaderLine(bytes.TrimSpace(b))
	if msg == "" {
		return nil
	}
	return lineErrorf(file, n, "%s", msg)
}
