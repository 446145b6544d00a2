#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Every fix that make W=inline proposes for a directory, applied at once:
# what is left to warn about, and what the text becomes.
#
#   fixes-experiment.sh [DIR/]...      (default: kernel/ arch/x86/)
#
# 1. make W=inline INLINE_FIXITS=1 DIR on the patched tree of KVER (the
#    x86_64 defconfig, CONFIG_OPTIMIZE_INLINING=y), which writes
#    inline-fixes.patch;
# 2. a second source tree, the same, with that patch applied by git apply;
# 3. make W=inline DIR on it, in an O= tree of its own.
#
# Prints the fixes by kind, the warnings and notes before and after, and
# the text of DIR/built-in.a (size(1)) before and after, and keeps them in
# out/fixes-experiment-<KVER>.txt. Two builds of DIR and their prepare:
# about 15 minutes each on 2 cores from an empty ccache, 2 when warm.

set -eu
TOP=$(cd "$(dirname "$0")/../../.." && pwd)
. "$TOP/tools/testing/inline/lib/common.sh"

experiment_names fixes-experiment "$@"
experiment_start
SRC=$CHECK/linux
patched_tree "$SRC"
mkdir -p "$E"

text_of() {	# OBJ: the text of DIRS' built-in.a, summed
	text_size $(for d in $DIRS; do echo "$1/${d%/}/built-in.a"; done)
}

# diags LOG CLASSES: how many of the checker's diagnostics of these classes
diags() {
	grep -cE ": (warning|note): .*\[($2)\]\$" "$1" || true
}

WARN='inline-not-inlined|asm-wrapper-not-inlined|asm-inline-without-asm|forced-not-inlined'
NOTE='address-taken|external-inline|dead-copy|inlining-off'

build_dirs "$SRC" "$E/o-before" "$E/before.log" $DIRS
[ -f "$E/o-before/inline-fixes.patch" ] || die "no inline-fixes.patch: nothing to fix in $DIRS"
cp "$E/o-before/inline-fixes.patch" "$E/inline-fixes.patch"

# The tree with the fixes: links to the pristine files but those the
# series and the fixes change, which are written anew.
log "applying the fixes in ${E#$TOP/}/src"
rm -rf "$E/src"
patched_tree "$E/src"
for f in $(sed -n 's|^+++ b/||p' "$E/inline-fixes.patch"); do
	cp "$E/src/$f" "$E/src/$f.tmp" && mv "$E/src/$f.tmp" "$E/src/$f"
done
GIT_CEILING_DIRECTORIES=$E git -C "$E/src" apply "$E/inline-fixes.patch" ||
	die "inline-fixes.patch does not apply"
rm -rf "$E/o-after"
build_dirs "$E/src" "$E/o-after" "$E/after.log" $DIRS

{
	echo "make W=inline $DIRS, Linux $(make -s -C "$SRC" kernelversion 2>/dev/null), $(gcc --version | head -1)"
	echo
	echo "fixes in inline-fixes.patch, by kind (fix-it lines, one per place):"
	grep '^fix-it:' "$E/before.log" | sort -u | sed 's/.*:"\([^"]*\)"$/\1/' |
		sed 's/^$/(inline removed)/; s/^static $/static added/' | sort | uniq -c
	printf '%-40s %10s %10s\n' "" before after
	printf '%-40s %10s %10s\n' "warnings" "$(diags "$E/before.log" "$WARN")" "$(diags "$E/after.log" "$WARN")"
	printf '%-40s %10s %10s\n' "notes" "$(diags "$E/before.log" "$NOTE")" "$(diags "$E/after.log" "$NOTE")"
	printf '%-40s %10s %10s\n' "text of $DIRS built-in.a" "$(text_of "$E/o-before")" "$(text_of "$E/o-after")"
	echo
	echo "warnings left after the fixes:"
	grep -E ": warning: .*\[($WARN)\]\$" "$E/after.log" || echo "  none"
} | tee "$RESULT"
