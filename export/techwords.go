package export

import "github.com/sudogen/sudogen/internal/i18n"

// TechniqueWords returns a technique's name and glossary paragraph (what
// the play page's glossary says of it) in t's language: a Sudoku
// technique's from the tables' techniques section, a killer ladder's own
// from killer_techniques; a technique of a family that shares its
// paragraph (swordfish with x-wing, killer-triple with killer-pair) gets
// the family's. ok is false for an id neither section names.
func TechniqueWords(t *i18n.Table, id string) (name, about string, ok bool) {
	for _, sec := range []struct {
		prefix  string
		wording map[string]string
	}{{"techniques.", playWording}, {"killer_techniques.", killerWording}} {
		n, has := t.Message(sec.prefix + id + ".name")
		if !has {
			continue
		}
		root := id
		if r, shared := sec.wording[id]; shared {
			root = r
		}
		a, _ := t.Message(sec.prefix + root + ".about")
		return n, a, true
	}
	return "", "", false
}
