#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The 2009 experiment on 6.1: the text size of kernel/ and arch/x86/
# (or of vmlinux.o with VMLINUX=1) built with 'inline' forced
# (always-inline, CONFIG_OPTIMIZE_INLINING=n), left to GCC
# (optimize-inlining, =y), then with each x86 annotation patch of the
# series applied in turn, printed as Ingo Molnar's tables.
#
#   size-experiment.sh [OUTFILE]     (default: out/size-tables.txt)
#
# One source tree is patched step by step and one O= tree rebuilt
# incrementally; after each step the built-in.a archives (or vmlinux.o)
# are copied, so that the tables can be printed from files at the end.
#
# vmlinux.o rather than vmlinux: the final link aligns the x86_64 text to
# 2 MB around the entry code (page table isolation), so 'size vmlinux'
# moves in 2 MB steps and shows unwind tables, not code. With VMLINUX=1
# every step rebuilds most of the kernel (~15 min on 2 cores each).

set -eu
TOP=$(cd "$(dirname "$0")/../../.." && pwd)
. "$TOP/tools/testing/inline/lib/common.sh"

RESULT=${1:-$OUT/size-tables.txt}
E=$OUT/size-experiment
TARGETS="kernel/ arch/x86/"
[ "${VMLINUX:-0}" = 1 ] && TARGETS="vmlinux"
mkdir -p "$E/snap"
need_packages
PRIS=$(pristine_tree) || exit 1

# The annotation patches: those of the series after the documentation.
all=$(grep -v '^#' "$TOP/patches/series" | grep .)
annotations=$(echo "$all" | sed -n '/^docs-inline.patch$/,$p' | tail -n +2)
base=$(echo "$all" | sed '/^docs-inline.patch$/q')

# A tree with the series up to the documentation.
link_tree "$E/linux"
(cd "$E/linux" && for f in $(series_new_files); do
	mkdir -p "$(dirname "$f")"; cp "$TOP/$f" "$f"; done
 for p in $base; do patch -p1 -s -F0 -i "$TOP/patches/$p"; done)
# the annotation patches' own new files (none so far) come with them

# snap STEP TARGET: where a step's copy of a target is kept
snap() {
	if [ "$2" = vmlinux ]; then echo "$E/snap/$1.vmlinux"
	else echo "$E/snap/$1.$(echo "${2%/}" | tr / -).a"; fi
}

snapshot() {		# snapshot OBJTREE STEP
	local t a
	for t in $TARGETS; do
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
	make -C "$E/linux" O="$1" -j"$JOBS" $TARGETS >"$2" 2>&1 ||
		die "build failed: see $2"
}

log "always-inline: CONFIG_OPTIMIZE_INLINING=n"
configure "$E/linux" "$E/o-n" OPTIMIZE_INLINING=n
build "$E/o-n" "$E/always-inline.log"
snapshot "$E/o-n" always-inline
rm -rf "$E/o-n"

log "optimize-inlining: CONFIG_OPTIMIZE_INLINING=y"
configure "$E/linux" "$E/o-y"
build "$E/o-y" "$E/optimize-inlining.log"
snapshot "$E/o-y" optimize-inlining

steps="always-inline optimize-inlining"
for p in $annotations; do
	log "$p"
	patch -d "$E/linux" -p1 -s -F0 -i "$TOP/patches/$p"
	build "$E/o-y" "$E/$p.log"
	snapshot "$E/o-y" "$p"
	steps="$steps $p"
done

{
	for t in $TARGETS; do
		args=()
		for st in $steps; do
			[ "$st" = "$(echo "$annotations" | head -1)" ] &&
				args+=("" "asm-inline-0.patch=$(snap optimize-inlining "$t")")
			name=$st
			case $st in *.patch) ;; *) name=$st.patch ;; esac
			args+=("$name=$(snap "$st" "$t")")
		done
		"$TOP/tools/testing/inline/size-table.sh" --title " ( Object size tests on kernel: $(make -s -C "$E/linux" kernelversion)
 (                       using: $(gcc --version | head -1)
 (                      target: $t $([ "$t" = vmlinux ] && echo vmlinux.o || echo "${t}built-in.a")
 (                      config: x86.64.defconfig
 (                        date: $(date -u +%Y-%m-%d)" "${args[@]}"
		echo
	done
} >"$RESULT"
cat "$RESULT"
