/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The per-object findings file, dir/.name.o.inline-findings: what the
 * object's check found, for the summary. Findings of functions defined
 * outside headers were printed by the object's own step and are only
 * ranked by the summary; header functions are printed by it, once.
 */
#ifndef INLINE_FINDINGS_H
#define INLINE_FINDINGS_H

#include <stddef.h>

#include "check.h"
#include "util.h"

#define FINDINGS_SUFFIX	"inline-findings"

/*
 * The first line says what wrote the file: the format, and the checker,
 * by a hash of its sources (scripts/inline/Makefile). The summary reads
 * only what this very checker wrote.
 */
#define FINDINGS_MAGIC	"# inline-check findings "
#define FINDINGS_FORMAT	"v6"

/* One finding of one object, as the summary reads it back. */
struct object_finding {
	struct finding f;
	const char *obj;	/* interned */
	int printed;		/* by the object's own step: not a header's */
};

/* Write the findings of obj. Returns 0, or -1 when it could not. */
int findings_write(const char *path, const char *obj,
		   const struct finding *f, unsigned int n,
		   const struct check_stats *st);

enum findings_status {
	FINDINGS_READ,
	FINDINGS_FOREIGN,	/* written by another inline-check */
	FINDINGS_BAD,		/* missing, damaged, cut short: see why */
};

/*
 * Read the findings file of obj, whole or not at all: on FINDINGS_READ
 * its findings are appended to *out (*n of them), with their strings in
 * strs; otherwise nothing is, and why[] says what is wrong.
 */
enum findings_status findings_read(const char *path, const char *obj,
				   struct strtab *strs,
				   struct object_finding **out,
				   unsigned int *n, char *why, size_t whysize);

void object_finding_free(struct object_finding *e);

/*
 * Under ccache, the findings travel in the object too (elfread.h), in
 * this section, as the findings file's bytes. findings_whose() says
 * whose the bytes of such a file are: FINDINGS_READ when this checker
 * wrote them for obj, FINDINGS_FOREIGN when another checker did, and
 * FINDINGS_BAD when they are not findings of obj (ld -r of several
 * objects puts theirs end to end, the first one's first).
 */
#define FINDINGS_SECTION ".discard.inline_findings"

enum findings_status findings_whose(const char *buf, const char *obj);

/*
 * findings_read() of the bytes of such a section, buf (size of them).
 */
enum findings_status findings_parse(const char *buf, size_t size,
				    const char *obj, struct strtab *strs,
				    struct object_finding **out,
				    unsigned int *n, char *why, size_t whysize);

/*
 * Under ccache (wrap_compile() in inline-check.c) a hit brings the object
 * and no findings file, or leaves one of another compile beside it:
 * obj's findings file is written from the section when it differs (and a
 * report beside obj, of another compile, removed). instead: what follows
 * when it cannot be written. Returns the findings file's path, or NULL
 * when obj holds no findings of its own (built without ccache, or ld -r
 * of several objects).
 */
char *findings_restore(const char *obj, const char *instead);

/*
 * The findings file path made of size bytes (a section's), written whole
 * or not at all; instead: what follows when it cannot be written.
 */
void findings_put(const char *path, const char *bytes, size_t size,
		  const char *instead);

#endif /* INLINE_FINDINGS_H */
