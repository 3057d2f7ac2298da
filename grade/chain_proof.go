package grade

import (
	"fmt"
	"slices"
	"strings"

	"github.com/sudogen/sudogen/sudoku"
)

// ChainProof is the derivation behind a forcing-chain step: the
// assumptions it makes (its branches) and everything each one implies up
// to the branch's conclusion, with the nested chains the branches rely on.
type ChainProof struct {
	// Tech is the technique id of the chain (a nested chain's own).
	Tech string
	// Kind says how the branches conclude: "contradiction" (the
	// assumption makes a candidate both true and false), "double" (a
	// candidate and its negation imply the same), "cell" (every candidate
	// of a cell implies it), "region" (every place of a digit in a unit
	// implies it), "forcing" or "cycle" (a chain or loop of producer 21).
	Kind string
	// Cell is the cell of a cell forcing chain; Unit and Digit the unit
	// and digit of a region forcing chain.
	Cell, Unit int
	Digit      uint8
	// Branches are the assumptions and their consequences.
	Branches []ChainBranch
	// Nested are the chains some node of a branch stands on.
	Nested []*ChainProof
}

// ChainBranch is one assumption and the derivation of its conclusion:
// Nodes[0] is the assumption, the last node the conclusion, and every
// node comes after the nodes it follows from.
type ChainBranch struct {
	Nodes []ProofNode
}

// ProofNode is one inference of a branch.
type ProofNode struct {
	Node
	// Parents index Nodes: the first is the node this one was derived
	// from; the others are candidates already removed that the inference
	// needs (a cell down to two candidates, a digit down to two places,
	// the pattern of an advanced rule).
	Parents []int
	// Why names the link: "cell", "box", "row", "column", "house" (an
	// extra house), "sees" (a sees pair), "consecutive" (a
	// non-consecutive pair: the partner cell's digit next to the node's
	// goes), the technique
	// of an advanced rule ("Locked Candidates (Pointing)", "Generalized
	// Intersection" on typed layouts), or "nested".
	Why string
	// Nested indexes ChainProof.Nested for a node a nested chain gives,
	// else -1.
	Nested int
}

// branchOf lists target's chain in the search's pool as a branch: its
// ancestors in creation order.
func (c *chainer) branchOf(target int32, ctx *fcContext, nested *[]*ChainProof, sigs *[]uint64) ChainBranch {
	var idx []int32
	c.newVisit()
	stack := []int32{target}
	for len(stack) > 0 {
		y := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		nd := &c.pool[y]
		if !c.firstVisit(nd) {
			continue
		}
		idx = append(idx, y)
		if nd.parent >= 0 {
			stack = append(stack, nd.parent)
		}
		stack = append(stack, c.extra[nd.extra:nd.extra+nd.nextra]...)
	}
	slices.Sort(idx)
	pos := map[int32]int{}
	at := func(y int32) int {
		k := c.pool[y].key * 2
		if c.pool[y].on {
			k++
		}
		return pos[k]
	}
	var b ChainBranch
	for i, y := range idx {
		nd := &c.pool[y]
		k := nd.key * 2
		if nd.on {
			k++
		}
		pos[k] = i
		pn := ProofNode{Node: Node{c.candidate(nd.key), nd.on}, Why: causeName(nd.cause), Nested: -1}
		if nd.parent >= 0 {
			pn.Parents = append(pn.Parents, at(nd.parent))
		}
		for _, e := range c.extra[nd.extra : nd.extra+nd.nextra] {
			pn.Parents = append(pn.Parents, at(e))
		}
		if nd.nested <= -2 {
			pn.Why = ruleName(basicRules[-2-nd.nested])
		}
		if nd.nested >= 0 && ctx != nil {
			nh := &ctx.nested[nd.nested]
			j := slices.Index(*sigs, nh.sig)
			if j < 0 && nh.proof != nil {
				*sigs = append(*sigs, nh.sig)
				*nested = append(*nested, nh.proof)
				j = len(*nested) - 1
			}
			pn.Nested = j
			pn.Why = "nested"
		}
		b.Nodes = append(b.Nodes, pn)
	}
	// the target last (a contradiction's new node may predate nothing)
	return b
}

func causeName(c uint8) string {
	switch {
	case c == causeSees:
		return "sees"
	case c == causeConsec:
		return "consecutive"
	case c >= causeHouse:
		return "house"
	}
	return [...]string{"", "cell", "box", "row", "column", "rule"}[c]
}

// houseName names house u: the frame's row, column or box, or, beyond
// them, a layout's extra house by its number.
func houseName(geo *sudoku.Geometry, u int) string {
	if u >= 3*geo.N {
		return fmt.Sprintf("extra house %d", u-3*geo.N+1)
	}
	return geo.UnitName(u)
}

// proof builds the proof of hint h of this search.
func (s *fcSearch) proof(h *fcHint) *ChainProof {
	c := s.c
	p := &ChainProof{Tech: s.mode.tech(), Kind: [...]string{fcDouble: "double", fcCell: "cell", fcRegion: "region", fcContradiction: "contradiction"}[h.kind]}
	switch h.kind {
	case fcCell:
		p.Cell = c.cellOf(h.src)
	case fcRegion:
		p.Unit, p.Digit = h.unit, uint8(c.digitOf0(h.src)+1)
	}
	var sigs []uint64
	for _, t := range h.targets {
		p.Branches = append(p.Branches, c.branchOf(t, s.ctx, &p.Nested, &sigs))
	}
	return p
}

// proof builds the proof of a producer-21 hint from its path.
func (h *chainHint) proof(c *chainer) *ChainProof {
	p := &ChainProof{Tech: h.tech, Kind: "forcing"}
	if h.cycle {
		p.Kind = "cycle"
	}
	var b ChainBranch
	for i, x := range h.path {
		pn := ProofNode{Node: Node{c.candidate(x.key), x.on}, Why: causeName(x.cause), Nested: -1}
		if i > 0 {
			pn.Parents = []int{i - 1}
		}
		b.Nodes = append(b.Nodes, pn)
	}
	p.Branches = []ChainBranch{b}
	return p
}

// explainForcing phrases a forcing-chain step: what is assumed, where each
// branch leads, then the nested chains it relies on, indented.
func explainForcing(s *Step, g *Grid) string {
	if s.Proof == nil {
		return explainGeneric(s, g)
	}
	var sb strings.Builder
	writeProof(&sb, s.Proof, g.Geo, "")
	sb.WriteString("so: ")
	sb.WriteString(resultText(s, g.Geo))
	return sb.String()
}

// writeProof writes p: a line on what is tried, a line per branch, then
// the nested chains one level deeper, each on a line naming it and what it
// tries ("nested chain 2, Dynamic Forcing Chain: assume r9c2=2: ...").
func writeProof(sb *strings.Builder, p *ChainProof, geo *sudoku.Geometry, indent string) {
	sb.WriteString(indent)
	if h := proofHead(p, geo); h != "" {
		sb.WriteString(h)
	} else {
		sb.WriteString(techName(p.Tech) + ":")
	}
	sb.WriteByte('\n')
	writeProofBody(sb, p, geo, indent)
}

// nodeText names a node: r1c2=3 (on) or r1c2≠3 (off).
func nodeText(geo *sudoku.Geometry, n Node) string {
	if n.On {
		return fmt.Sprintf("%s=%s", geo.CellName(n.Cell), sym(n.Digit))
	}
	return fmt.Sprintf("%s≠%s", geo.CellName(n.Cell), sym(n.Digit))
}

// proofHead says what a proof tries; "" for a producer-21 chain or cycle
// (its path says it).
func proofHead(p *ChainProof, geo *sudoku.Geometry) string {
	switch p.Kind {
	case "contradiction":
		a := p.Branches[0].Nodes[0].Node
		b := p.Branches[0]
		c := b.Nodes[len(b.Nodes)-1].Node
		return fmt.Sprintf("assume %s: it leads to a contradiction (%s %s is both true and false)", nodeText(geo, a), geo.CellName(c.Cell), sym(c.Digit))
	case "double":
		a := p.Branches[0].Nodes[0].Node
		return fmt.Sprintf("%s %s is true or false, and both lead to the same conclusion", geo.CellName(a.Cell), sym(a.Digit))
	case "cell":
		return fmt.Sprintf("each candidate of %s leads to the same conclusion", geo.CellName(p.Cell))
	case "region":
		return fmt.Sprintf("each place of %s in %s leads to the same conclusion", sym(p.Digit), houseName(geo, p.Unit))
	}
	return ""
}

// writeProofBody writes p's branches and nested chains.
func writeProofBody(sb *strings.Builder, p *ChainProof, geo *sudoku.Geometry, indent string) {
	nt := func(n Node) string { return nodeText(geo, n) }
	for _, b := range p.Branches {
		sb.WriteString(indent)
		sb.WriteString("  ")
		writeBranch(sb, b, nt)
		sb.WriteByte('\n')
		if w := sideReasons(b, nt); w != "" {
			fmt.Fprintf(sb, "%s    where %s\n", indent, w)
		}
	}
	for i, n := range p.Nested {
		fmt.Fprintf(sb, "%s  nested chain %d, %s:", indent, i+1, techName(n.Tech))
		if h := proofHead(n, geo); h != "" {
			sb.WriteString(" " + h)
		}
		sb.WriteByte('\n')
		writeProofBody(sb, n, geo, indent+"  ")
	}
}

// writeBranch writes a branch as the path from its assumption to its
// conclusion along first parents; a step that also needs other removed
// candidates (or a nested chain) says so.
func writeBranch(sb *strings.Builder, b ChainBranch, nodeText func(Node) string) {
	if len(b.Nodes) == 0 {
		return
	}
	var path []int
	for i := len(b.Nodes) - 1; ; {
		path = append(path, i)
		if len(b.Nodes[i].Parents) == 0 {
			break
		}
		i = b.Nodes[i].Parents[0]
	}
	for j := len(path) - 1; j >= 0; j-- {
		n := b.Nodes[path[j]]
		if j < len(path)-1 {
			sb.WriteString(" → ")
		} else {
			sb.WriteString("if ")
		}
		sb.WriteString(nodeText(n.Node))
		var why []string
		switch {
		case n.Nested >= 0:
			why = append(why, fmt.Sprintf("by nested chain %d", n.Nested+1))
		case n.Why == "nested" && j < len(path)-1:
			why = append(why, "by a nested chain")
		case n.Why != "" && j < len(path)-1:
			why = append(why, n.Why)
		}
		if len(n.Parents) > 1 {
			var also []string
			for _, q := range n.Parents[1:] {
				also = append(also, nodeText(b.Nodes[q].Node))
			}
			why = append(why, "given "+strings.Join(also, ", "))
		}
		if len(why) > 0 {
			sb.WriteString(" (" + strings.Join(why, "; ") + ")")
		}
	}
}

// sideReasons names, for the removed candidates a branch's path takes as
// given that an advanced rule or a nested chain removed inside the branch
// (off the path), what removed them: "r4c8≠1 by nested chain 2, r5c6≠1
// by Naked Pair". Candidates removed by plain links are left to the
// reader.
func sideReasons(b ChainBranch, nodeText func(Node) string) string {
	if len(b.Nodes) == 0 {
		return ""
	}
	onPath := make([]bool, len(b.Nodes))
	for i := len(b.Nodes) - 1; ; {
		onPath[i] = true
		if len(b.Nodes[i].Parents) == 0 {
			break
		}
		i = b.Nodes[i].Parents[0]
	}
	var out []string
	listed := make([]bool, len(b.Nodes))
	for i, n := range b.Nodes {
		if !onPath[i] {
			continue
		}
		for _, q := range n.Parents[min(1, len(n.Parents)):] {
			m := b.Nodes[q]
			if onPath[q] || listed[q] || len(m.Parents) == 0 {
				continue
			}
			var why string
			switch {
			case m.Nested >= 0:
				why = fmt.Sprintf("nested chain %d", m.Nested+1)
			case m.Why == "nested":
				why = "a nested chain"
			case m.Why == "" || m.Why == "cell" || m.Why == "box" || m.Why == "row" || m.Why == "column":
				continue
			default:
				why = m.Why
			}
			listed[q] = true
			out = append(out, nodeText(m.Node)+" by "+why)
		}
	}
	return strings.Join(out, ", ")
}
