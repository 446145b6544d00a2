#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The real kernel: make W=inline kernel/ on the x86_64 defconfig, with GCC
# and with clang, judged object by object against the symbol table and the
# compiler's own preprocessed source; and the forced mode (CONFIG_OPTIMIZE_INLINING=n)
# building kernel/ and drivers/usb/host/ (where the one function that
# cannot be forced lives).
#
# Builds: kernel/ with W=inline and its .i files, with GCC (=y), clang 16
# and clang; kernel/, drivers/usb/host/ (=n).

set -u
TOP=$(cd "$(dirname "$0")/../../.." && pwd)
. "$TOP/tools/testing/inline/lib/common.sh"

W=$OUT/check/kernel
rm -rf "$W"
mkdir -p "$W"
DIR=${INLINE_TEST_DIR:-kernel}
y=$(obj_tree y) || exit 1

# judge TREE CC: make W=inline $DIR/ in TREE, built by CC (gcc or clang),
# judged object by object.
judge() {
	local t=$1 cc=$2 J=$W/$2 by= objects nobj nfind o e missing=0 extra=0 expected_total=0

	[ "$cc" = gcc ] || by="CC=$cc: "
	mkdir -p "$J/judge"
	# 1. W=inline on a real directory, every object compiled by this
	# build (from the cache when it is warm) and so checked by it.
	remove_objects "$t" "$DIR"
	touch "$J/build-start"
	check "${by}make W=inline $DIR/ succeeds on the defconfig (CONFIG_WERROR=y)" \
		sh -c "make -C '$t' CC=$cc -j'$JOBS' W=inline '$DIR/' >'$J/build.log' 2>&1"
	objects=$(c_objects "$t" "$DIR")
	nobj=$(echo "$objects" | wc -w)
	nfind=$(checked_by "$J/build-start" "$t" $objects | wc -l)
	check "${by}every C object of $DIR/ was checked by this build ($nfind of $nobj have new findings files)" \
		test "$nobj" -gt 100 -a "$nfind" = "$nobj"
	check "${by}the summary ran once and wrote inline-summary.json" \
		sh -c "[ \$(grep -c '^  INLINE  summary' '$J/build.log') = 1 ] && [ -f '$t/inline-summary.json' ]"
	check "${by}no diagnostic about the checker's own input" \
		sh -c "! grep -q 'warning: inline-check:' '$J/build.log'"

	# 2. The judge: for every function with a copy in an object (nm),
	# the compiler's preprocessed source (make foo.i) says whether it
	# was declared inline; exactly those, less inline_hint, must be
	# reported.
	log "preprocessing $nobj objects for the judge"
	(cd "$t" && make -s -C "$SRC" O="$t" CC="$cc" -j"$JOBS" \
		$(echo "$objects" | sed 's/\.o$/.i/') >"$J/cpp.log" 2>&1)
	check "${by}the judge reads every object's symbols and preprocessed source" \
		judge_all "$t" "$J" $objects
	for o in $objects; do
		e=$J/judge/$(echo "$o" | tr / _).expected
		[ -f "$e" ] || continue
		cp "$e" "$J/expected"
		reported "$t/$(dirname "$o")/.$(basename "$o").inline-findings" >"$J/reported"
		expected_total=$((expected_total + $(wc -l <"$J/expected")))
		if ! diff -q "$J/expected" "$J/reported" >/dev/null; then
			echo "== $o" >>"$J/judge.diff"
			diff "$J/expected" "$J/reported" >>"$J/judge.diff"
			missing=$((missing + $(comm -23 "$J/expected" "$J/reported" | wc -l)))
			extra=$((extra + $(comm -13 "$J/expected" "$J/reported" | wc -l)))
		fi
	done
	check "${by}every declared-inline function with a copy is reported ($expected_total in $nobj objects, $missing missed)" \
		test "$missing" = 0 -a "$expected_total" -gt 0
	check "${by}nothing else is reported ($extra reported that the judge does not expect)" \
		test "$extra" = 0
}

# expected OBJECT: inline_copies of OBJECT in tree $t, in
# $J/judge/OBJECT.expected.
expected() {
	local e=$J/judge/$(echo "$1" | tr / _).expected

	inline_copies "$t/$1" "$t/${1%.o}.i" >"$e.tmp" && mv "$e.tmp" "$e"
}

# judge_all TREE DIR OBJECT...: expected for each object, one per core.
judge_all() {
	local t=$1 J=$2

	shift 2
	export -f expected inline_copies
	export t J TOP
	printf '%s\n' "$@" | xargs -r -P "$JOBS" -n 1 bash -c 'expected "$1"' _
}

judge "$y" gcc

# 3. A known case, as FACTS.md measured it: cpumask_weight out of line in
# kernel/sched/core.o, and reported at its definition.
if [ "$DIR" = kernel ]; then
	check "kernel/sched/core.o has 't cpumask_weight'" \
		test "$(symbol_type "$y/kernel/sched/core.o" cpumask_weight)" = t
	check "and W=inline reports it at include/linux/cpumask.h:638:28, with GCC's reason" \
		grep -q "^include/linux/cpumask.h:638:28: warning: 'cpumask_weight' is declared inline but has .*max-inline-insns-single limit reached \[inline-not-inlined\]" "$W/gcc/build.log"
fi

# 4. Clang: the same judge, from its -Rpass-missed=inline remarks, with
# clang 14 and clang 16.
c16=$(obj_tree clang-16 CC=clang-16) || exit 1
judge "$c16" clang-16
c=$(obj_tree clang CC=clang) || exit 1
judge "$c" clang
nreason=$(grep -c "warning: .*: too costly to inline (cost=[0-9]*, threshold=[0-9]*) \[inline-not-inlined\]" "$W/clang/build.log")
check "CC=clang: its warnings give clang's reason, with cost and threshold ($nreason)" \
	test "$nreason" -gt 0
# A remark whose call has no location is followed by a note saying so
# (kernel/sched/fair.c): it goes to the report with its remark.
nnotes=$(cat "$c"/kernel/sched/.*.inline-report | grep -c ': note: could not determine the original source location')
check "CC=clang: no remark, and no note of one, reaches the build log ($nnotes such notes in kernel/sched/'s reports)" \
	sh -c "[ '$nnotes' -gt 0 ] && ! grep -q 'remark:\|could not determine the original source location' '$W/clang/build.log'"

# 5. The forced mode builds where it matters.
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
