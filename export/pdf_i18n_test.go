package export

import (
	"bytes"
	"encoding/binary"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/sfnt"

	"github.com/sudogen/sudogen/internal/i18n"
	"github.com/sudogen/sudogen/sudoku"
)

// cjkFontPath is the CJK TrueType font the tests use, from Debian's
// fonts-droid-fallback (.ci/run installs it).
const cjkFontPath = "/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf"

// cjkFont loads the test CJK font, skipping (failing under CI) without it.
func cjkFont(t *testing.T) *Font {
	t.Helper()
	if _, err := os.Stat(cjkFontPath); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("%s missing (apt-get install -y fonts-droid-fallback)", cjkFontPath)
		}
		t.Skipf("%s missing (apt-get install -y fonts-droid-fallback)", cjkFontPath)
	}
	f, err := LoadFont(cjkFontPath)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// TestPDFLanguages writes a small book in every language and reads its
// words back with pdftotext: the contents title, the section names and
// the key's title of the language's table, and no English words of the
// front matter (Chinese and Japanese with the CJK font).
func TestPDFLanguages(t *testing.T) {
	needTool(t, "pdftotext")
	recs := makeRecords(t, sudoku.Shape4, 6)
	dir := t.TempDir()
	english := []string{"Contents", "How to play", "Solutions", "puzzles", "Easy", "page"}
	for _, lang := range i18n.Languages() {
		t.Run(lang, func(t *testing.T) {
			tr := i18n.Get(lang)
			o := DefaultBookOptions()
			o.Lang = lang
			if strings.HasPrefix(lang, "zh") || lang == "ja" {
				o.Font = cjkFont(t)
			}
			path := filepath.Join(dir, lang+".pdf")
			if _, err := WritePDFFiles(path, recs, o); err != nil {
				t.Fatal(err)
			}
			pages := pdfPages(t, path)
			all := squash(strings.Join(pages, " "))
			for _, k := range []string{"book.contents.title", "book.rules.title", "book.key.title", "book.tier.easy", "book.tier.expert", "book.sudoku.example_solution"} {
				if w := tr.Text(k); !strings.Contains(all, w) {
					t.Errorf("book lacks %s %q", k, w)
				}
			}
			if w := tr.Plural("book.count.sudoku", 6); !strings.Contains(squash(pages[0]), w) {
				t.Errorf("title page lacks %q:\n%s", w, pages[0])
			}
			if lang == "en" {
				return
			}
			front := squash(strings.Join(pages[:4], " "))
			for _, w := range english {
				if regexp.MustCompile(`\b`+w+`\b`).MatchString(front) && !strings.Contains(tr.Text("book.key.title"), w) && !(lang == "fr" && w == "page") {
					t.Errorf("front matter has the English %q:\n%s", w, front)
				}
			}
		})
	}
}

// TestPDFChineseFont: a Chinese book with a title in Chinese sets its
// text in the user's font, embedded as a tagged subset, and the text
// reads back; the puzzle digits stay in Go Regular.
func TestPDFChineseFont(t *testing.T) {
	needTool(t, "pdffonts")
	needTool(t, "pdftotext")
	font := cjkFont(t)
	o := DefaultBookOptions()
	o.Lang, o.Font, o.Title, o.Author = "zh-CN", font, "数独挑战：专家级", "李明"
	path := filepath.Join(t.TempDir(), "zh.pdf")
	if _, err := WritePDFFiles(path, makeRecords(t, sudoku.Shape9, 5), o); err != nil {
		t.Fatal(err)
	}
	fonts := run(t, "pdffonts", path)
	if !regexp.MustCompile(`(?m)^[A-Z]{6}\+DroidSansFallback\s+CID TrueType\s+Identity-H\s+yes\s+yes\s+yes`).MatchString(fonts) ||
		!regexp.MustCompile(`(?m)^[A-Z]{6}\+GoRegular\s`).MatchString(fonts) {
		t.Errorf("pdffonts: want DroidSansFallback and GoRegular embedded as subsets:\n%s", fonts)
	}
	pages := pdfPages(t, path)
	if p := squash(pages[0]); !strings.Contains(p, "数独挑战：专家级") || !strings.Contains(p, "李明") || !strings.Contains(p, "5道数独") {
		t.Errorf("title page: %q", p)
	}
	if p := squash(pages[1]); !strings.Contains(p, "李明 著") || !strings.Contains(p, "本书每道谜题都有唯一解。") {
		t.Errorf("copyright page: %q", p)
	}
	info, _ := os.ReadFile(path)
	if len(info) > 400<<10 {
		t.Errorf("%d bytes: the CJK font is not subset", len(info))
	}
	// The font file holds one font: its subset in the PDF is a fraction.
	if fi, err := os.Stat(cjkFontPath); err == nil && int64(len(info)) >= fi.Size()/4 {
		t.Errorf("book %d bytes, font %d: not subset", len(info), fi.Size())
	}
}

// TestFontFiles: what --font accepts and what it refuses, in one line.
func TestFontFiles(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, data []byte) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	cff := append([]byte("OTTO\x00\x01\x00\x00\x00\x00\x00\x00"), make([]byte, 64)...)
	for _, c := range []struct {
		name string
		data []byte
		want string
	}{
		{"a.otf", cff, "an OpenType font with CFF (PostScript) outlines, which the PDF library (go-pdf/fpdf) cannot embed"},
		{"a.woff", append([]byte("wOFF"), make([]byte, 64)...), "a web font (WOFF)"},
		{"a.txt", []byte("hello, this is not a font at all\n"), "not a TrueType or OpenType font"},
		{"short.ttf", []byte("ab"), "too short for a font file"},
		{"cut.ttf", goregular.TTF[:4000], "runs past the end of the file"},
		{"cffs.ttc", ttc(cff), "CFF (PostScript) outlines"},
	} {
		_, err := LoadFont(write(c.name, c.data))
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.HasPrefix(err.Error(), filepath.Join(dir, c.name)+": ") {
			t.Errorf("%s: %v, want %q", c.name, err, c.want)
		}
	}
	if _, err := LoadFont(filepath.Join(dir, "none.ttf")); err == nil || !strings.Contains(err.Error(), "no such file") {
		t.Errorf("missing file: %v", err)
	}
	// A collection: its first font is taken out, whole and readable.
	f, err := LoadFont(write("go.ttc", ttc(goregular.TTF)))
	if err != nil {
		t.Fatal(err)
	}
	if f.Name != "GoRegular" || !f.Has('Ж') || f.Has('数') {
		t.Errorf("ttc: name %q, has Ж %v, has 数 %v", f.Name, f.Has('Ж'), f.Has('数'))
	}
	if _, err := sfnt.Parse(f.TTF()); err != nil {
		t.Errorf("the extracted font does not parse: %v", err)
	}
	// And a book embeds it.
	o := DefaultBookOptions()
	o.Font = f
	if err := WritePDF(io.Discard, makeRecords(t, sudoku.Shape4, 2), o); err != nil {
		t.Error(err)
	}
}

// ttc wraps a font file as a collection of one font: the "ttcf" header,
// then the font with its table offsets moved past the header.
func ttc(font []byte) []byte {
	const head = 16
	out := []byte("ttcf\x00\x01\x00\x00\x00\x00\x00\x01\x00\x00\x00\x10")
	f := bytes.Clone(font)
	if len(f) >= 12 {
		n := int(binary.BigEndian.Uint16(f[4:]))
		for i := 0; i < n && 12+16*i+16 <= len(f); i++ {
			rec := f[12+16*i:]
			binary.BigEndian.PutUint32(rec[8:], binary.BigEndian.Uint32(rec[8:])+head)
		}
	}
	return append(out, f...)
}

// TestPlainZero: the built-in faces' zero has two contours (outline and
// one counter: no slash), still fits its old box, and no other glyph
// changed; the mono face keeps its slashed zero.
func TestPlainZero(t *testing.T) {
	regular, _, mono := BuiltinFonts()
	old, _ := sfnt.Parse(goregular.TTF)
	cs, _, err := contours(regular.sf, '0')
	if err != nil {
		t.Fatal(err)
	}
	if len(cs) != 2 {
		t.Errorf("zero has %d contours, want 2", len(cs))
	}
	was, _, _ := contours(old, '0')
	if len(was) != 3 {
		t.Errorf("Go Regular's own zero has %d contours: the test's premise changed", len(was))
	}
	ox0, oy0, ox1, oy1 := onBounds(was[0])
	nx0, ny0, nx1, ny1 := onBounds(cs[0])
	if ox0 != nx0 || oy0 != ny0 || ox1 != nx1 || oy1 != ny1 {
		t.Errorf("outline box %v, was %v", []int{nx0, ny0, nx1, ny1}, []int{ox0, oy0, ox1, oy1})
	}
	for _, r := range "123456789ABCDEFGOo" {
		a, _, _ := contours(old, r)
		b, _, _ := contours(regular.sf, r)
		if !reflect.DeepEqual(a, b) {
			t.Errorf("glyph %q changed", r)
		}
	}
	if m, _, _ := contours(mono.sf, '0'); len(m) < 3 {
		t.Errorf("Go Mono's zero has %d contours: its slash is gone", len(m))
	}
	if regular.Width("0") != regular.Width("1") {
		t.Errorf("zero %.3f wide, one %.3f: digits must keep one width", regular.Width("0"), regular.Width("1"))
	}
}

// TestWrapText: Latin text breaks at spaces; Chinese and Japanese between
// characters, never before a closing mark or after an opening one.
func TestWrapText(t *testing.T) {
	width := func(s string) float64 { return float64(len([]rune(s))) }
	for _, c := range []struct {
		text string
		w    float64
		want []string
	}{
		{"the quick brown fox", 10, []string{"the quick", "brown fox"}},
		{"a\nb c", 10, []string{"a", "b c"}},
		{"abcdefghijkl", 5, []string{"abcde", "fghij", "kl"}},
		{"本书每道谜题都有唯一解。", 5, []string{"本书每道谜", "题都有唯一", "解。"}}, // 。 never starts a line
		{"答案（附页）在后面", 4, []string{"答案（附", "页）在后", "面"}},       // （ never ends one, ） never starts one
		{"一二三（四五", 4, []string{"一二三", "（四五"}},
		{"数独：填入数字", 2, []string{"数", "独：", "填入", "数字"}},
		{"Sudoku Explainer 评分", 9, []string{"Sudoku", "Explainer", "评分"}},
		{"", 5, []string{""}},
	} {
		if got := wrapText(c.text, c.w, width); !reflect.DeepEqual(got, c.want) {
			t.Errorf("wrap(%q, %g) = %q, want %q", c.text, c.w, got, c.want)
		}
	}
}

// TestWrapTitle: a Chinese or Japanese title breaks after the commas of
// its list, not inside a word, when that takes no more lines ("キ|ラー数独"
// on the Japanese title page, "杀|手数独" on the Chinese cover); otherwise,
// and in other languages, it wraps as wrapText does.
func TestWrapTitle(t *testing.T) {
	width := func(s string) float64 { return float64(len([]rune(s))) }
	for _, c := range []struct {
		text string
		w    float64
		want []string
	}{
		{"数独、スライドパズル、キラー数独、変形数独", 12, []string{"数独、スライドパズル、", "キラー数独、変形数独"}},
		// the commas' breaks take a line more ("数独、", "スライドパズル、",
		// "キラー数独、", "変形数独"): as wrapText
		{"数独、スライドパズル、キラー数独、変形数独", 9, []string{"数独、スライドパズ", "ル、キラー数独、変", "形数独"}},
		{"数独、数字华容道、杀手数独和变型数独", 10, []string{"数独、数字华容道、", "杀手数独和变型数独"}},
		{"數獨、數字推盤、殺手數獨和變形數獨", 11, []string{"數獨、數字推盤、", "殺手數獨和變形數獨"}},
		// a phrase wider than a line: as wrapText
		{"数独、数字华容道杀手数独", 6, []string{"数独、数字华", "容道杀手数独"}},
		// the commas' breaks take a line more: as wrapText
		{"数独、数字华容道、杀手", 7, []string{"数独、数字华容", "道、杀手"}},
		{"Sudoku, Sliding Puzzles, Killer Sudoku", 16, []string{"Sudoku, Sliding", "Puzzles, Killer", "Sudoku"}},
		{"数独\n数字华容道、杀手数独", 8, []string{"数独", "数字华容道、", "杀手数独"}},
		{"数独", 8, []string{"数独"}},
	} {
		if got := wrapTitle(c.text, c.w, width); !reflect.DeepEqual(got, c.want) {
			t.Errorf("wrapTitle(%q, %g) = %q, want %q", c.text, c.w, got, c.want)
		}
	}
}

// TestPDFTitleCJKBreaks: the title page and the cover set a long
// Japanese or Chinese title in lines that end at its list's commas, not
// inside a word (the Japanese title page read "数独、スライドパズル、キ" over
// "ラー数独、変形数独").
func TestPDFTitleCJKBreaks(t *testing.T) {
	recs := makeRecords(t, sudoku.Shape4, 2)
	for _, c := range []struct{ lang, title string }{
		{"ja", "数独、スライドパズル、キラー数独、変形数独"},
		{"zh-Hans", "数独、数字华容道、杀手数独和变型数独"},
	} {
		o := DefaultBookOptions()
		o.Lang, o.Font, o.Title = c.lang, cjkFont(t), c.title
		l := planTest(t, recs, o)
		cv, err := l.newDocument(l.size, 0, 0)
		if err != nil {
			t.Fatal(err)
		}
		cs := l.coverSize()
		for _, b := range []struct {
			where string
			lines []string
		}{
			{"title page", l.titleBlocks(cv, 0, 0)[0].lines},
			{"cover", l.coverTitle(cv, cs.TrimW*72, cs.TrimH*72, coverSafe*72, 1).lines},
		} {
			if len(b.lines) < 2 {
				t.Errorf("%s %s: title in %d line", c.lang, b.where, len(b.lines))
			}
			for _, ln := range b.lines[:len(b.lines)-1] {
				if !strings.HasSuffix(ln, "、") {
					t.Errorf("%s %s: title lines %q: a line ends inside a word", c.lang, b.where, b.lines)
					break
				}
			}
		}
	}
}

// TestSentences: sentences join with a space, but not after a CJK full
// stop.
func TestSentences(t *testing.T) {
	if got := Sentences("One.", "", "Two."); got != "One. Two." {
		t.Errorf("%q", got)
	}
	if got := Sentences("每道题。", "有唯一解。"); got != "每道题。有唯一解。" {
		t.Errorf("%q", got)
	}
}
