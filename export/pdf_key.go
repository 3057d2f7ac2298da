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
		head := title
		if len(l.sections) > 1 {
			var names []string
			for _, s := range kp.secs {
				names = append(names, l.sectionName(s))
			}
			head = l.tr.Text("book.key.head", "sections", l.tr.List(names))
		}
		l.newPage(c, page, head)
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
			sp := l.keySpecs[e.sec]
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
