package main

import (
	"fmt"
	"os"

	"github.com/sudogen/sudogen/batch"
)

// shardInput is a merge input that a sharded batch run wrote, as its run
// file (.NAME.run.json, kept by batch --resume and by an interrupted run)
// says.
type shardInput struct {
	name  string
	run   batch.RunFile
	seed  string
	shard batch.Shard
}

// checkShardRuns refuses, before anything is read, merge inputs that
// claim to be shards of one run (the same --seed, each made with --shard
// I/N, N > 1, as their run files say) but cannot be: made with other
// options (one with --tier hard, another without: the corpus would mix
// them silently), with other shard counts (0/3 and 1/4 overlap and leave
// holes), or the same shard twice. Inputs without a run file (a run
// without --resume that finished, a plain list, stdin) and unsharded runs
// are not checked: merging runs of any options is what merge is for.
func checkShardRuns(files []string) error {
	var shards []shardInput
	for _, name := range files {
		if name == "-" {
			continue
		}
		rf, err := batch.ReadRunFile(batch.RunFilePath(name))
		if err != nil {
			continue // none, or unreadable: nothing claims a shard
		}
		seed, _ := rf.Value("--seed")
		v, _ := rf.Value("--shard")
		sh, err := batch.ParseShard(v)
		if seed == "" || err != nil || sh.Whole() {
			continue
		}
		in := shardInput{name: name, run: rf, seed: seed, shard: sh}
		for _, prev := range shards {
			if prev.seed != seed || sameFile(prev.name, name) {
				continue // one file named twice: its records are duplicates, as before
			}
			if err := in.against(prev); err != nil {
				return err
			}
		}
		shards = append(shards, in)
	}
	return nil
}

// refuse words every refusal of checkShardRuns: one line naming both
// inputs, the run, what is wrong, and how to merge them anyway.
func (in shardInput) refuse(prev shardInput, what string) error {
	return fmt.Errorf("%s and %s are shards of the run of --seed %s (their run files say so), but %s: merge the shards of one run (to merge %s as another corpus, remove its run file %s)",
		prev.name, in.name, in.seed, what, in.name, batch.RunFilePath(in.name))
}

// against checks in against prev, an input of the same seed.
func (in shardInput) against(prev shardInput) error {
	switch {
	case in.shard.Count != prev.shard.Count:
		return in.refuse(prev, fmt.Sprintf("%s is shard %s and %s shard %s", prev.name, prev.shard, in.name, in.shard))
	case in.shard.Index == prev.shard.Index:
		return in.refuse(prev, fmt.Sprintf("both are shard %s", in.shard))
	}
	if flag, was, is := optionDiff(prev.run, in.run, "--shard"); flag != "" {
		return in.refuse(prev, fmt.Sprintf("%s was made %s, %s %s", prev.name, was, in.name, is))
	}
	return nil
}

// optionDiff finds the first option whose value differs between two run
// files, skipping the flag skip: the flag and each side as a command
// line says it (--tier hard; no --tier when a run file lacks it), or ""
// when they agree. The sudogen build is not compared: the records of two
// builds are records all the same.
func optionDiff(a, b batch.RunFile, skip string) (flag, inA, inB string) {
	seen := map[string]bool{skip: true}
	for _, list := range [][][2]string{a.Options, b.Options} {
		for _, o := range list {
			if seen[o[0]] {
				continue
			}
			seen[o[0]] = true
			va, okA := a.Value(o[0])
			vb, okB := b.Value(o[0])
			if va != vb || okA != okB {
				return o[0], optionText(o[0], va, okA), optionText(o[0], vb, okB)
			}
		}
	}
	return "", "", ""
}

// optionText is one option of a run file as a command line says it, with
// "with" or "without": "with --tier hard", "with --no-grade" (true),
// "without --no-grade" (false, or not in the run file).
func optionText(flag, v string, ok bool) string {
	switch {
	case !ok || v == "false":
		return "without " + flag
	case v == "true":
		return "with " + flag
	case v == "":
		return "with " + flag + ` ""`
	}
	return "with " + flag + " " + v
}

// sameFile reports whether a and b name one file (by name, or through a
// link).
func sameFile(a, b string) bool {
	sa, errA := os.Stat(a)
	sb, errB := os.Stat(b)
	return errA == nil && errB == nil && os.SameFile(sa, sb)
}
