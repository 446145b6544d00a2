#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Bad input to inline-check: a truncated or garbled report, no report, an
# unreadable header, an object that is not what it should be, a damaged
# findings file. Each time: one diagnostic naming the file, exit status 0
# (the build goes on), and the rest of the findings still there.

set -u
TOP=$(cd "$(dirname "$0")/../../.." && pwd)
. "$TOP/tools/testing/inline/lib/common.sh"

W=$OUT/check/bad-input
rm -rf "$W"
mkdir -p "$W"
obj=$(obj_tree y)
TOOL=$obj/scripts/inline/inline-check
M=$W/mod
cp -r "$TOP/tools/testing/inline/fixtures/w-inline" "$M"
make -C "$obj" M="$M" W=inline modules >"$W/build.log" 2>&1
O=$M/wi-classes.o
REPORT=$M/.wi-classes.o.inline-report
FINDINGS=$M/.wi-classes.o.inline-findings
cp "$REPORT" "$W/report.good"
cp "$O" "$W/object.good"

# run NAME: the tool on the module's wi-classes.o, as Kbuild runs it
run() {
	(cd "$obj" && "$TOOL" --srctree "$SRC" --config include/generated/autoconf.h "$O") \
		>"$W/$1.out" 2>"$W/$1.err"
	echo $? >"$W/$1.status"
}

# expect NAME FILE WHAT: exit 0 and exactly one diagnostic, naming FILE
expect_one() {
	local n
	n=$(grep -c 'warning: inline-check:' "$W/$1.err")
	if [ "$(cat "$W/$1.status")" = 0 ] && [ "$n" = 1 ] &&
	   grep -q "^$2: warning: inline-check: " "$W/$1.err"; then
		ok "$3: $(grep 'warning: inline-check:' "$W/$1.err" | sed "s|$M/||; s|$W/||")"
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

head -c "$(( $(stat -c %s "$W/report.good") / 2 ))" "$W/report.good" >"$REPORT"
run truncated
expect_one truncated "$REPORT" "a truncated report"
check "a truncated report loses no finding" test "$(findings_of)" = "$good"

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

# The summary: a damaged findings file is named, the others are read.
run good
touch "$O"
sleep 0.01
touch "$FINDINGS"
printf 'garbage\n' >"$M/.wi-other.o.inline-findings"
touch "$M/.wi-other.o.inline-findings"
"$TOOL" --summary "$M" >"$W/summary.out" 2>"$W/summary.err"
check "a damaged findings file is named by the summary" \
	grep -q "^$M/.wi-other.o.inline-findings: warning: inline-check: not a findings file" "$W/summary.err"
check "and the other objects are still summed up" \
	grep -q '^W=inline: 1 objects checked' "$W/summary.out"

# Usage errors are the only failures.
"$TOOL" >/dev/null 2>&1
check "no object on the command line: usage, exit status 2" test $? = 2
"$TOOL" --size-table no-equals-sign >/dev/null 2>"$W/size.err"
check "a bad size-table argument: exit status 2, and why" \
	sh -c "[ $? = 2 ] && grep -q 'expected NAME=FILE' '$W/size.err'"

finish
