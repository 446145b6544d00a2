/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The compiler's inline report for one object: the calls the inliner says
 * it did not inline, and why. A compiler's reader fills struct report;
 * GCC's (-fopt-info-inline-missed, on stderr) is report-gcc.c, and another
 * compiler's reader goes beside it, into the same struct, for check.c.
 */
#ifndef INLINE_REPORT_H
#define INLINE_REPORT_H

struct missed_call {
	char *caller;		/* "set_cpus_allowed_common.part.0" */
	char *callee;		/* as GCC names it: "cpumask_weight" */
	char *file;		/* call site; NULL when GCC gives none */
	unsigned int line, col;
	const char *reason;	/* "--param max-inline-insns-single ..." */
};

struct report {
	struct missed_call *calls;
	unsigned int nr, alloc;
	unsigned int lines;		/* lines read */
	unsigned int early;		/* "will not early inline": not final */
	unsigned int no_body;		/* callee without a body: not findings */
	unsigned int bad_line;		/* first line that is not GCC's */
	unsigned int bad;		/* how many such lines */
	int truncated;			/* no newline at the end */
};

/*
 * GCC's reader (report-gcc.c). Read a report. Returns 0, or -1 when the
 * file cannot be read. Lines that are not in GCC's format are counted, not fatal: the caller says
 * once that the report is damaged and uses what could be read.
 */
int report_read(const char *path, struct report *r);
/* The same, from memory: size bytes, no terminating NUL needed. */
void report_parse(const char *buf, size_t size, struct report *r);
void report_free(struct report *r);

/* The function a GCC clone comes from: "foo.constprop.0" -> "foo". */
void base_name(const char *name, char *out, unsigned int size);

#endif /* INLINE_REPORT_H */
