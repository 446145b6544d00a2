// SPDX-License-Identifier: GPL-2.0
/*
 * The definition of each function of the object (source.h): the
 * translation unit's .c files first, then the headers the prefilter
 * picks, then the macro templates.
 */
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>

#include "source-internal.h"
#include "util.h"

/*
 * The definition of name: one with a body if there is one, else one whose
 * body follows a macro's call. Not one under '#ifndef name' where a file
 * of the object defines name: a generic definition that the
 * architecture's header overrides, read before the override was known.
 */
static struct funcdef *find_exact(struct srcset *ss, const char *name)
{
	struct funcdef *d, *bodiless = NULL;

	for (d = ss->defs[hash_str(name, strlen(name))]; d; d = d->next) {
		if (strcmp(d->name, name))
			continue;
		if (d->overridable && find_macro(ss, name, strlen(name)))
			continue;
		if (d->has_body)
			return d;
		if (!bodiless)
			bodiless = d;
	}
	return bodiless;
}

/*
 * Is name's definition found, body and all, and for good: not a generic
 * one that a header not read yet may override?
 */
int found_with_body(struct srcset *ss, const char *name)
{
	const struct funcdef *d = find_exact(ss, name);

	return d && d->has_body && !d->overridable;
}

int srcset_resolve(struct srcset *ss, const char *const *names, int n)
{
	char *want = xcalloc(n, 1);
	int i, k;

	/* The translation unit's own code first: .c files, always. */
	for (i = 0; i < ss->nfiles; i++)
		if (!ss->files[i].header)
			read_definitions(ss, &ss->files[i]);

	/*
	 * A name stays wanted while its only definition is one whose body
	 * follows a macro's call: a header may still have the real one.
	 */
	for (k = 0; k < n; k++)
		want[k] = !found_with_body(ss, names[k]);
	lex_headers_defining(ss, names, n, want);
	free(want);
	return ss->failures;
}

const struct funcdef *srcset_find(struct srcset *ss, const char *name)
{
	struct funcdef *d = find_exact(ss, name);

	/* only where it can make a function inline that seemed not to be */
	if (d && d->annot_macro && d->annot == A_NONE)
		read_annot_macro(ss, d);

	return d ? d : find_template(ss, name);
}

int srcset_lex_all(struct srcset *ss)
{
	int i;

	for (i = 0; i < ss->nfiles; i++)
		read_definitions(ss, &ss->files[i]);
	return ss->failures;
}

void srcset_for_each(struct srcset *ss, void (*fn)(const struct funcdef *,
						   void *), void *arg)
{
	struct funcdef *d;
	int i;

	for (i = 0; i < HASH_SIZE; i++)
		for (d = ss->defs[i]; d; d = d->next)
			fn(d, arg);
	for (d = ss->templates; d; d = d->next)
		fn(d, arg);
}

/* Is name written, as a word, in buf[0..size)? Comments count too. */
static int writes_word(const char *buf, size_t size, const char *name)
{
	size_t n = strlen(name);
	const char *p = buf, *end = buf + size;

	while ((p = memmem(p, end - p, name, n))) {
		if ((p == buf || !is_ident_char(p[-1])) &&
		    (p + n == end || !is_ident_char(p[n])))
			return 1;
		p += n;
	}
	return 0;
}

/*
 * Only for the rare external-inline finding: reads every file of the set.
 * A file that cannot be read counts as declaring it, the safe answer.
 */
int srcset_declared_elsewhere(struct srcset *ss, const struct funcdef *d)
{
	int i;

	for (i = 0; i < ss->nfiles; i++) {
		struct srcfile *f = &ss->files[i];
		size_t size;

		if (srcset_load(ss, f))
			return 1;
		size = f->size;
		if (f->display == d->file || !strcmp(f->display, d->file))
			size = d->name_off < size ? d->name_off : size;
		if (writes_word(f->buf, size, d->name))
			return 1;
	}
	return 0;
}
