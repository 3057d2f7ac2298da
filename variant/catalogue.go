package variant

import (
	"fmt"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/sudogen/sudogen/internal/numfmt"
	"github.com/sudogen/sudogen/sudoku"
)

// The variant names, as written on the command line and in records.
const (
	X              = "x"
	Windoku        = "windoku"
	DisjointGroups = "disjoint-groups"
	Asterisk       = "asterisk"
	Girandola      = "girandola"
	CenterDot      = "center-dot"
	AntiKnight     = "anti-knight"
	AntiKing       = "anti-king"
	NonConsecutive = "non-consecutive"
	Jigsaw         = "jigsaw"
	SamuraiName    = "samurai"
)

// Names lists every variant name, samurai last.
var Names = []string{X, Windoku, DisjointGroups, Asterisk, Girandola, CenterDot, AntiKnight, AntiKing, NonConsecutive, Jigsaw, SamuraiName}

// Sizes lists the grid sides a variant is defined on (samurai: its 9x9
// grids).
func Sizes(name string) []int {
	switch name {
	case Windoku, Asterisk, Girandola, CenterDot, SamuraiName:
		return []int{9}
	case X, DisjointGroups, AntiKnight, AntiKing, NonConsecutive, Jigsaw:
		return []int{4, 6, 8, 9, 12}
	}
	return nil
}

// The nine-cell extra houses of the 9x9 variants, as cell indexes 0..80
// (row-major). They match SukakuExplainer: the Window, Asterisk,
// Girandola and CD region classes of diuf/sudoku/Grid.java in
// github.com/SudokuMonster/SukakuExplainer (the same cell lists are
// WindokuCells, AsteriskCells, GirandolaCells and CenterDotCells in
// github.com/1to9only/SukakuExplainer's diuf/sudoku/Grid.java). Windoku
// there has nine houses: the four shaded windows and the five windows they
// imply (rows 1,5,9 x columns 2-4 and 6-8, rows 2-4 and 6-8 x columns
// 1,5,9, and rows 1,5,9 x columns 1,5,9).
var (
	windokuWindows = [][]int{
		{10, 11, 12, 19, 20, 21, 28, 29, 30},
		{14, 15, 16, 23, 24, 25, 32, 33, 34},
		{46, 47, 48, 55, 56, 57, 64, 65, 66},
		{50, 51, 52, 59, 60, 61, 68, 69, 70},
	}
	windokuHidden = [][]int{
		{1, 2, 3, 37, 38, 39, 73, 74, 75},
		{5, 6, 7, 41, 42, 43, 77, 78, 79},
		{9, 13, 17, 18, 22, 26, 27, 31, 35},
		{45, 49, 53, 54, 58, 62, 63, 67, 71},
		{0, 4, 8, 36, 40, 44, 72, 76, 80},
	}
	asteriskCells  = []int{13, 20, 24, 37, 40, 43, 56, 60, 67}
	girandolaCells = []int{0, 8, 13, 37, 40, 43, 67, 72, 80}
	centerDotCells = []int{10, 13, 16, 37, 40, 43, 64, 67, 70}
)

// Spec says which geometry to build.
type Spec struct {
	// Size is the grid side (4, 6, 8, 9, 12); ignored for samurai.
	Size int
	// Variants lists the variant names (any order, no repeats).
	Variants []string
	// Regions is the jigsaw regions string: Size*Size characters, one per
	// cell row-major, each naming its region with 1-9 then A-P. Required
	// with jigsaw, refused without it.
	Regions string
}

// ParseVariants reads a comma-separated variant list ("x,anti-knight"),
// trims and lower-cases the names, refuses unknown names and repeats, and
// returns them sorted.
func ParseVariants(text string) ([]string, error) {
	var out []string
	for _, f := range strings.Split(text, ",") {
		f = strings.ToLower(strings.TrimSpace(f))
		if f == "" {
			continue
		}
		out = append(out, f)
	}
	return normalize(out)
}

func normalize(names []string) ([]string, error) {
	out := append([]string(nil), names...)
	sort.Strings(out)
	for i, n := range out {
		if Sizes(n) == nil {
			return nil, fmt.Errorf("variant %q: expected one of %s", n, strings.Join(Names, ", "))
		}
		if i > 0 && out[i-1] == n {
			return nil, fmt.Errorf("variant %q given twice", n)
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no variant given: expected one or more of %s", strings.Join(Names, ", "))
	}
	return out, nil
}

func has(list []string, name string) bool {
	for _, n := range list {
		if n == name {
			return true
		}
	}
	return false
}

// Build checks s and makes its geometry.
func Build(s Spec) (*Geometry, error) {
	vs, err := normalize(s.Variants)
	if err != nil {
		return nil, err
	}
	if has(vs, SamuraiName) {
		if len(vs) > 1 {
			return nil, fmt.Errorf("variant samurai does not combine with other variants (%s)", strings.Join(vs, ","))
		}
		return Samurai(), nil
	}
	n := s.Size
	for _, v := range vs {
		ok := false
		for _, z := range Sizes(v) {
			ok = ok || z == n
		}
		if !ok {
			var sizes []string
			for _, z := range Sizes(v) {
				sizes = append(sizes, fmt.Sprintf("%dx%d", z, z))
			}
			return nil, fmt.Errorf("variant %s is not defined on %dx%d: expected %s", v, n, n, strings.Join(sizes, ", "))
		}
	}
	jig := has(vs, Jigsaw)
	if jig && has(vs, DisjointGroups) {
		return nil, fmt.Errorf("variant disjoint-groups needs boxes and does not combine with jigsaw")
	}
	if !jig && s.Regions != "" {
		return nil, fmt.Errorf("a regions string is given without the jigsaw variant")
	}
	d := Data{Rows: n, Cols: n, N: n}
	add := func(kind string, cells []int) {
		d.Houses = append(d.Houses, cells)
		d.HouseKinds = append(d.HouseKinds, kind)
	}
	for r := range n {
		row := make([]int, n)
		for c := range n {
			row[c] = r*n + c
		}
		add("row", row)
	}
	for c := range n {
		col := make([]int, n)
		for r := range n {
			col[r] = r*n + c
		}
		add("column", col)
	}
	g := &Geometry{Variants: vs, Name: strings.Join(vs, ",")}
	if jig {
		regions, err := ParseRegions(s.Regions, n)
		if err != nil {
			return nil, err
		}
		for _, reg := range regions {
			add("region", reg)
		}
		g.Regions = s.Regions
	} else {
		shape, err := sudoku.ShapeForSize(n)
		if err != nil {
			return nil, err
		}
		g.BoxRows, g.BoxCols = shape.BoxRows, shape.BoxCols
		for b := range n {
			br, bc := b/(n/shape.BoxCols), b%(n/shape.BoxCols)
			box := make([]int, 0, n)
			for i := range shape.BoxRows {
				for j := range shape.BoxCols {
					box = append(box, (br*shape.BoxRows+i)*n+bc*shape.BoxCols+j)
				}
			}
			add("box", box)
		}
	}
	sees := map[[2]int]bool{}
	leap := func(moves [][2]int) {
		for r := range n {
			for c := range n {
				for _, m := range moves {
					r2, c2 := r+m[0], c+m[1]
					if r2 < 0 || r2 >= n || c2 < 0 || c2 >= n {
						continue
					}
					a, b := r*n+c, r2*n+c2
					if a > b {
						a, b = b, a
					}
					sees[[2]int{a, b}] = true
				}
			}
		}
	}
	for _, v := range vs {
		switch v {
		case X:
			main, anti := make([]int, n), make([]int, n)
			for i := range n {
				main[i] = i*n + i
				anti[i] = i*n + n - 1 - i
			}
			add("diagonal", main)
			add("diagonal", anti)
		case Windoku:
			for _, w := range windokuWindows {
				add("window", w)
			}
			if !jig {
				// Implied by the windows and the boxes; SukakuExplainer
				// keeps them as houses, and so do we so the grader sees
				// the same units.
				for _, w := range windokuHidden {
					add("hidden-window", w)
				}
			}
		case DisjointGroups:
			for p := range n {
				pr, pc := p/g.BoxCols, p%g.BoxCols
				grp := make([]int, 0, n)
				for b := range n {
					br, bc := b/(n/g.BoxCols), b%(n/g.BoxCols)
					grp = append(grp, (br*g.BoxRows+pr)*n+bc*g.BoxCols+pc)
				}
				add("disjoint-group", grp)
			}
		case Asterisk:
			add("asterisk", asteriskCells)
		case Girandola:
			add("girandola", girandolaCells)
		case CenterDot:
			add("center-dot", centerDotCells)
		case AntiKnight:
			leap([][2]int{{1, 2}, {2, 1}, {1, -2}, {2, -1}})
		case AntiKing:
			leap([][2]int{{1, 1}, {1, -1}})
		case NonConsecutive:
			for r := range n {
				for c := range n {
					if c+1 < n {
						d.Pairs = append(d.Pairs, Pair{r*n + c, r*n + c + 1, RuleNonConsecutive})
					}
					if r+1 < n {
						d.Pairs = append(d.Pairs, Pair{r*n + c, (r+1)*n + c, RuleNonConsecutive})
					}
				}
			}
		}
	}
	for p := range sees {
		d.Sees = append(d.Sees, p)
	}
	sort.Slice(d.Sees, func(i, j int) bool {
		if d.Sees[i][0] != d.Sees[j][0] {
			return d.Sees[i][0] < d.Sees[j][0]
		}
		return d.Sees[i][1] < d.Sees[j][1]
	})
	g.data = d
	if err := g.init(); err != nil {
		return nil, err
	}
	return g, nil
}

// ParseRegions reads a jigsaw regions string for an n x n grid: n*n
// characters naming each cell's region with 1-9 then A-P (region k is
// written sudoku.Symbols[k-1]); every region must have n cells and be
// orthogonally connected. It returns the regions' cell lists, region 1
// first.
func ParseRegions(text string, n int) ([][]int, error) {
	if n < 1 || n > len(sudoku.Symbols) {
		return nil, fmt.Errorf("regions string: side %d: expected 1..%d", n, len(sudoku.Symbols))
	}
	if len(text) != n*n {
		return nil, fmt.Errorf("regions string of %s, expected %d for %dx%d", numfmt.Count(len(text), "character"), n*n, n, n)
	}
	regions := make([][]int, n)
	for i := 0; i < len(text); i++ {
		k := sudoku.SymbolValue(text[i])
		if k < 1 || k > n {
			// the whole character, not its first byte ('é', not 'Ã')
			r, _ := utf8.DecodeRuneInString(text[i:])
			return nil, fmt.Errorf("regions string: character %d (%q): expected a region name 1..%c", utf8.RuneCountInString(text[:i])+1, r, sudoku.Symbols[n-1])
		}
		regions[k-1] = append(regions[k-1], i)
	}
	for k, reg := range regions {
		if len(reg) != n {
			return nil, fmt.Errorf("regions string: region %c has %d cells, expected %d", sudoku.Symbols[k], len(reg), n)
		}
		if !connected(reg, n) {
			return nil, fmt.Errorf("regions string: region %c is not connected", sudoku.Symbols[k])
		}
	}
	return regions, nil
}

// connected reports whether cells (indices of an n-wide grid, none
// negative) form one orthogonally connected piece.
func connected(cells []int, n int) bool {
	if len(cells) == 0 {
		return true
	}
	top := 0
	for _, c := range cells {
		top = max(top, c)
	}
	// mark: 1 a cell of the list, 2 one reached from the first.
	mark := make([]uint8, top+1)
	for _, c := range cells {
		mark[c] = 1
	}
	mark[cells[0]] = 2
	reached := 1
	stack := []int{cells[0]}
	for len(stack) > 0 {
		c := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		r, col := c/n, c%n
		for _, nb := range [4][2]int{{r - 1, col}, {r + 1, col}, {r, col - 1}, {r, col + 1}} {
			if nb[0] < 0 || nb[1] < 0 || nb[1] >= n {
				continue
			}
			if x := nb[0]*n + nb[1]; x <= top && mark[x] == 1 {
				mark[x] = 2
				reached++
				stack = append(stack, x)
			}
		}
	}
	return reached == len(cells)
}

// Samurai returns the Samurai board: five 9x9 grids in a 21x21 frame, at
// rows/columns 0-8 x 0-8, 0-8 x 12-20, 6-14 x 6-14, 12-20 x 0-8 and
// 12-20 x 12-20; the centre grid shares one corner box with each of the
// others. Each grid has its own rows, columns and boxes as houses (nine
// cells each; a shared box is listed once). Cells outside every grid are
// unused.
func Samurai() *Geometry {
	const f = 21
	d := Data{Rows: f, Cols: f, N: 9, Mask: make([]bool, f*f)}
	origins := SamuraiOrigins
	boxes := map[int]bool{}
	for _, o := range origins {
		for r := range 9 {
			row, col := make([]int, 9), make([]int, 9)
			for c := range 9 {
				row[c] = (o[0]+r)*f + o[1] + c
				col[c] = (o[0]+c)*f + o[1] + r
				d.Mask[row[c]] = true
			}
			d.Houses = append(d.Houses, row, col)
			d.HouseKinds = append(d.HouseKinds, "row", "column")
		}
		for b := range 9 {
			top, left := o[0]+b/3*3, o[1]+b%3*3
			if boxes[top*f+left] {
				continue
			}
			boxes[top*f+left] = true
			box := make([]int, 0, 9)
			for i := range 3 {
				for j := range 3 {
					box = append(box, (top+i)*f+left+j)
				}
			}
			d.Houses = append(d.Houses, box)
			d.HouseKinds = append(d.HouseKinds, "box")
		}
	}
	g := &Geometry{Name: SamuraiName, Variants: []string{SamuraiName}, data: d}
	if err := g.init(); err != nil {
		panic("variant: samurai geometry: " + err.Error()) // a bug, not input
	}
	return g
}

// SamuraiOrigins are the top-left cells (row, column) of the five grids of
// the Samurai board: top-left, top-right, centre, bottom-left,
// bottom-right.
var SamuraiOrigins = [5][2]int{{0, 0}, {0, 12}, {6, 6}, {12, 0}, {12, 12}}

// HasPairs reports whether a variant list brings pair rules
// (non-consecutive), which the grader's layouts do not hold.
func HasPairs(variants []string) bool { return has(variants, NonConsecutive) }
