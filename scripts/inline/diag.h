/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The findings as diagnostics, in GCC's form, so that editors, 'make 2>&1 |
 * grep' and CI bots read them like the compiler's own:
 *
 *   FILE:LINE:COL: warning: MESSAGE [class]
 */
#ifndef INLINE_DIAG_H
#define INLINE_DIAG_H

#include <stdio.h>

#include "check.h"
#include "report.h"

/*
 * One finding; objs names where the copies are (nobjs of them). others:
 * how many more functions made by the same macro it stands for.
 */
void print_finding(FILE *fp, const struct finding *f, enum report_cc cc,
		   const char *objs, unsigned int nobjs, unsigned int others);

/* What follows a finding when asked: --estimate, --fixits. */
#define DIAG_ESTIMATE	1u
#define DIAG_FIXIT	2u

/*
 * After a finding: its fix-it line, then the estimate, a note with the
 * text forcing the function would add or save in objs (nobjs of them).
 */
void print_finding_extras(FILE *fp, const struct finding *f, const char *objs,
			  unsigned int nobjs, unsigned int extras);

#endif /* INLINE_DIAG_H */
