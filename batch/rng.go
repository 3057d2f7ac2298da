package batch

import "math/rand/v2"

// splitmix64 advances *s and returns the next output of Steele, Lea and
// Flood's SplitMix64 generator, a good mixer for deriving seeds.
func splitmix64(s *uint64) uint64 {
	*s += 0x9e3779b97f4a7c15
	z := *s
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// StreamSeed returns the two PCG seed words of puzzle index in a run with
// this seed. They depend on (seed, index) alone, which is what makes a run's
// output independent of the number of workers.
func StreamSeed(seed uint64, index int64) (uint64, uint64) {
	s := seed
	k := splitmix64(&s) ^ uint64(index)
	a := splitmix64(&k)
	b := splitmix64(&k)
	return a, b
}

// NewRNG returns the random stream of puzzle index in a run with this seed.
// Workers reuse one PCG and reseed it instead (see reseed).
func NewRNG(seed uint64, index int64) *rand.Rand {
	a, b := StreamSeed(seed, index)
	return rand.New(rand.NewPCG(a, b))
}
