package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestDocsNameTheBinary: README and docs/ call the binary sudogen in
// every command; `sg` is a standard Linux command (run as another group),
// and copying `sg batch ...` runs it.
func TestDocsNameTheBinary(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(repoRoot(t), "docs", "*.md"))
	files = append(files, filepath.Join(repoRoot(t), "README.md"))
	sg := regexp.MustCompile("(^|[ `(])sg (batch|solve|grade|canon|merge|export|reglib|explain|stats|slide|techniques|version)\\b|-o sg ")
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(string(b), "\n") {
			if sg.MatchString(line) {
				t.Errorf("%s:%d calls the binary sg: %s", filepath.Base(f), i+1, line)
			}
		}
	}
}

// TestDockerImageInStep: the Dockerfile builds with the Go that go.mod
// asks for, and the build context leaves out what the README's build and
// the release script leave in the checkout.
func TestDockerImageInStep(t *testing.T) {
	root := repoRoot(t)
	mod, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	goVersion := regexp.MustCompile(`(?m)^go (\S+)$`).FindSubmatch(mod)
	docker, err := os.ReadFile(filepath.Join(root, "Dockerfile"))
	if err != nil {
		t.Fatal(err)
	}
	image := regexp.MustCompile(`(?m)^ARG GO_IMAGE=golang:(\S+?)(@sha256:[0-9a-f]{64})?$`).FindSubmatch(docker)
	if goVersion == nil || image == nil || string(image[1]) != string(goVersion[1]) {
		t.Errorf("Dockerfile's GO_IMAGE %q, go.mod's go %q: keep them the same", image, goVersion)
	}
	if image != nil && len(image[2]) == 0 {
		t.Errorf("Dockerfile's GO_IMAGE is not pinned by digest")
	}
	collect, err := os.ReadFile(filepath.Join(root, "deploy", "kubernetes", "collect-pod.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range regexp.MustCompile(`(?m)^\s*image:\s*(\S+)$`).FindAllSubmatch(collect, -1) {
		if !regexp.MustCompile(`@sha256:[0-9a-f]{64}$`).Match(m[1]) {
			t.Errorf("collect-pod.yaml's image %s is not pinned by digest", m[1])
		}
	}
	ignore, err := os.ReadFile(filepath.Join(root, ".dockerignore"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{".git", "/sudogen", "/dist/", "**/*.jsonl"} {
		if !regexp.MustCompile(`(?m)^` + regexp.QuoteMeta(want) + `$`).Match(ignore) {
			t.Errorf(".dockerignore lacks %s", want)
		}
	}
}
