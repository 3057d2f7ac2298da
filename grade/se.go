package grade

import "sync"

// seOrder is Sudoku Explainer 1.2.1's producer order (SE-RULES.md section
// 1). Producer 1 (hidden singles with full houses first) is the two rules
// full-house, hidden-single; producer 6 (pointing, then claiming) likewise.
var seOrder = []string{
	"full-house", "hidden-single",
	"direct-pointing",
	"direct-hidden-pair",
	"naked-single",
	"direct-hidden-triple",
	"pointing", "claiming",
	"naked-pair", "x-wing", "hidden-pair",
	"naked-triple", "swordfish", "hidden-triple",
	"xy-wing", "xyz-wing",
	"unique-loop",
	"naked-quad", "jellyfish", "hidden-quad",
	"bug-1",
	"aligned-pair-exclusion",
	"x-cycle",
	"aligned-triple-exclusion",
	"nishio-forcing-chain",
	"multiple-forcing-chain",
	"dynamic-forcing-chain",
	"dynamic-forcing-chain-plus",
	"nested-forcing-chain",
	"nested-multiple-forcing-chain",
	"nested-dynamic-forcing-chain",
	"nested-dynamic-forcing-chain-plus",
}

var (
	seOnce    sync.Once
	seProfile *Profile
)

// SEProfile returns the Sudoku Explainer 1.2.1 profile: SE's producers in
// SE's order, each scanning in SE's order (ScanSE) and rating its own
// steps. Producers 22 and up (aligned triple exclusion, Nishio, multiple
// and dynamic forcing chains) are not part of it yet: a puzzle that needs
// them ends "beyond" (ER 20.0). The returned profile is shared; do not
// modify it.
func SEProfile() *Profile {
	seOnce.Do(func() {
		seProfile = mustProfile(ProfileSpec{Name: "se", Scale: ScaleSE, Scan: ScanSE, Order: seOrder})
	})
	return seProfile
}

func init() { RegisterProfile("se", SEProfile) }
