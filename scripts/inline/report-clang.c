// SPDX-License-Identifier: GPL-2.0
/*
 * clang's report reader (report.h): its -Rpass-missed=inline remarks, as
 * Kbuild keeps them from the compile's stderr (the remark lines alone,
 * without their source snippet and colours).
 *
 *   FILE:LINE:COL: remark: 'CALLEE' not inlined into 'CALLER' because
 *	too costly to inline (cost=N, threshold=M) [-Rpass-missed=inline]
 *   ... because it should never be inlined (cost=never): REASON [...]
 *   FILE:LINE:COL: remark: 'CALLEE' is not inlined into 'CALLER': REASON
 *
 * (one line each). The location is the call site, as with GCC. LLVM has
 * said "will not be inlined into" and "is not inlined into" in different
 * versions (llvm/lib/Analysis/InlineAdvisor.cpp); both are read. The
 * reason is kept as clang wrote it, with its cost and threshold. A callee
 * whose definition is unavailable (an extern) is no finding.
 */
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>

#include "report.h"
#include "util.h"
#include "warn.h"

#define REMARK		"remark: "
#define FLAG		" [-Rpass-missed=inline]"
#define NO_DEFINITION	"its definition is unavailable"

int report_line_is_clang(const char *line, const char *end)
{
	return memmem(line, end - line, ": " REMARK, sizeof(REMARK) + 1) ||
	       report_starts_with(line, end, REMARK) ||
	       report_starts_with(line, end, "In file included from ");
}

/* 'NAME' at s; returns what follows the closing quote, or NULL. */
static const char *quoted(const char *s, const char *end, char **name)
{
	const char *q;

	if (s >= end || *s != '\'')
		return NULL;
	q = memchr(s + 1, '\'', end - s - 1);
	if (!q || q == s + 1)
		return NULL;
	*name = xstrndup(s + 1, q - s - 1);
	return q + 1;
}

/* "'CALLEE' not inlined into 'CALLER' because REASON" and its kin */
static int parse_message(const char *s, const char *end, struct missed_call *c)
{
	static const char *const verbs[] = {
		" not inlined into ", " is not inlined into ",
		" will not be inlined into ",
	};
	const char *p = quoted(s, end, &c->callee);
	unsigned int i;

	if (!p)
		return -1;
	for (i = 0; i < ARRAY_SIZE(verbs); i++)
		if (report_starts_with(p, end, verbs[i]))
			break;
	if (i == ARRAY_SIZE(verbs))
		return -1;
	p = quoted(p + strlen(verbs[i]), end, &c->caller);
	if (!p)
		return -1;
	if (report_starts_with(p, end, " because "))
		p += strlen(" because ");
	else if (report_starts_with(p, end, ": "))
		p += 2;
	else
		return -1;
	if (p >= end)
		return -1;
	c->reason = report_intern(p, end - p);
	return 0;
}

void report_parse_clang(struct report *r, const char *line, const char *end)
{
	struct missed_call c = { 0 };
	const char *kind;

	if (report_starts_with(line, end, "In file included from ")) {
		r->cc_lines[REPORT_CLANG]++;
		return;
	}
	kind = memmem(line, end - line, ": " REMARK, sizeof(REMARK) + 1);
	if (kind)
		kind += 2;
	else if (report_starts_with(line, end, REMARK))
		kind = line;
	else
		goto bad;
	if (end - kind < (long)(sizeof(REMARK) + sizeof(FLAG)) ||
	    memcmp(end - (sizeof(FLAG) - 1), FLAG, sizeof(FLAG) - 1))
		goto bad;
	end -= sizeof(FLAG) - 1;
	if (report_location(line, kind, &c) < 0 ||
	    parse_message(kind + sizeof(REMARK) - 1, end, &c) < 0)
		goto bad;
	r->cc_lines[REPORT_CLANG]++;
	if (!strcmp(c.reason, NO_DEFINITION)) {
		r->no_body++;
		free(c.file);
		free(c.caller);
		free(c.callee);
		return;
	}
	report_add(r, &c);
	return;
bad:
	free(c.file);
	free(c.caller);
	free(c.callee);
	report_bad_line(r);
}
