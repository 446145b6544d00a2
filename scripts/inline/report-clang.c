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
 *   ... 'CALLEE' is not AlwaysInline into 'CALLER': REASON
 *
 * (one line each; the same words in LLVM 14 to 17, in
 * llvm/lib/Analysis/InlineAdvisor.cpp). The location is the call site, as
 * with GCC, unless a note "could not determine the original source
 * location" stands beside it: the remark is then at the caller's
 * definition. "will not be inlined into" is the older wording. The
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
#define NOTE		"note: "
#define NO_LOCATION	"could not determine the original source location"

int report_line_is_clang(const char *line, const char *end)
{
	return memmem(line, end - line, ": " REMARK, sizeof(REMARK) + 1) ||
	       memmem(line, end - line, ": " NOTE NO_LOCATION,
		      sizeof(NOTE NO_LOCATION) + 1) ||
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

/*
 * A remark whose call has no location in the debug information stands at
 * the caller's definition instead, and clang says so in a note, once
 * before the remark and once after it, both at the remark's place: the
 * call site of the remark just read at that place is unknown.
 */
static void no_location(struct report *r, const char *line, const char *kind)
{
	struct missed_call n = { 0 }, *c;

	if (!r->nr || r->last_call_line != r->lines - 1)
		return;
	c = &r->calls[r->nr - 1];
	if (!c->file || report_location(line, kind, &n) < 0 || !n.file)
		goto out;
	if (!strcmp(n.file, c->file) && n.line == c->line && n.col == c->col) {
		free(c->file);
		c->file = NULL;
		c->line = c->col = 0;
	}
out:
	free(n.file);
}

/* "'CALLEE' not inlined into 'CALLER' because REASON" and its kin */
static int parse_message(const char *s, const char *end, struct missed_call *c)
{
	static const char *const verbs[] = {
		" not inlined into ", " is not inlined into ",
		" is not AlwaysInline into ", " will not be inlined into ",
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
	kind = memmem(line, end - line, ": " NOTE, sizeof(NOTE) + 1);
	if (kind) {
		r->cc_lines[REPORT_CLANG]++;
		if (memmem(line, end - line, NO_LOCATION, sizeof(NO_LOCATION) - 1))
			no_location(r, line, kind + 2);
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
	/* unquoted names here; clang shows it only with profile hotness */
	if (end - kind > (long)sizeof(NO_DEFINITION) &&
	    !memcmp(end - (sizeof(NO_DEFINITION) - 1), NO_DEFINITION,
		    sizeof(NO_DEFINITION) - 1)) {
		r->cc_lines[REPORT_CLANG]++;
		r->no_body++;
		return;
	}
	if (report_location(line, kind, &c) < 0 ||
	    parse_message(kind + sizeof(REMARK) - 1, end, &c) < 0)
		goto bad;
	r->cc_lines[REPORT_CLANG]++;
	report_add(r, &c);
	r->last_call_line = r->lines;
	return;
bad:
	free(c.file);
	free(c.caller);
	free(c.callee);
	report_bad_line(r);
}
