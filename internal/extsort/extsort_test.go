package extsort

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"testing"
)

type rec struct{ key, payload string }

// sortAll adds recs to a sorter of the given budget and returns what the
// iterator gives back.
func sortAll(t *testing.T, keyLen int, budget int64, dir string, recs []rec) ([]rec, *Sorter) {
	t.Helper()
	s := New(keyLen, budget, dir)
	for _, r := range recs {
		if err := s.Add([]byte(r.key), []byte(r.payload)); err != nil {
			t.Fatal(err)
		}
	}
	it, err := s.Sort()
	if err != nil {
		t.Fatal(err)
	}
	defer it.Close()
	var out []rec
	for it.Next() {
		out = append(out, rec{string(it.Key()), string(it.Payload())})
	}
	if err := it.Err(); err != nil {
		t.Fatal(err)
	}
	return out, s
}

// TestSortMatchesInMemory: whatever the budget (all in memory, a few runs,
// more runs than MaxFanIn), the records come back as a plain in-memory
// sort orders them, payloads intact (empty, short, longer than a block).
func TestSortMatchesInMemory(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	var recs []rec
	for i := range 20000 {
		var k [8]byte
		binary.BigEndian.PutUint64(k[:], rng.Uint64()%5000) // many equal keys
		p := fmt.Sprintf("%d-%s", i, bytes.Repeat([]byte{'x'}, rng.IntN(40)))
		if i%997 == 0 {
			p = ""
		}
		recs = append(recs, rec{string(k[:]), p})
	}
	recs = append(recs, rec{"\xff\xff\xff\xff\xff\xff\xff\xff", string(bytes.Repeat([]byte{'y'}, 5<<20))})
	want := slices.Clone(recs)
	cmp := func(a, b rec) int {
		if c := bytes.Compare([]byte(a.key), []byte(b.key)); c != 0 {
			return c
		}
		return bytes.Compare([]byte(a.payload), []byte(b.payload))
	}
	slices.SortFunc(want, cmp)
	dir := t.TempDir()
	for _, budget := range []int64{1 << 30, 8 << 20, 1 << 20} {
		got, s := sortAll(t, 8, budget, dir, recs)
		if len(got) != len(want) {
			t.Fatalf("budget %d: %d records back, want %d", budget, len(got), len(want))
		}
		for i := 1; i < len(got); i++ {
			if got[i-1].key > got[i].key {
				t.Fatalf("budget %d: record %d out of order", budget, i)
			}
		}
		// Equal keys come back in no set order: compare as multisets.
		slices.SortFunc(got, cmp)
		if !slices.Equal(got, want) {
			t.Fatalf("budget %d: records differ from the in-memory sort", budget)
		}
		t.Logf("budget %d: %d runs, %d bytes spilled", budget, s.Runs(), s.Spilled())
		if budget == 1<<30 && s.Runs() != 0 {
			t.Errorf("everything fits but %d runs were written", s.Runs())
		}
	}
	if left, _ := os.ReadDir(dir); len(left) != 0 {
		t.Errorf("temporary files left: %v", left)
	}
}

// TestSortManyRuns: more runs than MaxFanIn are merged in groups.
func TestSortManyRuns(t *testing.T) {
	s := New(4, 1<<20, t.TempDir())
	payload := bytes.Repeat([]byte{'p'}, 1000)
	const n = 100000 // ~100 MB: about 100 runs of 1 MiB
	for i := range n {
		var k [4]byte
		binary.BigEndian.PutUint32(k[:], uint32((i*7919)%n))
		if err := s.Add(k[:], payload); err != nil {
			t.Fatal(err)
		}
	}
	if s.Runs() <= MaxFanIn {
		t.Fatalf("only %d runs: the test does not exercise the group merge", s.Runs())
	}
	it, err := s.Sort()
	if err != nil {
		t.Fatal(err)
	}
	defer it.Close()
	i := uint32(0)
	for it.Next() {
		if got := binary.BigEndian.Uint32(it.Key()); got != i || len(it.Payload()) != 1000 {
			t.Fatalf("record %d: key %d, payload %d bytes", i, got, len(it.Payload()))
		}
		i++
	}
	if it.Err() != nil || i != n {
		t.Fatalf("%d records, err %v", i, it.Err())
	}
}

func TestSortErrors(t *testing.T) {
	s := New(4, 1<<20, "")
	if err := s.Add([]byte("abc"), nil); err == nil {
		t.Error("a key of the wrong length was accepted")
	}
	if _, err := s.Sort(); err != nil {
		t.Fatal(err)
	}
	if err := s.Add([]byte("abcd"), nil); err == nil {
		t.Error("Add after Sort was accepted")
	}
	s = New(4, 1<<20, "/nonexistent/folder")
	for i := range 300000 {
		if err := s.Add(binary.BigEndian.AppendUint32(nil, uint32(i)), nil); err != nil {
			if !bytes.Contains([]byte(err.Error()), []byte("/nonexistent/folder")) {
				t.Errorf("error %q does not name the folder", err)
			}
			return
		}
	}
	t.Error("no error spilling into a missing folder")
}
