package export

import (
	"archive/zip"
	"bytes"
	"compress/flate"
	"fmt"
	"hash/crc32"
	"io"
	"io/fs"
	"os"
	"regexp"
	"sort"

	"github.com/sudogen/sudogen/internal/outfile"
)

// sortedZip is the zip writer a workbook is written through. excelize
// writes a workbook's parts in map order, and lists the default content
// types in map order too, so two runs gave different bytes. sortedZip
// compresses each part as it comes (deflate's fastest level: at the
// default level the zip took half the CPU of a big workbook, for a file a
// fifth smaller) into an unlinked temporary file, and on Close writes the
// parts in a fixed order: [Content_Types].xml, _rels/.rels, then by name,
// with the content types' defaults sorted. Memory stays flat however big
// the sheets are.
type sortedZip struct {
	w       io.Writer
	spool   *os.File
	off     int64
	entries []*zipEntry
	cur     *zipEntry
	fw      *flate.Writer
	err     error
}

type zipEntry struct {
	name       string
	off, n     int64 // compressed bytes in the spool
	crc        uint32
	size       uint64
	contentXML *bytes.Buffer // [Content_Types].xml, kept whole to sort
}

func newSortedZip(w io.Writer) *sortedZip { return &sortedZip{w: w} }

const contentTypesName = "[Content_Types].xml"

// Create starts the part name; the returned writer takes its bytes.
func (z *sortedZip) Create(name string) (io.Writer, error) {
	if err := z.finishEntry(); err != nil {
		return nil, err
	}
	if z.spool == nil {
		f, err := os.CreateTemp("", "sudogen-xlsx-zip-*")
		if err != nil {
			return nil, fmt.Errorf("temporary file: %s", outfile.Reason(err))
		}
		os.Remove(f.Name()) // unlinked: gone when closed, even after a crash
		z.spool = f
	}
	e := &zipEntry{name: name, off: z.off}
	z.cur = e
	z.entries = append(z.entries, e)
	if name == contentTypesName {
		e.contentXML = &bytes.Buffer{}
		return e.contentXML, nil
	}
	if z.fw == nil {
		fw, err := flate.NewWriter(spoolWriter{z}, flate.BestSpeed)
		if err != nil {
			return nil, err
		}
		z.fw = fw
	} else {
		z.fw.Reset(spoolWriter{z})
	}
	return entryWriter{z, e}, nil
}

// spoolWriter appends compressed bytes to the spool.
type spoolWriter struct{ z *sortedZip }

func (s spoolWriter) Write(p []byte) (int, error) {
	n, err := s.z.spool.Write(p)
	s.z.off += int64(n)
	return n, err
}

// entryWriter takes a part's bytes: CRC, size, then the compressor.
type entryWriter struct {
	z *sortedZip
	e *zipEntry
}

func (w entryWriter) Write(p []byte) (int, error) {
	w.e.crc = crc32.Update(w.e.crc, crc32.IEEETable, p)
	w.e.size += uint64(len(p))
	return w.z.fw.Write(p)
}

// finishEntry closes the compressed stream of the part being written.
func (z *sortedZip) finishEntry() error {
	e := z.cur
	z.cur = nil
	if e == nil || e.contentXML != nil {
		return nil
	}
	if err := z.fw.Close(); err != nil {
		return err
	}
	e.n = z.off - e.off
	return nil
}

// AddFS adds every file of fsys (excelize calls it only for files added
// that way; kept for the interface).
func (z *sortedZip) AddFS(fsys fs.FS) error {
	return fs.WalkDir(fsys, ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := fs.ReadFile(fsys, path)
		if err != nil {
			return err
		}
		w, err := z.Create(path)
		if err != nil {
			return err
		}
		_, err = w.Write(b)
		return err
	})
}

// zipOrder ranks a part: the content types first, the package
// relationships next (as Office writes them), the rest by name.
func zipOrder(name string) int {
	switch name {
	case contentTypesName:
		return 0
	case "_rels/.rels":
		return 1
	}
	return 2
}

// defaultType matches one <Default .../> (or <Default ...></Default>)
// element of the content types.
var defaultType = regexp.MustCompile(`<Default [^>]*?(/>|></Default>)`)

// sortContentTypes sorts the <Default> elements of [Content_Types].xml,
// which excelize writes in map order; the overrides keep their order.
func sortContentTypes(b []byte) []byte {
	locs := defaultType.FindAllIndex(b, -1)
	if len(locs) < 2 {
		return b
	}
	// The defaults must be one run of adjacent elements to be reordered
	// in place.
	for i := 1; i < len(locs); i++ {
		if locs[i][0] != locs[i-1][1] {
			return b
		}
	}
	elems := make([]string, len(locs))
	for i, l := range locs {
		elems[i] = string(b[l[0]:l[1]])
	}
	sort.Strings(elems)
	var out bytes.Buffer
	out.Write(b[:locs[0][0]])
	for _, e := range elems {
		out.WriteString(e)
	}
	out.Write(b[locs[len(locs)-1][1]:])
	return out.Bytes()
}

// Close writes the zip: every part, in order, then the directory.
func (z *sortedZip) Close() error {
	if z.spool != nil {
		defer z.spool.Close()
	}
	if err := z.finishEntry(); err != nil {
		return err
	}
	sort.SliceStable(z.entries, func(i, j int) bool {
		a, b := z.entries[i], z.entries[j]
		if oa, ob := zipOrder(a.name), zipOrder(b.name); oa != ob {
			return oa < ob
		}
		return a.name < b.name
	})
	zw := zip.NewWriter(z.w)
	zw.RegisterCompressor(zip.Deflate, func(out io.Writer) (io.WriteCloser, error) {
		return flate.NewWriter(out, flate.BestSpeed)
	})
	for _, e := range z.entries {
		if e.contentXML != nil {
			w, err := zw.CreateHeader(&zip.FileHeader{Name: e.name, Method: zip.Deflate})
			if err != nil {
				return err
			}
			if _, err := w.Write(sortContentTypes(e.contentXML.Bytes())); err != nil {
				return err
			}
			continue
		}
		w, err := zw.CreateRaw(&zip.FileHeader{Name: e.name, Method: zip.Deflate,
			CRC32: e.crc, CompressedSize64: uint64(e.n), UncompressedSize64: e.size})
		if err != nil {
			return err
		}
		if _, err := io.Copy(w, io.NewSectionReader(z.spool, e.off, e.n)); err != nil {
			return fmt.Errorf("temporary file: %v", err)
		}
	}
	return zw.Close()
}
