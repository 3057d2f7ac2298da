package batch

import (
	"context"
	"strings"
	"sync/atomic"
	"testing"
)

func TestParseShard(t *testing.T) {
	for _, c := range []struct {
		in   string
		want Shard
		err  string
	}{
		{"0/4", Shard{0, 4}, ""},
		{" 3/4 ", Shard{3, 4}, ""},
		{"0/1", Shard{0, 1}, ""},
		{"3/2", Shard{}, "the shard index must be from 0 to 1"},
		{"2/2", Shard{}, "the shard index must be from 0 to 1 (shards are numbered from 0)"},
		{"-1/2", Shard{}, "the shard index must be from 0 to 1"},
		{"0/0", Shard{}, "the number of shards must be at least 1"},
		{"0/-3", Shard{}, "the number of shards must be at least 1"},
		{"a/b", Shard{}, "expected I/N, two whole numbers such as 0/4"},
		{"1", Shard{}, "expected I/N"},
		{"1/2/3", Shard{}, "expected I/N"},
		{"", Shard{}, "expected I/N"},
		{"1/99999999999999999999", Shard{}, "expected I/N"},
	} {
		got, err := ParseShard(c.in)
		switch {
		case c.err == "" && (err != nil || got != c.want):
			t.Errorf("ParseShard(%q) = %v, %v; want %v", c.in, got, err, c.want)
		case c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)):
			t.Errorf("ParseShard(%q) error %v; want one saying %q", c.in, err, c.err)
		}
	}
}

func TestShardFromEnv(t *testing.T) {
	for _, c := range []struct {
		name string
		env  map[string]string
		want Shard
		from string
		err  string
	}{
		{"none", nil, Shard{}, "", ""},
		{"kubernetes", map[string]string{"JOB_COMPLETION_INDEX": "2", "SUDOGEN_SHARDS": "4"}, Shard{2, 4}, "JOB_COMPLETION_INDEX", ""},
		{"kubernetes wins over slurm", map[string]string{"JOB_COMPLETION_INDEX": "0", "SUDOGEN_SHARDS": "2", "SLURM_ARRAY_TASK_ID": "1", "SLURM_ARRAY_TASK_COUNT": "2"}, Shard{0, 2}, "JOB_COMPLETION_INDEX", ""},
		{"kubernetes without count", map[string]string{"JOB_COMPLETION_INDEX": "2"}, Shard{}, "", "SUDOGEN_SHARDS (the Job's completions) is not"},
		{"kubernetes index too big", map[string]string{"JOB_COMPLETION_INDEX": "4", "SUDOGEN_SHARDS": "4"}, Shard{}, "", "JOB_COMPLETION_INDEX=4 is not below SUDOGEN_SHARDS=4"},
		{"kubernetes junk", map[string]string{"JOB_COMPLETION_INDEX": "x", "SUDOGEN_SHARDS": "4"}, Shard{}, "", `JOB_COMPLETION_INDEX="x": expected a whole number`},
		{"slurm from 0", map[string]string{"SLURM_ARRAY_TASK_ID": "3", "SLURM_ARRAY_TASK_COUNT": "8", "SLURM_ARRAY_TASK_MIN": "0"}, Shard{3, 8}, "SLURM_ARRAY_TASK_ID", ""},
		{"slurm from 1", map[string]string{"SLURM_ARRAY_TASK_ID": "8", "SLURM_ARRAY_TASK_COUNT": "8", "SLURM_ARRAY_TASK_MIN": "1"}, Shard{7, 8}, "SLURM_ARRAY_TASK_ID", ""},
		{"slurm step", map[string]string{"SLURM_ARRAY_TASK_ID": "12", "SLURM_ARRAY_TASK_COUNT": "4", "SLURM_ARRAY_TASK_MIN": "0", "SLURM_ARRAY_TASK_STEP": "4"}, Shard{3, 4}, "SLURM_ARRAY_TASK_ID", ""},
		{"slurm off step", map[string]string{"SLURM_ARRAY_TASK_ID": "5", "SLURM_ARRAY_TASK_COUNT": "4", "SLURM_ARRAY_TASK_STEP": "4"}, Shard{}, "", "does not fit an array of 4 tasks"},
		{"slurm no count", map[string]string{"SLURM_ARRAY_TASK_ID": "5"}, Shard{}, "", "SLURM_ARRAY_TASK_COUNT is not"},
	} {
		got, from, err := ShardFromEnv(func(k string) string { return c.env[k] })
		switch {
		case c.err == "" && (err != nil || got != c.want || from != c.from):
			t.Errorf("%s: %v from %q, %v; want %v from %q", c.name, got, from, err, c.want, c.from)
		case c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)):
			t.Errorf("%s: error %v; want one saying %q", c.name, err, c.err)
		}
	}
}

// TestRunShardsAreTheUnshardedRun: the shards' records, put back in index
// order, are exactly the unsharded run's, for several shard counts and
// worker counts.
func TestRunShardsAreTheUnshardedRun(t *testing.T) {
	var calls atomic.Int64
	whole := &recSink{}
	if _, err := Run(context.Background(), Options{Count: 120, Workers: 3, Seed: 11, NewMaker: makers(&calls)}, whole); err != nil {
		t.Fatal(err)
	}
	for _, n := range []int64{1, 2, 3, 5, 7} {
		merged := make([]string, 120)
		for i := range n {
			s := &recSink{}
			sh := Shard{i, n}
			count := (120 - i + n - 1) / n
			st, err := Run(context.Background(), Options{Count: count, Workers: int(1 + i%3), Seed: 11, Start: sh.Index, Step: sh.Count, NewMaker: makers(&calls)}, s)
			if err != nil {
				t.Fatal(err)
			}
			for k, r := range s.recs {
				if r.Index != i+int64(k)*n || !sh.Has(r.Index) {
					t.Fatalf("shard %v: record %d has index %d", sh, k, r.Index)
				}
				merged[r.Index] = r.ID + " " + r.Puzzle + "\n"
			}
			if st.Next != i+count*n {
				t.Errorf("shard %v: Next %d, want %d", sh, st.Next, i+count*n)
			}
		}
		if got := strings.Join(merged, ""); got != whole.text() {
			t.Errorf("%d shards: merged records differ from the unsharded run", n)
		}
	}
}
