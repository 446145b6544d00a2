/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The fixes the findings propose (check.h, struct fix), two ways: as
 * GCC's machine-readable fix-it lines, after each diagnostic, and as one
 * patch for the whole build, inline-fixes.patch, that 'git apply' takes.
 */
#ifndef INLINE_FIXES_H
#define INLINE_FIXES_H

#include <stdio.h>

#include "summary.h"

/*
 * Two fixes proposed at one place by two objects (or two functions of one
 * macro), merged into to: where one forces and the other does not, the
 * compiler's choice stands (inline_hint).
 */
void fix_merge(struct fix *to, const struct fix *from);

/*
 * The n findings from first on, stride bytes apart (an array of them, or
 * of structures that hold one), share one fix per place: one choice.
 */
void fixes_unify(struct finding *first, unsigned int n, size_t stride);

/*
 * The fix of f as -fdiagnostics-parseable-fixits prints it, on a line of
 * its own: fix-it:"FILE":{LINE:COL-LINE:COL}:"TEXT", the columns in
 * bytes, the range half-open. Nothing when f has no fix.
 */
void print_fixit(FILE *fp, const struct finding *f);

/*
 * Write every fix of the summary and of misuse[] as one unified diff to
 * path, its file names relative to root, the directory it applies in
 * (the source tree, or the module's directory with M=). Files are read
 * under srctree. A fix whose text is no longer what the build read, or
 * whose file is outside root, is left out and counted in one line. With
 * no fix at all, an old patch is removed. *written: the fixes in it.
 * Returns 0, or -1 when it could not be written (and says so).
 */
int fixes_write(const char *path, const char *root, const char *srctree,
		const struct summary *s, const struct finding *misuse,
		unsigned int nmisuse, unsigned int *written);

#endif /* INLINE_FIXES_H */
