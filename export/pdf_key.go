package export

// keyInset keeps the answer key's rows this far inside the content width
// at each end (planKey), points: half the widest outer border a board
// draws (a sudoku's thick line, at most 2.2 pt), which is stroked centred
// on the board's edge, so the first and last boards of a row keep their
// borders inside the page's margins. The gaps between slots (keyGap, 14
// pt) absorb it: as many solutions fit a row as before.
const keyInset = 1.1

// drawKey draws the answer key from page keyStart: solutions in book
// order, many per page, each labelled with its puzzle's number and the
// page the puzzle is on. The running head names the sections on the page.
func (l *bookLayout) drawKey(c *Canvas) {
	for _, kind := range l.kinds() {
		if b, _ := boardFor(kind); b.PrepareKey != nil {
			b.PrepareKey(c, l.ofKind(kind), 0)
		}
	}
	title := l.tr.Text("book.key.title")
	for i, kp := range l.keyPages {
		page := l.keyStart + i
		l.newPage(c, page, l.keyHead(c, title, kp.secs))
		if i == 0 {
			c.pdf.Bookmark(title, 0, 0)
		}
		if len(l.sections) > 1 {
			for si := range l.sections {
				if l.secKeyStart[si] == page {
					c.pdf.Bookmark(l.sectionName(si), 1, 0)
				}
			}
		}
		for _, e := range kp.entries {
			sp := l.keySpecs[e.keySpec]
			x, y, side := l.keyBoard(e)
			b, _ := boardFor(e.r.Kind)
			b.Draw(c, e.r, true, x, y, side)
			lbl := c.fit(l.keyLabelText(e.sec, e.num, e.page), false, l.keyLabel, sp.slotW)
			w := c.TextWidth(false, l.keyLabel, lbl)
			c.pdf.SetTextColor(0, 0, 0)
			c.Text(false, l.keyLabel, e.keyX+(sp.slotW-w)/2, e.keyY+sp.height+labelGap+l.keyLabel, lbl)
		}
	}
}

// keyHead is the running head of a key page holding the solutions of
// sections secs: "Solutions: Sudoku: Easy, Sudoku: Medium and X-Sudoku:
// Hard". When that is too long for the line, a kind's sections are named
// once with their tiers ("Solutions: Sudoku: Easy, Medium and Hard, and
// X-Sudoku: Hard"); when that is still too long, the head is the key's
// title alone, never a list cut short.
func (l *bookLayout) keyHead(c *Canvas, title string, secs []int) string {
	if len(l.sections) <= 1 {
		return title
	}
	var names []string
	for _, s := range secs {
		names = append(names, l.sectionName(s))
	}
	head := l.tr.Text("book.key.head", "sections", l.tr.List(names))
	switch {
	case l.headFits(c, head):
		return head
	case l.groups() == 1: // every section is named by its tier alone already
		return title
	}
	names = names[:0]
	for i := 0; i < len(secs); {
		s := l.sections[secs[i]]
		j := i + 1
		for j < len(secs) && sameGroup(l.sections[secs[j]], s) && l.sections[secs[j]].Tier != "" {
			j++
		}
		if j == i+1 || s.Tier == "" {
			names = append(names, l.sectionName(secs[i]))
			i++
			continue
		}
		var tiers []string
		for _, t := range secs[i:j] {
			tiers = append(tiers, l.tierName(l.sections[t].Tier))
		}
		names = append(names, l.tr.Text("book.section", "kind", l.groupTitle(s), "tier", l.tr.List(tiers)))
		i = j
	}
	if head = l.tr.Text("book.key.head", "sections", l.tr.List(names)); l.headFits(c, head) {
		return head
	}
	return title
}

// sameGroup reports whether sections a and b are of one kind of puzzle:
// the same kind and section title (groups).
func sameGroup(a, b bookSection) bool { return a.Kind == b.Kind && a.Title == b.Title }

// headFits reports whether head fits a running head's line.
func (l *bookLayout) headFits(c *Canvas, head string) bool {
	return c.TextWidth(false, l.smallText(), head) <= l.contentW
}
