/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The summary of a W=inline build: the findings files of its objects,
 * merged per function, each header function printed once however many
 * objects hold a copy of it, and the functions ranked by the bytes their
 * copies cost.
 */
#ifndef INLINE_SUMMARY_H
#define INLINE_SUMMARY_H

#include <stdio.h>

#include "diag.h"
#include "findings.h"
#include "report.h"

struct summary_opts {
	const char *json;		/* machine-readable copy, or NULL */
	const char *srctree;
	const char *config;		/* include/generated/autoconf.h */
	enum report_cc cc;		/* the compiler that made the reports */
	const char *cc_version;		/* CONFIG_CC_VERSION_TEXT, or NULL */
	/* check obj again, writing its findings file; NULL: leave it out */
	void (*recheck)(const char *obj, const char *findings,
			const struct summary_opts *opts);
	char **header_dirs;		/* scanned for __asm_inline misuse */
	int nheader_dirs;
	unsigned int rows;		/* ranking rows printed */
	unsigned int extras;		/* DIAG_*: what follows each finding */
	const char *fixes;		/* inline-fixes.patch, or NULL */
	const char *fixes_root;		/* where it applies: srctree, M= */
};

/* One function of the summary: its findings in every object, merged. */
struct func_total {
	struct finding f;	/* bytes and copies summed over objects */
	unsigned int first, nobjs;	/* its findings: entries[first...] */
	int printed;		/* by the objects' own steps */
};

struct summary {
	const struct summary_opts *opts;
	struct strtab strs;		/* the strings of every finding */
	struct object_finding *entries;	/* sorted by function, then object */
	unsigned int nentries;
	struct finding *misuse;		/* asm-inline-without-asm, once each */
	unsigned int nmisuse;
	struct func_total *totals;	/* ranked by bytes */
	unsigned int ntotals;
	unsigned long bytes;		/* of all the totals */
	unsigned int objects;		/* findings files read */
	unsigned int stale;		/* older than their object: skipped */
	unsigned int foreign;		/* of another checker: checked again */
	char *first_foreign;
};

/*
 * Collect the findings files under the given directories (or of the given
 * objects), merge them per function and rank them. Findings files older
 * than their object are stale (the object was rebuilt without W=inline)
 * and are skipped; one that cannot be read is replaced by checking its
 * object again (opts->recheck), and named.
 */
void summary_collect(struct summary *s, char **paths, int n,
		     const struct summary_opts *opts);

/* The i-th object holding a copy of t's function. */
const char *summary_object(const struct summary *s, const struct func_total *t,
			   unsigned int i);

/* The diagnostics of the functions no object's own step printed. */
void summary_print_findings(struct summary *s, FILE *fp);

/* The one-line total and the ranking. */
void summary_print_ranking(const struct summary *s, FILE *fp);

void summary_free(struct summary *s);

#endif /* INLINE_SUMMARY_H */
