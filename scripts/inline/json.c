// SPDX-License-Identifier: GPL-2.0
/*
 * inline-summary.json (json.h).
 */
#include <stdio.h>

#include "json.h"

static void json_str(FILE *fp, const char *s)
{
	fputc('"', fp);
	for (; s && *s; s++) {
		if (*s == '"' || *s == '\\')
			fprintf(fp, "\\%c", *s);
		else if ((unsigned char)*s < 0x20)
			fprintf(fp, "\\u%04x", *s);
		else
			fputc(*s, fp);
	}
	fputc('"', fp);
}

/* A string, or null. */
static void json_opt(FILE *fp, const char *s)
{
	if (s)
		json_str(fp, s);
	else
		fputs("null", fp);
}

/*
 * The calls in the object's code, of them those in the source (where
 * forcing pastes the body), whether the function that holds them was
 * pasted into its callers, and the text forcing would add.
 */
static void write_estimate(FILE *fp, const struct finding *f)
{
	fprintf(fp,
		", \"calls_in_code\": %u, \"calls_in_source\": %u, \"caller_pasted\": %s, \"forced\": %ld",
		f->calls, f->places, f->in_pasted ? "true" : "false",
		f->forced);
}

static void write_objects(FILE *fp, const struct summary *s,
			  const struct func_total *t)
{
	unsigned int j, k;

	for (j = 0; j < t->nobjs; j++) {
		const struct object_finding *e = &s->entries[t->first + j];

		fprintf(fp, "%s{\"object\": ", j ? ", " : "");
		json_str(fp, e->obj);
		fprintf(fp, ", \"bytes\": %lu, \"copies\": %u", e->f.bytes,
			e->f.copies);
		write_estimate(fp, &e->f);
		fputs(", \"calls\": [", fp);
		for (k = 0; k < e->f.nsites && k < MAX_SITES; k++) {
			if (k)
				fputs(", ", fp);
			json_str(fp, e->f.sites[k]);
		}
		fputs("]}", fp);
	}
}

/* The fix, as its fix-it line says it: byte columns, [column, end_column). */
static void write_fix(FILE *fp, const struct finding *f)
{
	fputs(", \"fix\": ", fp);
	if (!f->fix.line) {
		fputs("null", fp);
		return;
	}
	fprintf(fp, "{\"line\": %u, \"column\": %u, \"end_column\": %u, \"text\": ",
		f->fix.line, f->fix.col, f->fix.end);
	json_str(fp, f->fix.text);
	fputc('}', fp);
}

static void write_misuse(FILE *fp, const struct finding *f, int first)
{
	fprintf(fp, "%s\n    {\"name\": ", first ? "" : ",");
	json_str(fp, f->name);
	fprintf(fp, ", \"class\": \"%s\", \"file\": ", class_names[f->cls]);
	json_str(fp, f->file);
	fprintf(fp, ", \"line\": %u, \"column\": %u", f->line, f->col);
	write_fix(fp, f);
	fputc('}', fp);
}

int json_write(const char *path, const struct summary *s,
	       const struct finding *misuse, unsigned int nmisuse)
{
	static const char instead[] = "the summary is only printed";
	unsigned int i;
	char *tmp;
	FILE *fp;

	fp = replace_open(path, &tmp, instead);
	if (!fp)
		return -1;
	fprintf(fp, "{\n  \"version\": 1,\n  \"compiler\": \"%s\",\n",
		s->opts->cc == REPORT_CLANG ? "clang" : "gcc");
	fputs("  \"compiler_version\": ", fp);
	json_opt(fp, s->opts->cc_version);
	fprintf(fp, ",\n  \"objects_checked\": %u,\n", s->objects);
	fprintf(fp, "  \"functions\": [");
	for (i = 0; i < s->ntotals; i++) {
		const struct finding *f = &s->totals[i].f;

		fprintf(fp, "%s\n    {\"name\": ", i ? "," : "");
		json_str(fp, f->name);
		fprintf(fp, ", \"class\": \"%s\", \"file\": ",
			class_names[f->cls]);
		json_str(fp, f->file);
		fprintf(fp, ", \"line\": %u, \"column\": %u, \"annotation\": \"%s\", ",
			f->line, f->col, annot_name(f->annot));
		fprintf(fp, "\"macro\": ");
		json_opt(fp, f->macro);
		fprintf(fp, ", \"bytes\": %lu, \"copies\": %u", f->bytes,
			f->copies);
		write_estimate(fp, f);
		fputs(", \"reason\": ", fp);
		json_opt(fp, f->reason);
		write_fix(fp, f);
		fputs(", \"objects\": [", fp);
		write_objects(fp, s, &s->totals[i]);
		fputs("]}", fp);
	}
	fprintf(fp, "%s],\n  \"misuse\": [", s->ntotals ? "\n  " : "");
	for (i = 0; i < nmisuse; i++)
		write_misuse(fp, &misuse[i], i == 0);
	for (i = 0; i < s->nmisuse; i++)
		write_misuse(fp, &s->misuse[i], i + nmisuse == 0);
	fprintf(fp, "%s]\n}\n", nmisuse + s->nmisuse ? "\n  " : "");
	return replace_close(fp, tmp, path, instead);
}
