package main

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"debug/elf"
	"debug/macho"
	"debug/pe"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// runRelease runs scripts/release.sh with args, returning its exit code
// and output.
func runRelease(t *testing.T, args ...string) (int, string) {
	t.Helper()
	cmd := exec.Command("bash", append([]string{filepath.Join(repoRoot(t), "scripts", "release.sh")}, args...)...)
	cmd.Dir = repoRoot(t)
	out, err := cmd.CombinedOutput()
	if ee, ok := err.(*exec.ExitError); ok {
		return ee.ExitCode(), string(out)
	}
	if err != nil {
		t.Fatal(err)
	}
	return 0, string(out)
}

// TestReleaseScriptRefuses: a version that is not semantic is a usage
// error, and without --snapshot only the tagged, clean HEAD is built.
// (Nothing is built: the build itself is TestReleaseScript's.)
func TestReleaseScriptRefuses(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Fatal("git is needed by scripts/release.sh")
	}
	for _, v := range []string{"0.1.0", "v1.2", "v01.2.3", "v1.2.3_beta", "latest"} {
		if code, out := runRelease(t, v, "--snapshot", "--out", t.TempDir()); code != 2 || !strings.Contains(out, "semantic version") {
			t.Errorf("version %q: exit %d: %s", v, code, out)
		}
	}
	if code, out := runRelease(t, "v0.1.0", "--platforms"); code != 2 {
		t.Errorf("--platforms without a value: exit %d: %s", code, out)
	}
	code, out := runRelease(t, "v99.99.99-notag", "--out", t.TempDir())
	if code != 1 || !(strings.Contains(out, "no tag v99.99.99-notag") || strings.Contains(out, "working tree has changes")) {
		t.Errorf("untagged release: exit %d: %s", code, out)
	}
}

// TestReleaseScript runs the release script (SUDOGEN_LONG=1: it builds
// with -trimpath, which the build cache shares with nothing else, so the
// first run compiles everything). For this machine's platform alone by
// default of SUDOGEN_RELEASE_ALL, for all six with it: every archive is
// in SHA256SUMS with its true hash, holds the binary and the licences, the
// binary is for its platform (its ELF, Mach-O or PE header says so), and
// this machine's binary prints the version.
func TestReleaseScript(t *testing.T) {
	if os.Getenv("SUDOGEN_LONG") == "" {
		t.Skip("SUDOGEN_LONG=1 runs scripts/release.sh (a -trimpath build of everything)")
	}
	const version = "v0.0.1-test.1"
	out := t.TempDir()
	platforms := runtime.GOOS + "/" + runtime.GOARCH
	if os.Getenv("SUDOGEN_RELEASE_ALL") != "" {
		platforms = "linux/amd64,linux/arm64,darwin/amd64,darwin/arm64,windows/amd64,windows/arm64"
	}
	code, log := runRelease(t, version, "--snapshot", "--platforms", platforms, "--out", out)
	if code != 0 {
		t.Fatalf("exit %d:\n%s", code, log)
	}
	sums, err := os.ReadFile(filepath.Join(out, "SHA256SUMS"))
	if err != nil {
		t.Fatal(err)
	}
	listed := map[string]string{}
	for _, line := range strings.Split(strings.TrimSpace(string(sums)), "\n") {
		sum, name, ok := strings.Cut(line, "  ")
		if !ok {
			t.Fatalf("SHA256SUMS line %q", line)
		}
		listed[name] = sum
	}
	plats := strings.Split(platforms, ",")
	if len(listed) != len(plats) {
		t.Fatalf("SHA256SUMS lists %d archives for %d platforms", len(listed), len(plats))
	}
	for _, p := range plats {
		goos, goarch, _ := strings.Cut(p, "/")
		name := fmt.Sprintf("sudogen_%s_%s_%s", version, goos, goarch)
		archive := name + ".tar.gz"
		exe := "sudogen"
		if goos == "windows" {
			archive, exe = name+".zip", "sudogen.exe"
		}
		data, err := os.ReadFile(filepath.Join(out, archive))
		if err != nil {
			t.Fatal(err)
		}
		h := sha256.Sum256(data)
		if listed[archive] != hex.EncodeToString(h[:]) {
			t.Errorf("%s: SHA256SUMS says %s, the file's is %x", archive, listed[archive], h)
		}
		files := unpack(t, archive, data)
		for _, f := range []string{exe, "LICENSE", "README.md", "CHANGELOG.md", "THIRD_PARTY_LICENSES.txt"} {
			if len(files[name+"/"+f]) == 0 {
				t.Errorf("%s lacks %s", archive, f)
			}
		}
		if notices := string(files[name+"/THIRD_PARTY_LICENSES.txt"]); !strings.Contains(notices, "github.com/spf13/cobra") || !strings.Contains(notices, "Apache License") || !strings.Contains(notices, "The Go Authors") {
			t.Errorf("%s: THIRD_PARTY_LICENSES.txt lacks cobra's or Go's licence", archive)
		}
		bin := files[name+"/"+exe]
		checkPlatform(t, archive, bin, goos, goarch)
		if p == runtime.GOOS+"/"+runtime.GOARCH {
			path := filepath.Join(t.TempDir(), exe)
			if err := os.WriteFile(path, bin, 0o755); err != nil {
				t.Fatal(err)
			}
			got, err := exec.Command(path, "version").Output()
			if err != nil || !strings.HasPrefix(string(got), "sudogen "+version+"\n") {
				t.Errorf("%s version: %q, %v; want sudogen %s", archive, got, err, version)
			}
		}
	}
}

// unpack returns the files of a .tar.gz or .zip archive by name.
func unpack(t *testing.T, name string, data []byte) map[string][]byte {
	t.Helper()
	files := map[string][]byte{}
	if strings.HasSuffix(name, ".zip") {
		zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range zr.File {
			rc, err := f.Open()
			if err != nil {
				t.Fatal(err)
			}
			files[f.Name], _ = io.ReadAll(rc)
			rc.Close()
		}
		return files
	}
	gz, err := gzip.NewReader(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	tr := tar.NewReader(gz)
	for {
		h, err := tr.Next()
		if err == io.EOF {
			return files
		}
		if err != nil {
			t.Fatal(err)
		}
		files[h.Name], _ = io.ReadAll(tr)
	}
}

// checkPlatform reads the executable's header: the right format and CPU,
// and for Linux a static binary (no interpreter).
func checkPlatform(t *testing.T, name string, bin []byte, goos, goarch string) {
	t.Helper()
	r := bytes.NewReader(bin)
	switch goos {
	case "linux":
		f, err := elf.NewFile(r)
		if err != nil {
			t.Fatalf("%s: not ELF: %v", name, err)
		}
		want := map[string]elf.Machine{"amd64": elf.EM_X86_64, "arm64": elf.EM_AARCH64}[goarch]
		if f.Machine != want {
			t.Errorf("%s: ELF machine %v, want %v", name, f.Machine, want)
		}
		for _, p := range f.Progs {
			if p.Type == elf.PT_INTERP {
				t.Errorf("%s: has an interpreter: not static", name)
			}
		}
	case "darwin":
		f, err := macho.NewFile(r)
		if err != nil {
			t.Fatalf("%s: not Mach-O: %v", name, err)
		}
		want := map[string]macho.Cpu{"amd64": macho.CpuAmd64, "arm64": macho.CpuArm64}[goarch]
		if f.Cpu != want {
			t.Errorf("%s: Mach-O CPU %v, want %v", name, f.Cpu, want)
		}
	case "windows":
		f, err := pe.NewFile(r)
		if err != nil {
			t.Fatalf("%s: not PE: %v", name, err)
		}
		want := map[string]uint16{"amd64": pe.IMAGE_FILE_MACHINE_AMD64, "arm64": pe.IMAGE_FILE_MACHINE_ARM64}[goarch]
		if f.Machine != want {
			t.Errorf("%s: PE machine %#x, want %#x", name, f.Machine, want)
		}
	}
}
