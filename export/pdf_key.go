package export

import "strings"

// drawKey draws the answer key from page keyStart: solutions in book
// order, many per page, each labelled with its puzzle's number and the
// page the puzzle is on. The running head names the sections on the page.
func (l *bookLayout) drawKey(c *Canvas) {
	for _, kind := range l.kinds() {
		if b, _ := boardFor(kind); b.PrepareKey != nil {
			b.PrepareKey(c, l.ofKind(kind), l.keySide)
		}
	}
	for i, kp := range l.keyPages {
		page := l.keyStart + i
		head := "Solutions"
		if len(l.sections) > 1 {
			var names []string
			for _, s := range kp.secs {
				names = append(names, TierTitle(l.sections[s].Tier))
			}
			head += ": " + strings.Join(names, ", ")
		}
		l.newPage(c, page, head)
		if i == 0 {
			c.pdf.Bookmark("Solutions", 0, 0)
		}
		if len(l.sections) > 1 {
			for si := range l.sections {
				if l.secKeyStart[si] == page {
					c.pdf.Bookmark(TierTitle(l.sections[si].Tier), 1, 0)
				}
			}
		}
		for _, e := range kp.entries {
			x, y, sx := l.keySlot(page, e.keyCol, e.keyRow)
			b, _ := boardFor(e.r.Kind)
			b.Draw(c, e.r, true, x, y, l.keySide)
			lbl := l.keyLabelText(e.sec, e.num, e.page)
			c.pdf.SetFont(FontRegular, "", l.keyLabel)
			c.pdf.SetTextColor(0, 0, 0)
			lbl = fitText(c.pdf, lbl, l.keySlotW)
			w := c.pdf.GetStringWidth(lbl)
			c.pdf.Text(sx+(l.keySlotW-w)/2, y+l.keySide+labelGap+l.keyLabel, lbl)
		}
	}
}
