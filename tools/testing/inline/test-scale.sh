#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# W=inline as kernel developers build: the inline report travels in the
# compiler's stderr, so distcc and icecream (which bring stderr back from
# the server) give the same findings as a plain build; under ccache the
# check runs inside it and the findings travel in the object, so that a
# hit gives them back and checks nothing, and with distcc as ccache's
# prefix the check runs in ccache on what distcc brought back. Each build
# of kernel/sched/ starts from an empty object directory and is judged,
# byte for byte, on its reports, findings, warnings and
# inline-summary.json against a plain -j2 build. Then the compiler's own
# messages and status through W=inline, on a fixture module that warns or
# fails.
#
# Builds: kernel/sched/ seven times and one of its objects again, real
# compiles, no cache.

set -u
TOP=$(cd "$(dirname "$0")/../../.." && pwd)
. "$TOP/tools/testing/inline/lib/common.sh"

need_packages ccache distcc icecc
# Judged on real compiles: the tests' shared cache would answer them.
real_compiles

S=$CHECK/scale
rm -rf "$S"
mkdir -p "$S"
obj=$(obj_tree y) || exit 1
DIR=kernel/sched

# sched NAME MAKE-ARGS...: build $DIR from nothing with W=inline, then
# keep what it wrote (collect).
sched() {
	local name=$1
	shift
	rm -rf "${obj:?}/$DIR" "$obj/inline-summary.json"
	make -C "$obj" W=inline "$@" "$DIR/" >"$S/$name.log" 2>&1 && collect "$name"
}

# collect NAME: the reports, findings and summary in $S/NAME, and the
# build's warnings and notes (sorted: -j2 prints the objects' own in any
# order).
collect() {
	local name=$1 f
	mkdir -p "$S/$name"
	for f in "$obj/$DIR"/.*.inline-report "$obj/$DIR"/.*.inline-findings \
		 "$obj/inline-summary.json"; do
		[ -f "$f" ] && cp "$f" "$S/$name/"
	done
	grep -E ': (warning|note): ' "$S/$name.log" | sort >"$S/$name/warnings"
}

# same NAME [cols|noreports]: the files of $S/NAME are those of the plain
# build, and the reports those of the plain build less their columns, or
# none, when asked. The
# compiler's version text in inline-summary.json is the configuration's,
# which names the compiler as CC does ("x86_64-linux-gnu-gcc" for distcc).
same() {
	local name=$1 cols=${2:-} f n=0 bad=""
	for f in "$S/plain"/.* "$S/plain"/*; do
		[ -f "$f" ] || continue
		[ "$cols" = noreports ] && [ "${f%.inline-report}" != "$f" ] && continue
		n=$((n + 1))
		if [ "${f##*/}" = inline-summary.json ]; then
			cmp -s <(grep -v '^  "compiler_version": ' "$f") \
			       <(grep -v '^  "compiler_version": ' "$S/$name/${f##*/}") ||
				bad="$bad ${f##*/}"
		elif [ "$cols" = cols ] && [ "${f%.inline-report}" != "$f" ]; then
			cmp -s <(sed -E 's/^([^ :]+:[0-9]+):[0-9]+: /\1: /' "$f") \
			       <(sed -E 's/^([^ :]+:[0-9]+):[0-9]+: /\1: /' "$S/$name/${f##*/}") ||
				bad="$bad ${f##*/}"
		else
			cmp -s "$f" "$S/$name/${f##*/}" || bad="$bad ${f##*/}"
		fi
	done
	[ -z "$bad" ] && [ "$n" = "$(ls -A "$S/$name" | wc -l)" ] && return 0
	echo "$name differs from plain:$bad" >&2
	return 1
}

objects=4	# core.o fair.o build_policy.o build_utility.o

# 1. The reference: a plain -j2 build.
check "make -j2 W=inline $DIR/: the reference build" sched plain -j2
check "its $objects objects each have a report, with report lines only" \
	sh -c "[ \$(ls '$S/plain'/.*.inline-report | wc -l) = $objects ] &&
	       [ \$(ls '$S/plain'/.*.inline-findings | wc -l) = $objects ] &&
	       ! grep -hvE '^([^ :]+:[0-9]+:[0-9]+: )?missed: ' '$S/plain'/.*.inline-report"
check "the report lines stay off the terminal" \
	sh -c "! grep -q 'missed: ' '$S/plain.log'"
check "the report is GCC's own: 'not inlinable' lines for _raw_spin_unlock" \
	grep -q 'missed:   not inlinable: .*-> _raw_spin_unlock/[0-9]*, ' "$S/plain/.core.o.inline-report"
check "no temporary file is left beside the objects" \
	test -z "$(find "$obj/$DIR" -name '*.tmp')"

# 2. ccache, cold then warm. Under ccache the check runs inside it, as
# its prefix command, and puts the findings in the object: a warm build
# from an empty object directory compiles and checks nothing; each
# object comes back with its findings and what its compile and check
# printed, the summary writes the findings files from the objects, and
# no report is written.
export CCACHE_DIR=$S/ccache CCACHE_LOGFILE=$S/ccache.log
check "CC='ccache gcc', cold: it builds" sched ccache-cold -j2 CC="ccache gcc"
check "ccache cold: reports, findings, warnings and summary as plain" same ccache-cold

# notes_are_findings: each object holds its findings file, byte for
# byte, in a section flagged SHF_EXCLUDE ('E').
notes_are_findings() {
	local o n=0
	for o in "$obj/$DIR"/*.o; do
		case $o in *.mod.o) continue ;; esac
		readelf -SW "$o" | grep -qE ' \.discard\.inline_findings +PROGBITS .* E ' || return 1
		objcopy --dump-section .discard.inline_findings="$S/note" "$o" /dev/null &&
			cmp -s "$S/note" "$(dirname "$o")/.$(basename "$o").inline-findings" || return 1
		n=$((n + 1))
	done
	[ "$n" = "$objects" ]
}
check "ccache cold: each object holds its findings file in an SHF_EXCLUDE section" \
	notes_are_findings
# ld -r keeps the section (vmlinux.o holds them all); a final link
# drops it, without a word under --orphan-handling=warn.
check "ld: a final link of the objects leaves the section out, and says nothing of it" \
	sh -c "ld -m elf_x86_64 --orphan-handling=warn --unresolved-symbols=ignore-all \
		-e 0 -o '$S/linked' '$obj/$DIR'/core.o '$obj/$DIR'/fair.o 2>'$S/ld.err';
	       ! grep -q inline_findings '$S/ld.err' &&
	       readelf -SW '$obj/$DIR/core.o' | grep -q '\.discard\.inline_findings' &&
	       ! readelf -SW '$S/linked' | grep -q '\.discard\.inline_findings'"
ccache -z >/dev/null
rm -f "$CCACHE_LOGFILE"
check "CC='ccache gcc', warm, from an empty object directory: it builds" \
	sched ccache-warm -j2 CC="ccache gcc"
hits=$(awk -v dir="/$DIR/" '
	/ Source file: / && index($NF, dir) { src[$2] = $NF }
	/ Result: (direct|preprocessed)_cache_hit$/ { hit[$2] = 1 }
	END { for (p in src) n += hit[p]; print n + 0 }' "$CCACHE_LOGFILE")
read -r _ misses < <(hits_misses)
check "ccache warm: all $objects compiles of $DIR/ were cache hits ($hits; $misses misses in all)" \
	test "$hits" = "$objects" -a "$misses" = 0
check "ccache warm: findings, warnings and summary as plain" same ccache-warm noreports
check "ccache warm: nothing was checked again: no report was written" \
	test -z "$(find "$obj/$DIR" -name '.*.inline-report')"
check "ccache warm: the objects hold their findings, the summary wrote the files from them" \
	notes_are_findings
unset CCACHE_DIR CCACHE_LOGFILE

# only_loopback LINKS: the namespace's interfaces ('ip -o link') are
# loopback alone.
only_loopback() {
	[ "$(wc -l <"$1")" = 1 ] && grep -q ': lo: ' "$1"
}

# 3. distcc to a distccd on loopback, in a network namespace of its own
# that has nothing but loopback; DISTCC_FALLBACK=0: no local retry.
# distcc compiles preprocessed source on the server, so GCC's columns
# differ inside macro expansions; nothing else may.
# distccd drops root before it writes its pid file and log: its
# directory is its own.
D=$S/distccd
mkdir -p "$D/client"
chown distccd "$D" 2>/dev/null || chmod 777 "$D"
# with_distccd NAME MAKE-ARGS...: build $DIR from nothing with W=inline, a
# distccd started for it, then collect NAME. The daemon's log, its
# namespace's links, the build's status and whether the daemon was
# stopped by its pid in $D.
with_distccd() {
	local name=$1
	shift
	rm -rf "${obj:?}/$DIR" "$obj/inline-summary.json"
	rm -f "$D/distccd.pid" "$D/distccd.log" "$D/links" "$D/status" "$D/stopped"
	unshare -n sh -c '
		D=$1 obj=$2 DIR=$3
		shift 3
		ip link set lo up || exit 1
		ip -o link >"$D/links"
		distccd --daemon --allow 127.0.0.1 --listen 127.0.0.1 --port 3632 \
			--jobs 2 --pid-file "$D/distccd.pid" --log-file "$D/distccd.log" ||
			exit 1
		i=0
		while [ ! -s "$D/distccd.pid" ] && [ $i -lt 50 ]; do
			sleep 0.1; i=$((i + 1))
		done
		DISTCC_HOSTS=127.0.0.1/2 DISTCC_FALLBACK=0 DISTCC_DIR="$D/client" \
			make -C "$obj" W=inline -j2 "$@" "$DIR/" >"$D/build.log" 2>&1
		echo $? >"$D/status"
		pid=$(cat "$D/distccd.pid")
		[ -n "$pid" ] && kill "$pid" || exit 1
		i=0
		while kill -0 "$pid" 2>/dev/null && [ $i -lt 50 ]; do
			sleep 0.1; i=$((i + 1))
		done
		kill -0 "$pid" 2>/dev/null || echo stopped >"$D/stopped"
	' sh "$D" "$obj" "$DIR" "$@"
	mv "$D/build.log" "$S/$name.log"
	collect "$name"
}
# remote_all: distccd compiled each of the $objects files of $DIR/
remote_all() {
	test "$(grep -c "COMPILE_OK .*/$DIR/[^/]*\.c\$" "$D/distccd.log")" = "$objects"
}
if unshare -n true 2>/dev/null; then
	with_distccd distcc CC="distcc gcc"
	check "distcc: distccd ran in a namespace with only loopback" \
		only_loopback "$D/links"
	check "distcc, DISTCC_FALLBACK=0: it builds" test "$(cat "$D/status" 2>/dev/null)" = 0
	check "distcc: distccd compiled $DIR/core.c (COMPILE_OK in its log)" \
		grep -q "COMPILE_OK .*/$DIR/core\.c\$" "$D/distccd.log"
	check "distcc: all $objects objects of $DIR/ were compiled remotely" remote_all
	check "distcc: findings, warnings and summary as plain; the reports but for columns" \
		same distcc cols
	check "distcc: distccd was stopped by its pid" test -f "$D/stopped"

	# ccache in front of distcc, as its prefix (CCACHE_PREFIX=distcc),
	# from an empty cache: Kbuild puts the check before the user's
	# prefix, so that it runs here, on the object distcc brought back.
	CCACHE_DIR=$S/cache-distcc CCACHE_LOGFILE=$S/cache-distcc.log \
	CCACHE_PREFIX=distcc with_distccd ccache-distcc CC="ccache gcc"
	check "ccache and distcc (CCACHE_PREFIX=distcc): it builds" \
		test "$(cat "$D/status" 2>/dev/null)" = 0
	check "ccache and distcc: ccache ran 'inline-check distcc gcc' for each of the $objects compiles of $DIR/" \
		test "$(grep 'Executing [^ ]*/scripts/inline/inline-check [^ ]*/distcc [^ ]*gcc ' \
			"$S/cache-distcc.log" | grep -c " -o $DIR/[^ /]*\.o ")" = "$objects"
	check "ccache and distcc: all $objects objects of $DIR/ were compiled remotely" remote_all
	check "ccache and distcc: findings, warnings and summary as plain; the reports but for columns" \
		same ccache-distcc cols
	check "ccache and distcc: each object holds its findings file in its section" \
		notes_are_findings
	check "ccache and distcc: distccd ran with only loopback and was stopped by its pid" \
		eval 'only_loopback "$D/links" && test -f "$D/stopped"'
else
	not_ok "distcc: cannot make a network namespace for distccd (unshare -n needs root)"
fi

# 4. icecream: a scheduler, the local daemon, which takes no job, and a
# second daemon that does every compile, in a network namespace of their
# own with nothing but loopback (lib/icecream.sh). icecc compiles a GCC
# job again locally when the remote compile printed anything, unless
# ICECC_CARET_WORKAROUND=0: the series sets that under W=inline, so the
# build runs with it unset. icecc preprocesses with -fdirectives-only and
# the server expands the macros, so the reports keep their columns.
I=$S/icecream
icecream() {
	local name=$1
	shift
	rm -rf "$I"
	mkdir -p "$I"
	unshare -n env -u ICECC_CARET_WORKAROUND "$@" \
		"$TOP/tools/testing/inline/lib/icecream.sh" "$I" \
		make -C "$obj" W=inline -j2 CC="icecc gcc" "$DIR/" >"$S/$name.log" 2>&1
}

# remote NAME: each of $DIR's $objects files was compiled by the second
# daemon, and none again by the client, or say what happened instead.
remote() {
	local n why=""
	n=$(grep -c "remote compile for file .*/$DIR/[^/]*\.c\$" "$I/remote.log" 2>/dev/null)
	[ "$n" = "$objects" ] ||
		why="the second daemon compiled ${n:-none} of the $objects files of $DIR/"
	grep -q "recompiling locally" "$I/client.log" 2>/dev/null &&
		why="${why:+$why; }the client compiled jobs again locally: $(grep -m1 'recompiling locally' "$I/client.log" | sed 's/^[^]]*]: //')"
	grep -q "Cannot use chroot" "$I/remote.log" 2>/dev/null &&
		why="${why:+$why; }the second daemon cannot chroot: it takes no job"
	[ -z "$why" ] && return 0
	echo "icecream: $why" >&2
	return 1
}

if unshare -n true 2>/dev/null; then
	rm -rf "${obj:?}/$DIR" "$obj/inline-summary.json"
	icecream icecc
	collect icecc
	check "icecream: the scheduler and both daemons ran in a namespace with only loopback" \
		only_loopback "$I/links"
	check "icecream, CC='icecc gcc', ICECC_CARET_WORKAROUND unset: it builds" \
		test "$(cat "$I/status" 2>/dev/null)" = 0
	check "icecream: all $objects files of $DIR/ compiled by the second daemon, none again locally" \
		remote
	check "icecream: reports, findings, warnings and summary as plain, byte for byte" \
		same icecc
	check "icecream: the scheduler and both daemons were stopped by their pids" \
		test "$(awk 'NF == 2 { print $1 }' "$I/stopped" | sort | tr '\n' ' ')" = \
		     "localice remoteice scheduler "
	# The user's setting wins: with the workaround asked for, each job
	# is compiled remotely, then again here.
	rm -f "$obj/$DIR/build_policy.o" "$obj/$DIR/.build_policy.o.inline-findings"
	icecream icecc-caret ICECC_CARET_WORKAROUND=1
	check "icecream, ICECC_CARET_WORKAROUND=1 from the user: kept, the client compiles again locally" \
		sh -c "[ \"\$(cat '$I/status')\" = 0 ] &&
		       grep -q 'remote compile for file .*/$DIR/build_policy\.c\$' '$I/remote.log' &&
		       grep -q 'recompiling locally' '$I/client.log' &&
		       cmp -s '$S/plain/.build_policy.o.inline-findings' '$obj/$DIR/.build_policy.o.inline-findings'"
else
	not_ok "icecream: cannot make a network namespace for its daemons (unshare -n needs root)"
fi

# 5. -j1 against -j2 (plain gcc again, as the other tests use the tree).
check "make -j1 W=inline $DIR/: it builds" sched j1 -j1
check "-j1: reports, findings, warnings and summary as -j2" same j1

# 6. The compiler's messages and status through W=inline, against the
# same build without it: stderr byte for byte, the same exit status.
M=$S/mod
rm -rf "$M"
cp -r "$TOP/tools/testing/inline/fixtures/scale" "$M"

# module NAME MAKE-ARGS...: build the fixture; NAME.err is its stderr,
# NAME.status make's status.
module() {
	local name=$1
	shift
	make -C "$obj" M="$M" "$@" modules >"$S/$name.out" 2>"$S/$name.err"
	echo $? >"$S/$name.status"
}

module warn-plain KCFLAGS=-Wno-error
rm -f "$M"/*.o "$M"/.*.o.cmd
module warn-inline KCFLAGS=-Wno-error W=inline
check "a warning (-Wno-error): the build succeeds with and without W=inline" \
	test "$(cat "$S/warn-plain.status") $(cat "$S/warn-inline.status")" = "0 0"
check "a warning: stderr is the same, byte for byte, as without W=inline" \
	cmp -s "$S/warn-plain.err" "$S/warn-inline.err"
check "a warning: GCC's three warnings are all there, with their source lines, in order" \
	sh -c "[ \$(grep -c ': warning: ' '$S/warn-inline.err') = 3 ] &&
	       grep -n ': warning: #warning' '$S/warn-inline.err' | grep -q '^1:' &&
	       awk '/warning: unused variable .*scale_unused_first/ { a = NR }
		    /warning: unused variable .*scale_unused_second/ { b = NR }
		    /^ +24 \\| +int scale_unused_second;/ { c = NR }
		    END { exit !(a && b > a && c == b + 1) }' '$S/warn-inline.err'"
check "a warning: the object's report has GCC's report lines" \
	grep -q 'missed: ' "$M/.scale-warn.o.inline-report"

# objtool runs in the compile's command, after it. Under W=inline its
# stderr is held after the compile's, so that its warnings still come
# after the compile's; when it fails, what is held is printed all the
# same. A stand-in objtool (make objtool=...) that warns, then one that
# warns and fails. Where objtool does not run on the object (with
# CONFIG_LTO_CLANG, or CONFIG_X86_KERNEL_IBT for a module of several
# objects: it runs on the linked module), there is no case.
stand_in_objtool() {
	printf '#!/bin/sh\nfor o; do :; done\necho "$o: warning: objtool: a stand-in warns" >&2\nexit %s\n' \
		"$2" >"$S/$1"
	chmod +x "$S/$1"
}
stand_in_objtool objtool-warns 0
stand_in_objtool objtool-fails 1
for t in warns fails; do
	rm -f "$M"/*.o "$M"/.*.o.cmd
	module "ot-$t-plain" KCFLAGS=-Wno-error objtool="$S/objtool-$t"
	rm -f "$M"/*.o "$M"/.*.o.cmd
	module "ot-$t-inline" KCFLAGS=-Wno-error W=inline objtool="$S/objtool-$t"
done
if grep -q 'objtool: a stand-in warns' "$S/ot-warns-plain.err"; then
	check "objtool's warning comes after the compile's, stderr byte for byte as without W=inline" \
		sh -c "[ \$(cat '$S/ot-warns-inline.status') = 0 ] &&
		       cmp -s '$S/ot-warns-plain.err' '$S/ot-warns-inline.err' &&
		       [ \$(grep -c ': warning: ' '$S/ot-warns-inline.err') = 4 ] &&
		       grep ': warning: ' '$S/ot-warns-inline.err' | tail -1 | grep -q 'objtool: a stand-in warns'"
	check "objtool fails: the build fails, stderr (the compile's warnings first) as without W=inline" \
		sh -c "[ \$(cat '$S/ot-fails-plain.status') = 2 ] && [ \$(cat '$S/ot-fails-inline.status') = 2 ] &&
		       cmp -s '$S/ot-fails-plain.err' '$S/ot-fails-inline.err' &&
		       [ \$(grep -c ': warning: ' '$S/ot-fails-inline.err') = 4 ]"
	check "and nothing is left held, no report line printed" \
		sh -c "[ -z \"\$(find '$M' -name '*.inline-stderr.tmp')\" ] &&
		       ! grep -q 'missed: ' '$S/ot-fails-inline.err'"
fi

# On a terminal GCC colours its diagnostics. Under W=inline its stderr is
# a file, so it is told to: the warnings look as they do without.
on_tty() {
	local name=$1
	shift
	rm -f "$M"/*.o "$M"/.*.o.cmd
	TERM=xterm script -qec "make -C '$obj' M='$M' KCFLAGS=-Wno-error $* modules" \
		/dev/null </dev/null | tr -d '\r' | grep 'warning: ' >"$S/$name.tty"
}
on_tty tty-plain
on_tty tty-inline W=inline
check "on a terminal, GCC's warnings are in colour under W=inline, as without it" \
	sh -c "[ \$(grep -c \"\$(printf '\\033')\" '$S/tty-inline.tty') = 3 ] &&
	       cmp -s '$S/tty-plain.tty' '$S/tty-inline.tty'"

# A report that cannot be written (a directory in its place stands for a
# full disk): the compiler's messages still reach the terminal, once,
# and the build goes on.
rm -f "$M"/*.o "$M"/.*.o.cmd "$M/.scale-warn.o.inline-report"
mkdir "$M/.scale-warn.o.inline-report"
module noreport KCFLAGS=-Wno-error W=inline
rmdir "$M/.scale-warn.o.inline-report"
check "a report that cannot be written: the build goes on, GCC's messages as without W=inline" \
	sh -c "[ \$(cat '$S/noreport.status') = 0 ] &&
	       grep -v 'inline-split:\|inline-check:' '$S/noreport.err' | cmp -s - '$S/warn-plain.err'"
check "and it is said once, naming the report; no held stderr is left behind" \
	sh -c "[ \$(grep -c '^$M/.scale-warn.o.inline-report: warning: inline-check: cannot write: ' '$S/noreport.err') = 1 ] &&
	       [ -z \"\$(find '$M' -name '*.inline-stderr.tmp')\" ]"

module werror-plain
module werror-inline W=inline
check "CONFIG_WERROR=y: the warnings still fail the build under W=inline" \
	test "$(cat "$S/werror-plain.status") $(cat "$S/werror-inline.status")" = "2 2"
check "CONFIG_WERROR=y: stderr is the same, byte for byte, as without W=inline" \
	cmp -s "$S/werror-plain.err" "$S/werror-inline.err"
check "CONFIG_WERROR=y: the failed compile leaves no report behind (nor its old one)" \
	test ! -e "$M/.scale-warn.o.inline-report"

module error-plain SCALE_OBJS=scale-error.o KCFLAGS=-Wno-error
module error-inline SCALE_OBJS=scale-error.o KCFLAGS=-Wno-error W=inline
check "a compile error fails the build under W=inline" \
	test "$(cat "$S/error-plain.status") $(cat "$S/error-inline.status")" = "2 2"
check "a compile error: the compiler's message, byte for byte as without W=inline" \
	sh -c "grep -q 'error: .*scale_no_such_variable.* undeclared' '$S/error-inline.err' &&
	       cmp -s '$S/error-plain.err' '$S/error-inline.err'"
check "a compile error: make stops on the object, with the compiler's status (Error 1)" \
	grep -q "scale-error.o\] Error 1\$" "$S/error-inline.err"
check "a compile error leaves no report and no temporary file" \
	test -z "$(find "$M" -name '.scale-error.o.inline-*')"


# 7. The same through ccache, where the compile, objtool and the check run
# inside ccache (inline-check its prefix command): stderr and status as
# without W=inline, from an empty cache and again from a warm one, when
# ccache gives back what they printed and runs neither objtool nor the
# check.
export CCACHE_DIR=$S/ccache-mod
cc_module() {
	local name=$1
	shift
	rm -f "$M"/*.o "$M"/.*.o.cmd "$M"/.*.inline-report
	module "$name" CC="ccache gcc" "$@"
}
for t in warn ot-warns ot-fails werror error; do
	case $t in
	warn) args="KCFLAGS=-Wno-error" ;;
	ot-*) args="KCFLAGS=-Wno-error objtool=$S/objtool-${t#ot-}" ;;
	werror) args= ;;
	error) args="SCALE_OBJS=scale-error.o KCFLAGS=-Wno-error" ;;
	esac
	cc_module "cc-$t-plain" $args
	cc_module "cc-$t-cold" $args W=inline
	cc_module "cc-$t-warm" $args W=inline
	# what the warm build left: the object's sections, the files
	readelf -SW "$M/scale-warn.o" >"$S/cc-$t-warm.sections" 2>&1
	ls -A "$M" >"$S/cc-$t-warm.files"
done
# same_stderr T: status and stderr of cc-T-cold and cc-T-warm as cc-T-plain
same_stderr() {
	local v
	for v in cold warm; do
		cmp -s "$S/cc-$1-plain.status" "$S/cc-$1-$v.status" &&
			cmp -s "$S/cc-$1-plain.err" "$S/cc-$1-$v.err" || return 1
	done
}
# warm_status T N: the warm build of T ended with status N
warm_status() {
	[ "$(cat "$S/cc-$1-warm.status")" = "$2" ]
}
cc_warn() {
	[ "$(grep -c ': warning: ' "$S/cc-warn-warm.err")" = 3 ] &&
		warm_status warn 0 && same_stderr warn
}
cc_warn_from_cache() {
	grep -q '\.discard\.inline_findings' "$S/cc-warn-warm.sections" &&
		grep -qx '.scale-warn.o.inline-findings' "$S/cc-warn-warm.files" &&
		! grep -q 'inline-report' "$S/cc-warn-warm.files"
}
cc_objtool_warns() {
	grep ': warning: ' "$S/cc-ot-warns-warm.err" | tail -1 |
		grep -q 'objtool: a stand-in warns' && same_stderr ot-warns
}
cc_error() {
	grep -q 'error: .*scale_no_such_variable.* undeclared' "$S/cc-error-warm.err" &&
		grep -q 'scale-error.o\] Error 1$' "$S/cc-error-warm.err" &&
		warm_status error 2 && same_stderr error
}
check "ccache: a warning, cold and warm: stderr byte for byte as without W=inline, the build goes on" \
	cc_warn
check "ccache: a warning, warm: the object came with its findings, written out by the summary, and no report" \
	cc_warn_from_cache
check "ccache: objtool's warning after the compile's, cold and warm, as without W=inline" \
	cc_objtool_warns
check "ccache: objtool fails: the build fails, cold and warm, stderr as without W=inline" \
	eval 'warm_status ot-fails 2 && same_stderr ot-fails'
check "ccache: CONFIG_WERROR=y: the warnings fail the build, cold and warm, stderr as without W=inline" \
	eval 'warm_status werror 2 && same_stderr werror'
check "ccache: a compile error: the compiler's message and status, cold and warm, as without W=inline" \
	cc_error
check "ccache: nothing is left held" \
	test -z "$(find "$M" -name '*.inline-stderr.tmp')"
unset CCACHE_DIR

finish
