#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Two versions of scripts/inline/ on the same W=inline build, for a change
# that must not change what the checker says (a refactor, a speed-up):
# every object checked again from its report by each, then the summaries
# of the whole build, of kernel/ and of arch/x86/, with their JSON, and
# the asm-wrapper list of arch/x86/include/asm/. Prints one line per
# artifact, same or differs, and what differs is kept side by side.
#
#   compare-checkers.sh OLD [NEW]
#
# OLD and NEW are git revisions of this repository (NEW: the working
# tree). The build is the W=inline build of the defconfig that test-x86.sh
# leaves in out/check/o-y (INLINE_TREE=DIR for another): arch/x86/ and
# kernel/ after make check, the whole vmlinux after run-tests x86 alone.
# It is not modified: each checker works in a tree of symbolic links to
# it. The findings files' first line names the checker that wrote them;
# that field is left out.
# OLD_ARGS and NEW_ARGS are more options for each object's check, as
# Kbuild gives them (NEW_ARGS="--index-dir .inline-index").
#
# Builds: each checker with the host compiler; no kernel.

set -u
TOP=$(cd "$(dirname "$0")/../../.." && pwd)
. "$TOP/tools/testing/inline/lib/common.sh"

[ $# = 1 ] || [ $# = 2 ] || die "usage: compare-checkers.sh OLD [NEW]"
need_packages gcc make flex libelf-dev git
TREE=${INLINE_TREE:-$CHECK/o-y}
W=$OUT/compare
[ -f "$TREE/.config" ] && [ -d "$TREE/source" ] ||
	die "no W=inline build in ${TREE#$TOP/}: run tools/testing/inline/run-tests x86 first"
SRCTREE=$(readlink -f "$TREE/source")
rm -rf "$W"
mkdir -p "$W"

# checker_objs ROOT: inline-check's objects, as ROOT/scripts/inline/Makefile
# lists them for Kbuild (inline-check-objs)
checker_objs() {
	printf 'include %s/scripts/inline/Makefile\nprint-objs:\n\t@echo $(inline-check-objs)\n' "$1" |
		make -s --no-print-directory -f - srctree="$1" HOSTPKG_CONFIG=pkg-config print-objs
}

# checker NAME REV: inline-check of REV ('' for the working tree) in $W/NAME
checker() {
	local d=$W/$1 root objs o srcs=()
	mkdir -p "$d/src"
	if [ -n "$2" ]; then
		git -C "$TOP" archive "$2" scripts/inline | tar -x -C "$d/src" ||
			die "no scripts/inline/ at '$2'"
		root=$d/src
	else
		root=$TOP
	fi
	objs=$(checker_objs "$root") && [ -n "$objs" ] ||
		die "scripts/inline/Makefile of ${2:-the working tree} lists no inline-check-objs"
	# its sources, and the lexer flex makes from lexer.l
	for o in $objs; do
		case $o in
		lexer.lex.o) srcs+=("$d/lexer.lex.c") ;;
		*) srcs+=("$root/scripts/inline/${o%.o}.c") ;;
		esac
	done
	flex -o "$d/lexer.lex.c" "$root/scripts/inline/lexer.l" &&
	gcc -O2 -Wall -std=gnu11 -I"$root/scripts/inline" -DINLINE_CHECK_ID='"compare"' \
		-o "$d/inline-check" "${srcs[@]}" -lelf ||
		die "the checker of ${2:-the working tree} does not build"
}

# run NAME ARGS: every object, then the summaries, in a linked copy of the build
run() {
	local d=$W/$1 tool=$W/$1/inline-check args=$2
	cp -rs "$(readlink -f "$TREE")" "$d/tree"
	cd "$d/tree" || exit 1
	sed 's|/|%|g' "$W/objects" | paste -d' ' "$W/objects" - |
		xargs -P"$JOBS" -L1 sh -c '"$0" --srctree "$1" --config include/generated/autoconf.h $3 "$4" 2>"$2/stderr/$5"' \
			"$tool" "$SRCTREE" "$d" "$args" 2>/dev/null &&
	while read -r o; do
		echo "== $o"
		sed '1s/^\(# inline-check findings [^\t]*\)\t[^\t]*/\1/' "$(dirname "$o")/.$(basename "$o").inline-findings" 2>/dev/null
	done <"$W/objects" >"$d/out/findings"
	"$tool" --summary --srctree "$SRCTREE" --config include/generated/autoconf.h \
		--json "$d/out/summary.json" --headers "$SRCTREE/arch/x86/include" \
		--headers "$SRCTREE/include" . >"$d/out/summary.out" 2>"$d/out/summary.err"
	for dir in kernel arch/x86; do
		"$tool" --summary --json "$d/out/summary-${dir//\//-}.json" "$dir" \
			>"$d/out/summary-${dir//\//-}.out" 2>"$d/out/summary-${dir//\//-}.err"
	done
	"$tool" --asm-wrappers --srctree "$SRCTREE" --build . "$SRCTREE"/arch/x86/include/asm/*.h \
		>"$d/out/wrappers.out" 2>"$d/out/wrappers.err"
	cat "$d"/stderr/* >"$d/out/warnings"
	# the JSON and the ranking name where the JSON is
	sed -i "s|$d/|DIR/|g" "$d"/out/*
	cd "$TOP" || exit 1
}

(cd "$TREE" && find . -name '.*.o.inline-report' | sed 's|^\./||; s|/\.\([^/]*\)\.inline-report$|/\1|' | sort) >"$W/objects"
[ -s "$W/objects" ] || die "no inline reports in ${TREE#$TOP/}: was it built with W=inline?"
for side in old new; do
	mkdir -p "$W/$side/stderr" "$W/$side/out"
done
checker old "$1"
checker new "${2:-}"
run old "${OLD_ARGS-}"
run new "${NEW_ARGS-}"
n=$(wc -l <"$W/objects")
for f in $(cd "$W/old/out" && ls); do
	if cmp -s "$W/old/out/$f" "$W/new/out/$f"; then
		ok "$f: the same ($(wc -l <"$W/old/out/$f") lines, $n objects)"
	else
		not_ok "$f differs: diff ${W#$TOP/}/old/out/$f ${W#$TOP/}/new/out/$f"
	fi
done
finish
