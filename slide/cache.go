package slide

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/sudogen/sudogen/internal/outfile"
)

// PDBVersion is the format and algorithm version of cached pattern
// databases. It is part of the file name and of the header; bump it when
// either changes, and old files are ignored and rebuilt.
const PDBVersion = 1

// pdbMagic starts every cache file.
const pdbMagic = "SGSLPDB\x00"

// CacheDirEnv names the environment variable that overrides the cache
// folder (default: os.UserCacheDir()/sudogen).
const CacheDirEnv = "SUDOGEN_CACHE_DIR"

// DefaultCacheDir returns the folder for cached tables: $SUDOGEN_CACHE_DIR
// if set, else the user cache folder plus "sudogen". It returns "" when
// neither is available (tables are then built in memory each run).
func DefaultCacheDir() string {
	if d := os.Getenv(CacheDirEnv); d != "" {
		return d
	}
	d, err := os.UserCacheDir()
	if err != nil {
		return ""
	}
	return filepath.Join(d, "sudogen")
}

// PDBFileName returns the cache file name of a pattern database, e.g.
// "slide-pdb-v1-4x4-1.2.5.6.9.10.bin".
func PDBFileName(w int, tiles []uint8) string {
	parts := make([]string, len(tiles))
	for i, t := range tiles {
		parts[i] = strconv.Itoa(int(t))
	}
	return fmt.Sprintf("slide-pdb-v%d-%dx%d-%s.bin", PDBVersion, w, w, strings.Join(parts, "."))
}

// encodePDB writes the cache file image: magic, version, width, tile count,
// tiles, entry count, entries, then the SHA-256 of everything before it.
func encodePDB(p *PDB) []byte {
	var buf bytes.Buffer
	buf.WriteString(pdbMagic)
	var hdr [12]byte
	binary.LittleEndian.PutUint32(hdr[0:], PDBVersion)
	binary.LittleEndian.PutUint32(hdr[4:], uint32(p.W))
	binary.LittleEndian.PutUint32(hdr[8:], uint32(len(p.Tiles)))
	buf.Write(hdr[:])
	buf.Write(p.Tiles)
	var sz [8]byte
	binary.LittleEndian.PutUint64(sz[:], uint64(len(p.Data)))
	buf.Write(sz[:])
	buf.Write(p.Data)
	sum := sha256.Sum256(buf.Bytes())
	buf.Write(sum[:])
	return buf.Bytes()
}

// decodePDB checks a cache file image against the wanted width and tiles
// and returns the table, or an error saying what is wrong with the file.
func decodePDB(b []byte, w int, tiles []uint8) (*PDB, error) {
	k := len(tiles)
	size := pdbSize(w*w, k)
	want := len(pdbMagic) + 12 + k + 8 + size + sha256.Size
	if len(b) < len(pdbMagic)+12 || string(b[:len(pdbMagic)]) != pdbMagic {
		return nil, errors.New("not a sudogen pattern database (bad header)")
	}
	if v := binary.LittleEndian.Uint32(b[8:]); v != PDBVersion {
		return nil, fmt.Errorf("stale: version %d, want %d", v, PDBVersion)
	}
	if len(b) != want {
		return nil, fmt.Errorf("truncated or oversized: %d bytes, want %d", len(b), want)
	}
	body, sum := b[:len(b)-sha256.Size], b[len(b)-sha256.Size:]
	if got := sha256.Sum256(body); !bytes.Equal(got[:], sum) {
		return nil, errors.New("checksum mismatch (corrupt file)")
	}
	off := len(pdbMagic) + 4
	if int(binary.LittleEndian.Uint32(b[off:])) != w || int(binary.LittleEndian.Uint32(b[off+4:])) != k {
		return nil, errors.New("header is for another board or pattern")
	}
	off += 8
	if !bytes.Equal(b[off:off+k], tiles) {
		return nil, errors.New("header is for another pattern")
	}
	off += k
	if binary.LittleEndian.Uint64(b[off:]) != uint64(size) {
		return nil, errors.New("header has the wrong entry count")
	}
	off += 8
	data := b[off : off+size]
	for _, d := range data {
		if d == 0xFF {
			return nil, errors.New("table has an unset entry")
		}
	}
	return &PDB{W: w, Tiles: append([]uint8(nil), tiles...), Data: data}, nil
}

// LoadPDB reads a cached pattern database from dir. Any problem (missing,
// truncated, stale version, wrong header, checksum mismatch) is an error;
// the file is never trusted past its checks.
func LoadPDB(dir string, w int, tiles []uint8) (*PDB, error) {
	if err := checkGroup(w, tiles); err != nil {
		return nil, err
	}
	path := filepath.Join(dir, PDBFileName(w, tiles))
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	p, err := decodePDB(b, w, tiles)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return p, nil
}

// SavePDB writes p to dir under a temporary name and renames it into
// place (internal/outfile), so readers never see a half-written file and
// an interrupted build leaves nothing behind.
func SavePDB(dir string, p *PDB) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	f, err := outfile.Create(filepath.Join(dir, PDBFileName(p.W, p.Tiles)))
	if err != nil {
		return err
	}
	if _, err := f.Write(encodePDB(p)); err != nil {
		f.Abort()
		return err
	}
	return f.Commit()
}

// LoadOrBuildPDB returns the pattern database of the group, from the cache
// in dir when a valid file is there, else built and then saved (dir ""
// disables the cache). logf, if not nil, hears why a table was built and
// whether saving failed; a failed save is not an error.
func LoadOrBuildPDB(dir string, w int, tiles []uint8, logf func(format string, args ...any)) (*PDB, error) {
	if logf == nil {
		logf = func(string, ...any) {}
	}
	if dir != "" {
		p, err := LoadPDB(dir, w, tiles)
		if err == nil {
			return p, nil
		}
		var pathErr *fs.PathError
		switch {
		case errors.Is(err, fs.ErrNotExist):
			logf("building pattern database %s (not cached yet)", PDBFileName(w, tiles))
		case errors.As(err, &pathErr):
			// The file could not be read at all (the cache folder is
			// a file, unreadable, ...): nothing was there to rebuild.
			logf("building pattern database %s (cannot read the cache: %v)", PDBFileName(w, tiles), pathErr.Err)
		default:
			logf("rebuilding pattern database: %v", err)
		}
	}
	p, err := BuildPDB(w, tiles)
	if err != nil {
		return nil, err
	}
	if dir != "" {
		if err := SavePDB(dir, p); err != nil {
			logf("could not cache pattern database %s in %s (it is kept in memory for this run): %v", PDBFileName(w, tiles), dir, err)
		}
	}
	return p, nil
}
