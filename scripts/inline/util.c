// SPDX-License-Identifier: GPL-2.0
/*
 * Memory, and the files beside an object (util.h).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"
#include "warn.h"

static void out_of_memory(void)
{
	fputs("inline-check: out of memory; nothing more is checked\n", stderr);
	exit(0);
}

void *xmalloc(size_t size)
{
	void *p = malloc(size ? size : 1);

	if (!p)
		out_of_memory();
	return p;
}

void *xcalloc(size_t nmemb, size_t size)
{
	void *p = calloc(nmemb ? nmemb : 1, size ? size : 1);

	if (!p)
		out_of_memory();
	return p;
}

void *xrealloc(void *p, size_t size)
{
	p = realloc(p, size ? size : 1);
	if (!p)
		out_of_memory();
	return p;
}

char *xstrdup(const char *s)
{
	return xstrndup(s, strlen(s));
}

char *xstrndup(const char *s, size_t n)
{
	char *p = xmalloc(n + 1);

	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

char *xasprintf(const char *fmt, ...)
{
	va_list ap;
	char *p;
	int ret;

	va_start(ap, fmt);
	ret = vasprintf(&p, fmt, ap);
	va_end(ap);
	if (ret < 0)
		out_of_memory();
	return p;
}

const char *strtab_intern(struct strtab *t, const char *s)
{
	unsigned int i;

	if (2 * (t->nr + 1) > t->size) {
		struct strtab bigger = { .size = t->size ? 2 * t->size : 256 };

		bigger.slot = xcalloc(bigger.size, sizeof(*bigger.slot));
		for (i = 0; i < t->size; i++) {
			unsigned int j;

			if (!t->slot[i])
				continue;
			j = str_hash(t->slot[i], strlen(t->slot[i])) &
			    (bigger.size - 1);
			while (bigger.slot[j])
				j = (j + 1) & (bigger.size - 1);
			bigger.slot[j] = t->slot[i];
		}
		bigger.nr = t->nr;
		free(t->slot);
		*t = bigger;
	}
	for (i = str_hash(s, strlen(s)) & (t->size - 1); t->slot[i];
	     i = (i + 1) & (t->size - 1))
		if (!strcmp(t->slot[i], s))
			return t->slot[i];
	t->nr++;
	return t->slot[i] = xstrdup(s);
}

void strtab_free(struct strtab *t)
{
	unsigned int i;

	for (i = 0; i < t->size; i++)
		free(t->slot[i]);
	free(t->slot);
	memset(t, 0, sizeof(*t));
}

char *side_file(const char *obj, const char *suffix)
{
	const char *slash = strrchr(obj, '/');
	size_t dir = slash ? slash - obj + 1 : 0;

	return xasprintf("%.*s.%s.%s", (int)dir, obj, obj + dir, suffix);
}

int path_is_header(const char *path)
{
	size_t n = strlen(path);

	return n > 2 && path[n - 2] == '.' && path[n - 1] == 'h';
}

void path_normalize(char *path)
{
	char *r = path, *w = path;

	while (*r) {
		if (r[0] == '.' && r[1] == '/' && (r == path || r[-1] == '/')) {
			r += 2;			/* "./" */
			continue;
		}
		if (r[0] == '.' && r[1] == '.' && r[2] == '/' &&
		    (r == path || r[-1] == '/') && w > path + 1) {
			char *seg = w - 1;	/* w is after a '/' */

			while (seg > path && seg[-1] != '/')
				seg--;
			if (strncmp(seg, "../", 3) && strncmp(seg, "/", 1)) {
				w = seg;	/* "dir/../" */
				r += 3;
				continue;
			}
		}
		*w++ = *r++;
	}
	*w = '\0';
}

FILE *replace_open(const char *path, char **tmp, const char *instead)
{
	const char *base = strrchr(path, '/');
	int dir = base ? base - path + 1 : 0;
	FILE *fp;

	*tmp = xasprintf("%.*s.%s.tmp", dir, path, path + dir);
	fp = fopen(*tmp, "w");
	if (!fp) {
		WARN_FILE(path, "cannot write: %s; %s", strerror(errno), instead);
		free(*tmp);
	}
	return fp;
}

int replace_close(FILE *fp, char *tmp, const char *path, const char *instead)
{
	int ret = 0;

	if (ferror(fp) | fclose(fp)) {
		WARN_FILE(path, "cannot write: %s; %s", strerror(errno), instead);
		ret = -1;
	} else if (rename(tmp, path)) {
		WARN_FILE(path, "cannot replace it: %s; %s", strerror(errno),
			  instead);
		ret = -1;
	}
	if (ret)
		remove(tmp);
	free(tmp);
	return ret;
}
