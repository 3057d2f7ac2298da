// Package playhints turns the grader's solve path into the play page's
// hints (export.Hints): each step's technique, what it places and
// removes, and the pattern that proves it, which the page phrases in the
// player's language. The classic hint source (cmd/sudogen) and the
// variant kind's use it.
package playhints

import (
	"strings"

	"github.com/sudogen/sudogen/export"
	"github.com/sudogen/sudogen/grade"
	"github.com/sudogen/sudogen/internal/playpage"
)

// Steps converts a solve path's steps, leaving out those of the
// techniques the page finds by itself in the player's position
// (playpage.FindsItself): the page stores only the others.
func Steps(steps []grade.Step) []export.HintStep {
	return Stored(steps, func(s *grade.Step) bool { return playpage.FindsItself(s.Tech) })
}

// Stored converts the steps of a solve path that the page does not find
// by itself (pageFinds false), in order; a step of a technique the page
// finds elsewhere (playpage.FindsItself) is marked Keep, so the writer
// stores it.
func Stored(steps []grade.Step, pageFinds func(*grade.Step) bool) []export.HintStep {
	var out []export.HintStep
	for i := range steps {
		if s := &steps[i]; !pageFinds(s) {
			h := Step(s)
			h.Keep = playpage.FindsItself(s.Tech)
			out = append(out, h)
		}
	}
	return out
}

// Step converts one step: its technique (and the catalogue's name for
// it, else the id), what it places and removes, and its pattern (houses,
// cells, digits; a chain's or forcing chain's proof).
func Step(st *grade.Step) export.HintStep {
	name := st.Tech
	if t, ok := grade.TechniqueByID(st.Tech); ok {
		name = t.Name
	}
	h := export.HintStep{Tech: st.Tech, Name: name, Houses: st.Units, Cells: st.Cells}
	for _, p := range st.Placements {
		h.Places = append(h.Places, export.HintCandidate{Cell: p.Cell, Digit: int(p.Digit)})
	}
	for _, e := range st.Eliminations {
		h.Elims = append(h.Elims, export.HintCandidate{Cell: e.Cell, Digit: int(e.Digit)})
	}
	for _, d := range st.Digits {
		h.Digits = append(h.Digits, int(d))
	}
	switch {
	case st.Proof != nil:
		h.Proof = proof(st.Proof)
	case len(st.Chain) > 0:
		kind := "forcing"
		if strings.HasSuffix(st.Tech, "-cycle") {
			kind = "cycle"
		}
		h.Proof = &export.HintProof{Kind: kind, Branches: [][]export.HintNode{nodes(st.Chain)}}
	}
	return h
}

// proof keeps of a forcing chain's proof what the page draws: how it
// concludes, what it tries, and each branch's path from its assumption to
// its conclusion along first parents (the other candidates a link needs,
// and nested chains, are left out; Nested says there are some).
func proof(p *grade.ChainProof) *export.HintProof {
	out := &export.HintProof{Kind: p.Kind, Cell: p.Cell, Unit: p.Unit, Digit: int(p.Digit), Nested: len(p.Nested) > 0}
	for _, b := range p.Branches {
		if len(b.Nodes) == 0 {
			continue
		}
		var path []grade.Node
		for i := len(b.Nodes) - 1; ; {
			path = append(path, b.Nodes[i].Node)
			if len(b.Nodes[i].Parents) == 0 {
				break
			}
			i = b.Nodes[i].Parents[0]
		}
		for l, r := 0, len(path)-1; l < r; l, r = l+1, r-1 {
			path[l], path[r] = path[r], path[l]
		}
		out.Branches = append(out.Branches, nodes(path))
	}
	return out
}

func nodes(ns []grade.Node) []export.HintNode {
	out := make([]export.HintNode, len(ns))
	for i, n := range ns {
		out[i] = export.HintNode{Cell: n.Cell, Digit: int(n.Digit), On: n.On}
	}
	return out
}
