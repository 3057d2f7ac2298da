package grade

import "testing"

// BenchmarkFish runs the fish finders the profiles call (basic fish in
// both scans, finned and sashimi in HoDoKu's) over the regression
// library's grids, stopping at the first step as the solving loop does;
// ns/op is per grid.
func BenchmarkFish(b *testing.B) {
	grids := benchGrids(b)
	for _, sc := range []Scan{ScanSE, ScanHoDoKu} {
		for _, id := range []string{"x-wing", "swordfish", "jellyfish", "finned-x-wing", "finned-swordfish", "sashimi-jellyfish"} {
			if sc == ScanSE && id[0] != 'x' && id[0] != 's' && id[0] != 'j' || sc == ScanSE && len(id) > 9 && id[:6] == "sashim" {
				continue
			}
			tq, _ := TechniqueByID(id)
			f := tq.Finder(sc)
			b.Run([]string{"HoDoKu", "SE"}[sc]+"/"+id, func(b *testing.B) {
				for i := 0; i < b.N; i++ {
					f.Find(grids[i%len(grids)], func(*Step) bool { return false })
				}
			})
		}
	}
}
