package export

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"

	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
)

// A TrueType font file, table by table (the OpenType "sfnt" container):
// enough to take one font out of a collection (.ttc), to change a glyph
// and to write the file again with correct offsets and checksums. The
// PDF library embeds TrueType outlines (glyf) only.

// sfntTables is a font's tables by tag.
type sfntTables map[string][]byte

var (
	errCFF  = errors.New("CFF outlines")
	errWOFF = errors.New("web font")
)

// readSFNT reads the tables of a TrueType font file, or of the font at
// index of a collection. A font with CFF (PostScript) outlines returns
// errCFF, a WOFF file errWOFF.
func readSFNT(data []byte, index int) (sfntTables, error) {
	if len(data) < 12 {
		return nil, errors.New("too short for a font file")
	}
	switch string(data[:4]) {
	case "ttcf":
		n := int(binary.BigEndian.Uint32(data[8:]))
		if index < 0 || index >= n || 12+4*n > len(data) {
			return nil, fmt.Errorf("font collection of %d fonts: no font %d", n, index)
		}
		off := int(binary.BigEndian.Uint32(data[12+4*index:]))
		return readTableDir(data, off)
	case "wOFF", "wOF2":
		return nil, errWOFF
	}
	return readTableDir(data, 0)
}

// readTableDir reads the table directory at off.
func readTableDir(data []byte, off int) (sfntTables, error) {
	if off < 0 || off+12 > len(data) {
		return nil, errors.New("table directory outside the file")
	}
	switch v := binary.BigEndian.Uint32(data[off:]); v {
	case 0x00010000, 0x74727565: // TrueType: 1.0 or 'true'
	case 0x4F54544F: // 'OTTO'
		return nil, errCFF
	default:
		return nil, fmt.Errorf("not a TrueType or OpenType font (starts with 0x%08X)", v)
	}
	n := int(binary.BigEndian.Uint16(data[off+4:]))
	if off+12+16*n > len(data) {
		return nil, errors.New("table directory runs past the end of the file")
	}
	t := sfntTables{}
	for i := 0; i < n; i++ {
		rec := data[off+12+16*i:]
		tag := string(rec[:4])
		o, l := int(binary.BigEndian.Uint32(rec[8:])), int(binary.BigEndian.Uint32(rec[12:]))
		if o < 0 || l < 0 || o+l > len(data) || o+l < o {
			return nil, fmt.Errorf("table %q runs past the end of the file", tag)
		}
		t[tag] = data[o : o+l]
	}
	return t, nil
}

// bytes writes the tables as one TrueType font file (writeTTF: tables
// sorted by tag, each 4-byte aligned, with their checksums) and sets
// head's checkSumAdjustment as the format asks: the head table is summed
// with it zero, then it is set so the whole file sums to 0xB1B0AFBA.
func (t sfntTables) bytes() []byte {
	if h := t["head"]; len(h) >= 12 {
		h = append([]byte(nil), h...)
		binary.BigEndian.PutUint32(h[8:], 0)
		t["head"] = h
	}
	out := writeTTF(t)
	if tt, err := readTableDir(out, 0); err == nil && len(tt["head"]) >= 12 {
		binary.BigEndian.PutUint32(tt["head"][8:], 0xB1B0AFBA-ttfSum(out))
	}
	return out
}

// glyphs returns the glyf data of every glyph (by the loca table).
func (t sfntTables) glyphs() ([][]byte, error) {
	head, maxp, loca, glyf := t["head"], t["maxp"], t["loca"], t["glyf"]
	if len(head) < 54 || len(maxp) < 6 || loca == nil || glyf == nil {
		return nil, errors.New("no head, maxp, loca or glyf table")
	}
	n := int(binary.BigEndian.Uint16(maxp[4:]))
	long := binary.BigEndian.Uint16(head[50:]) == 1
	at := func(i int) int {
		if long {
			return int(binary.BigEndian.Uint32(loca[4*i:]))
		}
		return 2 * int(binary.BigEndian.Uint16(loca[2*i:]))
	}
	if (long && len(loca) < 4*(n+1)) || (!long && len(loca) < 2*(n+1)) {
		return nil, errors.New("loca table too short")
	}
	out := make([][]byte, n)
	for i := range out {
		a, b := at(i), at(i+1)
		if a > b || b > len(glyf) {
			return nil, fmt.Errorf("glyph %d outside the glyf table", i)
		}
		out[i] = glyf[a:b]
	}
	return out, nil
}

// setGlyphs writes glyf and a long loca table for the glyphs.
func (t sfntTables) setGlyphs(gs [][]byte) {
	var glyf []byte
	loca := make([]byte, 0, 4*(len(gs)+1))
	for _, g := range gs {
		loca = binary.BigEndian.AppendUint32(loca, uint32(len(glyf)))
		glyf = append(glyf, g...)
		for len(glyf)%4 != 0 {
			glyf = append(glyf, 0)
		}
	}
	loca = binary.BigEndian.AppendUint32(loca, uint32(len(glyf)))
	head := append([]byte(nil), t["head"]...)
	binary.BigEndian.PutUint16(head[50:], 1)
	t["head"], t["glyf"], t["loca"] = head, glyf, loca
}

// point is a TrueType outline point in font units, y up.
type point struct {
	x, y int
	on   bool
}

// contours returns the outline of glyph r of f in font units, contour by
// contour, as TrueType points (quadratic curves, off-curve controls).
func contours(f *sfnt.Font, r rune) ([][]point, sfnt.GlyphIndex, error) {
	var b sfnt.Buffer
	gi, err := f.GlyphIndex(&b, r)
	if err != nil || gi == 0 {
		return nil, 0, fmt.Errorf("no glyph for %q", r)
	}
	upem := fixed.Int26_6(f.UnitsPerEm())
	segs, err := f.LoadGlyph(&b, gi, upem<<6, nil)
	if err != nil {
		return nil, 0, err
	}
	pt := func(p fixed.Point26_6, on bool) point {
		return point{int(math.Round(float64(p.X) / 64)), -int(math.Round(float64(p.Y) / 64)), on}
	}
	var out [][]point
	for _, s := range segs {
		switch s.Op {
		case sfnt.SegmentOpMoveTo:
			out = append(out, []point{pt(s.Args[0], true)})
		case sfnt.SegmentOpLineTo:
			out[len(out)-1] = append(out[len(out)-1], pt(s.Args[0], true))
		case sfnt.SegmentOpQuadTo:
			out[len(out)-1] = append(out[len(out)-1], pt(s.Args[0], false), pt(s.Args[1], true))
		default:
			return nil, 0, errors.New("cubic outline")
		}
	}
	for i, c := range out { // a contour closes by itself: drop a repeated start
		if n := len(c); n > 1 && c[n-1] == c[0] {
			out[i] = c[:n-1]
		}
	}
	return out, gi, nil
}

// onBounds is the box of a contour's on-curve points (where TrueType
// outlines keep their extremes).
func onBounds(c []point) (x0, y0, x1, y1 int) {
	x0, y0, x1, y1 = math.MaxInt, math.MaxInt, math.MinInt, math.MinInt
	for _, p := range c {
		if p.on {
			x0, y0, x1, y1 = min(x0, p.x), min(y0, p.y), max(x1, p.x), max(y1, p.y)
		}
	}
	return
}

// encodeGlyph writes a simple glyph (no instructions) of the contours.
func encodeGlyph(cs [][]point) []byte {
	x0, y0, x1, y1 := math.MaxInt, math.MaxInt, math.MinInt, math.MinInt
	total := 0
	for _, c := range cs {
		for _, p := range c {
			x0, y0, x1, y1 = min(x0, p.x), min(y0, p.y), max(x1, p.x), max(y1, p.y)
		}
		total += len(c)
	}
	var g []byte
	for _, v := range []int{len(cs), x0, y0, x1, y1} {
		g = binary.BigEndian.AppendUint16(g, uint16(int16(v)))
	}
	end := -1
	for _, c := range cs {
		end += len(c)
		g = binary.BigEndian.AppendUint16(g, uint16(end))
	}
	g = binary.BigEndian.AppendUint16(g, 0) // no instructions
	for _, c := range cs {
		for _, p := range c {
			if p.on {
				g = append(g, 1)
			} else {
				g = append(g, 0)
			}
		}
	}
	for axis := 0; axis < 2; axis++ { // x deltas, then y deltas, as int16
		last := 0
		for _, c := range cs {
			for _, p := range c {
				v := p.x
				if axis == 1 {
					v = p.y
				}
				g = binary.BigEndian.AppendUint16(g, uint16(int16(v-last)))
				last = v
			}
		}
	}
	return g
}

// plainZero returns the TrueType font ttf with its digit zero drawn
// without the slash (the Go fonts slash their zero, as programmers'
// fonts do, which looks out of place in a book's page numbers and
// titles). The zero's outer contour is kept; its counter, which the
// slash cuts in two, becomes one oval: the outer contour mapped onto the
// box of the two halves of the counter, and reversed, as a counter must
// wind against its outline.
func plainZero(ttf []byte) ([]byte, error) {
	f, err := sfnt.Parse(ttf)
	if err != nil {
		return nil, err
	}
	cs, gi, err := contours(f, '0')
	if err != nil {
		return nil, err
	}
	if len(cs) < 2 {
		return nil, fmt.Errorf("zero has %d contours: no counter to redraw", len(cs))
	}
	outer := 0
	area := func(c []point) int {
		x0, y0, x1, y1 := onBounds(c)
		return (x1 - x0) * (y1 - y0)
	}
	for i, c := range cs {
		if area(c) > area(cs[outer]) {
			outer = i
		}
	}
	ox0, oy0, ox1, oy1 := onBounds(cs[outer])
	ix0, iy0, ix1, iy1 := math.MaxInt, math.MaxInt, math.MinInt, math.MinInt
	for i, c := range cs {
		if i != outer {
			a, b, c2, d := onBounds(c)
			ix0, iy0, ix1, iy1 = min(ix0, a), min(iy0, b), max(ix1, c2), max(iy1, d)
		}
	}
	if !(ox0 < ix0 && ix1 < ox1 && oy0 < iy0 && iy1 < oy1) {
		return nil, errors.New("zero's counter is not inside its outline")
	}
	sx := float64(ix1-ix0) / float64(ox1-ox0)
	sy := float64(iy1-iy0) / float64(oy1-oy0)
	src := cs[outer]
	inner := make([]point, len(src))
	for i, p := range src {
		inner[len(src)-1-i] = point{
			x:  ix0 + int(math.Round(float64(p.x-ox0)*sx)),
			y:  iy0 + int(math.Round(float64(p.y-oy0)*sy)),
			on: p.on,
		}
	}
	t, err := readSFNT(ttf, 0)
	if err != nil {
		return nil, err
	}
	gs, err := t.glyphs()
	if err != nil {
		return nil, err
	}
	if int(gi) >= len(gs) {
		return nil, errors.New("zero's glyph index outside the font")
	}
	gs[gi] = encodeGlyph([][]point{src, inner})
	t.setGlyphs(gs)
	// Device metrics and signatures no longer match the glyph.
	for _, tag := range []string{"hdmx", "LTSH", "VDMX", "DSIG"} {
		delete(t, tag)
	}
	return t.bytes(), nil
}
