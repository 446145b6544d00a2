#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# What inline, inline_hint and __asm_inline mean, read from the symbol
# table of an external module (fixtures/semantics) built against the
# patched tree with CONFIG_OPTIMIZE_INLINING=y and =n.
#
# Builds: the =y and =n trees (modules_prepare) and a module against each.

set -u
TOP=$(cd "$(dirname "$0")/../../.." && pwd)
. "$TOP/tools/testing/inline/lib/common.sh"

W=$CHECK/semantics
mkdir -p "$W"

for mode in y n; do
	if [ $mode = y ]; then
		obj=$(obj_tree y) || exit 1
		check "the =y tree's .config has CONFIG_OPTIMIZE_INLINING=y" \
			grep -qx 'CONFIG_OPTIMIZE_INLINING=y' "$obj/.config"
	else
		obj=$(obj_tree n OPTIMIZE_INLINING=n) || exit 1
		check "the =n tree's .config has it off" \
			grep -qx '# CONFIG_OPTIMIZE_INLINING is not set' "$obj/.config"
	fi
	mod=$W/mod-$mode
	rm -rf "$mod"
	cp -r "$TOP/tools/testing/inline/fixtures/semantics" "$mod"
	check "=$mode: the module builds" \
		sh -c "make -C '$obj' M='$mod' modules >'$W/build-$mode.log' 2>&1"
done

# The module's own noinline function is the witness that an object whose
# symbol table lacks a name was built and read.
oy=$W/mod-y/inline-semantics.o
on=$W/mod-n/inline-semantics.o
check "=y: the big plain inline function has an out-of-line copy (t big_inline)" \
	test "$(symbol_type "$oy" big_inline)" = t
check "=n: it is inlined everywhere (no big_inline symbol)" \
	absent "$on" big_inline inline_semantics_a
check "=y: the inline_hint function has a copy (t big_hint)" \
	test "$(symbol_type "$oy" big_hint)" = t
check "=n: the inline_hint function still has its copy" \
	test "$(symbol_type "$on" big_hint)" = t
check "=y: the __asm_inline wrapper is inlined (no asm_wrapper symbol)" \
	absent "$oy" asm_wrapper inline_semantics_a
check "=n: the __asm_inline wrapper is inlined" \
	absent "$on" asm_wrapper inline_semantics_a
check "=y: the same wrapper as a plain inline has a copy (t asm_plain)" \
	test "$(symbol_type "$oy" asm_plain)" = t
check "=n: the plain one is inlined too" absent "$on" asm_plain inline_semantics_a

finish
