package main

// The list's puzzle names ("Extrême 1", "Hors échelle 1") wrap between
// words on a phone, never inside one: the page's overflow-wrap:anywhere
// let the table shrink the name column under its longest word, and a
// 320 px phone showed "Extrêm" above "e 1" in French.

import (
	"fmt"
	"testing"

	"github.com/chromedp/chromedp"
)

// swplayListNamesWhole shows the list of every kind in several
// languages at 320 px and looks for a name, or the kind under it, laid
// out narrower than its widest word.
func swplayListNamesWhole(t *testing.T, b *playBrowser, corpus string) {
	for _, l := range []string{"en", "fr", "de", "es", "pt", "ru"} {
		t.Run(l, func(t *testing.T) {
			page := swplayPage(t, corpus, l)
			p := b.tab(t)
			p.do(chromedp.EmulateViewport(320, 700, chromedp.EmulateMobile, chromedp.EmulateScale(2)))
			p.open(page, "")
			split := eval[[]string](p, swplayBrokenWordsJS(".plist td a, .plist td .sub"))
			if len(split) > 0 {
				t.Errorf("%s at 320 px: the list breaks inside %q", l, split)
			}
			if msg := p.noSideways(); msg != "" {
				t.Errorf("%s list at 320 px: %s", l, msg)
			}
			p.do(noEmulation())
		})
	}
}

// swplayBrokenWordsJS is a script that lists the texts of the visible
// elements sel matches that are narrower than their widest word (words
// split at spaces, measured in the element's font): a browser that fits
// such a text in its box has broken that word.
func swplayBrokenWordsJS(sel string) string {
	return fmt.Sprintf(`(() => {
  const ctx = document.createElement('canvas').getContext('2d'), out = [];
  for (const e of document.querySelectorAll(%q)) {
    if (!e.offsetParent) continue;
    ctx.font = getComputedStyle(e).font;
    const widest = Math.max(...e.textContent.split(/\s+/).map(w => ctx.measureText(w).width));
    if (e.getBoundingClientRect().width + 0.5 < widest) out.push(e.textContent);
  }
  return out;
})()`, sel)
}
