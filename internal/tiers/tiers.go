// Package tiers holds the built-in tier names, shared by export (book
// and workbook order), stats and the commands, and the form of a tier
// file's YAML errors (YAMLError), shared by the sudoku and slide tables.
package tiers

// Order lists the built-in difficulty tiers from easiest to hardest: the
// grade tiers of Sudoku and its variants, with the killer table's
// fiendish between extreme and nightmare, and beyond last.
var Order = []string{"easy", "medium", "hard", "expert", "extreme", "fiendish", "nightmare", "beyond"}
