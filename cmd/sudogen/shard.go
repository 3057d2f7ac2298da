package main

import (
	"bufio"
	"fmt"
	"io"
	"os"

	"github.com/spf13/pflag"

	"github.com/sudogen/sudogen/batch"
)

// shardOption is --shard I/N, defaulting from the scheduler's environment
// (batch.ShardFromEnv: a Kubernetes Indexed Job or a Slurm array) when the
// flag is absent. batch, grade and canon share it.
type shardOption struct {
	Shard batch.Shard
	From  string // "--shard", or the environment variable it came from
	set   bool
}

// shardValue is the pflag.Value of --shard: checked when parsed, so a bad
// value is a usage error naming the flag.
type shardValue struct{ o *shardOption }

func (v shardValue) String() string { return v.o.Shard.String() }
func (v shardValue) Type() string   { return "I/N" }
func (v shardValue) Set(s string) error {
	sh, err := batch.ParseShard(s)
	if err != nil {
		return err
	}
	v.o.Shard, v.o.From, v.o.set = sh, "--shard", true
	return nil
}

func (o *shardOption) addFlag(f *pflag.FlagSet, what string) {
	f.Var(shardValue{o}, "shard", what+" (I from 0 to N-1); default from JOB_COMPLETION_INDEX with SUDOGEN_SHARDS (Kubernetes Indexed Job) or SLURM_ARRAY_TASK_ID with SLURM_ARRAY_TASK_COUNT (Slurm array); 0/1: no sharding")
}

// resolve fills the shard from the environment when --shard was not
// given. A malformed variable is a usage error naming it.
func (o *shardOption) resolve() error {
	if o.set {
		return nil
	}
	sh, from, err := batch.ShardFromEnv(os.Getenv)
	if err != nil {
		return UsageErrorf("%v", err)
	}
	o.Shard, o.From = sh, from
	return nil
}

// describe is "shard 2/4 (JOB_COMPLETION_INDEX)", "" for the whole.
func (o *shardOption) describe() string {
	if o.Shard.Whole() {
		return ""
	}
	return fmt.Sprintf("shard %s (%s)", o.Shard, o.From)
}

// noteFromEnv tells on w which shard of the input lines a command takes
// when the shard came from the environment rather than the command line,
// so a run inside a scheduler's job never silently handles only part of
// its input.
func (o *shardOption) noteFromEnv(w io.Writer, verb string) {
	if !o.Shard.Whole() && o.From != "--shard" {
		fmt.Fprintf(w, "sudogen: %s only the input lines of %s\n", verb, o.describe())
	}
}

// shardLines returns r with every line outside shard s blanked (its bytes
// dropped, its newline kept), so a reader over it sees the shard's lines
// under their own line numbers and skips the others as blank lines. Lines
// are numbered from 0 here: line L (1-based, as messages print it) belongs
// to shard (L-1) mod N. Nothing is buffered beyond one bufio block.
func shardLines(r io.Reader, s batch.Shard) io.Reader {
	if s.Whole() {
		return r
	}
	return &shardLineReader{br: bufio.NewReaderSize(r, 64<<10), shard: s}
}

type shardLineReader struct {
	br      *bufio.Reader
	shard   batch.Shard
	line    int64  // 0-based number of the line being read
	keep    bool   // it belongs to the shard
	inLine  bool   // part of it was read already (a line longer than the buffer)
	pending []byte // bytes to hand out, in br's buffer
	err     error
}

var newline = []byte{'\n'}

func (r *shardLineReader) Read(p []byte) (int, error) {
	for len(r.pending) == 0 {
		if r.err != nil {
			return 0, r.err
		}
		chunk, err := r.br.ReadSlice('\n')
		if len(chunk) > 0 {
			if !r.inLine {
				r.keep = r.shard.Has(r.line)
			}
			ends := chunk[len(chunk)-1] == '\n'
			switch {
			case r.keep:
				r.pending = chunk
			case ends:
				r.pending = newline
			}
			r.inLine = !ends
			if ends {
				r.line++
			}
		}
		if err != nil && err != bufio.ErrBufferFull {
			r.err = err
		}
	}
	n := copy(p, r.pending)
	r.pending = r.pending[n:]
	return n, nil
}
