#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The series and a kernel tree.
#
#   series.sh apply KDIR     put the new files in KDIR and apply the
#                            series of its version, patches/<version>/
#   series.sh export KDIR OUTDIR
#                            that series as git-am-able mails, from the
#                            clean tree KDIR, in OUTDIR/series-<version>/
#
# apply changes KDIR completely or not at all: the patches are applied to
# copies of the files they touch first, and only when all of them apply
# are the results put in place.

set -eu
TOP=$(cd "$(dirname "$0")/../../../.." && pwd)
. "$TOP/tools/testing/inline/lib/common.sh"

patches() {
	grep -v '^#' "$SERIES/series" | grep .
}

# new_files PATCH: the files PATCH adds
new_files() {
	awk -v p="$1" '$0 == p { on = 1; next }
		       on && /^# new: / { sub(/^# new: /, ""); print; exit }
		       on && !/^#/ { exit }' "$SERIES/series" | tr ' ' '\n' | grep . || true
}

# touched PATCH: the existing files PATCH changes
touched() {
	sed -n 's|^+++ b/\([^[:space:]]*\).*|\1|p' "$SERIES/$1"
}

fail() {
	echo "make apply: $*" >&2
	exit 1
}

# check_tree KDIR: a Linux tree of a version the series is kept for; the
# series of that version is the one used (SERIES, KVER).
check_tree() {
	local kdir=$1 v p

	[ -f "$kdir/Makefile" ] && [ -f "$kdir/include/linux/compiler_types.h" ] ||
		fail "$kdir is not a Linux source tree; point KDIR at a $(kvers_joined or) tree"
	v=$(sed -n 's/^VERSION = //p' "$kdir/Makefile" | head -1)
	p=$(sed -n 's/^PATCHLEVEL = //p' "$kdir/Makefile" | head -1)
	kept_for "$v.$p" ||
		fail "$kdir is Linux $v.$p; the series is kept for $(kvers_joined and) only; nothing was changed"
	KVER=$v.$p
	SERIES=$TOP/patches/$KVER
}

cmd_apply() {
	local kdir=${1:?usage: series.sh apply KDIR} stage p f

	kdir=$(cd "$kdir" 2>/dev/null && pwd) || fail "${1}: no such directory"
	check_tree "$kdir"
	for p in $(patches); do
		for f in $(new_files "$p"); do
			[ ! -e "$kdir/$f" ] || fail "$kdir already has $f: the series is applied already (or a file is in the way); nothing was changed"
		done
	done

	stage=$(mktemp -d)
	TMPD=$stage
	trap 'rm -rf "$TMPD"' EXIT
	mkdir -p "$stage/new" "$stage/orig"
	for p in $(patches); do
		for f in $(touched "$p"); do
			[ -e "$stage/new/$f" ] && continue
			[ -f "$kdir/$f" ] || fail "$p changes $f, which $kdir does not have; nothing was changed"
			mkdir -p "$stage/new/$(dirname "$f")" "$stage/orig/$(dirname "$f")"
			cp -p "$kdir/$f" "$stage/new/$f"
			cp -p "$kdir/$f" "$stage/orig/$f"
		done
	done
	for p in $(patches); do
		if ! patch -p1 -s -F0 --no-backup-if-mismatch -d "$stage/new" \
			-i "$SERIES/$p" >"$stage/patch.log" 2>&1; then
			fail "patches/$KVER/$p does not apply to $kdir ($(grep -m1 -i 'fail\|reject\|malformed\|can.t' "$stage/patch.log" || head -1 "$stage/patch.log")); nothing was changed"
		fi
	done

	# Everything applies: put it in place, undoing all of it on failure.
	if ! (
		set -e
		for p in $(patches); do
			for f in $(new_files "$p"); do
				mkdir -p "$kdir/$(dirname "$f")"
				cp "$TOP/$f" "$kdir/$f"
			done
		done
		cd "$stage/new"
		find . -type f | while read -r f; do
			cp --remove-destination -p "$f" "$kdir/$f"
		done
	); then
		(cd "$stage/orig" && find . -type f | while read -r f; do
			cp --remove-destination -p "$f" "$kdir/$f"; done)
		for p in $(patches); do
			for f in $(new_files "$p"); do rm -f "$kdir/$f"; done
		done
		fail "could not write to $kdir; it was put back as it was"
	fi
	echo "applied $(patches | wc -l) patches of patches/$KVER/ to $kdir"
}

# The commit message of a patch: its Subject and body, up to '---'.
message() {
	awk 'NR == 1 && /^From: / { next }
	     /^Subject: / { sub(/^Subject: (\[PATCH[^]]*\] )?/, ""); print; next }
	     /^---$/ { exit }
	     { print }' "$SERIES/$1"
}

author() {
	sed -n '1s/^From: //p' "$SERIES/$1"
}

cmd_export() {
	local kdir=${1:?usage: series.sh export KDIR OUTDIR} out=${2:?} repo p f n

	kdir=$(cd "$kdir" && pwd)
	check_tree "$kdir"
	out=$out/series-$KVER
	mkdir -p "$out"
	out=$(cd "$out" && pwd)
	repo=$(mktemp -d)
	TMPD=$repo
	trap 'rm -rf "$TMPD"' EXIT

	# A repository of just the files the series touches: the blobs, and
	# so the index lines, are those of the full tree.
	for p in $(patches); do
		for f in $(touched "$p"); do
			mkdir -p "$repo/$(dirname "$f")"
			cp "$kdir/$f" "$repo/$f"
		done
	done
	(
		cd "$repo"
		git init -q
		git add -A
		git -c user.name=base -c user.email=base@localhost \
			commit -q -m "Linux $KVER (the files the series touches)"
	)
	for p in $(patches); do
		patch -p1 -s -F0 --no-backup-if-mismatch -d "$repo" -i "$SERIES/$p" ||
			die "make export: patches/$KVER/$p does not apply to $kdir"
		for f in $(new_files "$p"); do
			mkdir -p "$repo/$(dirname "$f")"
			cp "$TOP/$f" "$repo/$f"
		done
		message "$p" >"$repo/.git/msg"
		(
			cd "$repo"
			git add -A
			git -c user.name=x -c user.email=x@localhost commit -q \
				--author="$(author "$p")" -F .git/msg
		)
	done
	rm -f "$out"/*.patch
	n=$(patches | wc -l)
	(cd "$repo" && git format-patch -q --cover-letter -o "$out" HEAD~"$n")
	cover_letter "$out/0000-cover-letter.patch"
	ls "$out"/*.patch
}

# Fill in the cover letter from patches/$KVER/cover-letter, with the size tables
# of Documentation/dev-tools/inline.rst for this version, between its
# markers (one source for the figures).
cover_letter() {
	local cover=$1 subject body tables

	subject=$(sed -n '1s/^Subject: //p' "$SERIES/cover-letter")
	tables=$(mktemp)
	awk -v start=".. inline-size-tables-$KVER-start" \
	    -v end=".. inline-size-tables-$KVER-end" '
	     $0 == end { on = 0 }
	     on && /^   / { while (blank) { print ""; blank-- }
			    sub(/^   /, ""); print; seen = 1; next }
	     on && /^$/ && seen { blank++ }
	     $0 == start { on = 1 }' \
		"$TOP/Documentation/dev-tools/inline.rst" >"$tables"
	body=$(mktemp)
	sed '1d' "$SERIES/cover-letter" | sed '/^@TABLES@$/{
		r '"$tables"'
		d
	}' | sed '/./,$!d' >"$body"
	awk -v subject="$subject" -v bodyfile="$body" '
		/\*\*\* SUBJECT HERE \*\*\*/ { sub(/\*\*\* SUBJECT HERE \*\*\*/, subject) }
		/^\*\*\* BLURB HERE \*\*\*$/ {
			while ((getline line < bodyfile) > 0) print line
			next
		}
		{ print }' "$cover" >"$cover.new"
	mv "$cover.new" "$cover"
	rm -f "$tables" "$body"
}

case "${1:-}" in
apply)	shift; cmd_apply "$@" ;;
export)	shift; cmd_export "$@" ;;
*)	echo "usage: series.sh apply KDIR | export KDIR OUTDIR" >&2; exit 2 ;;
esac
