// SPDX-License-Identifier: GPL-2.0
/*
 * The findings file (findings.h): a first line that says what wrote it,
 * then one line per finding, its fields separated by tabs, in the order of
 * the field table below, which the writer and the reader share.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "elfread.h"
#include "findings.h"
#include "warn.h"

/* The first line (findings.h): the checker, when the build does not say */
#ifndef INLINE_CHECK_ID
#define INLINE_CHECK_ID	"unknown"
#endif

enum field_type {
	FT_CLASS,	/* class_names[] */
	FT_NAME,	/* a string of its own */
	FT_STR,		/* a string shared through the table */
	FT_OPT,		/* the same, or NULL, written "-" */
	FT_UINT,
	FT_ULONG,
	FT_ANNOT,	/* annot_name() */
	FT_INT,
	FT_LONG,
	FT_FIX,		/* a fix text of check.h, or NULL, written "-" */
	FT_SITES,	/* up to MAX_SITES, separated by spaces */
};

#define FIELD(type, member) { type, offsetof(struct object_finding, member) }

static const struct field {
	enum field_type type;
	size_t off;
} fields[] = {
	FIELD(FT_CLASS, f.cls),
	FIELD(FT_NAME, f.name),
	FIELD(FT_STR, f.file),
	FIELD(FT_UINT, f.line),
	FIELD(FT_UINT, f.col),
	FIELD(FT_ANNOT, f.annot),
	FIELD(FT_OPT, f.macro),
	FIELD(FT_ULONG, f.bytes),
	FIELD(FT_UINT, f.copies),
	FIELD(FT_INT, printed),
	FIELD(FT_OPT, f.reason),
	FIELD(FT_UINT, f.nsites),
	FIELD(FT_UINT, f.calls),
	FIELD(FT_UINT, f.places),
	FIELD(FT_UINT, f.in_pasted),
	FIELD(FT_LONG, f.forced),
	FIELD(FT_UINT, f.fix.line),
	FIELD(FT_UINT, f.fix.col),
	FIELD(FT_UINT, f.fix.end),
	FIELD(FT_FIX, f.fix.text),
	FIELD(FT_SITES, f.sites),
};

#define NR_FIELDS	ARRAY_SIZE(fields)

static void write_field(FILE *fp, const struct field *fd,
			const struct object_finding *e)
{
	const void *p = (const char *)e + fd->off;
	const char *const *sites = p;
	unsigned int i;

	switch (fd->type) {
	case FT_CLASS:
		fputs(class_names[*(const enum finding_class *)p], fp);
		break;
	case FT_NAME:
	case FT_STR:
		fputs(*(const char *const *)p, fp);
		break;
	case FT_OPT:
	case FT_FIX:
		fputs(*(const char *const *)p ? *(const char *const *)p : "-", fp);
		break;
	case FT_UINT:
		fprintf(fp, "%u", *(const unsigned int *)p);
		break;
	case FT_ULONG:
		fprintf(fp, "%lu", *(const unsigned long *)p);
		break;
	case FT_ANNOT:
		fputs(annot_name(*(const enum annot *)p), fp);
		break;
	case FT_INT:
		fprintf(fp, "%d", *(const int *)p);
		break;
	case FT_LONG:
		fprintf(fp, "%ld", *(const long *)p);
		break;
	case FT_SITES:
		for (i = 0; i < e->f.nsites && i < MAX_SITES; i++)
			fprintf(fp, "%s%s", i ? " " : "", sites[i]);
		break;
	}
}

int findings_write(const char *path, const char *obj,
		   const struct finding *f, unsigned int n,
		   const struct check_stats *st)
{
	static const char instead[] = "the summary leaves the object out";
	unsigned int i, k;
	char *tmp;
	FILE *fp;

	fp = replace_open(path, &tmp, instead);
	if (!fp)
		return -1;
	fprintf(fp, "%s\t%s\t%s\t%u\t%u\t%u\n",
		FINDINGS_MAGIC FINDINGS_FORMAT, INLINE_CHECK_ID, obj,
		st->functions, st->unknown, st->hints);
	for (i = 0; i < n; i++) {
		struct object_finding e = {
			.f = f[i],
			.obj = obj,
			.printed = !path_is_header(f[i].file),
		};

		for (k = 0; k < NR_FIELDS; k++) {
			write_field(fp, &fields[k], &e);
			fputc(k + 1 < NR_FIELDS ? '\t' : '\n', fp);
		}
	}
	return replace_close(fp, tmp, path, instead);
}

static int read_field(const struct field *fd, char *s, struct object_finding *e,
		      struct strtab *strs)
{
	void *p = (char *)e + fd->off;
	char **sites = p;
	unsigned int i;
	int c;

	switch (fd->type) {
	case FT_CLASS:
		for (c = 0; c < NR_CLASSES; c++)
			if (!strcmp(s, class_names[c]))
				break;
		*(enum finding_class *)p = c;
		return c == NR_CLASSES ? -1 : 0;
	case FT_NAME:
		*(char **)p = xstrdup(s);
		break;
	case FT_STR:
		*(const char **)p = strtab_intern(strs, s);
		break;
	case FT_OPT:
		*(const char **)p = strcmp(s, "-") ? strtab_intern(strs, s) : NULL;
		break;
	case FT_UINT:
		*(unsigned int *)p = strtoul(s, NULL, 10);
		break;
	case FT_ULONG:
		*(unsigned long *)p = strtoul(s, NULL, 10);
		break;
	case FT_ANNOT:
		for (c = A_ASM_INLINE; c > A_NONE; c--)
			if (!strcmp(s, annot_name(c)))
				break;
		*(enum annot *)p = c;
		break;
	case FT_INT:
		*(int *)p = atoi(s);
		break;
	case FT_LONG:
		*(long *)p = strtol(s, NULL, 10);
		break;
	case FT_FIX:
		if (!strcmp(s, "-")) {
			*(const char **)p = NULL;
			break;
		}
		*(const char **)p = fix_text(s);
		return *(const char **)p ? 0 : -1;
	case FT_SITES:
		s[strcspn(s, "\n")] = '\0';
		for (i = 0; i < MAX_SITES && *s; i++) {
			size_t n = strcspn(s, " ");

			sites[i] = xstrndup(s, n);
			s += n + (s[n] == ' ');
		}
		break;
	}
	return 0;
}

/* One line of findings; -1 when it is not one. */
static int parse_line(char *line, struct object_finding *e,
		      struct strtab *strs)
{
	char *field[NR_FIELDS], *p = line;
	unsigned int i;

	for (i = 0; i < NR_FIELDS; i++) {
		field[i] = p;
		p = i + 1 < NR_FIELDS ? strchr(p, '\t') : NULL;
		if (i + 1 < NR_FIELDS && !p)
			return -1;
		if (p)
			*p++ = '\0';
	}
	memset(e, 0, sizeof(*e));
	for (i = 0; i < NR_FIELDS; i++)
		if (read_field(&fields[i], field[i], e, strs)) {
			object_finding_free(e);
			return -1;
		}
	return 0;
}

void object_finding_free(struct object_finding *e)
{
	unsigned int i;

	free(e->f.name);
	for (i = 0; i < MAX_SITES; i++)
		free(e->f.sites[i]);
}

/* findings_read() of fp, which it closes */
static enum findings_status read_fp(FILE *fp, const char *obj,
				    struct strtab *strs,
				    struct object_finding **out,
				    unsigned int *nout, char *why, size_t whysize)
{
	static const char magic[] = FINDINGS_MAGIC FINDINGS_FORMAT "\t"
				    INLINE_CHECK_ID "\t";
	enum findings_status status = FINDINGS_READ;
	struct object_finding *e = NULL;
	unsigned int n = 0, lineno = 0, i;
	const char *objname = strtab_intern(strs, obj);
	char *line = NULL;
	size_t cap = 0;
	ssize_t len;

	why[0] = '\0';
	while (status == FINDINGS_READ &&
	       (len = getline(&line, &cap, fp)) > 0) {
		lineno++;
		if (line[len - 1] != '\n' || strlen(line) != (size_t)len) {
			snprintf(why, whysize, "truncated at line %u", lineno);
			status = FINDINGS_BAD;
		} else if (lineno == 1) {
			if (strncmp(line, FINDINGS_MAGIC, strlen(FINDINGS_MAGIC))) {
				snprintf(why, whysize, "not a findings file");
				status = FINDINGS_BAD;
			} else if (strncmp(line, magic, strlen(magic))) {
				snprintf(why, whysize, "written by another inline-check");
				status = FINDINGS_FOREIGN;
			}
		} else {
			e = xrealloc(e, (n + 1) * sizeof(*e));
			if (parse_line(line, &e[n], strs)) {
				snprintf(why, whysize, "damaged at line %u", lineno);
				status = FINDINGS_BAD;
			} else {
				e[n++].obj = objname;
			}
		}
	}
	if (!lineno && status == FINDINGS_READ) {
		snprintf(why, whysize, "empty");
		status = FINDINGS_BAD;
	}
	free(line);
	fclose(fp);
	if (status != FINDINGS_READ) {
		for (i = 0; i < n; i++)
			object_finding_free(&e[i]);
		free(e);
		return status;
	}
	*out = xrealloc(*out, (*nout + n) * sizeof(**out));
	memcpy(*out + *nout, e, n * sizeof(*e));
	*nout += n;
	free(e);
	return FINDINGS_READ;
}

enum findings_status findings_read(const char *path, const char *obj,
				   struct strtab *strs,
				   struct object_finding **out,
				   unsigned int *nout, char *why, size_t whysize)
{
	FILE *fp = fopen(path, "r");

	if (!fp) {
		snprintf(why, whysize, "cannot read: %s", strerror(errno));
		return FINDINGS_BAD;
	}
	return read_fp(fp, obj, strs, out, nout, why, whysize);
}

enum findings_status findings_parse(const char *buf, size_t size,
				    const char *obj, struct strtab *strs,
				    struct object_finding **out,
				    unsigned int *nout, char *why,
				    size_t whysize)
{
	FILE *fp = size ? fmemopen((void *)buf, size, "r") : NULL;

	if (!fp) {
		snprintf(why, whysize, "empty");
		return FINDINGS_BAD;
	}
	return read_fp(fp, obj, strs, out, nout, why, whysize);
}

enum findings_status findings_whose(const char *buf, const char *obj)
{
	static const char magic[] = FINDINGS_MAGIC FINDINGS_FORMAT "\t";
	const size_t mlen = sizeof(magic) - 1;
	const char *p = buf + mlen, *id = INLINE_CHECK_ID;
	size_t idlen = strlen(id), objlen = strlen(obj);

	if (strncmp(buf, magic, mlen))
		return FINDINGS_BAD;
	p += strcspn(p, "\t\n");
	if (*p != '\t')
		return FINDINGS_BAD;
	if (strncmp(p + 1, obj, objlen) || p[1 + objlen] != '\t') {
		/* ccache's base_dir makes absolute names relative */
		size_t n = strcspn(p + 1, "\t\n");
		char *name = xstrndup(p + 1, n);
		struct stat a, b;
		int same = !stat(name, &a) && !stat(obj, &b) &&
			   a.st_dev == b.st_dev && a.st_ino == b.st_ino;

		free(name);
		if (!same)
			return FINDINGS_BAD;
	}
	return p - buf == (ptrdiff_t)(mlen + idlen) &&
	       !strncmp(buf + mlen, id, idlen) ?
	       FINDINGS_READ : FINDINGS_FOREIGN;
}

void findings_put(const char *path, const char *bytes, size_t size,
		  const char *instead)
{
	char *tmp;
	FILE *fp = replace_open(path, &tmp, instead);

	if (fp) {
		fwrite(bytes, 1, size, fp);
		replace_close(fp, tmp, path, instead);
	}
}

/*
 * The section is the truth: the file is written from it when it differs,
 * unless the file is this checker's and the section another's (the
 * summary checked that object again: see read_or_recheck() in
 * summary.c).
 */
char *findings_restore(const char *obj, const char *instead)
{
	char *note = NULL, *buf = NULL, *path;
	size_t nsize, size = 0;
	ssize_t len;
	enum findings_status whose;

	if (object_get_note(obj, FINDINGS_SECTION, &note, &nsize))
		return NULL;
	whose = findings_whose(note, obj);
	if (whose == FINDINGS_BAD) {
		free(note);
		return NULL;
	}
	path = side_file(obj, FINDINGS_SUFFIX);
	len = read_file(path, &buf, &size);
	if (len >= 0)
		buf[len] = '\0';
	if ((len != (ssize_t)nsize || memcmp(buf, note, nsize)) &&
	    (whose == FINDINGS_READ || len < 0 ||
	     findings_whose(buf, obj) != FINDINGS_READ)) {
		findings_put(path, note, nsize, instead);
		/*
		 * A hit: the report beside the object, if any, is of another
		 * compile (ccache keeps no report: see wrap_compile()).
		 */
		if (whose == FINDINGS_READ) {
			char *report = side_file(obj, "inline-report");

			remove(report);
			free(report);
		}
	}
	free(buf);
	free(note);
	return path;
}
