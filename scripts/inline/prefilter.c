// SPDX-License-Identifier: GPL-2.0
/*
 * Which headers to lex. A kernel object depends on hundreds of headers;
 * only the translation unit's own .c files are always lexed, and a header
 * only when its code (comments and literals left out) writes one of the
 * names still looked for, or pastes (##) a piece of one, or calls a macro
 * a name is traced through.
 *
 * Each header is read once for this, in one pass that also keeps a filter
 * of its identifiers: the headers that might call a macro are found with
 * it, where each macro took a pass over every header.
 */
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>

#include "source-internal.h"
#include "util.h"

struct wanted;
static int wanted_has(const struct wanted *w, const char *s, size_t n);

/*
 * 1: a character of identifiers; 2: one that may start a comment or a
 * literal, or the NUL that ends the text.
 */
static const unsigned char ident_char[256] = {
	['0' ... '9'] = 1, ['A' ... 'Z'] = 1, ['_'] = 1, ['a' ... 'z'] = 1,
	['/'] = 2, ['"'] = 2, ['\''] = 2, ['\0'] = 2,
};

/*
 * Each file's identifiers, outside comments and literals, as a Bloom
 * filter: the question "is needle written in this header?" is asked for
 * every macro a name is traced through, of every header; the filter
 * answers no for most of them without a pass over the text.
 */
#define IDENT_BITS	4096

static inline unsigned int ident_hash(const char *s, size_t n)
{
	unsigned int h = n * 0x9e3779b1u;

	h ^= ((unsigned char)s[0] | (unsigned char)s[n - 1] << 8) * 0x85ebca77u;
	if (n > 2)
		h ^= ((unsigned char)s[1] | (unsigned char)s[n - 2] << 8) * 0xc2b2ae3du;
	return h ^ h >> 15;
}

static void ident_set(unsigned char *bits, unsigned int h)
{
	bits[(h % IDENT_BITS) / 8] |= 1 << (h % 8);
	h >>= 16;
	bits[(h % IDENT_BITS) / 8] |= 1 << (h % 8);
}

static int may_hold(const struct srcfile *f, const char *s, size_t n)
{
	unsigned int h = ident_hash(s, n);
	const unsigned char *bits = f->idents;

	if (!(bits[(h % IDENT_BITS) / 8] & 1 << (h % 8)))
		return 0;
	h >>= 16;
	return bits[(h % IDENT_BITS) / 8] & 1 << (h % 8);
}

/* The end of the comment or literal that starts at p, or p itself. */
static const char *skip_text(const char *p, const char *end)
{
	const char *q;
	char quote;

	if (p[0] == '/' && p + 1 < end && p[1] == '*') {
		/* comments hold few '/': one memchr() reaches the end of most */
		for (q = p + 3; q < end && (q = memchr(q, '/', end - q)); q++)
			if (q[-1] == '*')
				return q + 1;
		return end;
	}
	if (p[0] == '/' && p + 1 < end && p[1] == '/') {
		q = memchr(p, '\n', end - p);
		return q ? q : end;
	}
	if (p[0] != '"' && p[0] != '\'')
		return p;
	quote = *p++;
	while (p < end && *p != quote && *p != '\n')
		p += p[0] == '\\' && p + 1 < end ? 2 : 1;
	return p < end && *p == quote ? p + 1 : p;
}

/*
 * One pass over f's code: its identifier filter, and whether it writes
 * one of the names w still looks for (w may be NULL).
 */
static int scan_identifiers(struct srcfile *f, const struct wanted *w)
{
	const char *p = f->buf, *end = f->buf + f->size;
	int found = 0;

	if (!f->idents)
		f->idents = xcalloc(IDENT_BITS / 8, 1);
	/* the NUL after the text (srcset_load()) stops every loop here */
	for (;;) {
		const char *start;
		unsigned char c;

		while (!(c = ident_char[(unsigned char)*p]))
			p++;
		start = p;
		if (c == 2) {
			if (p >= end)
				break;
			p = skip_text(p, end);
			p += p == start;
			continue;
		}
		while (ident_char[(unsigned char)*++p] == 1)
			;
		ident_set(f->idents, ident_hash(start, p - start));
		if (w && !found && wanted_has(w, start, p - start))
			found = 1;
	}
	return found;
}

/* Lex the headers that write the identifier needle, once per needle. */
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
		if (!f->idents)
			scan_identifiers(f, NULL);
		if (may_hold(f, needle, n) && memmem(f->buf, f->size, needle, n))
			read_definitions(ss, f);
	}
}

static int is_ident_char(char c)
{
	return ident_char[(unsigned char)c] == 1;
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
	unsigned int i;
	int k;

	if (scan_identifiers(f, w))
		return 1;
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
