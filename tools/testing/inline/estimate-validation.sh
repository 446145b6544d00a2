#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# W=inline's estimate of what forcing a function does to the text, against
# the real thing, finding by finding:
#
#   estimate-validation.sh [CC=<compiler> | LLVM=1] [REESTIMATE=1] [DIR/]...
#                                         (default: kernel/ arch/x86/)
#
# CC= and LLVM= go to make, as for a kernel build: LLVM=1 validates the
# estimate on clang's objects (its own tree, out/estimate-validation-
# <KVER>-clang; GCC's keeps the name without the compiler).
#
# REESTIMATE=1, after a run: the estimates of the checker as it is now,
# against the measurements of that run (results.tsv, funcs/), without
# forcing again. For a change of the estimate: 1. and 3. only, minutes
# rather than the half hour of forcing each function.
#
# 1. make W=inline DIR in a source tree of its own (the patched tree of
#    KVER, the x86_64 defconfig, CONFIG_OPTIMIZE_INLINING=y); its
#    inline-summary.json has each function's estimate ("forced");
# 2. for each warning of a function with calls (inline-not-inlined,
#    asm-wrapper-not-inlined; not those a macro makes), its 'inline'
#    alone made __always_inline, the objects with its copies built again,
#    their text (size(1)) measured, the source put back;
# 3. the estimate against the measurement: how often the sign is right,
#    the error as a share of the copy's size; and the part of the change
#    that is in functions the estimate does not touch (neither a copy of
#    the function nor one that calls it), from each object's functions
#    before and after (estimate.py funcs).
#
# Keeps the table in out/estimate-validation-<KVER>[-<compiler>].txt. One
# build of DIR, then one compile per object per finding: about 10 minutes
# when the cache is warm.

set -eu
TOP=$(cd "$(dirname "$0")/../../.." && pwd)
. "$TOP/tools/testing/inline/lib/common.sh"

MK=() DIRARGS=() REESTIMATE=
for arg; do
	case $arg in
	CC=?*|LLVM=?*) MK+=("$arg") ;;
	REESTIMATE=*) REESTIMATE=${arg#REESTIMATE=} ;;
	*=*) die "estimate-validation.sh: '$arg': expected CC=<compiler>, LLVM=1, REESTIMATE=1 or a directory" ;;
	*) DIRARGS+=("$arg") ;;
	esac
done
experiment_names estimate-validation ${DIRARGS[@]+"${DIRARGS[@]}"}
cc=$(basename "$(compiler_of ${MK[@]+"${MK[@]}"})")
if [ "$cc" != gcc ]; then
	E=$E-$cc RESULT=${RESULT%.txt}-$cc.txt
fi
if [ -n "$REESTIMATE" ] && ! { [ -s "$E/results.tsv" ] && [ -d "$E/funcs/before" ]; }; then
	die "REESTIMATE=1: nothing measured in ${E#$TOP/} yet: run it once without"
fi
experiment_start
need_compiler "$cc"
EST=$TOP/tools/testing/inline/lib/estimate.py
patched_tree "$E/src"
[ -f "$E/o/.config" ] || configure "$E/src" "$E/o" ${MK[@]+"${MK[@]}"}
build_dirs "$E/src" "$E/o" "$E/build.log" ${MK[@]+"${MK[@]}"} $DIRS
# later builds of single objects write the summary again
cp "$E/o/inline-summary.json" "$E/summary.json"
python3 "$EST" candidates "$E/summary.json" >"$E/candidates.tsv"
[ -s "$E/candidates.tsv" ] || die "no finding to force in $DIRS"

# force_each: each candidate's annotation alone made __always_inline, its
# objects built again and measured (results.tsv, funcs/), the source put
# back; then the objects as the sources are again
force_each() {
	local cand name file line col end bytes calls est objs src objlist
	local before after each result why o touched=
	# the text of each object as built, and its functions, before any forcing
	rm -rf "$E/funcs" && mkdir -p "$E/funcs/before"
	for o in $(cut -f9 "$E/candidates.tsv" | tr , '\n' | sort -u); do
		echo "$o $(text_size "$E/o/$o")"
		python3 "$EST" funcs "$E/o/$o" >"$E/funcs/before/${o//\//%}"
	done >"$E/text-before"
	log "forcing $(wc -l <"$E/candidates.tsv") functions, one at a time"

	: >"$E/results.tsv"
	while IFS= read -r cand; do
		IFS=$'\t' read -r name file line col end bytes calls est objs <<<"$cand"
		src=$E/src/$file
		objlist=$(echo "$objs" | tr , ' ')
		before=$(for o in $objlist; do awk -v o="$o" '$1 == o { print $2 }' "$E/text-before"; done |
			 awk '{ s += $1 } END { print s }')
		# the tree's files are links to the pristine ones: a copy of its own
		cp "$src" "$E/saved" && cp "$src" "$src.tmp" && mv "$src.tmp" "$src"
		if python3 "$EST" force "$src" "$line" "$col" "$end" 2>"$E/force.err" &&
		   make -C "$E/src" O="$E/o" -j"$JOBS" ${MK[@]+"${MK[@]}"} W=inline $objlist \
			>"$E/forced-$name.log" 2>&1; then
			after=$(cd "$E/o" && text_size $objlist)
			# and each object's, for a closer look
			each=$(for o in $objlist; do printf '%s:%s ' "$o" "$(text_size "$E/o/$o")"; done)
			mkdir -p "$E/funcs/$name"
			for o in $objlist; do
				python3 "$EST" funcs "$E/o/$o" >"$E/funcs/$name/${o//\//%}"
			done
			result="$before	$after	$each"
			rm -f "$E/forced-$name.log"
		else
			why=$(grep -m1 -E 'error:' "$E/forced-$name.log" "$E/force.err" 2>/dev/null |
			      sed 's/^[^:]*:\([^ ]* \)\{0,1\}//' | cut -c1-160)
			result="failed	${why:-the build failed, see ${E#$TOP/}/forced-$name.log}"
		fi
		# newer than the object, which make then builds again
		mv "$E/saved" "$src" && touch "$src"
		touched="$touched $objlist"
		printf '%s\t%s\n' "$cand" "$result" >>"$E/results.tsv"
		log "$name: estimate $est, $(echo "$result" | awk -F'\t' '$1 == "failed" { print "cannot be forced"; next } { print "measured " $2 - $1 }')"
	done <"$E/candidates.tsv"

	# the objects as the sources are again
	make -C "$E/src" O="$E/o" -j"$JOBS" ${MK[@]+"${MK[@]}"} W=inline $(echo $touched | tr ' ' '\n' | sort -u) \
		>"$E/restore.log" 2>&1 || die "building the objects again failed, see ${E#$TOP/}/restore.log"
}

if [ -n "$REESTIMATE" ]; then
	python3 "$EST" reestimate "$E/candidates.tsv" "$E/results.tsv" >"$E/results.tsv.new" ||
		die "the estimates and the measurements do not join"
	mv "$E/results.tsv.new" "$E/results.tsv"
	log "$(wc -l <"$E/results.tsv") findings estimated again, against what was measured on $(date -r "$E/text-before" '+%F %R')"
else
	force_each
fi

{
	echo "forcing each function alone: W=inline's estimate against size(1),"
	echo "make W=inline $DIRS, Linux $(make -s -C "$E/src" kernelversion 2>/dev/null), $("$cc" --version | head -1)"
	echo
	python3 "$EST" report "$E/results.tsv" "$E/funcs" "$E/summary.json"
} | tee "$RESULT"
