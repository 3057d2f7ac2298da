package export

import (
	"bytes"
	"compress/flate"
	"embed"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"html"
	"io"
	"sort"
	"strconv"
	"strings"

	"github.com/sudogen/sudogen/internal/i18n"
	"github.com/sudogen/sudogen/internal/playpage"
)

// The play page's fixed part: the page skeleton, its style sheet and its
// script, embedded in the binary and inlined into every page.
//
//go:embed play/page.html play/play.css play/play.js
var playAssets embed.FS

// hintChunk is how many puzzles share one compressed block of hint data:
// the page inflates a block when a hint of one of its puzzles is asked for,
// so opening the page never waits for every puzzle's hints. Bigger blocks
// compress better (256: about 10% smaller than 64) and still inflate in a
// few milliseconds.
const hintChunk = 256

// playMeta is the page's uncompressed header (JSON in #sg-meta).
type playMeta struct {
	Version int    `json:"v"`
	Title   string `json:"title"` // the --title; "" names the page by Kinds in its language
	Kinds   string `json:"kinds"` // "sudoku", "slide" or "both"
	// Titles names the page's kinds for its title: [kind title key,
	// suffix] pairs in order (keys of playTitleKeys; the suffix " 6×6"
	// when all records of a titled kind share one size other than 9).
	Titles [][2]string `json:"titles"`
	Count  int         `json:"count"`
	Tiers  []string    `json:"tiers"` // tier names, easy to hard; records index them
	Techs  [][2]string `json:"techs"` // technique [id, display name]; hint steps index them
	Chunk  int         `json:"chunk"` // puzzles per hint block
	// Lang is the language asked for (--lang), "" to follow the
	// browser's; LangNames names each carried language in its own words.
	Lang      string            `json:"lang"`
	LangNames map[string]string `json:"langNames"`
	// TechOrder is the glossary's order of technique ids.
	TechOrder []string `json:"techOrder"`
}

// buildPage lays out the page: the skeleton with the style sheet, the
// header, the puzzle data and the hint blocks (both raw deflate, base64)
// and the script put in place.
func buildPage(recs []*Record, hints []*Hints, o HTMLOptions) (*bytes.Buffer, error) {
	meta := playMeta{Version: 2, Title: o.Title, Kinds: playKinds(recs), Titles: playTitles(recs), Count: len(recs), Chunk: hintChunk, TechOrder: o.TechOrder}
	langs, err := playLangs(o.Lang)
	if err != nil {
		return nil, err
	}
	extra := pageWords{killer: hasKind(recs, "killer")} // and implied windows, from the boards below
	if extra.killer {
		meta.TechOrder = withKillerTechs(meta.TechOrder)
	}
	// the words before the script runs (and without it): the page's
	// language, or English when it follows the browser's
	words := i18n.Get("en")
	if o.Lang != "" {
		words = i18n.Get(o.Lang)
		meta.Lang = words.Lang()
	}
	title := o.Title
	if title == "" {
		var names []string
		for _, kt := range meta.Titles {
			names = append(names, kindTitle(words, kt[0])+kt[1])
		}
		title = words.TitleList(names)
	}
	if meta.TechOrder == nil {
		meta.TechOrder = []string{}
	}
	tierIdx := map[string]int{}
	for _, r := range recs {
		if r.Tier != "" {
			tierIdx[r.Tier] = 0
		}
	}
	for t := range tierIdx {
		meta.Tiers = append(meta.Tiers, t)
	}
	sort.Slice(meta.Tiers, func(i, j int) bool { return tierLess(meta.Tiers[i], meta.Tiers[j]) })
	for i, t := range meta.Tiers {
		tierIdx[t] = i
	}
	techs := map[string]int{}

	// Puzzle data: one JSON array per record.
	var data bytes.Buffer
	data.WriteByte('[')
	for i, r := range recs {
		if i > 0 {
			data.WriteByte(',')
		}
		tier := -1
		if r.Tier != "" {
			tier = tierIdx[r.Tier]
		}
		var row []any
		switch kindOf(r.Kind).Cells {
		case GridCells:
			br, bc, err := playShape(r)
			if err != nil {
				return nil, fmt.Errorf("record %d (id %q): %v", i+1, r.ID, err)
			}
			row = []any{0, r.ID, tier, r.Rating, br, bc, playCells(r), hintFlag(hints[i])}
		case TileCells:
			row = []any{1, r.ID, tier, r.Size, playTiles(r.Tiles), optInt(r.Optimal), optInt(r.Length), optInt(r.LowerBound), r.Solution}
		default:
			k := kindOf(r.Kind)
			if k.Play == nil {
				return nil, fmt.Errorf("record %d (id %q): kind %q: the play page cannot show these puzzles yet", i+1, r.ID, r.Kind)
			}
			pb, err := k.Play(r)
			if err != nil {
				return nil, fmt.Errorf("record %d (id %q): %v", i+1, r.ID, err)
			}
			row = []any{0, r.ID, tier, r.Rating, pb.BoxRows, pb.BoxCols, pb.Cells, hintFlag(hints[i]), pb.Geometry}
			extra.impliedWindows = extra.impliedWindows || hasImpliedWindow(&pb.Geometry)
		}
		b, err := json.Marshal(row)
		if err != nil {
			return nil, err
		}
		data.Write(b)
	}
	data.WriteByte(']')
	langBlock, names, err := playLangBlock(langs, extra)
	if err != nil {
		return nil, err
	}
	meta.LangNames = names

	// Hint blocks.
	var blocks []string
	for start := 0; start < len(recs); start += hintChunk {
		end := min(start+hintChunk, len(recs))
		var blk bytes.Buffer
		blk.WriteByte('[')
		used := false
		for i := start; i < end; i++ {
			if i > start {
				blk.WriteByte(',')
			}
			h := hints[i]
			if h == nil || h.OverBudget {
				blk.WriteByte('0')
				continue
			}
			var steps [][]any
			for _, st := range h.Steps {
				if playpage.FindsItself(st.Tech) && !st.Keep {
					continue
				}
				n, ok := techs[st.Tech]
				if !ok {
					n = len(meta.Techs)
					techs[st.Tech] = n
					meta.Techs = append(meta.Techs, [2]string{st.Tech, st.Name})
				}
				steps = append(steps, hintRow(n, &st))
			}
			if steps == nil {
				steps = [][]any{}
			}
			b, err := json.Marshal(steps)
			if err != nil {
				return nil, err
			}
			blk.Write(b)
			used = true
		}
		blk.WriteByte(']')
		if !used {
			blocks = append(blocks, "")
			continue
		}
		z, err := deflate64(blk.Bytes())
		if err != nil {
			return nil, err
		}
		blocks = append(blocks, z)
	}
	if meta.Techs == nil {
		meta.Techs = [][2]string{}
	}
	if meta.Tiers == nil {
		meta.Tiers = []string{}
	}

	page, css, js, err := playFiles()
	if err != nil {
		return nil, err
	}
	fonts, err := playFontCSS()
	if err != nil {
		return nil, err
	}
	metaJSON, err := json.Marshal(meta) // escapes <, > and &: safe inside <script>
	if err != nil {
		return nil, err
	}
	dataZ, err := deflate64(data.Bytes())
	if err != nil {
		return nil, err
	}
	out := &bytes.Buffer{}
	out.Grow(len(page) + len(css) + len(js) + len(dataZ) + len(recs)*8)
	// The skeleton's {{NAME}} markers, in order; each is filled once.
	fill := map[string]func(w io.Writer){
		"TITLE":    func(w io.Writer) { io.WriteString(w, html.EscapeString(title)) },
		"LANG":     func(w io.Writer) { io.WriteString(w, words.Lang()) },
		"LANGS":    func(w io.Writer) { io.WriteString(w, langBlock) },
		"NOSCRIPT": func(w io.Writer) { io.WriteString(w, html.EscapeString(words.Text("play.noscript"))) },
		"FONTS":    func(w io.Writer) { io.WriteString(w, fonts) },
		"CSS":      func(w io.Writer) { w.Write(css) },
		"META":     func(w io.Writer) { w.Write(metaJSON) },
		"DATA":     func(w io.Writer) { io.WriteString(w, dataZ) },
		"HINTS":    func(w io.Writer) { io.WriteString(w, strings.Join(blocks, "\n")) },
		"JS":       func(w io.Writer) { w.Write(js) },
	}
	rest := page
	for {
		i := bytes.Index(rest, []byte("{{"))
		if i < 0 {
			out.Write(rest)
			break
		}
		j := bytes.Index(rest[i:], []byte("}}"))
		if j < 0 {
			return nil, fmt.Errorf("html: page template: unclosed {{")
		}
		name := string(rest[i+2 : i+j])
		f, ok := fill[name]
		if !ok {
			return nil, fmt.Errorf("html: page template: unknown marker {{%s}}", name)
		}
		out.Write(rest[:i])
		f(out)
		rest = rest[i+j+2:]
	}
	return out, nil
}

// playFiles returns the embedded skeleton, style sheet and script.
func playFiles() (page, css, js []byte, err error) {
	if page, err = playAssets.ReadFile("play/page.html"); err != nil {
		return
	}
	if css, err = playAssets.ReadFile("play/play.css"); err != nil {
		return
	}
	if js, err = playAssets.ReadFile("play/play.js"); err != nil {
		return
	}
	js = stripJS(js)
	return
}

// stripJS drops the script's comment lines, blank lines and indentation
// (a third of its size): the page carries the program, not its notes.
// It never splits a line, so it is safe for code whose strings and
// template literals keep to one line, as the page's do.
func stripJS(b []byte) []byte {
	out := make([]byte, 0, len(b))
	for _, line := range bytes.Split(b, []byte("\n")) {
		line = bytes.TrimLeft(line, " \t")
		if len(line) == 0 || bytes.HasPrefix(line, []byte("//")) {
			continue
		}
		out = append(append(out, line...), '\n')
	}
	return out
}

// playTitleKeys are the kind title keys of the play page (playMeta.Titles)
// and the book messages they name: a message's text, or for "killer_x"
// the name book.killer.x starts with (before its colon), as the book's
// Killer-X sections are titled.
var playTitleKeys = map[string]string{"sudoku": "book.sudoku.title", "slide": "book.slide.title", "killer": "book.killer.title", "killer_x": "book.killer.x", "variant": "book.variant.title"}

// kindTitle is the title of kind title key k in t's language.
func kindTitle(t *i18n.Table, k string) string {
	s := t.Text(playTitleKeys[k])
	if k == "killer_x" {
		s = RuleName(s)
	}
	return s
}

// RuleName is the name a rule sentence of the book's language tables
// starts with, before its colon ("X-Sudoku: the two long diagonals ..."
// names X-Sudoku; French puts a no-break space before the colon, Chinese
// and Japanese write a full-width one); the whole sentence without one.
func RuleName(rule string) string {
	i := strings.IndexAny(rule, ":：")
	if i < 0 {
		return rule
	}
	return strings.TrimRight(rule[:i], " \u00a0")
}

// playTitles names the kinds of recs for the page's title, in order of
// their first record (sudoku before slide as before): a kind's PlayTitle
// key ("sudoku" for a kind without one); a titled kind other than sudoku
// and slide whose records all have one size other than 9 adds " N×N".
func playTitles(recs []*Record) [][2]string {
	var keys []string
	size := map[string]int{}
	for _, r := range recs {
		k := "sudoku"
		if t := kindOf(r.Kind).PlayTitle; t != nil {
			k = t(r)
		}
		if _, seen := size[k]; !seen {
			keys = append(keys, k)
			size[k] = r.Size
		} else if size[k] != r.Size {
			size[k] = 0
		}
	}
	sort.SliceStable(keys, func(i, j int) bool { return keys[i] == "sudoku" && keys[j] == "slide" })
	out := make([][2]string, 0, len(keys))
	for _, k := range keys {
		suffix := ""
		if n := size[k]; k != "sudoku" && k != "slide" && n != 0 && n != 9 {
			suffix = fmt.Sprintf(" %d×%d", n, n)
		}
		out = append(out, [2]string{k, suffix})
	}
	if len(out) == 0 {
		out = append(out, [2]string{"sudoku", ""})
	}
	return out
}

// playKinds says which kinds the page holds: "sudoku", "slide" or "both".
func playKinds(recs []*Record) string {
	var sudoku, slide bool
	for _, r := range recs {
		sudoku = sudoku || isGrid(r.Kind)
		slide = slide || isTiles(r.Kind)
	}
	switch {
	case sudoku && slide:
		return "both"
	case slide:
		return "slide"
	}
	return "sudoku"
}

// playShape is the box shape [rows, cols] of a sudoku record.
func playShape(r *Record) (int, int, error) {
	s, err := sudokuShape(r)
	if err != nil {
		return 0, 0, err
	}
	return s.BoxRows, s.BoxCols, nil
}

// playCells packs a sudoku's puzzle and solution into one character per
// cell: a given is its symbol (1-9, A-P); an empty cell is the letter of
// its solution's value in lower case from a (a = 1, i = 9, y = 25).
func playCells(r *Record) string {
	var b strings.Builder
	b.Grow(len(r.Puzzle))
	for i := 0; i < len(r.Puzzle); i++ {
		c := r.Puzzle[i]
		if c != '.' && c != '0' {
			b.WriteByte(upperSymbol(c))
			continue
		}
		v := symbolValue(r.Solution[i])
		b.WriteByte(byte('a' + v - 1))
	}
	return b.String()
}

// upperSymbol is a cell symbol in upper case.
func upperSymbol(c byte) byte {
	if c >= 'a' && c <= 'z' {
		return c - 'a' + 'A'
	}
	return c
}

// symbolValue is the value 1..25 of a symbol 1-9, A-P (either case); 0 if
// it is none.
func symbolValue(c byte) int {
	c = upperSymbol(c)
	switch {
	case c >= '1' && c <= '9':
		return int(c - '0')
	case c >= 'A' && c <= 'P':
		return int(c-'A') + 10
	}
	return 0
}

// playTiles writes slide tiles as one base-36 character each (0 = blank).
func playTiles(t []int) string {
	var b strings.Builder
	for _, v := range t {
		b.WriteString(strconv.FormatInt(int64(v), 36))
	}
	return b.String()
}

// hintFlag says what a grid's stored hints are: 0 no stored path, 1 a
// path to the solution, 2 a path that gets stuck, 3 the work budget ran
// out (no path). A kind with its own grader (a killer's) says the same
// as sudoku, so the page tells a stuck path from none.
func hintFlag(h *Hints) int {
	switch {
	case h == nil:
		return 0
	case h.OverBudget:
		return 3
	case h.Solved:
		return 1
	}
	return 2
}

func optInt(p *int) int {
	if p == nil {
		return -1
	}
	return *p
}

// hintRow is a stored step as the page reads it: [technique index,
// places, elims, houses, cells, digits, proof, cages], trailing empty
// fields left out (a step with cages but no proof has 0 for its proof).
// A candidate is cell*32 + digit; a proof is [kind, head, nested,
// branch...] with head the cell of a "cell" proof, unit*32 + digit of a
// "region" proof, else -1, and each branch a list of links cell*64 +
// digit*2 + (1 if on); cages are indexes into the board's cages.
func hintRow(tech int, s *HintStep) []any {
	row := []any{tech, codes(s.Places), codes(s.Elims), ints(s.Houses), ints(s.Cells), ints(s.Digits)}
	if len(s.Cages) > 0 {
		var proof any = 0
		if s.Proof != nil {
			proof = proofRow(s.Proof)
		}
		return append(row, proof, s.Cages)
	}
	if p := s.Proof; p != nil {
		return append(row, proofRow(p))
	}
	for len(row) > 3 && len(row[len(row)-1].([]int)) == 0 {
		row = row[:len(row)-1]
	}
	return row
}

// proofRow is a chain's proof as hintRow writes it.
func proofRow(p *HintProof) []any {
	head := -1
	switch p.Kind {
	case "cell":
		head = p.Cell
	case "region":
		head = p.Unit*32 + p.Digit
	}
	nested := 0
	if p.Nested {
		nested = 1
	}
	pr := []any{p.Kind, head, nested}
	for _, b := range p.Branches {
		links := make([]int, len(b))
		for i, n := range b {
			links[i] = n.Cell*64 + n.Digit*2
			if n.On {
				links[i]++
			}
		}
		pr = append(pr, links)
	}
	return pr
}

// ints is s, or an empty list (never JSON null).
func ints(s []int) []int {
	if s == nil {
		return []int{}
	}
	return s
}

// codes writes candidates as cell*32 + digit.
func codes(cs []HintCandidate) []int {
	out := make([]int, len(cs))
	for i, c := range cs {
		out[i] = c.Cell*32 + c.Digit
	}
	return out
}

// deflate64 compresses b (raw deflate, as the browser's
// DecompressionStream("deflate-raw") reads it) and encodes it in base64.
func deflate64(b []byte) (string, error) {
	var z bytes.Buffer
	w, err := flate.NewWriter(&z, flate.BestCompression)
	if err != nil {
		return "", err
	}
	if _, err := w.Write(b); err != nil {
		return "", err
	}
	if err := w.Close(); err != nil {
		return "", err
	}
	return base64.StdEncoding.EncodeToString(z.Bytes()), nil
}
