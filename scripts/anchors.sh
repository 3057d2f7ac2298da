#!/usr/bin/env bash
# Build the anchors (the specialists sudogen is measured beside) from
# their public sources, at pinned commits, into a folder outside the
# repository. Their code is fetched and compiled there; nothing of it
# enters this repository. scripts/bench.sh --anchors runs what this
# leaves in $SUDOGEN_ANCHORS; scripts/sukaku-compare.py runs `sukaku`.
#
#   scripts/anchors.sh                 build every anchor
#   scripts/anchors.sh tdoku qqwing    only those (names below)
#
# Where things go:
#   SUDOGEN_ANCHORS       the commands (default /work/anchors/bin)
#   SUDOGEN_ANCHORS_SRC   the sources and builds (default: beside it, ../src)
#   SUDOGEN_ANCHORS_GIT   a folder of git directories named OWNER+NAME/repo
#                         (a mirror) to take the sources from instead of
#                         cloning https://github.com/OWNER/NAME
#
# Needs git, a C and C++ compiler (gcc/g++), a JDK (javac, java 8 or
# newer: HoDoKu is compiled for Java 8). Each anchor and its command:
#
#   tdoku      t-dillon/tdoku af42618, -O3 -march=native (AVX2/AVX-512 where
#              the CPU has them); tdoku-count FILE: counts each puzzle's
#              solutions to 2 (TdokuSolverDpllTriadSimd, limit 2) through a
#              ten-line driver written here, prints the totals
#   qqwing     stephenostermiller/qqwing 6048c90 (1.3.4), -O3;
#              qqwing --generate N --one-line
#   patminlex  dobrichev/sudoku-minlexing-tool 5e16471, -O3 -march=native;
#              patminlex <FILE (a line in, its canonical form out)
#   hodoku     1to9only/HoDoKu 18afd1c (HoDoKu 2.2.0); hodoku FILE: its batch
#              solve (/bs FILE, default settings; /vp, the solution paths,
#              with HODOKU_PATHS=1), its result file on stdout. Its
#              MainFrame.REV keyword, unexpanded in a git export, is given a
#              number so it starts.
#   serate     1to9only/SudokuExplainer 464e614 (Sudoku Explainer 1.2.1 with
#              gsf's serate); serate FILE: one rating line per puzzle
#   sukaku     SudokuMonster/SukakuExplainer 362854e (serate with the
#              variant flags); sukaku --variant=V[,V] [--techs=se121|default]
#              FILE: PUZZLE<TAB>ER per line (SUKAKU_TIMEOUT seconds a puzzle,
#              default 600)
set -euo pipefail

BIN=${SUDOGEN_ANCHORS:-/work/anchors/bin}
SRC=${SUDOGEN_ANCHORS_SRC:-$(dirname "$BIN")/src}
GITS=${SUDOGEN_ANCHORS_GIT:-}
mkdir -p "$BIN" "$SRC"
BIN=$(cd "$BIN" && pwd)
SRC=$(cd "$SRC" && pwd)

# checkout OWNER/NAME COMMIT DIR [PATH...]: the tree of COMMIT (or only
# those paths of it), fresh, in DIR.
checkout() {
	local repo=$1 commit=$2 dir=$3 git
	shift 3
	git="$SRC/git/${repo/\//+}"
	if [ -n "$GITS" ] && [ -d "$GITS/${repo/\//+}/repo" ]; then
		git="$GITS/${repo/\//+}/repo"
	elif [ ! -d "$git" ]; then
		git clone --bare --quiet "https://github.com/$repo" "$git"
	fi
	if ! git --git-dir="$git" cat-file -e "$commit^{commit}" 2>/dev/null; then
		echo "anchors: $repo has no commit $commit in $git" >&2
		return 1
	fi
	rm -rf "$dir"
	mkdir -p "$dir"
	# (a mirror may lack a large file of the tree, data.zip of tdoku: git
	# archive names it on stderr even when the paths asked for leave it out)
	git --git-dir="$git" archive "$commit" -- "$@" 2> >(grep -v '^error: invalid object' >&2) | tar -x -C "$dir"
	[ -n "$(ls -A "$dir")" ] || { echo "anchors: nothing of $repo $commit ${*:-} extracted" >&2; return 1; }
}

build_tdoku() {
	local d=$SRC/tdoku
	checkout t-dillon/tdoku af42618 "$d" include src
	cat >"$d/count.c" <<'EOF'
/* tdoku-count FILE: solutions of each puzzle counted to 2 (sudogen's
   anchor driver; the solver is tdoku's). */
#include <stdio.h>
#include <string.h>
#include "tdoku.h"
int main(int argc, char **argv) {
	FILE *f = argc > 1 ? fopen(argv[1], "r") : stdin;
	if (!f) { perror(argv[1]); return 2; }
	char line[1024], sol[82];
	size_t n = 0, count[3] = {0, 0, 0}, guesses = 0, g;
	while (fgets(line, sizeof line, f)) {
		if (line[0] == '#' || strlen(line) < 81) continue;
		line[81] = 0;
		size_t c = TdokuSolverDpllTriadSimd(line, 2, 0, sol, &g);
		count[c > 2 ? 2 : c]++, n++, guesses += g;
	}
	printf("%zu puzzles: %zu unique, %zu without a solution, %zu with more; %zu guesses\n",
	       n, count[1], count[0], count[2], guesses);
	return 0;
}
EOF
	g++ -O3 -march=native -std=c++17 -I"$d/include" -c "$d/src/solver_dpll_triad_simd.cc" -o "$d/solver.o"
	g++ -O3 -march=native -std=c++17 -c "$d/src/util.cc" -o "$d/util.o"
	gcc -O3 -march=native -I"$d/include" -c "$d/count.c" -o "$d/count.o"
	g++ -o "$BIN/tdoku-count" "$d/count.o" "$d/solver.o" "$d/util.o"
}

build_qqwing() {
	local d=$SRC/qqwing
	checkout stephenostermiller/qqwing 6048c90 "$d" src/cpp
	# the config.h its autotools build would write: only these are read
	printf '#define HAVE_GETTIMEOFDAY 1\n#define VERSION "1.3.4"\n#define PACKAGE_STRING "qqwing 1.3.4"\n' >"$d/src/cpp/config.h"
	g++ -O3 -o "$BIN/qqwing" "$d/src/cpp/main.cpp" "$d/src/cpp/qqwing.cpp"
}

build_patminlex() {
	local d=$SRC/patminlex
	checkout dobrichev/sudoku-minlexing-tool 5e16471 "$d" main.cpp
	g++ -O3 -march=native -o "$BIN/patminlex" "$d/main.cpp"
}

build_hodoku() {
	local d=$SRC/hodoku
	checkout 1to9only/HoDoKu 18afd1c "$d" src
	sed -i 's/"\$LastChangedRevision\$"/"$LastChangedRevision: 115 $"/' "$d/src/sudoku/MainFrame.java"
	rm -rf "$d/classes"
	mkdir -p "$d/classes"
	(cd "$d/src" && find . -name '*.java' >../sources.txt &&
		javac -nowarn -encoding UTF-8 --release 8 -d ../classes @../sources.txt 2>&1 | grep -v '^Note:' || true)
	(cd "$d/src" && find . -type f ! -name '*.java' -exec cp --parents {} ../classes/ \;)
	[ -f "$d/classes/sudoku/Main.class" ] || { echo "anchors: HoDoKu did not compile" >&2; return 1; }
	cat >"$BIN/hodoku" <<EOF
#!/usr/bin/env bash
# hodoku FILE: HoDoKu 2.2.0's batch solve of FILE, its result file on
# stdout (built by sudogen's scripts/anchors.sh). It runs in a fresh
# folder, also its java.io.tmpdir, where HoDoKu looks for saved options:
# default settings always.
set -euo pipefail
tmp=\$(mktemp -d)
trap 'rm -rf "\$tmp"' EXIT
cp "\$1" "\$tmp/in.txt"
vp=(); [ -n "\${HODOKU_PATHS:-}" ] && vp=(/vp)
# (a relative name: HoDoKu reads an argument starting with / as an option)
if ! (cd "\$tmp" && java -Djava.awt.headless=true -Djava.io.tmpdir="\$tmp" -Xmx1g -cp "$d/classes" sudoku.Main /bs in.txt "\${vp[@]}" >log 2>&1); then
	cat "\$tmp/log" >&2
	exit 1
fi
cat "\$tmp/in.txt.out.txt"
EOF
	chmod +x "$BIN/hodoku"
}

# buildse NAME REPO COMMIT: Sudoku Explainer's sources (diuf/...) compiled.
buildse() {
	local d=$SRC/$1
	checkout "$2" "$3" "$d" diuf
	rm -rf "$d/classes"
	mkdir -p "$d/classes"
	(cd "$d" && find diuf -name '*.java' >sources.txt &&
		javac -nowarn -encoding ISO-8859-1 -d classes @sources.txt 2>&1 | grep -v '^Note:' || true)
	(cd "$d" && find diuf -type f ! -name '*.java' -exec cp --parents {} classes/ \;)
	[ -f "$d/classes/diuf/sudoku/test/serate.class" ] || { echo "anchors: $2 did not compile" >&2; return 1; }
}

build_serate() {
	buildse serate 1to9only/SudokuExplainer 464e614
	cat >"$BIN/serate" <<EOF
#!/usr/bin/env bash
# serate FILE: Sudoku Explainer 1.2.1's ratings of FILE (built by sudogen's scripts/anchors.sh)
exec java -Xmx1g -cp "$SRC/serate/classes" diuf.sudoku.test.serate --format='%g ED=%r/%p/%d' --input="\$1" --output=-
EOF
	chmod +x "$BIN/serate"
}

build_sukaku() {
	buildse sukaku SudokuMonster/SukakuExplainer 362854e
	cat >"$BIN/sukaku" <<EOF
#!/usr/bin/env bash
# sukaku --variant=V[,V] [--techs=se121|default] FILE: PUZZLE<TAB>ER per line,
# SukakuExplainer's rating (built by sudogen's scripts/anchors.sh). se121
# (the default) is Sudoku Explainer 1.2.1's technique set.
CP="$SRC/sukaku/classes"
TECHS=1111111111010111011011011011000010100010111111
TO=\${SUKAKU_TIMEOUT:-600}
flags=()
FILE=
for a in "\$@"; do
	case \$a in
	--variant=*)
		IFS=, read -ra vs <<<"\${a#--variant=}"
		for v in "\${vs[@]}"; do
			case \$v in
			x) flags+=(--isX=1) ;; windoku) flags+=(--isWindows=1) ;; disjoint-groups) flags+=(--isDG=1) ;;
			asterisk) flags+=(--isAsterisk=1) ;; girandola) flags+=(--isGirandola=1) ;; center-dot) flags+=(--isCD=1) ;;
			anti-knight) flags+=(--isAntiKnight=1) ;; anti-king) flags+=(--isAntiKing=1) ;; non-consecutive) flags+=(--isNC=1) ;;
			*) echo "sukaku: unknown variant \$v" >&2; exit 2 ;;
			esac
		done ;;
	--techs=default) TECHS= ;;
	--techs=*) ;;
	--threads=*) ;;
	*) FILE=\$a ;;
	esac
done
[ -n "\$FILE" ] || { echo "usage: sukaku --variant=V[,V] [--techs=se121|default] FILE" >&2; exit 2; }
t=(); [ -n "\$TECHS" ] && t=(--techs=\$TECHS)
while IFS= read -r p || [ -n "\$p" ]; do
	p=\${p%%[[:space:]]*}; [ \${#p} -ge 81 ] || continue
	out=\$(timeout "\$TO" java -XX:ActiveProcessorCount=1 -Xmx1g -cp "\$CP" diuf.sudoku.test.serate "\${flags[@]}" "\${t[@]}" --threads=1 --format='%r' "\$p" 2>/dev/null)
	rc=\$?; [ \$rc -eq 124 ] && out=TIMEOUT; [ -z "\$out" ] && out="ERROR(rc=\$rc)"
	printf '%s\t%s\n' "\$p" "\$out"
done <"\$FILE"
EOF
	chmod +x "$BIN/sukaku"
}

all=(tdoku qqwing patminlex hodoku serate sukaku)
want=("$@")
[ ${#want[@]} -gt 0 ] || want=("${all[@]}")
failed=0
for a in "${want[@]}"; do
	case " ${all[*]} " in
	*" $a "*) ;;
	*) echo "anchors: unknown anchor $a (one of: ${all[*]})" >&2; exit 2 ;;
	esac
	start=$(date +%s)
	set +e
	(
		set -e
		"build_$a"
	)
	rc=$?
	set -e
	if [ $rc = 0 ]; then
		echo "anchors: $a built in $(($(date +%s) - start)) s"
	else
		echo "anchors: $a FAILED" >&2
		failed=1
	fi
done
echo "anchors: commands in $BIN"
exit $failed
