// SPDX-License-Identifier: GPL-2.0
/*
 * inline-check --asm-wrappers: the inline asm wrappers of a set of
 * headers, with what a W=inline build left out of line of each.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "source.h"
#include "summary.h"
#include "util.h"
#include "warn.h"
#include "wrappers.h"

struct wrappers {
	const struct funcdef **d;
	unsigned int nr;
};

static void collect_wrapper(const struct funcdef *d, void *arg)
{
	struct wrappers *w = arg;

	if (!d->has_body || !d->asm_wrapper || !annot_declared_inline(d->annot))
		return;
	w->d = xrealloc(w->d, (w->nr + 1) * sizeof(*w->d));
	w->d[w->nr++] = d;
}

static int cmp_def(const void *a, const void *b)
{
	const struct funcdef *x = *(const struct funcdef *const *)a;
	const struct funcdef *y = *(const struct funcdef *const *)b;
	int c = strcmp(x->file, y->file);

	return c ? c : (int)x->line - (int)y->line;
}

int asm_wrappers(char **headers, int n, const char *srctree,
		 char **builds, int nbuilds)
{
	struct srcset *ss = srcset_open_files(headers, n, srctree);
	struct summary_opts so = { 0 };	/* no recheck: read what is there */
	struct summary s = { 0 };
	const struct func_total *t;
	unsigned int i, j;
	unsigned long out_bytes = 0;
	unsigned int out_funcs = 0;
	struct wrappers w = { 0 };

	srcset_lex_all(ss);
	srcset_for_each(ss, collect_wrapper, &w);
	qsort(w.d, w.nr, sizeof(*w.d), cmp_def);
	if (nbuilds)
		summary_collect(&s, builds, nbuilds, &so);
	t = s.totals;

	printf("%-16s %7s %6s %7s  %-32s %s\n", "annotation", "objects",
	       "copies", "bytes", "function", "defined at");
	for (i = 0; i < w.nr; i++) {
		const struct funcdef *d = w.d[i];
		unsigned int objs = 0, copies = 0;
		char name[256];
		unsigned long bytes = 0;

		/* a macro's wrapper stands for every function it makes */
		for (j = 0; j < s.ntotals; j++) {
			if (t[j].f.line != d->line || strcmp(t[j].f.file, d->file))
				continue;
			objs += t[j].nobjs;
			copies += t[j].f.copies;
			bytes += t[j].f.bytes;
		}
		if (d->macro)
			snprintf(name, sizeof(name), "%s (%s)", d->name, d->macro);
		else
			snprintf(name, sizeof(name), "%s", d->name);
		printf("%-16s %7u %6u %7lu  %-32s %s:%u\n", annot_name(d->annot),
		       objs, copies, bytes, name, d->file, d->line);
		if (objs) {
			out_funcs++;
			out_bytes += bytes;
		}
	}
	printf("%u inline asm wrappers", w.nr);
	if (nbuilds)
		printf("; %u left out of line in %u objects checked, %lu bytes",
		       out_funcs, s.objects, out_bytes);
	printf("\n");
	free(w.d);
	summary_free(&s);
	srcset_free(ss);
	return 0;
}
