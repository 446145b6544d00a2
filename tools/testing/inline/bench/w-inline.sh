#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# What make W=inline costs, measured side by side in one run on the
# x86_64 defconfig of the patched 6.1 tree:
#
#   - wall time and CPU time of 'make W=inline DIR/' against a plain
#     'make DIR/', each from clean, RUNS times (default 3), alternating;
#     the best of each is compared (a shared machine only adds time);
#   - the checker's own time per object (every object checked again,
#     one after the other, as Kbuild runs it), against the compile time;
#   - the summary's time.
#
#   bench/w-inline.sh [DIR]      (default: kernel)
#
# Goals: W=inline <= 1.05x a plain build; the checker <= 2% of the
# compile time.

set -eu
TOP=$(cd "$(dirname "$0")/../../../.." && pwd)
. "$TOP/tools/testing/inline/lib/common.sh"

DIR=${1:-kernel}
DIR=${DIR%/}
B=$OUT/bench
mkdir -p "$B"
need_packages
patched_tree "$SRC"
for t in plain winline; do
	[ -f "$B/o-$t/.config" ] || configure "$SRC" "$B/o-$t"
	make -s -C "$SRC" O="$B/o-$t" -j"$JOBS" W=inline modules_prepare >/dev/null 2>&1
done

TIMEFORMAT='%R %U %S'
clean_dir() {
	find "$1/$DIR" \( -name '*.o' -o -name '*.a' -o -name '.*.cmd' -o \
		-name '.*.inline-*' \) -delete 2>/dev/null || true
}

# run NAME [W=inline]: one clean build of DIR; prints "real user sys"
run() {
	local t=$1
	shift
	clean_dir "$B/o-$t"
	sync
	{ time make -C "$B/o-$t" -j"$JOBS" "$@" "$DIR/" >"$B/$t.log" 2>&1 ; } 2>&1
}

RUNS=${RUNS:-3}
log "building $DIR/ from clean, $RUNS times each, alternating: plain, W=inline"
pruns=""
wruns=""
for i in $(seq "$RUNS"); do
	pruns="$pruns$(run plain)
"
	wruns="$wruns$(run winline W=inline)
"
done
# the best wall time, and the best CPU time (user+sys), of each
bestw() { echo -n "$1" | sort -n | head -1; }
bestc() { echo -n "$1" | awk '{ print $2 + $3 }' | sort -n | head -1; }
p=$(bestw "$pruns")
w=$(bestw "$wruns")
pr=${p%% *}
wr=${w%% *}
pcpu=$(bestc "$pruns")
wcpu=$(bestc "$wruns")
list() { echo -n "$1" | awk '{ printf "%s%s", sep, $1; sep = ", " }'; }

# The checker alone, on every object, as Kbuild calls it.
objs=$(cd "$B/o-winline" && find "$DIR" -name '.*.o.inline-findings' |
	sed 's|/\.\([^/]*\)\.inline-findings$|/\1|' | sort)
nobj=$(echo "$objs" | wc -w)
tool=$B/o-winline/scripts/inline/inline-check
c=$(cd "$B/o-winline" && { time for o in $objs; do
	"$tool" --srctree "$SRC" --config include/generated/autoconf.h "$o" 2>/dev/null
done ; } 2>&1)
ccpu=$(echo "$c" | awk '{ print $2 + $3 }')
s=$(cd "$B/o-winline" && { time "$tool" --summary --srctree "$SRC" \
	--json "$B/summary.json" --headers "$SRC/include" \
	--headers "$SRC/arch/x86/include" "$DIR" >/dev/null 2>&1 ; } 2>&1)

echo "W=inline benchmark: make $DIR/ on x86_64 defconfig, $(nproc) cores, $(gcc --version | head -1)"
printf '  plain build        %7.1f s  (runs: %s s)\n' "$pr" "$(list "$pruns")"
printf '  W=inline build     %7.1f s  (runs: %s s)\n' "$wr" "$(list "$wruns")"
awk -v w="$wr" -v p="$pr" 'BEGIN { printf "  ratio, wall        %7.3f x   (goal <= 1.05)\n", w / p }'
awk -v w="$wcpu" -v p="$pcpu" 'BEGIN { printf "  ratio, CPU         %7.3f x   (user+sys: %.1f s against %.1f s)\n", w / p, w, p }'
awk -v c="$ccpu" -v n="$nobj" -v cpu="$pcpu" 'BEGIN {
	printf "  checker            %7.1f ms per object, %d objects, %.2f s CPU\n", 1000 * c / n, n, c
	printf "  compile CPU        %7.1f s (user+sys of the plain build)\n", cpu
	printf "  checker / compile  %7.2f %%    (goal <= 2%%)\n", 100 * c / cpu }'
printf '  summary            %7.2f s\n' "${s%% *}"
