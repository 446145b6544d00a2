#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The fixes that make W=inline proposes, on a fixture module with one
# function per fix (fixtures/fixes): the fix-it lines after the warnings,
# read by a parser of GCC's fix-it grammar and by vim's default
# errorformat as GCC's own fix-it lines are; inline-fixes.patch, which
# 'git apply' takes on a clean copy and which makes the change the fix-it
# lines make; and the module built again with the fixes: no warning left,
# the forced copies gone, the text of a function forced for size no
# larger; and the estimate of what forcing each function does to the
# text, against the module built with it forced.
#
# Builds: a fixture module against the =y tree, eight times, and another
# twice; one GCC
# compile.

set -u
TOP=$(cd "$(dirname "$0")/../../.." && pwd)
. "$TOP/tools/testing/inline/lib/common.sh"
# git apply in a copy under out/: not in this repository
export GIT_CEILING_DIRECTORIES=$CHECK

W=$CHECK/fixes
rm -rf "$W"
mkdir -p "$W"
FIX=$TOP/tools/testing/inline/fixtures/fixes
obj=$(obj_tree y) || exit 1
M=$W/mod
cp -r "$FIX" "$M"

# build LOG ARGS...: the module against the =y tree
build() {
	local log=$1
	shift
	make -C "$obj" M="$M" -j"$JOBS" "$@" modules >"$log" 2>&1
}

# GCC's fix-it grammar (-fdiagnostics-parseable-fixits, diagnostic.cc):
#   fix-it:"FILE":{LINE:COL-LINE:COL}:"TEXT"
# strings escaped as print_escaped_string() does: \\ \" and \ooo.
cat >"$W/fixit.py" <<'EOF'
import re, sys

STR = r'"((?:[^"\\]|\\\\|\\"|\\[0-7]{3})*)"'
FIXIT = re.compile(r'^fix-it:' + STR + r':\{(\d+):(\d+)-(\d+):(\d+)\}:' + STR + r'$')

def unescape(s):
    return re.sub(r'\\(\\|"|[0-7]{3})',
                  lambda m: m.group(1) if len(m.group(1)) == 1 else chr(int(m.group(1), 8)), s)

def parse(line):
    m = FIXIT.match(line)
    if not m:
        return None
    f, l1, c1, l2, c2, t = m.groups()
    return unescape(f), int(l1), int(c1), int(l2), int(c2), unescape(t)

def apply(path, fixits):
    """Make the file at path what the fix-its (parsed, one line each) say."""
    lines = open(path, 'rb').read().split(b'\n')
    for f, l1, c1, l2, c2, text in sorted(set(fixits), key=lambda x: x[1:3], reverse=True):
        s = lines[l1 - 1]
        lines[l1 - 1] = s[:c1 - 1] + text.encode() + s[c2 - 1:]
    open(path, 'wb').write(b'\n'.join(lines))
EOF

# 1. The fix-it lines.
check "make W=inline INLINE_FIXITS=1 M= builds the fixture module" \
	build "$W/first.log" W=inline INLINE_FIXITS=1
cp "$M/inline-summary.json" "$W/first.json" 2>/dev/null

# Each finding with a fix is followed by its fix-it line; the fixes are
# those fixtures/fixes/fx-main.c says, and each replaces what the source
# has at that place (the annotation, or nothing before the declaration).
cat >"$W/judge.py" <<'EOF'
import re, sys
sys.path.insert(0, sys.argv[1])
from fixit import parse

log, mod = sys.argv[2], sys.argv[3]
want = {
    'fx_many': 'inline_hint', 'fx_once': '__always_inline',
    'fx_asm': '__asm_inline', 'fx_no_asm': '__always_inline',
    'fx_local': 'static ', 'fx_declared': '', 'fx_shared': 'inline_hint',
    'fx_gen_one': 'inline_hint', 'fx_gen_three': 'inline_hint',
}
lines = open(log).read().split('\n')
got, bad = {}, []
for i, l in enumerate(lines):
    m = re.match(r"^(\S+?):\d+:\d+: (?:warning|note): '(\w+)'", l)
    if not m:
        continue
    fx = parse(lines[i + 1]) if i + 1 < len(lines) else None
    if not fx:
        bad.append('no fix-it line after: ' + l)
        continue
    f, l1, c1, l2, c2, text = fx
    if f != m.group(1) or l1 != l2 or c1 > c2:
        bad.append('fix-it out of shape: ' + lines[i + 1])
        continue
    src = open(f, 'rb').read().split(b'\n')[l1 - 1]
    old = src[c1 - 1:c2 - 1].decode().strip()
    if old not in (('',) if text == 'static ' else ('inline', '__asm_inline')):
        bad.append('fix-it replaces %r: %s' % (old, lines[i + 1]))
    got[m.group(2)] = text
for name, text in want.items():
    if got.get(name) != text:
        bad.append('%s: fix %r, expected %r' % (name, got.get(name), text))
if bad:
    print('\n'.join(bad))
sys.exit(bool(bad))
EOF
check "each warning and note with a fix is followed by a fix-it line in GCC's grammar, the fix of its class, at the annotation in the source" \
	python3 "$W/judge.py" "$W" "$W/first.log" "$M"
check "the functions of one macro get one fix, the compiler's choice (inline_hint)" \
	test "$(grep -A1 ": warning: 'fx_gen_" "$W/first.log" | grep '^fix-it:' | sort -u | wc -l)" = 1

# 2. vim reads them as it reads GCC's: GCC's own fix-it line, from a
# compile, goes through the same default errorformat.
printf 'int f(void) { return 0 }\n' >"$W/gcc-fixit.c"
(cd "$W" && gcc -fdiagnostics-parseable-fixits -fno-diagnostics-show-caret \
	-c gcc-fixit.c -o /dev/null) >"$W/gcc-fixit.log" 2>&1
# quickfix FILE OUT: vim's entries for FILE: valid, file, line, col, text
quickfix() {
	vim -es -N -u NONE -i NONE -c "cgetfile $1" \
		-c "call writefile(map(getqflist(), {_, e -> e.valid . \"\t\" . bufname(e.bufnr) . \"\t\" . e.lnum . \"\t\" . e.col . \"\t\" . e.text}), '$2')" \
		-c 'qa!' </dev/null >/dev/null 2>&1
}
quickfix "$W/gcc-fixit.log" "$W/gcc-fixit.qf"
grep -B1 '^fix-it:' "$W/first.log" | grep -vx -- -- >"$W/ours.log"
quickfix "$W/ours.log" "$W/ours.qf"
check "vim's default errorformat reads GCC's fix-it line as text, not as a location" \
	grep -q "^0		0	0	fix-it:\"gcc-fixit.c\"" "$W/gcc-fixit.qf"
check "... and each of ours the same way, after a warning it reads at its file, line and column" \
	python3 - "$W/ours.qf" "$W/ours.log" <<'EOF'
import re, sys
qf = [l.split('\t', 4) for l in open(sys.argv[1]).read().split('\n') if l]
log = [l for l in open(sys.argv[2]).read().split('\n') if l and l != '--']
ok = len(qf) == len(log) and len(qf) % 2 == 0
for (valid, f, lnum, col, text), l in zip(qf, log):
    if l.startswith('fix-it:'):
        ok &= valid == '0' and lnum == '0' and text == l
    else:
        m = re.match(r'^(\S+?):(\d+):(\d+): ', l)
        ok &= bool(m) and valid == '1' and m.group(1).endswith(f) and \
              (lnum, col) == (m.group(2), m.group(3))
sys.exit(not ok)
EOF

# 3. The patch.
check "the summary wrote inline-fixes.patch in the module's directory" \
	test -s "$M/inline-fixes.patch"
check "and says how many fixes it holds, one per place (8), every warning having one" \
	grep -qx "W=inline: 8 fixes in $M/inline-fixes.patch" "$W/first.log"
cp -r "$FIX" "$W/by-patch"
check "git apply --check takes it on a clean copy of the module" \
	git -C "$W/by-patch" apply --check "$M/inline-fixes.patch"
git -C "$W/by-patch" apply "$M/inline-fixes.patch" 2>"$W/apply.err"
cp -r "$FIX" "$W/by-fixit"
python3 - "$W" "$W/first.log" "$M" "$W/by-fixit" <<'EOF'
import sys
sys.path.insert(0, sys.argv[1])
from fixit import parse, apply
files = {}
for fx in filter(None, map(parse, open(sys.argv[2]).read().split('\n'))):
    files.setdefault(fx[0], []).append(fx)
for f, fixits in files.items():
    apply(sys.argv[4] + '/' + f[len(sys.argv[3]) + 1:], fixits)
EOF
# A fix-it line changes the word only; the patch also keeps the
# backslash of a macro line in its column (FX_DEFINE).
for t in by-patch by-fixit; do
	cp -r "$W/$t" "$W/$t.blanks"
	sed -i 's/[ \t]*\\$/ \\/' "$W/$t.blanks"/*.[ch]
done
check "the patch makes the change that the fix-it lines make, but for the blanks before a macro line's backslash" \
	diff -r "$W/by-patch.blanks" "$W/by-fixit.blanks"
check "... which keeps each backslash in its column" \
	python3 - "$FIX" "$W/by-patch" <<'EOF'
import os, sys
changed = 0
for name in os.listdir(sys.argv[1]):
    if not name.endswith(('.c', '.h')):
        continue
    old = open(os.path.join(sys.argv[1], name)).read().split('\n')
    new = open(os.path.join(sys.argv[2], name)).read().split('\n')
    for a, b in zip(old, new):
        if a != b and a.endswith('\\'):
            changed += 1
            if len(a.expandtabs(8)) != len(b.expandtabs(8)):
                sys.exit(1)
sys.exit(changed == 0)
EOF

# 4. Built again with the fixes.
size_of() {	# OBJECT SYMBOL: its size, 0 when it has no copy
	local v

	v=$(nm -S --defined-only "$1" | awk -v s="$2" '$4 == s { print $2 }')
	echo $((16#${v:-0}))
}
before_caller=$(size_of "$M/fx-main.o" fx_caller)
before_once=$(size_of "$M/fx-main.o" fx_once)
before_text=$(text_size "$M/fx-main.o")
git -C "$M" apply inline-fixes.patch
check "the module builds with the fixes applied" build "$W/fixed.log" W=inline
check "no warning and no note is left" \
	sh -c "! grep -E ': (warning|note): ' '$W/fixed.log'"
check "the forced functions have no copy left (nm)" \
	sh -c "! nm '$M/fx-main.o' | grep -wE 'fx_once|fx_asm|fx_no_asm'"
check "the hinted ones keep theirs: the compiler's choice (nm)" \
	sh -c "nm '$M/fx-main.o' | grep -qw fx_many && nm '$M/fx-other.o' | grep -qw fx_shared"

# The fix that forces for size, alone: fx_once() into its one caller.
cp -r "$FIX" "$W/once"
grep -A1 ": warning: 'fx_once'" "$W/first.log" | sed -n 's/^fix-it:"[^"]*"/fix-it:"fx-main.c"/p' >"$W/once.fixit"
python3 - "$W" "$W/once.fixit" "$W/once/fx-main.c" <<'EOF'
import sys
sys.path.insert(0, sys.argv[1])
from fixit import parse, apply
apply(sys.argv[3], [parse(open(sys.argv[2]).read().strip())])
EOF
make -C "$obj" M="$W/once" -j"$JOBS" modules >"$W/once.log" 2>&1
after_caller=$(size_of "$W/once/fx-main.o" fx_caller)
echo "# fx_once forced alone: fx_caller $before_caller + fx_once $before_once bytes before, $after_caller after; fx-main.o text $before_text before, $(text_size "$W/once/fx-main.o") after"
check "fx_once forced for size, alone: no copy, its caller no larger than caller and copy were, the object's text no larger" \
	test "$before_once" -gt 0 -a "$(size_of "$W/once/fx-main.o" fx_once)" = 0 -a \
	     "$after_caller" -gt 0 -a "$after_caller" -le $((before_caller + before_once)) -a \
	     "$(text_size "$W/once/fx-main.o")" -le "$before_text"
check "nothing left to fix: the old inline-fixes.patch is removed" \
	test ! -e "$M/inline-fixes.patch"

# 5. The estimate of what forcing each function does to the text, against
# the module built with that function alone forced: the fixture's copies
# (fresh ones, so that both builds are alike but for the one word; compiled,
# not taken from the cache: GCC's report is read in 6.)
EST=$TOP/tools/testing/inline/lib/estimate.py
python3 "$EST" candidates "$W/first.json" "$M" >"$W/candidates.tsv"
check "the summary gives an estimate for each function to force: fx_many, fx_once, fx_asm, fx_shared" \
	test "$(cut -f1 "$W/candidates.tsv" | sort | tr '\n' ' ')" = "fx_asm fx_many fx_once fx_shared "
cp -r "$FIX" "$W/est-base"
uncached make -C "$obj" M="$W/est-base" -j"$JOBS" W=inline INLINE_ESTIMATE=1 modules \
	>"$W/est-base.log" 2>&1
# fx_once's note, by the object step; fx_shared's, a header function's, by
# the summary: the estimate the JSON has
note_says() {	# NAME: the bytes its note says forcing adds (saves: < 0)
	sed -n "s/.*: note: forcing '$1' would \(add\|save\) about \([0-9]*\) bytes .* \[inline-estimate\]\$/\1 \2/p" \
		"$W/est-base.log" | awk '{ print ($1 == "save" ? -$2 : $2) }'
}
json_says() {	# NAME: the estimate in the candidates
	awk -F'\t' -v n="$1" '$1 == n { print $8 }' "$W/candidates.tsv"
}
check "make W=inline INLINE_ESTIMATE=1 prints the estimate after the warning, as inline-summary.json has it" \
	sh -c "[ -n '$(json_says fx_once)' ] && [ '$(note_says fx_once)' = '$(json_says fx_once)' ] &&
	       [ -n '$(json_says fx_shared)' ] && [ '$(note_says fx_shared)' = '$(json_says fx_shared)' ]"
: >"$W/est-results.tsv"
while IFS= read -r cand; do
	IFS=$'\t' read -r name file line col end bytes calls est objs <<<"$cand"
	d=$W/est-$name
	cp -r "$FIX" "$d"
	python3 "$EST" force "$d/$file" "$line" "$col" "$end" &&
	make -C "$obj" M="$d" -j"$JOBS" W=inline modules >"$d.log" 2>&1 || continue
	objlist=$(echo "$objs" | tr , ' ')
	printf '%s\t%s\t%s\n' "$cand" "$(cd "$W/est-base" && text_size $objlist)" \
		"$(cd "$d" && text_size $objlist)" >>"$W/est-results.tsv"
done <"$W/candidates.tsv"
python3 "$EST" report "$W/est-results.tsv" | sed 's/^/# /'
# one case per function: the sign right, the error within a quarter of
# the copy's size (the goal for the median on the kernel is that; the
# fixture's bodies leave the compiler nothing to fold)
for name in fx_many fx_once fx_asm fx_shared; do
	check "$name forced alone: the estimate has the measured sign, within 25% of the copy's size" \
		awk -F'\t' -v n="$name" '$1 == n { found = 1; e = $8; m = $11 - $10
			d = e > m ? e - m : m - e
			ok = ((e > 0) == (m > 0)) && ((e < 0) == (m < 0)) && 4 * d <= $6 }
			END { exit !(found && ok) }' "$W/est-results.tsv"
done

# 6. One call in the source that is three in the code (fixtures/estimate):
# est_deep() is called in est_wrap(), which GCC pastes into three callers.
# Forced, est_deep() is pasted once, into est_wrap(), which keeps a copy
# in its place: the estimate pastes the body once, and the fix is
# inline_hint, not a move of the copy and its warning to est_wrap().
# (compiled, not taken from the cache: GCC's report is judged)
D=$W/deep
cp -r "$TOP/tools/testing/inline/fixtures/estimate" "$D"
uncached make -C "$obj" M="$D" -j"$JOBS" W=inline INLINE_FIXITS=1 \
	INLINE_ESTIMATE=1 modules >"$D.log" 2>&1
calls_to() {	# OBJECT NAME: the calls and jumps to NAME in its code
	objdump -d "$1" | grep -cE "(call|jmp) +[0-9a-f]+ <$2>"
}
calls_in_report() {	# REPORT NAME: GCC's calls to NAME, "PLACE CALLER" lines
	sed -n "s|^\\([^ ]*\\): missed: *not inlinable: \\([^/]*\\)/[0-9]* -> $2/.*|\\1 \\2|p" "$1"
}
report_calls() {	# the report's calls to est_deep
	calls_in_report "$D/.est-main.o.inline-report" est_deep
}
one_place() {	# of them, "PLACES CALLERS"
	report_calls | awk '{ p[$1]; c[$2] } END { print length(p), length(c) }'
}
check "est_deep(): three calls to its copy in the code (objdump), at one place in the source in three callers (GCC's report)" \
	test "$(calls_to "$D/est-main.o" est_deep) $(one_place)" = "3 1 3"
report_callers() {	# the callers the report names for est_deep's calls
	report_calls | cut -d' ' -f2 | sort -u | tr '\n' ' '
}
funcs_callers() {	# OBJECT NAME: the callers of NAME, as the validation sees them
	python3 "$EST" funcs "$1" | awk -F'\t' -v n="$2" '
		{ k = split($3, c, ","); for (i = 1; i <= k; i++) if (c[i] == n) print $1 }' |
		sort | tr '\n' ' '
}
check "estimate.py funcs, which make estimate-validation reads, gives est_deep() the callers GCC's report names" \
	test "$(funcs_callers "$D/est-main.o" est_deep)" = "$(report_callers)" -a -n "$(report_callers)"
check "inline-summary.json says as much: calls_in_code 3, calls_in_source 1" \
	python3 -c 'import json, sys
f = [f for f in json.load(open(sys.argv[1]))["functions"] if f["name"] == "est_deep"]
sys.exit(not (f and (f[0]["calls_in_code"], f[0]["calls_in_source"]) == (3, 1)))' "$D/inline-summary.json"
python3 "$EST" candidates "$D/inline-summary.json" "$D" >"$D.tsv"
cp -r "$TOP/tools/testing/inline/fixtures/estimate" "$D-forced"
IFS=$'\t' read -r name file line col end bytes calls est objs < <(grep "^est_deep	" "$D.tsv")
python3 "$EST" force "$D-forced/$file" "$line" "$col" "$end" &&
	make -C "$obj" M="$D-forced" -j"$JOBS" W=inline modules >"$D-forced.log" 2>&1
before=$(text_size "$D/est-main.o")
after=$(text_size "$D-forced/est-main.o")
echo "# est_deep forced alone: estimate $est, measured $((after - before)) (text $before, $after; copy $bytes bytes, $calls calls)"
check "forced alone, est_deep() has no copy and est_wrap() one (nm), with a warning of its own" \
	sh -c "nm '$D-forced/est-main.o' | grep -qw est_wrap && ! nm '$D-forced/est-main.o' | grep -qw est_deep &&
	       grep -q \": warning: 'est_wrap'\" '$D-forced.log'"
check "the estimate is within 25% of the copy's size: the body pasted once, not at each of the three calls" \
	test "$name" = est_deep -a $((4 * (est > after - before ? est - after + before : after - before - est))) -le "${bytes:-0}"
check "the fix is inline_hint: forcing would move the copy and its warning to est_wrap()" \
	sh -c "grep -A2 \": warning: 'est_deep'\" '$D.log' | grep -q '^fix-it:.*\"inline_hint\"\$'"
check "its fix-it line right after the warning, the estimate's note after it, as GCC orders a fix-it and a note" \
	sh -c "grep -A2 \": warning: 'est_deep'\" '$D.log' | sed -n '2s/^fix-it:.*/F/p; 3s/.*: note: forcing .est_deep. would .*\\[inline-estimate\\]\$/N/p' | tr -d '\\n' | grep -qx FN"
# The caveat: a place of the source in two callers of GCC's report is code
# it pasted (est_wrap() into est_a(), est_b(), est_c()), and so is a
# caller that any line of the report names and the object has no copy of
# (est_once_wrap(), pasted into est_entry() alone); fx_many() and
# fx_once() have their calls in functions it did not paste.
pasted_in() {	# REPORT NAME OBJECT: "true" when its calls are in pasted code
	local callers

	callers=$(sed -nE "s#.*: missed: *(not inlinable|will not early inline): ([^/]*)/[0-9]* *-> *$2/.*#\2#p" "$1" | sort -u)
	[ -n "$callers" ] || { echo "no calls"; return; }
	if calls_in_report "$1" "$2" | sort -u | awk '{ n[$1]++ } END { for (p in n) if (n[p] > 1) exit 1 }' &&
	   [ -z "$(comm -23 <(echo "$callers") <(nm "$3" | awk '$2 ~ /^[tT]$/ { sub(/\..*/, "", $3); print $3 }' | sort -u))" ]; then
		echo false
	else
		echo true
	fi
}
json_pasted() {	# SUMMARY NAME: caller_pasted of NAME's object
	python3 -c 'import json, sys
f = [f for f in json.load(open(sys.argv[1]))["functions"] if f["name"] == sys.argv[2]]
print(" ".join(str(o["caller_pasted"]).lower() for o in f[0]["objects"]) if f else "")' "$1" "$2"
}
check "est_deep(): the note says that its caller was pasted, and the JSON that it was (caller_pasted), as GCC's report shows" \
	sh -c "[ '$(pasted_in "$D/.est-main.o.inline-report" est_deep "$D/est-main.o")' = true ] &&
	       [ '$(json_pasted "$D/inline-summary.json" est_deep)' = true ] &&
	       grep -q \": note: forcing 'est_deep' would .*; the compiler pasted a function that calls it, and may keep that one out of line instead; inline_hint .*\[inline-estimate\]\$\" '$D.log'"
check "fx_many() and fx_once(): their callers not pasted in GCC's report, nor in the JSON, nor in the notes" \
	sh -c "[ '$(pasted_in "$W/est-base/.fx-main.o.inline-report" fx_many "$W/est-base/fx-main.o") $(pasted_in "$W/est-base/.fx-main.o.inline-report" fx_once "$W/est-base/fx-main.o")' = 'false false' ] &&
	       [ '$(json_pasted "$W/est-base/inline-summary.json" fx_many) $(json_pasted "$W/est-base/inline-summary.json" fx_once)' = 'false false' ] &&
	       grep -q \": note: forcing 'fx_once' would \" '$W/est-base.log' &&
	       ! grep -q \": note: forcing 'fx_\(many\|once\)' would .*pasted a function\" '$W/est-base.log'"
check "est_one(): its two calls at two places in one caller of GCC's report, est_once_wrap(), which has no copy (nm): the note and the JSON say it was pasted" \
	sh -c "[ '$(calls_in_report "$D/.est-once.o.inline-report" est_one | sort -u | awk '{ p[$1]; c[$2] } END { print length(p), length(c) }')' = '2 1' ] &&
	       [ '$(pasted_in "$D/.est-once.o.inline-report" est_one "$D/est-once.o")' = true ] &&
	       [ '$(json_pasted "$D/inline-summary.json" est_one)' = true ] &&
	       grep -q \": note: forcing 'est_one' would .*; the compiler pasted a function that calls it, and may keep that one out of line instead; inline_hint .*\[inline-estimate\]\$\" '$D.log'"

finish
