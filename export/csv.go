package export

import (
	"strconv"
	"strings"
)

// CSV is the spreadsheet-and-dataframe format: RFC 4180 comma-separated
// values, a header row, then a row a record with the same columns for
// every kind (empty where a field does not apply). The first columns are
// what most readers want (puzzle, solution, rating, tier), then every
// other field of the record (docs/records.md), and last "fields", the
// kind's own fields as one JSON object (docs/export.md, "CSV, txt and se"):
//
//   - puzzle: a Sudoku's cells ('.' empty), or a slide board's tiles
//     separated by spaces;
//   - solution: the Sudoku solution, or the slide solution's move letters;
//   - box: "RxC"; techniques: the JSON object of step counts;
//   - numbers as in the JSONL record (ratings with a fraction, 2.0);
//     booleans true or false;
//   - fields: a variant's {"variants":[...],"regions":"..."}, a killer's
//     {"variant":"x","cages":[...]}, empty for sudoku and slide records.
//
// Fields holding a comma, a quote or a line break are quoted, quotes
// doubled. Lines end with \n (Excel, LibreOffice, pandas and Python's csv
// module read it; RFC 4180's \r\n is optional for them).
var CSV = &LineFormat{
	Name:       "csv",
	Extensions: []string{".csv"},
	Summary:    "comma-separated values with a header: puzzle, solution, rating, tier, then every other field",
	Header:     appendCSVHeader,
	Append: func(dst []byte, rec *Record) ([]byte, error) {
		return append(AppendCSVRow(dst, rec), '\n'), nil
	},
}

// csvColumn is one column: its header and how a record's cell is written
// (nothing for an empty cell; quoting is done by the caller).
type csvColumn struct {
	name string
	cell func(dst []byte, r *Record) []byte
}

// CSVColumns lists the header of the csv format.
var CSVColumns = func() []string {
	out := make([]string, len(csvColumns))
	for i, c := range csvColumns {
		out[i] = c.name
	}
	return out
}()

func csvStr(f func(r *Record) string) func([]byte, *Record) []byte {
	return func(dst []byte, r *Record) []byte { return append(dst, f(r)...) }
}

func csvInt(f func(r *Record) int) func([]byte, *Record) []byte {
	return func(dst []byte, r *Record) []byte {
		if n := f(r); n != 0 {
			dst = strconv.AppendInt(dst, int64(n), 10)
		}
		return dst
	}
}

// csvPtr writes an optional field: nothing when absent.
func csvPtr[T any](f func(r *Record) *T, write func([]byte, T) []byte) func([]byte, *Record) []byte {
	return func(dst []byte, r *Record) []byte {
		if p := f(r); p != nil {
			dst = write(dst, *p)
		}
		return dst
	}
}

func appendIntCell(dst []byte, n int) []byte { return strconv.AppendInt(dst, int64(n), 10) }

func csvIntPtr(f func(r *Record) *int) func([]byte, *Record) []byte {
	return csvPtr(f, appendIntCell)
}

func csvBoolPtr(f func(r *Record) *bool) func([]byte, *Record) []byte {
	return csvPtr(f, strconv.AppendBool)
}

func csvFloat(f func(r *Record) float64) func([]byte, *Record) []byte {
	return func(dst []byte, r *Record) []byte {
		if v := f(r); v != 0 {
			dst = appendFloat(dst, v)
		}
		return dst
	}
}

var csvColumns = []csvColumn{
	{"puzzle", func(dst []byte, r *Record) []byte {
		if line := kindOf(r.Kind).Line; line != nil {
			// A record without the kind's board has an empty cell.
			out, _ := line(dst, r)
			return out
		}
		return append(dst, r.Puzzle...)
	}},
	{"solution", csvStr(func(r *Record) string { return r.Solution })},
	{"rating", csvFloat(func(r *Record) float64 { return r.Rating })},
	{"tier", csvStr(func(r *Record) string { return r.Tier })},
	{"id", csvStr(func(r *Record) string { return r.ID })},
	{"kind", csvStr(func(r *Record) string { return r.Kind })},
	{"size", csvInt(func(r *Record) int { return r.Size })},
	{"box", func(dst []byte, r *Record) []byte {
		for i, n := range r.Box {
			if i > 0 {
				dst = append(dst, 'x')
			}
			dst = strconv.AppendInt(dst, int64(n), 10)
		}
		return dst
	}},
	{"givens", csvInt(func(r *Record) int { return r.Givens })},
	{"minimal", csvBoolPtr(func(r *Record) *bool { return r.Minimal })},
	{"symmetry", csvStr(func(r *Record) string { return r.Symmetry })},
	{"rating_at_least", csvFloat(func(r *Record) float64 { return r.RatingAtLeast })},
	{"ep", csvFloat(func(r *Record) float64 { return r.EP })},
	{"ed", csvFloat(func(r *Record) float64 { return r.ED })},
	{"hardest", csvStr(func(r *Record) string { return r.Hardest })},
	{"techniques", func(dst []byte, r *Record) []byte {
		if len(r.Techniques) == 0 {
			return dst
		}
		return appendCounts(dst, r.Techniques)
	}},
	{"level", csvStr(func(r *Record) string { return r.Level })},
	{"score", csvInt(func(r *Record) int { return r.Score })},
	{"goal", csvStr(func(r *Record) string { return r.Goal })},
	{"optimal", csvIntPtr(func(r *Record) *int { return r.Optimal })},
	{"move_piece", csvStr(func(r *Record) string { return r.MovePiece })},
	{"length", csvIntPtr(func(r *Record) *int { return r.Length })},
	{"lower_bound", csvIntPtr(func(r *Record) *int { return r.LowerBound })},
	{"exact", csvBoolPtr(func(r *Record) *bool { return r.Exact })},
	{"canonical", csvStr(func(r *Record) string { return r.Canonical })},
	{"seed", func(dst []byte, r *Record) []byte {
		if r.Unseeded {
			return dst
		}
		return strconv.AppendUint(dst, r.Seed, 10)
	}},
	{"index", func(dst []byte, r *Record) []byte {
		if r.Unseeded {
			return dst
		}
		return strconv.AppendInt(dst, r.Index, 10)
	}},
	{"fields", appendKindFields},
}

// appendKindFields writes a record's kind fields (RecordKind.Fields: a
// variant's "variants" and "regions", a killer's "variant" and "cages")
// as one JSON object, the members as the JSONL record writes them and in
// its order, as the workbook's "fields" column holds them; nothing for a
// record without kind fields (sudoku, slide).
func appendKindFields(dst []byte, r *Record) []byte {
	if r.Fields == nil {
		return dst
	}
	start := len(dst)
	dst = r.Fields.AppendJSON(dst)
	if len(dst)-start < 2 || dst[start] != ',' {
		return dst[:start]
	}
	dst[start] = '{'
	return append(dst, '}')
}

func appendCSVHeader(dst []byte) []byte {
	return append(append(dst, strings.Join(CSVColumns, ",")...), '\n')
}

// AppendCSVRow appends rec's row of the csv format, without the line end
// (a caller may add columns of its own, as grade adds status).
func AppendCSVRow(dst []byte, rec *Record) []byte {
	var cell [256]byte
	for i, c := range csvColumns {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = AppendCSVField(dst, c.cell(cell[:0], rec))
	}
	return dst
}

// AppendCSVField appends one CSV field, quoted when it holds a comma, a
// quote, a line break or leading white space (as encoding/csv quotes).
func AppendCSVField(dst []byte, field []byte) []byte {
	if !csvNeedsQuotes(field) {
		return append(dst, field...)
	}
	dst = append(dst, '"')
	for _, c := range field {
		if c == '"' {
			dst = append(dst, '"')
		}
		dst = append(dst, c)
	}
	return append(dst, '"')
}

func csvNeedsQuotes(f []byte) bool {
	if len(f) == 0 {
		return false
	}
	if f[0] == ' ' || f[0] == '\t' || string(f) == `\.` {
		return true
	}
	for _, c := range f {
		if c == ',' || c == '"' || c == '\n' || c == '\r' {
			return true
		}
	}
	return false
}
