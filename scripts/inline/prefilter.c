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
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "source-internal.h"
#include "util.h"

struct wanted;
static int wanted_has(const struct wanted *w, const char *s, size_t n,
		      unsigned int h);
static void find_pastes(struct srcfile *f);

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
 * filter of a bit per byte of the file (two bits set per identifier, one
 * in a hundred answers wrong): "may this header write the name?" is asked
 * of every header for each name looked for and each macro a name is
 * traced through; the filter answers no for most without their text.
 */
static unsigned int ident_bits(size_t size)
{
	unsigned int bits = 512;

	while (bits < size && bits < (1u << 24))
		bits *= 2;
	return bits;
}

/* The two bits of f's filter that stand for the identifier hashed h. */
static void ident_bit_pair(const struct srcfile *f, unsigned int h,
			   unsigned int *a, unsigned int *b)
{
	*a = h & (f->idents_bits - 1);
	*b = (h >> 16 | h << 16) & (f->idents_bits - 1);
}

static void ident_set(struct srcfile *f, unsigned int h)
{
	unsigned int a, b;

	ident_bit_pair(f, h, &a, &b);
	f->idents[a / 8] |= 1 << (a % 8);
	f->idents[b / 8] |= 1 << (b % 8);
}

/* May f write the identifier whose str_hash() is h? */
static int may_hold(const struct srcfile *f, unsigned int h)
{
	unsigned int a, b;

	ident_bit_pair(f, h, &a, &b);
	return (f->idents[a / 8] & 1 << (a % 8)) &&
	       (f->idents[b / 8] & 1 << (b % 8));
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

	if (!f->idents) {
		f->idents_bits = ident_bits(f->size);
		f->idents = xcalloc(f->idents_bits / 8, 1);
	}
	/* the NUL after the text (srcset_load()) stops every loop here */
	for (;;) {
		unsigned int h = STR_HASH_INIT;
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
		do
			h = STR_HASH_STEP(h, *p);
		while (ident_char[(unsigned char)*++p] == 1);
		ident_set(f, h);
		if (w && !found && wanted_has(w, start, p - start, h))
			found = 1;
	}
	return found;
}

/*
 * A header's index, kept between the checks of a build (--index-dir):
 * its identifier filter and its pastes, as the scan found them, for the
 * header of that size, modification time and inode. The many checks of
 * a build read each header once instead of once per object; a header
 * whose filter may hold a name looked for is still read and scanned, so
 * the answers are those of a scan. Written whole or not at all (a new
 * file renamed into place); any problem with one only costs the scan.
 */
struct index_head {
	char magic[8];
	unsigned long long size, ino;
	long long sec, nsec;
	unsigned int pathlen, bits, npaste, textlen;
};

static const char index_magic[8] = "inlidx2";

static char *index_path(const struct srcset *ss, const struct srcfile *f)
{
	unsigned long long h = 14695981039346656037ull;
	const char *p;

	for (p = f->path; *p; p++)
		h = (h ^ (unsigned char)*p) * 1099511628211ull;
	return xasprintf("%s/%016llx.idx", ss->index_dir, h);
}

/* Fill f->idents and f->paste from its index; -1 if there is none valid. */
static int index_load(struct srcset *ss, struct srcfile *f)
{
	static char *buf;
	static size_t bufsize;
	struct index_head h;
	struct stat st;
	unsigned int i, off, n;
	const char *data, *lens; /* lens: before and after of each paste, unaligned */
	char *path;
	ssize_t got;
	size_t len;

	if (!ss->index_dir || !f->header || stat(f->path, &st))
		return -1;
	path = index_path(ss, f);
	got = read_file(path, &buf, &bufsize);
	free(path);
	if (got < (ssize_t)sizeof(h))
		return -1;
	memcpy(&h, buf, sizeof(h));
	if (memcmp(h.magic, index_magic, sizeof(h.magic)) ||
	    h.size != (unsigned long long)st.st_size ||
	    h.ino != (unsigned long long)st.st_ino ||
	    h.sec != st.st_mtim.tv_sec || h.nsec != st.st_mtim.tv_nsec ||
	    h.pathlen != strlen(f->path) || h.bits != ident_bits(h.size) ||
	    h.npaste > (1u << 20) || h.textlen > (1u << 24))
		return -1;
	len = h.pathlen + h.bits / 8 + 2 * sizeof(unsigned int) * h.npaste +
	      h.textlen;
	data = buf + sizeof(h);
	if ((size_t)got - sizeof(h) != len || memcmp(data, f->path, h.pathlen))
		return -1;
	lens = data + h.pathlen + h.bits / 8;
	for (i = 0, off = 0; i < 2 * h.npaste; i++) {
		memcpy(&n, lens + i * sizeof(n), sizeof(n));
		if (n > h.textlen - off)
			return -1;
		off += n;
	}
	f->idents_bits = h.bits;
	f->idents = xmalloc(h.bits / 8);
	memcpy(f->idents, data + h.pathlen, h.bits / 8);
	f->paste = xcalloc(h.npaste, sizeof(*f->paste));
	f->paste_text = xmalloc(h.textlen + 1);
	memcpy(f->paste_text, data + len - h.textlen, h.textlen);
	off = 0;
	for (i = 0; i < h.npaste; i++) {
		unsigned int nb, na;

		memcpy(&nb, lens + 2 * i * sizeof(nb), sizeof(nb));
		memcpy(&na, lens + (2 * i + 1) * sizeof(na), sizeof(na));
		f->paste[i].before = f->paste_text + off;
		f->paste[i].nbefore = nb;
		f->paste[i].after = f->paste_text + off + nb;
		f->paste[i].nafter = na;
		off += nb + na;
	}
	f->npaste = h.npaste;
	f->pasted = 1;
	return 0;
}

/* Keep f's index for the next checks; silently not, if it cannot be. */
static void index_store(struct srcset *ss, struct srcfile *f)
{
	struct index_head h = { .pathlen = strlen(f->path) };
	char *path, *tmp;
	unsigned int i;
	FILE *fp;
	int ok;

	if (!ss->index_dir || !f->header || !f->loaded || !f->idents)
		return;
	memcpy(h.magic, index_magic, sizeof(h.magic));
	h.size = f->st_size;
	h.ino = f->st_ino;
	h.sec = f->st_sec;
	h.nsec = f->st_nsec;
	h.bits = f->idents_bits;
	h.npaste = f->npaste;
	for (i = 0; i < f->npaste; i++)
		h.textlen += f->paste[i].nbefore + f->paste[i].nafter;
	mkdir(ss->index_dir, 0777);
	path = index_path(ss, f);
	tmp = xasprintf("%s.%d.tmp", path, (int)getpid());
	fp = fopen(tmp, "w");
	if (!fp)
		goto out;
	ok = fwrite(&h, sizeof(h), 1, fp) == 1 &&
	     fwrite(f->path, 1, h.pathlen, fp) == h.pathlen &&
	     fwrite(f->idents, 1, h.bits / 8, fp) == h.bits / 8;
	for (i = 0; ok && i < f->npaste; i++) {
		unsigned int nb = f->paste[i].nbefore, na = f->paste[i].nafter;

		ok = fwrite(&nb, sizeof(nb), 1, fp) == 1 &&
		     fwrite(&na, sizeof(na), 1, fp) == 1;
	}
	for (i = 0; ok && i < f->npaste; i++)
		ok = fwrite(f->paste[i].before, 1, f->paste[i].nbefore, fp) ==
		     f->paste[i].nbefore &&
		     fwrite(f->paste[i].after, 1, f->paste[i].nafter, fp) ==
		     f->paste[i].nafter;
	if ((fclose(fp) | !ok) || rename(tmp, path))
		remove(tmp);
out:
	free(tmp);
	free(path);
}

/*
 * f's identifier filter and pastes: from its index, or by reading and
 * scanning it, which also tells whether it writes one of the names w
 * looks for (*found 1 or 0; -1 when it was not scanned now). -1 when it
 * cannot be read.
 */
static int index_header(struct srcset *ss, struct srcfile *f,
			const struct wanted *w, int *found)
{
	*found = -1;
	if (f->idents || !index_load(ss, f))
		return 0;
	if (srcset_load(ss, f))
		return -1;
	*found = scan_identifiers(f, w);
	if (!f->pasted)
		find_pastes(f);
	index_store(ss, f);
	return 0;
}

/* Lex the headers that write the identifier needle, once per needle. */
void lex_headers_with(struct srcset *ss, const char *needle, size_t n)
{
	unsigned int nh = str_hash(needle, n), h = nh & (HASH_SIZE - 1);
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
		int found;

		if (f->lexed || index_header(ss, f, NULL, &found) ||
		    !may_hold(f, nh) || srcset_load(ss, f))
			continue;
		if (memmem(f->buf, f->size, needle, n))
			read_definitions(ss, f);
	}
}

int is_ident_char(char c)
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
	unsigned int *hash;	/* str_hash() of each */
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
	w->hash = xcalloc(n, sizeof(*w->hash));
	for (k = 0; k < n; k++) {
		size_t len = w->len[k] = strlen(names[k]);
		unsigned int h;

		w->hash[k] = str_hash(names[k], len);
		if (!want[k] || !len || len > 255)
			continue;
		w->missing++;
		w->len_ok[len] = 1;
		w->ends_ok[ends_key(names[k], len)] = 1;
		h = w->hash[k] & (w->nbuckets - 1);
		while (w->bucket[h])
			h = (h + 1) & (w->nbuckets - 1);
		w->bucket[h] = k + 1;
	}
}

/* Is s[0..n), whose str_hash() is h, a name still looked for? */
static int wanted_has(const struct wanted *w, const char *s, size_t n,
		      unsigned int h)
{
	if (n > 255 || !w->len_ok[n] || !w->ends_ok[ends_key(s, n)])
		return 0;
	for (h &= w->nbuckets - 1; w->bucket[h];
	     h = (h + 1) & (w->nbuckets - 1)) {
		int k = w->bucket[h] - 1;

		if (w->want[k] && !strncmp(w->names[k], s, n) &&
		    !w->names[k][n])
			return 1;
	}
	return 0;
}

/* Can this header define one of the names, directly or by pasting? */
static int may_define(struct srcset *ss, struct srcfile *f,
		      const struct wanted *w)
{
	unsigned int i;
	int k, found;

	if (index_header(ss, f, w, &found))
		return 0;
	if (found > 0)
		return 1;
	/* a filter made before: read the header if it may hold a name */
	for (k = 0; found < 0 && k < w->n; k++) {
		if (!w->want[k] || !may_hold(f, w->hash[k]))
			continue;
		if (srcset_load(ss, f))
			return 0;
		if (scan_identifiers(f, w))
			return 1;
		break;
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

		if (f->lexed || !may_define(ss, f, &w))
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
	free(w.hash);
}
