package slide

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestRankCells(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for _, nk := range [][2]int{{9, 4}, {16, 6}, {25, 4}, {16, 1}} {
		n, k := nk[0], nk[1]
		size := pdbSize(n, k)
		p := make([]uint8, k)
		for i := 0; i < 2000; i++ {
			r := rng.IntN(size)
			unrankCells(r, n, p)
			if got := rankCells(p, n); got != r {
				t.Fatalf("n=%d k=%d: rank(unrank(%d)) = %d (%v)", n, k, r, got, p)
			}
		}
	}
}

// TestPDBSingleTileIsManhattan: a one-tile pattern database must hold the
// tile's Manhattan distance, an independent formula.
func TestPDBSingleTileIsManhattan(t *testing.T) {
	for w := 3; w <= 5; w++ {
		for _, tile := range []uint8{1, uint8(w + 2), uint8(w*w - 1)} {
			p, err := BuildPDB(w, []uint8{tile})
			if err != nil {
				t.Fatal(err)
			}
			g := int(tile) - 1
			for c := 0; c < w*w; c++ {
				md := abs(c/w-g/w) + abs(c%w-g%w)
				if int(p.Data[c]) != md {
					t.Fatalf("%dx%d tile %d at %d: %d, want %d", w, w, tile, c, p.Data[c], md)
				}
			}
		}
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// TestIDAOptimalOn3x3 runs the pattern-database IDA* on 3x3 boards and
// compares its lengths with the exact breadth-first table; it also checks
// that the heuristic never exceeds the true distance.
func TestIDAOptimalOn3x3(t *testing.T) {
	var pdbs []*PDB
	for _, g := range [][]uint8{{1, 2, 4, 5}, {3, 6, 7, 8}} {
		p, err := BuildPDB(3, g)
		if err != nil {
			t.Fatal(err)
		}
		pdbs = append(pdbs, p)
	}
	h, err := NewHeuristic(pdbs, true)
	if err != nil {
		t.Fatal(err)
	}
	tab := Exact3()
	for r := 0; r < states3; r += 181 {
		b := mustRank(t, r)
		d := tab.Distance(b)
		if d < 0 {
			continue
		}
		var s search
		s.init(h, b)
		if s.value() > d {
			t.Fatalf("%v: heuristic %d > distance %d", b, s.value(), d)
		}
		res, err := runIDA(h, b, 1, 1, 0, nil)
		if err != nil {
			t.Fatal(err)
		}
		end, _ := b.Apply(res.moves)
		if len(res.moves) != d || !end.IsGoal() {
			t.Fatalf("%v: IDA* %q (%d), exact %d", b, res.moves, len(res.moves), d)
		}
	}
}

func TestPDBCache(t *testing.T) {
	dir := t.TempDir()
	tiles := []uint8{13, 14, 15}
	var logs []string
	logf := func(f string, a ...any) { logs = append(logs, fmt.Sprintf(f, a...)) }
	fresh, err := LoadOrBuildPDB(dir, 4, tiles, logf)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, PDBFileName(4, tiles))
	if !strings.Contains(filepath.Base(path), fmt.Sprintf("-v%d-", PDBVersion)) {
		t.Fatalf("file name %s lacks the version", path)
	}
	good, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("cache file not written: %v", err)
	}
	if _, err := LoadPDB(dir, 4, tiles); err != nil {
		t.Fatalf("valid cache refused: %v", err)
	}
	corrupt := []struct {
		name string
		edit func([]byte) []byte
		want string
	}{
		{"truncated", func(b []byte) []byte { return b[:len(b)/2] }, "truncated"},
		{"empty", func(b []byte) []byte { return nil }, "bad header"},
		{"flipped byte", func(b []byte) []byte { b[100] ^= 1; return b }, "checksum mismatch"},
		{"stale version", func(b []byte) []byte { b[8] = PDBVersion + 1; return b }, "stale"},
		{"extra bytes", func(b []byte) []byte { return append(b, 0) }, "oversized"},
		{"garbage", func(b []byte) []byte { return bytes.Repeat([]byte{7}, len(b)) }, "bad header"},
	}
	for _, tc := range corrupt {
		t.Run(tc.name, func(t *testing.T) {
			b := tc.edit(append([]byte(nil), good...))
			if err := os.WriteFile(path, b, 0o644); err != nil {
				t.Fatal(err)
			}
			_, err := LoadPDB(dir, 4, tiles)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("load: %v, want %q", err, tc.want)
			}
			logs = nil
			p, err := LoadOrBuildPDB(dir, 4, tiles, logf)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(p.Data, fresh.Data) {
				t.Fatal("rebuilt table differs")
			}
			if len(logs) == 0 || !strings.Contains(logs[0], "rebuilding") {
				t.Fatalf("no rebuild logged: %v", logs)
			}
			again, _ := os.ReadFile(path)
			if !bytes.Equal(again, good) {
				t.Fatal("cache file not rewritten")
			}
		})
	}
}
