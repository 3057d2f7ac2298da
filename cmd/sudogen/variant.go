package main

import (
	"context"
	"fmt"
	"strings"

	"github.com/spf13/pflag"

	"github.com/sudogen/sudogen/export"
	"github.com/sudogen/sudogen/grade"
	"github.com/sudogen/sudogen/kind"
	"github.com/sudogen/sudogen/variant"
	"github.com/sudogen/sudogen/variantkind"
)

// addVariantFlag defines --variant: repeatable, each value a comma list
// (--variant x,anti-knight or --variant x --variant anti-knight).
func addVariantFlag(f *pflag.FlagSet, v *[]string, what string) {
	f.StringSliceVar(v, "variant", nil, what+": "+strings.Join(variant.Names, ", ")+
		" (repeat or comma-separate to combine, e.g. x,anti-knight; samurai alone); the records then have kind "+variantkind.Name)
}

// variantList checks --variant's names and returns them sorted.
func variantList(vs []string) ([]string, error) {
	list, err := variant.ParseVariants(strings.Join(vs, ","))
	if err != nil {
		return nil, UsageErrorf("--variant: %v", err)
	}
	return list, nil
}

// variantSize resolves --size for a variant list: 9 by default; Samurai
// is 9 only.
func variantSize(list []string, size int64) (int, error) {
	if size == 0 {
		size = 9
	}
	if variantkind.IsSamurai(list) && size != 9 {
		return 0, UsageErrorf("--variant samurai: --size %d, the Samurai board is made of 9x9 grids", size)
	}
	return int(size), nil
}

// variantBatchUnsupported are batch flags a variant run does not take.
var variantBatchUnsupported = []string{"box", "givens", "resume", "exclude", "requires", "hardest", "from", "search", "vicinity", "as-given", "verify-steps", "no-uniqueness"}

// variantBatchRun is batch --variant: the variant kind's makers (through
// the kind registry), its grader, the tier filter and the run's dedupe by
// canonical key under the variant's group.
func variantBatchRun(ctx context.Context, opts *BatchOptions) error {
	if ctx == nil {
		ctx = context.Background()
	}
	for _, name := range variantBatchUnsupported {
		if opts.flags != nil && opts.flags.Changed(name) {
			return UsageErrorf("--%s is not supported with --variant", name)
		}
	}
	if opts.Slide.Kind != "" && opts.Slide.Kind != export.KindSudoku {
		return UsageErrorf("--variant makes Sudoku variants: drop --kind %s", opts.Slide.Kind)
	}
	list, err := variantList(opts.Variant)
	if err != nil {
		return err
	}
	size, err := variantSize(list, opts.Size)
	if err != nil {
		return err
	}
	if err := opts.checkCounts(); err != nil {
		return err
	}
	if err := opts.Shard.resolve(); err != nil {
		return err
	}
	k, err := kind.Lookup(variantkind.Name)
	if err != nil {
		return err
	}
	vo := variantkind.Options{
		Spec:     variant.Spec{Size: size, Variants: list},
		Generate: variant.Options{Symmetry: opts.Symmetry, RequireMinimal: opts.flags != nil && opts.flags.Changed("minimal") && opts.Minimal},
	}
	if variantkind.IsSamurai(list) {
		vo.Spec.Size = 0
	}
	g := &opts.Grading
	g.counter = &tierCounter{counts: map[string]int64{}}
	var sel map[string]bool
	if g.NoGrade {
		if g.Tier != "" && g.Tier != "any" {
			return UsageErrorf("--tier %s needs grading: drop --no-grade", g.Tier)
		}
	} else {
		gr, err := k.Grader(kind.GradeOptions{Profile: g.Profile, TiersFile: g.TiersFile})
		if err != nil {
			return UsageErrorf("--variant: %v", err)
		}
		vo.Grade = gr
		tiers, err := tiersFlag(g.TiersFile)
		if err != nil {
			return err
		}
		if tiers == nil {
			tiers = grade.DefaultTiers()
		}
		if sel, err = tiers.ParseSelection(g.Tier); err != nil {
			return UsageErrorf("--tier: %v", err)
		}
		g.counter.order = tiers.Names()
		vo.Tiers = sel // the makers target the kept tiers' band (variantkind.Options.Tiers)
	}
	run, err := kindRun(opts, k, vo)
	if err != nil {
		return err
	}
	sinks, where, err := opts.Export.sinks(opts.Output, opts.Out, opts.ErrOut, opts.Quiet)
	if err != nil {
		return err
	}
	if sel != nil {
		run.Accept = func(rec *export.Record) bool { return sel[rec.Tier] }
	}
	run.Kind, run.Size = variantkind.Name, size
	run.Name = fmt.Sprintf("%s %dx%d", strings.Join(list, ","), size, size)
	return runBatch(ctx, opts, run, append(sinks, g.counter), kindRunSummary(ctx, opts, run, where, true, g.counter))
}
