/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The compiler's inline report for one object: the calls the inliner says
 * it did not inline, and why. report.c reads the report and gives each
 * line to its compiler's reader, which fills struct report for check.c:
 * GCC's -fopt-info-inline-missed lines (report-gcc.c) and clang's
 * -Rpass-missed=inline remarks (report-clang.c). Both come on stderr.
 */
#ifndef INLINE_REPORT_H
#define INLINE_REPORT_H

#include <stddef.h>

struct missed_call {
	char *caller;		/* "set_cpus_allowed_common.part.0" */
	char *callee;		/* as the compiler names it: "cpumask_weight" */
	char *file;		/* call site; NULL when the compiler gives none */
	unsigned int line, col;
	/* "--param max-inline-insns-single limit reached" (GCC),
	 * "too costly to inline (cost=380, threshold=225)" (clang)
	 */
	const char *reason;
};

enum report_cc {
	REPORT_GCC,
	REPORT_CLANG,
	NR_REPORT_CC,
};

/* "GCC", "clang": as the messages name the compiler. */
extern const char *const report_cc_names[NR_REPORT_CC];

struct report {
	struct missed_call *calls;
	unsigned int nr, alloc;
	unsigned int lines;		/* lines read */
	unsigned int cc_lines[NR_REPORT_CC];	/* lines of each compiler */
	/*
	 * GCC's "will not early inline" edges, caller and callee as GCC
	 * names them (no place, no reason): the functions the calls are
	 * written in, before any was pasted into another.
	 */
	struct missed_call *early_calls;
	unsigned int nearly, early_alloc;
	unsigned int no_body;		/* callee without a body: not findings */
	unsigned int bad_line;		/* first line no reader knows */
	unsigned int bad;		/* how many such lines */
	int truncated;			/* no newline at the end */
	unsigned int last_call_line;	/* the line of calls[nr - 1] */
};

/*
 * Read a report. Returns 0, or -1 when the file cannot be read. Lines that
 * are in no compiler's format are counted, not fatal: the caller says once
 * that the report is damaged and uses what could be read.
 */
int report_read(const char *path, struct report *r);
/* The same, from memory: size bytes, no terminating NUL needed. */
void report_parse(const char *buf, size_t size, struct report *r);
void report_free(struct report *r);

/* The compiler whose lines the report holds; dflt when it holds none. */
enum report_cc report_cc(const struct report *r, enum report_cc dflt);

/* The function a clone comes from: "foo.constprop.0" -> "foo". */
void base_name(const char *name, char *out, unsigned int size);

/*
 * For the readers (report-*.c). A line is [line, end), without its
 * newline, and no NUL in it; it is not a C string.
 */
void report_parse_gcc(struct report *r, const char *line, const char *end);
void report_parse_clang(struct report *r, const char *line, const char *end);
/* Does the line look like one of clang's, rather than GCC's? */
int report_line_is_clang(const char *line, const char *end);

int report_starts_with(const char *line, const char *end, const char *s);
const char *report_intern(const char *s, size_t n);
/* "FILE:LINE:COL: " before kind; 0 when there is none, -1 when damaged. */
int report_location(const char *line, const char *kind,
		    struct missed_call *c);
void report_add(struct report *r, struct missed_call *c);
void report_add_early(struct report *r, struct missed_call *c);
void report_bad_line(struct report *r);

#endif /* INLINE_REPORT_H */
