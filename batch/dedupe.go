package batch

import (
	"fmt"
	"math/bits"
)

// CanonSet is the run's set of Sudoku canonical forms, a Deduper. It keeps
// a fixed-size key per puzzle: the 128-bit FNV-1a hash of the canonical
// string, in an open-addressing table of 16-byte slots that doubles when
// three quarters full, so a million puzzles take 32 MiB whatever the grid
// size. Two different canonical strings share a key with probability
// 2^-128 per pair (about n²/2^129 for n puzzles: 1.5e-21 for a billion),
// which the docs state as the risk of dropping a puzzle wrongly.
// The zero value is not usable: make one with NewCanonSet.
type CanonSet struct {
	slots []key128
	n     int
}

// key128 is the fixed-size key of one canonical string.
type key128 struct{ Hi, Lo uint64 }

// keyOf returns the 128-bit FNV-1a hash of s. The zero key is reserved for
// empty slots, so a zero hash is stored as {0, 1}.
func keyOf(s string) key128 {
	hi, lo := uint64(0x6c62272e07bb0142), uint64(0x62b821756295c58d)
	for i := 0; i < len(s); i++ {
		lo ^= uint64(s[i])
		// Multiply by the FNV-128 prime 2^88 + 0x13b, modulo 2^128.
		h, l := bits.Mul64(lo, 0x13b)
		h += hi*0x13b + lo<<24
		hi, lo = h, l
	}
	if hi == 0 && lo == 0 {
		lo = 1
	}
	return key128{hi, lo}
}

// NewCanonSet returns an empty set with room for about hint keys before
// it grows.
func NewCanonSet(hint int) *CanonSet {
	size := 1024
	for size*3/4 < hint {
		size *= 2
	}
	return &CanonSet{slots: make([]key128, size)}
}

// Len is the number of keys held.
func (s *CanonSet) Len() int { return s.n }

// Bytes is the memory the table takes.
func (s *CanonSet) Bytes() int { return len(s.slots) * 16 }

func (s *CanonSet) home(k key128) int {
	// The hash bits are already mixed; fold both halves anyway.
	x := (k.Hi ^ k.Lo) * 0x9e3779b97f4a7c15
	return int(x>>32) & (len(s.slots) - 1)
}

// addKey inserts k and reports whether it was new.
func (s *CanonSet) addKey(k key128) bool {
	if (s.n+1)*4 > len(s.slots)*3 {
		s.grow()
	}
	mask := len(s.slots) - 1
	for i := s.home(k); ; i = (i + 1) & mask {
		switch s.slots[i] {
		case k:
			return false
		case key128{}:
			s.slots[i] = k
			s.n++
			return true
		}
	}
}

// containsKey reports whether k is in the set.
func (s *CanonSet) containsKey(k key128) bool {
	mask := len(s.slots) - 1
	for i := s.home(k); ; i = (i + 1) & mask {
		switch s.slots[i] {
		case k:
			return true
		case key128{}:
			return false
		}
	}
}

func (s *CanonSet) grow() {
	old := s.slots
	s.slots = make([]key128, 2*len(old))
	s.n = 0
	for _, k := range old {
		if k != (key128{}) {
			s.addKey(k)
		}
	}
}

// Add inserts a canonical string and reports whether it was new.
func (s *CanonSet) Add(canonical string) bool { return s.addKey(keyOf(canonical)) }

// Has reports whether a canonical string is in the set.
func (s *CanonSet) Has(canonical string) bool { return s.containsKey(keyOf(canonical)) }

// Seen reports whether canonical was seen before and records it (the
// Deduper the collector calls).
func (s *CanonSet) Seen(canonical string) bool { return !s.Add(canonical) }

// Digest is a fingerprint of the set's content: the number of keys and the
// XOR of all of them, the same whatever order they were added in. A
// resumed run compares the digest of its excluded corpora with the
// interrupted run's (batch --resume).
func (s *CanonSet) Digest() string {
	var x key128
	for _, k := range s.slots {
		x.Hi ^= k.Hi
		x.Lo ^= k.Lo
	}
	return fmt.Sprintf("%d forms, digest %016x%016x", s.n, x.Hi, x.Lo)
}

// excludingDedupe is the Deduper of a run with excluded corpora (see
// NewExcludingDedupe).
type excludingDedupe struct {
	excluded, own *CanonSet
}

// NewExcludingDedupe returns the Deduper of a run that excludes the forms
// of excluded: those are seen, and the run's own forms are remembered in
// a set of its own, so excluded is only read during the run and Makers
// may check it from their goroutines (SudokuOptions.Exclude). It drops
// exactly what excluded used as the Deduper itself would.
func NewExcludingDedupe(excluded *CanonSet) Deduper {
	return &excludingDedupe{excluded: excluded, own: NewCanonSet(0)}
}

// Seen reports whether canonical is excluded or was seen before, and
// records it.
func (d *excludingDedupe) Seen(canonical string) bool {
	k := keyOf(canonical)
	return d.excluded.containsKey(k) || !d.own.addKey(k)
}
