package export

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// AtomicFile is an output file written under a temporary name in its target
// folder and renamed to the final name by Commit. Any writer (JSONL, PDF,
// XLSX) can use it so an interrupted or failed run never leaves a half file
// under the final name.
type AtomicFile struct {
	path string
	tmp  *os.File
	done bool
}

// CreateAtomic opens a temporary file beside path. It checks the folder
// first and says plainly when it is missing, not a folder, or not writable,
// and refuses a path that is itself a folder.
func CreateAtomic(path string) (*AtomicFile, error) {
	if path == "" {
		return nil, errors.New("output path is empty")
	}
	if err := CheckOutputPath(path); err != nil {
		return nil, err
	}
	dir, base := filepath.Dir(path), filepath.Base(path)
	tmp, err := os.CreateTemp(dir, "."+base+".tmp-*")
	if err != nil {
		return nil, fmt.Errorf("cannot write in folder %s: %w", dir, unwrapPath(err))
	}
	return &AtomicFile{path: path, tmp: tmp}, nil
}

// CheckOutputPath checks that a file can be created at path: the folder
// exists and is a folder, and path is not a folder. Writability is checked
// when the file is created.
func CheckOutputPath(path string) error {
	dir := filepath.Dir(path)
	st, err := os.Stat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return fmt.Errorf("cannot write %s: folder %s does not exist", path, dir)
	case err != nil:
		return fmt.Errorf("cannot write %s: %w", path, unwrapPath(err))
	case !st.IsDir():
		return fmt.Errorf("cannot write %s: %s is not a folder", path, dir)
	}
	if st, err := os.Stat(path); err == nil && st.IsDir() {
		return fmt.Errorf("cannot write %s: it is a folder", path)
	}
	return nil
}

// unwrapPath drops the operation and path from a *fs.PathError, leaving
// the reason ("permission denied").
func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// Path is the final name.
func (a *AtomicFile) Path() string { return a.path }

// Write writes to the temporary file.
func (a *AtomicFile) Write(p []byte) (int, error) { return a.tmp.Write(p) }

// Commit syncs and closes the temporary file and renames it to the final
// name.
func (a *AtomicFile) Commit() error {
	if a.done {
		return nil
	}
	a.done = true
	name := a.tmp.Name()
	err := a.tmp.Chmod(0o644)
	if err == nil {
		err = a.tmp.Sync()
	}
	if cerr := a.tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(name, a.path)
	}
	if err != nil {
		os.Remove(name)
		return fmt.Errorf("writing %s: %w", a.path, err)
	}
	if d, err := os.Open(filepath.Dir(a.path)); err == nil {
		d.Sync()
		d.Close()
	}
	return nil
}

// Abort closes and removes the temporary file.
func (a *AtomicFile) Abort() error {
	if a.done {
		return nil
	}
	a.done = true
	a.tmp.Close()
	return os.Remove(a.tmp.Name())
}
