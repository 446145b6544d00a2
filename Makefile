# SPDX-License-Identifier: GPL-2.0
#
# The inline series: CONFIG_OPTIMIZE_INLINING, inline_hint, __asm_inline
# and make W=inline, for Linux 6.1 and 6.12 (one series each, in
# patches/6.1/ and patches/6.12/, sharing the files they add).
#
#   make apply KDIR=<tree>   put the series of the tree's version into it
#   make export [KVER=6.12]  a series as git-am-able mails, in out/series-<KVER>/
#   make check               every test, on Debian's linux-source-6.1
#   make demo                build the 6.12 tree in both modes and compare
#   make bench               W=inline's cost against a plain build, with
#                            gcc, then with clang (BENCH_CC=clang)
#   make size-tables [LLVM=1] the 2009 tables of the KVER tree, with vmlinux.o:
#                            three full builds (=n, =y, the x86 patches)
#   make fixes-experiment [DIRS="kernel/ arch/x86/"]
#                            apply every fix W=inline proposes for DIRS,
#                            build again: warnings and text before, after
#   make estimate-validation [DIRS="kernel/ arch/x86/"] [LLVM=1]
#                            force each function W=inline warns about,
#                            alone: the text measured against its estimate
#                            (REESTIMATE=1: the estimates again, against
#                            the last run's measurements)
#   make compare-checkers OLD=<rev> [NEW=<rev>]
#                            the checker of two revisions (NEW: the working
#                            tree) on the same W=inline build: same output?
#
# KVER=6.1 or KVER=6.12 says which tree the commands that do not take
# one (export, check, demo, bench) work on: Debian's linux-source-<KVER>,
# extracted into out/. Without it, make demo shows 6.12, the newer LTS,
# and the others work on 6.1, where every test runs.
#
# Build trees and extracted kernels go to out/ (make OUT=<dir> ...). Only
# the command line sets it: an OUT in the environment is not taken for it,
# since make clean removes it.

TESTS	:= tools/testing/inline
ifneq ($(origin OUT),command line)
OUT	:= $(CURDIR)/out
endif
export INLINE_OUT := $(OUT)
ifdef KVER
export KVER
endif

.PHONY: all apply export check demo bench size-tables fixes-experiment estimate-validation compare-checkers clean help

all: help

help:
	@sed -n 's/^#   //p' Makefile

apply:
	@test -n "$(KDIR)" || { echo "make apply: say which tree: make apply KDIR=<6.1 or 6.12 tree>" >&2; exit 1; }
	@$(TESTS)/lib/series.sh apply "$(KDIR)"

# The series is exported against a clean tree: KDIR (whose version
# decides), or the extracted linux-source-$(KVER).
export:
	@kdir="$(KDIR)"; \
	[ -n "$$kdir" ] || kdir=$$(TOP=$(CURDIR) bash -c '. $(TESTS)/lib/common.sh && pristine_tree') && \
	$(TESTS)/lib/series.sh export "$$kdir" $(OUT)

check:
	@$(TESTS)/run-tests

demo:
	@$(TESTS)/demo.sh

bench:
	@$(TESTS)/bench/w-inline.sh
	@BENCH_CC=clang $(TESTS)/bench/w-inline.sh

# CC= and LLVM= go to the kernel builds when given on the command line.
size-tables:
	@VMLINUX=1 $(TESTS)/size-experiment.sh \
		$(if $(filter command line,$(origin CC)),CC=$(CC)) \
		$(if $(filter command line,$(origin LLVM)),LLVM=$(LLVM))

fixes-experiment:
	@$(TESTS)/fixes-experiment.sh $(DIRS)

estimate-validation:
	@$(TESTS)/estimate-validation.sh \
		$(if $(filter command line,$(origin CC)),CC=$(CC)) \
		$(if $(filter command line,$(origin LLVM)),LLVM=$(LLVM)) \
		$(if $(filter command line,$(origin REESTIMATE)),REESTIMATE=$(REESTIMATE)) $(DIRS)

compare-checkers:
	@test -n "$(OLD)" || { echo "make compare-checkers: say which revision: OLD=<rev>" >&2; exit 1; }
	@$(TESTS)/compare-checkers.sh "$(OLD)" $(NEW)

clean:
	rm -rf $(OUT)
