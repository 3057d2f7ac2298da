package main

// A narrow desktop window (a browser beside another window), whose
// scrollbar takes room from the page where a phone's floats over it: the
// board must fit the page beside the scrollbar. Sized by the viewport's
// width, scrollbar included (100vw), a 9x9 board at 390 px ran under the
// scrollbar, its right border cut off, and the page scrolled sideways.
// The shared test browser hides scrollbars (chromedp's default), so this
// test starts one that shows them.

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/chromedp/chromedp"
)

// playNarrowWindow is TestPlayPage's "narrow window" subtest, with a
// browser of its own (scrollbars shown).
func playNarrowWindow(t *testing.T) {
	path := chromiumPath()
	if path == "" {
		skipOrFail(t, "play page browser tests skipped: chromium not found")
	}
	page := filepath.Join(t.TempDir(), "p.html")
	corpus := filepath.Join("testdata", "swbook", "kinds.jsonl")
	if code, _, errOut := runCLI(t, "", "export", corpus, "-q", "-o", page); code != 0 {
		t.Fatalf("export: %s", errOut)
	}
	// headless without chromedp.Headless's hide-scrollbars: the page
	// shows a scrollbar, as a desktop browser does
	actx, cancelA := chromedp.NewExecAllocator(context.Background(),
		chromedp.ExecPath(path), chromedp.Flag("headless", true), chromedp.NoSandbox, chromedp.DisableGPU,
		chromedp.NoFirstRun, chromedp.NoDefaultBrowserCheck,
		chromedp.Flag("host-resolver-rules", "MAP * ~NOTFOUND"),
		chromedp.UserDataDir(t.TempDir()), chromedp.Env("TMPDIR="+t.TempDir()))
	defer cancelA()
	bctx, cancel := chromedp.NewContext(actx)
	defer cancel()
	// the first action starts the browser and binds its life to bctx
	if err := chromedp.Do(bctx); err != nil {
		skipOrFail(t, "play page browser tests skipped: chromium (%s) cannot start: %v", path, err)
	}
	for _, w := range []int64{390, 480} {
		for _, id := range []string{"s9-0000000", "samurai-9-0000000", "k6-0000000"} {
			ctx, stop := context.WithTimeout(bctx, playDeadline)
			err := chromedp.Do(ctx, chromedp.EmulateViewport(w, 800), chromedp.Navigate("file://"+page+"#play="+id))
			var got string
			if err == nil {
				got, err = chromedp.Run(ctx, chromedp.Evaluate[string](`(async () => {
  while (!(document.body.dataset.ready === 'board')) await new Promise(r => setTimeout(r, 20));
  const d = document.documentElement, w = d.clientWidth, out = [];
  if (innerWidth - w < 1) return 'no scrollbar';
  if (d.scrollWidth > w + 1) out.push('page ' + d.scrollWidth + ' px wide beside ' + w + ' px');
  const r = document.getElementById('board').getBoundingClientRect();
  if (r.right > w + 0.5) out.push('board spans ' + Math.round(r.left) + '..' + Math.round(r.right) + ' px');
  return out.join(', ');
})()`, chromedp.EvalAwaitPromise))
			}
			stop()
			if err != nil {
				t.Fatalf("%s at %d px: %v", id, w, err)
			}
			if got != "" {
				t.Errorf("%s in a %d px window: %s", id, w, got)
			}
		}
	}
}
