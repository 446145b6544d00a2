/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What every part of inline-check uses: memory, as scripts/kconfig/util.c
 * gives it (there, or one message and the end of the run), and the names
 * of the files that live beside an object.
 */
#ifndef INLINE_UTIL_H
#define INLINE_UTIL_H

#include <stddef.h>
#include <stdio.h>
#include <sys/types.h>

/*
 * Allocation that does not return NULL. Out of memory, inline-check says
 * so and exits with status 0, as it does for every problem that is not
 * the command line's: the build goes on, and the object whose check
 * stopped keeps no findings file newer than itself, which the summary
 * counts as stale rather than reading half a check.
 */
void *xmalloc(size_t size);
void *xcalloc(size_t nmemb, size_t size);
void *xrealloc(void *p, size_t size);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);
char *xasprintf(const char *fmt, ...);

/*
 * The hash of every table of the checker (FNV-1a), and its step, for a
 * loop that hashes a name as it reads it.
 */
#define STR_HASH_INIT		2166136261u
#define STR_HASH_STEP(h, c)	(((h) ^ (unsigned char)(c)) * 16777619u)

static inline unsigned int str_hash(const char *s, size_t n)
{
	unsigned int h = STR_HASH_INIT;

	while (n--)
		h = STR_HASH_STEP(h, *s++);
	return h;
}

/*
 * A set of strings kept once each, so that the same text is the same
 * pointer: file names, macros and reasons shared by many findings.
 */
struct strtab {
	char **slot;
	unsigned int nr, size;
};

const char *strtab_intern(struct strtab *t, const char *s);
void strtab_free(struct strtab *t);

/* The file beside an object: dir/name.o -> dir/.name.o.SUFFIX */
char *side_file(const char *obj, const char *suffix);

/*
 * The whole of the file at path in *buf, grown as needed (*size is its
 * capacity, kept for the next call). Returns its length, or -1.
 */
ssize_t read_file(const char *path, char **buf, size_t *size);

/* The display column after s[0..n): 0-based, tabs every 8 columns. */
size_t display_column(const char *s, size_t n);

/* Whether a path names a header (functions reported by the summary). */
int path_is_header(const char *path);

/* Collapse "./" and "dir/../" in place, as the paths GCC writes have them. */
void path_normalize(char *path);

/*
 * A file replaced whole: written as dir/.name.tmp (which make clean
 * removes) and renamed into place by replace_close(), so that a reader
 * (the summary, a CI bot) and an interrupted build never see half of one.
 * When it cannot be written, both say so, with what that means
 * ('instead'), and return NULL or -1.
 */
FILE *replace_open(const char *path, char **tmp, const char *instead);
int replace_close(FILE *fp, char *tmp, const char *path, const char *instead);

#endif /* INLINE_UTIL_H */
