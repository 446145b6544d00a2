// SPDX-License-Identifier: GPL-2.0
/*
 * GCC's report reader (report.h): its -fopt-info-inline-missed output.
 *
 *   FILE:LINE:COL: missed:   not inlinable: CALLER/N -> CALLEE/M, REASON
 *   missed:   not inlinable: CALLER/N -> CALLEE/M, REASON
 *   FILE:LINE:COL: missed:   will not early inline: CALLER/N->CALLEE/M, ...
 *
 * /N is the symbol-table order and is dropped. Only the "not inlinable"
 * lines of callees that have a body are kept: "will not early inline" is
 * the early inliner, whose refusal the IPA inliner may overturn, and a
 * callee without a body (an extern, a builtin) is no finding.
 * Reasons come from gcc/cif-code.def; they are kept as GCC wrote them.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "report.h"
#include "util.h"
#include "warn.h"

#define NOT_INLINABLE	"not inlinable: "
#define EARLY		"will not early inline: "
#define NO_BODY		"function body not available"

void base_name(const char *name, char *out, unsigned int size)
{
	size_t n = strcspn(name, "./");

	if (n >= size)
		n = size - 1;
	memcpy(out, name, n);
	out[n] = '\0';
}

/* The interned reasons: a handful per report, shared by every call. */
static const char *intern(const char *s, size_t n)
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

/* "FILE:LINE:COL: " before the kind; returns 0 when there is none. */
static int parse_location(const char *line, const char *kind,
			  struct missed_call *c)
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
	if (c->file)
		path_normalize(c->file);
	return 0;
}

/* "CALLER/N -> CALLEE/M, REASON" */
static int parse_edge(const char *s, const char *end, struct missed_call *c)
{
	const char *slash, *arrow, *comma, *callee, *cslash;

	arrow = memmem(s, end - s, " -> ", 4);
	if (!arrow)
		return -1;
	slash = memrchr(s, '/', arrow - s);
	if (!slash || slash == s)
		return -1;
	callee = arrow + 4;
	comma = memmem(callee, end - callee, ", ", 2);
	if (!comma)
		return -1;
	cslash = memrchr(callee, '/', comma - callee);
	if (!cslash || cslash == callee || comma + 2 >= end)
		return -1;
	c->caller = xstrndup(s, slash - s);
	c->callee = xstrndup(callee, cslash - callee);
	c->reason = intern(comma + 2, end - comma - 2);
	return 0;
}

/* Does [line, end) start with s? The line is not a C string. */
static int starts_with(const char *line, const char *end, const char *s)
{
	size_t n = strlen(s);

	return (size_t)(end - line) >= n && !memcmp(line, s, n);
}

static int known_shape(const char *line, const char *end)
{
	static const char *const starts[] = {
		"Unit growth for small function inlining",
		"Inlined ", "missed: ", "optimized: ", "note: ",
	};
	unsigned int i;

	if (line == end)
		return 1;
	for (i = 0; i < ARRAY_SIZE(starts); i++)
		if (starts_with(line, end, starts[i]))
			return 1;
	return memmem(line, end - line, ": missed: ", 10) ||
	       memmem(line, end - line, ": optimized: ", 13) ||
	       memmem(line, end - line, ": note: ", 8);
}

static void bad_line(struct report *r)
{
	if (!r->bad++)
		r->bad_line = r->lines;
}

static void add_call(struct report *r, struct missed_call *c)
{
	if (r->nr == r->alloc) {
		r->alloc = r->alloc ? 2 * r->alloc : 64;
		r->calls = xrealloc(r->calls, r->alloc * sizeof(*r->calls));
	}
	r->calls[r->nr++] = *c;
}

static void parse_line(struct report *r, const char *line, const char *end)
{
	struct missed_call c = { 0 };
	const char *ni;

	/* the bulk of a kernel report: externs and builtins */
	if (end - line > (long)sizeof(NO_BODY) &&
	    !memcmp(end - sizeof(NO_BODY) + 1, NO_BODY, sizeof(NO_BODY) - 1)) {
		r->no_body++;
		return;
	}
	ni = memmem(line, end - line, NOT_INLINABLE, sizeof(NOT_INLINABLE) - 1);
	if (!ni) {
		if (memmem(line, end - line, EARLY, sizeof(EARLY) - 1))
			r->early++;
		else if (!known_shape(line, end))
			bad_line(r);
		return;
	}
	{
		const char *kind = memmem(line, ni - line, "missed:", 7);

		if (!kind || parse_location(line, kind, &c) < 0 ||
		    parse_edge(ni + sizeof(NOT_INLINABLE) - 1, end, &c) < 0) {
			free(c.file);
			bad_line(r);
			return;
		}
	}
	add_call(r, &c);
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
			bad_line(r);
		else
			parse_line(r, p, eol);
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
	memset(r, 0, sizeof(*r));
}
