# SPDX-License-Identifier: GPL-2.0
#
# Shared by make apply/export/check/demo: where things are, the packages
# they need, the kernel tree, and the test result lines.
#
# Source it with TOP set to the top of this repository, and KVER set to
# the kernel version to work on (6.1, the default, or 6.12): its tree is
# Debian's linux-source-$KVER, its series patches/$KVER/.

: "${TOP:?}"
OUT=${INLINE_OUT:-$TOP/out}
KVER=${KVER:-6.1}
# the versions the series is kept for: one directory of patches/ each
KVERS=$(cd "$TOP/patches" && ls -d [0-9]*.[0-9]* | sort -V | tr '\n' ' ')

# kept_for VERSION: whether the series is kept for that version.
kept_for() {
	case " $KVERS" in *" $1 "*) return 0 ;; esac
	return 1
}

# kvers_joined WORD: the versions the series is kept for, joined by WORD
# ("6.1 and 6.12").
kvers_joined() {
	echo $KVERS | sed "s/ / $1 /g"
}

kept_for "$KVER" || {
	echo "KVER=$KVER: the series is kept for Linux $(kvers_joined and), not $KVER" >&2
	exit 2
}
SERIES=$TOP/patches/$KVER
TARBALL=${TARBALL:-/usr/src/linux-source-$KVER.tar.xz}
PRISTINE=$OUT/linux-source-$KVER
JOBS=${JOBS:-$(nproc)}
# Where the tests keep their trees: out/check for 6.1, as before there
# were two, out/check-$KVER for the others.
if [ "$KVER" = 6.1 ]; then CHECK=$OUT/check; else CHECK=$OUT/check-$KVER; fi

# The tests build external modules against trees made with
# modules_prepare only: without vmlinux there is no Module.symvers, and
# modpost cannot know what vmlinux exports. 6.12 makes that an error
# (__x86_return_thunk, with the return thunks of the defconfig); the
# tests want the objects, so it stays a warning, as on 6.1.
export KBUILD_MODPOST_WARN=1

# What the build, the tests and the demo need from Debian.
PACKAGES="linux-source-$KVER gcc make flex bison libelf-dev libssl-dev bc
	  libncurses-dev tmux patch git perl python3 xz-utils pkg-config"

die() {
	echo "$*" >&2
	exit 1
}

log() {
	echo "==> $*" >&2
}

# Install what is missing when root; otherwise say what to run.
need_packages() {
	local missing="" p

	for p in $PACKAGES "$@"; do
		dpkg-query -W -f='${Status}' "$p" 2>/dev/null |
			grep -q "install ok installed" || missing="$missing $p"
	done
	[ -z "$missing" ] && return 0
	if [ "$(id -u)" = 0 ]; then
		log "installing:$missing"
		# No daemon a package brings (distccd, iceccd, the icecream
		# scheduler, which broadcast on every interface) may start on
		# this machine: the tests run them in a network namespace of
		# their own. Without a policy-rc.d that says so, one says so
		# for the install.
		local policy=/usr/sbin/policy-rc.d own=""
		if [ ! -e "$policy" ]; then
			printf '#!/bin/sh\nexit 101\n' >"$policy" &&
				chmod 755 "$policy" && own=1
		fi
		DEBIAN_FRONTEND=noninteractive apt-get install -y -q $missing \
			>"$OUT/apt.log" 2>&1 ||
		{ apt-get update -q >>"$OUT/apt.log" 2>&1 &&
		  DEBIAN_FRONTEND=noninteractive apt-get install -y -q $missing \
			>>"$OUT/apt.log" 2>&1; }
		local rc=$?
		[ -z "$own" ] || rm -f "$policy"
		[ $rc = 0 ] || die "apt-get install failed, see $OUT/apt.log"
	else
		die "missing packages; run: sudo apt-get install -y$missing"
	fi
}

# The tests' builds go through ccache (Debian's package): its masquerade
# directory first in PATH makes "gcc" and "clang" ccache, so Kbuild's
# command lines stay as they are and a tree built without the cache is
# not rebuilt with it. The cache is the user's, kept between runs; it is
# keyed on absolute paths, so a clone in the same place reuses it.
# Kbuild sees ccache behind "gcc" and W=inline's check runs inside it, as
# ccache's prefix command: a hit gives back the findings in the object,
# and checks nothing (test-scale and test-w-inline prove the findings the
# same). INLINE_CCACHE=0 turns the cache off.
CCACHE_BIN=/usr/lib/ccache

build_cache() {
	[ "${INLINE_CCACHE:-1}" = 1 ] || return 0
	need_packages ccache
	[ -x "$CCACHE_BIN/gcc" ] || die "no $CCACHE_BIN/gcc: Debian's ccache has it"
	export CCACHE_DIR=${INLINE_CCACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/linux-inline/ccache}
	mkdir -p "$CCACHE_DIR"
	case ":$PATH:" in
	*":$CCACHE_BIN:"*) ;;
	*) export PATH=$CCACHE_BIN:$PATH ;;
	esac
}

# PATH without ccache's masquerade directory.
uncached_path() {
	echo ":$PATH:" | sed "s|:$CCACHE_BIN:|:|g; s|^:||; s|:\$||"
}

# For a test or a benchmark that needs the compiler to run: no cache.
real_compiles() {
	PATH=$(uncached_path)
	export PATH
	unset CCACHE_DIR
}

# uncached CMD...: CMD with the compilers themselves. Kbuild finds ccache
# behind "gcc" in the masquerade directory and runs W=inline's check
# inside it (scripts/Makefile.extrawarn); a test of the check after the
# compile, as without ccache, runs its builds so.
uncached() {
	PATH=$(uncached_path) "$@"
}

# The unpatched tree, extracted once from Debian's linux-source-$KVER,
# and again when the package brings another tarball: .extracted holds the
# tarball's size and time, the stamp the trees made from it carry.
pristine_tree() {
	local stamp
	mkdir -p "$OUT"
	[ -f "$TARBALL" ] || [ -f "$PRISTINE/.extracted" ] || need_packages
	if [ -f "$TARBALL" ]; then
		stamp=$(stat -L -c '%s %Y' "$TARBALL")
	else
		stamp=$(cat "$PRISTINE/.extracted")
	fi
	if [ "$(cat "$PRISTINE/.extracted" 2>/dev/null)" != "$stamp" ]; then
		[ -f "$TARBALL" ] || die "$TARBALL not found"
		log "extracting $TARBALL"
		rm -rf "$PRISTINE" "$PRISTINE.tmp"
		mkdir -p "$PRISTINE.tmp"
		tar -C "$PRISTINE.tmp" -xf "$TARBALL" || die "cannot extract $TARBALL"
		mv "$PRISTINE.tmp/linux-source-$KVER" "$PRISTINE"
		rmdir "$PRISTINE.tmp"
		echo "$stamp" >"$PRISTINE/.extracted"
	fi
	echo "$PRISTINE"
}

# The stamp of the pristine tree, for the trees made from it.
pristine_stamp() {
	cat "$(pristine_tree)/.extracted"
}

# A copy of the pristine tree in $1, made of hard links: cheap, and safe
# because the series replaces files (cp --remove-destination) and builds
# go to O= trees.
link_tree() {
	rm -rf "$1"
	mkdir -p "$(dirname "$1")"
	cp -al "$(pristine_tree)" "$1"
	rm -f "$1/.extracted"
}

# A patched tree in $1 (made once, reused while the series is unchanged).
# The documentation the series adds is not part of the stamp: it does not
# change what is built, so it is refreshed in place rather than making
# every build tree start again.
patched_tree() {
	local dir=$1 stamp f

	stamp=$( (pristine_stamp && cd "$TOP" &&
		  cat "$SERIES"/series "$SERIES"/*.patch Kconfig.inline \
		      $(series_new_files | grep -v '^Documentation/')) |
		md5sum | cut -d' ' -f1)
	if [ -f "$dir/.series-stamp" ] && [ "$(cat "$dir/.series-stamp")" = "$stamp" ]; then
		for f in $(series_new_files | grep '^Documentation/'); do
			cmp -s "$TOP/$f" "$dir/$f" || cp --remove-destination "$TOP/$f" "$dir/$f"
		done
		return 0
	fi
	log "preparing a patched tree in ${dir#$TOP/}"
	link_tree "$dir"
	"$TOP/tools/testing/inline/lib/series.sh" apply "$dir" >/dev/null ||
		die "the series does not apply to ${dir#$TOP/}"
	echo "$stamp" >"$dir/.series-stamp"
}

# The files the series adds, as listed in patches/$KVER/series.
series_new_files() {
	sed -n 's/^# new: //p' "$SERIES/series" | tr ' ' '\n' | grep .
}

# The checker's sources but its main() (and inline-split, a program of
# its own): what the unit tests and the fuzzers link with (and libelf,
# and the generated lexer).
checker_library() {
	ls "$TOP"/scripts/inline/*.c | grep -v '/inline-\(check\|split\)\.c$'
}

# text_size FILE...: the text of objects and archives, summed as size(1)
# counts it (every allocated, non-writable section); 0 for none.
text_size() {
	size "$@" 2>/dev/null | awk 'NR > 1 { s += $1 } END { print s + 0 }'
}

# experiment_names NAME [DIR/]...: what an experiment (NAME.sh) works on:
# DIRS, the directories it builds (kernel/ and arch/x86/ unless given,
# each checked to be one), E, its directory under out/, and RESULT, its
# table. Then experiment_start: the packages, the cache and the pristine
# tree, once the experiment has checked what it can without them.
experiment_names() {
	local name=$1 d
	shift
	for d in "$@"; do
		case $d in */) ;; *) die "$name.sh: '$d': a directory, ending in /" ;; esac
	done
	DIRS=${*:-kernel/ arch/x86/}
	E=$OUT/$name-$KVER
	RESULT=$OUT/$name-$KVER.txt
}

experiment_start() {
	need_packages
	build_cache
	pristine_tree >/dev/null
}

# build_dirs SRC OBJ LOG DIR/...: make W=inline of the directories in an
# O= tree of SRC (configured first, defconfig), the fix-it lines on; the
# experiments' build.
build_dirs() {
	local src=$1 obj=$2 log=$3
	shift 3
	log "building $* in ${obj#$TOP/}"
	[ -f "$obj/.config" ] || configure "$src" "$obj"
	make -C "$src" O="$obj" -j"$JOBS" W=inline INLINE_FIXITS=1 "$@" >"$log" 2>&1 ||
		die "the build failed, see ${log#$TOP/}"
}

# make_vars ARGS...: the make variables among a tree's arguments (CC=...,
# LLVM=...); the others are options.
make_vars() {
	local opt
	for opt in "$@"; do
		case $opt in CC=*|LLVM=*) printf ' %s' "$opt" ;; esac
	done
}

# compiler_of ARGS...: the compiler that the CC=... or LLVM=... among a
# tree's arguments make Kbuild use, the last one counting; gcc without.
compiler_of() {
	local opt cc=gcc

	for opt in "$@"; do
		case $opt in
		CC=*)	cc=${opt#CC=} ;;
		LLVM=*)	cc=clang ;;
		esac
	done
	echo "$cc"
}

# need_compiler CC: the packages a kernel build by CC (compiler_of's name)
# needs beyond the base ones: clang's linker and tools for clang.
need_compiler() {
	case $1 in
	clang*)	need_packages clang lld llvm ;;
	*)	need_packages ;;
	esac
}

# Configure an O= tree: defconfig, then the given options (NAME=y/n).
# CC=... and LLVM=... among them are passed to make instead.
configure() {
	local src=$1 obj=$2 opt mk
	shift 2
	mkdir -p "$obj"
	mk=$(make_vars "$@")
	make -s -C "$src" O="$obj" $mk defconfig >/dev/null
	for opt in "$@"; do
		case $opt in CC=*|LLVM=*) continue ;; esac
		# not echo: bash's echo takes -e for an option of its own
		"$src/scripts/config" --file "$obj/.config" \
			"$([ "${opt#*=}" = y ] && printf %s -e || printf %s -d)" "${opt%=*}"
	done
	make -s -C "$src" O="$obj" $mk olddefconfig >/dev/null
}

# hits_misses: "HITS MISSES" of the cache in CCACHE_DIR (ccache's own
# counters, since its last 'ccache -z')
hits_misses() {
	ccache --print-stats | awk '$1 ~ /^(direct|preprocessed)_cache_hit$/ { h += $2 }
		$1 == "cache_miss" { m = $2 } END { print h + 0, m }'
}

# Test result lines: one per case, and the closing count CI reads.
PASSED=0
FAILED=0

ok() {
	PASSED=$((PASSED + 1))
	echo "ok $((PASSED + FAILED)) - $*"
}

not_ok() {
	FAILED=$((FAILED + 1))
	echo "not ok $((PASSED + FAILED)) - $*"
}

# check DESCRIPTION COMMAND...: the command's status decides.
check() {
	local what=$1
	shift
	if "$@"; then ok "$what"; else not_ok "$what"; fi
}

finish() {
	echo "$PASSED passed, $FAILED failed"
	[ "$FAILED" = 0 ]
}

# The patched source tree the tests and the demo share.
SRC=$CHECK/linux

# An O= tree of $SRC, configured (defconfig plus the given options, and
# CC=... for another compiler) and ready for external modules, kept while
# the series, the options and the compiler are the same. Prints its path.
obj_tree() {
	local name=$1 dir=$CHECK/o-$1 stamp mk cc
	shift
	patched_tree "$SRC"
	mk=$(make_vars "$@")
	cc=$(compiler_of "$@")
	stamp="$(cat "$SRC/.series-stamp") $* $($cc --version | head -1)"
	if [ ! -f "$dir/.tree-stamp" ] || [ "$(cat "$dir/.tree-stamp")" != "$stamp" ]; then
		log "configuring ${dir#$TOP/} (defconfig $*)"
		rm -rf "$dir"
		configure "$SRC" "$dir" "$@"
		make -s -C "$SRC" O="$dir" $mk -j"$JOBS" W=inline modules_prepare \
			>"$dir.prepare.log" 2>&1 ||
			die "make modules_prepare failed, see $dir.prepare.log"
		echo "$stamp" >"$dir/.tree-stamp"
	fi
	echo "$dir"
}

# The objects of TREE under DIR (a path relative to TREE) that Kbuild
# compiled from a .c file, by their .cmd files; one per line, sorted.
c_objects() {
	(cd "$1" && find "$2" -name '.*.o.cmd' ! -name '*.mod.o.cmd' -print0 |
	 xargs -0 grep -l '^source_.*\.c$' |
	 sed 's|^\./||; s|/\.\([^/]*\)\.cmd$|/\1|; s|^\.\([^/]*\)\.cmd$|\1|' |
	 while read -r o; do [ -f "$o" ] && echo "$o"; done | sort)
}

# kernel_objects TREE DIR: the C objects of the kernel under DIR, that is
# c_objects less the host programs' (compiled without -nostdinc).
kernel_objects() {
	c_objects "$1" "$2" | sed 's|^\(.*/\)\{0,1\}\([^/]*\)$|\1.\2.cmd|' |
		(cd "$1" && xargs -r grep -l -e ' -nostdinc ') |
		sed 's|\.\([^/]*\)\.cmd$|\1|'
}

# remove_objects TREE DIR: delete the kernel's C objects under DIR, and
# their findings files, so that the next build compiles them, and W=inline
# checks them, again. With the cache warm, that costs little: a hit runs
# no check, and the summary writes each findings file from its object.
remove_objects() {
	kernel_objects "$1" "$2" |
		sed 'p; s|^\(.*/\)\{0,1\}\([^/]*\)$|\1.\2.inline-findings|' |
		(cd "$1" && xargs -r rm -f --)
}

# checked_by STAMP TREE OBJECT...: the objects whose findings file was
# written after STAMP, that is by the checker in this build.
checked_by() {
	local stamp=$1 tree=$2 o f
	shift 2
	for o in "$@"; do
		f=$tree/$(dirname "$o")/.$(basename "$o").inline-findings
		[ "$f" -nt "$stamp" ] && echo "$o"
	done
}

# copy_names OBJECT: the functions with a copy in OBJECT (nm's t, T, w
# and W; a clone, NAME.constprop.0, counted for its function); sorted.
# Fails when nm cannot read it.
copy_names() {
	local syms

	syms=$(nm "$1") || return 1
	echo "$syms" | awk '$2 ~ /^[tTwW]$/ { sub(/\..*/, "", $3); print $3 }' | sort -u
}

# inline_copies OBJECT IFILE [KINDS]: the functions with a copy in OBJECT
# (copy_names) that the compiler's preprocessed source IFILE declares
# inline or __always_inline, by the tests' own reader
# (lib/declared-inline.py); sorted. KINDS, if given, gets the reader's
# view of every function with a copy, as "NAME KIND FILE" lines. Fails
# when either cannot be read.
inline_copies() {
	local names kinds

	names=$(copy_names "$1") || return 1
	[ -n "$names" ] || { [ -z "${3-}" ] || : >"$3"; return 0; }
	kinds=$(python3 "$TOP/tools/testing/inline/lib/declared-inline.py" "$2" $names) ||
		return 1
	[ -z "${3-}" ] || echo "$kinds" >"$3"
	echo "$kinds" | declared_inline
}

# declared_inline [KINDS]: the names KINDS' lines say are declared inline
# or __always_inline; sorted.
declared_inline() {
	awk '$2 == "inline" || $2 == "forced" { print $1 }' "$@" | sort
}

# inline_copies_each: for each line "OBJECT IFILE KINDS EXPECTED" of its
# input, what "inline_copies OBJECT IFILE KINDS >EXPECTED" writes; a line
# whose object or IFILE cannot be read gets neither file. The lines are
# shared among $JOBS workers, each of which starts the reader once for
# all its objects: a Python start costs more than reading most .i files.
inline_copies_each() {
	on_workers inline_copies_part
}

# kinds_each: for each line "IFILE OUT NAME..." of its input,
# "lib/declared-inline.py IFILE NAME... >OUT", on $JOBS workers, the
# reader started once by each.
kinds_each() {
	on_workers kinds_part
}

kinds_part() {
	python3 "$TOP/tools/testing/inline/lib/declared-inline.py" --each <"$1"
}

# on_workers COMMAND: the lines of the input shared round robin among
# $JOBS files, and "COMMAND FILE" run for each at once.
on_workers() {
	local d part pids=

	d=$(mktemp -d) || return 1
	split -n "r/$JOBS" - "$d/part."
	for part in "$d"/part.*; do
		"$1" "$part" &
		pids="$pids $!"
	done
	wait $pids
	rm -rf "$d"
}

# inline_copies_part FILE: inline_copies_each for the lines of FILE.
inline_copies_part() {
	local o i k e names

	while read -r o i k e; do
		rm -f "$k" "$e"
		names=$(copy_names "$o") && echo "$i $k" $names
	done <"$1" >"$1.each"
	kinds_part "$1.each"
	while read -r o i k e; do
		[ ! -f "$k" ] || declared_inline "$k" >"$e"
	done <"$1"
}

# reported FINDINGS: the functions a findings file names, less the notes
# on __asm_inline functions without an asm (not copies); sorted.
reported() {
	tail -n +2 "$1" | awk -F'\t' '$1 != "asm-inline-without-asm" { print $2 }' | sort -u
}

# last_O_option OBJECT: the last -O option of OBJECT's compile, the one
# the compiler obeys, as its .cmd file records the command (before
# "-c -o"); nothing if it has none.
last_O_option() {
	sed -n '1s/^[a-z_]*cmd_[^ ]* := //p' "$(dirname "$1")/.$(basename "$1").cmd" |
		sed 's/ -c -o .*//' | grep -o -- ' -O[^ ]*' | tail -n 1 | sed 's/^ //'
}

# nm's symbol types of name in an object: "t", "T", or nothing.
symbol_type() {
	nm "$1" | awk -v n="$2" '$3 == n { print $2 }'
}

# absent OBJECT NAME WITNESS: nm reads OBJECT, which defines WITNESS (a
# symbol that must be there), and has no copy of NAME, not even a clone
# (NAME.constprop.0, NAME.isra.0, ...). Without the witness, a missing
# object or a failing nm would pass for an absent symbol.
absent() {
	local syms

	syms=$(nm "$1") || return 1
	echo "$syms" | awk -v w="$3" '$3 == w { f = 1 } END { exit !f }' || {
		echo "absent: $1 does not define $3" >&2
		return 1
	}
	echo "$syms" | awk -v n="$2" '$3 == n || index($3, n ".") == 1 { f = 1 }
				     END { exit f }'
}

# equal A B: two values that are the same and not empty.
equal() {
	[ -n "$1" ] && [ "$1" = "$2" ]
}
