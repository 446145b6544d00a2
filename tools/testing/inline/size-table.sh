#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The 2009 size table: for each NAME=FILE (an object, an archive such as
# built-in.a, thin or not, or vmlinux.o), its text as size(1) counts it,
# the delta from the row above and that delta in percent of the row's own
# size. An empty argument prints an empty line, and the next row's delta
# is still taken from the last row printed.
#
#   size-table.sh [--title TEXT] NAME=FILE...
#
# Exit status 2 for a bad argument, 1 when a file could not be sized (its
# row is left out, size(1) says why), 0 otherwise.

set -u
title=
if [ "${1-}" = --title ]; then
	[ $# -ge 2 ] || { echo "size-table.sh: --title needs a TEXT" >&2; exit 2; }
	title=$2
	shift 2
fi
for arg; do
	case $arg in
	'') ;;
	?*=?*) ;;
	*) echo "size-table.sh: '$arg': expected NAME=FILE" >&2; exit 2 ;;
	esac
done

[ -n "$title" ] && printf '%s\n\n' "$title"
printf '%37s     %9s    (%8s)  (%9s)\n' name text-size delta pct
echo ' -----------------------------------------------------------------------------'
status=0 prev=
for arg; do
	if [ -z "$arg" ]; then
		echo
		continue
	fi
	# size(1) in its Berkeley format: text is every allocated section that
	# is not writable; -t sums an archive's members on a last line.
	if ! text=$(LC_ALL=C size -B -t -- "${arg#*=}" | awk 'END { print $1 }') ||
	   ! [[ $text =~ ^[0-9]+$ ]]; then
		status=1
		continue
	fi
	awk -v name="${arg%%=*}" -v text="$text" -v prev="$prev" 'BEGIN {
		delta = prev == "" ? 0 : text - prev
		printf "%37s: %12d    (%8d)  (%8.3f%%)\n", name, text, delta,
		       text ? 100 * delta / text : 0
	}'
	prev=$text
done
exit $status
