// SPDX-License-Identifier: GPL-2.0
/*
 * GCC's report reader (report.h): its -fopt-info-inline-missed output.
 *
 *   FILE:LINE:COL: missed:   not inlinable: CALLER/N -> CALLEE/M, REASON
 *   missed:   not inlinable: CALLER/N -> CALLEE/M, REASON
 *   FILE:LINE:COL: missed:   will not early inline: CALLER/N->CALLEE/M, ...
 *
 * /N is the symbol-table order and is dropped. Only the "not inlinable"
 * lines of callees that have a body are calls: "will not early inline" is
 * the early inliner, whose refusal the IPA inliner may overturn, and a
 * callee without a body (an extern, a builtin) is no finding. The early
 * inliner's edges are kept apart, for the callers they name.
 * Reasons come from gcc/cif-code.def; they are kept as GCC wrote them.
 */
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>

#include "report.h"
#include "util.h"
#include "warn.h"

#define NOT_INLINABLE	"not inlinable: "
#define EARLY		"will not early inline: "
#define NO_BODY		"function body not available"

/*
 * "CALLER/N -> CALLEE/M, REASON" (arrow " -> "), or the early inliner's
 * "CALLER/N->CALLEE/M, REASON" (arrow "->"): caller and callee in c.
 * Returns the reason, or NULL when the line is damaged.
 */
static const char *parse_edge(const char *s, const char *end,
			      const char *arrow_str, struct missed_call *c)
{
	size_t arrow_len = strlen(arrow_str);
	const char *slash, *arrow, *comma, *callee, *cslash;

	arrow = memmem(s, end - s, arrow_str, arrow_len);
	if (!arrow)
		return NULL;
	slash = memrchr(s, '/', arrow - s);
	if (!slash || slash == s)
		return NULL;
	callee = arrow + arrow_len;
	comma = memmem(callee, end - callee, ", ", 2);
	if (!comma)
		return NULL;
	cslash = memrchr(callee, '/', comma - callee);
	if (!cslash || cslash == callee || comma + 2 >= end)
		return NULL;
	c->caller = xstrndup(s, slash - s);
	c->callee = xstrndup(callee, cslash - callee);
	return comma + 2;
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
		if (report_starts_with(line, end, starts[i]))
			return 1;
	return memmem(line, end - line, ": missed: ", 10) ||
	       memmem(line, end - line, ": optimized: ", 13) ||
	       memmem(line, end - line, ": note: ", 8);
}

void report_parse_gcc(struct report *r, const char *line, const char *end)
{
	struct missed_call c = { 0 };
	const char *ni;

	/* the bulk of a kernel report: externs and builtins */
	if (end - line > (long)sizeof(NO_BODY) &&
	    !memcmp(end - sizeof(NO_BODY) + 1, NO_BODY, sizeof(NO_BODY) - 1)) {
		r->no_body++;
		r->cc_lines[REPORT_GCC]++;
		return;
	}
	ni = memmem(line, end - line, NOT_INLINABLE, sizeof(NOT_INLINABLE) - 1);
	if (!ni) {
		ni = memmem(line, end - line, EARLY, sizeof(EARLY) - 1);
		if (ni) {
			/* the edge, for the caller it names (check.c) */
			if (parse_edge(ni + sizeof(EARLY) - 1, end, "->", &c))
				report_add_early(r, &c);
		} else if (!known_shape(line, end)) {
			report_bad_line(r);
			return;
		}
		r->cc_lines[REPORT_GCC] += line != end;
		return;
	}
	{
		const char *kind = memmem(line, ni - line, "missed:", 7);
		const char *reason = NULL;

		if (kind && report_location(line, kind, &c) >= 0)
			reason = parse_edge(ni + sizeof(NOT_INLINABLE) - 1, end,
					    " -> ", &c);
		if (!reason) {
			free(c.file);
			report_bad_line(r);
			return;
		}
		c.reason = report_intern(reason, end - reason);
	}
	r->cc_lines[REPORT_GCC]++;
	report_add(r, &c);
}
