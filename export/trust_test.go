package export

import (
	"strings"
	"testing"

	"github.com/sudogen/sudogen/grade"
)

// gradedLine is a record as `sudogen batch --count 2 --seed 1` writes it
// (its second line): every grading field set.
const gradedLine = `{"v":1,"id":"s9-0000001","kind":"sudoku","size":9,"box":[3,3],"puzzle":".47..19..5..2....3..83...4.8...........1...6......2.89.76...........42...2....31.","solution":"347861925561249873298375641819456732732198564654732189176523498983614257425987316","givens":23,"minimal":true,"symmetry":"none","rating":7.2,"ep":1.2,"ed":1.2,"tier":"extreme","hardest":"forcing-xy-chain","techniques":{"claiming":1,"forcing-x-chain":1,"forcing-xy-chain":6,"full-house":21,"hidden-pair":1,"hidden-single":36,"naked-pair":2,"pointing":4,"unique-rectangle":1,"xy-cycle":1,"y-cycle":1},"level":"Extreme","score":2192,"canonical":"..............1.23..4.2.1......5..3..1..67..4.32...5.....6...8.7.....9.692....4..","seed":1,"index":1}`

func gradedRecord(t *testing.T) *Record {
	t.Helper()
	var r Record
	if err := DecodeRecord([]byte(gradedLine), &r); err != nil {
		t.Fatal(err)
	}
	return &r
}

// TestCheckGradingRefuses: each rule of CheckGrading refuses a record
// that breaks it, through CheckRecord, with what is wrong and what was
// expected.
func TestCheckGradingRefuses(t *testing.T) {
	cases := []struct {
		name string
		edit func(r *Record)
		want string
	}{
		{"negative count", func(r *Record) { r.Techniques["naked-pair"] = -3 }, `techniques: "naked-pair" counts -3 steps, expected a whole number >= 1`},
		{"zero count", func(r *Record) { r.Techniques["naked-pair"] = 0 }, `techniques: "naked-pair" counts 0 steps, expected a whole number >= 1`},
		{"unknown id", func(r *Record) { r.Techniques["guess"] = 1 }, `techniques: "guess" is not a technique of the SE/HoDoKu ladder (sudogen techniques), expected one of its ids`},
		{"hardest not among techniques", func(r *Record) { r.Hardest = "x-wing" }, `hardest "x-wing" is not among techniques, expected one of its ids`},
		{"hardest unknown without techniques", func(r *Record) { r.Techniques = nil; r.Hardest = "guess" }, `hardest "guess" is not a technique of the SE/HoDoKu ladder`},
		{"rating above the scale", func(r *Record) { r.Rating = 99.5 }, `rating 99.5 is off the sudoku scale, expected 1.0 to 20.0`},
		{"rating below the scale", func(r *Record) { r.Rating, r.EP, r.ED = 0.5, 0, 0 }, `rating 0.5 is off the sudoku scale, expected 1.0 to 20.0`},
		{"negative rating", func(r *Record) { r.Rating = -7.2 }, `rating -7.2 is off the sudoku scale`},
		{"rating_at_least off the scale", func(r *Record) { r.Rating, r.RatingAtLeast = 0, 25 }, `rating_at_least 25 is off the sudoku scale`},
		{"ep off the scale", func(r *Record) { r.EP = 0.3 }, `ep 0.3 is off the sudoku scale`},
		{"two decimals", func(r *Record) { r.Rating = 7.25 }, `rating 7.25, expected one decimal`},
		{"both ratings", func(r *Record) { r.RatingAtLeast = 3.0 }, `rating 7.2 and rating_at_least 3, expected one of them`},
		{"ed above ep", func(r *Record) { r.ED = 1.5 }, `ed 1.5 is above ep 1.2, expected ed <= ep`},
		{"ep above rating", func(r *Record) { r.EP, r.ED = 7.5, 1.2 }, `ep 7.5 is above rating 7.2, expected ep <= rating`},
		{"ed above rating, no ep", func(r *Record) { r.EP, r.ED = 0, 7.5 }, `ed 7.5 is above rating 7.2, expected ed <= rating`},
		{"ep above rating_at_least", func(r *Record) { r.Rating, r.RatingAtLeast, r.EP = 0, 2.0, 2.5 }, `ep 2.5 is above rating_at_least 2.0, expected ep <= rating_at_least`},
		{"level not HoDoKu's", func(r *Record) { r.Level = "extreme" }, `level "extreme", expected one of HoDoKu's: Easy, Medium, Hard, Unfair, Extreme`},
		{"level without score", func(r *Record) { r.Score = 0 }, `level Extreme with score 0, expected a score >= 1`},
		{"score without level", func(r *Record) { r.Level = "" }, `score 2192 without level, expected both (HoDoKu's) or neither`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := gradedRecord(t)
			c.edit(r)
			err := CheckRecord(r)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("got %v, want %q", err, c.want)
			}
		})
	}
	if err := CheckRecord(gradedRecord(t)); err != nil {
		t.Errorf("the record as written: %v", err)
	}
}

// TestCheckGradingTakes: what sudogen writes passes: a record without
// grading, one cut off (rating_at_least, no ep), SE's 20.0 with its
// partial ep and ed, a tier name of any table, and a slide record's tier.
func TestCheckGradingTakes(t *testing.T) {
	for name, edit := range map[string]func(r *Record){
		"ungraded": func(r *Record) { r.ClearGrading() },
		"cut off":  func(r *Record) { r.Rating, r.RatingAtLeast, r.EP, r.Tier = 0, 3.4, 0, "beyond" },
		"beyond":   func(r *Record) { r.Rating, r.Tier = 20, "beyond" },
		"any tier": func(r *Record) { r.Tier = "ωμέγα" },
		"no level": func(r *Record) { r.Level, r.Score = "", 0 },
		"no hardest or techniques": func(r *Record) {
			r.Hardest, r.Techniques = "", nil
		},
	} {
		r := gradedRecord(t)
		edit(r)
		if err := CheckRecord(r); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
}

// TestCheckTier: a run's tier table gives the tier of a finished rating
// and the beyond tier of a grading cut off or not finished; a reader
// without the table checks no tier name.
func TestCheckTier(t *testing.T) {
	custom, err := grade.ParseTiers([]byte("sudoku:\n  scale: se\n  beyond: impossible\n  tiers:\n    - {name: warmup, min: 0.0, max: 2.0}\n    - {name: tough, min: 2.1}\n"), "custom.yaml")
	if err != nil {
		t.Fatal(err)
	}
	def := grade.DefaultTiers()
	cases := []struct {
		name   string
		tiers  *grade.Tiers
		edit   func(r *Record)
		errSub string // "" passes
	}{
		{"as written", def, func(*Record) {}, ""},
		{"wrong band", def, func(r *Record) { r.Tier = "easy" }, `tier "easy" but rating 7.2, expected "extreme" by the run's tier table`},
		{"custom band", custom, func(r *Record) { r.Tier = "tough" }, ""},
		{"default name under custom", custom, func(*Record) {}, `tier "extreme" but rating 7.2, expected "tough"`},
		{"cut off is beyond", def, func(r *Record) { r.Rating, r.RatingAtLeast, r.Tier = 0, 3.0, "beyond" }, ""},
		{"cut off not beyond", def, func(r *Record) { r.Rating, r.RatingAtLeast, r.Tier = 0, 3.0, "hard" }, `tier "hard" but rating_at_least 3.0, expected "beyond"`},
		{"no rating is beyond", custom, func(r *Record) { r.Rating, r.Tier = 0, "impossible" }, ""},
		{"no rating not beyond", custom, func(r *Record) { r.Rating, r.Tier = 0, "tough" }, `tier "tough" but no rating, expected "impossible"`},
		{"20.0 beyond", def, func(r *Record) { r.Rating, r.Tier = 20, "beyond" }, ""},
		{"20.0 top band", def, func(r *Record) { r.Rating, r.Tier = 20, "nightmare" }, ""},
		{"beyond with a band's rating", def, func(r *Record) { r.Tier = "beyond" }, `tier "beyond" but rating 7.2, expected "extreme"`},
		{"untiered", def, func(r *Record) { r.Tier = "" }, ""},
		{"no table", nil, func(r *Record) { r.Tier = "easy" }, ""},
	}
	for _, c := range cases {
		r := gradedRecord(t)
		c.edit(r)
		err := CheckTier(r, c.tiers)
		switch {
		case c.errSub == "" && err != nil:
			t.Errorf("%s: %v", c.name, err)
		case c.errSub != "" && (err == nil || !strings.Contains(err.Error(), c.errSub)):
			t.Errorf("%s: got %v, want %q", c.name, err, c.errSub)
		}
	}
}
