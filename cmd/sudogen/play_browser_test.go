package main

// Browser tests of the play page (`export --format html`): the page is
// written by the CLI, opened from disk in headless chromium with the
// network off, and played through its keyboard, mouse and touch input.
// Screenshots of each state go to the test's temp folder, or to
// $SUDOGEN_SHOTS (kept) when set.

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/performance"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/sudogen/sudogen/export"
	"github.com/sudogen/sudogen/grade"
	"github.com/sudogen/sudogen/sudoku"
)

// chromiumPath finds the browser: $SUDOGEN_CHROME, else chromium or
// Chrome on the PATH.
func chromiumPath() string {
	if p := os.Getenv("SUDOGEN_CHROME"); p != "" {
		return p
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// skipOrFail skips a browser test with a message saying why, or fails it
// under CI, where .ci/run installs chromium.
func skipOrFail(t *testing.T, format string, args ...any) {
	t.Helper()
	msg := fmt.Sprintf(format, args...)
	if os.Getenv("CI") != "" {
		t.Fatal(msg)
	}
	t.Skip(msg)
}

// playBrowser is one headless chromium for a test, its tabs offline.
type playBrowser struct {
	ctx   context.Context
	shots string
}

func startPlayBrowser(t *testing.T) *playBrowser {
	t.Helper()
	path := chromiumPath()
	if path == "" {
		skipOrFail(t, "play page browser tests skipped: chromium not found (install it with `apt-get install chromium`, or set SUDOGEN_CHROME)")
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(path),
		chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU, chromedp.NoFirstRun,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		// no name resolves and every proxied request fails: nothing leaves
		chromedp.Flag("host-resolver-rules", "MAP * ~NOTFOUND"),
		chromedp.Flag("proxy-server", "127.0.0.1:9"),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(1200, 900),
	)
	actx, cancelA := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancel := chromedp.NewContext(actx)
	t.Cleanup(func() { cancel(); cancelA() })
	// The first Do starts the browser and binds its life to ctx (so no
	// timeout here: it would end the browser).
	if err := chromedp.Do(ctx); err != nil {
		skipOrFail(t, "play page browser tests skipped: chromium (%s) cannot start: %v", path, err)
	}
	shots := os.Getenv("SUDOGEN_SHOTS")
	if shots == "" {
		shots = filepath.Join(t.TempDir(), "shots")
	}
	if err := os.MkdirAll(shots, 0o755); err != nil {
		t.Fatal(err)
	}
	t.Logf("screenshots in %s", shots)
	return &playBrowser{ctx: ctx, shots: shots}
}

// playTab is a browser tab for one subtest: network off, every request
// and every script error recorded and checked when the subtest ends.
type playTab struct {
	t     *testing.T
	ctx   context.Context
	b     *playBrowser
	name  string
	n     int
	mu    sync.Mutex
	reqs  []string
	errs  []string
	close func()
}

func (b *playBrowser) tab(t *testing.T) *playTab {
	t.Helper()
	p := &playTab{t: t, b: b, name: strings.NewReplacer("/", "-", " ", "_").Replace(t.Name())}
	ctx, cancel := chromedp.NewContext(b.ctx, chromedp.WithListener(func(ev any) {
		p.mu.Lock()
		defer p.mu.Unlock()
		switch e := ev.(type) {
		case *network.EventRequestWillBeSent:
			p.reqs = append(p.reqs, e.Request.URL)
		case *runtime.EventExceptionThrown:
			msg := e.ExceptionDetails.Text
			if e.ExceptionDetails.Exception != nil {
				msg += " " + e.ExceptionDetails.Exception.Description
			}
			p.errs = append(p.errs, msg)
		case *runtime.EventConsoleAPICalled:
			if e.Type == runtime.ConsoleAPICalledTypeError || e.Type == runtime.ConsoleAPICalledTypeWarning {
				var parts []string
				for _, a := range e.Args {
					parts = append(parts, string(a.Value)+a.Description)
				}
				p.errs = append(p.errs, fmt.Sprintf("console.%s: %s", e.Type, strings.Join(parts, " ")))
			}
		}
	}))
	p.ctx, p.close = ctx, cancel
	// The first Do opens the tab and binds it to ctx: no timeout here.
	if err := chromedp.Do(ctx); err != nil {
		t.Fatal(err)
	}
	p.do(chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		if _, err := cdp.Call(ctx, tg, network.Enable, network.EnableParams{}); err != nil {
			return err
		}
		// Raw parameters: Chromium 148 takes "offline" beside the rules
		// (cdproto v0.159 puts it in each rule, which 148 refuses);
		// earlier versions read it in the rule. Both are sent.
		params := map[string]any{
			"offline": true,
			"matchedNetworkConditions": []map[string]any{{
				"urlPattern": "", "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1, "offline": true,
			}},
		}
		return tg.Call(ctx, "Network.emulateNetworkConditionsByRule", params, nil)
	}))
	t.Cleanup(func() {
		p.mu.Lock()
		defer p.mu.Unlock()
		for _, u := range p.reqs {
			if !strings.HasPrefix(u, "file://") && !strings.HasPrefix(u, "data:") {
				t.Errorf("the page asked the network for %s", u)
			}
		}
		for _, e := range p.errs {
			t.Errorf("script error: %s", e)
		}
		cancel()
	})
	return p
}

func (p *playTab) do(actions ...chromedp.Action[chromedp.Void]) {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, 30*time.Second)
	defer cancel()
	if err := chromedp.Do(ctx, actions...); err != nil {
		p.t.Fatal(err)
	}
}

// eval runs a script in the page (promises are awaited) and decodes its
// result into T.
func eval[T any](p *playTab, js string) T {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, 30*time.Second)
	defer cancel()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](js, chromedp.EvalAwaitPromise))
	if err != nil {
		p.t.Fatalf("%s: %v", js, err)
	}
	return v
}

// open loads the page file (with a #fragment, if any) with no progress
// stored (the subtests share the browser's storage) and waits until it
// shows the list or a board.
func (p *playTab) open(file, frag string) {
	p.t.Helper()
	p.do(chromedp.Navigate("file://" + file + frag))
	p.waitReady()
	eval[bool](p, `localStorage.clear(); true`)
	p.do(chromedp.Reload())
	p.waitReady()
}

func (p *playTab) waitReady() {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, 30*time.Second)
	defer cancel()
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`!!document.body.dataset.ready || document.getElementById('loading').getAttribute('role') === 'alert'`)); err != nil {
		p.t.Fatalf("page not ready: %v", err)
	}
	if msg := eval[string](p, `document.getElementById('loading').getAttribute('role') === 'alert' ? document.getElementById('loading').textContent : ''`); msg != "" {
		p.t.Fatalf("page failed: %s", msg)
	}
}

// play opens a puzzle by id from the list.
func (p *playTab) play(id string) {
	p.t.Helper()
	eval[bool](p, fmt.Sprintf(`location.hash = '#play=' + encodeURIComponent(%q); true`, id))
	p.waitFor(fmt.Sprintf(`document.body.dataset.ready === 'board' && document.getElementById('board').dataset.key.startsWith(%q)`, id+"~"))
}

// waitSolved waits for the solved screen.
func (p *playTab) waitSolved() {
	p.t.Helper()
	p.waitFor(`document.getElementById('dlg').open`)
	if h := p.text("#dlg-h"); h != "Solved!" {
		p.t.Fatalf("dialog %q, want Solved!", h)
	}
}

// waitFor polls a condition for up to 10 s.
func (p *playTab) waitFor(cond string) {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, 10*time.Second)
	defer cancel()
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](cond)); err != nil {
		p.t.Fatalf("waiting for %s: %v", cond, err)
	}
}

// shot saves a screenshot of the viewport as NN-name.png.
func (p *playTab) shot(name string) {
	p.t.Helper()
	p.n++
	buf, err := chromedp.Run(p.ctx, chromedp.CaptureScreenshot())
	if err != nil {
		p.t.Fatal(err)
	}
	file := filepath.Join(p.b.shots, fmt.Sprintf("%s-%02d-%s.png", p.name, p.n, name))
	if err := os.WriteFile(file, buf, 0o644); err != nil {
		p.t.Fatal(err)
	}
}

func (p *playTab) keys(s string, mods ...chromedp.Modifier) {
	p.t.Helper()
	var opts []chromedp.KeyOption
	if len(mods) > 0 {
		opts = append(opts, chromedp.KeyModifiers(mods...))
	}
	p.do(chromedp.KeyEvent(s, opts...))
}

func (p *playTab) click(css string) {
	p.t.Helper()
	p.do(chromedp.Click(chromedp.CSS(css)))
}

// cells reads the board from the page: per cell its symbol, or its marks
// as {123}, or "" when empty.
func (p *playTab) cells() []string {
	p.t.Helper()
	return eval[[]string](p, `[...document.querySelectorAll('#board .c')].map(c => { const m = c.querySelector('.m'); return m ? '{' + [...m.children].map(s => s.textContent).join('') + '}' : c.textContent; })`)
}

func (p *playTab) text(css string) string {
	p.t.Helper()
	return eval[string](p, fmt.Sprintf(`(document.querySelector(%q) || {}).textContent || ''`, css))
}

func (p *playTab) selected() int {
	p.t.Helper()
	return eval[int](p, `+document.querySelector('#board .c[aria-selected=true]').dataset.i`)
}

// setProgress opens puzzle id with this progress stored for it (the
// page's own format, JSON), as if it had been played so far: the page
// saves the open puzzle when it leaves it, so the list is shown first.
func (p *playTab) setProgress(id, progress string) {
	p.t.Helper()
	p.play(id)
	key := eval[string](p, `document.getElementById('board').dataset.key`)
	eval[bool](p, `location.hash = ''; true`)
	p.waitFor(`document.body.dataset.ready === 'list'`)
	eval[bool](p, fmt.Sprintf(`localStorage.setItem('sudogen1:p:' + %q, %q); true`, key, progress))
	p.play(id)
}

// entries is the player's part of a position: its digits where the
// puzzle is empty, '.' elsewhere.
func entries(puzzle string, pos []byte) string {
	v := []byte(strings.Repeat(".", len(puzzle)))
	for i := range pos {
		if puzzle[i] == '.' {
			v[i] = pos[i]
		}
	}
	return string(v)
}

// emptyCells lists the empty cells of a puzzle.
func emptyCells(puzzle string) []int {
	var out []int
	for i := range puzzle {
		if puzzle[i] == '.' {
			out = append(out, i)
		}
	}
	return out
}

// moveTo walks the selection to cell i with the arrow keys.
func (p *playTab) moveTo(i, n int) {
	p.t.Helper()
	at := p.selected()
	var k strings.Builder
	for r := at / n; r < i/n; r++ {
		k.WriteString(kb.ArrowDown)
	}
	for r := at / n; r > i/n; r-- {
		k.WriteString(kb.ArrowUp)
	}
	for c := at % n; c < i%n; c++ {
		k.WriteString(kb.ArrowRight)
	}
	for c := at % n; c > i%n; c-- {
		k.WriteString(kb.ArrowLeft)
	}
	if k.Len() > 0 {
		p.keys(k.String())
	}
	if got := p.selected(); got != i {
		p.t.Fatalf("arrow keys reached cell %d, want %d", got, i)
	}
}

// ---- the corpus the tests play

// playSlide15 is a 15-puzzle made by `sudogen batch --kind slide --size 4
// --seed 1`: 60 moves is the optimum the solver proved.
const playSlide15 = `{"id":"slide4-0000000","kind":"slide","size":4,"solution":"LLDDRDRULDLURDRUUULLDRDRULURDRDDLURUULLDRDLURULLDRRULLDDRRRD","tier":"expert","tiles":[6,15,0,8,7,2,10,9,3,13,14,11,4,12,5,1],"goal":"blank-last","optimal":60,"moves":"blank","seed":1,"index":0}`

type playFixture struct {
	page string
	recs []export.Record
	s9   []export.Record // 9x9 sudokus in corpus order
	byN  map[int]export.Record
}

// makePlayFixture writes a corpus of real generated puzzles (9x9, 6x6,
// 16x16) and the 15-puzzle above, and exports it as a play page.
func makePlayFixture(t *testing.T) *playFixture {
	t.Helper()
	dir := t.TempDir()
	var all []string
	for _, args := range [][]string{
		{"--count", "6", "--seed", "11"},
		{"--box", "2x3", "--count", "1", "--seed", "5"},
		{"--size", "16", "--count", "1", "--seed", "5", "--no-grade"}, // grading a 16x16 puzzle costs ~20 CPU-s; the page needs none
		{"--tier", "hard", "--count", "1", "--seed", "5"},
	} {
		out := filepath.Join(dir, fmt.Sprintf("b%d.jsonl", len(all)))
		if code, _, errOut := runCLI(t, "", append([]string{"batch", "-q", "--progress", "never", "-o", out}, args...)...); code != 0 {
			t.Fatalf("batch %v: %s", args, errOut)
		}
		b, _ := os.ReadFile(out)
		all = append(all, strings.TrimSpace(string(b)))
	}
	all = append(all, playSlide15, play25(t))
	corpus := filepath.Join(dir, "corpus.jsonl")
	if err := os.WriteFile(corpus, []byte(strings.Join(all, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	f := &playFixture{page: filepath.Join(dir, "play.html"), byN: map[int]export.Record{}}
	if code, _, errOut := runCLI(t, "", "export", corpus, "--format", "html", "-o", f.page); code != 0 {
		t.Fatalf("export: %s", errOut)
	}
	fh, _ := os.Open(corpus)
	defer fh.Close()
	sc := bufio.NewScanner(fh)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var r export.Record
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			t.Fatal(err)
		}
		f.recs = append(f.recs, r)
		if r.Kind == "sudoku" && r.Size == 9 {
			f.s9 = append(f.s9, r)
		} else if _, ok := f.byN[r.Size]; !ok && r.Kind == "sudoku" {
			f.byN[r.Size] = r
		}
	}
	return f
}

// play25 makes a 25x25 record quickly (digging a minimal one takes
// minutes): a shuffled pattern grid with 200 cells emptied, each only
// while the puzzle keeps one solution.
func play25(t *testing.T) string {
	t.Helper()
	shape := sudoku.Shape{BoxRows: 5, BoxCols: 5}
	n := 25
	rng := rand.New(rand.NewPCG(25, 25))
	perm := rng.Perm(n)
	sol := sudoku.NewGrid(shape)
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			sol.Cells[r*n+c] = uint8(perm[(r%5*5+r/5+c)%n] + 1)
		}
	}
	p := sol.Clone()
	sv := sudoku.NewSolver(shape)
	empty := 0
	for _, i := range rng.Perm(n * n) {
		if empty == 200 {
			break
		}
		v := p.Cells[i]
		p.Cells[i] = 0
		if !sv.Unique(p.Cells) {
			p.Cells[i] = v
			continue
		}
		empty++
	}
	b, _ := json.Marshal(export.Record{ID: "s25-test", Kind: "sudoku", Size: 25, Box: []int{5, 5}, Puzzle: p.String(), Solution: sol.String()})
	return string(b)
}

// symbolOf is the value of a symbol 1-9, A-P.
func symbolOf(c byte) int { return strings.IndexByte(playSymbols, c) + 1 }

const playSymbols = "123456789ABCDEFGHIJKLMNOP"

// keyFor is the key that types value v.
func keyFor(v int) string { return string(playSymbols[v-1]) }

// TestPlayPage plays the page in headless chromium.
func TestPlayPage(t *testing.T) {
	b := startPlayBrowser(t)
	f := makePlayFixture(t)

	t.Run("offline list", func(t *testing.T) {
		p := b.tab(t)
		p.open(f.page, "")
		rows := eval[int](p, `document.querySelectorAll('#rows tr').length`)
		if rows != len(f.recs) {
			t.Errorf("list shows %d rows, corpus has %d", rows, len(f.recs))
		}
		if online := eval[bool](p, `navigator.onLine`); online {
			t.Log("navigator.onLine is true (offline emulation by rule leaves it): requests are checked instead")
		}
		csp := eval[string](p, `document.querySelector('meta[http-equiv=Content-Security-Policy]').content`)
		if !strings.Contains(csp, "default-src 'none'") {
			t.Errorf("CSP %q does not forbid loads", csp)
		}
		p.shot("list")
	})

	t.Run("keyboard 9x9 to the end", func(t *testing.T) {
		p := b.tab(t)
		r := f.s9[0]
		p.open(f.page, "#play="+r.ID)
		p.shot("start")
		for _, i := range emptyCells(r.Puzzle) {
			p.moveTo(i, 9)
			p.keys(keyFor(symbolOf(r.Solution[i])))
		}
		p.waitSolved()
		if body := p.text("#dlg-body"); !strings.Contains(body, "0 mistakes") {
			t.Errorf("solved dialog: %q", body)
		}
		if got := strings.Join(p.cells(), ""); got != r.Solution {
			t.Errorf("board %s, want %s", got, r.Solution)
		}
		// the inlined symbol fonts (givens bold, entries regular) are used
		fonts := eval[string](p, `document.fonts.ready.then(() => [...document.fonts].filter(f => f.family.includes('SudogenSymbols')).map(f => f.weight + ' ' + f.status).sort().join(', '))`)
		if fonts != "400 loaded, 700 loaded" {
			t.Errorf("inlined fonts: %q, want both loaded", fonts)
		}
		p.shot("solved")
		p.click(`#dlg-buttons button[data-v=list]`)
		p.waitFor(`document.body.dataset.ready === 'list'`)
		st := eval[string](p, fmt.Sprintf(`[...document.querySelectorAll('#rows tr')].find(tr => tr.children[1].textContent === %q).children[5].textContent`, r.ID))
		if st != "solved" {
			t.Errorf("list status %q, want solved", st)
		}
		p.shot("list-solved")
	})

	t.Run("clicks 9x9 to the end", func(t *testing.T) {
		p := b.tab(t)
		r := f.s9[1]
		p.open(f.page, "#play="+r.ID)
		for _, i := range emptyCells(r.Puzzle) {
			p.click(fmt.Sprintf("#c%d", i))
			p.click(fmt.Sprintf(`#keypad button[data-d="%d"]`, symbolOf(r.Solution[i])))
		}
		p.waitSolved()
		p.shot("solved")
	})

	t.Run("marks undo redo", func(t *testing.T) {
		p := b.tab(t)
		r := f.s9[2]
		p.open(f.page, "#play="+r.ID)
		// X and Y: two empty cells of one row; Y's digit is one of X's marks.
		x, y := -1, -1
		for row := 0; row < 9 && y < 0; row++ {
			var empty []int
			for c := 0; c < 9; c++ {
				if r.Puzzle[row*9+c] == '.' {
					empty = append(empty, row*9+c)
				}
			}
			if len(empty) >= 2 {
				x, y = empty[0], empty[1]
			}
		}
		v := symbolOf(r.Solution[y])
		other := []int{}
		for d := 1; d <= 9 && len(other) < 2; d++ {
			if d != v {
				other = append(other, d)
			}
		}
		var states [][]string
		snap := func() { states = append(states, p.cells()) }
		snap()
		p.click(fmt.Sprintf("#c%d", x))
		p.keys(" ") // pencil mode on
		for _, d := range []int{v, other[0], other[1]} {
			p.keys(keyFor(d))
			snap()
		}
		if got := states[3][x]; got == "" || strings.Count(got, keyFor(v)) != 1 {
			t.Fatalf("marks in X: %q", got)
		}
		p.shot("marks")
		p.keys(keyFor(other[0])) // mark off again
		snap()
		p.keys(" ")                                      // pencil off
		p.keys(keyFor(other[0]), chromedp.ModifierShift) // Shift marks one digit
		snap()
		p.moveTo(y, 9)
		p.keys(keyFor(v)) // enter v in Y: X loses its mark v
		snap()
		if states[len(states)-1][y] != keyFor(v) || strings.Contains(states[len(states)-1][x], keyFor(v)) {
			t.Fatalf("after entering %d in Y: X %q, Y %q", v, states[len(states)-1][x], states[len(states)-1][y])
		}
		p.shot("auto-removed")
		p.keys(kb.Delete)
		snap()
		label := eval[string](p, fmt.Sprintf(`document.getElementById('c%d').getAttribute('aria-label')`, x))
		if !strings.Contains(label, "marks") {
			t.Errorf("aria-label of X %q does not name its marks", label)
		}
		for i := len(states) - 2; i >= 0; i-- {
			p.keys("z", chromedp.ModifierCtrl)
			if got := p.cells(); strings.Join(got, "|") != strings.Join(states[i], "|") {
				t.Fatalf("undo to state %d: got %v, want %v", i, got, states[i])
			}
		}
		for i := 1; i < len(states); i++ {
			p.keys("y", chromedp.ModifierCtrl)
			if got := p.cells(); strings.Join(got, "|") != strings.Join(states[i], "|") {
				t.Fatalf("redo to state %d: got %v, want %v", i, got, states[i])
			}
		}
		p.shot("redone")
	})

	t.Run("mistakes lives check reveal", func(t *testing.T) {
		p := b.tab(t)
		r := f.s9[3]
		p.open(f.page, "#play="+r.ID)
		empties := emptyCells(r.Puzzle)
		wrong := func(i int) int { return symbolOf(r.Solution[i])%9 + 1 }
		p.click(fmt.Sprintf("#c%d", empties[0]))
		p.keys(keyFor(wrong(empties[0])))
		if m := p.text("#mistakes"); m != "Mistakes 1" {
			t.Fatalf("after a wrong entry: %q, want Mistakes 1", m)
		}
		if !eval[bool](p, fmt.Sprintf(`document.getElementById('c%d').classList.contains('wrong')`, empties[0])) {
			t.Error("the wrong digit is not marked")
		}
		p.shot("mistake")
		// a limit of 3 lives, through the settings dialog
		p.click("#settings-btn")
		eval[bool](p, `const s = document.getElementById('set-lives'); s.value = '3'; s.dispatchEvent(new Event('change')); true`)
		p.click(`#dlg-buttons button`)
		for _, i := range empties[1:3] {
			p.click(fmt.Sprintf("#c%d", i))
			p.keys(keyFor(wrong(i)))
		}
		p.waitFor(`document.getElementById('dlg').open && document.getElementById('dlg-h').textContent === 'Out of lives'`)
		p.shot("out-of-lives")
		p.click(`#dlg-buttons button[data-v=go]`)
		p.waitFor(`document.getElementById('mistakes').textContent === 'Mistakes 3'`)
		p.click("#check")
		if s := p.text("#status"); !strings.Contains(s, "3 entries are wrong") {
			t.Errorf("check says %q", s)
		}
		p.click(fmt.Sprintf("#c%d", empties[0]))
		p.click("#reveal")
		if got := p.cells()[empties[0]]; got != string(r.Solution[empties[0]]) {
			t.Errorf("revealed %q, want %c", got, r.Solution[empties[0]])
		}
		p.shot("revealed")
	})

	t.Run("hints", func(t *testing.T) {
		p := b.tab(t)
		r := f.s9[4]
		p.open(f.page, "#play="+r.ID)
		// at the start: the same words as `sudogen explain --next`
		p.click("#hint")
		p.waitFor(`!document.getElementById('hintbox').hidden`)
		_, want, _ := runCLI(t, "", "explain", "--next", r.Puzzle)
		if got := p.text("#hintbox"); got != strings.TrimSpace(want) {
			t.Errorf("hint at the start:\n got  %q\n want %q", got, strings.TrimSpace(want))
		}
		checkHint(t, p, r)
		p.shot("hint-start")
		// a position off the grader's path: the last empty cells filled first
		empties := emptyCells(r.Puzzle)
		for _, i := range empties[len(empties)-12:] {
			p.click(fmt.Sprintf("#c%d", i))
			p.keys(keyFor(symbolOf(r.Solution[i])))
		}
		p.click("#hint")
		p.waitFor(`!document.getElementById('hintbox').hidden`)
		checkHint(t, p, r)
		// a wrong entry comes first
		i := empties[0]
		p.click(fmt.Sprintf("#c%d", i))
		p.keys(keyFor(symbolOf(r.Solution[i])%9 + 1))
		p.click("#hint")
		p.waitFor(`!document.getElementById('hintbox').hidden`)
		if got, want := p.text("#hintbox"), fmt.Sprintf("Mistake: r%dc%d holds", i/9+1, i%9+1); !strings.HasPrefix(got, want) {
			t.Errorf("hint with a wrong entry: %q, want it to start %q", got, want)
		}
		p.shot("hint-mistake")
	})

	t.Run("follow the hints to the end", func(t *testing.T) {
		// A player who asks for a hint, enters the digit it places (or
		// reads what it removes) and asks again walks the grader's whole
		// path: every hint reads as the next line of `sudogen explain`.
		p := b.tab(t)
		p.open(f.page, "")
		var r export.Record
		for _, c := range f.s9 {
			if h, _ := playHints(&c); h.Solved && len(h.Steps) > 0 && firstStored(h) >= 0 {
				r = c
				break
			}
		}
		if r.ID == "" {
			t.Fatal("no fixture puzzle needs a stored step")
		}
		_, out, _ := runCLI(t, "", "explain", r.Puzzle)
		var want []string
		for _, line := range strings.Split(out, "\n") {
			if m := regexp.MustCompile(`^ *\d+\. (.*)$`).FindStringSubmatch(line); m != nil {
				want = append(want, m[1])
			}
		}
		p.play(r.ID)
		stored := 0
		for k, w := range want {
			p.click("#hint")
			p.waitFor(`!document.getElementById('hintbox').hidden`)
			got := p.text("#hintbox")
			if strings.HasSuffix(got, "Remove these marks") {
				got = strings.TrimSuffix(got, "Remove these marks")
			}
			if got != w {
				t.Fatalf("hint %d:\n got  %q\n want %q", k+1, got, w)
			}
			checkHint(t, p, r)
			if cell := eval[int](p, `+(document.getElementById('hintbox').dataset.cell ?? -1)`); cell >= 0 {
				p.keys(keyFor(symbolOf(r.Solution[cell])))
			} else if !strings.HasPrefix(w, "Locked Candidates") {
				stored++
				if stored == 1 {
					p.shot("stored-step")
				}
			}
		}
		p.waitFor(`document.getElementById('dlg').open`)
		if body := p.text("#dlg-body"); !strings.Contains(body, fmt.Sprintf("%d hints", len(want))) {
			t.Errorf("solved dialog %q: want %d hints", body, len(want))
		}
		t.Logf("%s: %d hints, %d of them from the stored path", r.ID, len(want), stored)
		p.shot("solved-by-hints")
	})

	t.Run("a hint removes marked candidates", func(t *testing.T) {
		// The position before the grader's first step that removes
		// candidates, with the candidate it removes marked: the hint
		// offers to remove the mark, and undo puts it back.
		p := b.tab(t)
		p.open(f.page, "")
		r := f.s9[2]
		pz, _ := sudoku.ParseAuto(r.Puzzle)
		steps, _, err := grade.Explain(pz, grade.SEProfile(), grade.Options{})
		if err != nil {
			t.Fatal(err)
		}
		pos := []byte(r.Puzzle)
		var target grade.Candidate
		for _, st := range steps {
			if len(st.Step.Eliminations) > 0 {
				target = st.Step.Eliminations[0]
				break
			}
			for _, pl := range st.Step.Placements {
				pos[pl.Cell] = playSymbols[pl.Digit-1]
			}
		}
		if target.Digit == 0 {
			t.Fatal("no step removes candidates")
		}
		other := int(target.Digit)%9 + 1
		for other == symbolOf(r.Solution[target.Cell]) {
			other = other%9 + 1
		}
		v := entries(r.Puzzle, pos)
		marks := 1<<(target.Digit-1) | 1<<(other-1)
		p.setProgress(r.ID, fmt.Sprintf(`{"v": %q, "m": [[%d, %d]], "t": 1000}`, v, target.Cell, marks))
		before := p.cells()[target.Cell]
		p.click("#hint")
		p.waitFor(`!!document.getElementById('hint-apply')`)
		p.shot("offer")
		p.click("#hint-apply")
		if got, want := p.cells()[target.Cell], "{"+keyFor(other)+"}"; got != want {
			t.Errorf("after removing the marks: %q, want %q", got, want)
		}
		if strings.Contains(before, keyFor(int(target.Digit))) == false {
			t.Fatalf("the mark was not there: %q", before)
		}
		p.keys("z", chromedp.ModifierCtrl)
		if got := p.cells()[target.Cell]; got != before {
			t.Errorf("undo: %q, want %q", got, before)
		}
	})

	t.Run("6x6 16x16 25x25", func(t *testing.T) {
		p := b.tab(t)
		p.open(f.page, "")
		for _, n := range []int{6, 16, 25} {
			r, ok := f.byN[n]
			if !ok {
				t.Fatalf("no %dx%d puzzle in the fixture", n, n)
			}
			p.play(r.ID)
			if c := eval[int](p, `document.querySelectorAll('#board .c').length`); c != n*n {
				t.Errorf("%dx%d board has %d cells", n, n, c)
			}
			if k := eval[int](p, `document.querySelectorAll('#keypad button').length`); k != n {
				t.Errorf("%dx%d keypad has %d keys", n, n, k)
			}
			empties := emptyCells(r.Puzzle)
			// keyboard into one cell (a letter when the digit is 10 or more)
			big := empties[0]
			for _, i := range empties {
				if symbolOf(r.Solution[i]) > 9 {
					big = i
					break
				}
			}
			p.click(fmt.Sprintf("#c%d", big))
			p.keys(strings.ToLower(keyFor(symbolOf(r.Solution[big]))))
			// the keypad into another
			other := empties[len(empties)-1]
			p.click(fmt.Sprintf("#c%d", other))
			p.click(fmt.Sprintf(`#keypad button[data-d="%d"]`, symbolOf(r.Solution[other])))
			cells := p.cells()
			if cells[big] != string(r.Solution[big]) || cells[other] != string(r.Solution[other]) {
				t.Errorf("%dx%d: entered %q and %q, want %c and %c", n, n, cells[big], cells[other], r.Solution[big], r.Solution[other])
			}
			if m := p.text("#mistakes"); m != "Mistakes 0" {
				t.Errorf("%dx%d: %s after right entries", n, n, m)
			}
			p.shot(fmt.Sprintf("%dx%d", n, n))
		}
	})

	t.Run("15-puzzle optimal replay", func(t *testing.T) {
		p := b.tab(t)
		var r export.Record
		json.Unmarshal([]byte(playSlide15), &r)
		p.open(f.page, "#play="+r.ID)
		p.shot("start")
		if m := p.text("#mistakes"); !strings.Contains(m, "Moves 0") || !strings.Contains(m, "60") {
			t.Errorf("counter %q", m)
		}
		// the hint names the first move of the optimal solution
		p.click("#hint")
		p.waitFor(`!document.getElementById('hintbox').hidden`)
		if h := p.text("#hintbox"); !strings.Contains(h, "60 moves to go on a fewest-moves path") {
			t.Errorf("slide hint %q", h)
		}
		hinted := eval[int](p, `+document.querySelector('#board .tile.hint').dataset.i`)
		blank0 := 0
		for i, v := range r.Tiles {
			if v == 0 {
				blank0 = i
			}
		}
		if want := blank0 + map[byte]int{'U': -4, 'D': 4, 'L': -1, 'R': 1}[r.Solution[0]]; hinted != want {
			t.Errorf("hint highlights the tile at %d; the solution's first move slides the one at %d", hinted, want)
		}
		// a click on a tile beside the gap moves it; undo puts it back
		blank := 0
		for i, v := range r.Tiles {
			if v == 0 {
				blank = i
			}
		}
		p.click(fmt.Sprintf(`#board .tile[data-i="%d"]`, blank+4))
		if m := p.text("#mistakes"); !strings.HasPrefix(m, "Moves 1") {
			t.Errorf("after a click: %q", m)
		}
		p.click("#undo")
		if m := p.text("#mistakes"); !strings.HasPrefix(m, "Moves 0") {
			t.Errorf("after undo: %q", m)
		}
		// the record's optimal solution, as arrow keys: a move letter names
		// the way the blank goes; an arrow the way a tile goes
		arrow := map[rune]string{'L': kb.ArrowRight, 'R': kb.ArrowLeft, 'U': kb.ArrowDown, 'D': kb.ArrowUp}
		var k strings.Builder
		for _, c := range r.Solution {
			k.WriteString(arrow[c])
		}
		p.keys(k.String())
		p.waitFor(`document.getElementById('dlg').open`)
		body := p.text("#dlg-body")
		if !strings.Contains(body, "Solved in 60 moves") || !strings.Contains(body, "the fewest possible (60)") {
			t.Errorf("solved dialog: %q", body)
		}
		if m := p.text("#mistakes"); !strings.HasPrefix(m, "Moves 60") {
			t.Errorf("counter %q", m)
		}
		p.shot("solved")
	})

	t.Run("progress survives a reload", func(t *testing.T) {
		p := b.tab(t)
		r := f.s9[5]
		p.open(f.page, "#play="+r.ID)
		empties := emptyCells(r.Puzzle)
		for _, i := range empties[:3] {
			p.click(fmt.Sprintf("#c%d", i))
			p.keys(keyFor(symbolOf(r.Solution[i])))
		}
		p.click(fmt.Sprintf("#c%d", empties[3]))
		p.keys(keyFor(symbolOf(r.Solution[empties[3]])%9 + 1)) // a mistake
		p.click(fmt.Sprintf("#c%d", empties[4]))
		p.keys("1", chromedp.ModifierShift)
		p.keys("2", chromedp.ModifierShift)
		time.Sleep(1200 * time.Millisecond)
		before, mistakes := p.cells(), p.text("#mistakes")
		timer := eval[string](p, `document.getElementById('timer').textContent`)
		p.do(chromedp.Reload())
		p.waitReady()
		p.waitFor(`document.body.dataset.ready === 'board'`)
		if after := p.cells(); strings.Join(after, "|") != strings.Join(before, "|") {
			t.Errorf("after reload:\n got  %v\n want %v", after, before)
		}
		if m := p.text("#mistakes"); m != mistakes {
			t.Errorf("mistakes %q after reload, %q before", m, mistakes)
		}
		if tm := p.text("#timer"); tm < timer || tm == "0:00" {
			t.Errorf("timer %q after reload, %q before", tm, timer)
		}
		p.keys("z", chromedp.ModifierCtrl) // undo history is kept too: the last mark goes
		if got := p.cells()[empties[4]]; got != "{1}" {
			t.Errorf("undo after reload: %q, want {1}", got)
		}
		p.shot("reloaded")
	})

	t.Run("timer stops while hidden", func(t *testing.T) {
		p := b.tab(t)
		p.open(f.page, "#play="+f.s9[0].ID)
		setHidden := func(h bool) {
			eval[bool](p, fmt.Sprintf(`Object.defineProperty(document, 'hidden', {value: %v, configurable: true}); document.dispatchEvent(new Event('visibilitychange')); true`, h))
		}
		setHidden(true)
		t0 := p.text("#timer")
		time.Sleep(2100 * time.Millisecond)
		if t1 := p.text("#timer"); t1 != t0 {
			t.Errorf("timer went on while hidden: %s to %s", t0, t1)
		}
		setHidden(false)
		time.Sleep(2100 * time.Millisecond)
		if t2 := p.text("#timer"); t2 == t0 {
			t.Errorf("timer did not go on when shown again: %s", t2)
		}
	})

	t.Run("looks", func(t *testing.T) {
		p := b.tab(t)
		r := f.s9[2]
		p.open(f.page, "#play="+r.ID)
		media := func(typ string, dark bool) {
			var feats []*emulation.MediaFeature
			if dark {
				feats = append(feats, &emulation.MediaFeature{Name: "prefers-color-scheme", Value: "dark"})
			}
			p.do(chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
				_, err := cdp.Call(ctx, tg, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Media: typ, Features: feats})
				return err
			}))
		}
		// dark colour scheme, as the system asks
		media("", true)
		p.waitFor(`document.documentElement.dataset.theme === 'dark'`)
		if bg := eval[string](p, `getComputedStyle(document.body).backgroundColor`); bg != "rgb(17, 19, 21)" {
			t.Errorf("dark background %s", bg)
		}
		p.shot("dark")
		media("", false)
		// print: the board alone
		media("print", false)
		if d := eval[string](p, `getComputedStyle(document.querySelector('.side')).display`); d != "none" {
			t.Errorf("print shows the controls (display %s)", d)
		}
		p.shot("print")
		pdf, err := chromedp.Run(p.ctx, chromedp.PrintToPDF(chromedp.PDFPaper(chromedp.PaperA4)))
		if err != nil {
			t.Fatal(err)
		}
		os.WriteFile(filepath.Join(b.shots, p.name+"-print.pdf"), pdf, 0o644)
		media("", false)
		// 200% zoom: a 1200x900 window at twice the size is 600x450 CSS px
		p.do(chromedp.EmulateViewport(600, 450, chromedp.EmulateScale(2)))
		if over := eval[bool](p, `document.documentElement.scrollWidth > innerWidth + 1`); over {
			t.Errorf("at 200%% zoom the page scrolls sideways (%d > %d)", eval[int](p, `document.documentElement.scrollWidth`), eval[int](p, `innerWidth`))
		}
		if fs := eval[float64](p, `parseFloat(getComputedStyle(document.querySelector('#board .c.g')).fontSize)`); fs < 14 {
			t.Errorf("at 200%% zoom givens are %.1f CSS px", fs)
		}
		p.shot("zoom200")
		// a phone: touch, long press for a mark
		p.do(chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile, chromedp.EmulateTouch))
		if over := eval[bool](p, `document.documentElement.scrollWidth > innerWidth + 1`); over {
			t.Error("on a phone the page scrolls sideways")
		}
		empty := strings.IndexByte(r.Puzzle, '.')
		p.do(chromedp.Tap(chromedp.CSS(fmt.Sprintf("#c%d", empty))))
		if s := p.selected(); s != empty {
			t.Errorf("tap selected %d, want %d", s, empty)
		}
		longPress(t, p, `#keypad button[data-d="4"]`)
		if got := p.cells()[empty]; got != "{4}" {
			t.Errorf("long press on 4: cell %q, want the mark {4}", got)
		}
		p.do(chromedp.Tap(chromedp.CSS(`#keypad button[data-d="7"]`)))
		if got := p.cells()[empty]; got != "7" {
			t.Errorf("tap on 7: cell %q", got)
		}
		p.shot("phone")
		p.do(chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile, chromedp.EmulateTouch))
		p.play(f.byN[16].ID)
		p.shot("phone-16x16")
		p.do(chromedp.ResetViewport())
	})

	t.Run("keyboard only", func(t *testing.T) {
		p := b.tab(t)
		p.open(f.page, "")
		// Tab from the top reaches the puzzle links; Enter opens one.
		var focused string
		for i := 0; i < 30; i++ {
			p.keys(kb.Tab)
			focused = eval[string](p, `document.activeElement.tagName + ' ' + (document.activeElement.getAttribute('href') || '')`)
			if strings.HasPrefix(focused, "A #play=") {
				break
			}
		}
		if !strings.HasPrefix(focused, "A #play=") {
			t.Fatalf("Tab never reached a puzzle link (last focus %q)", focused)
		}
		p.keys(kb.Enter)
		p.waitFor(`document.body.dataset.ready === 'board'`)
		if role := eval[string](p, `document.activeElement.getAttribute('role')`); role != "gridcell" {
			t.Errorf("focus after opening is on %q, want a grid cell", role)
		}
		p.keys(kb.ArrowRight + kb.ArrowDown)
		outline := eval[string](p, `getComputedStyle(document.activeElement).outlineStyle + ' ' + getComputedStyle(document.activeElement).outlineWidth`)
		if !strings.HasPrefix(outline, "solid") || strings.HasSuffix(outline, " 0px") {
			t.Errorf("focused cell outline %q: focus is not visible", outline)
		}
		unlabelled := eval[int](p, `[...document.querySelectorAll('#board [role=gridcell]')].filter(c => !c.getAttribute('aria-label')).length`)
		if unlabelled != 0 {
			t.Errorf("%d cells without an aria-label", unlabelled)
		}
		if k := eval[string](p, `document.querySelector('#keypad button').getAttribute('aria-label')`); !strings.HasPrefix(k, "Enter 1") {
			t.Errorf("keypad label %q", k)
		}
		p.shot("keyboard-focus")
	})
}

// checkHint checks the hint on the page against the solution: a placement
// names the solution's digit, and no removed candidate is the cell's
// solution digit.
func checkHint(t *testing.T, p *playTab, r export.Record) {
	t.Helper()
	cell := eval[int](p, `+(document.getElementById('hintbox').dataset.cell ?? -1)`)
	digit := eval[int](p, `+(document.getElementById('hintbox').dataset.digit ?? 0)`)
	elims := eval[string](p, `document.getElementById('hintbox').dataset.elims || ''`)
	text := p.text("#hintbox")
	if cell < 0 && elims == "" {
		t.Errorf("hint %q names no cell", text)
		return
	}
	if cell >= 0 {
		if want := symbolOf(r.Solution[cell]); digit != want {
			t.Errorf("hint %q puts %d in cell %d, the solution has %d", text, digit, cell, want)
		}
		if !strings.Contains(text, fmt.Sprintf("r%dc%d", cell/r.Size+1, cell%r.Size+1)) {
			t.Errorf("hint %q does not name its cell r%dc%d", text, cell/r.Size+1, cell%r.Size+1)
		}
	}
	for _, f := range strings.Split(elims, ",") {
		if f == "" {
			continue
		}
		var code int
		fmt.Sscan(f, &code)
		if c, d := code>>5, code&31; symbolOf(r.Solution[c]) == d {
			t.Errorf("hint %q removes %d from r%dc%d, the solution's digit", text, d, c/r.Size+1, c%r.Size+1)
		}
	}
}

// firstStored is the index of the first step of a path that the page
// does not find itself, or -1.
func firstStored(h export.Hints) int {
	for i, s := range h.Steps {
		if !export.PageFindsItself(s.Tech) {
			return i
		}
	}
	return -1
}

// longPress touches an element for 700 ms.
func longPress(t *testing.T, p *playTab, css string) {
	t.Helper()
	box := eval[[]float64](p, fmt.Sprintf(`(() => { const r = document.querySelector(%q).getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; })()`, css))
	touch := func(typ input.DispatchTouchEventType, pts []*input.TouchPoint) chromedp.Action[chromedp.Void] {
		return chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
			_, err := cdp.Call(ctx, tg, input.DispatchTouchEvent, input.DispatchTouchEventParams{Type: typ, TouchPoints: pts})
			return err
		})
	}
	p.do(touch(input.DispatchTouchEventTypeTouchStart, []*input.TouchPoint{{X: box[0], Y: box[1]}}))
	time.Sleep(700 * time.Millisecond)
	p.do(touch(input.DispatchTouchEventTypeTouchEnd, []*input.TouchPoint{}))
}

// TestPlayHintPositions asks the page for a hint in positions a player
// could reach and compares it with `sudogen explain --next` of the same
// position. A third are the givens and a random part of the solution (any
// order of play); a third are the digits the grader's path has placed
// just before one of its stored steps (a player who followed the hints:
// the eliminations of earlier steps are not on the board); a third are
// those plus a random part of the remaining solution (a player ahead
// elsewhere). Every hint must agree with the solution; how often it is
// word for word the grader's next step is logged (the stored path was
// found from the start, so off its order the page can name another true
// step). 12 puzzles and 24 positions, or 100 and 600 with SUDOGEN_LONG=1.
func TestPlayHintPositions(t *testing.T) {
	b := startPlayBrowser(t)
	dir := t.TempDir()
	corpus := filepath.Join(dir, "c.jsonl")
	count, n := "12", 24
	if os.Getenv("SUDOGEN_LONG") != "" {
		count, n = "100", 600
	}
	if code, _, errOut := runCLI(t, "", "batch", "--count", count, "--seed", "21", "-q", "--progress", "never", "-o", corpus); code != 0 {
		t.Fatalf("batch: %s", errOut)
	}
	page := filepath.Join(dir, "p.html")
	if code, _, errOut := runCLI(t, "", "export", corpus, "-o", page); code != 0 {
		t.Fatalf("export: %s", errOut)
	}
	var recs []export.Record
	data, _ := os.ReadFile(corpus)
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		var r export.Record
		json.Unmarshal([]byte(line), &r)
		recs = append(recs, r)
	}
	p := b.tab(t)
	p.open(page, "")
	rng := rand.New(rand.NewPCG(7, 7))
	// the path positions: before each step the page does not find itself
	var pathPos []struct {
		r   export.Record
		pos string
	}
	for _, r := range recs {
		pz, _ := sudoku.ParseAuto(r.Puzzle)
		steps, _, err := grade.Explain(pz, grade.SEProfile(), grade.Options{})
		if err != nil {
			t.Fatal(err)
		}
		pos := []byte(r.Puzzle)
		for _, s := range steps {
			if !export.PageFindsItself(s.Step.Tech) {
				pathPos = append(pathPos, struct {
					r   export.Record
					pos string
				}{r, string(pos)})
			}
			for _, pl := range s.Step.Placements {
				pos[pl.Cell] = playSymbols[pl.Digit-1]
			}
		}
	}
	rng.Shuffle(len(pathPos), func(i, j int) { pathPos[i], pathPos[j] = pathPos[j], pathPos[i] })
	var same, removing [3]int
	kinds := map[string]int{}
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
		v := entries(r.Puzzle, pos)
		p.setProgress(r.ID, fmt.Sprintf(`{"v": %q}`, v))
		p.click("#hint")
		p.waitFor(`!document.getElementById('hintbox').hidden`)
		got := p.text("#hintbox")
		checkHint(t, p, r)
		_, want, _ := runCLI(t, "", "explain", "--next", string(pos))
		want = strings.TrimSpace(want)
		name := got[:strings.Index(got, ":")]
		kinds[name]++
		if got == want {
			same[family]++
			if !strings.Contains(got, " = ") {
				removing[family]++
			}
		} else if testing.Verbose() {
			t.Logf("%s at %s:\n page    %s\n explain %s", r.ID, pos, got, want)
		}
	}
	per := (n + 2) / 3
	t.Logf("%d positions, hints word for word the grader's next step: any order %d of %d, following the hints %d of %d, ahead elsewhere %d of %d (of those, steps removing candidates: %d, %d, %d); hints by technique %v",
		n, same[0], per, same[1], per, same[2], n/3, removing[0], removing[1], removing[2], kinds)
}

// TestPlayPage10k (SUDOGEN_LONG=1) writes the page for 10,000 generated
// 9x9 puzzles and measures its size and, in headless chromium, the time
// from navigation to an interactive board (opened by its link) and to the
// list, and to the first hint.
func TestPlayPage10k(t *testing.T) {
	if os.Getenv("SUDOGEN_LONG") == "" {
		t.Skip("SUDOGEN_LONG=1 runs the 10,000-puzzle page")
	}
	dir := t.TempDir()
	corpus, page := filepath.Join(dir, "c.jsonl"), filepath.Join(dir, "p.html")
	if code, _, errOut := runCLI(t, "", "batch", "--count", "10000", "--seed", "10", "-q", "--progress", "never", "-o", corpus); code != 0 {
		t.Fatalf("batch: %s", errOut)
	}
	start := time.Now()
	if code, _, errOut := runCLI(t, "", "export", corpus, "-o", page); code != 0 {
		t.Fatalf("export: %s", errOut)
	}
	took := time.Since(start)
	st, _ := os.Stat(page)
	t.Logf("page: %d bytes (%.1f MB), %.0f bytes per puzzle in all; written in %v (wall)", st.Size(), float64(st.Size())/1e6, float64(st.Size())/10000, took.Round(time.Millisecond))
	data, _ := os.ReadFile(corpus)
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	var last export.Record
	json.Unmarshal([]byte(lines[len(lines)-1]), &last)

	b := startPlayBrowser(t)
	p := b.tab(t)
	// main-thread CPU time of the page (thread ticks), around a load
	p.do(chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, performance.Enable, performance.EnableParams{TimeDomain: performance.EnableTimeDomainThreadTicks})
		return err
	}))
	taskTime := func() float64 {
		var v float64
		p.do(chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
			res, err := cdp.Call(ctx, tg, performance.GetMetrics, cdp.Empty{})
			for _, m := range res.Metrics {
				if m.Name == "TaskDuration" {
					v = m.Value
				}
			}
			return err
		}))
		return v * 1000
	}
	var boards, lists, hints, cpu []float64
	for i := 0; i < 5; i++ {
		p.do(chromedp.Navigate("about:blank"))
		c0 := taskTime()
		p.do(chromedp.Navigate("file://" + page + "#play=" + last.ID))
		p.waitReady()
		cpu = append(cpu, taskTime()-c0)
		boards = append(boards, eval[float64](p, `performance.getEntriesByName('sg-board')[0].startTime`))
		t0 := eval[float64](p, `performance.now()`)
		p.click("#hint")
		p.waitFor(`!document.getElementById('hintbox').hidden`)
		hints = append(hints, eval[float64](p, `performance.now()`)-t0)
		p.do(chromedp.Navigate("about:blank"))
		p.open(page, "")
		lists = append(lists, eval[float64](p, `performance.getEntriesByName('sg-list')[0].startTime`))
	}
	med := func(x []float64) float64 {
		s := append([]float64(nil), x...)
		sort.Float64s(s)
		return s[len(s)/2]
	}
	t.Logf("from navigation (wall ms, median of 5): board interactive %.0f %v, list %.0f %v; first hint %.0f %v; main-thread CPU to the board %.0f ms %v", med(boards), boards, med(lists), lists, med(hints), hints, med(cpu), cpu)
	p.shot("10k-list")
}
