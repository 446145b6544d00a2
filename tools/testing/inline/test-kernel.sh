#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The real kernel: make W=inline kernel/ on the x86_64 defconfig, judged
# object by object against the symbol table and the compiler's own
# preprocessed source; and the forced mode (CONFIG_OPTIMIZE_INLINING=n)
# building kernel/ and drivers/usb/host/ (where the one function that
# cannot be forced lives).
#
# Builds: kernel/ with W=inline and its .i files (=y); kernel/, drivers/usb/host/ (=n).

set -u
TOP=$(cd "$(dirname "$0")/../../.." && pwd)
. "$TOP/tools/testing/inline/lib/common.sh"

W=$OUT/check/kernel
rm -rf "$W"
mkdir -p "$W"
DIR=${INLINE_TEST_DIR:-kernel}
y=$(obj_tree y) || exit 1

# 1. W=inline on a real directory, every object compiled by this build
# (from the cache when it is warm) and so checked by it.
remove_objects "$y" "$DIR"
touch "$W/build-start"
check "make W=inline $DIR/ succeeds on the defconfig (CONFIG_WERROR=y)" \
	sh -c "make -C '$y' -j'$JOBS' W=inline '$DIR/' >'$W/build.log' 2>&1"
objects=$(c_objects "$y" "$DIR")
nobj=$(echo "$objects" | wc -w)
nfind=$(checked_by "$W/build-start" "$y" $objects | wc -l)
check "every C object of $DIR/ was checked by this build ($nfind of $nobj have new findings files)" \
	test "$nobj" -gt 100 -a "$nfind" = "$nobj"
check "the summary ran once and wrote inline-summary.json" \
	sh -c "[ \$(grep -c '^  INLINE  summary' '$W/build.log') = 1 ] && [ -f '$y/inline-summary.json' ]"
check "no diagnostic about the checker's own input" \
	sh -c "! grep -q 'warning: inline-check:' '$W/build.log'"

# 2. The judge: for every function with a copy in an object (nm), the
# compiler's preprocessed source (make foo.i) says whether it was
# declared inline; exactly those, less inline_hint, must be reported.
log "preprocessing $nobj objects for the judge"
(cd "$y" && make -s -C "$SRC" O="$y" -j"$JOBS" $(echo "$objects" | sed 's/\.o$/.i/') \
	>"$W/cpp.log" 2>&1)
# expected OBJECT: inline_copies of OBJECT, in judge/OBJECT.expected. One
# per core at once.
expected() {
	local e=$W/judge/$(echo "$1" | tr / _).expected

	inline_copies "$y/$1" "$y/${1%.o}.i" >"$e.tmp" && mv "$e.tmp" "$e"
}
judge_all() {
	export -f expected inline_copies
	export y W TOP
	echo "$objects" | xargs -r -P "$JOBS" -n 1 bash -c 'expected "$1"' _
}
mkdir -p "$W/judge"
check "the judge reads every object's symbols and preprocessed source" judge_all
missing=0
extra=0
expected_total=0
for o in $objects; do
	e=$W/judge/$(echo "$o" | tr / _).expected
	[ -f "$e" ] || continue
	cp "$e" "$W/expected"
	reported "$y/$(dirname "$o")/.$(basename "$o").inline-findings" >"$W/reported"
	expected_total=$((expected_total + $(wc -l <"$W/expected")))
	if ! diff -q "$W/expected" "$W/reported" >/dev/null; then
		echo "== $o" >>"$W/judge.diff"
		diff "$W/expected" "$W/reported" >>"$W/judge.diff"
		missing=$((missing + $(comm -23 "$W/expected" "$W/reported" | wc -l)))
		extra=$((extra + $(comm -13 "$W/expected" "$W/reported" | wc -l)))
	fi
done
check "every declared-inline function with a copy is reported ($expected_total in $nobj objects, $missing missed)" \
	test "$missing" = 0 -a "$expected_total" -gt 0
check "nothing else is reported ($extra reported that the judge does not expect)" \
	test "$extra" = 0

# 3. A known case, as FACTS.md measured it: cpumask_weight out of line in
# kernel/sched/core.o, and reported at its definition.
if [ "$DIR" = kernel ]; then
	check "kernel/sched/core.o has 't cpumask_weight'" \
		test "$(symbol_type "$y/kernel/sched/core.o" cpumask_weight)" = t
	check "and W=inline reports it at include/linux/cpumask.h:638:28, with GCC's reason" \
		grep -q "^include/linux/cpumask.h:638:28: warning: 'cpumask_weight' is declared inline but has .*max-inline-insns-single limit reached \[inline-not-inlined\]" "$W/build.log"
fi

# 4. The forced mode builds where it matters.
n=$(obj_tree n OPTIMIZE_INLINING=n) || exit 1
check "CONFIG_OPTIMIZE_INLINING=n: make kernel/ builds" \
	sh -c "make -C '$n' -j'$JOBS' kernel/ >'$W/forced-kernel.log' 2>&1"
check "CONFIG_OPTIMIZE_INLINING=n: make drivers/usb/host/ builds (xhci-trace.o)" \
	sh -c "make -C '$n' -j'$JOBS' drivers/usb/host/ >'$W/forced-usb.log' 2>&1 &&
	       [ -f '$n/drivers/usb/host/xhci-trace.o' ]"
check "=n: cpumask_weight is inlined in kernel/sched/core.o" \
	absent "$n/kernel/sched/core.o" cpumask_weight schedule
if [ "$DIR" = kernel ]; then
	"$TOP/tools/testing/inline/size-table.sh" y="$y/kernel/built-in.a" \
		n="$n/kernel/built-in.a" >"$W/size-table" 2>&1
	# column 2: the text; for =n, columns 3 and 4: the delta and percent
	table() { awk -v n="$1" -v c="$2" '$1 == n ":" { gsub(/[()%]/, ""); print $c }' "$W/size-table"; }
	# size(1) member by member, summed here rather than by size -t
	text() { size "$1" | awk 'NR > 1 { s += $1 } END { if (NR > 1) print s }'; }
	sy=$(text "$y/kernel/built-in.a")
	sn=$(text "$n/kernel/built-in.a")
	check "the size table counts kernel/built-in.a text as size(1) does, =y ($sy)" \
		equal "$(table y 2)" "$sy"
	check "and =n ($sn)" equal "$(table n 2)" "$sn"
	check "the =n row: its delta from =y ($((sn - sy))) and in percent of its own size" \
		sh -c "[ '$(table n 3)' = $((sn - sy)) ] &&
		       [ '$(table n 4)' = $(awk -v n="$sn" -v y="$sy" 'BEGIN { printf "%.3f", 100 * (n - y) / n }') ]"
	check "the two modes build different kernel/ text (=n $((sn - sy)) bytes against =y)" \
		test "$sy" -gt 1000000 -a "$sn" -gt 1000000 -a "$sy" != "$sn"
fi

finish
