#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The 2009 experiment on 6.1 or 6.12 (KVER=): the text size of kernel/
# and arch/x86/ built with 'inline' forced (always-inline, CONFIG_OPTIMIZE_INLINING=n),
# left to the compiler (optimize-inlining, =y), then with each x86
# annotation patch of the series applied in turn, printed as Ingo
# Molnar's tables.
#
#   size-experiment.sh [CC=<compiler> | LLVM=1]... [OUTFILE]
#
# CC= and LLVM= go to make, as for a kernel build: LLVM=1 measures clang.
# The tables go to OUTFILE (default: out/size-tables-<KVER>-<compiler>.txt).
#
# With VMLINUX=1 the whole vmlinux is built instead, and vmlinux.o is
# measured besides kernel/ and arch/x86/, with the annotation patches
# applied all at once (all-x86-annotations): three full builds, about
# 10 to 15 minutes each on 2 cores.
#
# One source tree is patched step by step and one O= tree rebuilt
# incrementally; after each step the built-in.a archives (and vmlinux.o)
# are copied, so that the tables can be printed from files at the end.
# The builds go through ccache (lib/common.sh), so that a second run
# costs little.
#
# vmlinux.o rather than vmlinux: the final link aligns the x86_64 text to
# 2 MB around the entry code (page table isolation), so 'size vmlinux'
# moves in 2 MB steps and shows unwind tables, not code.

set -eu
TOP=$(cd "$(dirname "$0")/../../.." && pwd)
. "$TOP/tools/testing/inline/lib/common.sh"

RESULT= MK=()
for arg; do
	case $arg in
	CC=?*|LLVM=?*) MK+=("$arg") ;;
	-*|*=*) die "size-experiment.sh: '$arg': expected CC=<compiler>, LLVM=1 or an output file" ;;
	*) [ -z "$RESULT" ] || die "size-experiment.sh: one output file, not '$RESULT' and '$arg'"
	   RESULT=$arg ;;
	esac
done
# the compiler's name, for the default file and the work directory
cc=$(basename "$(compiler_of ${MK[@]+"${MK[@]}"})")
if [ "${VMLINUX:-0}" = 1 ]; then
	BUILD=vmlinux TABLES="kernel/ arch/x86/ vmlinux"
	RESULT=${RESULT:-$OUT/size-tables-$KVER-vmlinux-$cc.txt}
else
	BUILD="kernel/ arch/x86/" TABLES="kernel/ arch/x86/"
	RESULT=${RESULT:-$OUT/size-tables-$KVER-$cc.txt}
fi
E=$OUT/size-experiment-$KVER-$cc
rm -rf "$E/snap"
mkdir -p "$E/snap"
need_compiler "$cc"
build_cache
PRIS=$(pristine_tree) || exit 1

# The annotation patches: those of the series after the documentation.
all=$(grep -v '^#' "$SERIES/series" | grep .)
annotations=$(echo "$all" | sed -n '/^docs-inline.patch$/,$p' | tail -n +2)
base=$(echo "$all" | sed '/^docs-inline.patch$/q')

# A tree with the series up to the documentation.
link_tree "$E/linux"
(cd "$E/linux" && for f in $(series_new_files); do
	mkdir -p "$(dirname "$f")"; cp "$TOP/$f" "$f"; done
 for p in $base; do patch -p1 -s -F0 -i "$SERIES/$p"; done)
# the annotation patches' own new files (none so far) come with them

# snap STEP TARGET: where a step's copy of a target is kept
snap() {
	if [ "$2" = vmlinux ]; then echo "$E/snap/$1.vmlinux"
	else echo "$E/snap/$1.$(echo "${2%/}" | tr / -).a"; fi
}

snapshot() {		# snapshot OBJTREE STEP
	local t a
	for t in $TABLES; do
		a=$(snap "$2" "$t")
		rm -f "$a"
		if [ "$t" = vmlinux ]; then
			cp "$1/vmlinux.o" "$a"
		else	# a real archive of the thin one's members
			(cd "$1" && ar crD "$a" $(ar t "${t}built-in.a"))
		fi
	done
}

build() {		# build OBJTREE LOG
	make -C "$E/linux" O="$1" ${MK[@]+"${MK[@]}"} -j"$JOBS" $BUILD >"$2" 2>&1 ||
		die "build failed: see $2"
}

log "always-inline: CONFIG_OPTIMIZE_INLINING=n"
configure "$E/linux" "$E/o-n" ${MK[@]+"${MK[@]}"} OPTIMIZE_INLINING=n
build "$E/o-n" "$E/always-inline.log"
snapshot "$E/o-n" always-inline
# the compiler that built it, as the kernel recorded it
using=$(sed -n 's/^CONFIG_CC_VERSION_TEXT="\(.*\)"$/\1/p' "$E/o-n/.config")
rm -rf "$E/o-n"

log "optimize-inlining: CONFIG_OPTIMIZE_INLINING=y"
configure "$E/linux" "$E/o-y" ${MK[@]+"${MK[@]}"}
build "$E/o-y" "$E/optimize-inlining.log"
snapshot "$E/o-y" optimize-inlining

steps="always-inline optimize-inlining"
if [ -z "$annotations" ]; then
	log "no x86 annotation patches in patches/$KVER/"
elif [ "${VMLINUX:-0}" = 1 ]; then
	log "all-x86-annotations: $(echo $annotations)"
	for p in $annotations; do
		patch -d "$E/linux" -p1 -s -F0 -i "$SERIES/$p"
	done
	build "$E/o-y" "$E/all-x86-annotations.log"
	snapshot "$E/o-y" all-x86-annotations
	steps="$steps all-x86-annotations"
else
	for p in $annotations; do
		log "$p"
		patch -d "$E/linux" -p1 -s -F0 -i "$SERIES/$p"
		build "$E/o-y" "$E/$p.log"
		snapshot "$E/o-y" "$p"
		steps="$steps $p"
	done
fi

{
	for t in $TABLES; do
		args=()
		for st in $steps; do
			[ "$st" = "$(echo "$annotations" | head -1)" ] ||
			[ "$st" = all-x86-annotations ] &&
				args+=("" "asm-inline-0.patch=$(snap optimize-inlining "$t")")
			name=$st
			case $st in *.patch) ;; *) name=$st.patch ;; esac
			args+=("$name=$(snap "$st" "$t")")
		done
		"$TOP/tools/testing/inline/size-table.sh" --title " ( Object size tests on kernel: $(make -s -C "$E/linux" kernelversion)
 (                       using: $using
 (                      target: $t $([ "$t" = vmlinux ] && echo vmlinux.o || echo "${t}built-in.a")
 (                      config: x86.64.defconfig
 (                        date: $(date -u +%Y-%m-%d)" "${args[@]}"
		echo
	done
} >"$RESULT"
cat "$RESULT"
