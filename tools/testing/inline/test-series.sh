#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The series on real trees of its version (KVER: 6.1 or 6.12): make apply
# (once, and only once, and all or nothing), make export, git am of the
# export on a clean tree, and checkpatch --strict on every patch.
#
# Builds: no objects; applies the series to linked trees and git am's it.

set -u
TOP=$(cd "$(dirname "$0")/../../.." && pwd)
. "$TOP/tools/testing/inline/lib/common.sh"

W=$CHECK/series
mkdir -p "$W"
need_packages python3-docutils
PRIS=$(pristine_tree) || exit 1

touched_and_new() {
	(sed -n 's|^+++ b/\([^[:space:]]*\).*|\1|p' "$SERIES"/*.patch
	 series_new_files) | sort -u
}

# A fingerprint of what the series may change in a tree.
fingerprint() {
	local f
	for f in $(touched_and_new); do
		if [ -e "$1/$f" ]; then md5sum <"$1/$f"; else echo "absent $f"; fi
	done | md5sum
}

apply() {
	make -s -C "$TOP" apply KDIR="$1" 2>"$W/apply.err" >"$W/apply.out"
}

# 1. A clean tree takes the series.
link_tree "$W/linux"
before=$(fingerprint "$W/linux")
check "make apply puts the series into a clean $KVER tree" apply "$W/linux"
check "and says it applied patches/$KVER/" grep -q "^applied .* patches/$KVER/ to " "$W/apply.out"
check "the new files are in place" \
	test -f "$W/linux/include/linux/compiler-inline.h" -a \
	     -f "$W/linux/Kconfig.inline" -a -f "$W/linux/scripts/inline/lexer.l"
# Every file the project keeps under a new directory of the series is in
# the series' list: a file left out would be missing from every tree.
unlisted=$(cd "$TOP" && git ls-files scripts/inline | grep -vxF -f <(series_new_files))
check "every file of scripts/inline/ is among the series' new files${unlisted:+ (not: $unlisted)}" \
	test -z "$unlisted" -a -n "$(cd "$TOP" && git ls-files scripts/inline)"
check "compiler_types.h includes compiler-inline.h" \
	grep -q '^#include <linux/compiler-inline.h>' "$W/linux/include/linux/compiler_types.h"
check "the pristine tree is not touched through its hard links" \
	test "$(fingerprint "$PRIS")" = "$before"
after=$(fingerprint "$W/linux")

# refused WHAT COMMAND...: the command must fail; its first line of
# complaint (apply.err) is shown.
refused() {
	local what=$1
	shift
	if "$@" >/dev/null 2>"$W/apply.err"; then
		not_ok "$what"
	else
		ok "$what: $(head -1 "$W/apply.err")"
	fi
}

# 2. Twice: refused, one line, nothing changed.
refused "a second make apply is refused" apply "$W/linux"
check "the refusal is one line that names the reason" \
	sh -c "[ \$(grep -c '^make apply:' '$W/apply.err') = 1 ] && grep -q 'already' '$W/apply.err'"
check "the refused tree is exactly as it was" test "$(fingerprint "$W/linux")" = "$after"

# 3. A version the series is not kept for (the next one): refused,
# unchanged.
link_tree "$W/other"
next=6.$((${KVER#6.} + 1))
sed -i "s/^PATCHLEVEL = ${KVER#6.}\$/PATCHLEVEL = ${next#6.}/" "$W/other/Makefile"
before=$(fingerprint "$W/other")
refused "a $next tree is refused" apply "$W/other"
check "the refusal names the versions the series is kept for" \
	grep -q "is Linux $next; the series is kept for 6.1 and 6.12 only" "$W/apply.err"
check "the $next tree is unchanged" test "$(fingerprint "$W/other")" = "$before"
refused "a missing directory is refused" apply "$W/no-such-dir"
refused "make apply without KDIR is refused" make -s -C "$TOP" apply

# 4. A patch that does not apply: nothing of the series is left behind,
# not even the patches before it or the new files.
link_tree "$W/conflict"
sed -i 's/^static inline notrace int trace_event_get_offsets_##call(/static inline notrace long trace_event_get_offsets_##call(/' \
	"$W/conflict/include/trace/trace_events.h"
before=$(fingerprint "$W/conflict")
refused "a tree where a patch fails is refused" apply "$W/conflict"
check "the refusal names the patch that failed" \
	grep -q 'tracing-get-offsets-inline-hint.patch' "$W/apply.err"
check "the tree where a patch failed is unchanged" \
	test "$(fingerprint "$W/conflict")" = "$before"

# 5. Export: a cover letter and one mail per patch.
npatches=$(grep -v '^#' "$SERIES/series" | grep -c .)
E=$OUT/series-$KVER
rm -rf "$E"
check "make export KVER=$KVER writes the series" \
	sh -c "make -s -C '$TOP' export KVER=$KVER >'$W/export.out' 2>&1"
check "out/series-$KVER/ has the cover letter and $npatches patches" \
	test "$(ls "$E"/*.patch 2>/dev/null | wc -l)" = $((npatches + 1)) -a \
	     -f "$E/0000-cover-letter.patch"
# The rows of the size tables: "NAME.patch: SIZE ( DELTA) ( PCT%)".
table_rows() {
	sed -n 's/^ *\([^ ]*\.patch\): *\([0-9]*\) *( *\(-\{0,1\}[0-9]*\)) *( *\(-\{0,1\}[0-9.]*\)%).*/\1 \2 \3 \4/p' "$1"
}
# The tables of this version: between its markers in inline.rst.
sed -n "/^\.\. inline-size-tables-$KVER-start\$/,/^\.\. inline-size-tables-$KVER-end\$/p" \
	"$TOP/Documentation/dev-tools/inline.rst" >"$W/tables.rst"
table_rows "$W/tables.rst" >"$W/rows.rst"
table_rows "$E/0000-cover-letter.patch" >"$W/rows.cover"
if [ -s "$W/tables.rst" ]; then
	check "the cover letter carries the $KVER size tables of inline.rst, figure for figure ($(wc -l <"$W/rows.rst") rows)" \
		sh -c "[ \$(wc -l <'$W/rows.rst') -ge $((3 * 2)) ] && cmp -s '$W/rows.rst' '$W/rows.cover'"
	# Each row's delta is its size less the row above's, and its
	# percentage that delta against its own size, as in the 2009 tables;
	# a table starts again at always-inline.patch, its baseline.
	tables_add_up() {
		awk '$1 == "always-inline.patch" { prev = $2; if ($3 != 0) bad++; next }
		     { if ($2 - prev != $3) bad++
		       d = 100 * $3 / $2 - $4
		       if (d > 0.0006 || d < -0.0006) bad++
		       prev = $2 }
		     END { if (bad) print bad " rows do not add up" > "/dev/stderr"
			   exit bad > 0 || NR == 0 }' "$1"
	}
	check "in the cover letter, every delta and percentage is its row against the row above" \
		tables_add_up "$W/rows.cover"
else
	# not a case: there is nothing to compare
	echo "# inline.rst has no size tables for $KVER"
	check "so the cover letter has none either" test ! -s "$W/rows.cover"
fi
check "the cover letter has no placeholder left" \
	sh -c "! grep -q '\*\*\*\|@TABLES@' '$E/0000-cover-letter.patch'"

# make htmldocs warns about what docutils, under Sphinx, warns about
python3 -c 'import sys, docutils.core
docutils.core.publish_doctree(open(sys.argv[1]).read(), source_path=sys.argv[1],
	settings_overrides={"report_level": 2, "halt_level": 5})' \
	"$TOP/Documentation/dev-tools/inline.rst" >"$W/rst.log" 2>&1
check "inline.rst is reST that docutils parses without a warning ($(grep -c 'WARNING\|ERROR' "$W/rst.log") warnings)" \
	test ! -s "$W/rst.log"

# The exported mails, without the cover letter, in order.
mails() {
	ls "$E"/[0-9][0-9][0-9][0-9]-*.patch | grep -v '/0000-cover-letter\.patch$'
}
check "the mails are numbered 0001 to $(printf %04d "$npatches"), one per patch" \
	test "$(mails | wc -l)" = "$npatches" -a -n "$(mails | grep "/$(printf %04d "$npatches")-")"

# 6. git am on a clean tree: a git repository of the whole tree, made
# once for each pristine tree.
G=$CHECK/git-$KVER
if [ "$(cat "$G/.git-ready" 2>/dev/null)" != "$(pristine_stamp)" ]; then
	log "making a git repository of the clean tree (once)"
	rm -rf "$G"
	cp -al "$PRIS" "$G"
	rm -f "$G/.extracted"
	# -f: Debian's .gitignore ignores the whole top level
	git -C "$G" init -q -b base && git -C "$G" add -f -A . &&
	git -C "$G" -c user.name=base -c user.email=base@localhost \
		commit -q -m "Linux $KVER" &&
		pristine_stamp >"$G/.git-ready"
fi
# Every git command names its repository: no failure here can make one
# act on the checkout this test runs from.
am() {
	git -C "$G" rev-parse --is-inside-work-tree >/dev/null &&
	test "$(git -C "$G" rev-parse --show-toplevel)" = "$G" || return 1
	git -C "$G" am --abort >/dev/null 2>&1
	git -C "$G" checkout -q -f base &&
	git -C "$G" clean -qfdx -e .git-ready &&
	git -C "$G" checkout -q -B am-test &&
	git -C "$G" -c user.name=am -c user.email=am@localhost am -q $(mails)
}
am >"$W/am.log" 2>&1
check "git am applies every exported patch, in order, on a clean $KVER tree" \
	equal "$(git -C "$G" rev-list --count base..am-test 2>/dev/null)" "$npatches"
check "git am gives the same tree as make apply" \
	test "$(fingerprint "$G")" = "$(fingerprint "$W/linux")"

# 7. checkpatch --strict: no errors. The one exception is a known false
# positive: checkpatch asks for parentheses around any macro whose value
# is more than one token, and an attribute list cannot have them; the
# '#define inline' line this series moves has it in 6.1 and 6.12 already.
errors=0
allowed=0
for p in $(mails); do
	# from the scratch tree: checkpatch leaves a cache file in its cwd
	(cd "$W/linux" && ./scripts/checkpatch.pl --strict --show-types -q "$p") \
		>"$W/checkpatch.$(basename "$p").log" 2>&1
	e=$(grep -c '^ERROR:' "$W/checkpatch.$(basename "$p").log")
	a=$(grep -A3 '^ERROR:COMPLEX_MACRO' "$W/checkpatch.$(basename "$p").log" |
	    grep -c '^+#define \(inline\|inline_hint\)[[:space:]]')
	errors=$((errors + e - a))
	allowed=$((allowed + a))
done
check "checkpatch --strict: no errors in the series ($allowed attribute-list macros excepted)" \
	test "$errors" = 0

finish
