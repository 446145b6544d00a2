#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# make W=inline on an external module with one function per class
# (fixtures/w-inline): the exact warnings, the summary and its JSON, how
# W= is parsed, incremental builds, make clean; with clang, the same
# classes from its remarks, its stderr kept whole, and CONFIG_LTO_CLANG.
#
# Builds: a fixture module against the =y tree, many times, the clang tree
# and the clang ThinLTO tree.

set -u
TOP=$(cd "$(dirname "$0")/../../.." && pwd)
. "$TOP/tools/testing/inline/lib/common.sh"

W=$CHECK/w-inline
rm -rf "$W"
mkdir -p "$W"
FIX=$TOP/tools/testing/inline/fixtures/w-inline
obj=$(obj_tree y) || exit 1
M=$W/mod

fresh_module() {
	rm -rf "$M"
	cp -r "$FIX" "$M"
	rm -f "$M/expected.txt"
}

# build LOG ARGS...: the module against the =y tree
build() {
	local log=$1
	shift
	uncached make -C "$obj" M="$M" -j"$JOBS" "$@" modules >"$log" 2>&1
}

# The diagnostics of a build log, with the module's path as <M>, file by
# file: each file's in the order printed, the files in order of their
# names (the objects compile side by side).
diagnostics() {
	grep -E ': (warning|note): ' "$1" | grep -v 'modpost' | sed "s|$M/|<M>/|g" |
		LC_ALL=C sort -s -t: -k1,1
}

# same_but_sizes EXPECTED DIAG DIFF: the diagnostics are those expected,
# but for the bytes of each copy, which the tree's configuration decides
# (6.12's defconfig returns through a thunk: 4 bytes more per function);
# sizes_agree checks them against the symbol table instead.
same_but_sizes() {
	diff -u <(sed -E 's/\(([0-9]+) bytes/(N bytes/' "$1") \
		<(sed -E 's/\(([0-9]+) bytes/(N bytes/' "$2") >"$3"
}

# sizes_agree OBJECT FINDINGS: the bytes of each copy reported in the
# object's findings are those of its symbol (nm -S).
sizes_agree() {
	python3 -c "
import subprocess, sys
size = {}
for l in subprocess.run(['nm', '-S', '--defined-only', sys.argv[1]], capture_output=True, text=True, check=True).stdout.split('\n'):
    f = l.split()
    if len(f) == 4:
        size[f[3]] = int(f[1], 16)
rows = [l.split('\t') for l in open(sys.argv[2]).read().split('\n')[1:] if l]
copies = [r for r in rows if int(r[7]) > 0]
sys.exit(not copies or any(size.get(r[1]) != int(r[7]) for r in copies))
" "$1" "$2"
}

savedcmd() {
	sed -n '1s/^[a-z]*cmd_[^ ]* := //p' "$M/.wi-classes.o.cmd"
}

# 1. The classes, exactly.
fresh_module
check "make W=inline M= builds the module (CONFIG_WERROR=y does not stop it)" \
	build "$W/first.log" W=inline
diagnostics "$W/first.log" >"$W/first.diag"
if same_but_sizes "$FIX/expected.txt" "$W/first.diag" "$W/first.diff"; then
	ok "the warnings and notes are exactly fixtures/w-inline/expected.txt, but for the sizes"
else
	not_ok "the warnings and notes are exactly fixtures/w-inline/expected.txt, but for the sizes (see ${W#$TOP/}/first.diff)"
fi
check "each copy reported has the size nm gives it" \
	sizes_agree "$M/wi-classes.o" "$M/.wi-classes.o.inline-findings"
check "each object is checked in its compile's command, which leaves nothing held" \
	sh -c "grep -q 'scripts/inline/inline-check --stderr $M/.wi-classes.o.inline-stderr.tmp --deps $M/.wi-classes.o.d ' '$M/.wi-classes.o.cmd' &&
	       [ -s '$M/.wi-classes.o.inline-findings' ] && [ -s '$M/.wi-other.o.inline-findings' ] &&
	       [ -z \"\$(find '$M' -name '*.inline-stderr.tmp')\" ] && ! [ -e '$M/.wi-classes.o.d' ]"
check "and prints no line of its own: 'CC' says it" \
	sh -c "! grep -q '^  INLINE  $M/' '$W/first.log'"
check "the summary step prints 'INLINE  summary', once" \
	test "$(grep -c '^  INLINE  summary$' "$W/first.log")" = 1
check "the header function is one warning for its two objects" \
	test "$(grep -c "wi-shared.h:14:20: warning: 'wi_shared_big'" "$W/first.log")" = 1
check "the ranking puts wi_shared_big first, with 2 copies in 2 objects" \
	sh -c "grep -A1 '^ *bytes copies objects' '$W/first.log' | tail -1 |
	       grep -Eq '^ +[0-9]+ +2 +2  wi_shared_big '"
J=$M/inline-summary.json
check "inline-summary.json is written beside the module" test -f "$J"
check "it is valid JSON with every function of the ranking" \
	python3 -c "
import json, sys
d = json.load(open('$J'))
names = sorted(f['name'] for f in d['functions'])
assert names == ['wi_asm', 'wi_big', 'wi_dead', 'wi_dead_forced', 'wi_extern', 'wi_extern_forced', 'wi_forced', 'wi_noopt_plain', 'wi_shared_big', 'wi_small'], names
assert d['objects_checked'] == 3
shared = [f for f in d['functions'] if f['name'] == 'wi_shared_big'][0]
assert shared['copies'] == 2 and len(shared['objects']) == 2
assert [m['name'] for m in d['misuse']] == ['wi_no_asm']
"
check "each function's fix is in it, as its fix-it line says it (null where there is none)" \
	python3 -c "
import json, sys
d = json.load(open('$J'))
fix = {f['name']: f['fix'] and f['fix']['text'] for f in d['functions'] + d['misuse']}
assert fix == {'wi_asm': '__asm_inline', 'wi_big': 'inline_hint', 'wi_dead': None, 'wi_dead_forced': None, 'wi_extern': '',
               'wi_extern_forced': None, 'wi_forced': None, 'wi_noopt_plain': None, 'wi_shared_big': 'inline_hint', 'wi_small': None,
               'wi_no_asm': '__always_inline'}, fix
big = [f for f in d['functions'] if f['name'] == 'wi_big'][0]['fix']
assert (big['line'], big['column'], big['end_column']) == (13, 8, 14), big
"
# __always_inline without static: a global copy that nothing in its object
# calls or points to, for the other files' callers
check "wi_extern_forced, a global copy (nm: T) that no relocation of its object names, is reported external-inline" \
	sh -c "nm '$M/wi-classes.o' | grep -q ' T wi_extern_forced\$' &&
	       ! readelf -rW '$M/wi-classes.o' | grep -qw wi_extern_forced &&
	       grep -q '^external-inline	wi_extern_forced	' '$M/.wi-classes.o.inline-findings'"
# dead_copy NAME: NAME has a copy (nm: t) in wi-classes.o that nothing
# there calls or jumps to (objdump -dr: no branch to its start, no
# relocation names it) or points to (lib/address-taken.py), and is
# reported dead-copy
dead_copy() {
	[ "$(symbol_type "$M/wi-classes.o" "$1")" = t ] &&
		! objdump -dr "$M/wi-classes.o" |
			grep -Eq "(call|jmp|j[a-z]+) +[0-9a-f]+ <$1>\$|R_X86_64_[A-Z0-9]+ +$1([-+]|\$)" &&
		python3 "$TOP/tools/testing/inline/lib/address-taken.py" "$M/wi-classes.o" "$1" |
			grep -qx "$1 no" &&
		grep -q "^dead-copy	$1	" "$M/.wi-classes.o.inline-findings"
}
check "wi_dead, inlined through a constant table, has a copy that nothing calls or points to, reported dead-copy" \
	dead_copy wi_dead
check "and so has wi_dead_forced, __always_inline: forcing keeps the copy" \
	dead_copy wi_dead_forced

# inlining-off: the last -O option of wi-noopt.o's compile (its .cmd) is
# -O0, where GCC inlines only what is forced: the inline wi_noopt_plain()
# keeps a copy that wi_noopt_use() calls, the forced wi_noopt_forced()
# has none. Its annotation cannot change that: a note, and no fix.
noopt_O=$(last_O_option "$M/wi-noopt.o")
inlining_off() {
	[ "$noopt_O" = -O0 ] &&
		[ "$(symbol_type "$M/wi-noopt.o" wi_noopt_plain)" = t ] &&
		objdump -dr "$M/wi-noopt.o" |
			grep -Eq 'call +[0-9a-f]+ <wi_noopt_plain>$|R_X86_64_PLT32 +wi_noopt_plain-' &&
		absent "$M/wi-noopt.o" wi_noopt_forced wi_noopt_use &&
		grep -q '^inlining-off	wi_noopt_plain	' "$M/.wi-noopt.o.inline-findings" &&
		grep -q '^+++ .*wi-classes\.c' "$M/inline-fixes.patch" &&
		! grep -q 'wi-noopt' "$M/inline-fixes.patch"
}
check "wi-noopt.o, compiled with ${noopt_O:-no -O}, calls a copy of the inline wi_noopt_plain and has none of the forced wi_noopt_forced: reported inlining-off, no fix in inline-fixes.patch" \
	inlining_off
# A hand check reads the -O0 in the .cmd file, where the build's check
# was told it: it prints the build's note.
(cd "$M" && "$obj/scripts/inline/inline-check" wi-noopt.o) 2>&1 |
	sed "s|$M/|<M>/|g" >"$W/noopt-hand.out"
check "a hand check of wi-noopt.o prints the build's note, from the -O0 of its .cmd file" \
	sh -c "grep '^<M>/wi-noopt.c:' '$W/first.diag' >'$W/noopt-build.out' &&
	       [ -s '$W/noopt-build.out' ] && cmp -s '$W/noopt-build.out' '$W/noopt-hand.out'"

# Every finding is a function with a copy in its object, and the other
# way round: every copy of a function the compiler's preprocessed source
# declares inline is reported (the symbol table and the .i are the judge).
agree=1
for o in wi-classes wi-other wi-noopt; do
	for f in $(reported "$M/.$o.o.inline-findings"); do
		[ -n "$(symbol_type "$M/$o.o" "$f")" ] || agree=0
	done
done
check "every reported copy is in the object's symbol table" test $agree = 1
make -C "$obj" M="$M" wi-classes.i wi-other.i wi-noopt.i >"$W/cpp.log" 2>&1
for o in wi-classes wi-other wi-noopt; do
	copies=$(inline_copies "$M/$o.o" "$M/$o.i" "$W/$o.kinds" | tr '\n' ' ')
	check "and every copy in $o.o of a function declared inline is reported (${copies% })" \
		equal "$copies" "$(reported "$M/.$o.o.inline-findings" | tr '\n' ' ')"
done
# wi-other.c defines two functions twice, an inline stub and the real
# one, not declared inline: wi_sysfs_add() under '#ifdef WI_HAS_SYSFS' (a
# macro of wi-shared.h), as 6.12's mm/slub.c does sysfs_slab_add(), and
# wi_trace_on() under '#ifdef WI_TRACING', which wi-shared.h defines when
# the compile's -DMODULE, and no WI_NOTRACE in a file or on the command
# line, say so, as init/main.c does initcall_debug_enable(). The .i says
# which one was compiled (the reader's kinds, from the loop above); the
# real one's copy, called, is no finding.
for fn in "wi_sysfs_add:wi-shared.h defines WI_HAS_SYSFS" \
	  "wi_trace_on:the compile's -DMODULE and no WI_NOTRACE make wi-shared.h define WI_TRACING"; do
	sym=$(symbol_type "$M/wi-other.o" "${fn%%:*}")
	kind=$(awk -v f="${fn%%:*}" '$1 == f { print $2 }' "$W/wi-other.kinds" 2>/dev/null)
	check "${fn%%:*}(), an inline stub unless ${fn#*:}, has a called copy of its real definition (nm: ${sym:-none}; the .i: ${kind:-unread}), not reported" \
		sh -c "[ '$sym' = t ] && [ '$kind' = no ] &&
		       objdump -dr '$M/wi-other.o' | grep -Eq 'call +[0-9a-f]+ <${fn%%:*}>\$|R_X86_64_PLT32 +${fn%%:*}-' &&
		       ! grep -q '${fn%%:*}' '$W/first.log'"
done
check "inline_hint and noinline functions with copies are not reported" \
	sh -c "[ -n \"\$(nm '$M/wi-classes.o' | grep -w wi_hint)\" ] &&
	       [ -n \"\$(nm '$M/wi-classes.o' | grep -w wi_plain)\" ] &&
	       ! grep -q 'wi_hint\|wi_plain' '$W/first.log'"

# 2. W= parsing: W=inline adds the report and nothing else. The W=1 and
# W=2 warnings of the fixture must not stop these builds: -Wno-error.
plain=$(cd "$W" && fresh_module && build "$W/plain.log" V=1 KCFLAGS=-Wno-error && savedcmd)
check "a plain build runs no kernel-doc check (control)" \
	sh -c "! grep -q 'scripts/kernel-doc' '$W/plain.log'"
fresh_module
build "$W/winline.log" V=1 KCFLAGS=-Wno-error W=inline
withinline=$(savedcmd)
check "W=inline: the compile gains -fopt-info-inline-missed, its stderr held for the check, which parts it" \
	grep -q -- " -fopt-info-inline-missed .* 2>$M/.wi-classes.o.inline-stderr.tmp .*/scripts/inline/inline-check --stderr $M/.wi-classes.o.inline-stderr.tmp --deps $M/.wi-classes.o.d " \
	<<<"$withinline"
stripped=$(echo "$withinline" | sed 's|^inline_rc=0; .* EXIT; *||; s| -fopt-info-inline-missed .*exit \$*inline_rc; }||;
	s| 2>>[^ ]*\.inline-stderr\.tmp||; s| *; [^ ]*/scripts/inline/inline-check --stderr .*$||')
# shellcheck disable=SC2086 # word splitting squeezes the blanks
check "W=inline: and nothing else (no -Werror, no W=1 flags)" \
	test "$(echo $stripped)" = "$(echo $plain)"
check "W=inline: no kernel-doc check" sh -c "! grep -q 'scripts/kernel-doc' '$W/winline.log'"
fresh_module
build "$W/w1inline.log" V=1 KCFLAGS=-Wno-error W=1,inline
check "W=1,inline: both the W=1 flags and the report" \
	sh -c "grep -q -- '-Wmissing-prototypes' '$M/.wi-classes.o.cmd' &&
	       grep -q -- '-fopt-info-inline-missed' '$M/.wi-classes.o.cmd' &&
	       grep -q 'scripts/kernel-doc' '$W/w1inline.log'"
fresh_module
build "$W/we.log" V=1 KCFLAGS=-Wno-error W=e
werrors() {
	tr ' ' '\n' | grep -cx -- '-Werror'
}
we=$(savedcmd | werrors)
check "W=e keeps its meaning: one -Werror more than a plain build, no report" \
	test "$we" = $(( $(echo "$plain" | werrors) + 1 )) -a \
	     -z "$(savedcmd | grep -e '-fopt-info-inline')"
fresh_module
build "$W/w12.log" V=1 KCFLAGS=-Wno-error W=12
check "W=12 keeps its meaning: W=1 and W=2 flags, no report" \
	sh -c "grep -q -- '-Wmissing-prototypes' '$M/.wi-classes.o.cmd' &&
	       grep -q -- '-DKBUILD_EXTRA_WARN2' '$M/.wi-classes.o.cmd' &&
	       ! grep -q -- '-fopt-info-inline' '$M/.wi-classes.o.cmd'"

# 3. Incremental builds.
fresh_module
build "$W/inc1.log" W=inline
diagnostics "$W/inc1.log" | grep -v '^<M>/[^:]*\.c:' >"$W/inc1.summary"
build "$W/inc2.log" W=inline
check "a second W=inline build compiles nothing" sh -c "! grep -q '^  CC' '$W/inc2.log'"
diagnostics "$W/inc2.log" >"$W/inc2.summary"
check "and prints the same summary" diff -q "$W/inc1.summary" "$W/inc2.summary"
touch "$W/inc-stamp"
sleep 1
touch "$M/wi-other.c"
build "$W/inc3.log" W=inline
check "touching wi-other.c rebuilds and checks only wi-other.o" \
	sh -c "[ '$M/.wi-other.o.inline-findings' -nt '$W/inc-stamp' ] &&
	       ! [ '$M/.wi-classes.o.inline-findings' -nt '$W/inc-stamp' ] &&
	       grep -q '^  CC \[M\]  $M/wi-other.o' '$W/inc3.log' &&
	       ! grep -q '^  CC \[M\]  $M/wi-classes.o' '$W/inc3.log'"
diagnostics "$W/inc3.log" >"$W/inc3.summary"
check "and the summary is the same as after a clean build" \
	diff -q "$W/inc1.summary" "$W/inc3.summary"

# The index of the headers, kept beside the module: a header changed in
# place (same size, same inode, a new time) is read again. Were its old
# index used, the renamed function would not be found in it.
check "the checks keep an index of the headers in the module's .inline-index, packed in one file" \
	sh -c "head -c 7 '$M/.inline-index/pack' | grep -qx inlpak1"
# A pack cut short after its table of slots: most entries point past its
# end. Nothing of it may be trusted beyond what is whole, and the check
# that finds it so writes a whole one.
pack=$M/.inline-index/pack
nslots=$(od -An -tu4 -j8 -N4 "$pack" | tr -d ' ')
truncate -s $((16 + 4 * nslots + 5000)) "$pack"
rm -f "$M"/.inline-index/*.idx
touch "$M/wi-other.c"
build "$W/inc-pack.log" W=inline
diagnostics "$W/inc-pack.log" >"$W/inc-pack.summary"
check "a pack of indexes cut short: the summary is the same as after a clean build" \
	diff -q "$W/inc1.summary" "$W/inc-pack.summary"
check "and the check that read it wrote a whole one in its place" \
	test "$(stat -c %s "$pack")" -gt $((16 + 4 * nslots + 5000))
sed 's/wi_shared_big/wi_shared_bog/g' "$M/wi-shared.h" >"$W/wi-shared.h"
cat "$W/wi-shared.h" >"$M/wi-shared.h"
sed -i 's/wi_shared_big/wi_shared_bog/g' "$M/wi-classes.c" "$M/wi-other.c"
build "$W/inc-index.log" W=inline
check "a header changed in place is read again: its function is reported under its new name" \
	sh -c "grep -q \"wi-shared.h:14:20: warning: 'wi_shared_bog'\" '$W/inc-index.log' &&
	       ! grep -q \"'wi_shared_big'\" '$W/inc-index.log'"
build "$W/inc4.log"
check "a plain build after W=inline rebuilds the objects" \
	grep -q "CC \[M\]  $M/wi-classes.o" "$W/inc4.log"
"$obj/scripts/inline/inline-check" --summary "$M" >"$W/stale.out" 2>&1
check "their findings are then stale and left out of a summary" \
	grep -q '0 objects checked.*(3 stale findings files skipped)' "$W/stale.out"

# A build that checks no object (a directory of host programs) has
# nothing to sum up: the last build's summary stays as it was.
echo '{ "the last summary": 1 }' >"$W/kept.json"
cp "$W/kept.json" "$obj/inline-summary.json"
make -C "$obj" W=inline scripts/inline/ >"$W/noobj.log" 2>&1
check "make W=inline scripts/inline/ checks no object: it says so, inline-summary.json is left as it was" \
	sh -c "grep -qx 'W=inline: no object checked under scripts/inline/; not rewritten: inline-summary.json' '$W/noobj.log' &&
	       cmp -s '$W/kept.json' '$obj/inline-summary.json'"
rm -f "$obj/inline-summary.json"

# 4. make clean removes what W=inline wrote.
build "$W/inc5.log" W=inline
check "the build wrote inline-fixes.patch beside inline-summary.json" \
	test -s "$M/inline-fixes.patch"
make -C "$obj" M="$M" clean >/dev/null 2>&1
check "make clean removes the reports, the findings, inline-summary.json, inline-fixes.patch and the index" \
	test -z "$(find "$M" -name '.*.inline-report' -o -name '.*.inline-findings' -o -name 'inline-summary.json' -o -name 'inline-fixes.patch' -o -name '.inline-index')"

# 5. Clang: the same check from its -Rpass-missed=inline remarks, with
# clang 14 (Debian 12's) and clang 16.
# clang_module CC EXPECTED: the fixture module built by CC with W=inline.
clang_module() {
	local cc=$1 exp=$2 C cmd version sym

	C=$(obj_tree "$cc" CC="$cc") || exit 1
	fresh_module
	uncached make -C "$C" CC="$cc" M="$M" -j"$JOBS" W=inline modules >"$W/$cc.log" 2>&1
	check "CC=$cc W=inline: the module builds" test -f "$M/wi-classes.o"
	check "CC=$cc: the summary counts 4 fixes and the one warning without a fix, forced-not-inlined, that the tool cannot decide" \
		grep -qx "W=inline: 4 fixes in $M/inline-fixes.patch; 1 warning without one: the tool cannot decide it" "$W/$cc.log"
	diagnostics "$W/$cc.log" >"$W/$cc.diag"
	if same_but_sizes "$FIX/$exp" "$W/$cc.diag" "$W/$cc.diff"; then
		ok "CC=$cc: the warnings and notes are exactly fixtures/w-inline/$exp, but for the sizes"
	else
		not_ok "CC=$cc: the warnings and notes are exactly fixtures/w-inline/$exp, but for the sizes (see ${W#$TOP/}/$cc.diff)"
	fi
	sym=$(symbol_type "$M/wi-other.o" wi_sysfs_add)
	check "CC=$cc: wi_sysfs_add(), the real one where wi-shared.h defines WI_HAS_SYSFS, has a copy (nm: ${sym:-none}), not reported" \
		sh -c "[ '$sym' = t ] && ! grep -q wi_sysfs_add '$W/$cc.log'"
	# wi_trace_on(): real where the compile's -DMODULE, and no
	# WI_NOTRACE anywhere, make wi-shared.h define WI_TRACING. Kbuild
	# gives the check the compile's -D options; a hand check reads them
	# in the .cmd file.
	sym=$(symbol_type "$M/wi-other.o" wi_trace_on)
	(cd "$M" && "$C/scripts/inline/inline-check" wi-other.o) >"$W/$cc-other-hand.out" 2>&1
	check "CC=$cc: wi_trace_on(), the real one where the compile's -DMODULE and no WI_NOTRACE make wi-shared.h define WI_TRACING, has a copy (nm: ${sym:-none}), not reported by the build nor by a hand check" \
		sh -c "[ '$sym' = t ] && grep -q 'CC \[M\]  $M/wi-other.o' '$W/$cc.log' &&
		       ! grep -q wi_trace_on '$W/$cc.log' '$W/$cc-other-hand.out'"
	# wi_sys_paste(), whose name a macro pastes, calls wi_paste_body():
	# clang's remark on that call is followed by notes down to its
	# "<scratch space>", which are the remark's.
	check "CC=$cc: a remark's notes down to the name a macro pasted, in clang's <scratch space>, are in wi-other.o's report, and none in the build's output" \
		sh -c "grep -q '^<scratch space>:[0-9]*:[0-9]*: note: expanded from here' '$M/.wi-other.o.inline-report' &&
		       grep -q \"remark: 'wi_paste_body' not inlined into 'wi_sys_paste'\" '$M/.wi-other.o.inline-report' &&
		       ! grep -q 'scratch space\|expanded from\|wi_paste_body' '$W/$cc.log'"
	check "CC=$cc: each copy reported has the size nm gives it" \
		sizes_agree "$M/wi-classes.o" "$M/.wi-classes.o.inline-findings"
	# What clang itself says, the object's own command run again by
	# hand with the remark flag: its remark lines are the report, no
	# more, no less.
	cmd=$(sed -n '1s/^[a-z_]*cmd_[^ ]* := //p' "$M/.wi-classes.o.cmd" |
	      sed "s/^.*; $cc /$cc /; s/ '-Rpass-missed=.*//; s/-Wp,-MMD,[^ ]* //" |
	      sed "s| -c -o [^ ]* | -c -o $W/$cc-again.o |")
	(cd "$C" && eval "$cmd -Rpass-missed=inline") 2>"$W/$cc-again.err" >/dev/null
	grep -E '^[^ :]+:[0-9]+:[0-9]+: remark: .*\[-Rpass-missed=inline\]$' \
		"$W/$cc-again.err" >"$W/$cc-again.remarks"
	check "CC=$cc: the report beside the object is clang's remark lines for it, all of them ($(wc -l <"$W/$cc-again.remarks") lines)" \
		sh -c "test -s '$W/$cc-again.remarks' && cmp -s '$W/$cc-again.remarks' '$M/.wi-classes.o.inline-report'"
	version=$(sed -n 's/^CONFIG_CC_VERSION_TEXT="\(.*\)"$/\1/p' "$C/.config")
	check "CC=$cc: inline-summary.json says clang made the report, and which ($version)" \
		env V="$version" python3 -c "import json, os, sys; d = json.load(open(sys.argv[1])); sys.exit(not (d['compiler'] == 'clang' and d['compiler_version'] == os.environ['V']))" "$M/inline-summary.json"
	# by hand, with no --compiler, the tree's configuration says clang
	(cd "$M" && "$C/scripts/inline/inline-check" --summary --json hand.json .) \
		>/dev/null 2>&1
	check "CC=$cc: a hand summary in the module's directory writes the build's inline-summary.json, byte for byte" \
		cmp -s "$M/inline-summary.json" "$M/hand.json"
}
clang_module clang expected-clang.txt
clang_module clang-16 expected-clang-16.txt
C=$(obj_tree clang CC=clang) || exit 1

# Through ccache, from an empty cache and then from a warm one (every
# compile a hit): the check runs inside ccache, as its prefix command, and
# puts the findings in the object; a hit gives back the object and what
# the compile and the check printed, and checks nothing. So the findings,
# the summary and the warnings are the same, and a hit writes no report.
# module_files DIR: what W=inline left in the module, and its warnings.
module_files() {
	mkdir -p "$1"
	cp "$M"/.*.inline-findings "$M/inline-summary.json" "$1/"
	diagnostics "$2" >"$1/warnings"
}
fresh_module
CCACHE_DIR=$W/ccache-clang make -C "$C" CC="ccache clang" M="$M" W=inline modules \
	>"$W/ccache-cold.log" 2>&1
module_files "$W/ccache-cold" "$W/ccache-cold.log"
make -C "$C" M="$M" clean >/dev/null 2>&1
CCACHE_DIR=$W/ccache-clang ccache -z >/dev/null
CCACHE_DIR=$W/ccache-clang make -C "$C" CC="ccache clang" M="$M" W=inline modules \
	>"$W/ccache-warm.log" 2>&1
module_files "$W/ccache-warm" "$W/ccache-warm.log"
read -r hits misses < <(CCACHE_DIR=$W/ccache-clang hits_misses)
check "CC=\"ccache clang\": the warm build's compiles are all hits ($hits hits, $misses misses)" \
	test "$hits" -ge 2 -a "$misses" = 0
check "CC=\"ccache clang\": warm and cold give the same findings, summary and warnings" \
	sh -c "grep -q inline-not-inlined '$W/ccache-cold/.wi-classes.o.inline-findings' &&
	       diff -r '$W/ccache-cold' '$W/ccache-warm' >'$W/ccache.diff'"
# inside ccache, the check reads the -D options of the compile it runs
trace_sym=$(symbol_type "$M/wi-other.o" wi_trace_on)
check "CC=\"ccache clang\": wi_trace_on(), real with the compile's -DMODULE, has a copy (nm: ${trace_sym:-none}) and is not reported" \
	sh -c "[ '$trace_sym' = t ] &&
	       grep -q 'CC \[M\]  $M/wi-other.o' '$W/ccache-cold.log' &&
	       ! grep -q wi_trace_on '$W/ccache-cold.log' '$W/ccache-cold/warnings'"
# INLINE_FIXITS changes what the check prints, not the command: ccache
# keeps what it prints apart (CCACHE_NAMESPACE). With it, fix-it lines;
# the warm build after, without it, none, every compile a hit again.
make -C "$C" M="$M" clean >/dev/null 2>&1
INLINE_FIXITS=1 CCACHE_DIR=$W/ccache-clang make -C "$C" CC="ccache clang" M="$M" W=inline modules \
	>"$W/ccache-fixits.log" 2>&1
make -C "$C" M="$M" clean >/dev/null 2>&1
CCACHE_DIR=$W/ccache-clang ccache -z >/dev/null
CCACHE_DIR=$W/ccache-clang make -C "$C" CC="ccache clang" M="$M" W=inline modules \
	>"$W/ccache-nofixits.log" 2>&1
read -r hits misses < <(CCACHE_DIR=$W/ccache-clang hits_misses)
check "CC=\"ccache clang\": INLINE_FIXITS=1 prints fix-it lines; the warm build after, without it, none ($misses misses)" \
	sh -c "grep -q '^fix-it:' '$W/ccache-fixits.log' && ! grep -q '^fix-it:' '$W/ccache-nofixits.log' &&
	       [ '$misses' = 0 ]"
check "CC=\"ccache clang\": the hits checked nothing: no report was written" \
	test -z "$(find "$M" -name '.*.inline-report')"
# hand_after_hit NAME LABEL TREE LOG: a hand check, in the module's
# directory, of an object that a hit gave back (LOG, its build's). No
# report is beside it, but the object holds what its compile's check
# found: the check prints the object's own warnings as the build printed
# them, with their reasons, and its findings file is the object's
# section, byte for byte, even after a damaged one. Without --compiler:
# the tree's configuration says which compiler, as Kbuild does.
hand_after_hit() {
	local h=$W/hand-$1 label=$2 tree=$3 log=$4
	grep -E "^$M/wi-classes\.c:[0-9]+:[0-9]+: (warning|note): " "$log" >"$h.want"
	echo damaged >"$M/.wi-classes.o.inline-findings"
	(cd "$M" && "$tree/scripts/inline/inline-check" wi-classes.o) >"$h.out" 2>&1
	(cd "$M" && "$tree/scripts/inline/inline-check" --findings "$h.given" \
		wi-classes.o) >"$h.given.out" 2>&1
	objcopy --dump-section .discard.inline_findings="$h.section" \
		"$M/wi-classes.o" "$h.o"
	check "$label: a hand check of an object a hit gave back prints the build's warnings, reasons and all ($(wc -l <"$h.want") lines), and the findings of its section, in --findings FILE too" \
		sh -c "grep -q 'limit reached\|too costly' '$h.want' &&
		       diff '$h.want' '$h.out' >'$h.diff' &&
		       cmp -s '$h.section' '$M/.wi-classes.o.inline-findings' &&
		       cmp -s '$h.section' '$h.given' &&
		       cmp -s '$h.out' '$h.given.out'"
}
hand_after_hit ccache-clang "CC=\"ccache clang\"" "$C" "$W/ccache-nofixits.log"
check "CC=\"ccache clang\": the module's objects hold their findings, the .ko does not" \
	sh -c "readelf -SW '$M/wi-classes.o' | grep -q '\.discard\.inline_findings' &&
	       ! readelf -SW '$M/wi-classes.ko' | grep -q '\.discard\.inline_findings'"

# ccache found through its masquerade directory, as Debian sets it up
# (/usr/lib/ccache first in PATH, "gcc" a link to ccache): Kbuild sees
# ccache behind the compiler and the check runs inside it all the same.
masq() {
	CCACHE_DIR=$W/ccache-gcc PATH=$CCACHE_BIN:$(uncached_path) "$@"
}
rm -rf "$W/ccache-gcc"
fresh_module
build "$W/masq-none.log" W=inline
module_files "$W/masq-none" "$W/masq-none.log"
make -C "$obj" M="$M" clean >/dev/null 2>&1
masq make -C "$obj" M="$M" -j"$JOBS" W=inline modules >"$W/masq-cold.log" 2>&1
module_files "$W/masq-cold" "$W/masq-cold.log"
check "gcc in ccache's masquerade directory: the compile runs with the check as ccache's prefix command" \
	sh -c "printf '%s\n' \"\$1\" | grep -q 'CCACHE_PREFIX=\"[^ \"]*/scripts/inline/inline-check' &&
	       readelf -SW '$M/wi-classes.o' | grep -q '\.discard\.inline_findings'" sh "$(savedcmd)"
make -C "$obj" M="$M" clean >/dev/null 2>&1
masq ccache -z >/dev/null
masq make -C "$obj" M="$M" -j"$JOBS" W=inline modules >"$W/masq-warm.log" 2>&1
module_files "$W/masq-warm" "$W/masq-warm.log"
read -r hits misses < <(masq hits_misses)
check "gcc in ccache's masquerade directory: the warm build's compiles are all hits ($hits hits, $misses misses), and checked nothing" \
	sh -c "[ '$hits' -gt 0 ] && [ '$misses' = 0 ] && test -z \"\$(find '$M' -name '.*.inline-report')\""
check "gcc in ccache's masquerade directory: cold and warm, the findings, summary and warnings of a build without ccache" \
	sh -c "grep -q inline-not-inlined '$W/masq-none/.wi-classes.o.inline-findings' &&
	       diff -r '$W/masq-none' '$W/masq-cold' >'$W/masq.diff' &&
	       diff -r '$W/masq-none' '$W/masq-warm' >>'$W/masq.diff'"
hand_after_hit masq "gcc in ccache's masquerade directory" "$obj" "$W/masq-warm.log"

# Clang's stderr: remarks come with a source line and a caret, and take the
# "In file included from" lines that a warning after them, in the same
# header, then goes without. The build's other diagnostics must be exactly
# a plain build's (fixtures/w-inline-stderr).
stderr_of() {
	awk '/^  CC \[M\]  .*ws-main\.o$/ { on = 1; next } /^  [A-Z]+ / { on = 0 } on' "$1" |
		sed "s|$2/||g"
}
for v in plain w-inline; do
	rm -rf "$W/stderr-$v"
	cp -r "$TOP/tools/testing/inline/fixtures/w-inline-stderr" "$W/stderr-$v"
	uncached make -C "$C" CC=clang M="$W/stderr-$v" $([ $v = w-inline ] && echo W=inline) 		modules >"$W/stderr-$v.log" 2>&1
	stderr_of "$W/stderr-$v.log" "$W/stderr-$v" >"$W/stderr-$v.txt"
done
check "CC=clang: the warnings of a compile with remarks are exactly a plain build's, their 'In file included from' lines too ($(grep -c 'warning:' "$W/stderr-plain.txt") warnings)" 	sh -c "grep -q 'In file included from ws-main.c' '$W/stderr-plain.txt' &&
	       diff -u '$W/stderr-plain.txt' '$W/stderr-w-inline.txt' >'$W/stderr.diff'"
nremarks=$(grep -c 'remark:' "$W/stderr-w-inline/.ws-main.o.inline-report")
check "CC=clang: the remarks are in the report ($nremarks), none on stderr" \
	sh -c "[ '$nremarks' -ge 3 ] && ! grep -q 'remark:' '$W/stderr-w-inline.log'"

# CONFIG_LTO_CLANG: the objects are bitcode, inlined again at link time.
L=$(obj_tree lto LLVM=1 LTO_NONE=n LTO_CLANG_THIN=y) || exit 1
fresh_module
make -C "$L" LLVM=1 M="$M" -j"$JOBS" W=inline modules >"$W/lto.log" 2>&1
check "LLVM=1 CONFIG_LTO_CLANG_THIN: the module builds" test -f "$M/wi-classes.o"
check "CONFIG_LTO_CLANG: one line says why nothing is checked" 	test "$(grep -c '^W=inline: with CONFIG_LTO_CLANG the objects are LLVM bitcode and clang inlines again when it links vmlinux; nothing is checked$' "$W/lto.log")" = 1
check "CONFIG_LTO_CLANG: no report, no findings" 	test -z "$(find "$M" -name '.*.inline-*')"

finish
