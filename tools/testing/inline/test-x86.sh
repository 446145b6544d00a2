#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The goal of the x86 annotation patches, on the whole x86_64 defconfig
# vmlinux built with make W=inline and CONFIG_OPTIMIZE_INLINING=y:
#
#  - no __asm_inline function of arch/x86/include/asm/ has an
#    out-of-line copy in any object, except where its address is taken;
#  - W=inline reports nothing for arch/x86/include/asm/ but those notes;
#  - the 32-bit vDSO and the real-mode objects (i386 ELF) are checked
#    like the others.
#
# X86_DIRS="arch/x86 kernel" builds and judges those directories only
# (make check does so on its second tree, to keep within its time).
#
# The judge is the tests' own, never the checker's labels: the symbol
# tables (nm), a lexical reading of the headers for the candidates
# (lib/asm-header-inlines.py), the preprocessed source of the objects
# with a copy for the definition each compiled (lib/declared-inline.py),
# and their relocations for the address taken (lib/address-taken.py).
# The text sizes against both baselines are in size-experiment.sh.
#
# Builds: the whole defconfig vmlinux with W=inline (=y), or X86_DIRS.

set -u
TOP=$(cd "$(dirname "$0")/../../.." && pwd)
. "$TOP/tools/testing/inline/lib/common.sh"

W=$CHECK/x86
rm -rf "$W"
mkdir -p "$W"
y=$(obj_tree y) || exit 1

# What is built: the whole vmlinux, or X86_DIRS; and how many C objects
# (and C files) that is at least.
DIRS=${X86_DIRS:-.}
if [ "$DIRS" = . ]; then
	target=vmlinux what=vmlinux least=2000 scope="whole build"
else
	target=$(printf '%s/ ' $DIRS) what=$(printf '%s/ ' $DIRS) least=200
	scope="in ${what% }"
fi
# each_dir FUNCTION TREE: FUNCTION TREE DIR for each directory
each_dir() {
	local d
	for d in $DIRS; do "$1" "$2" "$d"; done
}

# Every object compiled by this build (from the cache when it is warm),
# and so checked by it.
each_dir remove_objects "$y"
touch "$W/build-start"
check "make W=inline ${what% } succeeds on the x86_64 defconfig (CONFIG_WERROR=y)" \
	sh -c "make -C '$y' -j'$JOBS' W=inline $target >'$W/build.log' 2>&1"
# The objects of the directories' own rules; the top level's one object,
# .vmlinux.export.o, is made by the link (scripts/Makefile.vmlinux).
each_dir kernel_objects "$y" | grep / >"$W/kernel-objects"
nk=$(wc -l <"$W/kernel-objects")
nchecked=$(checked_by "$W/build-start" "$y" $(cat "$W/kernel-objects") | wc -l)
check "every C object of the kernel was checked by this build ($nchecked of $nk)" \
	test "$nk" -gt "$least" -a "$nchecked" = "$nk"
check "no diagnostic about the checker's own input" \
	sh -c "! grep 'warning: inline-check:' '$W/build.log' | grep -v '^ ' | grep -q ."

# All C objects of the build, and the i386 ones among them.
each_dir c_objects "$y" >"$W/objects"
findings() { echo "$y/$(dirname "$1")/.$(basename "$1").inline-findings"; }
ia32=$(cd "$y" && for o in $(cat "$W/objects"); do
	readelf -h "$o" 2>/dev/null | grep -q 'Class:.*ELF32' && echo "$o"; done)
n32=$(echo "$ia32" | wc -w)
f32=$(checked_by "$W/build-start" "$y" $ia32 | wc -l)
check "the i386 objects (32-bit vDSO, real mode) are checked: $f32 of $n32 have new findings" \
	test "$n32" -gt 0 -a "$f32" = "$n32"

# A known i386 case: the real-mode wakeup code stores __outb in pio_ops
# (an R_386_32 relocation in .text.startup), so its copy is address-taken.
wm=$y/arch/x86/realmode/rm/wakemain.o
# Address-taken, judged from the object by the tests' own reader of its
# relocations and objdump's instructions (lib/address-taken.py).
address_taken() {
	python3 "$TOP/tools/testing/inline/lib/address-taken.py" "$1" "$2" |
		awk '$2 == "yes" { print $3 }'
}
wm_ref=$(address_taken "$wm" __outb)
check "arch/x86/realmode/rm/wakemain.o has 't __outb' and a relocation to it, not a call (${wm_ref:-none})" \
	sh -c "[ '$(symbol_type "$wm" __outb)' = t ] && [ -n '$wm_ref' ]"
check "and W=inline says its copy of __outb is there because its address is taken" \
	sh -c "awk -F'\t' '\$1 == \"address-taken\" && \$2 == \"__outb\"' '$(findings arch/x86/realmode/rm/wakemain.o)' | grep -q ."

# The symbol tables of every object, read once: "OBJECT TYPE NAME", a
# clone counted for its function.
(cd "$y" && xargs nm -o <"$W/objects" 2>/dev/null) |
	awk '{ split($1, p, ":"); sub(/\..*/, "", $3); print p[1], $2, $3 }' |
	sort -u >"$W/nm"

# The judge: every copy, in any object, of a function that
# arch/x86/include/asm/ defines inline (not inline_hint).
python3 "$TOP/tools/testing/inline/lib/asm-header-inlines.py" \
	"$SRC"/arch/x86/include/asm/*.h "$SRC"/arch/x86/include/asm/*/*.h |
	sort -u >"$W/header-inlines"
nasm=$(awk '$2 == "__asm_inline"' "$W/header-inlines" | cut -d' ' -f1 | sort -u | wc -l)
check "the series marks asm wrappers of arch/x86/include/asm/ __asm_inline ($nasm functions)" \
	test "$nasm" -ge 100
# local text symbols only: a copy of a static inline function is local
awk '$2 == "t" { print $1, $3 }' "$W/nm" | sort -u |
	awk 'NR == FNR { a[$1] = a[$1] " " $2; next }
	($2 in a) { print $1, $2, a[$2] }' "$W/header-inlines" - >"$W/copies"
# OBJECT NAME ANNOTATIONS..., less the functions a header also marks inline_hint
grep -v ' inline_hint' "$W/copies" >"$W/judged" || true

# The findings of the whole build: "OBJECT NAME", the functions they name.
sed 's|^\(.*\)/\([^/]*\)$|\1/.\2.inline-findings|' "$W/kernel-objects" |
	(cd "$y" && xargs awk -F'\t' 'FNR > 1 && $1 != "asm-inline-without-asm" {
		o = FILENAME; sub(/\.inline-findings$/, "", o)
		match(o, /\/\.[^\/]*$/)
		print substr(o, 1, RSTART) substr(o, RSTART + 2), $2 }') |
	sort -u >"$W/named"

# And the candidates for the whole build: the local copies, in the
# kernel's objects, of the names that a header of include/ or
# arch/x86/include/, or a .c file of the build, defines plain inline (a
# lexical reading); those that no finding names are judged below.
# (a generated .c is named relative to the object tree)
sed 's|^\(.*\)/\([^/]*\)$|\1/.\2.cmd|' "$W/kernel-objects" |
	(cd "$y" && xargs sed -n 's/^source_[^ ]* := //p') |
	sed "s|^\([^/]\)|$y/\1|" | sort -u >"$W/c-sources"
python3 "$TOP/tools/testing/inline/lib/asm-header-inlines.py" \
	$(find "$SRC/include" "$SRC/arch/x86/include" -name '*.h') $(cat "$W/c-sources") \
	>"$W/inline-definitions"
read_all=$?
check "the judge reads every header and every .c of the build ($(wc -l <"$W/c-sources") .c files)" \
	test "$read_all" = 0 -a "$(wc -l <"$W/c-sources")" -gt "$least"
awk '$2 == "inline" || $2 == "__inline__" { print $1 }' "$W/inline-definitions" |
	sort -u >"$W/plain-names"
awk 'FILENAME == ARGV[1] { k[$1]; next }
     FILENAME == ARGV[2] { a[$1]; next }
     $2 == "t" && ($1 in k) && ($3 in a) { print $1, $3 }' \
	"$W/kernel-objects" "$W/plain-names" "$W/nm" | sort -u >"$W/plain-copies"
comm -23 "$W/plain-copies" "$W/named" >"$W/plain-unnamed"

# The definition each object compiled, from its preprocessed source by
# the tests' own reader (lib/declared-inline.py), for both: a header's
# stub for a configuration that is off may share its name with a plain
# function of the .c file, and a lexical reading cannot tell them apart.
# Each .i is read once, by one of $JOBS readers.
(cut -d' ' -f1,2 "$W/judged"; cat "$W/plain-unnamed") | sort -u >"$W/wanted"
objs=$(cut -d' ' -f1 "$W/wanted" | sort -u)
(cd "$y" && make -s -C "$SRC" O="$y" -j"$JOBS" $(echo "$objs" | sed 's/\.o$/.i/')) \
	>"$W/cpp.log" 2>&1
# "OBJECT NAME KIND" for each name in wanted, from its object's .i;
# nothing for an object whose .i cannot be read
mkdir -p "$W/kinds.d"
awk -v y="$y" -v d="$W/kinds.d" '
	$1 != o { if (o != "") print line; o = $1; f = o; gsub("/", "_", f)
		  line = y "/" substr(o, 1, length(o) - 2) ".i " d "/" f }
	{ line = line " " $2 }
	END { if (o != "") print line }' "$W/wanted" | kinds_each
for o in $objs; do
	f=$W/kinds.d/${o//\//_}
	[ ! -f "$f" ] || sed "s|^|$o |" "$f"
done >"$W/kinds"
# kind_of OBJECT NAME: inline, forced, hint, no, unknown; empty if unread
kind_of() {
	awk -v o="$1" -v n="$2" '$1 == o && $2 == n { print $3; exit }' "$W/kinds"
}

asm_bad=0
asm_copies=0
warn_bad=0
plain=0
unnamed=0
other=0
unread=0
while read -r o name annots; do
	kind=$(kind_of "$o" "$name")
	cls=$(awk -F'\t' -v n="$name" '$2 == n && $3 ~ /^arch\/x86\/include\/asm\// { print $1 }' \
		"$(findings "$o")" | head -1)
	case $kind in
	inline)
		plain=$((plain + 1))
		[ -n "$cls" ] || { unnamed=$((unnamed + 1)); echo "unnamed: $o $name" >>"$W/judge.diff"; } ;;
	forced) ;;
	"")	unread=$((unread + 1)); echo "unread: $o $name" >>"$W/judge.diff"; continue ;;
	*)	other=$((other + 1)); continue ;;
	esac
	case " $annots " in
	*" __asm_inline "*)
		[ "$kind" = forced ] || continue
		asm_copies=$((asm_copies + 1))
		[ -n "$(address_taken "$y/$o" "$name")" ] ||
			{ asm_bad=$((asm_bad + 1)); echo "asm: $o $name [$cls]" >>"$W/judge.diff"; } ;;
	esac
	case "$cls" in
	""|address-taken|dead-copy) ;;
	*) warn_bad=$((warn_bad + 1)); echo "warning: $o $name [$cls]" >>"$W/judge.diff" ;;
	esac
done <"$W/judged"
check "the judge read the definition every copy is of ($(wc -l <"$W/judged") copies, $unread unread)" \
	test "$(wc -l <"$W/judged")" -gt 0 -a "$unread" = 0
check "every copy of a plain inline function of arch/x86/include/asm/ is named ($plain copies, $unnamed not; $other copies are of a function the .c defines)" \
	test "$unnamed" = 0
check "no __asm_inline function has a copy but where the object takes its address ($asm_copies copies, $asm_bad others)" \
	test "$asm_bad" = 0
check "W=inline warns about no function of arch/x86/include/asm/ ($warn_bad warnings; see judge.diff)" \
	test "$warn_bad" = 0

# The other way round, on the whole build: every function a finding
# names has a copy in its object.
awk '$2 ~ /^[tTwW]$/ { print $1, $3 }' "$W/nm" | sort -u >"$W/symbols"
comm -23 "$W/named" "$W/symbols" >"$W/named-without-copy"
check "every function a finding names has a copy in its object ($(wc -l <"$W/named") findings, $(wc -l <"$W/named-without-copy") without)" \
	test -s "$W/named" -a ! -s "$W/named-without-copy"

# And every copy of a function declared plain inline is named, on the
# whole build: each candidate that no finding names must be, by its
# object's .i, of another definition (a plain or an inline_hint function
# of the same name), and never unread.
awk 'NR == FNR { k[$1 " " $2] = $3; next }
     { kind = ($1 " " $2) in k ? k[$1 " " $2] : "unread"
       if (kind == "inline" || kind == "unread") print $1, $2, kind }' \
	"$W/kinds" "$W/plain-unnamed" | tee -a "$W/judge.diff" >"$W/plain-bad"
unnamed=$(awk '$3 == "inline"' "$W/plain-bad" | wc -l)
unread=$(awk '$3 == "unread"' "$W/plain-bad" | wc -l)
check "every copy of a function declared plain inline is named, $scope ($(wc -l <"$W/plain-copies") candidates, $(wc -l <"$W/plain-unnamed") not named: of another definition but $unnamed; $unread unread)" \
	test -s "$W/plain-copies" -a "$unnamed" = 0 -a "$unread" = 0
nwarn=$(python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
print(sum(1 for f in d["functions"] if f["file"].startswith("arch/x86/include/asm/")
	  and f["class"] not in ("address-taken", "dead-copy")))' "$y/inline-summary.json")
check "and its summary (inline-summary.json) has no warning for arch/x86/include/asm/ ($nwarn)" \
	test "$nwarn" = 0

# Objects outside the directories above, built with their .i in one
# make (after the summary read above, which it rewrites), where the
# reader of the source once got a function wrong. Each must report the
# copies that the judge reads in its preprocessed source, no more, no
# fewer; the function named has a copy, and the judge says whether it is
# declared inline. OBJECT FUNCTION KIND WHY, one case a line: KIND is the
# judge's, inline or no.
{
	cat <<'EOF'
mm/interval_tree.o anon_vma_interval_tree_insert no plain, after INTERVAL_TREE_DEFINE(..., static inline, ...) without a semicolon
crypto/sha3_generic.o keccakf_round inline static SHA3_INLINE, which the file defines as inline on 64-bit
lib/zstd/common/fse_decompress.o BIT_initDStream inline MEM_STATIC, which lib/zstd/common/mem.h, a header it has no other name of, defines as static inline
crypto/jitterentropy.o jent_delta inline compiled with -O0 (crypto/Makefile), where GCC inlines only what is forced
lib/decompress_unlzo.o parse_header inline 'STATIC inline', STATIC empty here and static in the boot decompressor
EOF
	[ "$KVER" != 6.12 ] || cat <<'EOF'
mm/slub.o sysfs_slab_add no compiled where SLAB_SUPPORTS_SYSFS (mm/slab.h) is defined, not its inline stub
lib/maple_tree.o mas_store_b_node inline static noinline_for_kasan, which the file defines as inline without CONFIG_KASAN_STACK
EOF
} >"$W/outside-cases"
outside_objects=$(cut -d' ' -f1 "$W/outside-cases")
(cd "$y" && rm -f $outside_objects)
make -C "$y" -j"$JOBS" W=inline $outside_objects $(echo "$outside_objects" | sed 's/\.o$/.i/') \
	>"$W/outside.log" 2>&1
while read -r o fn kind why <&3; do
	e=$W/outside-${o//\//_}
	inline_copies "$y/$o" "$y/${o%.o}.i" "$e.kinds" >"$e.expected"
	reported "$(findings "$o")" >"$e.reported" 2>/dev/null
	sym=$(symbol_type "$y/$o" "$fn")
	check "$o: W=inline reports the copies that its .i declares inline ($(wc -l <"$e.expected")); $fn() ('$sym'), $why, is $([ "$kind" = inline ] || echo "not ")one" \
		sh -c "[ -n '$sym' ] && grep -q '^$fn $kind ' '$e.kinds' &&
		       diff '$e.expected' '$e.reported' >'$e.diff'"
done 3<"$W/outside-cases"

# crypto/jitterentropy.o is compiled with -O0, the last -O option of its
# command (.cmd): GCC inlines only what is forced there, and the copy of
# jent_delta() with its call is no annotation's doing. A note, inlining-off,
# and no fix, in the build's log and in the summary of the make above.
# class_fix NAME: the class of function NAME in the summary of the make
# above, and its fix: the text, "removal" or "none"; nothing if the
# summary has not one entry of that name.
class_fix() {
	python3 -c '
import json, sys
f = [f for f in json.load(open(sys.argv[1]))["functions"] if f["name"] == sys.argv[2]]
if len(f) != 1:
    sys.exit(1)
fix = f[0]["fix"]
print(f[0]["class"], "none" if fix is None else fix["text"].strip() or "removal")' \
		"$y/inline-summary.json" "$1" 2>/dev/null
}
je=crypto/jitterentropy.o
je_O=$(last_O_option "$y/$je")
jclass=$(class_fix jent_delta)
check "$je, compiled with ${je_O:-no -O}, calls its copy of jent_delta(): a note [inlining-off] with no fix, no warning for its file (${jclass:-not in the summary})" \
	sh -c "[ '$je_O' = -O0 ] && [ '$jclass' = 'inlining-off none' ] &&
	       objdump -dr '$y/$je' | grep -Eq 'call +[0-9a-f]+ <jent_delta>\$|R_X86_64_PLT32 +jent_delta-' &&
	       grep -q '^crypto/jitterentropy.c:[0-9:]*: note: .jent_delta. .*: compiled with -O0, .*\[inlining-off\]\$' '$W/outside.log' &&
	       ! grep -q '^crypto/jitterentropy.c:[0-9:]*: warning: ' '$W/outside.log'"

# lib/decompress_unlzo.c's parse_header() is "STATIC inline": STATIC is
# empty in the kernel and static in the boot decompressor, which includes
# the file. Its copy is global: on 6.12 GCC inlined its one call, and the
# copy is for other files (external-inline), where no fix may put
# 'static' beside STATIC, twice static in the decompressor; on 6.1 GCC
# left the call (inline-not-inlined), and its fix is inline_hint.
pclass=$(class_fix parse_header)
check "lib/decompress_unlzo.c: parse_header(), 'STATIC inline' where the boot decompressor that includes it has STATIC static, gets no 'static' beside STATIC (${pclass:-not in the summary})" \
	sh -c "grep -q '^STATIC inline long INIT parse_header(' '$SRC/lib/decompress_unlzo.c' &&
	       grep -q '^#define STATIC[[:space:]]*static\$' '$SRC/arch/x86/boot/compressed/misc.c' &&
	       grep -q '^#include \"../../../../lib/decompress_unlzo.c\"' '$SRC/arch/x86/boot/compressed/misc.c' &&
	       ! grep -q '^+static STATIC' '$y/inline-fixes.patch' &&
	       case '$pclass' in
	       'external-inline none'|'inline-not-inlined inline_hint') ;;
	       *) false ;;
	       esac"

[ "$DIRS" != . ] || echo "# vmlinux text: $(size "$y/vmlinux" | awk 'NR == 2 { print $1 }')"
finish
