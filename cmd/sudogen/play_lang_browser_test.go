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

// acceptLanguage makes the tab's browser speak tags (navigator.languages).
func (p *playTab) acceptLanguage(tags string) {
	p.t.Helper()
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

func playLangTests(t *testing.T, b *playBrowser, f *playFixture) {
	t.Run("the browser's language", func(t *testing.T) {
		t.Parallel()
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
		p.acceptLanguage("en-US")
	})

	t.Run("every language", func(t *testing.T) {
		t.Parallel()
		p := b.tab(t)
		r := f.s9[4]
		p.open(f.page, "")
		for _, l := range i18n.Languages() {
			// the language chosen in Settings; the list, then a board
			eval[bool](p, fmt.Sprintf(`localStorage.clear(); localStorage.setItem('sudogen1:settings', JSON.stringify({lang: %q})); location.hash = ''; true`, l))
			p.do(chromedp.Reload())
			p.waitReady()
			var all strings.Builder
			all.WriteString(eval[string](p, pageWords))
			p.play(r.ID)
			for level := 1; level <= 3; level++ {
				p.hint(level)
				all.WriteString(eval[string](p, pageWords))
				if l == "zh-Hans" {
					p.shot(fmt.Sprintf("zh-hint-%d", level))
				}
			}
			for _, dlg := range []string{"#settings-btn", "#help-btn"} {
				p.click(dlg)
				all.WriteString(eval[string](p, pageWords))
				p.click(`#dlg-buttons button`)
			}
			eval[bool](p, `location.hash = '#glossary'; true`)
			p.waitFor(`document.body.dataset.ready === 'glossary'`)
			all.WriteString(eval[string](p, pageWords))
			if bad := leftovers(all.String()); bad != "" {
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
