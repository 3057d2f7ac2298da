package export

import (
	"bytes"
	"slices"
)

// fpdf writes a page's boxes (TrimBox, BleedBox) from a map, so a book
// with bleed or a cover came out with them in either order from run to
// run: the same corpus and flags gave different bytes. sortPageBoxes
// puts each page's box lines in one order. The lines only trade places,
// so every object keeps its length and the cross-reference table stays
// right.

// pageObject starts a page's dictionary as fpdf writes it; its box lines
// follow the /Parent line and the page's own /MediaBox, if any.
var pageObject = []byte("<</Type /Page\n")

// sortPageBoxes sorts, in place, the run of box lines ("/TrimBox [...]",
// "/BleedBox [...]"; not /MediaBox, which fpdf writes before them) of
// each page dictionary of doc, a PDF as fpdf writes it, by name.
func sortPageBoxes(doc []byte) {
	var lines [][]byte
	var scratch []byte
	for at := 0; ; {
		i := bytes.Index(doc[at:], pageObject)
		if i < 0 {
			return
		}
		at += i + len(pageObject)
		first := -1
		lines = lines[:0]
	scan:
		for end := at; end < len(doc) && doc[end] == '/'; {
			n := bytes.IndexByte(doc[end:], '\n')
			if n < 0 {
				return
			}
			line := doc[end : end+n+1]
			name, _, ok := bytes.Cut(line, []byte(" ["))
			switch {
			case ok && bytes.HasSuffix(name, []byte("Box")) && !bytes.Equal(name, []byte("/MediaBox")):
				if first < 0 {
					first = end
				}
				lines = append(lines, line)
			case first >= 0:
				break scan // the run of box lines ended
			}
			end += n + 1
		}
		if len(lines) < 2 {
			continue
		}
		scratch = scratch[:0]
		for _, l := range lines {
			scratch = append(scratch, l...)
		}
		sorted := make([][]byte, len(lines)) // views into scratch, then sorted
		off := 0
		for k, l := range lines {
			sorted[k] = scratch[off : off+len(l)]
			off += len(l)
		}
		slices.SortFunc(sorted, bytes.Compare)
		w := first
		for _, l := range sorted {
			w += copy(doc[w:], l)
		}
	}
}
