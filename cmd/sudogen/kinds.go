package main

// The puzzle kinds the program knows: each kind's package registers
// itself (kind.Register in its init), and package allkinds imports every
// kind's package, so adding a kind is its package plus one import line
// there (docs/kinds.md). Package kind registers the built-in sudoku and
// slide kinds.
import _ "github.com/sudogen/sudogen/allkinds"
