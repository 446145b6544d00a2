# SPDX-License-Identifier: GPL-2.0
#
# Shared by make apply/export/check/demo: where things are, the packages
# they need, the 6.1 tree, and the test result lines.
#
# Source it with TOP set to the top of this repository.

: "${TOP:?}"
OUT=${OUT:-$TOP/out}
TARBALL=${TARBALL:-/usr/src/linux-source-6.1.tar.xz}
PRISTINE=$OUT/linux-source-6.1
JOBS=${JOBS:-$(nproc)}

# What the build, the tests and the demo need from Debian.
PACKAGES="linux-source-6.1 gcc make flex bison libelf-dev libssl-dev bc
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
		DEBIAN_FRONTEND=noninteractive apt-get install -y -q $missing \
			>"$OUT/apt.log" 2>&1 ||
		{ apt-get update -q >>"$OUT/apt.log" 2>&1 &&
		  DEBIAN_FRONTEND=noninteractive apt-get install -y -q $missing \
			>>"$OUT/apt.log" 2>&1; } ||
			die "apt-get install failed, see $OUT/apt.log"
	else
		die "missing packages; run: sudo apt-get install -y$missing"
	fi
}

# The unpatched 6.1 tree, extracted once from Debian's linux-source-6.1.
pristine_tree() {
	mkdir -p "$OUT"
	if [ ! -f "$PRISTINE/.extracted" ]; then
		[ -f "$TARBALL" ] || need_packages
		[ -f "$TARBALL" ] || die "$TARBALL not found"
		log "extracting $TARBALL"
		rm -rf "$PRISTINE" "$PRISTINE.tmp"
		mkdir -p "$PRISTINE.tmp"
		tar -C "$PRISTINE.tmp" -xf "$TARBALL"
		mv "$PRISTINE.tmp/linux-source-6.1" "$PRISTINE"
		rmdir "$PRISTINE.tmp"
		touch "$PRISTINE/.extracted"
	fi
	echo "$PRISTINE"
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

	stamp=$(cd "$TOP" && cat patches/series patches/*.patch Kconfig.inline \
		$(series_new_files | grep -v '^Documentation/') | md5sum | cut -d' ' -f1)
	if [ -f "$dir/.series-stamp" ] && [ "$(cat "$dir/.series-stamp")" = "$stamp" ]; then
		for f in $(series_new_files | grep '^Documentation/'); do
			cmp -s "$TOP/$f" "$dir/$f" || cp --remove-destination "$TOP/$f" "$dir/$f"
		done
		return 0
	fi
	log "preparing a patched tree in ${dir#$TOP/}"
	link_tree "$dir"
	"$TOP/tools/testing/inline/lib/series.sh" apply "$dir" >/dev/null
	echo "$stamp" >"$dir/.series-stamp"
}

# The files the series adds, as listed in patches/series.
series_new_files() {
	sed -n 's/^# new: //p' "$TOP/patches/series" | tr ' ' '\n' | grep .
}

# Configure an O= tree: defconfig, then the given options (NAME=y/n).
configure() {
	local src=$1 obj=$2 opt
	shift 2
	mkdir -p "$obj"
	make -s -C "$src" O="$obj" defconfig >/dev/null
	for opt in "$@"; do
		"$src/scripts/config" --file "$obj/.config" \
			"$([ "${opt#*=}" = y ] && echo -e || echo -d)" "${opt%=*}"
	done
	make -s -C "$src" O="$obj" olddefconfig >/dev/null
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
SRC=$OUT/check/linux

# An O= tree of $SRC, configured (defconfig plus the given options) and
# ready for external modules, kept while the series and options are the
# same. Prints its path.
obj_tree() {
	local name=$1 dir=$OUT/check/o-$1 stamp
	shift
	patched_tree "$SRC"
	stamp="$(cat "$SRC/.series-stamp") $*"
	if [ ! -f "$dir/.tree-stamp" ] || [ "$(cat "$dir/.tree-stamp")" != "$stamp" ]; then
		log "configuring ${dir#$TOP/} (defconfig $*)"
		rm -rf "$dir"
		configure "$SRC" "$dir" "$@"
		make -s -C "$SRC" O="$dir" -j"$JOBS" W=inline modules_prepare \
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

# nm's symbol types of name in an object: "t", "T", or nothing.
symbol_type() {
	nm "$1" | awk -v n="$2" '$3 == n { print $2 }'
}
