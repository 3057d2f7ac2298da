package main

// The puzzle kinds the program knows: each kind's package registers
// itself (kind.Register in its init), so adding a kind is its package
// plus one import line here (docs/kinds.md). Package kind registers the
// built-in sudoku and slide kinds.
import (
	_ "github.com/sudogen/sudogen/killer"
	_ "github.com/sudogen/sudogen/kind"
	_ "github.com/sudogen/sudogen/variantkind"
)
