package export

import (
	"bytes"
	"compress/zlib"
	"errors"
	"fmt"
	"sort"
	"strconv"
)

// fpdf compresses every page's content with a new zlib writer, and a
// zlib writer costs a megabyte of memory to set up: in a 3,000-page book
// that was half of all the CPU time. So the book is written with fpdf's
// compression off and its page streams compressed here afterwards, with
// one writer reset from page to page (the same deflate level, fpdf's
// BestSpeed, so the same file size); the objects move, so the
// cross-reference table is written again.

// pageStream is the start of an uncompressed content stream as fpdf
// writes it: "<</Length N>>\nstream\n".
var pageStream = []byte("<</Length ")

// compressStreams returns doc, a PDF as fpdf writes it without
// compression, with each plain "<</Length N>>" stream compressed
// (/Filter /FlateDecode) and the xref table and startxref moved to
// match. Streams with any other dictionary (fonts, which fpdf compresses
// itself) are copied as they are.
func compressStreams(doc []byte) ([]byte, error) {
	xrefAt, offsets, err := readXref(doc)
	if err != nil {
		return nil, err
	}
	// Objects in file order; each one's new offset is its old one plus
	// the shrinkage so far.
	order := make([]int, 0, len(offsets))
	for i, o := range offsets {
		if o > 0 {
			order = append(order, i)
		}
	}
	sort.Slice(order, func(a, b int) bool { return offsets[order[a]] < offsets[order[b]] })
	out := make([]byte, 0, len(doc)/2)
	var z bytes.Buffer
	zw, _ := zlib.NewWriterLevel(&z, zlib.BestSpeed)
	newOff := make([]int, len(offsets))
	pos := 0 // copied up to here
	for k, obj := range order {
		start := offsets[obj]
		end := xrefAt
		if k+1 < len(order) {
			end = offsets[order[k+1]]
		}
		if start < pos || end > len(doc) || start > end {
			return nil, errors.New("pdf: objects overlap")
		}
		out = append(out, doc[pos:start]...)
		newOff[obj] = len(out)
		body := doc[start:end]
		pos = end
		// "N 0 obj\n<</Length L>>\nstream\n" + L bytes + "\nendstream\nendobj\n"
		nl := bytes.IndexByte(body, '\n')
		if nl < 0 || !bytes.HasPrefix(body[nl+1:], pageStream) {
			out = append(out, body...)
			continue
		}
		rest := body[nl+1+len(pageStream):]
		gt := bytes.Index(rest, []byte(">>\nstream\n"))
		if gt < 0 {
			out = append(out, body...)
			continue
		}
		n, err := strconv.Atoi(string(rest[:gt]))
		data := rest[gt+len(">>\nstream\n"):]
		if err != nil || n > len(data) || !bytes.HasPrefix(data[n:], []byte("\nendstream")) {
			out = append(out, body...)
			continue
		}
		z.Reset()
		zw.Reset(&z)
		if _, err := zw.Write(data[:n]); err != nil {
			return nil, err
		}
		if err := zw.Close(); err != nil {
			return nil, err
		}
		out = append(out, body[:nl+1]...)
		out = fmt.Appendf(out, "<</Filter /FlateDecode /Length %d>>\nstream\n", z.Len())
		out = append(out, z.Bytes()...)
		out = append(out, data[n:]...)
	}
	out = append(out, doc[pos:xrefAt]...)
	newXref := len(out)
	out = fmt.Appendf(out, "xref\n0 %d\n0000000000 65535 f \n", len(offsets))
	for i := 1; i < len(offsets); i++ {
		out = fmt.Appendf(out, "%010d 00000 n \n", newOff[i])
	}
	tr := bytes.Index(doc[xrefAt:], []byte("trailer"))
	sx := bytes.LastIndex(doc, []byte("startxref\n"))
	if tr < 0 || sx < xrefAt {
		return nil, errors.New("pdf: no trailer")
	}
	out = append(out, doc[xrefAt+tr:sx]...)
	out = fmt.Appendf(out, "startxref\n%d\n%%%%EOF\n", newXref)
	return out, nil
}

// readXref reads fpdf's cross-reference table: where it starts and each
// object's offset (index 0, the free entry, is 0).
func readXref(doc []byte) (at int, offsets []int, err error) {
	sx := bytes.LastIndex(doc, []byte("startxref\n"))
	if sx < 0 {
		return 0, nil, errors.New("pdf: no startxref")
	}
	line := doc[sx+len("startxref\n"):]
	if i := bytes.IndexByte(line, '\n'); i >= 0 {
		line = line[:i]
	}
	at, err = strconv.Atoi(string(line))
	if err != nil || at < 0 || at >= sx || !bytes.HasPrefix(doc[at:], []byte("xref\n0 ")) {
		return 0, nil, errors.New("pdf: bad startxref")
	}
	p := at + len("xref\n0 ")
	nl := bytes.IndexByte(doc[p:], '\n')
	if nl < 0 {
		return 0, nil, errors.New("pdf: bad xref")
	}
	n, err := strconv.Atoi(string(doc[p : p+nl]))
	if err != nil || n < 1 {
		return 0, nil, errors.New("pdf: bad xref count")
	}
	p += nl + 1
	offsets = make([]int, n)
	for i := 0; i < n; i++ {
		if p+20 > len(doc) {
			return 0, nil, errors.New("pdf: xref runs past the end")
		}
		if i > 0 {
			if offsets[i], err = strconv.Atoi(string(doc[p : p+10])); err != nil {
				return 0, nil, errors.New("pdf: bad xref entry")
			}
		}
		p += 20
	}
	return at, offsets, nil
}
