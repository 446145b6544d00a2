#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# What inline, inline_hint and __asm_inline mean, read from the symbol
# table of an external module (fixtures/semantics) built against the
# patched tree with CONFIG_OPTIMIZE_INLINING=y and =n.

set -u
TOP=$(cd "$(dirname "$0")/../../.." && pwd)
. "$TOP/tools/testing/inline/lib/common.sh"

W=$OUT/check/semantics
mkdir -p "$W"

for mode in y n; do
	if [ $mode = y ]; then
		obj=$(obj_tree y)
		check "the =y tree's .config has CONFIG_OPTIMIZE_INLINING=y" \
			grep -qx 'CONFIG_OPTIMIZE_INLINING=y' "$obj/.config"
	else
		obj=$(obj_tree n OPTIMIZE_INLINING=n)
		check "the =n tree's .config has it off" \
			grep -qx '# CONFIG_OPTIMIZE_INLINING is not set' "$obj/.config"
	fi
	mod=$W/mod-$mode
	rm -rf "$mod"
	cp -r "$TOP/tools/testing/inline/fixtures/semantics" "$mod"
	check "=$mode: the module builds" \
		sh -c "make -C '$obj' M='$mod' modules >'$W/build-$mode.log' 2>&1"
	o=$mod/inline-semantics.o
	eval "big_$mode=\$(symbol_type '$o' big_inline)"
	eval "hint_$mode=\$(symbol_type '$o' big_hint)"
	eval "asm_$mode=\$(symbol_type '$o' asm_wrapper)"
	eval "plain_$mode=\$(symbol_type '$o' asm_plain)"
done

check "=y: the big plain inline function has an out-of-line copy (t big_inline)" \
	test "$big_y" = t
check "=n: it is inlined everywhere (no big_inline symbol)" test -z "$big_n"
check "=y: the inline_hint function has a copy (t big_hint)" test "$hint_y" = t
check "=n: the inline_hint function still has its copy" test "$hint_n" = t
check "=y: the __asm_inline wrapper is inlined (no asm_wrapper symbol)" test -z "$asm_y"
check "=n: the __asm_inline wrapper is inlined" test -z "$asm_n"
check "=y: the same wrapper as a plain inline has a copy (t asm_plain)" \
	test "$plain_y" = t
check "=n: the plain one is inlined too" test -z "$plain_n"

finish
