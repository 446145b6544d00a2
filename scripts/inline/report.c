// SPDX-License-Identifier: GPL-2.0
/*
 * The compiler's inline report (report.h): read whole, cut into lines, and
 * each line given to the reader of the compiler that wrote it. What the
 * readers share is here: the "FILE:LINE:COL: " of a diagnostic, which GCC
 * and clang write alike, the interned reasons and the list of calls.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "report.h"
#include "util.h"

const char *const report_cc_names[NR_REPORT_CC] = {
	[REPORT_GCC]	= "GCC",
	[REPORT_CLANG]	= "clang",
};

void base_name(const char *name, char *out, unsigned int size)
{
	size_t n = strcspn(name, "./");

	if (n >= size)
		n = size - 1;
	memcpy(out, name, n);
	out[n] = '\0';
}

int report_starts_with(const char *line, const char *end, const char *s)
{
	size_t n = strlen(s);

	return (size_t)(end - line) >= n && !memcmp(line, s, n);
}

/* The interned reasons: a handful per report, shared by every call. */
const char *report_intern(const char *s, size_t n)
{
	static char **tab;
	static unsigned int nr;
	unsigned int i;

	for (i = 0; i < nr; i++)
		if (!strncmp(tab[i], s, n) && !tab[i][n])
			return tab[i];
	tab = xrealloc(tab, (nr + 1) * sizeof(*tab));
	tab[nr] = xstrndup(s, n);
	return tab[nr++];
}

int report_location(const char *line, const char *kind, struct missed_call *c)
{
	const char *p = kind - 2, *colon2, *colon1;
	char *end;

	if (kind - line < 6 || p[0] != ':' || p[1] != ' ')
		return 0;
	for (colon2 = p - 1; colon2 > line && *colon2 != ':'; colon2--)
		;
	for (colon1 = colon2 - 1; colon1 > line && *colon1 != ':'; colon1--)
		;
	if (colon1 <= line)
		return -1;
	c->line = strtoul(colon1 + 1, &end, 10);
	if (end != colon2 || !c->line)
		return -1;
	c->col = strtoul(colon2 + 1, &end, 10);
	if (end != p)
		return -1;
	c->file = xstrndup(line, colon1 - line);
	path_normalize(c->file);
	return 0;
}

void report_bad_line(struct report *r)
{
	if (!r->bad++)
		r->bad_line = r->lines;
}

static void calls_add(struct missed_call **calls, unsigned int *nr,
		      unsigned int *alloc, const struct missed_call *c)
{
	if (*nr == *alloc) {
		*alloc = *alloc ? 2 * *alloc : 64;
		*calls = xrealloc(*calls, *alloc * sizeof(**calls));
	}
	(*calls)[(*nr)++] = *c;
}

void report_add(struct report *r, struct missed_call *c)
{
	calls_add(&r->calls, &r->nr, &r->alloc, c);
}

void report_add_early(struct report *r, struct missed_call *c)
{
	calls_add(&r->early_calls, &r->nearly, &r->early_alloc, c);
}

enum report_cc report_cc(const struct report *r, enum report_cc dflt)
{
	if (r->cc_lines[REPORT_CLANG] > r->cc_lines[REPORT_GCC])
		return REPORT_CLANG;
	if (r->cc_lines[REPORT_GCC])
		return REPORT_GCC;
	return dflt;
}

void report_parse(const char *buf, size_t size, struct report *r)
{
	const char *p = buf, *end = buf + size;

	memset(r, 0, sizeof(*r));
	r->truncated = size && buf[size - 1] != '\n';
	while (p < end) {
		const char *nl = memchr(p, '\n', end - p);
		const char *eol = nl ? nl : end;

		r->lines++;
		/* a last line without its newline may be cut anywhere */
		if (!nl || memchr(p, '\0', eol - p))
			report_bad_line(r);
		else if (report_line_is_clang(p, eol))
			report_parse_clang(r, p, eol);
		else
			report_parse_gcc(r, p, eol);
		p = eol + 1;
	}
}

int report_read(const char *path, struct report *r)
{
	struct stat st;
	char *buf;
	size_t done = 0;
	ssize_t got;
	int fd = open(path, O_RDONLY);

	memset(r, 0, sizeof(*r));
	if (fd < 0 || fstat(fd, &st) < 0) {
		if (fd >= 0)
			close(fd);
		return -1;
	}
	buf = xmalloc(st.st_size ? st.st_size : 1);
	while (done < (size_t)st.st_size) {
		got = read(fd, buf + done, st.st_size - done);
		if (got <= 0)
			break;
		done += got;
	}
	close(fd);
	report_parse(buf, done, r);
	free(buf);
	return 0;
}

void report_free(struct report *r)
{
	unsigned int i;

	for (i = 0; i < r->nr; i++) {
		free(r->calls[i].caller);
		free(r->calls[i].callee);
		free(r->calls[i].file);
	}
	free(r->calls);
	for (i = 0; i < r->nearly; i++) {
		free(r->early_calls[i].caller);
		free(r->early_calls[i].callee);
	}
	free(r->early_calls);
	memset(r, 0, sizeof(*r));
}
