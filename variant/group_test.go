package variant

import (
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"maps"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestLineGroupMatchesReference checks that the line-group search lists
// exactly the elements of the search it replaced (group_ref_test.go), in
// the same order (the canonical key takes the least image in that order's
// ties, so records depend on it), for every line-group geometry of the
// catalogue: every set of variants at every size the catalogue builds
// (with -short: the single variants only; by default the sets of up to
// three and every fourth larger one, every set with SUDOGEN_LONG=1).
// The reference search is frozen code and slow (three quarters of the
// test's CPU when it ran on each geometry checked), so its answers are
// kept in testdata/linegroup-ref.tsv, a row per geometry (the element
// count and a SHA-256 of the elements in order), and the new search's
// elements must hash to its row. The reference runs live on the single
// variants whose groups have at most 300 elements, and with
// SUDOGEN_LONG=1 on every set; SUDOGEN_WRITE_LINEGROUP=1 writes the file
// anew from it (after a change of the catalogue's geometries). The
// reference must list every one of them in full: the new search prunes
// more, so it stays under the node bound wherever the reference did, and
// it must not have to.
func TestLineGroupMatchesReference(t *testing.T) {
	const file = "testdata/linegroup-ref.tsv"
	var line []string
	for _, v := range Names {
		if v != Jigsaw && v != SamuraiName {
			line = append(line, v)
		}
	}
	long, write, big := os.Getenv("SUDOGEN_LONG") != "", os.Getenv("SUDOGEN_WRITE_LINEGROUP") != "", 0
	stored := map[string]string{}
	if !write {
		b, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range strings.Split(strings.TrimSpace(string(b)), "\n") {
			if l == "" || strings.HasPrefix(l, "#") {
				continue
			}
			k, v, _ := strings.Cut(l, "\t\t")
			stored[k] = v
		}
	}
	var out strings.Builder
	out.WriteString("# size\tvariants\t\telements\tSHA-256 of the elements (uint16 LE) in order, the reference search's (group_ref_test.go)\n")
	total, live := 0, 0
	for _, n := range []int{4, 6, 8, 9, 12} {
		for m := 1; m < 1<<len(line); m++ {
			var vs []string
			for i, v := range line {
				if m>>i&1 == 1 {
					vs = append(vs, v)
				}
			}
			if testing.Short() && len(vs) > 1 {
				continue
			}
			// By default the sets of up to three variants and every
			// fourth larger one (most of the time goes to the 9x9 sets of
			// four or more, 380 of them); every set with SUDOGEN_LONG=1.
			big++
			if !long && !write && len(vs) > 3 && big%4 != 0 {
				continue
			}
			g, err := Build(Spec{Size: n, Variants: vs})
			if err != nil {
				continue // a combination the catalogue refuses
			}
			d := g.data
			key := fmt.Sprintf("%d\t%s", n, strings.Join(vs, ","))
			got, gerr := lineGroup(&d)
			if gerr != nil {
				t.Fatalf("%v %d: error %v", vs, n, gerr)
			}
			// Live: the single variants whose groups are small (the
			// reference takes 0.5-5 s on the large ones, 41,472 elements
			// on 12x12 disjoint groups).
			if long || write || len(vs) == 1 && groupSize(stored[key]) <= 300 {
				want, werr := refLineGroup(&d)
				if werr != nil {
					t.Fatalf("%v %d: reference error %v", vs, n, werr)
				}
				if len(got) != len(want) {
					t.Fatalf("%v %d: %d elements, reference %d", vs, n, len(got), len(want))
				}
				for i := range want {
					if !slices.Equal(got[i], want[i]) {
						t.Fatalf("%v %d: element %d differs from the reference", vs, n, i)
					}
				}
				live++
				if write {
					fmt.Fprintf(&out, "%s\t\t%s\n", key, groupDigest(want))
				}
			}
			if !write {
				want, ok := stored[key]
				if !ok {
					t.Fatalf("%v %d: not in %s (SUDOGEN_WRITE_LINEGROUP=1 writes it from the reference)", vs, n, file)
				}
				if dg := groupDigest(got); dg != want {
					t.Fatalf("%v %d: elements %s, the reference's %s (%s)", vs, n, dg, want, file)
				}
				delete(stored, key)
			}
			total++
		}
	}
	if write {
		if err := os.WriteFile(file, []byte(out.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Logf("%d geometries compared, %d with the reference search run live", total, live)
	if long && len(stored) > 0 {
		t.Fatalf("%d geometries of %s not built (first rows: %v)", len(stored), file, slices.Sorted(maps.Keys(stored))[:1])
	}
	if total < 20 || !testing.Short() && total < 250 || long && total < 600 {
		t.Fatalf("only %d geometries compared", total)
	}
}

// groupSize is the element count of a row of testdata/linegroup-ref.tsv
// (0 when there is none).
func groupSize(row string) int {
	n, _ := strconv.Atoi(strings.Split(row, "\t")[0])
	return n
}

// groupDigest is a group's element count and the SHA-256 of its elements
// in order, each cell's image as two bytes.
func groupDigest(els [][]int) string {
	h := sha256.New()
	var b []byte
	for _, e := range els {
		b = b[:0]
		for _, c := range e {
			b = binary.LittleEndian.AppendUint16(b, uint16(c))
		}
		b = binary.LittleEndian.AppendUint16(b, 0xffff) // end of element
		h.Write(b)
	}
	return fmt.Sprintf("%d\t%x", len(els), h.Sum(nil))
}
