package export

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"codeberg.org/go-pdf/fpdf"
)

// TestCompressStreams: a document fpdf writes uncompressed and the same
// with its page streams compressed here read the same (pdftotext), the
// second passes qpdf --check and is smaller, and every page stream in it
// is compressed; a file that is not fpdf's is refused, not mangled.
func TestCompressStreams(t *testing.T) {
	needTool(t, "qpdf")
	needTool(t, "pdftotext")
	pdf := fpdf.NewCustom(&fpdf.InitType{UnitStr: "pt", Size: fpdf.SizeType{Wd: 300, Ht: 300}})
	pdf.SetCompression(false)
	if err := addFonts(pdf, nil); err != nil {
		t.Fatal(err)
	}
	for p := 1; p <= 5; p++ {
		pdf.AddPage()
		pdf.SetFont(FontRegular, "", 12)
		for i := 0; i < 12; i++ {
			pdf.Text(20, float64(20+20*i), strings.Repeat("page "+itoa(p)+" line "+itoa(i)+" ", 2))
		}
	}
	var raw bytes.Buffer
	if err := pdf.Output(&raw); err != nil {
		t.Fatal(err)
	}
	comp, err := compressStreams(bytes.Clone(raw.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	a, b := filepath.Join(dir, "raw.pdf"), filepath.Join(dir, "comp.pdf")
	os.WriteFile(a, raw.Bytes(), 0o644)
	os.WriteFile(b, comp, 0o644)
	run(t, "qpdf", "--check", b)
	if ta, tb := run(t, "pdftotext", a, "-"), run(t, "pdftotext", b, "-"); ta != tb || !strings.Contains(tb, "page 5 line 11") {
		t.Errorf("text differs:\n%s\n---\n%s", ta, tb)
	}
	if len(comp) >= raw.Len() || bytes.Contains(comp, []byte("<</Length ")) && bytes.Contains(comp, []byte("BT ")) {
		t.Errorf("compressed %d bytes, raw %d; plain page streams left: %v", len(comp), raw.Len(), bytes.Contains(comp, []byte("BT ")))
	}
	if n := bytes.Count(comp, []byte("<</Filter /FlateDecode /Length ")); n < 5 {
		t.Errorf("%d compressed streams, want the 5 pages", n)
	}
	for _, bad := range [][]byte{[]byte("%PDF-1.4\nno xref\n"), []byte("startxref\n99999\n%%EOF\n")} {
		if _, err := compressStreams(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}
