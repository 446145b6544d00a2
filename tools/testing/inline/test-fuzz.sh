#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The two readers of untrusted text in scripts/inline/ under libFuzzer with
# AddressSanitizer, LeakSanitizer and UBSan: the compilers' inline report
# readers, GCC's and clang's (fuzz/fuzz-report.c), and the lexer with the
# source reader (fuzz/fuzz-source.c). Seeds are real: the report fixtures,
# GCC's and clang's, and headers of the 6.1 tree. A crash, a leak or undefined behaviour fails the case.
#
# FUZZ_TIME=SECONDS per target (default 60); more for a real campaign.
#
# Builds: the two libFuzzer targets with clang; fuzzes them at once.

set -u
TOP=$(cd "$(dirname "$0")/../../.." && pwd)
. "$TOP/tools/testing/inline/lib/common.sh"

S=$TOP/scripts/inline
F=$TOP/tools/testing/inline/fuzz
W=$CHECK/fuzz
TIME=${FUZZ_TIME:-60}
SRC=$(pristine_tree) || exit 1
rm -rf "$W"
mkdir -p "$W/seed-report" "$W/seed-source" "$W/corpus-report" "$W/corpus-source"

CFLAGS="-g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all -I$S"

# build NAME SOURCES...
build() {
	local name=$1
	shift
	if clang $CFLAGS -o "$W/$name" "$F/$name.c" "$@" >"$W/$name.build" 2>&1; then
		ok "$name builds with -fsanitize=fuzzer,address,undefined"
	else
		not_ok "$name builds with -fsanitize=fuzzer,address,undefined (see $W/$name.build)"
		return 1
	fi
}

# fuzz NAME: TIME seconds from the seeds, in the background; judged by
# fuzz_done.
fuzz() {
	(cd "$W" && exec "./$1" -max_total_time="$TIME" -timeout=10 -rss_limit_mb=2048 \
		-max_len=65536 "corpus-${1#fuzz-}" "seed-${1#fuzz-}") >"$W/$1.log" 2>&1 &
	eval "pid_${1#fuzz-}=$!"
}

# fuzz_done NAME: passes when libFuzzer finished its runs without a crash,
# a leak or a sanitizer report.
fuzz_done() {
	local name=$1 runs status

	wait "$(eval echo "\$pid_${1#fuzz-}")"
	status=$?
	runs=$(sed -n 's/^Done \([0-9]*\) runs.*/\1/p' "$W/$name.log")
	if [ "$status" = 0 ] && [ -n "$runs" ] &&
	   ! grep -q 'ERROR: \(AddressSanitizer\|LeakSanitizer\|libFuzzer\)\|runtime error:' "$W/$name.log"; then
		ok "$name: $runs runs in ${TIME} s, no crash, leak or undefined behaviour"
	else
		not_ok "$name: status $status ($(grep -m1 'ERROR:\|runtime error:' "$W/$name.log"); see $W/$name.log)"
	fi
}

# Seeds: the report fixture and its lines one by one; headers the checker
# reads on every x86 build, and the semantics and W=inline fixtures.
for r in timer.o.inline-report timer.o.clang-report; do
	cp "$TOP/tools/testing/inline/fixtures/reports/$r" "$W/seed-report/"
	split -l 1 -a 4 "$W/seed-report/$r" "$W/seed-report/line-${r%%.*}-${r#*.o.}-"
done
for h in include/linux/cpumask.h include/linux/compiler_types.h \
	 include/linux/syscalls.h include/linux/list.h include/trace/trace_events.h \
	 arch/x86/include/asm/bitops.h arch/x86/include/asm/syscall_wrapper.h \
	 arch/x86/include/asm/io.h arch/x86/include/asm/special_insns.h; do
	cp "$SRC/$h" "$W/seed-source/$(echo "$h" | tr / _)"
done
cp "$TOP"/tools/testing/inline/fixtures/semantics/*.[ch] \
   "$TOP"/tools/testing/inline/fixtures/w-inline/*.[ch] "$W/seed-source/"
cp "$TOP/include/linux/compiler-inline.h" "$W/seed-source/"

# Both targets built, then fuzzed at once, one on each core.
flex -o "$W/lexer.lex.c" "$S/lexer.l"
build fuzz-report $(checker_library) "$W/lexer.lex.c" -lelf && report=1 || report=0
build fuzz-source $(checker_library) "$W/lexer.lex.c" -lelf && source=1 || source=0
if [ $source = 1 ]; then
	# Found by this fuzzer: a parameter spelt __VA_ARGS__ was not freed.
	printf '#define m(a, ...) f(a, __VA_ARGS__)\n#define n(__VA_ARGS__) g(__VA_ARGS__)\nstatic inline int foo(void) { return m(1, n(2)); }\n' \
		>"$W/va-args.h"
	if (cd "$W" && ./fuzz-source va-args.h) >"$W/va-args.log" 2>&1; then
		ok "variadic macros and a parameter named __VA_ARGS__: freed, no leak"
	else
		not_ok "a variadic macro: $(grep -m1 'ERROR:' "$W/va-args.log")"
	fi
fi
if [ $report = 1 ]; then
	# Found by this fuzzer in CI: a short last line was compared as a C
	# string, read past the report (by libFuzzer's strncmp hook here).
	printf 'U\n' >"$W/short-line"
	if (cd "$W" && ./fuzz-report short-line) >"$W/short-line.log" 2>&1; then
		ok "a report whose last line is shorter than any known start: read within the report"
	else
		not_ok "a short last line: $(grep -m1 'ERROR:' "$W/short-line.log")"
	fi
fi
[ $report = 1 ] && fuzz fuzz-report
[ $source = 1 ] && fuzz fuzz-source
[ $report = 1 ] && fuzz_done fuzz-report
[ $source = 1 ] && fuzz_done fuzz-source
finish
