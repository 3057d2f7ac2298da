package export

import (
	"bufio"
	"fmt"
	"io"
	"runtime"
)

// HTMLOptions configure the play page (`export --format html`).
type HTMLOptions struct {
	// Title is the page's title; "" names it by the kinds it holds
	// ("Sudoku", "Sliding Puzzles", "Sudoku and Sliding Puzzles").
	Title string
	// Hints computes the solve path a sudoku record's hints come from; nil
	// writes a page without stored hints (the page still finds singles
	// itself). The writer calls it from several goroutines at once.
	Hints HintFunc
	// Workers is how many records Hints works on at once (0: one per CPU).
	Workers int
	// Lang is the page's language (a BCP 47 tag i18n serves: "fr",
	// "zh-CN"); "" carries every language and follows the browser's.
	Lang string
	// TechOrder lists technique ids in the order the glossary gives them
	// (the grader's, easiest first); techniques it leaves out come after,
	// by id.
	TechOrder []string
	// Stop, when closed, gives up the hints not yet computed: the page is
	// written at once, those puzzles without a stored path (the page
	// still finds singles and says the path was not stored). A batch
	// closes it on Ctrl-C so the page of what it made is kept.
	Stop <-chan struct{}
	// Progress, if set, is told how many of the total sudoku records have
	// their hints, as they come (from one goroutine at a time).
	Progress func(done, total int)
}

// HintFunc returns the solve path of a sudoku record for the play page's
// hints. export does not grade: the caller (cmd/sudogen) provides one
// that runs the grader.
type HintFunc func(*Record) (Hints, error)

// Hints is a sudoku record's solve path as the play page uses it.
type Hints struct {
	// Steps are the path's steps in order. The page finds the steps that
	// only place a digit in the player's own position, so the writer
	// stores only the other steps (see internal/playpage) and those the
	// source marks Keep.
	Steps []HintStep
	// Solved is false when the path stops short of the solution (the
	// grader got stuck): the page then says so once the steps run out.
	Solved bool
	// OverBudget says the grader's work budget (the one grade and
	// explain use) ran out before the path was found: the page stores no
	// path for the puzzle and says why its hints are only the simple ones.
	OverBudget bool
}

// HintStep is one step of a solve path as the play page teaches it: the
// technique, the pattern that proves it (its houses, cells and digits, and
// for a chain its links) and what it does. The page phrases a hint from
// these in the player's language, in three levels (where to look, which
// technique with its pattern highlighted, the move); it keeps no text of
// the grader's.
type HintStep struct {
	Tech string // technique id, e.g. "pointing"
	Name string // the catalogue's display name, e.g. "Locked Candidates (Pointing)"
	// Places and Elims are the digits the step sets and the candidates it
	// removes: the page skips a step whose effect the player's correct
	// entries already hold.
	Places []HintCandidate
	Elims  []HintCandidate
	// Houses are the houses the pattern lives in, as indexes into the
	// board's list of houses (a classic board: rows 0..n-1, columns n..2n-1,
	// boxes 2n..3n-1): a single's or subset's house, a locked candidate's
	// box and line, a fish's base lines then its cover lines.
	Houses []int
	// Cells are the pattern's cells (subset cells, fish corners, a wing's
	// pivot then its wings, a rectangle's corners); Digits the digits it is
	// about (a fish's digit, a subset's digits, a rectangle's pair).
	Cells  []int
	Digits []int
	// Cages are the cages the pattern uses, as indexes into the board's
	// cages (a killer's: the cage whose combinations or sum the step
	// reads, the cage a rule-of-45 region splits, a killer pair's cages);
	// nil on boards without cages.
	Cages []int
	// Proof is the chain of a chaining step, nil for others.
	Proof *HintProof
	// Keep stores the step even though the page finds its technique by
	// itself (playpage.FindsItself): this one is out of the page's reach
	// (a variant's locked candidates with a window or disjoint group,
	// which the page's script does not cross). Set by the hint source.
	Keep bool
}

// HintCandidate is a digit (1..N) in a cell (row-major index).
type HintCandidate struct {
	Cell  int
	Digit int
}

// HintProof is a chaining step's reasoning as the page draws it: each
// branch is the path from an assumption to its conclusion, link by link.
type HintProof struct {
	// Kind says how the branches conclude: "cycle" (a loop that holds
	// whichever way it is read), "forcing" (a chain from an assumption to
	// a contradiction or the same conclusion either way), "contradiction"
	// (one assumption that makes some candidate both true and false),
	// "double" (a candidate being true and being false lead to the same
	// conclusion), "cell" (every candidate of Cell leads to it), "region"
	// (every place of Digit in house Unit leads to it).
	Kind  string
	Cell  int
	Unit  int
	Digit int
	// Branches are the paths; Nested says the branches also lean on
	// shorter chains the page does not draw.
	Branches [][]HintNode
	Nested   bool
}

// HintNode is one link of a chain: digit Digit in cell Cell is (On) or is
// not the cell's value.
type HintNode struct {
	Cell  int
	Digit int
	On    bool
}

// HTMLFile is the play-page sink: records come in with Write (a batch run
// feeds them as they are accepted) and Close checks them, computes the
// hints and writes the page, under a temporary name renamed when complete.
type HTMLFile struct {
	path string
	o    HTMLOptions
	recs []*Record
	done bool
}

// CreateHTML starts a play page written to path on Close. It checks the
// output folder now, so a bad path fails before a run.
func CreateHTML(path string, o HTMLOptions) (*HTMLFile, error) {
	if err := checkOutputPath(path); err != nil {
		return nil, err
	}
	return &HTMLFile{path: path, o: o}, nil
}

// Write keeps a copy of the record.
func (h *HTMLFile) Write(r *Record) error {
	if h.done {
		return fmt.Errorf("html: write after close")
	}
	c := *r
	h.recs = append(h.recs, &c)
	return nil
}

// Close computes the hints and writes the page.
func (h *HTMLFile) Close() error {
	if h.done {
		return nil
	}
	h.done = true
	recs := h.recs
	h.recs = nil
	if len(recs) == 0 {
		return fmt.Errorf("html: no puzzles to write (empty corpus)")
	}
	f, err := createAtomic(h.path)
	if err != nil {
		return err
	}
	w := bufio.NewWriterSize(f, 1<<16)
	if err := WriteHTML(w, recs, h.o); err != nil {
		f.Abort()
		return err
	}
	if err := w.Flush(); err != nil {
		f.Abort()
		return fmt.Errorf("writing %s: %w", h.path, err)
	}
	return f.Commit()
}

// Abort drops the records without writing anything.
func (h *HTMLFile) Abort() error {
	h.done = true
	h.recs = nil
	return nil
}

// WriteHTML writes the play page for recs to w: one self-contained file,
// its CSS, script and data inline. Every record must pass CheckRecord
// (checked on copies: a missing sudoku solution is found, as the page
// needs it to check entries); a bad one is named by its position (1-based)
// and id.
func WriteHTML(w io.Writer, recs []*Record, o HTMLOptions) error {
	if len(recs) == 0 {
		return fmt.Errorf("html: no puzzles to write (empty corpus)")
	}
	checked := make([]*Record, len(recs))
	for i, r := range recs {
		c := *r
		if err := CheckRecord(&c); err != nil {
			return fmt.Errorf("record %d (id %q): %v", i+1, r.ID, err)
		}
		checked[i] = &c
	}
	recs = checked
	hints, err := computeHints(recs, o)
	if err != nil {
		return err
	}
	page, err := buildPage(recs, hints, o)
	if err != nil {
		return err
	}
	_, err = page.WriteTo(w)
	return err
}

// computeHints runs o.Hints on every sudoku record (and a kind's own
// RecordKind.Hints on its records), o.Workers at a time,
// and returns the paths by record index (nil for others, without Hints,
// or when o.Stop closed before the record's path was found).
func computeHints(recs []*Record, o HTMLOptions) ([]*Hints, error) {
	out := make([]*Hints, len(recs))
	if o.Hints == nil {
		return out, nil
	}
	var todo []int
	for i, r := range recs {
		if isGrid(r.Kind) || kindOf(r.Kind).Hints != nil {
			todo = append(todo, i)
		}
	}
	select {
	case <-o.Stop:
		return out, nil // stopped before it began: no hints at all
	default:
	}
	if len(todo) == 0 {
		return out, nil
	}
	workers := o.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	workers = min(workers, len(todo))
	type result struct {
		i   int
		h   Hints
		err error
	}
	// Buffered for every record: a worker still busy when Stop closes
	// never blocks, and is not waited for.
	next := make(chan int, len(todo))
	for _, i := range todo {
		next <- i
	}
	close(next)
	quit := make(chan struct{})
	defer close(quit)
	results := make(chan result, len(todo))
	for range workers {
		go func() {
			for i := range next {
				select {
				case <-quit:
					return
				default:
				}
				hf := o.Hints
				if kh := kindOf(recs[i].Kind).Hints; kh != nil {
					hf = kh // a kind with its own grader (RecordKind.Hints)
				}
				h, err := hf(recs[i])
				results <- result{i, h, err}
			}
		}()
	}
	var (
		firstErr error
		errAt    = len(recs)
	)
	for done := 0; done < len(todo); done++ {
		var res result
		select {
		case res = <-results:
		case <-o.Stop:
			return out, nil
		}
		if res.err != nil {
			if res.i < errAt { // report the first bad record in corpus order
				errAt, firstErr = res.i, fmt.Errorf("record %d (id %q): hints: %v", res.i+1, recs[res.i].ID, res.err)
			}
		} else {
			h := res.h
			out[res.i] = &h
		}
		if o.Progress != nil {
			o.Progress(done+1, len(todo))
		}
	}
	return out, firstErr
}
