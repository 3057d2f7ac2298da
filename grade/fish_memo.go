package grade

import "github.com/sudogen/sudogen/sudoku"

// The fish search's memory of empty digits. A fish search (without
// Kraken) for one digit reads only the layout, its options and where
// that digit is a candidate: the same places give the same fish. A
// solving loop runs every fish technique again after each step, and a
// step changes the places of one or a few digits, so most digits' fish
// searches are the search that found nothing the step before. The memo
// keeps, per search spec and digit, the digit's places in every house
// (gridMemo.pos) when the search of that digit found nothing, and the
// search skips the digit while its places are the same. It compares the
// places themselves, so it never skips a digit whose places changed, and
// it changes neither the fish found nor their order.
//
// The finned and the sashimi search of a basic fish size are one search
// that reports one kind each: a digit for which the finned search found
// no fish of either kind is remembered for both.

// fishKey names one fish search of the memo: the options that decide
// what it finds (the digit mask is not one: the memo is per digit).
type fishKey struct {
	size, cat                         int
	finless, finned, sashimi, siamese bool
	noEndo                            bool
	order                             *scanOrder
}

// fishMemoEntry is one search's memory.
type fishMemoEntry struct {
	key fishKey
	digitMemo
}

// fishMemo is the gridMemo's fish memory for one layout.
type fishMemo struct {
	lay     *Layout
	entries []*fishMemoEntry
}

// The single-digit searches besides fish and HoDoKu's X-chains and
// turbot fish that keep a digitMemo (digitSkip): each reads only the
// layout and where one digit is, digit by digit.
const (
	digitSearchSkyscraper = iota
	digitSearchKite
	digitSearchER
	digitSearchColors // + 0 simple colors, + 1 multi-colors
	numDigitSearches  = digitSearchColors + 2
)

// digitSkip returns the solving loop's digit memory of search k and the
// grid's places (nil outside the loop), and the digits (bit d-1) it
// found nothing for with their present places: the search skips them.
func digitSkip(g *Grid, k int) (*digitMemo, [][sudoku.MaxN]uint32, uint64) {
	if g.memo == nil {
		return nil, nil, 0
	}
	m := &g.memo.digits[k]
	m.forLayout(g.lay())
	pos, _ := g.unitTables()
	var skip uint64
	for d := 0; d < g.lay().N; d++ {
		if m.same(d, pos) {
			skip |= 1 << d
		}
	}
	return m, pos, skip
}

// recordDigits remembers, after a search that ran to its end, the digits
// it neither skipped nor found anything for (bits d-1 of skip, had).
func recordDigits(m *digitMemo, pos [][sudoku.MaxN]uint32, skip, had uint64) {
	if m == nil {
		return
	}
	for d := 0; d < len(m.none); d++ {
		if (skip|had)&(1<<d) == 0 {
			m.record(d, pos)
		}
	}
}

// keyOf returns the memo's name of a search spec.
func keyOf(spec *fishSpec) fishKey {
	return fishKey{size: spec.size, cat: spec.cat, finless: spec.finless, finned: spec.finned, sashimi: spec.sashimi,
		siamese: spec.siamese, noEndo: spec.noEndo, order: spec.order}
}

// entry returns the memory of the search k on layout l (made empty on
// first use; all of it forgotten when the layout changes).
func (m *fishMemo) entry(l *Layout, k fishKey) *fishMemoEntry {
	if m.lay != l {
		m.lay = l
		m.entries = m.entries[:0]
	}
	for _, e := range m.entries {
		if e.key == k {
			return e
		}
	}
	e := &fishMemoEntry{key: k}
	e.digitMemo.forLayout(l)
	m.entries = append(m.entries, e)
	return e
}

// digitMemo remembers, for a search that reads only the layout and where
// one digit is a candidate (the fish searches, HoDoKu's X-chains and
// turbot fish, SE's X-cycles), the digits it found nothing for: for
// digit d, none[d] says the search found nothing when the digit's places
// in house h were places[d*nh+h]. A search skips a digit while its places
// are the same: it compares the places themselves (never a hash), so it
// never skips a digit whose places changed. The places in every house
// give the digit's cells (every cell lies in a house).
type digitMemo struct {
	lay    *Layout
	none   []bool
	places []uint32
}

// forLayout makes the memo empty for layout l unless it is l's already.
func (e *digitMemo) forLayout(l *Layout) {
	if e.lay == l {
		return
	}
	e.lay = l
	e.none = make([]bool, l.N)
	e.places = make([]uint32, l.N*len(l.Houses))
}

// same reports whether the search found nothing for digit d (0-based)
// when its places were those of pos.
func (e *digitMemo) same(d int, pos [][sudoku.MaxN]uint32) bool {
	if !e.none[d] {
		return false
	}
	pl := e.places[d*len(pos) : (d+1)*len(pos)]
	for h := range pos {
		if pos[h][d] != pl[h] {
			return false
		}
	}
	return true
}

// record remembers that the search found nothing for digit d with the
// places of pos.
func (e *digitMemo) record(d int, pos [][sudoku.MaxN]uint32) {
	pl := e.places[d*len(pos) : (d+1)*len(pos)]
	for h := range pos {
		pl[h] = pos[h][d]
	}
	e.none[d] = true
}
