package main

// Browser tests of the play page's languages: the browser's language
// picks the page's, --lang fixes it, and in every language every word
// the player meets (list, board, hint levels, dialogs, glossary) is
// filled in, with no key or placeholder left.

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	"github.com/sudogen/sudogen/internal/i18n"
)

// acceptLanguage makes the tab's browser speak tags (navigator.languages):
// the tab is then not handed on to another subtest.
func (p *playTab) acceptLanguage(tags string) {
	p.t.Helper()
	p.own = true
	p.do(chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		ua := eval[string](p, `navigator.userAgent`)
		_, err := cdp.Call(ctx, tg, emulation.SetUserAgentOverride, emulation.SetUserAgentOverrideParams{UserAgent: ua, AcceptLanguage: tags})
		return err
	}))
}

// pageWords is every word the page shows now, dialogs included.
const pageWords = `[document.title, document.body.innerText, ...[...document.querySelectorAll('[aria-label]')].map(e => e.getAttribute('aria-label')), ...[...document.querySelectorAll('[title]')].map(e => e.title)].join('\n')`

// leftovers finds a message key or an unfilled placeholder in text.
func leftovers(text string) string {
	for _, bad := range []string{"play.", "techniques.", "{", "}", "undefined", "NaN"} {
		if i := strings.Index(text, bad); i >= 0 {
			return text[max(0, i-40):min(len(text), i+40)]
		}
	}
	return ""
}

// langScreens is the words of the screens a script walked through, and
// the hint levels it reached.
type langScreens struct {
	Words  []string `json:"words"`
	Levels []int    `json:"levels"`
}

func playLangTests(t *testing.T, b *playBrowser, f *playFixture) {
	t.Run("the browser's language", func(t *testing.T) {
		t.Parallel()
		// Each browser language in one tab, its storage cleared in the
		// browser between languages (open): clearing it by a script and
		// a reload took reloads that a rehearsal saw outrun eight times
		// in a row, as "progress survives a reload" did.
		p := b.tab(t)
		for _, c := range []struct{ accept, lang, back string }{
			{"fr-CA,fr", "fr", "← Grilles"},
			{"zh-TW", "zh-Hant", "← 謎題列表"},
			{"zh-CN,zh", "zh-Hans", "← 谜题列表"},
			{"pt-BR", "pt", "← Sudokus"},
			{"ko-KR,ru", "ru", "← К списку"},
			{"ko-KR", "en", "← Puzzles"},
		} {
			p.acceptLanguage(c.accept)
			p.open(f.page, "#play="+f.s9[0].ID)
			if got := eval[string](p, `document.documentElement.lang + ' ' + document.getElementById('back').textContent`); got != c.lang+" "+c.back {
				t.Errorf("browser %s: page %q, want %s %q", c.accept, got, c.lang, c.back)
			}
		}
	})

	t.Run("every language", func(t *testing.T) {
		t.Parallel()
		p := b.tab(t)
		r := f.s9[4]
		p.open(f.page, "")
		for _, l := range i18n.Languages() {
			// the language chosen in Settings; the list, on a phone and
			// in the window, then a board
			p.reloadAfter(fmt.Sprintf(`localStorage.clear(); localStorage.setItem('sudogen1:settings', JSON.stringify({lang: %q})); location.hash = ''`, l))
			if got := eval[string](p, `document.documentElement.lang`); got != l {
				t.Fatalf("settings chose %s, the page is %s", l, got)
			}
			p.waitFor(`document.body.dataset.ready === 'list'`)
			p.listHeadsWhole(l)
			swplay3DailyWhole(p)
			// the words of the list, the board and its three hint levels,
			// then of the dialogs and the glossary: two scripts that wait
			// in the page (a round trip per screen made this the longest
			// browser test)
			seen := eval[langScreens](p, fmt.Sprintf(`(async id => {
  const sleep = () => new Promise(r => setTimeout(r, 20));
  const until = async f => { while (!f()) await sleep(); };
  const words = () => %s;
  const out = {words: [words()], levels: []};
  location.hash = '#play=' + encodeURIComponent(id);
  await until(() => document.body.dataset.ready === 'board' && document.getElementById('board').dataset.key.startsWith(id + '~'));
  const hb = document.getElementById('hintbox');
  const lv = () => hb.hidden ? 0 : +hb.dataset.level;
  for (let want = 1; want <= 3; want++) {
    for (let k = 0; k < 6 && lv() !== want; k++) {
      const before = lv();
      document.getElementById('hint').click();
      for (let w = 0; w < 150 && lv() === before; w++) await sleep();
    }
    out.levels.push(lv());
    out.words.push(words());
  }
  return out;
})(%q)`, pageWords, r.ID))
			if fmt.Sprint(seen.Levels) != "[1 2 3]" {
				t.Fatalf("%s: hint levels %v, want [1 2 3]", l, seen.Levels)
			}
			if l == "zh-Hans" {
				p.shot("zh-hint-3")
			}
			more := eval[[]string](p, fmt.Sprintf(`(async () => {
  const until = async f => { while (!f()) await new Promise(r => setTimeout(r, 20)); };
  const words = () => %s, out = [], dlg = document.getElementById('dlg');
  for (const id of ['settings-btn', 'help-btn']) {
    document.getElementById(id).click();
    await until(() => dlg.open);
    out.push(words());
    document.querySelector('#dlg-buttons button').click();
    await until(() => !dlg.open);
  }
  location.hash = '#glossary';
  await until(() => document.body.dataset.ready === 'glossary');
  out.push(words());
  return out;
})()`, pageWords))
			all := strings.Join(append(seen.Words, more...), "\n")
			if len(seen.Words) != 4 || len(more) != 3 {
				t.Errorf("%s: %d and %d screens read, want 4 and 3", l, len(seen.Words), len(more))
			}
			if bad := leftovers(all); bad != "" {
				t.Errorf("%s: %q", l, bad)
			}
			if got := eval[string](p, `document.documentElement.lang`); got != l {
				t.Errorf("settings chose %s, the page is %s", l, got)
			}
			if l == "zh-Hans" {
				p.shot("zh-glossary")
			}
		}
	})

	t.Run("--lang", func(t *testing.T) {
		page := filepath.Join(t.TempDir(), "ja.html")
		corpus := filepath.Join(filepath.Dir(f.page), "corpus.jsonl")
		if code, _, errOut := runCLI(t, "", "export", corpus, "--lang", "ja", "--no-hints", "-o", page); code != 0 {
			t.Fatalf("export --lang ja: %s", errOut)
		}
		if _, err := os.Stat(page); err != nil {
			t.Fatal(err)
		}
		t.Parallel() // the page is written: the rest runs beside the others
		p := b.tab(t)
		p.acceptLanguage("de-DE")
		p.open(page, "")
		if got, want := eval[string](p, `document.documentElement.lang + ' ' + document.title`), "ja "+i18n.Get("ja").List([]string{"数独", "スライドパズル"}); got != want {
			t.Errorf("--lang ja in a German browser: %q", got)
		}
		p.acceptLanguage("en-US")
	})
}

// listHeadsWhole checks that the list's column heads and status badges
// wrap between words, never inside one, on a 320 px phone, the narrowest
// the layout tests take (what is whole there is whole on a wider one),
// and that the list fits its width; the window is then as before. The
// page's overflow-wrap:anywhere (which keeps a long name from widening a
// phone's page) let the table shrink a column under its head's one word,
// "Wertun|g" at 390 px in German. It runs in each language of "every
// language", on the list that language's reload shows.
func (p *playTab) listHeadsWhole(l string) {
	p.t.Helper()
	const w = 320
	p.do(chromedp.EmulateViewport(w, 700, chromedp.EmulateMobile, chromedp.EmulateScale(2)))
	split := eval[[]string](p, `(() => {
  const out = [];
  for (const e of document.querySelectorAll('.plist th, .plist .badge')) {
    if (!e.offsetParent) continue;
    const walk = document.createTreeWalker(e, NodeFilter.SHOW_TEXT);
    for (let n; (n = walk.nextNode());) {
      // words of the scripts written with spaces between them
      for (const m of n.data.matchAll(/[\p{Script=Latin}\p{Script=Cyrillic}\p{N}]+/gu)) {
        const r = document.createRange();
        r.setStart(n, m.index);
        r.setEnd(n, m.index + m[0].length);
        if (new Set([...r.getClientRects()].filter(b => b.width > 0).map(b => Math.round(b.top))).size > 1) out.push(m[0]);
      }
    }
  }
  return out;
})()`)
	if len(split) > 0 {
		p.t.Errorf("%s at %d px: the list breaks inside %q", l, w, split)
	}
	if msg := p.noSideways(); msg != "" {
		p.t.Errorf("%s list at %d px: %s", l, w, msg)
	}
	p.do(noEmulation())
}
