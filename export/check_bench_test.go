package export

import "testing"

// BenchmarkCheckRecord10k: CheckRecord on 10,000 9x9 records with
// solutions (the check every book and workbook record goes through).
func BenchmarkCheckRecord10k(b *testing.B) {
	recs := bigCorpus(b, 10000)
	b.ResetTimer()
	for b.Loop() {
		for _, r := range recs {
			c := *r
			if err := CheckRecord(&c); err != nil {
				b.Fatal(err)
			}
		}
	}
}
