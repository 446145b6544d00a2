#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Bad input to inline-check: a truncated or garbled report, no report, an
# unreadable header, an object that is not what it should be; then in a
# real build, damaged or foreign findings files, an inline-summary.json
# that cannot be written, a full disk, a checker killed as it writes,
# and W=e, W=1 and CONFIG_WERROR. Each time: one diagnostic naming the
# file, exit status 0 (the build goes on), and the rest of the findings
# still there.
#
# Builds: fixture modules against the =y tree without ccache, and the checker on bad input.
#
# Without ccache the check runs after the compile, and its findings are in
# files only; objcopy puts them in an object where ccache's cases need it.

set -u
TOP=$(cd "$(dirname "$0")/../../.." && pwd)
. "$TOP/tools/testing/inline/lib/common.sh"

W=$CHECK/bad-input
rm -rf "$W"
mkdir -p "$W"
need_packages strace
obj=$(obj_tree y) || exit 1
real_compiles
TOOL=$obj/scripts/inline/inline-check
M=$W/mod
cp -r "$TOP/tools/testing/inline/fixtures/w-inline" "$M"
make -C "$obj" M="$M" W=inline modules >"$W/build.log" 2>&1
O=$M/wi-classes.o
REPORT=$M/.wi-classes.o.inline-report
FINDINGS=$M/.wi-classes.o.inline-findings
cp "$REPORT" "$W/report.good"
cp "$O" "$W/object.good"

# run NAME [CONFIG]: the tool on the module's wi-classes.o, as Kbuild
# runs it (with Kbuild's --config unless given another)
run() {
	(cd "$obj" && "$TOOL" --srctree "$SRC" \
		--config "${2:-include/generated/autoconf.h}" "$O") \
		>"$W/$1.out" 2>"$W/$1.err"
	echo $? >"$W/$1.status"
}

# expect_one NAME FILE WHAT [START]: NAME.status 0 (the checker's, or
# make's) and exactly one diagnostic, naming FILE (its message beginning
# with START)
expect_one() {
	local n
	n=$(grep -c 'warning: inline-check:' "$W/$1.err")
	if [ "$(cat "$W/$1.status")" = 0 ] && [ "$n" = 1 ] &&
	   grep -q "^$2: warning: inline-check: ${4:-}" "$W/$1.err"; then
		ok "$3: $(grep 'warning: inline-check:' "$W/$1.err" | sed "s|$M/||g; s|$W/||g")"
	else
		not_ok "$3 (status $(cat "$W/$1.status"), $n diagnostics)"
	fi
}

findings_of() {
	tail -n +2 "$FINDINGS" 2>/dev/null | cut -f2 | sort | tr '\n' ' '
}

run good
good=$(findings_of)
check "the intact inputs give findings and no diagnostic about the input" \
	test -n "$good" -a "$(grep -c 'inline-check:' "$W/good.err")" = 0

# in_module NAME ARGS...: the tool run by hand in the module's directory,
# as its developer runs it
in_module() {
	local name=$1
	shift
	(cd "$M" && "$TOOL" "$@") >"$W/$name.out" 2>"$W/$name.err"
	echo $? >"$W/$name.status"
}

# same_quietly NAME: the run NAME gave the intact inputs' findings, and
# printed them, with no diagnostic about the input
same_quietly() {
	[ "$(findings_of)" = "$good" ] && [ -s "$W/$1.err" ] &&
		! grep -q 'inline-check:' "$W/$1.err"
}

# A hand run there: the object by its name there, and the configuration
# of the tree it was built against, by a relative path. Kbuild named the
# object by its absolute path, and ran the check in that tree.
in_module inmodule \
	--config "$(realpath --relative-to="$M" "$obj")/include/generated/autoconf.h" wi-classes.o
check "a hand run in the module's directory, with the tree's --config, gives the same findings and no diagnostic about the input" \
	same_quietly inmodule

# The summary by hand there writes what the build wrote, with the module's
# fixes, and names its files as given: in the ranking's last line, the
# fixes' line, and what cannot be written
in_module hand-summary --summary --rows 1 --json hand.json --fixes hand.patch .
in_module hand-summary-nodir --summary --json nodir/hand.json .
check "a hand summary in the module's directory writes the build's inline-fixes.patch ($(grep -c '^+[^+]' "$M/hand.patch" 2>/dev/null) fixes) and inline-summary.json" \
	sh -c "[ -s '$M/hand.patch' ] && cmp -s '$M/inline-fixes.patch' '$M/hand.patch' && cmp -s '$M/inline-summary.json' '$M/hand.json'"
check "and names its files as given: '... N more in hand.json', 'N fixes in hand.patch', 'nodir/hand.json: warning: inline-check: cannot write'" \
	sh -c "grep -q '^ *[.][.][.] [0-9]* more in hand[.]json\$' '$W/hand-summary.out' &&
	       grep -q '^W=inline: [0-9]* fix.* in hand[.]patch\$' '$W/hand-summary.out' &&
	       grep -q '^nodir/hand[.]json: warning: inline-check: cannot write' '$W/hand-summary-nodir.err'"
rm -f "$M/hand.json" "$M/hand.patch"

# Fixes that cannot go into the patch: each file's are said once, with
# why, and the other files' are written. A file outside --fixes-root; one
# that changed since the build (a line added at its top); one the build
# generated, in the object tree, where the summary runs, but not in the
# source tree (6.12's security/selinux/flask.h, made by genheaders): here
# the findings files name wi-shared.h as gen-test/wi-shared.h, a copy in
# the kernel's object tree, and --srctree is a directory without it.
# They are put back after.
fixes_total=$(sed -n 's/^W=inline: \([0-9]*\) fix.*/\1/p' "$W/build.log")
mkdir -p "$W/elsewhere"
# left_out NAME FILE WHY: NAME's diagnostics are one, at FILE, whose
# fixes are left out of left.patch for WHY
left_out() {
	[ "$(cat "$W/$1.status")" = 0 ] &&
		[ "$(grep -c 'warning: inline-check:' "$W/$1.err")" = 1 ] &&
		grep -q "^$2: warning: inline-check: [1-9][0-9]* fix\(es\)\? left out of left\.patch: $3\$" "$W/$1.err"
}
in_module left-outside --summary --json left.json --fixes left.patch --fixes-root "$W/elsewhere" .
n=$(sed -n 's/.* \([0-9]*\) fix.* left out of left\.patch: the file is outside .*elsewhere$/\1/p' "$W/left-outside.err" |
    awk '{ n += $1 } END { print n + 0 }')
check "fixes of files outside --fixes-root: each file said once, 'N fixes left out of left.patch: the file is outside elsewhere', $n of the build's $fixes_total, and no patch" \
	sh -c "[ '$(cat "$W/left-outside.status")' = 0 ] && [ '$n' = '$fixes_total' ] &&
	       [ \$(grep -c 'warning: inline-check:' '$W/left-outside.err') = 2 ] && [ ! -s '$M/left.patch' ]"
cp -p "$M/wi-classes.c" "$W/wi-classes.c.kept"
sed -i '1i /* a line added after the build */' "$M/wi-classes.c"
in_module left-changed --summary --json left.json --fixes left.patch .
cp -p "$W/wi-classes.c.kept" "$M/wi-classes.c"
# written NAME: the one file of left.patch
written() {
	[ "$(grep '^+++ ' "$M/left.patch")" = "+++ b/$1" ]
}
check "fixes of a file changed since the build: 'wi-classes.c: ... left out of left.patch: the file has changed since the build', wi-shared.h's written" \
	eval "left_out left-changed '$M/wi-classes\.c' 'the file has changed since the build' && written wi-shared.h"
mkdir -p "$W/findings.kept"
cp -p "$M"/.*.inline-findings "$W/findings.kept/"
mkdir -p "$obj/gen-test"
cp "$M/wi-shared.h" "$obj/gen-test/wi-shared.h"
sed -i "s|$M/wi-shared\.h|gen-test/wi-shared.h|g" "$M"/.*.inline-findings
in_module left-gen --summary --srctree "$W/elsewhere" --json left.json --fixes left.patch .
cp -p "$W/findings.kept"/.*.inline-findings "$M/"
rm -rf "$obj/gen-test"
check "fixes of a file in the object tree, not in --srctree: 'gen-test/wi-shared.h: ... left out of left.patch: the build generated the file; fix what generates it', wi-classes.c's written" \
	eval "left_out left-gen 'gen-test/wi-shared\.h' 'the build generated the file; fix what generates it' && written wi-classes.c"
rm -f "$M/left.json" "$M/left.patch"

# and with no --config, as the module's developer runs it first: no tree
# is above the module; the tree is the one of the inline-check run
in_module inmodule-noconf wi-classes.o
check "a hand run in the module's directory of \$KDIR/scripts/inline/inline-check, no --config, gives the same findings and no diagnostic about the input" \
	same_quietly inmodule-noconf

head -c "$(( $(stat -c %s "$W/report.good") / 2 ))" "$W/report.good" >"$REPORT"
run truncated
expect_one truncated "$REPORT" "a truncated report"
check "a truncated report loses no finding" test "$(findings_of)" = "$good"
# by hand in the module's directory, the file named from there
in_module truncated-inmodule wi-classes.o
expect_one truncated-inmodule "$(basename "$REPORT")" \
	"a truncated report, checked by hand in the module's directory" truncated

head -c 4096 /dev/urandom >"$REPORT"
run garbled
expect_one garbled "$REPORT" "a garbled report"
check "a garbled report loses no finding (the object decides what is reported)" \
	test "$(findings_of)" = "$good"

rm -f "$REPORT"
run noreport
expect_one noreport "$REPORT" "no report"
check "without a report, the same findings, without GCC's reasons" \
	sh -c "[ '$(findings_of)' = '$good' ] && ! grep -q 'max-inline-insns' '$FINDINGS'"
cp "$W/report.good" "$REPORT"

mv "$M/wi-shared.h" "$W/wi-shared.h"
run noheader
expect_one noheader "$M/wi-shared.h" "an unreadable header"
check "without the header, the findings of the .c file remain" \
	sh -c "tail -n +2 '$FINDINGS' | cut -f2 | grep -qx wi_big"
mv "$W/wi-shared.h" "$M/wi-shared.h"

echo "not an object" >"$O"
run notelf
expect_one notelf "$O" "a text file as the object"
check "and no findings file is left for it" test ! -e "$FINDINGS"

cp /bin/true "$O"
run executable
expect_one executable "$O" "an executable as the object"

head -c 3000 "$W/object.good" >"$O"
run truncelf
expect_one truncelf "$O" "a truncated object"
cp "$W/object.good" "$O"
touch "$FINDINGS" 2>/dev/null

mv "$M/.wi-classes.o.cmd" "$W/cmd"
run nocmd
expect_one nocmd "$M/.wi-classes.o.cmd" "no .cmd file"
mv "$W/cmd" "$M/.wi-classes.o.cmd"

run noconfig "$W/no-autoconf.h"
expect_one noconfig "$W/no-autoconf.h" "an unreadable --config"
check "without the configuration, the same findings" test "$(findings_of)" = "$good"

# 2. The build: make W=inline exits 0 whatever W=inline cannot read or
# write, with one diagnostic naming the file, and every other finding as
# it was. Each case damages something after a good build; the next make
# has nothing to compile and runs the summary.
run good
OTHER=$M/.wi-other.o.inline-findings
make -C "$obj" M="$M" W=inline modules >"$W/rebuild.log" 2>&1
cp "$FINDINGS" "$W/findings.good"
cp "$OTHER" "$W/other.good"
cp "$M/inline-summary.json" "$W/json.good"

# summary NAME [MAKE-ARGS]: the build again; NAME.status is make's status
summary() {
	local name=$1
	shift
	make -C "$obj" M="$M" W=inline "$@" modules >"$W/$name.out" 2>"$W/$name.err"
	echo $? >"$W/$name.status"
}

# the other findings file is untouched, and the summary counts both, as
# the first build's did
counted=$(grep '^W=inline: 3 objects checked; ' "$W/build.log")
intact() {
	cmp -s "$OTHER" "$W/other.good" && [ -n "$counted" ] &&
	grep -qxF "$counted" "$W/$1.out"
}

rechecked() {
	cmp -s "$FINDINGS" "$W/findings.good" && intact "$1"
}

# damaged NAME WHAT: the build after the findings file was damaged; the
# summary must check the object again, and the file be whole after
damaged() {
	summary "$1"
	expect_one "$1" "$FINDINGS" "$2"
	check "$2: the object was checked again, the other findings intact" \
		rechecked "$1"
}

printf 'garbage\n' >"$FINDINGS"
damaged garbage "a garbled findings file"
head -c "$(( $(stat -c %s "$W/findings.good") - 20 ))" "$W/findings.good" >"$FINDINGS"
damaged cut "a truncated findings file"
: >"$FINDINGS"
damaged empty "an empty findings file"
# the format this checker writes (findings.h), and the one before it
FMT=$(sed -n 's/^#define FINDINGS_FORMAT\t"\(v[0-9]*\)"$/\1/p' "$TOP/scripts/inline/findings.h")
[ -n "$FMT" ] || die "no FINDINGS_FORMAT in scripts/inline/findings.h"
PREV=v$(( ${FMT#v} - 1 ))
# the sed expression that gives a findings file another checker's name
FOREIGN="1s/^\\(# inline-check findings $FMT\t\\)[^\t]*/\\1ffffffffffffffff/"
sed "1s/^# inline-check findings $FMT\t[^\t]*\t/# inline-check findings $PREV\t/" "$W/findings.good" >"$FINDINGS"
damaged "$PREV" "a findings file of the previous format ($PREV)"
sed "$FOREIGN" "$W/findings.good" >"$FINDINGS"
damaged otherid "a findings file that another inline-check wrote"
# After the series is updated in place every findings file is another
# checker's: one line for all of them, not one per object.
for f in "$FINDINGS" "$OTHER"; do
	sed -i "$FOREIGN" "$f"
done
summary allforeign
check "every findings file another checker's: make exits 0, one diagnostic for both" \
	sh -c "[ \$(cat '$W/allforeign.status') = 0 ] &&
	       [ \$(grep -c 'warning: inline-check:' '$W/allforeign.err') = 1 ] &&
	       grep -q 'warning: inline-check: written by another inline-check, as was 1 more findings file; their objects were checked again' '$W/allforeign.err'"
check "and both objects were checked again" \
	sh -c "cmp -s '$FINDINGS' '$W/findings.good' && cmp -s '$OTHER' '$W/other.good' &&
	       [ -n '$counted' ] && grep -qxF '$counted' '$W/allforeign.out'"
check "the findings file names its writer: the format and the checker" \
	grep -qE "^# inline-check findings $FMT	[0-9a-f]{16}	" "$W/findings.good"

# Under ccache the findings are in the object too, in a section the
# summary trusts over the file (.discard.inline_findings, as the check
# inside ccache writes it; objcopy stands in for it here).
# note FILE: the object as built, FILE its section
note() {
	cp "$W/object.good" "$O"
	objcopy --add-section .discard.inline_findings="$1" \
		--set-section-flags .discard.inline_findings=exclude "$O"
}
quiet() {
	! grep -q 'inline-check:' "$W/$1.err" && rechecked "$1"
}
sed "$FOREIGN" \
	"$W/findings.good" >"$W/note.foreign"
note "$W/note.foreign"
rm -f "$FINDINGS"
summary note-foreign
expect_one note-foreign "$FINDINGS" "an object whose section another inline-check wrote, no findings file"
check "that object was checked again, the other findings intact" \
	rechecked note-foreign
summary note-foreign-again
check "the build after keeps this checker's findings file: nothing said, nothing checked again" \
	quiet note-foreign-again
# ld -r of several objects puts their sections end to end: findings
# named for another object are not this one's
sed "1s|\t$O\t|\t$M/gone.o\t|" "$W/findings.good" >"$W/note.other"
note "$W/note.other"
cp "$W/findings.good" "$FINDINGS"
summary note-other
other_note_passed() {
	grep -q "$M/gone.o" "$W/note.other" && quiet note-other
}
check "a section of another object's findings is passed over: the file is read, nothing said" \
	other_note_passed
cp "$W/object.good" "$O"
touch "$FINDINGS"

# A damaged report under a damaged findings file: the check again reads
# the report as it can, and names both.
head -c "$(( $(stat -c %s "$W/report.good") / 2 ))" "$W/report.good" >"$REPORT"
printf 'garbage\n' >"$FINDINGS"
summary badreport
check "a truncated report, read again by the summary: make exits 0, both files named once" \
	sh -c "[ \$(cat '$W/badreport.status') = 0 ] &&
	       [ \$(grep -c 'warning: inline-check:' '$W/badreport.err') = 2 ] &&
	       grep -q '^$REPORT: warning: inline-check: truncated' '$W/badreport.err' &&
	       grep -q '^$FINDINGS: warning: inline-check: not a findings file; checking' '$W/badreport.err'"
cp "$W/report.good" "$REPORT"
summary reportback
cp "$W/findings.good" "$FINDINGS"
touch "$FINDINGS"

# inline-summary.json that cannot be written.
rm -f "$M/inline-summary.json"
mkdir "$M/inline-summary.json"
summary jsondir
expect_one jsondir "$M/inline-summary.json" "a directory in place of inline-summary.json"
check "and the summary is still printed, the findings intact" intact jsondir
rmdir "$M/inline-summary.json"
summary jsonback
check "then the next build writes inline-summary.json again" cmp -s "$M/inline-summary.json" "$W/json.good"

# The checker as Kbuild runs it, on output it cannot write: exit 0 (what
# make sees), one diagnostic naming the file, the old file left whole.
# Root writes anywhere, so no permission is tried as user nobody; a full
# disk is a small tmpfs, filled (a whole build on a full disk fails
# without W=inline too: Kbuild's cc-option cannot write its test object).
# cannot_write NAME FILE WHAT CMD...: run CMD, expect that
cannot_write() {
	local name=$1 file=$2 what=$3
	shift 3
	(cd "$obj" && "$@") >"$W/$name.out" 2>"$W/$name.err"
	echo $? >"$W/$name.status"
	expect_one "$name" "$file" "$what" "cannot "
}

P=$W/no-permission
mkdir -p "$P"
cp "$W/json.good" "$P/inline-summary.json"
chmod 755 "$P"
chmod -R a+rX "$W"
if runuser -u nobody -- true 2>/dev/null; then
	cannot_write noperm "$P/inline-summary.json" \
		"the summary, without write permission for inline-summary.json" \
		runuser -u nobody -- "$TOOL" --summary --json "$P/inline-summary.json" "$M"
	check "and the old inline-summary.json is left as it was" \
		cmp -s "$P/inline-summary.json" "$W/json.good"
	cannot_write noperm-findings "$P/.wi-classes.o.inline-findings" \
		"a check without write permission for its findings file" \
		runuser -u nobody -- "$TOOL" --srctree "$SRC" --config include/generated/autoconf.h \
		--findings "$P/.wi-classes.o.inline-findings" "$O"
else
	not_ok "no write permission: cannot run the checker as user nobody (runuser)"
fi

T=$W/tmpfs
mkdir -p "$T"
if mount -t tmpfs -o size=1m inline-test "$T" 2>/dev/null; then
	cp "$W/json.good" "$T/inline-summary.json"
	dd if=/dev/zero of="$T/fill" bs=4k >/dev/null 2>&1
	cannot_write full "$T/inline-summary.json" "a full disk while the summary is written" \
		"$TOOL" --summary --json "$T/inline-summary.json" "$M"
	check "a full disk: the old inline-summary.json is whole, no temporary file left" \
		sh -c "cmp -s '$T/inline-summary.json' '$W/json.good' &&
		       [ -z \"\$(find '$T' -name '*.tmp')\" ]"
	cannot_write full-findings "$T/.wi-classes.o.inline-findings" \
		"a full disk while findings are written" \
		"$TOOL" --srctree "$SRC" --config include/generated/autoconf.h \
		--findings "$T/.wi-classes.o.inline-findings" "$O"
	check "a full disk: neither a findings file nor a temporary one is left" \
		test -z "$(find "$T" -name '*inline-findings*')"
	umount "$T"
else
	not_ok "a full disk: cannot mount a tmpfs (needs root)"
fi

# 4. Interrupted: killed at any moment, a findings file or the summary
# is the old one, whole, or the new one; never half. strace kills the
# checker as it writes the new file (its first write to it), and as it
# renames it into place.
J=$M/inline-summary.json
for at in write rename; do
	printf 'an older findings file\n' >"$FINDINGS"
	cp "$FINDINGS" "$W/findings.old"
	f=$M/..wi-classes.o.inline-findings.tmp
	j=$M/.inline-summary.json.tmp
	(cd "$obj" && strace -f -o /dev/null -P "$f" -e inject=$at:signal=KILL:when=1 \
		"$TOOL" --srctree "$SRC" --config include/generated/autoconf.h "$O") \
		>/dev/null 2>&1
	st=$?
	check "the check killed at its $at of the new findings (status $st): the old file is left whole" \
		test $st = 137 -a "$(cat "$FINDINGS")" = "an older findings file"
	cp "$W/findings.good" "$FINDINGS"
	touch "$FINDINGS"
	printf '{"an older summary": 1}\n' >"$J"
	cp "$J" "$W/json.old"
	(cd "$obj" && strace -f -o /dev/null -P "$j" -e inject=$at:signal=KILL:when=1 \
		"$TOOL" --summary --json "$J" "$M") >/dev/null 2>&1
	st=$?
	check "the summary killed at its $at of inline-summary.json (status $st): the old one is left whole" \
		sh -c "[ $st = 137 ] && cmp -s '$J' '$W/json.old'"
done
run good
check "the next check writes the findings file whole" cmp -s "$FINDINGS" "$W/findings.good"
summary again
check "and the next build inline-summary.json" cmp -s "$J" "$W/json.good"

# 5. W=inline's own diagnostics never become errors: CONFIG_WERROR=y (the
# defconfig), W=e and W=1 give make the status they give without it. The
# fixture has W=1 warnings, errors under CONFIG_WERROR: W=1 without it.
for w in e 1; do
	nowerror=$([ $w = 1 ] && echo KCFLAGS=-Wno-error)
	make -C "$obj" M="$M" W="$w" $nowerror modules >"$W/w$w-plain.log" 2>&1
	p=$?
	make -C "$obj" M="$M" W="$w,inline" $nowerror modules >"$W/w$w-inline.log" 2>&1
	i=$?
	check "W=$w,inline: make's status as with W=$w ($i, $p), and W=inline's warnings are there" \
		sh -c "[ $i = $p ] && grep -q 'warning: .* \[inline-not-inlined\]' '$W/w$w-inline.log'"
done
summary werror
check "CONFIG_WERROR=y: W=inline's warnings do not stop the build" \
	sh -c "[ \$(cat '$W/werror.status') = 0 ] && grep -q 'CONFIG_WERROR=y' '$obj/.config' &&
	       grep -q '\[inline-not-inlined\]' '$W/werror.err'"

# Single targets that make no object (make kernel/dma.s, the module's .i):
# they build as without W=inline, and there is nothing to sum up
rm -f "$obj/kernel/dma.s" "$obj/kernel/dma.i" "$M/wi-classes.i"
make -C "$obj" W=inline kernel/dma.s kernel/dma.i >"$W/single.log" 2>&1
st=$?
check "make W=inline kernel/dma.s kernel/dma.i builds them, and runs no summary (status $st)" \
	sh -c "[ $st = 0 ] && [ -s '$obj/kernel/dma.s' ] && [ -s '$obj/kernel/dma.i' ] &&
	       ! grep -q 'INLINE  summary\|inline-check' '$W/single.log'"
make -C "$obj" M="$M" W=inline wi-classes.i >"$W/single-m.log" 2>&1
st=$?
check "make W=inline M= wi-classes.i builds it, and runs no summary (status $st)" \
	sh -c "[ $st = 0 ] && [ -s '$M/wi-classes.i' ] &&
	       ! grep -q 'INLINE  summary\|inline-check' '$W/single-m.log'"
rm -f "$obj/kernel/dma.s" "$obj/kernel/dma.i" "$M/wi-classes.i"

# Usage errors are the only failures.
"$TOOL" >/dev/null 2>&1
check "no object on the command line: usage, exit status 2" test $? = 2
"$TOOL" --compiler icc x.o >/dev/null 2>"$W/compiler.err"
check "--compiler icc: exit status 2, and what it takes" \
	sh -c "[ $? = 2 ] && grep -q -- '--compiler icc: gcc or clang' '$W/compiler.err'"
"$TOP/tools/testing/inline/size-table.sh" no-equals-sign >/dev/null 2>"$W/size.err"
check "size-table.sh with a bad argument: exit status 2, and why" \
	sh -c "[ $? = 2 ] && grep -q 'expected NAME=FILE' '$W/size.err'"

# inline-check as ccache's prefix command (INLINE_CHECK_OPTS set): it
# runs the compile whatever its options say, and returns its status.
printf 'int f(void) { return 0; }\n' >"$W/wrap.c"
rm -f "$W/wrap.o"
(cd "$obj" && INLINE_CHECK_OPTS=--no-such-option "$TOOL" gcc -c -o "$W/wrap.o" "$W/wrap.c") \
	2>"$W/wrap-opt.err"
check "as ccache's prefix, a bad option: said, and the compile runs (status 0, its object)" \
	sh -c "[ $? = 0 ] && [ -s '$W/wrap.o' ] && grep -q 'no-such-option' '$W/wrap-opt.err'"
(cd "$obj" && INLINE_CHECK_OPTS= "$TOOL" gcc -E -o "$W/wrap.i" "$W/wrap.c") 2>"$W/wrap-e.err"
check "as ccache's prefix, a command that makes no object (-E): run as it is, nothing said or written" \
	sh -c "[ $? = 0 ] && [ -s '$W/wrap.i' ] && [ ! -s '$W/wrap-e.err' ] &&
	       [ -z \"\$(find '$W' -name '.wrap.i.*')\" ]"
(cd "$obj" && INLINE_CHECK_OPTS= "$TOOL" gcc -c -o "$W/wrap-error.o" "$W/no-such.c") \
	2>"$W/wrap-error.err"
check "as ccache's prefix, a compile that fails: the compiler's status and message, nothing held" \
	sh -c "[ $? = 1 ] && grep -q 'no-such.c' '$W/wrap-error.err' &&
	       [ -z \"\$(find '$W' -name '*.inline-stderr.tmp')\" ] && [ ! -e '$W/wrap-error.o' ]"

# inline-split, which Kbuild runs on each compile's held stderr: a wrong
# command line is a usage error; a held stderr it cannot read is left
# alone, with a status that has Kbuild print it as it is.
SPLIT=$obj/scripts/inline/inline-split
"$SPLIT" one-file >/dev/null 2>"$W/split-usage.err"
check "inline-split with one file: usage, exit status 2" \
	sh -c "[ $? = 2 ] && grep -q '^usage: inline-split' '$W/split-usage.err'"
rm -f "$W/split.report"
"$SPLIT" "$W/no-such.stderr" "$W/split.report" 2>"$W/split-missing.err"
check "inline-split without its held stderr: a status for Kbuild to print it, no report" \
	sh -c "[ $? = 1 ] && grep -q 'no-such.stderr' '$W/split-missing.err' &&
	       [ ! -e '$W/split.report' ]"

finish
