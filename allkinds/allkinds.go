// Package allkinds registers every puzzle kind sudogen has, for a program
// that reads or writes records of any kind with packages export and stats:
//
//	import _ "github.com/sudogen/sudogen/allkinds"
//
// Package export registers sudoku and slide records itself; the other
// kinds' records are read, checked and written fully (their own fields
// decoded, their varieties told apart by stats) only in a program that
// imports the kind's package: killer (github.com/sudogen/sudogen/killer)
// and variant (github.com/sudogen/sudogen/variantkind); package kind adds
// the sudoku and slide solvers and graders (export.KindPackage names each
// kind's package). This package imports all three, as the sudogen command
// does. A program that imports none of them still keeps the fields of a
// record of a kind not registered (export.RawFields) and writes them back,
// but cannot check such a record, and stats cannot tell its varieties
// apart.
package allkinds

import (
	_ "github.com/sudogen/sudogen/killer"      // kind killer
	_ "github.com/sudogen/sudogen/kind"        // sudoku and slide solvers and graders
	_ "github.com/sudogen/sudogen/variantkind" // kind variant
)
