#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# CONFIG_OPTIMIZE_INLINING in the real Kconfig of the patched tree (KVER):
# its default, the real ncurses menuconfig driven in tmux, W=inline with
# the *config targets, and its absence with a compiler that says it is
# GCC 8.
#
# Builds: a defconfig, a GCC 8 tree's modules_prepare and the semantics module.

set -u
TOP=$(cd "$(dirname "$0")/../../.." && pwd)
. "$TOP/tools/testing/inline/lib/common.sh"

W=$CHECK/kconfig
rm -rf "$W"
mkdir -p "$W"
patched_tree "$SRC"

# 1. defconfig: present, and y.
configure "$SRC" "$W/def"
check "x86_64 defconfig has CONFIG_OPTIMIZE_INLINING=y" \
	grep -qx 'CONFIG_OPTIMIZE_INLINING=y' "$W/def/.config"
check "x86 selects ARCH_SUPPORTS_OPTIMIZED_INLINING" \
	grep -qx 'CONFIG_ARCH_SUPPORTS_OPTIMIZED_INLINING=y' "$W/def/.config"
check "gcc $(gcc -dumpfullversion) has the reliable inliner" \
	grep -qx 'CONFIG_CC_HAS_RELIABLE_INLINER=y' "$W/def/.config"

# 2. menuconfig: search for the option, jump to it, turn it off, save.
screen() {
	tmux capture-pane -p -t inline-mc 2>/dev/null
}

wait_for() {
	local i
	for i in $(seq 1 300); do
		screen | grep -q "$1" && return 0
		sleep 0.2
	done
	return 1
}

tmux kill-session -t inline-mc 2>/dev/null
cp "$W/def/.config" "$W/def/.config.before"
tmux new-session -d -s inline-mc -x 160 -y 48 \
	"make -C '$SRC' O='$W/def' menuconfig; echo MENUCONFIG-DONE; sleep 30"
if wait_for 'Arrow keys navigate the menu'; then
	ok "menuconfig starts in tmux"
else
	not_ok "menuconfig starts in tmux"
fi
tmux send-keys -t inline-mc '/'
wait_for 'Search Configuration Parameter'
tmux send-keys -t inline-mc 'OPTIMIZE_INLINING' Enter
if wait_for 'Symbol: OPTIMIZE_INLINING'; then
	ok "the search finds OPTIMIZE_INLINING"
else
	not_ok "the search finds OPTIMIZE_INLINING"
fi
screen >"$W/search.txt"
check "the result shows its prompt, defined in Kconfig.inline, under Kernel hacking" \
	sh -c "grep -q 'Prompt: Allow the compiler to uninline functions marked' '$W/search.txt' &&
	       grep -q 'Defined at Kconfig.inline' '$W/search.txt' &&
	       grep -q -- '-> Kernel hacking' '$W/search.txt'"
tmux send-keys -t inline-mc '1'
if wait_for "\[\*\] Allow the compiler to uninline functions" &&
   screen | grep -q 'Compile-time checks and compiler options'; then
	ok "jumping to it shows it on, in 'Compile-time checks and compiler options'"
else
	not_ok "jumping to it shows it on, in 'Compile-time checks and compiler options'"
fi
tmux send-keys -t inline-mc 'n'
if wait_for "\[ \] Allow the compiler to uninline functions"; then
	ok "'n' turns it off"
else
	not_ok "'n' turns it off"
fi
tmux send-keys -t inline-mc '?'
wait_for 'CONFIG_OPTIMIZE_INLINING'
screen >"$W/help.txt"
check "its help says when to say Y or N, what N costs, and which compilers get it" \
	sh -c "grep -q 'Say Y for production kernels' '$W/help.txt' &&
	       grep -q 'Say N to review what' '$W/help.txt' &&
	       grep -q 'N costs text' '$W/help.txt' &&
	       grep -q 'Offered for GCC 9.1 or later and for Clang' '$W/help.txt'"
for i in 1 2 3 4 5 6; do
	screen | grep -q 'Do you wish to save your new configuration' && break
	tmux send-keys -t inline-mc Escape Escape
	sleep 0.5
done
tmux send-keys -t inline-mc Enter
wait_for 'MENUCONFIG-DONE'
tmux kill-session -t inline-mc 2>/dev/null
check "the saved .config says '# CONFIG_OPTIMIZE_INLINING is not set'" \
	grep -qx '# CONFIG_OPTIMIZE_INLINING is not set' "$W/def/.config"
same_but_inlining() {
	diff -q <(grep -v OPTIMIZE_INLINING "$1") <(grep -v OPTIMIZE_INLINING "$2") >/dev/null
}
check "and nothing else changed" same_but_inlining "$W/def/.config.before" "$W/def/.config"

# 3. W=inline is a word, not letters: its 'e' does not make Kconfig's
# warnings errors (KCONFIG_WERROR, which W=e sets on 6.12). A .config
# with a value Kconfig warns about:
mkdir -p "$W/warn"
cp "$W/def/.config.before" "$W/warn/.config"
echo 'CONFIG_NR_CPUS=many' >>"$W/warn/.config"
cp "$W/warn/.config" "$W/warn/config.bad"
check "make W=inline olddefconfig warns about the bad value and succeeds" \
	sh -c "make -C '$SRC' O='$W/warn' W=inline olddefconfig >'$W/warn.log' 2>&1 &&
	       grep -q \"symbol value 'many' invalid for NR_CPUS\" '$W/warn.log'"
if grep -q KCONFIG_WERROR "$SRC/scripts/kconfig/Makefile"; then
	cp "$W/warn/config.bad" "$W/warn/.config"
	check "while make W=e olddefconfig fails on the same warning (KCONFIG_WERROR)" \
		sh -c "! make -C '$SRC' O='$W/warn' W=e olddefconfig >'$W/warn-e.log' 2>&1 &&
		       grep -q \"symbol value 'many' invalid for NR_CPUS\" '$W/warn-e.log'"
fi

# 4. A compiler that says it is GCC 8.5: the option is not offered, and
# 'inline' is an order. Only what scripts/cc-version.sh reads changes.
cat >"$W/gcc-says-8" <<'EOF'
#!/bin/sh
# gcc, except that scripts/cc-version.sh hears "GCC 8.5.0"
if [ "$*" = "-E -P -x c -" ]; then
	gcc "$@" | sed 's/^GCC[[:space:]].*/GCC 8 5 0/'
	exit
fi
exec gcc "$@"
EOF
chmod +x "$W/gcc-says-8"
mkdir -p "$W/gcc8"
make -s -C "$SRC" O="$W/gcc8" CC="$W/gcc-says-8" defconfig >/dev/null 2>&1
check "with it, CONFIG_GCC_VERSION is 80500" \
	grep -qx 'CONFIG_GCC_VERSION=80500' "$W/gcc8/.config"
check "and CONFIG_OPTIMIZE_INLINING is absent from .config" \
	sh -c "! grep -q 'OPTIMIZE_INLINING' '$W/gcc8/.config'"
check "and CONFIG_CC_HAS_RELIABLE_INLINER is off" \
	sh -c "! grep -q 'CONFIG_CC_HAS_RELIABLE_INLINER=y' '$W/gcc8/.config'"
make -s -C "$SRC" O="$W/gcc8" CC="$W/gcc-says-8" -j"$JOBS" modules_prepare \
	>"$W/gcc8.log" 2>&1
rm -rf "$W/mod"
cp -r "$TOP/tools/testing/inline/fixtures/semantics" "$W/mod"
make -C "$W/gcc8" CC="$W/gcc-says-8" M="$W/mod" modules >"$W/mod.log" 2>&1
check "a module builds against it" test -f "$W/mod/inline-semantics.o"
check "and its big plain inline function is inlined: 'inline' is forced" \
	absent "$W/mod/inline-semantics.o" big_inline inline_semantics_a
check "while its inline_hint function keeps its copy" \
	test "$(symbol_type "$W/mod/inline-semantics.o" big_hint)" = t

finish
