package grade

import "testing"

// BenchmarkNestedP21 rates a forum-hardest puzzle whose hardest steps run
// SE's producer 21 inside nesting levels 2-3 (the first puzzle of
// TestP21DigitMemoSame): the cycle and forcing-chain searches, the strong
// indexes and the on -> off lists of thousands of working grids a step.
func BenchmarkNestedP21(b *testing.B) {
	ps := readPuzzles(b, "sudoku/forum-hardest-1106.txt", 0)
	p := ps[5]
	e := NewEngine(SEProfile())
	b.ResetTimer()
	for range b.N {
		if _, err := e.Rate(p, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}
