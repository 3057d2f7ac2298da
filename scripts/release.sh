#!/usr/bin/env bash
# Build sudogen's release: static binaries for linux, darwin and windows on
# amd64 and arm64, each in an archive with the licences, and SHA256SUMS.
#
#   scripts/release.sh v0.1.0                 # the release of tag v0.1.0 (must be HEAD, clean tree)
#   scripts/release.sh v0.1.0 --snapshot      # the same from the working tree, untagged (a trial)
#   scripts/release.sh v0.1.0 --snapshot --platforms linux/amd64 --out /tmp/rel
#
# Output, in dist/VERSION/ (or --out DIR):
#   sudogen_VERSION_linux_amd64.tar.gz    sudogen, LICENSE, README.md, CHANGELOG.md,
#   sudogen_VERSION_linux_arm64.tar.gz    THIRD_PARTY_LICENSES.txt (the licences of
#   sudogen_VERSION_darwin_amd64.tar.gz   the Go modules and of Go itself, which the
#   sudogen_VERSION_darwin_arm64.tar.gz   binary holds)
#   sudogen_VERSION_windows_amd64.zip     the same with sudogen.exe
#   sudogen_VERSION_windows_arm64.zip
#   SHA256SUMS                            sha256sum's format: check with sha256sum -c SHA256SUMS
#
# Each binary is built with CGO_ENABLED=0 (static: no libc needed), -trimpath
# and the version and commit set (sudogen version prints them). Archives get
# the commit's time as every file's time and no owner, so two runs on the
# same commit with the same Go give the same bytes. After building, the
# script checks every binary's build information (go version -m: its
# platform, CGO_ENABLED=0, -trimpath) and that it holds VERSION, and runs
# the binary of this machine's platform to see `sudogen version` print
# VERSION.
#
# The tag itself is made by whoever releases (git tag -a VERSION), after
# CHANGELOG.md has a "## [X.Y.Z]" section for it; without --snapshot the
# script refuses to build anything else.
set -euo pipefail

usage() {
	echo "usage: scripts/release.sh VERSION [--snapshot] [--platforms OS/ARCH,...] [--out DIR]" >&2
	exit 2
}

[ $# -ge 1 ] || usage
version=$1
shift
snapshot=0
platforms="linux/amd64,linux/arm64,darwin/amd64,darwin/arm64,windows/amd64,windows/arm64"
out=""
while [ $# -gt 0 ]; do
	case $1 in
	--snapshot) snapshot=1 ;;
	--platforms) [ $# -ge 2 ] || usage; platforms=$2; shift ;;
	--out) [ $# -ge 2 ] || usage; out=$2; shift ;;
	*) usage ;;
	esac
	shift
done

fail() {
	echo "release: $*" >&2
	exit 1
}

# Semantic version with a v: v1.2.3 or v1.2.3-rc.1.
if ! [[ $version =~ ^v(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)(-[0-9A-Za-z.-]+)?$ ]]; then
	echo "release: version \"$version\": expected a semantic version tag such as v0.1.0 or v1.2.0-rc.1" >&2
	exit 2
fi

cd "$(dirname "$0")/.."
root=$PWD
command -v go >/dev/null || fail "go is not on the PATH"
command -v git >/dev/null || fail "git is not on the PATH (the commit and its time come from it)"
commit=$(git rev-parse HEAD)
epoch=$(git show -s --format=%ct HEAD)

if [ $snapshot = 0 ]; then
	[ -z "$(git status --porcelain)" ] || fail "the working tree has changes: commit them, or use --snapshot for a trial build"
	tagged=$(git rev-parse -q --verify "refs/tags/$version^{commit}" || true)
	[ -n "$tagged" ] || fail "no tag $version: make it first (git tag -a $version -m \"sudogen $version\"), or use --snapshot"
	[ "$tagged" = "$commit" ] || fail "tag $version is commit ${tagged:0:12}, but HEAD is ${commit:0:12}: check out the tag"
	grep -q "^## \[${version#v}\]" CHANGELOG.md || fail "CHANGELOG.md has no \"## [${version#v}]\" section"
fi

# A trial build from a changed tree says so in its commit.
if [ -n "$(git status --porcelain)" ]; then
	commit=$commit-dirty
fi

out=${out:-dist/$version}
mkdir -p "$out"
out=$(cd "$out" && pwd)
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT

# The licences the binaries carry: Go's own (the runtime and standard
# library are in every binary) and each module's, for the union of the
# platforms' dependencies.
notices=$stage/THIRD_PARTY_LICENSES.txt
{
	echo "sudogen $version is under the MIT licence (LICENSE). Its binaries also hold"
	echo "the Go runtime and standard library and the Go modules below, each under"
	echo "its own licence, reproduced here. (The Go fonts in golang.org/x/image are"
	echo "under that module's licence.)"
	echo
	echo "==== Go $(go env GOVERSION) (the runtime and standard library)"
	echo
	cat "$(go env GOROOT)/LICENSE"
	IFS=, read -ra plats <<<"$platforms"
	for p in "${plats[@]}"; do
		GOOS=${p%/*} GOARCH=${p#*/} CGO_ENABLED=0 go list -deps -f '{{with .Module}}{{if not .Main}}{{.Path}} {{.Version}} {{.Dir}}{{end}}{{end}}' ./cmd/sudogen
	done | sort -u | while read -r path ver dir; do
		files=$(cd "$dir" && ls | grep -iE '^(LICEN[CS]E|COPYING|NOTICE)' || true)
		[ -n "$files" ] || fail "module $path $ver has no licence file"
		for f in $files; do
			echo
			echo "==== $path $ver: $f"
			echo
			cat "$dir/$f"
		done
	done
} >"$notices"

IFS=, read -ra plats <<<"$platforms"
archives=()
for p in "${plats[@]}"; do
	goos=${p%/*}
	goarch=${p#*/}
	case $goos/$goarch in
	linux/amd64 | linux/arm64 | darwin/amd64 | darwin/arm64 | windows/amd64 | windows/arm64) ;;
	*) echo "release: platform $p: expected linux, darwin or windows on amd64 or arm64" >&2; exit 2 ;;
	esac
	name=sudogen_${version}_${goos}_${goarch}
	dir=$stage/$name
	mkdir -p "$dir"
	exe=sudogen
	[ "$goos" = windows ] && exe=sudogen.exe
	echo "release: building $name" >&2
	CGO_ENABLED=0 GOOS=$goos GOARCH=$goarch go build -trimpath \
		-ldflags "-s -w -X main.version=$version -X main.commit=$commit" \
		-o "$dir/$exe" ./cmd/sudogen
	cp LICENSE README.md CHANGELOG.md "$notices" "$dir/"
	find "$dir" -exec touch -h -d "@$epoch" {} +

	# The build information must say what was asked for (-trimpath keeps
	# -ldflags out of it: the version string is looked for in the binary).
	info=$(go version -m "$dir/$exe")
	for want in "GOOS=$goos" "GOARCH=$goarch" "CGO_ENABLED=0" "-trimpath=true"; do
		grep -qF -- "$want" <<<"$info" || fail "$name: the binary's build information lacks $want:
$info"
	done
	grep -qaF -- "$version" "$dir/$exe" || fail "$name: the version $version is not in the binary"

	if [ "$goos" = windows ]; then
		archive=$name.zip
		(cd "$stage" && rm -f "$out/$archive" && TZ=UTC zip -q -X -r "$out/$archive" "$name")
	else
		archive=$name.tar.gz
		tar -C "$stage" --sort=name --owner=0 --group=0 --numeric-owner --mtime="@$epoch" -cf - "$name" | gzip -n -9 >"$out/$archive"
	fi
	archives+=("$archive")
done

(cd "$out" && sha256sum "${archives[@]}" >SHA256SUMS)

# Run this machine's binary, if it was built.
here=$(go env GOOS)/$(go env GOARCH)
for p in "${plats[@]}"; do
	[ "$p" = "$here" ] || continue
	bin=$stage/sudogen_${version}_${p%/*}_${p#*/}/sudogen
	got=$("$bin" version)
	got=${got%%$'\n'*}
	[ "$got" = "sudogen $version" ] || fail "$bin version printed \"$got\", want \"sudogen $version\""
	echo "release: $p binary says: $got" >&2
done

echo "release: $version (${commit:0:12}) in $out:" >&2
(cd "$out" && cat SHA256SUMS) >&2
