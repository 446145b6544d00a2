// SPDX-License-Identifier: GPL-2.0
/*
 * Which headers to lex. A kernel object depends on hundreds of headers;
 * only the translation unit's own .c files are always lexed, and a header
 * only when its text can hold one of the names still looked for, written
 * or pasted (##).
 */
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>

#include "source-internal.h"
#include "util.h"

/* Lex the headers whose text holds needle, once per needle. */
void lex_headers_with(struct srcset *ss, const char *needle, size_t n)
{
	unsigned int h = hash_str(needle, n);
	struct seen *sn;
	int i;

	for (sn = ss->searched[h]; sn; sn = sn->next)
		if (!strncmp(sn->key, needle, n) && !sn->key[n])
			return;
	sn = xcalloc(1, sizeof(*sn));
	sn->key = xstrndup(needle, n);
	sn->next = ss->searched[h];
	ss->searched[h] = sn;

	for (i = 0; i < ss->nfiles; i++) {
		struct srcfile *f = &ss->files[i];

		if (f->lexed || srcset_load(ss, f))
			continue;
		if (memmem(f->buf, f->size, needle, n))
			read_definitions(ss, f);
	}
}

static const unsigned char ident_char[256] = {
	['0' ... '9'] = 1, ['A' ... 'Z'] = 1, ['_'] = 1, ['a' ... 'z'] = 1,
};

static int is_ident_char(char c)
{
	return ident_char[(unsigned char)c];
}

/* The identifiers pasted to by ## in a file: "__do_sys##", "##_x". */
static void find_pastes(struct srcfile *f)
{
	const char *p = f->buf, *end = f->buf + f->size;

	f->pasted = 1;
	/* memchr() for '#', not memmem(): headers are full of single '#' */
	while ((p = memchr(p, '#', end - p))) {
		const char *a = p, *b = p + 2;
		size_t la = 0, lb = 0;

		if (p + 1 >= end || p[1] != '#') {
			p++;
			continue;
		}

		while (a > f->buf && (a[-1] == ' ' || a[-1] == '\t'))
			a--;
		while (a > f->buf && is_ident_char(a[-1])) {
			a--;
			la++;
		}
		while (b < end && (*b == ' ' || *b == '\t'))
			b++;
		while (b + lb < end && is_ident_char(b[lb]))
			lb++;
		if (la >= 3 || lb >= 3) {
			f->paste = xrealloc(f->paste,
					    (f->npaste + 1) * sizeof(*f->paste));
			f->paste[f->npaste].before = a;
			f->paste[f->npaste].nbefore = la >= 3 ? la : 0;
			f->paste[f->npaste].after = b;
			f->paste[f->npaste].nafter = lb >= 3 ? lb : 0;
			f->npaste++;
		}
		p += 2;
	}
}

/*
 * The names still looked for, as a set that one pass over a file's
 * identifiers can test cheaply: most identifiers fail on their length or
 * their first and last characters before any hashing.
 */
struct wanted {
	const char *const *names;
	size_t *len;		/* of each name */
	char *want;
	int n, missing;
	unsigned char len_ok[256];
	unsigned char ends_ok[1024];
	int *bucket;		/* hash -> index + 1, open addressing */
	unsigned int nbuckets;
};

static unsigned int ends_key(const char *s, size_t n)
{
	return ((unsigned char)s[0] * 31u + (unsigned char)s[n - 1]) & 1023;
}

static void wanted_init(struct wanted *w, const char *const *names, int n,
			char *want)
{
	int k;

	memset(w, 0, sizeof(*w));
	w->names = names;
	w->n = n;
	w->want = want;
	for (w->nbuckets = 64; w->nbuckets < 4u * n; w->nbuckets *= 2)
		;
	w->bucket = xcalloc(w->nbuckets, sizeof(*w->bucket));
	w->len = xcalloc(n, sizeof(*w->len));
	for (k = 0; k < n; k++) {
		size_t len = w->len[k] = strlen(names[k]);
		unsigned int h;

		if (!want[k] || !len || len > 255)
			continue;
		w->missing++;
		w->len_ok[len] = 1;
		w->ends_ok[ends_key(names[k], len)] = 1;
		h = hash_str(names[k], len) & (w->nbuckets - 1);
		while (w->bucket[h])
			h = (h + 1) & (w->nbuckets - 1);
		w->bucket[h] = k + 1;
	}
}

static int wanted_has(const struct wanted *w, const char *s, size_t n)
{
	unsigned int h;

	if (n > 255 || !w->len_ok[n] || !w->ends_ok[ends_key(s, n)])
		return 0;
	for (h = hash_str(s, n) & (w->nbuckets - 1); w->bucket[h];
	     h = (h + 1) & (w->nbuckets - 1)) {
		int k = w->bucket[h] - 1;

		if (w->want[k] && !strncmp(w->names[k], s, n) &&
		    !w->names[k][n])
			return 1;
	}
	return 0;
}

/* Can this header define one of the names, directly or by pasting? */
static int may_define(struct srcfile *f, const struct wanted *w)
{
	const char *p = f->buf, *end = f->buf + f->size;
	unsigned int i;
	int k;

	while (p < end) {
		const char *start;

		if (!ident_char[(unsigned char)*p]) {
			p++;
			continue;
		}
		start = p;
		while (++p < end && ident_char[(unsigned char)*p])
			;
		if (wanted_has(w, start, p - start))
			return 1;
	}
	if (!f->pasted)
		find_pastes(f);
	for (i = 0; i < f->npaste; i++) {
		const struct paste *pa = &f->paste[i];

		for (k = 0; k < w->n; k++) {
			const char *name = w->names[k];
			size_t n = w->len[k];

			if (!w->want[k])
				continue;
			if (pa->nbefore && pa->nbefore < n &&
			    name[0] == pa->before[0] &&
			    !memcmp(name, pa->before, pa->nbefore))
				return 1;
			if (pa->nafter && pa->nafter < n &&
			    name[n - 1] == pa->after[pa->nafter - 1] &&
			    !memcmp(name + n - pa->nafter, pa->after,
				    pa->nafter))
				return 1;
		}
	}
	return 0;
}

void lex_headers_defining(struct srcset *ss, const char *const *names, int n,
			  char *want)
{
	struct wanted w;
	int i, k;

	wanted_init(&w, names, n, want);
	for (i = 0; w.missing && i < ss->nfiles; i++) {
		struct srcfile *f = &ss->files[i];

		if (f->lexed || srcset_load(ss, f) || !may_define(f, &w))
			continue;
		read_definitions(ss, f);
		for (k = 0; k < n; k++)
			if (want[k] && found_with_body(ss, names[k])) {
				want[k] = 0;
				w.missing--;
			}
	}
	free(w.bucket);
	free(w.len);
}
