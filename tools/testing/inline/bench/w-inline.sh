#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# What make W=inline costs, measured side by side in one run on the
# x86_64 defconfig of the patched 6.1 tree:
#
#   - wall time and CPU time of 'make W=inline DIR/' against a plain
#     'make DIR/', each from clean, RUNS times (default 3), alternating;
#     the best of each is compared (a shared machine only adds time);
#   - the same two with CC="ccache gcc", from an empty cache (the first
#     build of each), then with a warm one (every compile a hit), RUNS
#     times each; under ccache the compile, objtool and the check run
#     inside ccache, which gives their output back on a hit, and a third
#     build has the check after ccache, on every hit, as without it
#     (KBUILD_INLINE_CCACHE= on make's command line);
#   - the same two with the check left out (cc-inline-check= on make's
#     command line: the report is still written and held, and parted by
#     the compile's EXIT trap): what the check costs, and what the report
#     and its split cost, apart;
#   - each of ISAMPLE objects' own command (default 16), run alone in
#     each tree, without ccache and with ccache warm, REPS rounds
#     (default 10), the plain command and W=inline's next to each other,
#     in turn first: what W=inline adds to one object (the report and the
#     check after the compile; the check inside ccache, and after it),
#     against the plain command's CPU and a warm plain build's CPU per
#     object, which whole builds, moving by a few percent, cannot show;
#     the median of the rounds, and the lowest and the highest;
#   - the checker's own time per object (every object checked again,
#     one after the other, as Kbuild runs it: parting the held stderr,
#     then the check), against the compile time;
#   - the same share in instructions, which the machine's load does not
#     change: callgrind on the checker and on the compile (gcc, cc1, as)
#     of SAMPLE objects (default 8), every n-th of DIR's; and on the
#     compile as W=inline runs it (the report, and its split): the ratio
#     of the two, with the checker, in instructions;
#   - the summary's time, of DIR and of a synthetic allmodconfig-sized
#     build: DIR's findings files and objects linked again and again, to
#     20,000 findings files or more.
#
#   bench/w-inline.sh [DIR]      (default: kernel)
#
# BENCH_CC=clang measures the same with clang (its -Rpass-missed remarks
# for the report), against a plain clang build; the default is gcc.
#
# Goals: W=inline <= 1.02x a plain build, cold and with ccache warm; the
# checker <= 1% of the compile; the summary of 20,000 objects in 2 s.

set -eu
TOP=$(cd "$(dirname "$0")/../../../.." && pwd)
. "$TOP/tools/testing/inline/lib/common.sh"

DIR=${1:-kernel}
DIR=${DIR%/}
B=$OUT/bench
mkdir -p "$B"
need_packages ccache valgrind cpio
CCX=${BENCH_CC:-gcc}
case $CCX in
gcc)	T= ;;
clang)	T=-clang ;;
*)	die "BENCH_CC=$CCX: gcc or clang" ;;
esac
# Times real compiles, and its own cache below: never the tests' cache.
real_compiles
patched_tree "$SRC"
for t in plain winline; do
	[ -f "$B/o-$t$T/.config" ] || configure "$SRC" "$B/o-$t$T" CC="$CCX"
	make -s -C "$SRC" O="$B/o-$t$T" CC="$CCX" -j"$JOBS" W=inline modules_prepare \
		>/dev/null 2>&1
done

TIMEFORMAT='%R %U %S'
# DIR from clean, as make clean leaves it: the headers' index goes too
clean_dir() {
	find "$1/$DIR" \( -name '*.o' -o -name '*.a' -o -name '.*.cmd' -o \
		-name '.*.inline-*' \) -delete 2>/dev/null || true
	rm -rf "$1/.inline-index"
}
# The C objects of DIR that the W=inline tree checked, by their findings
checked_objects() {
	(cd "$B/o-winline$T" && find "$DIR" -name '.*.o.inline-findings' |
		sed 's|/\.\([^/]*\)\.inline-findings$|/\1|' | sort)
}
# every_nth N: N of the lines read, evenly spaced, from the first
every_nth() {
	awk -v s="$1" '{ l[NR] = $0 } END { k = int(NR / s); if (k < 1) k = 1
		for (i = 1; i <= NR && c < s; i += k) { print l[i]; c++ } }'
}
# obj_cmd TREE OBJ: OBJ's command in TREE, from its .cmd file, make's $$
# undone
obj_cmd() {
	local c
	c=$(sed -n "s|^cmd_$2 := ||p" "$1/$(dirname "$2")/.$(basename "$2").cmd")
	printf '%s\n' "${c//\$\$/\$}"
}
# W=inline without the check: the report, held and parted, and no more
nocheck="cc-inline-check="
grep -q '^cc-inline-check = ' "$SRC/scripts/Makefile.build" ||
	die "scripts/Makefile.build has no cc-inline-check to leave out"
# Under ccache, the check after it rather than inside it
outside="KBUILD_INLINE_CCACHE="
grep -q '^ifdef KBUILD_INLINE_CCACHE' "$SRC/scripts/Makefile.build" ||
	die "scripts/Makefile.build does not run the check inside ccache"

# run NAME CC [W=inline]: one clean build of DIR; prints "real user sys".
# What DIR's build depends on is brought up to date first, untimed, with
# the same arguments: "cc-inline-check=" changes the recorded command of
# objects outside DIR (scripts/mod/empty.o, and modpost after it), which
# the variant run before would otherwise rebuild inside the timed build.
run() {
	local t=$1$T cc=$2
	shift 2
	clean_dir "$B/o-$t"
	make -s -C "$B/o-$t" -j"$JOBS" CC="$cc" "$@" modules_prepare >/dev/null 2>&1
	sync
	{ time make -C "$B/o-$t" -j"$JOBS" CC="$cc" "$@" "$DIR/" >"$B/$t.log" 2>&1 ; } 2>&1
}

RUNS=${RUNS:-3}
log "building $DIR/ from clean, $RUNS times each, alternating: plain, W=inline, W=inline without the check"
pruns=""
wruns=""
nruns=""
for i in $(seq "$RUNS"); do
	pruns="$pruns$(run plain "$CCX")
"
	nruns="$nruns$(run winline "$CCX" W=inline "$nocheck")
"
	wruns="$wruns$(run winline "$CCX" W=inline)
"
done
# the best wall time, and the best CPU time (user+sys), of each
bestw() { echo -n "$1" | sort -n | head -1; }
bestc() { echo -n "$1" | awk '{ print $2 + $3 }' | sort -n | head -1; }

# Whole builds move by a few percent from run to run here, about what
# W=inline adds to them. So, apart: each of ISAMPLE objects' own command
# (cmd_cc_o_c from its .cmd file: the compile, objtool and, under
# W=inline, the report held and the check), run alone in each tree, REPS
# rounds. First as the builds above left them, without ccache: what
# W=inline adds to a compile, without make.
ISAMPLE=${ISAMPLE:-16}
REPS=${REPS:-10}
objs=$(checked_objects)
nobj=$(echo "$objs" | wc -w)
iobjs=$(echo "$objs" | every_nth "$ISAMPLE")
nis=$(echo "$iobjs" | wc -w)
# pass_script TREE: the commands of the sampled objects, one per line
pass_script() {
	local o c
	for o in $iobjs; do
		c=$(obj_cmd "$1" "$o")
		[ -n "$c" ] || die "$1: no command for $o in its .cmd file"
		echo "($c) >/dev/null 2>&1"
	done
}
# alone FILE TREE:SCRIPT TREE:SCRIPT: each object's command in the first
# script (A) and in the second (B), REPS rounds, object after object: A B
# B A in odd rounds, B A A B in even ones. So the two run within the same
# second of the machine's load, which drifts by more than W=inline adds,
# and neither runs first more often. Lines "round object A|B CPU" in
# $B/FILE. Round 0, A B, is not recorded: the first command in each tree
# reads what the page cache has not kept. Only the command is timed, not
# reading it from its script.
alone() {
	local f=$B/$1 r i v x c t order
	: >"$f"
	for r in $(seq 0 "$REPS"); do
		order="A B B A"
		[ $((r % 2)) = 1 ] || order="B A A B"
		[ "$r" != 0 ] || order="A B"
		for i in $(seq "$nis"); do
			for v in $order; do
				case $v in
				A)	x=$2 ;;
				B)	x=$3 ;;
				esac
				c=$(sed -n "${i}p" "$B/${x#*:}.sh")
				t=$(cd "$B/o-${x%%:*}$T" &&
					{ time sh -c "$c" ; } 2>&1 | awk '{ print $2 + $3 }')
				[ "$r" = 0 ] || echo "$r $i $v $t" >>"$f"
			done
		done
	done
}
# alone_figures FILE: per round, B's CPU less A's, summed over the
# objects. Prints, per object in ms: A's CPU and the difference, medians
# of the rounds; then the lowest and the highest difference of a round,
# the measure's spread.
alone_figures() {
	awk -v n="$nis" '
	function median(x, m,   i, j, t) {
		for (i = 2; i <= m; i++)
			for (j = i; j > 1 && x[j - 1] > x[j]; j--) {
				t = x[j]; x[j] = x[j - 1]; x[j - 1] = t
			}
		return (x[int((m + 1) / 2)] + x[int(m / 2) + 1]) / 2
	}
	$3 == "A" { a[$1] += $4 }
	$3 == "B" { b[$1] += $4 }
	END {
		for (k in a) {
			m++
			pa[m] = 500 * a[k] / n
			d[m] = 500 * (b[k] - a[k]) / n
		}
		print median(pa, m), median(d, m), d[1], d[m]
	}' "$B/$1"
}
# the compiles leave their dependency files, which fixdep would remove
rm_deps() {
	local o
	for o in $iobjs; do
		rm -f "$B/o-plain$T/$(dirname "$o")/.$(basename "$o").d" \
			"$B/o-winline$T/$(dirname "$o")/.$(basename "$o").d"
	done
}
pass_script "$B/o-plain$T" >"$B/cold-plain.sh"
pass_script "$B/o-winline$T" >"$B/cold-winline.sh"
grep -q 'inline-check --stderr' "$B/cold-winline.sh" ||
	die "the W=inline objects' commands do not run the check after the compile"
! grep -q ccache "$B/cold-plain.sh" "$B/cold-winline.sh" ||
	die "the objects' commands of the builds without ccache name it"
log "$ISAMPLE objects' commands alone, without ccache, $REPS rounds"
alone alone-cold plain:cold-plain winline:cold-winline
rm_deps
# With ccache: one cold build of each fills the cache (and settles the
# objects of 'prepare' on the new CC), then warm builds, every compile a
# hit. The check after ccache has entries of its own: its compile has
# neither ccache's prefix nor its namespace.
export CCACHE_DIR=$B/ccache$T
rm -rf "$CCACHE_DIR"
log "with CC=\"ccache $CCX\": one cold build each, then $RUNS warm each, alternating"
pcold=$(run plain "ccache $CCX")
wcold=$(run winline "ccache $CCX" W=inline)
run winline "ccache $CCX" W=inline "$outside" >/dev/null
ccache -z >/dev/null
pcruns=""
wcruns=""
ocruns=""
for i in $(seq "$RUNS"); do
	pcruns="$pcruns$(run plain "ccache $CCX")
"
	ocruns="$ocruns$(run winline "ccache $CCX" W=inline "$outside")
"
	wcruns="$wcruns$(run winline "ccache $CCX" W=inline)
"
done
read -r _ cmiss < <(hits_misses)

# Then the same objects' commands with ccache warm, each a hit: what
# W=inline adds per object, against a warm plain build's CPU per object,
# is the warm ratio without make and the machine's noise. The commands
# of the last build of each tree: W=inline's with the check inside
# ccache, then, after one more warm build, with the check after it,
# which leaves the reports the checker's measures below read.
pass_script "$B/o-plain$T" >"$B/pass-plain.sh"
pass_script "$B/o-winline$T" >"$B/pass-winline.sh"
grep -q 'CCACHE_PREFIX=[^ ]*/scripts/inline/inline-check' "$B/pass-winline.sh" ||
	die "the W=inline objects' commands do not run the check inside ccache"
run winline "ccache $CCX" W=inline "$outside" >/dev/null
pass_script "$B/o-winline$T" >"$B/pass-outside.sh"
grep -q 'inline-check --stderr' "$B/pass-outside.sh" ||
	die "the W=inline objects' commands do not run the check after ccache"
log "the same with ccache warm, $REPS rounds, the check inside ccache and after it"
alone alone-warm plain:pass-plain winline:pass-winline
alone alone-outside plain:pass-plain winline:pass-outside
rm_deps
unset CCACHE_DIR

p=$(bestw "$pruns")
w=$(bestw "$wruns")
pr=${p%% *}
wr=${w%% *}
pcpu=$(bestc "$pruns")
wcpu=$(bestc "$wruns")
list() { echo -n "$1" | awk '{ printf "%s%s", sep, $1; sep = ", " }'; }
pc=$(bestw "$pcruns")
wc=$(bestw "$wcruns")
n=$(bestw "$nruns")
ncpu=$(bestc "$nruns")
oc=$(bestw "$ocruns")
pccpu=$(bestc "$pcruns")
wccpu=$(bestc "$wcruns")
occpu=$(bestc "$ocruns")

# The checker's arguments, as Kbuild gives them (scripts/Makefile.build),
# with the index of the headers the build left; the .cmd file, which
# fixdep writes, for the compiler's dependency file, which it removes.
check_args="--srctree $SRC --index-dir .inline-index --config include/generated/autoconf.h"
[ "$CCX" = gcc ] || check_args="$check_args --compiler $CCX"
grep -q -- '--index-dir $(inline-index)' "$SRC/scripts/Makefile.build" ||
	die "scripts/Makefile.build does not call inline-check as this bench does"

# The checker on every object, one after the other, as Kbuild runs it:
# parting the held stderr (each object's report, as a compile without
# warnings leaves it; copied first, since the checker removes it), then
# the check.
reports=$(cd "$B/o-winline$T" && for o in $objs; do echo "$(dirname "$o")/.$(basename "$o").inline-report"; done)
rbytes=$(cd "$B/o-winline$T" && cat $reports | wc -c)
rm -rf "$B/held"
mkdir -p "$B/held"
i=0
for r in $reports; do
	i=$((i + 1))
	cp "$B/o-winline$T/$r" "$B/held/$i"
done
tool=$B/o-winline$T/scripts/inline/inline-check
c=$(cd "$B/o-winline$T" && i=0 && { time for o in $objs; do
	i=$((i + 1))
	"$tool" $check_args --stderr "$B/held/$i" --report "$B/held/report" "$o" 2>/dev/null
done ; } 2>&1)
rm -rf "$B/held"
ccpu=$(echo "$c" | awk '{ print $2 + $3 }')
s=$(cd "$B/o-winline$T" && { time "$tool" --summary --srctree "$SRC" \
	--json "$B/summary.json" --headers "$SRC/include" \
	--headers "$SRC/arch/x86/include" "$DIR" >/dev/null 2>&1 ; } 2>&1)

# Instructions: the checker and the plain compile of every n-th object.
# The compile is the object's command in the plain tree, without ccache
# and objtool, writing elsewhere.
SAMPLE=${SAMPLE:-8}
sampled=$(echo "$objs" | every_nth "$SAMPLE")
collected() { sed -n 's/^==[0-9]*== Collected : //p' | awk '{ s += $1 } END { print s + 0 }'; }
instructions() {
	local o=$1 d b c t=$B/cg-$$-${1//\//_}
	d=$(dirname "$o")
	b=$(basename "$o")
	(cd "$B/o-winline$T" && valgrind --tool=callgrind --callgrind-out-file=/dev/null \
		"$tool" $check_args --findings "$t.findings" "$o" 2>&1 >/dev/null) |
		collected | tr '\n' ' '
	# compile TREE: the object's command in TREE, without ccache and
	# objtool, writing elsewhere
	compile() {
		c=$(obj_cmd "$B/$1$T" "$o")
		c=${c%%; ./tools/objtool*}
		c=$(echo "$c" | sed 's| *; *[^ ]*/scripts/inline/inline-check --stderr .*||')
		c=${c//ccache $CCX /$CCX }
		c=${c/-Wp,-MMD,$d\/.$b.d/-Wp,-MMD,$t.d}
		c=${c/-o $o /-o $t.o }
		c=${c//$d\/.$b.inline-stderr.tmp/$t.stderr}
		c=${c//$d\/.$b.inline-report/$t.report}
		(cd "$B/$1$T" && valgrind --tool=callgrind --trace-children=yes \
			--callgrind-out-file=/dev/null sh -c "$c" 2>&1 >/dev/null) | collected
	}
	echo "$(compile o-plain) $(compile o-winline)"
	rm -f "$t".*
}
export -f instructions collected obj_cmd
export B SRC tool check_args T CCX
log "callgrind on the checker and the compile of $(echo "$sampled" | wc -l) objects"
cg=$(echo "$sampled" | xargs -P"$JOBS" -I{} bash -c 'echo "{} $(instructions {})"')
echo "$cg" >"$B/instructions"

# The summary of 20,000 findings files or more: DIR's, linked again.
copies=$(( (20000 + nobj - 1) / nobj ))
rm -rf "$B/synth"
for i in $(seq "$copies"); do
	(cd "$B/o-winline$T" && find "$DIR" -name '*.o' -o -name '.*.inline-findings' |
		cpio -pdl --quiet "$B/synth/c$i")
done
nsynth=$(find "$B/synth" -name '.*.inline-findings' | wc -l)
ss=$(for i in 1 2 3; do (cd "$B/synth" && { time "$tool" --summary \
	--json "$B/synth.json" . >/dev/null 2>&1 ; } 2>&1); done | sort -n | head -1)
rm -rf "$B/synth"

echo "W=inline benchmark: make $DIR/ on x86_64 defconfig, $(nproc) cores, $($CCX --version | head -1)"
printf '  plain build        %7.1f s  (runs: %s s)\n' "$pr" "$(list "$pruns")"
printf '  W=inline build     %7.1f s  (runs: %s s)\n' "$wr" "$(list "$wruns")"
printf '  without the check  %7.1f s  (runs: %s s)\n' "${n%% *}" "$(list "$nruns")"
awk -v w="$wr" -v p="$pr" 'BEGIN { printf "  ratio, wall        %7.3f x   (goal <= 1.02)\n", w / p }'
awk -v w="$wcpu" -v p="$pcpu" 'BEGIN { printf "  ratio, CPU         %7.3f x   (user+sys: %.1f s against %.1f s)\n", w / p, w, p }'
awk -v w="$ncpu" -v p="$pcpu" 'BEGIN { printf "    without the check %5.3f x   CPU: the report, held and parted\n", w / p }'
alone_figures alone-cold | awk -v n="$nis" -v r="$REPS" '{
	printf "  one object alone   %7.1f ms CPU, W=inline %+.1f ms (%d objects, their commands without ccache;\n", $1, $2, n
	printf "                                   medians of %d rounds, from %+.1f to %+.1f ms)\n", r, $3, $4
	printf "  ratio, alone       %7.3f x   (CPU; from %.3f to %.3f; goal <= 1.02)\n", 1 + $2 / $1, 1 + $3 / $1, 1 + $4 / $1 }'
awk -v p="$pcold" -v w="$wcold" 'BEGIN { split(p, a, " "); split(w, b, " ")
	printf "  ccache cold, plain %7.1f s, W=inline %.1f s: %.3f x   (wall; CPU %.3f x; one run each)\n",
		a[1], b[1], b[1] / a[1], (b[2] + b[3]) / (a[2] + a[3]) }'
printf '  ccache warm, plain %7.1f s  (runs: %s s)\n' "${pc%% *}" "$(list "$pcruns")"
printf '  ccache warm, W=inl %7.1f s  (runs: %s s; %s misses)\n' "${wc%% *}" "$(list "$wcruns")" "$cmiss"
printf '    check after ccache %5.1f s  (runs: %s s)\n' "${oc%% *}" "$(list "$ocruns")"
awk -v w="${wc%% *}" -v p="${pc%% *}" -v wc="$wccpu" -v pc="$pccpu" 'BEGIN {
	printf "  ratio, ccache warm %7.3f x   (wall; CPU %.3f x; goal <= 1.02)\n", w / p, wc / pc }'
awk -v w="${oc%% *}" -v p="${pc%% *}" -v wc="$occpu" -v pc="$pccpu" 'BEGIN {
	printf "    check after ccache %4.3f x   (wall; CPU %.3f x)\n", w / p, wc / pc }'
wo=$(alone_figures alone-outside)
alone_figures alone-warm | awk -v o="$wo" -v n="$nis" -v r="$REPS" -v b="$pccpu" -v N="$nobj" '{
	split(o, x, " ")
	w = 1000 * b / N
	printf "  one object, warm   %7.1f ms CPU, W=inline %+.1f ms (%d objects, their commands warm;\n", $1, $2, n
	printf "                                   medians of %d rounds, from %+.1f to %+.1f ms)\n", r, $3, $4
	printf "  ratio, warm, alone %7.3f x   (that against a warm plain build'"'"'s CPU per object, %.1f ms)\n", 1 + $2 / w, w
	printf "    check after ccache %+.1f ms: %.3f x\n", x[2], 1 + x[2] / w }'
awk -v c="$ccpu" -v n="$nobj" -v b="$rbytes" -v cpu="$pcpu" 'BEGIN {
	printf "  checker            %7.1f ms per object, %d objects, %.2f s CPU (parting %d KB of report each, and the check)\n", 1000 * c / n, n, c, b / n / 1024
	printf "  compile CPU        %7.1f s (user+sys of the plain build)\n", cpu
	printf "  checker / compile  %7.2f %%    (goal <= 1%%)\n", 100 * c / cpu }'
echo "$cg" | awk -v n="$nobj" '{ c += $2; g += $3; r += $4; m++ } END {
	printf "  checker, callgrind %7.1f M instructions per object, compile %.0f M (%d objects of %d)\n", c / m / 1e6, g / m / 1e6, m, n
	printf "  checker / compile  %7.2f %%    in instructions (goal <= 1%%)\n", 100 * c / g
	printf "  report and split   %+7.2f %%    in instructions: the compile as W=inline runs it, %.0f M\n", 100 * (r - g) / g, r / m / 1e6
	printf "  ratio, instructions %6.3f x   (W=inline compile and checker against the plain compile;\n", (r + c) / g
	printf "                                   user space only: not the system calls, nor make)\n" }'
printf '  summary            %7.2f s\n' "${s%% *}"
printf '  summary, synthetic %7.2f s  (%d findings files; goal <= 2 s)\n' "${ss%% *}" "$nsynth"
