package export

import "github.com/sudogen/sudogen/internal/outfile"

// atomicFile is an output file written under a temporary name in its target
// folder and renamed to the final name by Commit; Abort leaves an existing
// file as it was. Symbolic links are followed, and devices, FIFOs and
// sockets are written in place. Any writer (JSONL, PDF, XLSX, HTML) uses it
// so an interrupted or failed run never leaves a half file under the final
// name. See package internal/outfile.
type atomicFile = outfile.File

// createAtomic opens an output at path (see atomicFile). It checks the
// folder first and says plainly when it is missing, not a folder, or not
// writable, refuses a path that is itself a folder, and removes stale
// temporary files of the same output left by killed runs.
func createAtomic(path string) (*atomicFile, error) { return outfile.Create(path) }

// checkOutputPath checks that a file can be created at path: the folder
// exists and is a folder, and path is not a folder. Writability is checked
// when the file is created.
func checkOutputPath(path string) error { return outfile.CheckPath(path) }
