package main

// Browser tests of the play page's hints: three levels, the grader's
// path followed to the end, a step that only removes candidates, filling
// in candidates, and hints in positions a player could reach.

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/sudogen/sudogen/export"
	"github.com/sudogen/sudogen/grade"
	"github.com/sudogen/sudogen/internal/i18n"
	"github.com/sudogen/sudogen/internal/playpage"
	"github.com/sudogen/sudogen/sudoku"
)

// hintState is what the page shows of a hint: its level, what it is
// (tech, cell, digit and the step's eliminations, cell*32+digit, from the
// hint box's data), its words, and how many cells carry each shading.
type hintState struct {
	Level    int    `json:"level"`
	Kind     string `json:"kind"`
	Tech     string `json:"tech"`
	Title    string `json:"title"`
	Text     string `json:"text"`
	Cell     int    `json:"cell"`
	Digit    int    `json:"digit"`
	Elims    []int  `json:"elims"`
	Houses   int    `json:"houses"`
	Cells    int    `json:"cells"`
	Targets  int    `json:"targets"`
	Blockers int    `json:"blockers"`
	Ghost    []int  `json:"ghost"`
	Chain    int    `json:"chain"`
	Apply    string `json:"apply"`
	// Blocked are the outlined cells (the digits that make a single);
	// Why and WhyCells are the text and the outlined cells of level 2
	// (the technique and its pattern), as hintsToEnd saw them on its way
	// to level 3.
	Blocked  []int  `json:"blocked"`
	Why      string `json:"why"`
	WhyCells []int  `json:"whyCells"`
}

// hintJS defines, in the page, toLevel (press Hint, or Show more, until
// the hint box shows a level) and readHint (the hint box as a hintState).
// A press is done when the page has shown its hint: showHint writes the
// box's data-level last but one, every time, even when the level stays
// (a hint with no further level), in the same task as the rest of the
// box. Each press waits for that write, up to a minute, rather than
// polling the level for a few seconds: a hint that took longer than the
// polling on a loaded machine failed the test (the browser tests wait on
// conditions, never on a short clock: playDeadline).
const hintJS = `const hb = document.getElementById('hintbox');
const lv = () => hb.hidden ? 0 : +hb.dataset.level;
const shown = () => new Promise(done => {
  const end = () => { mo.disconnect(); clearTimeout(tm); done(); };
  const mo = new MutationObserver(end);
  mo.observe(hb, {attributes: true, attributeFilter: ['data-level']});
  const tm = setTimeout(end, 60000);
});
const toLevel = async want => {
  for (let k = 0; k < 6 && lv() !== want; k++) {
    const press = shown();
    document.getElementById('hint').click();
    await press;
  }
};
const readHint = () => {
  const n = sel => document.querySelectorAll('#board ' + sel).length;
  const q = id => (document.getElementById(id) || {}).textContent || '';
  return {level: lv(), kind: hb.dataset.kind || '', tech: hb.dataset.tech || '', title: q('hint-title'), text: q('hint-text'),
    cell: +(hb.dataset.cell ?? -1), digit: +(hb.dataset.digit ?? 0), elims: (hb.dataset.elims || '').split(',').filter(Boolean).map(Number),
    houses: n('.c.hu'), cells: n('.c.hc'), targets: n('.c.ht'), blockers: n('.c.hb'),
    blocked: [...document.querySelectorAll('#board .c.hb')].map(c => +c.dataset.i),
    ghost: [...document.querySelectorAll('#board .m.ghost span.x')].map(s => +s.closest('.c').dataset.i * 32 + +s.dataset.d),
    chain: n('.chains-svg circle'), apply: q('hint-apply')};
};`

// hint presses Hint (or Show more) until the hint box shows level want,
// and reads it.
func (p *playTab) hint(want int) hintState {
	p.t.Helper()
	h := eval[hintState](p, fmt.Sprintf(`(async (want) => {
%s
  await toLevel(want);
  return readHint();
})(%d)`, hintJS, want))
	if h.Level != want {
		p.t.Fatalf("hint shows level %d (%+v), want %d", h.Level, h, want)
	}
	return h
}

// hintsToEnd plays as a player who asks for every hint to its last level
// and makes its move (the Enter or Remove button, clicked): up to max
// hints, until empty cells are filled by them, or a hint that is not a
// step at level 3 (returned, its move not made). It returns each hint as
// hint(3) reads it, with what level 2 showed on the way (Why, WhyCells).
// A script in the page plays them, hintsPerScript at a
// time: a round trip to the browser per hint and per click, and the
// frames drawn while the test waited on each, cost chromium several times
// what the hints do; a whole game in one script (80 hints and more) could
// outlast playDeadline on a loaded machine.
func (p *playTab) hintsToEnd(max, empty int) []hintState {
	p.t.Helper()
	var out []hintState
	for len(out) < max && empty > 0 {
		hs := eval[[]hintState](p, fmt.Sprintf(`(async (max, empty) => {
%s
  const out = [];
  while (out.length < max && empty > 0) {
    await toLevel(2);
    const h2 = readHint();
    await toLevel(3);
    const h = readHint();
    if (h2.level === 2) { h.why = h2.text; h.whyCells = h2.blocked; }
    out.push(h);
    if (h.level !== 3 || h.kind !== 'step') break;
    if (h.cell >= 0 && h.digit > 0) empty--;
    document.getElementById('hint-apply').click();
  }
  return out;
})(%d, %d)`, hintJS, min(max-len(out), hintsPerScript), empty))
		out = append(out, hs...)
		if len(hs) == 0 {
			break
		}
		if h := hs[len(hs)-1]; h.Level != 3 || h.Kind != "step" {
			break
		}
		for _, h := range hs {
			if h.Cell >= 0 && h.Digit > 0 {
				empty--
			}
		}
	}
	return out
}

// hintsPerScript is how many hints one script of hintsToEnd plays: about
// a second of chromium on an idle machine.
const hintsPerScript = 16

// hintsAt opens each puzzle with its progress stored (setProgress) and
// asks for a hint to level want there, in one script in the page (a
// round trip per position cost the browser more than the hints), and
// returns each hint as hint(want) reads it.
func (p *playTab) hintsAt(want int, ids, progress []string) []hintState {
	p.t.Helper()
	ids_, _ := json.Marshal(ids)
	progress_, _ := json.Marshal(progress)
	hs := eval[[]hintState](p, fmt.Sprintf(`(async (want, ids, progress) => {
%s
%s
  const out = [];
  for (let k = 0; k < ids.length; k++) {
    await setProgress(ids[k], progress[k]);
    await toLevel(want);
    out.push(readHint());
  }
  return out;
})(%d, %s, %s)`, setProgressJS, hintJS, want, ids_, progress_))
	for k, h := range hs {
		if h.Level != want {
			p.t.Fatalf("position %d (%s, %s): hint shows level %d (%+v), want %d", k, ids[k], progress[k], h.Level, h, want)
		}
	}
	return hs
}

// codesOf writes candidates as the page does: cell*32 + digit.
func codesOf(cs []grade.Candidate) []int {
	out := make([]int, len(cs))
	for i, c := range cs {
		out[i] = c.Cell*32 + int(c.Digit)
	}
	return out
}

// sameMove says whether a hint is the grader's step s: its technique, the
// digit it places and the candidates it removes.
func sameMove(h hintState, s grade.Step) bool {
	if h.Tech != s.Tech {
		return false
	}
	if len(s.Placements) > 0 {
		return h.Cell == s.Placements[0].Cell && h.Digit == int(s.Placements[0].Digit)
	}
	a, b := slices.Clone(h.Elims), codesOf(s.Eliminations)
	slices.Sort(a)
	slices.Sort(b)
	return slices.Equal(a, b)
}

// checkHintTrue checks a hint against the solution: a placement is the
// solution's digit, and no removed candidate is the cell's solution digit.
func checkHintTrue(t *testing.T, h hintState, r export.Record) {
	t.Helper()
	if h.Cell < 0 && len(h.Elims) == 0 {
		t.Errorf("hint %+v names no cell", h)
		return
	}
	if h.Cell >= 0 && h.Digit > 0 {
		if want := symbolOf(r.Solution[h.Cell]); h.Digit != want {
			t.Errorf("hint %+v puts %d in cell %d, the solution has %d", h, h.Digit, h.Cell, want)
		}
	}
	for _, code := range h.Elims {
		if c, d := code>>5, code&31; symbolOf(r.Solution[c]) == d {
			t.Errorf("hint %+v removes %d from cell %d, the solution's digit", h, d, c)
		}
	}
}

// explainSteps is the grader's path for a record.
func explainSteps(t *testing.T, r export.Record) []grade.ExplainedStep {
	t.Helper()
	pz, err := sudoku.ParseAuto(r.Puzzle)
	if err != nil {
		t.Fatal(err)
	}
	steps, _, err := grade.Explain(pz, grade.SEProfile(), grade.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return steps
}

// classicWords are, by technique, the English words a single's level 2
// has on a classic board (techniques.*.idea), as patterns.
func classicWords(t *testing.T) map[string]*regexp.Regexp {
	t.Helper()
	en, err := i18n.Lookup("en")
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]*regexp.Regexp{}
	for _, tech := range []string{"hidden-single", "naked-single"} {
		m, _ := en.Message("techniques." + tech + ".idea")
		p := regexp.QuoteMeta(m)
		p = strings.NewReplacer(`\{house\}`, `(?:row|column|box) \d+`, `\{d\}`, `\d`, `\{cell\}`, `row \d, column \d`).Replace(p)
		out[tech] = regexp.MustCompile("^" + p + "$")
	}
	return out
}

// cellWords is how the English page names a cell.
func cellWords(i, n int) string { return fmt.Sprintf("row %d, column %d", i/n+1, i%n+1) }

func playHintTests(t *testing.T, b *playBrowser, f *playFixture) {
	t.Run("hint in three levels", func(t *testing.T) {
		t.Parallel()
		p := b.tab(t)
		r := f.s9[4]
		p.open(f.page, "#play="+r.ID)
		first := explainSteps(t, r)[0].Step
		if len(first.Placements) == 0 {
			t.Fatalf("%s starts with %s, not a single", r.ID, first.Tech)
		}
		at := first.Placements[0].Cell
		// 1: where to look: a house shaded, neither the cell nor the move
		h1 := p.hint(1)
		if h1.Title != "Where to look" || h1.Houses+h1.Cells == 0 || h1.Targets != 0 || strings.Contains(h1.Text, cellWords(at, 9)) {
			t.Errorf("level 1: %+v", h1)
		}
		p.shot("level-1")
		// 2: the technique, its pattern (for a single: the digits that
		// rule out the other cells), still not the cell
		h2 := p.hint(2)
		if h2.Title == "" || h2.Title == h1.Title || h2.Targets != 0 || strings.Contains(h2.Text, cellWords(at, 9)) {
			t.Errorf("level 2: %+v", h2)
		}
		if first.Tech == "hidden-single" && h2.Blockers == 0 {
			t.Errorf("level 2 of a hidden single outlines none of the digits that make it: %+v", h2)
		}
		p.shot("level-2")
		// 3: the move, the grader's first step, and a button that makes it
		h3 := p.hint(3)
		if !sameMove(h3, first) || h3.Targets != 1 || !strings.Contains(h3.Text, cellWords(at, 9)) {
			t.Errorf("level 3: %+v, want the grader's %s at %d", h3, first.Tech, at)
		}
		p.shot("level-3")
		p.click("#hint-apply")
		if got := p.cells()[at]; got != string(r.Solution[at]) {
			t.Errorf("after the hint's move the cell holds %q, want %c", got, r.Solution[at])
		}
		// a wrong entry comes first, in two levels
		empties := emptyCells(r.Puzzle)
		i := empties[len(empties)-1]
		p.click(fmt.Sprintf("#c%d", i))
		p.keys(keyFor(symbolOf(r.Solution[i])%9 + 1))
		if m := p.hint(1); m.Kind != "mistake" || !strings.Contains(m.Text, "entries is wrong") || strings.Contains(m.Text, cellWords(i, 9)) {
			t.Errorf("mistake, level 1: %+v", m)
		}
		if m := p.hint(2); m.Cell != i || !strings.Contains(strings.ToLower(m.Text), cellWords(i, 9)) {
			t.Errorf("mistake, level 2: %+v", m)
		}
		p.click("#hint-apply")
		if got := p.cells()[i]; got != "" {
			t.Errorf("Clear it left %q", got)
		}
	})

	t.Run("follow the hints to the end", func(t *testing.T) {
		t.Parallel()
		// A player who asks for every hint to its last level and makes
		// its move walks the grader's whole path: each hint is the next
		// step of `sudogen explain`, technique and move.
		p := b.tab(t)
		p.open(f.page, "")
		var r export.Record
		for _, c := range f.s9 {
			if h, _ := playHints(&c); h.Solved && len(h.Steps) > 0 {
				r = c
				break
			}
		}
		if r.ID == "" {
			t.Fatal("no fixture puzzle needs a stored step")
		}
		steps := explainSteps(t, r)
		p.play(r.ID)
		// The hints are played in the page by one script (hintsToEnd),
		// up to the first stored step, which is asked for and made here
		// (its picture taken, its button clicked with the mouse), and on
		// to the end by the script again.
		first := slices.IndexFunc(steps, func(s grade.ExplainedStep) bool { return !playpage.FindsItself(s.Step.Tech) })
		if first < 0 {
			t.Fatalf("%s: no stored step on the grader's path", r.ID)
		}
		empty := strings.Count(r.Puzzle, ".")
		hs := p.hintsToEnd(first, empty)
		h := p.hint(3)
		p.shot("stored-step")
		p.click("#hint-apply")
		hs = append(hs, h)
		for _, h := range hs {
			if h.Cell >= 0 && h.Digit > 0 {
				empty--
			}
		}
		hs = append(hs, p.hintsToEnd(len(steps)-len(hs), empty)...)
		stored, classic, other := 0, classicWords(t), 0
		for k, s := range steps {
			if k >= len(hs) {
				t.Fatalf("%d hints for the grader's %d steps", len(hs), len(steps))
			}
			h := hs[k]
			if h.Level != 3 || !sameMove(h, s.Step) {
				t.Fatalf("hint %d: %+v, want %s: %s", k+1, h, s.Name, s.Text)
			}
			checkHintTrue(t, h, r)
			// a single on a classic board keeps the classic words, unless
			// an earlier hint's removal is part of its reason (the one
			// hint that is not the stored step's own was asked for by
			// hint(3), which reads no level 2)
			if re := classic[h.Tech]; re != nil && h.Why != "" {
				if !re.MatchString(h.Why) {
					if !strings.Contains(h.Why, "earlier hint") {
						t.Errorf("hint %d, %s: %q, want the classic words", k+1, h.Tech, h.Why)
					}
					other++
				}
			}
			if !playpage.FindsItself(s.Step.Tech) {
				stored++
			}
		}
		p.waitSolved()
		if body := p.text("#dlg-body"); !strings.Contains(body, fmt.Sprintf("%d hints", len(steps))) {
			t.Errorf("solved dialog %q: want %d hints", body, len(steps))
		}
		t.Logf("%s: %d hints, %d of them from the stored path; %d singles whose words name an earlier hint", r.ID, len(steps), stored, other)
		p.shot("solved-by-hints")
	})

	t.Run("a candidate-only step in three levels", func(t *testing.T) {
		t.Parallel()
		// The position before the grader's first stored step that only
		// removes candidates, with the eliminations of the steps before it
		// read (as a player who followed the hints): the hint's levels
		// shade its houses, then its pattern, then show the candidates it
		// removes struck through although no candidate is written; its
		// button writes the candidates in and removes those.
		p := b.tab(t)
		p.open(f.page, "")
		var r export.Record
		var pos []byte
		var known []int
		var target grade.Step
	find:
		for _, c := range append(f.s9, f.emptyRow) {
			pos, known = []byte(c.Puzzle), nil
			for _, s := range explainSteps(t, c) {
				if !playpage.FindsItself(s.Step.Tech) && len(s.Step.Placements) == 0 {
					r, target = c, s.Step
					break find
				}
				for _, pl := range s.Step.Placements {
					pos[pl.Cell] = playSymbols[pl.Digit-1]
				}
				known = append(known, codesOf(s.Step.Eliminations)...)
			}
		}
		if r.ID == "" {
			t.Fatal("no fixture puzzle has a stored step that only removes candidates")
		}
		k, _ := json.Marshal(known)
		p.setProgress(r.ID, fmt.Sprintf(`{"v": %q, "k": %s, "t": 1000}`, entries(r.Puzzle, pos), k))
		before := p.cells()
		h1 := p.hint(1)
		if h1.Tech != target.Tech || h1.Houses+h1.Cells == 0 || h1.Targets != 0 || len(h1.Ghost) != 0 {
			t.Errorf("level 1: %+v, want %s with a place to look", h1, target.Tech)
		}
		p.shot("level-1")
		h2 := p.hint(2)
		if h2.Title == "" || h2.Title == "Where to look" || (h2.Cells == 0 && h2.Chain == 0) || h2.Targets != 0 {
			t.Errorf("level 2: %+v, want the technique and its pattern", h2)
		}
		if target.Proof != nil || len(target.Chain) > 0 {
			if h2.Chain == 0 {
				t.Errorf("level 2 of a chain draws none: %+v", h2)
			}
		}
		p.shot("level-2")
		h3 := p.hint(3)
		if !sameMove(h3, target) || h3.Targets == 0 {
			t.Errorf("level 3: %+v, want the grader's %s", h3, target.Tech)
		}
		ghost, want := slices.Clone(h3.Ghost), codesOf(target.Eliminations)
		slices.Sort(ghost)
		slices.Sort(want)
		if !slices.Equal(ghost, want) {
			t.Errorf("level 3 shows %v struck through, the step removes %v", ghost, want)
		}
		p.shot("level-3")
		if h3.Apply != "Fill in the candidates and remove these" {
			t.Errorf("apply button %q", h3.Apply)
		}
		p.click("#hint-apply")
		after := p.cells()
		for _, e := range target.Eliminations {
			if got := after[e.Cell]; !strings.HasPrefix(got, "{") || strings.Contains(got, keyFor(int(e.Digit))) || strings.Trim(got, "{}") == "" {
				t.Errorf("cell %d after the move: %q, want its candidates without %d", e.Cell, got, e.Digit)
			}
		}
		p.keys("z", chromedp.ModifierCtrl)
		if got := p.cells(); strings.Join(got, "|") != strings.Join(before, "|") {
			t.Errorf("undo after the hint's move: %v, want %v", got, before)
		}
	})

	t.Run("fill candidates, then entries prune them", func(t *testing.T) {
		t.Parallel()
		p := b.tab(t)
		r := f.emptyRow
		p.open(f.page, "#play="+r.ID)
		p.click("#fill")
		cells := p.cells()
		pz, _ := sudoku.ParseAuto(r.Puzzle)
		for i, v := range pz.Cells {
			if v != 0 {
				continue
			}
			var want strings.Builder
			for d := 1; d <= 9; d++ {
				if candidateOf(pz, i, d) {
					want.WriteString(keyFor(d))
				}
			}
			if got := strings.Trim(strings.ReplaceAll(cells[i], " ", ""), "{}"); got != want.String() {
				t.Errorf("cell %d: candidates %q, want %q", i, got, want.String())
			}
		}
		p.shot("filled")
		// entering a right digit takes it from its peers' candidates only
		i := emptyCells(r.Puzzle)[0]
		d := keyFor(symbolOf(r.Solution[i]))
		p.click(fmt.Sprintf("#c%d", i))
		p.keys(d)
		after := p.cells()
		geo := sudoku.GeometryOf(sudoku.Shape{BoxRows: 3, BoxCols: 3})
		peer := map[int]bool{}
		for _, j := range geo.Peers[i] {
			peer[j] = true
		}
		for j := range after {
			if j == i || pz.Cells[j] != 0 {
				continue
			}
			had, has := strings.Contains(cells[j], d), strings.Contains(after[j], d)
			if peer[j] && has {
				t.Errorf("peer %d keeps candidate %s: %q", j, d, after[j])
			}
			if !peer[j] && had != has {
				t.Errorf("cell %d, not a peer, changed: %q to %q", j, cells[j], after[j])
			}
		}
		p.shot("pruned")
	})

	t.Run("hint positions", func(t *testing.T) {
		t.Parallel()
		playHintPositions(t, b, f)
	})
}

// candidateOf says whether digit d can go in empty cell i of g as its
// givens stand.
func candidateOf(g sudoku.Grid, i, d int) bool {
	for _, j := range g.Geo.Peers[i] {
		if int(g.Cells[j]) == d {
			return false
		}
	}
	return true
}

// playHintPositions asks the page for a hint in positions a player could
// reach and checks each against the solution; how often the hint is the
// grader's next step from that position (technique and move) is logged.
// A third are the givens and a random part of the solution (any order of
// play); a third are the digits the grader's path has placed just before
// one of its stored steps (a player who followed the hints: the
// eliminations of earlier steps are not on the board); a third are those
// plus a random part of the remaining solution (a player ahead
// elsewhere). The fixture's 9x9 puzzles and 24 positions, or 100 new
// puzzles and 600 positions with SUDOGEN_LONG=1.
func playHintPositions(t *testing.T, b *playBrowser, f *playFixture) {
	page, recs, n := f.page, append(slices.Clone(f.s9), f.emptyRow), 24
	if os.Getenv("SUDOGEN_LONG") != "" {
		dir := t.TempDir()
		corpus := filepath.Join(dir, "c.jsonl")
		if code, _, errOut := runCLI(t, "", "batch", "--count", "100", "--seed", "21", "-q", "--progress", "never", "-o", corpus); code != 0 {
			t.Fatalf("batch: %s", errOut)
		}
		page, n = filepath.Join(dir, "p.html"), 600
		if code, _, errOut := runCLI(t, "", "export", corpus, "-o", page); code != 0 {
			t.Fatalf("export: %s", errOut)
		}
		recs = nil
		data, _ := os.ReadFile(corpus)
		for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
			var r export.Record
			json.Unmarshal([]byte(line), &r)
			recs = append(recs, r)
		}
	}
	p := b.tab(t)
	p.open(page, "")
	rng := rand.New(rand.NewPCG(7, 7))
	type at struct {
		r   export.Record
		pos string
	}
	var pathPos []at
	for _, r := range recs {
		pos := []byte(r.Puzzle)
		for _, s := range explainSteps(t, r) {
			if !playpage.FindsItself(s.Step.Tech) {
				pathPos = append(pathPos, at{r, string(pos)})
			}
			for _, pl := range s.Step.Placements {
				pos[pl.Cell] = playSymbols[pl.Digit-1]
			}
		}
	}
	type position struct {
		r   export.Record
		pos []byte
	}
	var all []position
	for k := 0; k < n; k++ {
		family := k % 3
		r := recs[rng.IntN(len(recs))]
		pos := []byte(r.Puzzle)
		if family > 0 && len(pathPos) > 0 {
			pp := pathPos[rng.IntN(len(pathPos))]
			r, pos = pp.r, []byte(pp.pos)
		}
		if family != 1 {
			var empties []int
			for i := range pos {
				if pos[i] == '.' {
					empties = append(empties, i)
				}
			}
			rng.Shuffle(len(empties), func(i, j int) { empties[i], empties[j] = empties[j], empties[i] })
			fill := rng.IntN(len(empties)) // leave one empty at least
			if family == 2 {
				fill = rng.IntN(len(empties)/3 + 1)
			}
			for _, i := range empties[:fill] {
				pos[i] = r.Solution[i]
			}
		}
		all = append(all, position{r, pos})
	}
	// the page's hints, 24 positions to a script
	var hs []hintState
	for k := 0; k < n; k += 24 {
		var ids, progress []string
		for _, a := range all[k:min(k+24, n)] {
			ids = append(ids, a.r.ID)
			progress = append(progress, fmt.Sprintf(`{"v": %q}`, entries(a.r.Puzzle, a.pos)))
		}
		hs = append(hs, p.hintsAt(3, ids, progress)...)
	}
	var same, removing [3]int
	kinds := map[string]int{}
	for k, a := range all {
		family, r, pos, h := k%3, a.r, a.pos, hs[k]
		checkHintTrue(t, h, r)
		kinds[h.Tech]++
		pz, _ := sudoku.ParseAuto(string(pos))
		steps, _, err := grade.Explain(pz, grade.SEProfile(), grade.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if len(steps) > 0 && sameMove(h, steps[0].Step) {
			same[family]++
			if len(steps[0].Step.Placements) == 0 {
				removing[family]++
			}
		} else if testing.Verbose() && len(steps) > 0 {
			t.Logf("%s at %s:\n page    %s %d=%d %v\n explain %s: %s", r.ID, pos, h.Tech, h.Cell, h.Digit, h.Elims, steps[0].Name, steps[0].Text)
		}
	}
	per := (n + 2) / 3
	t.Logf("%d positions, hints that are the grader's next step (technique and move): any order %d of %d, following the hints %d of %d, ahead elsewhere %d of %d (of those, steps removing candidates: %d, %d, %d); hints by technique %v",
		n, same[0], per, same[1], per, same[2], n/3, removing[0], removing[1], removing[2], kinds)
}
