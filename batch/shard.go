package batch

import (
	"fmt"
	"strconv"
	"strings"
)

// Shard is one part of work split across processes or machines: shard
// Index of Count takes the items i with i mod Count == Index. A batch run
// makes the puzzle indices Index, Index+Count, Index+2*Count, ... (Options
// Start and Step), which are byte for byte the records of the same indices
// in the unsharded run; grade and canon take the input lines the same way.
//
// Why modulo and not contiguous ranges: every shard walks the same index
// range at the same pace, so when filters (a tier, duplicates) reject
// puzzles the shards still end near the same index, and shards stopped
// early together still cover a gap-free prefix of the unsharded run. A
// shard needs only I and N: a contiguous range would need the total count
// up front, and with filters nobody knows where a range of accepted
// records ends. Each shard's file is still in index order, so merging them
// is a streaming k-way merge.
//
// The zero value and any Count of 1 mean the whole run.
type Shard struct {
	Index, Count int64
}

// Whole reports whether s is the whole run (no sharding).
func (s Shard) Whole() bool { return s.Count <= 1 }

// String is "I/N", or "" for the whole run.
func (s Shard) String() string {
	if s.Whole() {
		return ""
	}
	return fmt.Sprintf("%d/%d", s.Index, s.Count)
}

// Has reports whether item i (0-based) belongs to the shard.
func (s Shard) Has(i int64) bool { return s.Whole() || i%s.Count == s.Index }

// ParseShard reads "I/N": N whole numbers of shards, I from 0 to N-1.
func ParseShard(v string) (Shard, error) {
	is, ns, ok := strings.Cut(strings.TrimSpace(v), "/")
	i, err1 := strconv.ParseInt(strings.TrimSpace(is), 10, 64)
	n, err2 := strconv.ParseInt(strings.TrimSpace(ns), 10, 64)
	switch {
	case !ok || err1 != nil || err2 != nil:
		return Shard{}, fmt.Errorf("shard %q: expected I/N, two whole numbers such as 0/4 (shard I of N, I from 0 to N-1)", v)
	case n < 1:
		return Shard{}, fmt.Errorf("shard %q: the number of shards must be at least 1", v)
	case i < 0 || i >= n:
		return Shard{}, fmt.Errorf("shard %q: the shard index must be from 0 to %d (shards are numbered from 0)", v, n-1)
	}
	return Shard{Index: i, Count: n}, nil
}

// Environment variables that give a shard when --shard is absent.
const (
	// envK8sIndex is set by Kubernetes in each pod of an Indexed Job.
	envK8sIndex = "JOB_COMPLETION_INDEX"
	// envShards carries the Job's completions: Kubernetes does not pass
	// the count to the pod, so the manifest sets it (configs/k8s).
	envShards = "SUDOGEN_SHARDS"
	// Slurm job arrays (sbatch --array): the task's id and the array's
	// size, first id and step.
	envSlurmID    = "SLURM_ARRAY_TASK_ID"
	envSlurmCount = "SLURM_ARRAY_TASK_COUNT"
	envSlurmMin   = "SLURM_ARRAY_TASK_MIN"
	envSlurmStep  = "SLURM_ARRAY_TASK_STEP"
)

// ShardFromEnv returns the shard the scheduler's environment gives, and
// the variable it came from ("" and the whole run when none is set):
// JOB_COMPLETION_INDEX with SUDOGEN_SHARDS (a Kubernetes Indexed Job), else
// SLURM_ARRAY_TASK_ID with SLURM_ARRAY_TASK_COUNT (a Slurm array; the id
// is counted from SLURM_ARRAY_TASK_MIN in steps of SLURM_ARRAY_TASK_STEP,
// so --array=1-8 gives shards 0/8 to 7/8). A variable that is set but
// wrong is an error naming it.
func ShardFromEnv(getenv func(string) string) (Shard, string, error) {
	num := func(name string) (int64, bool, error) {
		v := strings.TrimSpace(getenv(name))
		if v == "" {
			return 0, false, nil
		}
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil || n < 0 {
			return 0, true, fmt.Errorf("%s=%q: expected a whole number", name, v)
		}
		return n, true, nil
	}
	if idx, ok, err := num(envK8sIndex); err != nil || ok {
		if err != nil {
			return Shard{}, "", err
		}
		n, ok, err := num(envShards)
		switch {
		case err != nil:
			return Shard{}, "", err
		case !ok:
			return Shard{}, "", fmt.Errorf("%s=%d is set but %s (the Job's completions) is not: set it in the Job's env, or pass --shard I/N", envK8sIndex, idx, envShards)
		case idx >= n:
			return Shard{}, "", fmt.Errorf("%s=%d is not below %s=%d", envK8sIndex, idx, envShards, n)
		}
		return Shard{Index: idx, Count: n}, envK8sIndex, nil
	}
	id, ok, err := num(envSlurmID)
	if err != nil || !ok {
		return Shard{}, "", err
	}
	n, ok, err := num(envSlurmCount)
	if err != nil {
		return Shard{}, "", err
	}
	if !ok || n < 1 {
		return Shard{}, "", fmt.Errorf("%s=%d is set but %s is not: pass --shard I/N", envSlurmID, id, envSlurmCount)
	}
	lo, _, err := num(envSlurmMin)
	if err != nil {
		return Shard{}, "", err
	}
	step, ok, err := num(envSlurmStep)
	if err != nil {
		return Shard{}, "", err
	}
	if !ok || step < 1 {
		step = 1
	}
	if id < lo || (id-lo)%step != 0 || (id-lo)/step >= n {
		return Shard{}, "", fmt.Errorf("%s=%d does not fit an array of %d tasks from %d in steps of %d (a Slurm array with gaps cannot be sharded from the environment): pass --shard I/N", envSlurmID, id, n, lo, step)
	}
	return Shard{Index: (id - lo) / step, Count: n}, envSlurmID, nil
}
