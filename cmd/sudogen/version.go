package main

import (
	"fmt"
	"io"
	"runtime"
	"runtime/debug"

	"github.com/spf13/cobra"
)

// version and commit can be set at build time, for builds without module
// or VCS information (GOFLAGS=-buildvcs=false, tarball builds):
//
//	go build -ldflags "-X main.version=v1.2.3 -X main.commit=$(git rev-parse HEAD)" ./cmd/sudogen
var (
	version = ""
	commit  = ""
)

// VersionInfo is what `sudogen version` prints.
type VersionInfo struct {
	Version  string // module version, "(devel)" for a local build
	Commit   string // VCS revision, "" when built without VCS info
	Time     string // commit time
	Modified bool   // built from a tree with local changes
	Go       string // Go version
	Platform string // GOOS/GOARCH
}

// readVersion collects the version from the build info.
func readVersion() VersionInfo {
	v := VersionInfo{Version: version, Go: runtime.Version(), Platform: runtime.GOOS + "/" + runtime.GOARCH}
	if bi, ok := debug.ReadBuildInfo(); ok {
		if v.Version == "" {
			v.Version = bi.Main.Version
		}
		for _, s := range bi.Settings {
			switch s.Key {
			case "vcs.revision":
				v.Commit = s.Value
			case "vcs.time":
				v.Time = s.Value
			case "vcs.modified":
				v.Modified = s.Value == "true"
			}
		}
		if bi.GoVersion != "" {
			v.Go = bi.GoVersion
		}
	}
	if v.Version == "" {
		v.Version = "(devel)"
	}
	if v.Commit == "" {
		v.Commit = commit
	}
	return v
}

func shortVersion() string {
	v := readVersion()
	if v.Commit != "" {
		c := v.Commit
		if len(c) > 12 {
			c = c[:12]
		}
		if v.Modified {
			c += "-dirty"
		}
		return v.Version + " (" + c + ")"
	}
	return v.Version
}

// NewCmdVersion returns the version command.
func NewCmdVersion() *cobra.Command {
	return &cobra.Command{
		Use:   "version",
		Short: "Print the version, commit and Go version",
		Long: `Print sudogen's module version, the VCS commit it was built from and
the Go version, from the build information embedded in the binary.`,
		Example: `  sudogen version
  sudogen --version`,
		Args: usageArgs(cobra.NoArgs),
		RunE: func(cmd *cobra.Command, _ []string) error {
			return versionRun(cmd.OutOrStdout(), readVersion())
		},
	}
}

func versionRun(w io.Writer, v VersionInfo) error {
	fmt.Fprintf(w, "sudogen %s\n", v.Version)
	switch {
	case v.Commit == "":
		fmt.Fprintln(w, "commit:  unknown (built without VCS information)")
	default:
		line := v.Commit
		if v.Modified {
			line += " (modified)"
		}
		if v.Time != "" {
			line += " " + v.Time
		}
		fmt.Fprintf(w, "commit:  %s\n", line)
	}
	_, err := fmt.Fprintf(w, "go:      %s %s\n", v.Go, v.Platform)
	return err
}
