#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# make demo: the series on Debian's linux-source-$KVER (6.12 unless
# KVER=6.1), x86_64 defconfig, one part of the kernel (DEMO_DIR, default
# kernel/) built with CONFIG_OPTIMIZE_INLINING=y and =n, both with
# W=inline, and what differs.

set -eu
TOP=$(cd "$(dirname "$0")/../../.." && pwd)
KVER=${KVER:-6.12}
. "$TOP/tools/testing/inline/lib/common.sh"

DEMO_DIR=${DEMO_DIR:-kernel}
DEMO_DIR=${DEMO_DIR%/}
if [ "$KVER" = 6.1 ]; then D=$OUT/demo; else D=$OUT/demo-$KVER; fi
mkdir -p "$D"
need_packages
log "the $KVER tree: $TARBALL"
pristine_tree >/dev/null
patched_tree "$D/linux"

for m in y n; do
	obj=$D/o-$m
	if [ ! -f "$obj/.demo-stamp" ] ||
	   [ "$(cat "$obj/.demo-stamp")" != "$(cat "$D/linux/.series-stamp")" ]; then
		rm -rf "$obj"
		if [ $m = y ]; then configure "$D/linux" "$obj"
		else configure "$D/linux" "$obj" OPTIMIZE_INLINING=n; fi
		cat "$D/linux/.series-stamp" >"$obj/.demo-stamp"
	fi
	log "CONFIG_OPTIMIZE_INLINING=$m: make W=inline $DEMO_DIR/ (log: ${obj#$TOP/}.log)"
	t0=$(date +%s)
	if ! make -C "$obj" -j"$JOBS" W=inline "$DEMO_DIR/" >"$obj.log.new" 2>&1; then
		mv "$obj.log.new" "$obj.log"
		die "the build failed; see ${obj#$TOP/}.log"
	fi
	# A make that compiled nothing (the demo run again) printed no
	# object's warnings, and took no build's time: the log and the time
	# of the build that did are kept.
	if grep -q '^  CC ' "$obj.log.new" || [ ! -f "$obj.log" ] || [ ! -f "$obj.time" ]; then
		mv "$obj.log.new" "$obj.log"
		echo "$(( $(date +%s) - t0 ))" >"$obj.time"
	else
		rm -f "$obj.log.new"
		log "$DEMO_DIR/ was up to date: its log and build time are the last build's"
	fi
done

echo
echo "=== $DEMO_DIR/ on Linux $(sed -n 's/^SUBLEVEL = //p' "$D/linux/Makefile" | sed "s/^/$KVER./"), x86_64 defconfig, $(gcc --version | head -1)"
echo
"$TOP/tools/testing/inline/size-table.sh" \
	always-inline="$D/o-n/$DEMO_DIR/built-in.a" \
	optimize-inlining="$D/o-y/$DEMO_DIR/built-in.a"
echo
echo "=== objects whose text differs most (=n minus =y, bytes)"
(cd "$D/o-y" && find "$DEMO_DIR" -name '*.o' ! -name '*.mod.o') | sort | while read -r o; do
	[ -f "$D/o-n/$o" ] || continue
	a=$(text_size "$D/o-n/$o")
	b=$(text_size "$D/o-y/$o")
	[ "$a" != "$b" ] && echo "$((a - b)) $a $b $o"
done | awk '{ d = $1 < 0 ? -$1 : $1; print d, $0 }' | sort -k1,1nr | head -10 |
	awk 'BEGIN { printf "%8s %10s %10s  %s\n", "delta", "=n", "=y", "object" }
	     { printf "%8d %10d %10d  %s\n", $2, $3, $4, $5 }'

for m in y n; do
	echo
	if [ $m = y ]; then
		echo "=== CONFIG_OPTIMIZE_INLINING=y: what the compiler left out of line (make W=inline)"
	else
		echo "=== CONFIG_OPTIMIZE_INLINING=n: copies left when 'inline' is an order"
	fi
	grep -E ': (warning|note): ' "$D/o-$m.log" | grep -v 'inline-check:' | head -12
	n=$(grep -cE ': (warning|note): ' "$D/o-$m.log" || true)
	[ "$n" -gt 12 ] && echo "... ($n diagnostics in all, in ${D#$TOP/}/o-$m.log)"
	sed -n '/^W=inline: /,/^make/p' "$D/o-$m.log" | grep -v '^make' | head -14
done
if [ -f "$D/o-y/inline-fixes.patch" ]; then
	echo
	echo "=== the $(grep -c '^+[^+]' "$D/o-y/inline-fixes.patch") fixes W=inline proposes for =y, in ${D#$TOP/}/o-y/inline-fixes.patch"
	echo "    (git apply it at the top of the tree; make W=inline INLINE_FIXITS=1 prints each after its warning)"
	# each changed line as FILE:LINE: its new text
	awk '/^\+\+\+ b\// { f = substr($0, 7); next }
	     /^@@ / { split($3, a, ","); n = substr(a[1], 2); next }
	     /^\+/ { t = substr($0, 2); sub(/[ \t\\]+$/, "", t)
		     printf "%s:%d: %s\n", f, n++, t; next }
	     /^ / { n++ }' "$D/o-y/inline-fixes.patch" | head -8
fi
echo
echo "=== build time of $DEMO_DIR/ with W=inline: =y $(cat "$D/o-y.time") s, =n $(cat "$D/o-n.time") s"
echo "    the trees: ${D#$TOP/}/linux (patched), ${D#$TOP/}/o-y, ${D#$TOP/}/o-n"
