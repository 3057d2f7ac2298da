package sudoku

// CPUTimeForBench exposes the process CPU time to the external benchmarks.
var CPUTimeForBench = cpuTime
