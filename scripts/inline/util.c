// SPDX-License-Identifier: GPL-2.0
/*
 * Memory, and the files beside an object (util.h).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

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

/*
 * The whole of a file, in *buf (grown as needed, kept for the next call),
 * in one read when it fits: a read of a regular file that returns less
 * than was asked for has reached its end. The many checks of a build
 * each load hundreds of small index files. -1 if it cannot be read.
 */
ssize_t read_file(const char *path, char **buf, size_t *size)
{
	size_t len = 0;
	int fd = open(path, O_RDONLY);

	if (fd < 0)
		return -1;
	for (;;) {
		ssize_t r;

		if (len == *size) {
			*size = *size ? 2 * *size : 65536;
			*buf = xrealloc(*buf, *size);
		}
		r = read(fd, *buf + len, *size - len);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			close(fd);
			return -1;
		}
		len += r;
		if (len < *size)
			break;
	}
	close(fd);
	return len;
}

size_t display_column(const char *s, size_t n)
{
	size_t i, col = 0;

	for (i = 0; i < n; i++)
		col = s[i] == '\t' ? (col / 8 + 1) * 8 : col + 1;
	return col;
}

static struct {
	char *cwd, *tree;
	size_t ncwd;
	struct strtab names;
} shown;

/* cwd and tree absolute; NULL, NULL when the run is done */
void file_shown_from(const char *cwd, const char *tree)
{
	free(shown.cwd);
	free(shown.tree);
	strtab_free(&shown.names);
	shown.cwd = cwd ? xstrdup(cwd) : NULL;
	shown.tree = tree ? xstrdup(tree) : NULL;
	shown.ncwd = cwd ? strlen(cwd) : 0;
}

const char *file_shown(const char *path)
{
	const char *name;
	char *full;

	if (!shown.cwd || !path)
		return path;
	full = *path == '/' ? xstrdup(path) :
	       xasprintf("%s/%s", shown.tree, path);
	name = full;
	if (!strncmp(full, shown.cwd, shown.ncwd) && full[shown.ncwd] == '/')
		name = full + shown.ncwd + 1;
	else if (!strcmp(full, shown.cwd))
		name = ".";
	name = strtab_intern(&shown.names, name);
	free(full);
	return name;
}
