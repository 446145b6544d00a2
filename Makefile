# SPDX-License-Identifier: GPL-2.0
#
# The inline series: CONFIG_OPTIMIZE_INLINING, inline_hint, __asm_inline
# and make W=inline, for Linux 6.1.
#
#   make apply KDIR=<tree>   put the series into a 6.1 tree
#   make export              the series as git-am-able mails in out/series/
#   make check               every test, on Debian's linux-source-6.1
#   make demo                build the 6.1 tree in both modes and compare
#   make bench               W=inline's cost against a plain build, with
#                            gcc, then with clang (BENCH_CC=clang)
#   make compare-checkers OLD=<rev> [NEW=<rev>]
#                            the checker of two revisions (NEW: the working
#                            tree) on the same W=inline build: same output?
#
# Build trees and extracted kernels go to out/ (make OUT=<dir> ...). Only
# the command line sets it: an OUT in the environment is not taken for it,
# since make clean removes it.

TESTS	:= tools/testing/inline
ifneq ($(origin OUT),command line)
OUT	:= $(CURDIR)/out
endif
export INLINE_OUT := $(OUT)

.PHONY: all apply export check demo bench compare-checkers clean help

all: help

help:
	@sed -n 's/^#   //p' Makefile

apply:
	@test -n "$(KDIR)" || { echo "make apply: say which tree: make apply KDIR=<6.1 tree>" >&2; exit 1; }
	@$(TESTS)/lib/series.sh apply "$(KDIR)"

# The series is exported against a clean tree: KDIR, or the extracted
# linux-source-6.1.
export:
	@$(TESTS)/lib/series.sh export "$(or $(KDIR),$(shell TOP=$(CURDIR) bash -c '. $(TESTS)/lib/common.sh && pristine_tree'))" $(OUT)/series

check:
	@$(TESTS)/run-tests

demo:
	@$(TESTS)/demo.sh

bench:
	@$(TESTS)/bench/w-inline.sh
	@BENCH_CC=clang $(TESTS)/bench/w-inline.sh

compare-checkers:
	@test -n "$(OLD)" || { echo "make compare-checkers: say which revision: OLD=<rev>" >&2; exit 1; }
	@$(TESTS)/compare-checkers.sh "$(OLD)" $(NEW)

clean:
	rm -rf $(OUT)
