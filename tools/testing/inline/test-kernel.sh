#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The real kernel: make W=inline kernel/ on the x86_64 defconfig, with GCC
# and with clang, judged object by object against the symbol table, the
# compiler's own preprocessed source and objdump's calls; and the forced mode
# (CONFIG_OPTIMIZE_INLINING=n): kernel/ with clang, judged from the
# symbols and relocations against the hint build, and kernel/ and
# drivers/usb/host/ (where the one function that cannot be forced lives)
# with GCC.
#
# Builds: kernel/ with W=inline and its .i files, with GCC (=y) and clang,
# kernel/sched/ so with clang 16; kernel/ with clang (=n); kernel/,
# drivers/usb/host/ (=n).

set -u
TOP=$(cd "$(dirname "$0")/../../.." && pwd)
. "$TOP/tools/testing/inline/lib/common.sh"

W=$CHECK/kernel
rm -rf "$W"
mkdir -p "$W"
DIR=${INLINE_TEST_DIR:-kernel}
y=$(obj_tree y) || exit 1

# judge TREE CC [DIR LEAST]: make W=inline DIR/ ($DIR/ unless given) in
# TREE, built by CC (gcc or clang), judged object by object; DIR has more
# than LEAST C objects (100).
judge() {
	local t=$1 cc=$2 J=$W/$2 DIR=${3:-$DIR} least=${4:-100}
	local by= objects nobj nfind o e missing=0 extra=0 expected_total=0

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
		test "$nobj" -gt "$least" -a "$nfind" = "$nobj"
	check "${by}the summary ran once and wrote inline-summary.json" \
		sh -c "[ \$(grep -c '^  INLINE  summary' '$J/build.log') = 1 ] && [ -f '$t/inline-summary.json' ]"
	check "${by}no diagnostic about the checker's own input" \
		sh -c "! grep -q 'warning: inline-check:' '$J/build.log'"
	# the calls the estimate pastes a body at, against a disassembler's
	python3 "$TOP/tools/testing/inline/lib/estimate.py" calls \
		"$t/inline-summary.json" "$t" >"$J/calls.txt" 2>&1
	check "${by}the calls in the code of each function of inline-summary.json are its calls and jumps in objdump -dr ($(tail -1 "$J/calls.txt"))" \
		sh -c "tail -1 '$J/calls.txt' | grep -q '^[1-9][0-9]* calls .*; 0 differ;'"

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
		e=$J/judge/${o//\//_}.expected
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

# judge_all TREE DIR OBJECT...: inline_copies of each OBJECT in TREE, in
# DIR/judge/OBJECT.expected, and the reader's view of each copy in
# DIR/judge/OBJECT.kinds, as "OBJECT NAME KIND FILE" lines. Fails when
# one cannot be read.
judge_all() {
	local t=$1 J=$2 o e unread=0

	shift 2
	for o in "$@"; do
		e=$J/judge/${o//\//_}
		echo "$t/$o $t/${o%.o}.i $e.k $e.expected"
	done | inline_copies_each
	for o in "$@"; do
		e=$J/judge/${o//\//_}
		[ -f "$e.expected" ] || unread=$((unread + 1))
		[ ! -f "$e.k" ] || sed "s|^|$o |" "$e.k" >"$e.kinds"
		rm -f "$e.k"
	done
	[ "$unread" = 0 ]
}

judge "$y" gcc

# A hand run, as inline.rst shows one: inline-check OBJECT, no option,
# in the object tree, from the object's directory, and from outside the
# tree. It must take the tree's configuration, as Kbuild's --config
# gives it, and report just what the judge expects: without it, fair.c's
# !CONFIG_SMP stub of sched_balance_newidle() stood for the function the
# build compiled, and was reported. Run from elsewhere, it must read the
# .cmd file's paths (relative to the object tree) and name the files as
# the build named them: its warnings are the build's lines for fair.c.
# hand NAME DIR OBJECT WHERE: the run in DIR, $W/hand-NAME.{findings,log}
hand() {
	local h=$W/hand-$1

	rm -f "$h.findings"
	(cd "$2" && "$y/scripts/inline/inline-check" --findings "$h.findings" "$3") \
		>"$h.log" 2>&1
	reported "$h.findings" >"$h.reported" 2>/dev/null
	check "a hand run of inline-check ${3#"$y"/} $4, no option, reports what the judge expects ($(wc -l <"$h.reported") functions)" \
		sh -c "[ -s '$h.reported' ] && diff -u '$W/gcc/judge/kernel_sched_fair.o.expected' '$h.reported' >'$h.diff'"
	findings_named "$h.log" >"$h.named"
	check "it names the functions at the places the build's warnings name them ($(wc -l <"$h.named") places)" \
		bash -c "[ -s '$h.named' ] && grep '^kernel/sched/fair\.c:' '$W/gcc/build.log' | findings_named | diff -u - '$h.named' >>'$h.diff'"
}
# findings_named [LOG]: FILE:LINE:COL NAME of each finding a log prints
# (after a cache hit, a hand run has no report, and its text differs)
findings_named() {
	sed -nE "s/^([^ :]+:[0-9]+:[0-9]+): (warning|note): '([^']+)'.*/\1 \3/p" "$@"
}
# ranking LOG: the summary's total and ranking in LOG, less where its
# JSON is
ranking() {
	sed -n '/^W=inline: [0-9]* objects checked/,/ more in /p' "$1" |
		sed 's/ in [^ ]*json$//'
}
export -f findings_named ranking
if [ "$DIR" = kernel ]; then
	hand tree "$y" kernel/sched/fair.o "in the object tree"
	hand dir "$y/kernel/sched" fair.o "in its directory"
	hand outside "$W" "$y/kernel/sched/fair.o" "from outside the tree"
	# and the summary, by hand from outside the tree: the build's
	# (make W=inline kernel/ just ran it, on kernel/)
	(cd "$W" && "$y/scripts/inline/inline-check" --summary --json hand.json \
		--fixes hand-fixes.patch "$y/kernel") >"$W/hand-summary.log" 2>&1
	check "a hand run of inline-check --summary kernel/ from outside the tree writes the build's inline-fixes.patch ($(grep -c '^+[^+]' "$W/hand-fixes.patch" 2>/dev/null) fixes) and inline-summary.json" \
		sh -c "[ -s '$W/hand-fixes.patch' ] && cmp -s '$y/inline-fixes.patch' '$W/hand-fixes.patch' && cmp -s '$y/inline-summary.json' '$W/hand.json'"
	check "and ranks the functions as the build did" \
		bash -c "ranking '$W/gcc/build.log' >'$W/rank.build' &&
			 ranking '$W/hand-summary.log' >'$W/rank.hand' &&
			 [ -s '$W/rank.build' ] && diff -u '$W/rank.build' '$W/rank.hand' >'$W/rank.diff'"
fi

# 3. A known case of each tree, as measured there: a header function out
# of line in one object (OBJECT FUNCTION LOCATION WITNESS, the witness a
# function the object defines), and reported at its definition with
# GCC's reason.
case $KVER in
6.1)	known="kernel/sched/core.o cpumask_weight include/linux/cpumask.h:638:28 schedule" ;;
6.12)	known="kernel/power/snapshot.o pfn_valid include/linux/mmzone.h:2026:19 swsusp_save" ;;
esac
read -r ko kf kl kw <<<"$known"
if [ "$DIR" = kernel ]; then
	check "$ko has 't $kf'" test "$(symbol_type "$y/$ko" "$kf")" = t
	check "and W=inline reports it at $kl, with GCC's reason" \
		grep -q "^$kl: warning: '$kf' is declared inline but has .*max-inline-insns-single limit reached \[inline-not-inlined\]" "$W/gcc/build.log"
fi

# 4. Clang: the same judge, from its -Rpass-missed=inline remarks, with
# clang 14, and with clang 16 (whose remarks are worded otherwise) on
# kernel/sched/ alone, to save time: its four objects have a tenth of
# kernel/'s remarks and a fifth of its findings (6.1).
c16=$(obj_tree clang-16 CC=clang-16) || exit 1
if [ "$DIR" = kernel ]; then
	judge "$c16" clang-16 kernel/sched 3
else
	judge "$c16" clang-16
fi
c=$(obj_tree clang CC=clang) || exit 1
judge "$c" clang
nreason=$(grep -c "warning: .*: too costly to inline (cost=[0-9]*, threshold=[0-9]*) \[inline-not-inlined\]" "$W/clang/build.log")
check "CC=clang: its warnings give clang's reason, with cost and threshold ($nreason)" \
	test "$nreason" -gt 0
# A remark whose call has no location is followed by a note saying so
# (kernel/sched/fair.c on 6.1): it goes to the report with its remark.
# The build went through ccache, where a hit writes no report: fair.o is
# compiled once more (CCACHE_RECACHE), and checked, to have one.
rm -f "$c/kernel/sched/fair.o"
CCACHE_RECACHE=1 make -C "$c" CC=clang W=inline kernel/sched/fair.o >"$W/clang/fair.log" 2>&1
nnotes=$(grep -c ': note: could not determine the original source location' "$c/kernel/sched/.fair.o.inline-report")
check "CC=clang: no remark, and no note of one, reaches the build log ($nnotes such notes in fair.o's report)" \
	sh -c "[ '$nnotes' -gt 0 ] && ! cat '$W/clang/build.log' '$W/clang/fair.log' |
	       grep -q 'remark:\|could not determine the original source location'"

# 5. The forced mode with clang: $DIR/ builds, and the plain 'inline'
# functions of headers that the hint build (CC=clang above) keeps out of
# line are gone from the forced build's objects, or the object takes the
# copy's address, judged from its symbols and relocations
# (lib/address-taken.py).
cn=$(obj_tree clang-n CC=clang OPTIMIZE_INLINING=n) || exit 1
check "CC=clang, CONFIG_OPTIMIZE_INLINING=n: make $DIR/ builds" \
	sh -c "make -C '$cn' CC=clang -j'$JOBS' '$DIR/' >'$W/forced-clang.log' 2>&1"
cat "$W"/clang/judge/*.kinds 2>/dev/null |
	awk '$3 == "inline" && $4 ~ /\.h$/ { print $1, $2 }' | sort -u >"$W/clang-hint-copies"
nhint=$(wc -l <"$W/clang-hint-copies")
gone=0 taken=0 kept=0 unread=0
while read -r o name; do
	if ! syms=$(nm "$cn/$o" 2>/dev/null) || [ -z "$syms" ]; then
		unread=$((unread + 1))
	elif ! echo "$syms" | awk -v n="$name" '$2 ~ /^[tTwW]$/ &&
			($3 == n || index($3, n ".") == 1) { f = 1 } END { exit !f }'; then
		gone=$((gone + 1))
	elif python3 "$TOP/tools/testing/inline/lib/address-taken.py" "$cn/$o" "$name" |
			grep -q "^$name yes "; then
		taken=$((taken + 1))
	else
		kept=$((kept + 1))
		echo "$o $name" >>"$W/clang-forced-kept"
	fi
done <"$W/clang-hint-copies"
check "CC=clang: the hint build keeps $nhint copies of plain inline header functions in $DIR/" \
	test "$nhint" -gt 0
check "CC=clang, =n: each is gone ($gone) or has its address taken ($taken), none kept otherwise ($kept, $unread objects unread)" \
	test "$kept" = 0 -a "$unread" = 0 -a "$gone" -gt 0 -a $((gone + taken)) = "$nhint"

# 6. The forced mode with GCC builds where it matters.
n=$(obj_tree n OPTIMIZE_INLINING=n) || exit 1
check "CONFIG_OPTIMIZE_INLINING=n: make kernel/ builds" \
	sh -c "make -C '$n' -j'$JOBS' kernel/ >'$W/forced-kernel.log' 2>&1"
check "CONFIG_OPTIMIZE_INLINING=n: make drivers/usb/host/ builds (xhci-trace.o)" \
	sh -c "make -C '$n' -j'$JOBS' drivers/usb/host/ >'$W/forced-usb.log' 2>&1 &&
	       [ -f '$n/drivers/usb/host/xhci-trace.o' ]"
check "=n: $kf is inlined in $ko" absent "$n/$ko" "$kf" "$kw"
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
