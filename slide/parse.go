package slide

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/sudogen/sudogen/internal/numfmt"
)

// Parse reads one board from a line of whitespace- or comma-separated
// numbers, row-major with 0 for the blank, as in the test data files: 9, 16
// or 25 numbers, optionally followed by one more number, the board's known
// optimal length, which is returned as known (-1 when absent). A trailing
// "#" comment is ignored. width 0 infers the width from the count; a
// non-zero width must match.
func Parse(line string, width int) (b Board, known int, err error) {
	if i := strings.IndexByte(line, '#'); i >= 0 {
		line = line[:i]
	}
	fields := strings.FieldsFunc(line, func(r rune) bool {
		return r == ' ' || r == '\t' || r == ',' || r == '\r' || r == '\n'
	})
	nums := make([]int, len(fields))
	for i, f := range fields {
		v, err := strconv.Atoi(f)
		if errors.Is(err, strconv.ErrRange) {
			return Board{}, -1, fmt.Errorf("number %d: %s is far too large for a tile (at most 24) or an optimal length", i+1, f)
		}
		if err != nil {
			return Board{}, -1, fmt.Errorf("number %d: %q is not an integer: expected tile numbers separated by spaces or commas, 0 for the blank", i+1, f)
		}
		nums[i] = v
	}
	if width != 0 {
		if err := CheckWidth(width); err != nil {
			return Board{}, -1, err
		}
	}
	known = -1
	w := width
	switch {
	case w == 0:
		w = widthFor(len(nums))
		if w == 0 {
			if w = widthFor(len(nums) - 1); w != 0 {
				known = nums[len(nums)-1]
				nums = nums[:len(nums)-1]
			}
		}
		if w == 0 {
			return Board{}, -1, fmt.Errorf("wrong tile count: %s, expected 9, 16 or 25 tiles (3x3, 4x4, 5x5), optionally followed by the optimal length", numfmt.Count(len(nums), "number"))
		}
	case len(nums) == w*w+1:
		known = nums[len(nums)-1]
		nums = nums[:len(nums)-1]
	case len(nums) != w*w:
		return Board{}, -1, fmt.Errorf("wrong tile count: %s, expected %d tiles for %dx%d, optionally followed by the optimal length", numfmt.Count(len(nums), "number"), w*w, w, w)
	}
	// known is -1 for "none" only in what Parse returns: a line that
	// gives -1 gives a negative length.
	if len(nums) < len(fields) && known < 0 {
		return Board{}, -1, fmt.Errorf("optimal length %d is negative", known)
	}
	b, err = New(w, nums)
	return b, known, err
}

func widthFor(n int) int {
	for w := MinWidth; w <= MaxWidth; w++ {
		if w*w == n {
			return w
		}
	}
	return 0
}
