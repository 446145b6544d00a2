// SPDX-License-Identifier: GPL-2.0
/*
 * The reporting modes: inline asm wrappers of a set of headers, and the
 * size table of a series of builds.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "elfread.h"
#include "output.h"
#include "scan.h"
#include "source.h"
#include "util.h"
#include "warn.h"

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
	struct func_total *t = NULL;
	unsigned int nt = 0, objects = 0, stale = 0, i, j;
	unsigned long out_bytes = 0;
	unsigned int out_funcs = 0;
	struct wrappers w = { 0 };

	srcset_lex_all(ss);
	srcset_for_each(ss, collect_wrapper, &w);
	qsort(w.d, w.nr, sizeof(*w.d), cmp_def);
	if (nbuilds)
		nt = collect_totals(builds, nbuilds, &t, &objects, &stale);

	printf("%-16s %7s %6s %7s  %-32s %s\n", "annotation", "objects",
	       "copies", "bytes", "function", "defined at");
	for (i = 0; i < w.nr; i++) {
		const struct funcdef *d = w.d[i];
		unsigned int objs = 0, copies = 0;
		char name[256];
		unsigned long bytes = 0;

		/* a macro's wrapper stands for every function it makes */
		for (j = 0; j < nt; j++) {
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
		       out_funcs, objects, out_bytes);
	printf("\n");
	free(w.d);
	free(t);
	srcset_free(ss);
	return 0;
}

int size_table(char **args, int n, const char *title)
{
	long long prev = -1;
	int i, ret = 0;

	if (title)
		printf("%s\n\n", title);
	printf("%37s     %9s    (%8s)  (%9s)\n", "name", "text-size", "delta",
	       "pct");
	printf(" -----------------------------------------------------------------------------\n");
	for (i = 0; i < n; i++) {
		char *eq = strchr(args[i], '=');
		struct sizes s = { 0 };
		long long delta;

		if (!*args[i]) {
			printf("\n");
			continue;
		}
		if (!eq || eq == args[i] || !eq[1]) {
			ERROR("'%s': expected NAME=FILE", args[i]);
			return 2;
		}
		*eq = '\0';
		if (file_sizes(eq + 1, &s)) {
			ret = 1;
			continue;
		}
		delta = prev < 0 ? 0 : (long long)s.text - prev;
		printf("%37s: %12llu    (%8lld)  (%8.3f%%)\n", args[i], s.text,
		       delta, s.text ? 100.0 * delta / s.text : 0.0);
		prev = s.text;
	}
	return ret;
}
