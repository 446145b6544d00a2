/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The output: GCC-style diagnostics, the per-object findings file, and the
 * summary that ranks what the out-of-line copies cost.
 */
#ifndef INLINE_OUTPUT_H
#define INLINE_OUTPUT_H

#include <stdio.h>

#include "check.h"

/*
 * One finding as a diagnostic; objs names where the copies are. others:
 * how many more functions made by the same macro it stands for.
 */
void print_finding(FILE *fp, const struct finding *f, const char *objs,
		   unsigned int nobjs, unsigned int others);

/*
 * The per-object findings file read by the summary. Findings of functions
 * defined outside headers were printed by the object's own step and are
 * only ranked by the summary; header functions are printed by it, once.
 */
int findings_write(const char *path, const char *obj,
		   const struct finding *f, unsigned int n,
		   const struct check_stats *st);

struct summary_opts {
	const char *json;		/* machine-readable copy, or NULL */
	const char *srctree;
	const char *config;		/* include/generated/autoconf.h */
	/* check obj again, writing its findings file */
	void (*recheck)(const char *obj, const char *findings,
			const struct summary_opts *opts);
	char **header_dirs;		/* scanned for __asm_inline misuse */
	int nheader_dirs;
	unsigned int rows;		/* ranking rows printed */
};

/*
 * Collect the findings files under the given directories (or of the given
 * objects), print each header function once, then the ranking. Findings
 * files older than their object are stale (the object was rebuilt without
 * W=inline) and are skipped; one that cannot be read is replaced by
 * checking its object again. Always 0: nothing here stops the build.
 */
int summary_run(char **paths, int n, const struct summary_opts *opts);

/* One function of the summary: its findings in every object, merged. */
struct func_total {
	struct finding f;	/* bytes and copies summed over objects */
	unsigned int first, nobjs;
	int printed;		/* by the object's own step */
};

/*
 * Collect and merge the findings under paths, ranked by bytes. Returns
 * how many functions; *objects and *stale count the findings files.
 */
unsigned int collect_totals(char **paths, int n, struct func_total **out,
			    unsigned int *objects, unsigned int *stale);
/* The i-th object holding a copy of t's function. */
const char *total_object(const struct func_total *t, unsigned int i);

#endif /* INLINE_OUTPUT_H */
