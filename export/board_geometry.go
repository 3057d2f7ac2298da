package export

// BoardGeometry is the board of a puzzle of a kind without a classic grid
// (variants, Samurai, killers) as the play page and the XLSX Grids sheet
// read it: the frame, its houses, the outlined regions, the shaded houses,
// the sees relation and the cages. A kind's RecordKind.Play builds it; the
// play page carries it as the ninth field of the puzzle's row, encoded by
// encoding/json (docs/export.md, "Variants", documents that object: the
// fields' order below is its keys' order, and a field the tag marks
// omitempty or omitzero is left out when empty or nil).
//
// Its slices may be shared with the kind's cached tables (a variant's
// houses are its geometry's): a reader must not change them.
type BoardGeometry struct {
	// W is the frame's width in cells (Samurai: 21, its corners unused);
	// cells are numbered row-major in the frame.
	W int `json:"w"`
	// H is the frame's height in cells.
	H int `json:"h"`
	// N is the symbol count: every house holds 1..N once.
	N int `json:"n"`
	// Houses lists every house's cells: rows, columns, boxes (or jigsaw
	// regions), then the extra houses, in the order a hint's house
	// indices refer to.
	Houses [][]int `json:"houses"`
	// Kinds names each house's kind, by house: "row", "column", "box",
	// "region", "diagonal", "window", "group" or "extra" (the word a hint
	// uses: "diagonal 1").
	Kinds []string `json:"kinds"`
	// Region is, by cell, the house the cell is outlined with (a box, a
	// jigsaw region: thick lines where it changes), -1 for an unused cell.
	Region []int `json:"region"`
	// Shade lists the houses whose cells are shaded (X's diagonals,
	// Windoku's four windows, the asterisk, girandola and center-dot
	// houses); empty, never nil, when none is.
	Shade []int `json:"shade"`
	// Sees is, by cell, the cells it sees beyond its houses (anti-knight,
	// anti-king); nil (left out) on a board without such a rule.
	Sees [][]int `json:"sees,omitempty"`
	// NC marks a non-consecutive board: side-by-side digits never differ
	// by one. Left out when false.
	NC bool `json:"nc,omitempty"`
	// Variants names a variant board's variants in the catalogue's order
	// by the keys the page's words have for them (kinds.variant_<key>:
	// "anti_knight"); nil (left out) for a board that is not a variant's.
	Variants []string `json:"variants,omitzero"`
	// MR and MC lay out a cell's candidates: MR rows of MC (the box shape
	// of the symbol count).
	MR int `json:"mr"`
	// MC is the candidates' columns in a cell.
	MC int `json:"mc"`
	// Cages are a killer's cages, each [sum, cell, cell, ...], the first
	// cell its top-left, a sum of 0 hidden; nil (left out) on a board
	// without cages, empty (written []) on a killer without any.
	Cages [][]int `json:"cages,omitzero"`
}
