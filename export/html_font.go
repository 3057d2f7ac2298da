package export

import (
	"encoding/base64"
	"encoding/binary"
	"fmt"
	"sort"
	"strings"
	"sync"

	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/sfnt"
)

// The play page draws board symbols, keypad and tiles in the Go fonts (as
// the PDF books do), inlined as small TrueType subsets: the symbols
// 0-9 and A-P only, hinting dropped, names and license kept.

// playGlyphs are the characters the subsets hold.
const playGlyphs = "0123456789ABCDEFGHIJKLMNOP"

var (
	fontOnce sync.Once
	fontCSS  string
	fontErr  error
)

// playFontCSS returns the @font-face rules of the page's symbol font
// ("SudogenSymbols", regular and bold), the fonts as data: URLs.
func playFontCSS() (string, error) {
	fontOnce.Do(func() {
		var b strings.Builder
		for _, f := range []struct {
			ttf    []byte
			weight int
		}{{goregular.TTF, 400}, {gobold.TTF, 700}} {
			sub, err := subsetTTF(f.ttf, playGlyphs)
			if err != nil {
				fontErr = fmt.Errorf("html: font subset: %v", err)
				return
			}
			fmt.Fprintf(&b, "@font-face{font-family:SudogenSymbols;font-weight:%d;font-display:block;src:url(data:font/ttf;base64,%s) format(\"truetype\")}\n",
				f.weight, base64.StdEncoding.EncodeToString(sub))
		}
		fontCSS = b.String()
	})
	return fontCSS, fontErr
}

// ttfTables reads a TrueType file's table directory.
func ttfTables(b []byte) (map[string][]byte, error) {
	if len(b) < 12 {
		return nil, fmt.Errorf("too short")
	}
	n := int(binary.BigEndian.Uint16(b[4:]))
	out := map[string][]byte{}
	for i := 0; i < n; i++ {
		r := b[12+16*i:]
		off, ln := int(binary.BigEndian.Uint32(r[8:])), int(binary.BigEndian.Uint32(r[12:]))
		if off+ln > len(b) {
			return nil, fmt.Errorf("table %q out of the file", r[:4])
		}
		out[string(r[:4])] = b[off : off+ln]
	}
	for _, t := range []string{"head", "hhea", "maxp", "hmtx", "loca", "glyf", "OS/2", "name", "post"} {
		if out[t] == nil {
			return nil, fmt.Errorf("no %s table", t)
		}
	}
	return out, nil
}

// subsetTTF keeps the glyphs of chars (and .notdef) of a TrueType font:
// glyph outlines copied as they are, their instructions and the hinting
// tables dropped, a new cmap, metrics, loca and a short name table.
func subsetTTF(font []byte, chars string) ([]byte, error) {
	tb, err := ttfTables(font)
	if err != nil {
		return nil, err
	}
	f, err := sfnt.Parse(font)
	if err != nil {
		return nil, err
	}
	be := binary.BigEndian
	numGlyphs := int(be.Uint16(tb["maxp"][4:]))
	longLoca := be.Uint16(tb["head"][50:]) == 1
	glyphAt := func(gid int) []byte {
		var a, z int
		if longLoca {
			a, z = int(be.Uint32(tb["loca"][4*gid:])), int(be.Uint32(tb["loca"][4*gid+4:]))
		} else {
			a, z = 2*int(be.Uint16(tb["loca"][2*gid:])), 2*int(be.Uint16(tb["loca"][2*gid+2:]))
		}
		return tb["glyf"][a:z]
	}
	nhm := int(be.Uint16(tb["hhea"][34:]))
	metrics := func(gid int) (uint16, uint16) {
		if gid < nhm {
			return be.Uint16(tb["hmtx"][4*gid:]), be.Uint16(tb["hmtx"][4*gid+2:])
		}
		return be.Uint16(tb["hmtx"][4*(nhm-1):]), be.Uint16(tb["hmtx"][4*nhm+2*(gid-nhm):])
	}

	// New glyph order: .notdef, then the characters' glyphs.
	type cmapEntry struct {
		r   rune
		gid int
	}
	var buf sfnt.Buffer
	old := []int{0}
	var cmap []cmapEntry
	for _, r := range chars {
		g, err := f.GlyphIndex(&buf, r)
		if err != nil || g == 0 {
			return nil, fmt.Errorf("no glyph for %q", r)
		}
		cmap = append(cmap, cmapEntry{r, len(old)})
		old = append(old, int(g))
	}
	sort.Slice(cmap, func(i, j int) bool { return cmap[i].r < cmap[j].r })

	var glyf, loca, hmtx []byte
	for _, gid := range old {
		if gid >= numGlyphs {
			return nil, fmt.Errorf("glyph %d out of range", gid)
		}
		loca = be.AppendUint32(loca, uint32(len(glyf)))
		g, err := stripInstructions(glyphAt(gid))
		if err != nil {
			return nil, fmt.Errorf("glyph %d: %v", gid, err)
		}
		glyf = append(glyf, g...)
		for len(glyf)%4 != 0 {
			glyf = append(glyf, 0)
		}
		adv, lsb := metrics(gid)
		hmtx = be.AppendUint16(be.AppendUint16(hmtx, adv), lsb)
	}
	loca = be.AppendUint32(loca, uint32(len(glyf)))

	head := append([]byte(nil), tb["head"]...)
	be.PutUint32(head[8:], 0) // checkSumAdjustment, set below
	be.PutUint16(head[50:], 1)
	hhea := append([]byte(nil), tb["hhea"]...)
	be.PutUint16(hhea[34:], uint16(len(old)))
	maxp := append([]byte(nil), tb["maxp"]...)
	be.PutUint16(maxp[4:], uint16(len(old)))
	os2 := append([]byte(nil), tb["OS/2"]...)
	be.PutUint16(os2[64:], uint16(cmap[0].r))
	be.PutUint16(os2[66:], uint16(cmap[len(cmap)-1].r))
	post := append([]byte(nil), tb["post"][:32]...)
	be.PutUint32(post[0:], 0x00030000) // no glyph names

	// cmap: format 4, one segment per character, for Windows Unicode BMP.
	segs := len(cmap) + 1
	var sub []byte
	sub = be.AppendUint16(sub, 4)
	sub = be.AppendUint16(sub, uint16(16+8*segs))
	sub = be.AppendUint16(sub, 0)
	sr := 1
	es := 0
	for sr*2 <= segs {
		sr *= 2
		es++
	}
	sub = be.AppendUint16(sub, uint16(2*segs))
	sub = be.AppendUint16(sub, uint16(2*sr))
	sub = be.AppendUint16(sub, uint16(es))
	sub = be.AppendUint16(sub, uint16(2*segs-2*sr))
	for _, c := range cmap {
		sub = be.AppendUint16(sub, uint16(c.r))
	}
	sub = be.AppendUint16(sub, 0xFFFF)
	sub = be.AppendUint16(sub, 0)
	for _, c := range cmap {
		sub = be.AppendUint16(sub, uint16(c.r))
	}
	sub = be.AppendUint16(sub, 0xFFFF)
	for _, c := range cmap {
		sub = be.AppendUint16(sub, uint16(c.gid-int(c.r)))
	}
	sub = be.AppendUint16(sub, 1)
	for i := 0; i < segs; i++ {
		sub = be.AppendUint16(sub, 0)
	}
	var cmapT []byte
	cmapT = be.AppendUint16(cmapT, 0)
	cmapT = be.AppendUint16(cmapT, 1)
	cmapT = be.AppendUint16(cmapT, 3)
	cmapT = be.AppendUint16(cmapT, 1)
	cmapT = be.AppendUint32(cmapT, 12)
	cmapT = append(cmapT, sub...)

	name, err := shortNameTable(tb["name"])
	if err != nil {
		return nil, err
	}
	tables := map[string][]byte{
		"OS/2": os2, "cmap": cmapT, "glyf": glyf, "head": head, "hhea": hhea,
		"hmtx": hmtx, "loca": loca, "maxp": maxp, "name": name, "post": post,
	}
	out := writeTTF(tables)
	// head.checkSumAdjustment makes the whole file sum to 0xB1B0AFBA.
	headOff := 0
	for i := 0; i < len(tables); i++ {
		r := out[12+16*i:]
		if string(r[:4]) == "head" {
			headOff = int(be.Uint32(r[8:]))
		}
	}
	be.PutUint32(out[headOff+8:], 0xB1B0AFBA-ttfSum(out))
	return out, nil
}

// stripInstructions drops a glyph's hinting instructions (the subset has
// no fpgm, prep or cvt for them to use). Composite glyphs are refused: the
// symbols of the Go fonts have none.
func stripInstructions(g []byte) ([]byte, error) {
	if len(g) == 0 {
		return g, nil
	}
	be := binary.BigEndian
	nc := int(int16(be.Uint16(g)))
	if nc < 0 {
		return nil, fmt.Errorf("composite glyph")
	}
	at := 10 + 2*nc
	if at+2 > len(g) {
		return nil, fmt.Errorf("short glyph")
	}
	il := int(be.Uint16(g[at:]))
	if at+2+il > len(g) {
		return nil, fmt.Errorf("short glyph")
	}
	out := append([]byte(nil), g[:at]...)
	out = append(out, 0, 0)
	return append(out, g[at+2+il:]...), nil
}

// shortNameTable keeps the Windows-platform records of the names a font
// needs and its notices: copyright, family, subfamily, full name,
// PostScript name, license and license URL.
func shortNameTable(name []byte) ([]byte, error) {
	be := binary.BigEndian
	if len(name) < 6 {
		return nil, fmt.Errorf("short name table")
	}
	count, strOff := int(be.Uint16(name[2:])), int(be.Uint16(name[4:]))
	keep := map[uint16]bool{0: true, 1: true, 2: true, 4: true, 6: true, 13: true, 14: true}
	var recs, strs []byte
	n := 0
	for i := 0; i < count; i++ {
		r := name[6+12*i:]
		if be.Uint16(r) != 3 || !keep[be.Uint16(r[6:])] {
			continue
		}
		ln, off := int(be.Uint16(r[8:])), int(be.Uint16(r[10:]))
		if strOff+off+ln > len(name) {
			return nil, fmt.Errorf("name record out of the table")
		}
		recs = append(recs, r[:8]...)
		recs = be.AppendUint16(recs, uint16(ln))
		recs = be.AppendUint16(recs, uint16(len(strs)))
		strs = append(strs, name[strOff+off:strOff+off+ln]...)
		n++
	}
	var out []byte
	out = be.AppendUint16(out, 0)
	out = be.AppendUint16(out, uint16(n))
	out = be.AppendUint16(out, uint16(6+12*n))
	return append(append(out, recs...), strs...), nil
}

// writeTTF lays out the tables (sorted by tag, each 4-byte aligned) with
// their directory and checksums.
func writeTTF(tables map[string][]byte) []byte {
	be := binary.BigEndian
	tags := make([]string, 0, len(tables))
	for t := range tables {
		tags = append(tags, t)
	}
	sort.Strings(tags)
	n := len(tags)
	sr, es := 1, 0
	for sr*2 <= n {
		sr *= 2
		es++
	}
	var out []byte
	out = be.AppendUint32(out, 0x00010000)
	out = be.AppendUint16(out, uint16(n))
	out = be.AppendUint16(out, uint16(16*sr))
	out = be.AppendUint16(out, uint16(es))
	out = be.AppendUint16(out, uint16(16*n-16*sr))
	off := 12 + 16*n
	var body []byte
	for _, t := range tags {
		d := tables[t]
		out = append(out, t...)
		out = be.AppendUint32(out, ttfSum(d))
		out = be.AppendUint32(out, uint32(off+len(body)))
		out = be.AppendUint32(out, uint32(len(d)))
		body = append(body, d...)
		for len(body)%4 != 0 {
			body = append(body, 0)
		}
	}
	return append(out, body...)
}

// ttfSum is the TrueType checksum: the sum of big-endian uint32 words,
// the last one padded with zeros.
func ttfSum(b []byte) uint32 {
	var s uint32
	for i := 0; i < len(b); i += 4 {
		var w [4]byte
		copy(w[:], b[i:])
		s += binary.BigEndian.Uint32(w[:])
	}
	return s
}
