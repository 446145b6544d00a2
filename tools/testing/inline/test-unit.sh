#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The lexer, the source reader and the report reader of scripts/inline/,
# as unit tests (unit/unit-test.c), built with the host compiler.
#
# Builds: unit/unit-test.c with the host compiler; no kernel.

set -eu
TOP=$(cd "$(dirname "$0")/../../.." && pwd)
. "$TOP/tools/testing/inline/lib/common.sh"

S=$TOP/scripts/inline
B=$OUT/unit
mkdir -p "$B"
flex -o "$B/lexer.lex.c" "$S/lexer.l"
gcc -O1 -g -Wall -I"$S" -o "$B/unit-test" "$TOP/tools/testing/inline/unit/unit-test.c" \
	$(checker_library) "$B/lexer.lex.c" -lelf
"$B/unit-test" "$(pristine_tree)" "$TOP/tools/testing/inline/fixtures/reports/timer.o.inline-report"
