package generate

import (
	"math/rand/v2"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/sudogen/sudogen/slide"
)

// TestUniformSlideSolvable: every uniform board is solvable, and the
// distribution covers both blank rows parities (the fix-up swap is not the
// only source of solvable boards).
func TestUniformSlideSolvable(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	for w := 3; w <= 5; w++ {
		seen := map[int]int{}
		for i := 0; i < 2000; i++ {
			b, err := UniformSlide(w, rng)
			if err != nil {
				t.Fatal(err)
			}
			if err := b.Solvable(); err != nil {
				t.Fatalf("%v: %v", b, err)
			}
			seen[b.Blank()]++
		}
		if len(seen) != w*w {
			t.Fatalf("%dx%d: blank seen in %d cells, want all %d", w, w, len(seen), w*w)
		}
	}
}

// TestSlideTiers3 generates 3x3 boards of every tier and checks each
// against the exact table.
func TestSlideTiers3(t *testing.T) {
	tiers := DefaultSlideTiers()
	tab := slide.Exact3()
	rng := rand.New(rand.NewPCG(2, 2))
	for _, tier := range append([]SlideTier{{Name: "any"}}, tiers[3]...) {
		g, err := NewSlide(SlideOptions{Size: 3, Tier: tier.Name})
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; i < 50; i++ {
			p, err := g.Slide(rng)
			if err != nil {
				t.Fatal(err)
			}
			d := tab.Distance(p.Board)
			if d != p.Result.Length || !p.Result.Optimal {
				t.Fatalf("%v: length %d, table %d", p.Board, p.Result.Length, d)
			}
			if tier.Name != "any" && (d < tier.Min || d > tier.Max) {
				t.Fatalf("tier %s: distance %d", tier.Name, d)
			}
			if p.Tier != tiers.Of(3, d) {
				t.Fatalf("tier %q for distance %d", p.Tier, d)
			}
		}
	}
}

// TestSlideTiers4 makes a few 4x4 boards of each tier (the extreme tier
// only with SUDOGEN_LONG=1) and checks lengths and replays.
func TestSlideTiers4(t *testing.T) {
	tiers := DefaultSlideTiers()
	rng := rand.New(rand.NewPCG(3, 3))
	for _, tier := range tiers[4] {
		if tier.Name == "extreme" && os.Getenv("SUDOGEN_LONG") == "" {
			continue
		}
		g, err := NewSlide(SlideOptions{Size: 4, Tier: tier.Name})
		if err != nil {
			t.Fatal(err)
		}
		t0 := time.Now()
		tried := 0
		k := 3
		if tier.Name == "expert" && os.Getenv("SUDOGEN_LONG") == "" {
			k = 1
		}
		for i := 0; i < k; i++ {
			p, err := g.Slide(rng)
			if err != nil {
				t.Fatal(err)
			}
			tried += p.Tried
			if p.Result.Length < tier.Min || p.Result.Length > tier.Max || p.Tier != tier.Name {
				t.Fatalf("tier %s: got length %d tier %q", tier.Name, p.Result.Length, p.Tier)
			}
			end, err := p.Board.Apply(p.Result.Moves)
			if err != nil || !end.IsGoal() {
				t.Fatalf("%v: moves do not solve", p.Board)
			}
		}
		t.Logf("tier %s (%s): %d boards, %d solved, %v", tier.Name, g.Method(), k, tried, time.Since(t0))
	}
}

func TestSlideTierErrors(t *testing.T) {
	if _, err := NewSlide(SlideOptions{Size: 4, Tier: "nope"}); err == nil || !strings.Contains(err.Error(), `no slide tier "nope"`) {
		t.Fatalf("got %v", err)
	}
	if _, err := NewSlide(SlideOptions{Size: 6}); err == nil {
		t.Fatal("size 6 accepted")
	}
}

// TestSlideTiersYAML: the shipped configs/tiers.yaml slide section equals
// the built-in defaults, and bad tables are refused with a clear message.
func TestSlideTiersYAML(t *testing.T) {
	got, err := LoadSlideTiers("")
	if err != nil {
		t.Fatal(err)
	}
	want := DefaultSlideTiers()
	for w := 3; w <= 5; w++ {
		if len(got[w]) != len(want[w]) {
			t.Fatalf("%dx%d: %v, want %v", w, w, got[w], want[w])
		}
		for i := range want[w] {
			if got[w][i] != want[w][i] {
				t.Fatalf("%dx%d tier %d: %v, want %v", w, w, i, got[w][i], want[w][i])
			}
		}
	}
	for _, tc := range []struct{ doc, want string }{
		{"slide:\n  4:\n    - {name: a, min: 0, max: 40}\n    - {name: b, min: 40, max: 50}\n", `tiers "a" and "b" overlap`},
		{"slide:\n  6:\n    - {name: a, min: 0, max: 40}\n", "slide size 6"},
		{"slide:\n  4:\n    - {name: a, min: 9, max: 3}\n", "min 9, max 3"},
		{"slide:\n  4:\n    - {min: 9, max: 30}\n", "needs a name"},
		{"slide: [", "x.yaml"},
	} {
		if _, err := ParseSlideTiers([]byte(tc.doc), "x.yaml"); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: %v, want %q", tc.doc, err, tc.want)
		}
	}
	custom, err := ParseSlideTiers([]byte("slide:\n  3:\n    - {name: short, min: 0, max: 10}\n"), "x.yaml")
	if err != nil || custom.Of(3, 7) != "short" || custom.Of(3, 20) != "" || custom.Of(4, 50) != "hard" {
		t.Fatalf("custom tiers: %v %v", custom, err)
	}
}

func TestChooseMethod(t *testing.T) {
	tiers := DefaultSlideTiers()
	want := map[int][]string{
		3: {MethodTable, MethodTable, MethodTable, MethodTable},
		4: {MethodWalk, MethodWalk, MethodReject, MethodReject, MethodClimb},
		5: {MethodWalk, MethodWalk, MethodReject, MethodReject, MethodClimb},
	}
	for w, ms := range want {
		for i, m := range ms {
			if got := chooseMethod(w, tiers[w][i]); got != m {
				t.Errorf("%dx%d %s: %s, want %s", w, w, tiers[w][i].Name, got, m)
			}
		}
	}
}
