package grade

import (
	"context"
	"errors"
	"fmt"
	"io"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/sudogen/sudogen/internal/lines"
	"github.com/sudogen/sudogen/sudoku"
)

// RegCase is one test of HoDoKu's regression library: a candidate grid,
// the technique to run and what it must produce.
type RegCase struct {
	Line    int    // 1-based line number in the file
	Code    string // technique code, e.g. "0300" or "03111"
	Variant string // "" or the variant after the dash; "x" is a fail case
	Grid    *Grid
	// Digits are the candidates the case is about (bit d-1 for digit d);
	// HoDoKu's fish tests search these only.
	Digits uint32
	Elims  []Candidate
	Places []Candidate
	// ChainLen is the expected chain length in inferences (0 if none).
	ChainLen int
}

// Fail reports whether the case is a fail case: the technique must find
// nothing.
func (rc *RegCase) Fail() bool { return rc.Variant == "x" }

// ParseRegCase reads one library line (":code:digits:grid:deleted:elims:
// placements:extra") of a 9x9 test.
func ParseRegCase(line string, lineNo int) (*RegCase, error) {
	f := strings.Split(line, ":")
	for len(f) >= 6 && len(f) < 8 {
		f = append(f, "") // trailing empty fields may be left out
	}
	if len(f) < 8 || f[0] != "" {
		return nil, &lines.Error{Line: lineNo, Msg: fmt.Sprintf("expected :code:digits:grid:deleted:eliminations:placements:extra, got %d fields", len(f)-1)}
	}
	rc := &RegCase{Line: lineNo}
	rc.Code, rc.Variant, _ = strings.Cut(f[1], "-")
	if len(rc.Code) < 4 {
		return nil, &lines.Error{Line: lineNo, Msg: fmt.Sprintf("technique code %q: expected 4 or 5 digits", f[1])}
	}
	geo := sudoku.GeometryOf(sudoku.Shape9)
	p := sudoku.NewGrid(sudoku.Shape9)
	cell := 0
	var placed [81]bool
	for i := 0; i < len(f[3]); i++ {
		ch := f[3][i]
		if ch == '+' {
			if cell < geo.Cells {
				placed[cell] = true
			}
			continue
		}
		if cell >= geo.Cells {
			return nil, &lines.Error{Line: lineNo, Msg: "grid has more than 81 cells"}
		}
		v := sudoku.SymbolValue(ch)
		if v < 0 || v > 9 {
			return nil, &lines.Error{Line: lineNo, Msg: fmt.Sprintf("grid: unexpected %q, expected a digit, '.' or '+'", ch)}
		}
		p.Cells[cell] = uint8(v)
		cell++
	}
	if cell != geo.Cells {
		return nil, &lines.Error{Line: lineNo, Msg: fmt.Sprintf("grid has %d cells, expected 81", cell)}
	}
	for i := 0; i < len(f[2]); i++ {
		if d := f[2][i]; d >= '1' && d <= '9' {
			rc.Digits |= 1 << (d - '1')
		}
	}
	rc.Grid = NewGrid(p)
	for i, pl := range placed {
		if pl {
			rc.Grid.Given[i] = false
		}
	}
	del, err := parseTriples(f[4], geo)
	if err != nil {
		return nil, &lines.Error{Line: lineNo, Msg: fmt.Sprintf("deleted candidates: %v", err)}
	}
	for _, c := range del {
		rc.Grid.Eliminate(c.Cell, c.Digit)
	}
	if rc.Elims, err = parseTriples(f[5], geo); err != nil {
		return nil, &lines.Error{Line: lineNo, Msg: fmt.Sprintf("eliminations: %v", err)}
	}
	if rc.Places, err = parseTriples(f[6], geo); err != nil {
		return nil, &lines.Error{Line: lineNo, Msg: fmt.Sprintf("placements: %v", err)}
	}
	if x := strings.TrimSpace(f[7]); x != "" {
		if rc.ChainLen, err = strconv.Atoi(x); err != nil {
			return nil, &lines.Error{Line: lineNo, Msg: fmt.Sprintf("extra %q: expected a chain length", x)}
		}
	}
	return rc, nil
}

// parseTriples reads "<digit><row><col>" entries separated by blanks.
func parseTriples(s string, geo *sudoku.Geometry) ([]Candidate, error) {
	var out []Candidate
	for _, w := range strings.Fields(s) {
		if len(w) != 3 || w[0] < '1' || w[0] > '9' || w[1] < '1' || w[1] > '9' || w[2] < '1' || w[2] > '9' {
			return nil, fmt.Errorf("%q: expected <digit><row><col>, each 1-9", w)
		}
		out = append(out, Candidate{Cell: int(w[1]-'1')*geo.N + int(w[2]-'1'), Digit: w[0] - '0'})
	}
	return out, nil
}

// regCode says which of our techniques answers a library code. pair, when
// set, means the expected result is the union of two steps of the
// technique that pair accepts (dual kites and rectangles).
type regCode struct {
	techs []string
	pair  func(a, b *Step) bool
	// siamese runs the fish search of techs[0] with Siamese fish on
	// (fishSpec.siamese); it reports every technique of techs.
	siamese bool
	// find, when set, replaces the technique's own finder: the library
	// runs some techniques with HoDoKu's "all steps" settings.
	find func(g *Grid, emit func(*Step) bool)
	// variant, when set, replaces the finder for the variants it lists
	// (HoDoKu runs them with other settings: ALS allowed to overlap,
	// empty rectangles with two candidates).
	variant map[string]func(g *Grid, emit func(*Step) bool)
}

var regCodes = map[string]regCode{
	"0000":  {techs: []string{"full-house"}},
	"0002":  {techs: []string{"hidden-single"}},
	"0003":  {techs: []string{"naked-single"}},
	"0100":  {techs: []string{"pointing"}},
	"0101":  {techs: []string{"claiming"}},
	"0110":  {techs: []string{"locked-pair"}},
	"0111":  {techs: []string{"locked-triple"}},
	"0200":  {techs: []string{"naked-pair"}},
	"0201":  {techs: []string{"naked-triple"}},
	"0202":  {techs: []string{"naked-quad"}},
	"0210":  {techs: []string{"hidden-pair"}},
	"0211":  {techs: []string{"hidden-triple"}},
	"0212":  {techs: []string{"hidden-quad"}},
	"0300":  {techs: []string{"x-wing"}},
	"0301":  {techs: []string{"swordfish"}},
	"0302":  {techs: []string{"jellyfish"}},
	"0310":  {techs: []string{"finned-x-wing"}},
	"0311":  {techs: []string{"finned-swordfish"}},
	"0312":  {techs: []string{"finned-jellyfish"}},
	"0320":  {techs: []string{"sashimi-x-wing"}},
	"0321":  {techs: []string{"sashimi-swordfish"}},
	"0322":  {techs: []string{"sashimi-jellyfish"}},
	"0330":  {techs: []string{"franken-x-wing"}},
	"0331":  {techs: []string{"franken-swordfish"}},
	"0332":  {techs: []string{"franken-jellyfish"}},
	"0340":  {techs: []string{"finned-franken-x-wing"}},
	"0341":  {techs: []string{"finned-franken-swordfish"}},
	"0342":  {techs: []string{"finned-franken-jellyfish"}},
	"0350":  {techs: []string{"mutant-x-wing"}},
	"0351":  {techs: []string{"mutant-swordfish"}},
	"0352":  {techs: []string{"mutant-jellyfish"}},
	"0360":  {techs: []string{"finned-mutant-x-wing"}},
	"0361":  {techs: []string{"finned-mutant-swordfish"}},
	"0362":  {techs: []string{"finned-mutant-jellyfish"}},
	"0363":  {techs: []string{"finned-mutant-squirmbag"}},
	"0364":  {techs: []string{"finned-mutant-whale"}},
	"03411": {techs: []string{"finned-franken-swordfish"}, siamese: true},
	"03421": {techs: []string{"finned-franken-jellyfish"}, siamese: true},
	"03621": {techs: []string{"finned-mutant-jellyfish"}, siamese: true},
	"0400":  {techs: []string{"skyscraper"}},
	"0401":  {techs: []string{"two-string-kite"}},
	"0402": {techs: []string{"empty-rectangle"}, variant: map[string]func(*Grid, func(*Step) bool){
		"1": func(g *Grid, emit func(*Step) bool) { findEmptyRectangle(g, true, emit) }}},
	"0403": {techs: []string{"turbot-fish"}},
	"0404": {techs: []string{"two-string-kite"}, pair: dualKite},
	"0405": {techs: []string{"empty-rectangle"}, pair: dualER,
		find: func(g *Grid, emit func(*Step) bool) { findEmptyRectangle(g, true, emit) }},
	"0500": {techs: []string{"simple-colors-trap"}},
	"0501": {techs: []string{"simple-colors-wrap"}},
	"0502": {techs: []string{"multi-colors-1"}},
	"0503": {techs: []string{"multi-colors-2"}},
	"0600": {techs: []string{"uniqueness-1"}, variant: strictRects("uniqueness-1")},
	"0601": {techs: []string{"uniqueness-2"}, variant: strictRects("uniqueness-2")},
	"0602": {techs: []string{"uniqueness-3"}, variant: strictRects("uniqueness-3")},
	"0603": {techs: []string{"uniqueness-4"}, variant: strictRects("uniqueness-4")},
	"0604": {techs: []string{"uniqueness-5"}, variant: strictRects("uniqueness-5")},
	"0605": {techs: []string{"uniqueness-6"}, variant: strictRects("uniqueness-6")},
	"0606": {techs: []string{"hidden-rectangle"}, variant: strictRects("hidden-rectangle")},
	"0607": {techs: []string{"avoidable-rectangle-1"}, variant: strictRects("avoidable-rectangle-1")},
	"0608": {techs: []string{"avoidable-rectangle-2"}, variant: strictRects("avoidable-rectangle-2")},
	"0610": {techs: []string{"bug-plus-1"}},
	"0701": {techs: []string{"x-chain"}},
	"0702": {techs: []string{"xy-chain"}},
	"0703": {techs: []string{"remote-pair"}},
	"0706": {techs: []string{"continuous-nice-loop"}},
	"0707": {techs: []string{"discontinuous-nice-loop"}},
	"0708": {techs: []string{"aic"}},
	"0709": {techs: []string{"grouped-continuous-nice-loop"}, variant: alsLoops("grouped-continuous-nice-loop", "2")},
	"0710": {techs: []string{"grouped-discontinuous-nice-loop"}, variant: alsLoops("grouped-discontinuous-nice-loop", "3", "4")},
	"0711": {techs: []string{"grouped-aic"}, variant: alsLoops("grouped-aic", "3", "4")},
	"0901": {techs: []string{"als-xz"}},
	"0902": {techs: []string{"als-xy-wing"}, variant: map[string]func(*Grid, func(*Step) bool){
		"2": func(g *Grid, emit func(*Step) bool) { findAlsXYWing(g, alsOptions{overlap: true}, emit) }}},
	"0903": {techs: []string{"als-chain"},
		find: func(g *Grid, emit func(*Step) bool) {
			findAlsChain(g, alsOptions{both: true, maxRC: 6, stream: true}, emit)
		},
		variant: map[string]func(*Grid, func(*Step) bool){"2": func(g *Grid, emit func(*Step) bool) {
			findAlsChain(g, alsOptions{both: true, maxRC: 6, overlap: true, stream: true}, emit)
		}}},
	"0904": {techs: []string{"death-blossom"}, variant: map[string]func(*Grid, func(*Step) bool){
		"2": func(g *Grid, emit func(*Step) bool) { findDeathBlossom(g, alsOptions{overlap: true}, emit) }}},
	"1101":  {techs: []string{"sue-de-coq"}},
	"0371":  {techs: []string{"kraken-fish-1"}},
	"0372":  {techs: []string{"kraken-fish-2"}},
	"1201":  {techs: []string{"template-set"}},
	"1202":  {techs: []string{"template-delete"}},
	"0800":  {techs: []string{"xy-wing"}},
	"0801":  {techs: []string{"xyz-wing"}},
	"0803":  {techs: []string{"w-wing"}},
	"03111": {techs: []string{"finned-swordfish", "sashimi-swordfish"}, siamese: true},
	"03121": {techs: []string{"finned-jellyfish", "sashimi-jellyfish"}, siamese: true},
	"03211": {techs: []string{"finned-swordfish", "sashimi-swordfish"}, siamese: true},
	"03221": {techs: []string{"finned-jellyfish", "sashimi-jellyfish"}, siamese: true},
}

// alsLoops runs the grouped nice loop and AIC search with ALS nodes (the
// library's variants listed) and keeps the steps of technique tech.
func alsLoops(tech string, variants ...string) map[string]func(*Grid, func(*Step) bool) {
	m := map[string]func(*Grid, func(*Step) bool){}
	for _, v := range variants {
		m[v] = func(g *Grid, emit func(*Step) bool) {
			hodokuLoopsWith(g, true, true, func(s *Step) bool {
				if s.Tech != tech {
					return true
				}
				return emit(s)
			})
		}
	}
	return m
}

// RegStats counts the outcome of the cases of one technique code.
type RegStats struct {
	Code, Name string
	Passed     int // exact eliminations/placements found (chain length may differ)
	LenDiff    int // of Passed: no matching step had the expected chain length
	Failed     int
	Skipped    int      // code not implemented
	Failures   []string // FILE:LINE: why, a line for each failed case or chain length
}

// RegReport is the outcome of a library run.
type RegReport struct {
	Codes                   []*RegStats // in code order
	Passed, Failed, Skipped int
	LenDiff                 int
	// Stopped is set when the run was stopped (RunRegLibContext) before
	// the end of the library; the counts are of the cases before.
	Stopped bool
	// Through is the line of the last case read, Cases how many were
	// read (passed, failed and skipped).
	Through, Cases int
}

var regHeader = regexp.MustCompile(`^#(\d{4,5}): (.+)$`)

// RunRegLib reads a library from r (name is used in messages) and checks
// every case against our finders.
func RunRegLib(r io.Reader, name string) (*RegReport, error) {
	return RunRegLibContext(context.Background(), r, name)
}

// RunRegLibContext is RunRegLib stopping, between two cases, once ctx is
// done (a signal): the report then holds the cases checked so far, with
// Stopped set and Through the line of the last one.
func RunRegLibContext(ctx context.Context, r io.Reader, name string) (*RegReport, error) {
	names := map[string]string{}
	stats := map[string]*RegStats{}
	lr := lines.NewReader(r, lines.DefaultMax)
	stopped, through, cases := false, 0, 0
	for {
		if ctx.Err() != nil {
			stopped = true
			break
		}
		b, err := lr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, atLine(name, err)
		}
		lineNo := lr.Line()
		line := strings.TrimSpace(string(b))
		if line == "" {
			continue
		}
		if line[0] == '#' {
			if m := regHeader.FindStringSubmatch(line); m != nil {
				if _, ok := names[m[1]]; !ok {
					names[m[1]] = strings.TrimSpace(m[2])
				}
			}
			continue
		}
		rc, err := ParseRegCase(line, lineNo)
		if err != nil {
			return nil, atLine(name, err)
		}
		through, cases = lineNo, cases+1
		st := stats[rc.Code]
		if st == nil {
			st = &RegStats{Code: rc.Code}
			stats[rc.Code] = st
		}
		spec, ok := regCodes[rc.Code]
		if f, has := spec.variant[rc.Variant]; ok && has {
			spec.find = f
		}
		if !ok || len(spec.techs) == 0 {
			st.Skipped++
			continue
		}
		pass, lenOK, why := runRegCase(rc, spec)
		switch {
		case !pass:
			st.Failed++
			st.Failures = append(st.Failures, fmt.Sprintf("%s:%d: %s", name, lineNo, why))
		default:
			st.Passed++
			if !lenOK {
				st.LenDiff++
				st.Failures = append(st.Failures, fmt.Sprintf("%s:%d: chain length: %s", name, lineNo, why))
			}
		}
	}
	rep := &RegReport{Stopped: stopped, Through: through, Cases: cases}
	for code, st := range stats {
		st.Name = names[code]
		if st.Name == "" && len(code) == 5 {
			st.Name = names[code[:4]]
		}
		rep.Codes = append(rep.Codes, st)
		rep.Passed += st.Passed
		rep.Failed += st.Failed
		rep.Skipped += st.Skipped
		rep.LenDiff += st.LenDiff
	}
	sort.Slice(rep.Codes, func(i, j int) bool { return rep.Codes[i].Code < rep.Codes[j].Code })
	return rep, nil
}

// hodokuChainLength is a step's chain length as HoDoKu's library counts
// it: ALS nodes weigh 2.5 more each, the sum rounded down (HoDoKu's
// Chain.calculateLength without the ALS list).
func hodokuChainLength(st *Step) int {
	als := 0
	for _, gr := range st.Groups {
		if gr.ALS {
			als++
		}
	}
	return st.ChainLength() + als*5/2
}

// candKey packs a candidate list into a sorted comparable string.
func candKey(cs []Candidate) string {
	keys := make([]int, 0, len(cs))
	for _, c := range cs {
		keys = append(keys, c.Cell*32+int(c.Digit))
	}
	sort.Ints(keys)
	var sb strings.Builder
	last := -1
	for _, k := range keys {
		if k == last {
			continue
		}
		last = k
		sb.WriteString(strconv.Itoa(k))
		sb.WriteByte(' ')
	}
	return sb.String()
}

func candList(geo *sudoku.Geometry, cs []Candidate) string {
	var parts []string
	for _, c := range cs {
		parts = append(parts, fmt.Sprintf("%d%d%d", c.Digit, geo.Row[c.Cell]+1, geo.Col[c.Cell]+1))
	}
	sort.Strings(parts)
	return strings.Join(parts, " ")
}

// runRegCase runs the case's technique(s) for all instances and reports
// whether one step has exactly the expected result, whether one such step
// has the expected chain length, and a reason when not.
func runRegCase(rc *RegCase, spec regCode) (pass, lenOK bool, why string) {
	geo := rc.Grid.Geo
	want := candKey(rc.Elims)
	wantP := candKey(rc.Places)
	lens := []int{}
	check := func(el, pl []Candidate, chainLen int) {
		if candKey(el) == want && candKey(pl) == wantP {
			pass = true
			if rc.ChainLen == 0 || chainLen == rc.ChainLen {
				lenOK = true
			} else {
				lens = append(lens, chainLen)
			}
		}
	}
	checkStep := func(st *Step) {
		check(st.Eliminations, st.Placements, hodokuChainLength(st))
		if len(st.Placements) > 0 && len(rc.Places) == 0 {
			// HoDoKu writes some placements (nice loops that set a value)
			// as the elimination of the cell's other candidates.
			var el []Candidate
			for _, p := range st.Placements {
				for m := rc.Grid.Cand[p.Cell] &^ (1 << (p.Digit - 1)); m != 0; m &= m - 1 {
					el = append(el, Candidate{p.Cell, digitOf(m)})
				}
			}
			check(append(el, st.Eliminations...), nil, hodokuChainLength(st))
		}
	}
	// the search stops at the first step with the expected result, except
	// for fail cases and pairs (which need every step)
	var steps []Step
	keep := func(s *Step) bool {
		steps = append(steps, cloneStep(s))
		if rc.Fail() || spec.pair != nil {
			return true
		}
		checkStep(&steps[len(steps)-1])
		return !lenOK
	}
	if spec.find != nil {
		spec.find(rc.Grid.Clone(), keep)
		spec.techs = nil
	}
	for i, id := range spec.techs {
		if lenOK || (spec.siamese && i > 0) {
			break
		}
		t, ok := TechniqueByID(id)
		if ok && t.Find == nil {
			t, ok = TechniqueByID(t.MadeBy)
		}
		if !ok || t.Find == nil {
			return false, false, "technique " + id + " has no finder"
		}
		own := func(st *Step) bool {
			// a search reporting several techniques answers for the
			// case's technique only
			if st.Tech == "" || st.Tech == t.ID || inStrings(st.Tech, spec.techs) {
				return keep(st)
			}
			return true
		}
		regFind(rc, t, spec.siamese, own)
	}
	if rc.Fail() {
		if len(steps) == 0 {
			return true, true, ""
		}
		return false, false, fmt.Sprintf("fail case: must find nothing, found %s (%s)", steps[0].Tech, candList(geo, append(steps[0].Placements, steps[0].Eliminations...)))
	}
	if spec.pair != nil {
		for i := range steps {
			checkStep(&steps[i])
		}
	}
	if spec.pair != nil && !pass {
		for i := range steps {
			for j := i + 1; j < len(steps); j++ {
				if spec.pair(&steps[i], &steps[j]) {
					check(append(append([]Candidate(nil), steps[i].Eliminations...), steps[j].Eliminations...), nil, 0)
				}
			}
		}
	}
	if pass {
		if !lenOK {
			why = fmt.Sprintf("expected %d, found %v", rc.ChainLen, lens)
		}
		return pass, lenOK, why
	}
	exp := candList(geo, rc.Elims)
	if len(rc.Places) > 0 {
		exp = "place " + candList(geo, rc.Places)
	}
	var got []string
	for i := range steps {
		if len(got) == 4 {
			got = append(got, fmt.Sprintf("... (%d steps)", len(steps)))
			break
		}
		s := candList(geo, steps[i].Eliminations)
		if len(steps[i].Placements) > 0 {
			s = "place " + candList(geo, steps[i].Placements)
		}
		got = append(got, "["+s+"]")
	}
	if len(got) == 0 {
		got = []string{"nothing"}
	}
	return false, false, fmt.Sprintf("expected [%s], found %s", exp, strings.Join(got, " "))
}

// strictRects runs HoDoKu's rectangle scan without missing candidates
// for variant 1 of the uniqueness codes (HoDoKu's library tests switch
// allowUniquenessMissingCandidates off for it).
func strictRects(tech string) map[string]func(*Grid, func(*Step) bool) {
	return map[string]func(*Grid, func(*Step) bool){"1": func(g *Grid, emit func(*Step) bool) {
		hodokuRectSteps(g, tech, false, emit)
	}}
}

// regFind runs technique t's search on a copy of the case's grid the way
// HoDoKu's library tests do: fish searches look at the case's candidate
// only, and report Siamese fish when siamese is set.
func regFind(rc *RegCase, t Technique, siamese bool, emit func(*Step) bool) {
	if cat, size, kind, isFish := hodokuFishSearchOf(t.ID); isFish && (rc.Digits != 0 || siamese) {
		digits := rc.Digits
		if digits == 0 {
			digits = ^uint32(0)
		}
		hodokuFishDigits(rc.Grid.Clone(), cat, size, kind, digits, siamese, emit)
		return
	}
	t.Finder(HoDoKuProfile().Scan).Find(rc.Grid.Clone(), emit)
}

// dualKite accepts two 2-string kites joined by the same two cells of
// their box (Cells[1] and Cells[2]), as HoDoKu's findDualTwoStringKites
// does: it compares those two cells only, not the digit, so two kites of
// different digits through the same box cells make a dual in its library
// too (reglib-1.3's 0404 cases for digits 5 and 3 are such).
func dualKite(a, b *Step) bool {
	return (a.Cells[1] == b.Cells[1] && a.Cells[2] == b.Cells[2]) ||
		(a.Cells[1] == b.Cells[2] && a.Cells[2] == b.Cells[1])
}

// dualER accepts two empty rectangles of one digit in the same box with
// two different conjugate pairs.
func dualER(a, b *Step) bool {
	return a.Digits[0] == b.Digits[0] && a.Units[0] == b.Units[0] && a.Units[3] != b.Units[3]
}

func inStrings(s string, list []string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// init adds the library codes of every fish size and kind HoDoKu numbers
// (03, then the kind: 0 basic, 1 finned, 2 sashimi, 3 Franken, 4 finned
// Franken, 5 mutant, 6 finned mutant; then the size: 0 X-Wing to 5
// Leviathan; a trailing 1 for a Siamese fish) that have no entry above.
func init() {
	kinds := [...]struct {
		cat, kind int
	}{{fishCatBasic, fishBasic}, {fishCatBasic, fishFinned}, {fishCatBasic, fishSashimi},
		{fishCatFranken, fishBasic}, {fishCatFranken, fishFinned}, {fishCatMutant, fishBasic}, {fishCatMutant, fishFinned}}
	for ki, k := range kinds {
		for size := 2; size <= 7; size++ {
			id := hodokuFishTech(k.cat, size, k.kind != fishBasic, k.kind == fishSashimi)
			if id == "" {
				continue
			}
			code := fmt.Sprintf("03%d%d", ki, size-2)
			if _, ok := regCodes[code]; !ok {
				regCodes[code] = regCode{techs: []string{id}}
			}
			if k.kind == fishBasic {
				continue
			}
			// Siamese: HoDoKu pairs finned and sashimi basic fish alike
			// (the finned search reports both)
			techs := []string{id}
			if k.cat == fishCatBasic {
				techs = []string{hodokuFishTech(k.cat, size, true, false), hodokuFishTech(k.cat, size, true, true)}
			}
			if _, ok := regCodes[code+"1"]; !ok {
				regCodes[code+"1"] = regCode{techs: techs, siamese: true}
			}
		}
	}
}

// atLine names the place of a library error as every reader does,
// FILE:LINE: what (a *lines.Error, from the line reader or ParseRegCase),
// else FILE: what.
func atLine(name string, err error) error {
	var le *lines.Error
	if errors.As(err, &le) {
		return fmt.Errorf("%s:%d: %s", name, le.Line, le.Msg)
	}
	return fmt.Errorf("%s: %v", name, err)
}
