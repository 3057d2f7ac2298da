package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"
)

// TestREADMERecord (issue #15 item 16): the README's example record is
// what the command it names writes, field for field.
func TestREADMERecord(t *testing.T) {
	b, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	text := string(b)
	m := regexp.MustCompile("the second line written by `([^`]+)`").FindStringSubmatch(text)
	if m == nil {
		t.Fatal("README: no \"the second line written by `sudogen batch ...`\" before the example record")
	}
	args := strings.Fields(m[1])
	if len(args) < 2 || args[0] != "sudogen" {
		t.Fatalf("README command %q", m[1])
	}
	args = args[1:]
	out := filepath.Join(t.TempDir(), "puzzles.jsonl")
	for i := range args {
		if args[i] == "-o" && i+1 < len(args) {
			args[i+1] = out
		}
	}
	if code, _, errOut := runCLI(t, "", append(args, "-q")...); code != 0 {
		t.Fatalf("%v: exit %d: %s", args, code, errOut)
	}
	written, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(written)), "\n")
	if len(lines) < 2 {
		t.Fatalf("%v wrote %d lines", args, len(lines))
	}
	// The record block: the indented lines from `{"v"` to the line
	// ending in '}'.
	start := strings.Index(text, "    {\"v\":")
	if start < 0 {
		t.Fatal("README: no example record")
	}
	end := strings.Index(text[start:], "}\n\n")
	block := text[start : start+end+1]
	var shown, real map[string]any
	if err := json.Unmarshal([]byte(block), &shown); err != nil {
		t.Fatalf("README record is not JSON: %v\n%s", err, block)
	}
	json.Unmarshal([]byte(lines[1]), &real)
	if !reflect.DeepEqual(shown, real) {
		t.Errorf("README record differs from what %q writes; replace it with:\n%s", m[1], lines[1])
	}
}
