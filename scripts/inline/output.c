// SPDX-License-Identifier: GPL-2.0
/*
 * The output: diagnostics in GCC's form, so that editors, 'make 2>&1 |
 * grep' and CI bots read them like the compiler's own:
 *
 *   FILE:LINE:COL: warning: MESSAGE [class]
 *
 * and the summary: one diagnostic per header function however many
 * objects hold a copy of it, then the functions ranked by the bytes their
 * copies cost, and the same as JSON.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <ftw.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "output.h"
#include "util.h"
#include "warn.h"

/*
 * The first line of a findings file says what wrote it: the format, and
 * the checker, by a hash of its sources (scripts/inline/Makefile). The
 * summary reads only what this very checker wrote.
 */
#define FINDINGS_MAGIC	"# inline-check findings "
#define FINDINGS_FORMAT	"v2"
#ifndef INLINE_CHECK_ID
#define INLINE_CHECK_ID	"unknown"
#endif

static void print_sites(FILE *fp, const struct finding *f)
{
	unsigned int i, shown = f->nsites < 3 ? f->nsites : 3;

	if (!f->nsites)
		return;
	fputs("; called from ", fp);
	for (i = 0; i < shown; i++)
		fprintf(fp, "%s%s", i ? ", " : "", f->sites[i]);
	if (f->nsites > shown)
		fprintf(fp, " and %u more", f->nsites - shown);
}

void print_finding(FILE *fp, const struct finding *f, const char *objs,
		   unsigned int nobjs, unsigned int others)
{
	const char *kind = f->cls == ADDRESS_TAKEN ||
			   f->cls == EXTERNAL_INLINE ? "note" : "warning";
	char where[4096];

	if (nobjs <= 1)
		snprintf(where, sizeof(where), "an out-of-line copy in %s (%lu bytes",
			 objs, f->bytes);
	else if (others)
		snprintf(where, sizeof(where),
			 "out-of-line copies in %u objects (%lu bytes, the largest in %s",
			 nobjs, f->bytes, objs);
	else
		snprintf(where, sizeof(where),
			 "out-of-line copies in %u objects (%lu bytes: %s",
			 nobjs, f->bytes, objs);

	fprintf(fp, "%s:%u:%u: %s: '%s'", f->file, f->line, f->col, kind,
		f->name);
	if (others)
		fprintf(fp, " and %u other function%s", others,
			others > 1 ? "s" : "");
	if (f->macro)
		fprintf(fp, " (from macro %s)", f->macro);
	switch (f->cls) {
	case INLINE_NOT_INLINED:
	case ASM_WRAPPER:
		fprintf(fp, " %s inline but %s %s",
			f->cls == ASM_WRAPPER ? "wraps an asm statement, is declared" :
			others ? "are declared" : "is declared",
			others ? "have" : "has", where);
		print_sites(fp, f);
		fprintf(fp, "): %s", f->reason ? f->reason :
			"no call to it is left in GCC's inline report");
		if (f->cls == ASM_WRAPPER)
			fputs("; mark it __asm_inline", fp);
		break;
	case ADDRESS_TAKEN:
		fprintf(fp, " %s declared %s; %s %s) because %s address is taken",
			others ? "are" : "is", annot_name(f->annot),
			others ? "they have" : "it has", where,
			others ? "their" : "its");
		break;
	case EXTERNAL_INLINE:
		fprintf(fp, " is declared inline without static; GCC emits %s) %s",
			where, "for the callers in other files");
		break;
	case ASM_INLINE_NO_ASM:
		fputs(" is marked __asm_inline but its body has no asm statement;",
		      fp);
		fputs(" use __always_inline or inline", fp);
		break;
	default:
		break;
	}
	fprintf(fp, " [%s]\n", class_names[f->cls]);
}

/* ------------------------------------------------------------------ */
/* The findings file */

int findings_write(const char *path, const char *obj,
		   const struct finding *f, unsigned int n,
		   const struct check_stats *st)
{
	char *tmp;
	unsigned int i, j;
	FILE *fp;

	fp = replace_open(path, &tmp, "the summary leaves the object out");
	if (!fp)
		return -1;
	fprintf(fp, "%s\t%s\t%s\t%u\t%u\t%u\n",
		FINDINGS_MAGIC FINDINGS_FORMAT, INLINE_CHECK_ID, obj,
		st->functions, st->unknown, st->hints);
	for (i = 0; i < n; i++) {
		fprintf(fp, "%s\t%s\t%s\t%u\t%u\t%s\t%s\t%lu\t%u\t%d\t%s\t%u\t",
			class_names[f[i].cls], f[i].name, f[i].file, f[i].line,
			f[i].col, annot_name(f[i].annot),
			f[i].macro ? f[i].macro : "-", f[i].bytes, f[i].copies,
			!path_is_header(f[i].file),
			f[i].reason ? f[i].reason : "-", f[i].nsites);
		for (j = 0; j < f[i].nsites && j < MAX_SITES; j++)
			fprintf(fp, "%s%s", j ? " " : "", f[i].sites[j]);
		fputc('\n', fp);
	}
	return replace_close(fp, tmp, path,
			     "the summary leaves the object out");
}

/* ------------------------------------------------------------------ */
/* The summary */

struct entry {			/* one finding of one object */
	struct finding f;
	char *obj;
	int printed;
};

struct collect {
	struct entry *e;
	unsigned int nr, alloc;
	struct finding *misuse;		/* of functions, not of copies */
	unsigned int nmisuse;
	unsigned int objects, stale;
	unsigned int foreign;		/* findings of another checker */
	char *first_foreign;
};

static struct collect coll;
static const struct summary_opts *sopts;	/* NULL: only collect */

static enum finding_class class_of(const char *s)
{
	int c;

	for (c = 0; c < NR_CLASSES; c++)
		if (!strcmp(s, class_names[c]))
			return c;
	return NR_CLASSES;
}

static enum annot annot_of(const char *s)
{
	int a;

	for (a = A_NONE; a <= A_ASM_INLINE; a++)
		if (!strcmp(s, annot_name(a)))
			return a;
	return A_NONE;
}

static char *intern_str(const char *s)
{
	static char **tab;
	static unsigned int nr, alloc;
	unsigned int i;

	for (i = nr; i-- > 0;)
		if (!strcmp(tab[i], s))
			return tab[i];
	if (nr == alloc) {
		alloc = alloc ? 2 * alloc : 256;
		tab = xrealloc(tab, alloc * sizeof(*tab));
	}
	tab[nr] = xstrdup(s);
	return tab[nr++];
}

static int parse_findings_line(char *line, struct entry *e, char *obj)
{
	char *field[13], *p = line, *sites;
	int i;

	for (i = 0; i < 13; i++) {
		field[i] = p;
		p = i < 12 ? strchr(p, '\t') : NULL;
		if (i < 12 && !p)
			return -1;
		if (p)
			*p++ = '\0';
	}
	memset(e, 0, sizeof(*e));
	e->f.cls = class_of(field[0]);
	if (e->f.cls == NR_CLASSES)
		return -1;
	e->f.name = xstrdup(field[1]);
	e->f.file = intern_str(field[2]);
	e->f.line = strtoul(field[3], NULL, 10);
	e->f.col = strtoul(field[4], NULL, 10);
	e->f.annot = annot_of(field[5]);
	e->f.macro = strcmp(field[6], "-") ? intern_str(field[6]) : NULL;
	e->f.bytes = strtoul(field[7], NULL, 10);
	e->f.copies = strtoul(field[8], NULL, 10);
	e->printed = atoi(field[9]);
	e->f.reason = strcmp(field[10], "-") ? intern_str(field[10]) : NULL;
	e->f.nsites = strtoul(field[11], NULL, 10);
	sites = field[12];
	sites[strcspn(sites, "\n")] = '\0';
	for (i = 0; i < MAX_SITES && *sites; i++) {
		size_t n = strcspn(sites, " ");

		e->f.sites[i] = xstrndup(sites, n);
		sites += n + (sites[n] == ' ');
	}
	e->obj = obj;
	return 0;
}

/* A misuse is reported by every object that reads the definition. */
static void add_misuse(struct finding *f)
{
	unsigned int i;

	for (i = 0; i < coll.nmisuse; i++)
		if (coll.misuse[i].file == f->file &&
		    coll.misuse[i].line == f->line) {
			free(f->name);
			return;
		}
	coll.misuse = xrealloc(coll.misuse,
			      (coll.nmisuse + 1) * sizeof(*coll.misuse));
	coll.misuse[coll.nmisuse++] = *f;
}

static void add_entry(const struct entry *e)
{
	if (e->f.cls == ASM_INLINE_NO_ASM) {
		struct finding f = e->f;

		add_misuse(&f);
		return;
	}
	if (coll.nr == coll.alloc) {
		coll.alloc = coll.alloc ? 2 * coll.alloc : 256;
		coll.e = xrealloc(coll.e, coll.alloc * sizeof(*coll.e));
	}
	coll.e[coll.nr++] = *e;
}

static void free_entry(struct entry *e)
{
	unsigned int i;

	free(e->f.name);
	for (i = 0; i < MAX_SITES; i++)
		free(e->f.sites[i]);
}

/*
 * A findings file, whole or not at all: returns NULL when it was read,
 * or what is wrong with it, and then nothing of it is counted.
 */
static const char foreign[] = "written by another inline-check";

static const char *read_findings(const char *path, const char *obj)
{
	static char why[128];
	static const char magic[] = FINDINGS_MAGIC FINDINGS_FORMAT "\t"
				    INLINE_CHECK_ID "\t";
	struct entry *e = NULL;
	unsigned int n = 0, lineno = 0, i;
	char *line = NULL, *objname = intern_str(obj);
	size_t cap = 0;
	ssize_t len;
	FILE *fp = fopen(path, "r");

	if (!fp) {
		snprintf(why, sizeof(why), "cannot read: %s", strerror(errno));
		return why;
	}
	why[0] = '\0';
	while (!why[0] && (len = getline(&line, &cap, fp)) > 0) {
		lineno++;
		if (line[len - 1] != '\n' || strlen(line) != (size_t)len) {
			snprintf(why, sizeof(why), "truncated at line %u", lineno);
		} else if (lineno == 1) {
			if (strncmp(line, FINDINGS_MAGIC, strlen(FINDINGS_MAGIC)))
				snprintf(why, sizeof(why), "not a findings file");
			else if (strncmp(line, magic, strlen(magic)))
				snprintf(why, sizeof(why), "%s", foreign);
		} else {
			e = xrealloc(e, (n + 1) * sizeof(*e));
			if (parse_findings_line(line, &e[n], objname))
				snprintf(why, sizeof(why), "damaged at line %u",
					 lineno);
			else
				n++;
		}
	}
	if (!lineno && !why[0])
		snprintf(why, sizeof(why), "empty");
	free(line);
	fclose(fp);
	for (i = 0; i < n; i++) {
		if (why[0])
			free_entry(&e[i]);
		else
			add_entry(&e[i]);
	}
	free(e);
	if (why[0])
		return why;
	coll.objects++;
	return NULL;
}

#define FINDINGS_SUFFIX	".inline-findings"

/*
 * A findings file that cannot be read (damaged, cut short, or written by
 * another checker) is replaced: the summary checks its object again, from
 * the object and its report; nothing of the old file is counted. A
 * damaged file is named at once. Those of another checker are the whole
 * build after the series was updated in place: they are named in one
 * line, at the end (foreign_done()).
 */
static void reread(const char *path, const char *obj)
{
	const char *why = read_findings(path, obj);

	if (!why)
		return;
	if (!sopts || !sopts->recheck) {
		WARN_FILE(path, "%s; %s is left out", why, obj);
		return;
	}
	if (!strcmp(why, foreign)) {
		if (!coll.foreign++)
			coll.first_foreign = xstrdup(path);
	} else {
		/* what the check says of the object follows this line */
		WARN_FILE(path, "%s; checking %s again", why, obj);
	}
	/* should it fail again, the check has said why */
	sopts->recheck(obj, path, sopts);
	read_findings(path, obj);
}

static void foreign_done(void)
{
	if (coll.foreign == 1)
		WARN_FILE(coll.first_foreign, "%s; its object was checked again",
			  foreign);
	else if (coll.foreign)
		WARN_FILE(coll.first_foreign,
			  "%s, as %s %u more findings file%s; their objects were checked again",
			  foreign, coll.foreign > 2 ? "were" : "was",
			  coll.foreign - 1, coll.foreign > 2 ? "s" : "");
	free(coll.first_foreign);
	coll.first_foreign = NULL;
}

/* dir/.name.o.inline-findings -> dir/name.o, when it is not stale */
static void consider(const char *path)
{
	const char *base = strrchr(path, '/');
	size_t len = strlen(path), dir;
	struct stat so, sf;
	char *obj;

	base = base ? base + 1 : path;
	dir = base - path;
	if (base[0] != '.' || len - dir < sizeof(FINDINGS_SUFFIX) + 3 ||
	    strcmp(path + len - strlen(FINDINGS_SUFFIX), FINDINGS_SUFFIX))
		return;
	obj = xstrndup(path, len - strlen(FINDINGS_SUFFIX) - 1);
	memcpy(obj, path, dir);
	memcpy(obj + dir, base + 1, len - dir - strlen(FINDINGS_SUFFIX) - 1);
	obj[len - strlen(FINDINGS_SUFFIX) - 1] = '\0';
	if (!strncmp(obj, "./", 2))
		memmove(obj, obj + 2, strlen(obj + 2) + 1);
	if (stat(path, &sf) || stat(obj, &so) ||
	    so.st_mtim.tv_sec > sf.st_mtim.tv_sec ||
	    (so.st_mtim.tv_sec == sf.st_mtim.tv_sec &&
	     so.st_mtim.tv_nsec > sf.st_mtim.tv_nsec)) {
		coll.stale++;
		free(obj);
		return;
	}
	reread(path, obj);
	free(obj);
}

static int walk_one(const char *path, const struct stat *st, int type,
		    struct FTW *ftw)
{
	(void)st;
	(void)ftw;
	if (type == FTW_F)
		consider(path);
	return 0;
}

static int cmp_entry(const void *a, const void *b)
{
	const struct entry *x = a, *y = b;
	int c = strcmp(x->f.file, y->f.file);

	if (c)
		return c;
	if (x->f.line != y->f.line)
		return x->f.line < y->f.line ? -1 : 1;
	c = strcmp(x->f.name, y->f.name);
	return c ? c : strcmp(x->obj, y->obj);
}

static int cmp_total(const void *a, const void *b)
{
	const struct func_total *x = a, *y = b;

	if (x->f.bytes != y->f.bytes)
		return x->f.bytes > y->f.bytes ? -1 : 1;
	return strcmp(x->f.name, y->f.name);
}

/* A warning class says more than a note: show the strongest one. */
static int class_rank(enum finding_class c)
{
	return c == ASM_WRAPPER ? 3 : c == INLINE_NOT_INLINED ? 2 :
	       c == ADDRESS_TAKEN || c == EXTERNAL_INLINE ? 1 : 0;
}

static void objects_list(const struct func_total *t, char *buf, size_t size,
			 unsigned int max)
{
	unsigned int i;
	size_t n = 0;

	buf[0] = '\0';
	for (i = 0; i < t->nobjs && n < size; i++) {
		if (i == max) {
			snprintf(buf + n, size - n, ", ...");
			return;
		}
		n += snprintf(buf + n, size - n, "%s%s", i ? ", " : "",
			      coll.e[t->first + i].obj);
	}
}

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

static int write_json(const char *path, struct func_total *t, unsigned int n,
		      struct finding *misuse, unsigned int nmisuse)
{
	unsigned int i, j;
	char *tmp;
	FILE *fp;

	fp = replace_open(path, &tmp, "the summary is only printed");
	if (!fp)
		return -1;
	fprintf(fp, "{\n  \"version\": 1,\n  \"objects_checked\": %u,\n",
		coll.objects);
	fprintf(fp, "  \"functions\": [");
	for (i = 0; i < n; i++) {
		const struct finding *f = &t[i].f;

		fprintf(fp, "%s\n    {\"name\": ", i ? "," : "");
		json_str(fp, f->name);
		fprintf(fp, ", \"class\": \"%s\", \"file\": ",
			class_names[f->cls]);
		json_str(fp, f->file);
		fprintf(fp, ", \"line\": %u, \"column\": %u, \"annotation\": \"%s\", ",
			f->line, f->col, annot_name(f->annot));
		fprintf(fp, "\"macro\": ");
		if (f->macro)
			json_str(fp, f->macro);
		else
			fputs("null", fp);
		fprintf(fp, ", \"bytes\": %lu, \"copies\": %u, \"reason\": ",
			f->bytes, f->copies);
		if (f->reason)
			json_str(fp, f->reason);
		else
			fputs("null", fp);
		fputs(", \"objects\": [", fp);
		for (j = 0; j < t[i].nobjs; j++) {
			const struct entry *e = &coll.e[t[i].first + j];

			fprintf(fp, "%s{\"object\": ", j ? ", " : "");
			json_str(fp, e->obj);
			fprintf(fp, ", \"bytes\": %lu, \"copies\": %u, \"calls\": [",
				e->f.bytes, e->f.copies);
			{
				unsigned int k;

				for (k = 0; k < e->f.nsites && k < MAX_SITES; k++) {
					if (k)
						fputs(", ", fp);
					json_str(fp, e->f.sites[k]);
				}
			}
			fputs("]}", fp);
		}
		fputs("]}", fp);
	}
	fprintf(fp, "%s],\n  \"misuse\": [", n ? "\n  " : "");
	for (i = 0; i < nmisuse; i++) {
		fprintf(fp, "%s\n    {\"name\": ", i ? "," : "");
		json_str(fp, misuse[i].name);
		fprintf(fp, ", \"class\": \"%s\", \"file\": ",
			class_names[misuse[i].cls]);
		json_str(fp, misuse[i].file);
		fprintf(fp, ", \"line\": %u, \"column\": %u}", misuse[i].line,
			misuse[i].col);
	}
	fprintf(fp, "%s]\n}\n", nmisuse ? "\n  " : "");
	return replace_close(fp, tmp, path, "the summary is only printed");
}

/* Headers that use __asm_inline, under the given directories. */
static char **asm_headers;
static int nasm_headers;

static int find_asm_headers(const char *path, const struct stat *st,
			    int type, struct FTW *ftw)
{
	FILE *fp;
	char *buf;

	(void)ftw;
	if (type != FTW_F || !path_is_header(path) || !st->st_size)
		return 0;
	fp = fopen(path, "r");
	if (!fp)
		return 0;
	buf = xmalloc(st->st_size);
	if (fread(buf, 1, st->st_size, fp) == (size_t)st->st_size &&
	    memmem(buf, st->st_size, "__asm_inline", 12) &&
	    !strstr(path, "include/linux/compiler-inline.h")) {
		asm_headers = xrealloc(asm_headers,
				      (nasm_headers + 1) * sizeof(char *));
		asm_headers[nasm_headers++] = xstrdup(path);
	}
	free(buf);
	fclose(fp);
	return 0;
}

static void scan_misuse(const struct summary_opts *o, struct finding **out,
			unsigned int *n)
{
	struct srcset *ss;
	int i;

	for (i = 0; i < o->nheader_dirs; i++)
		nftw(o->header_dirs[i], find_asm_headers, 32, FTW_PHYS);
	if (!nasm_headers)
		return;
	ss = srcset_open_files(asm_headers, nasm_headers, o->srctree);
	srcset_lex_all(ss);
	check_asm_inline_misuse(ss, 1, out, n);
	for (i = 0; i < (int)*n; i++)
		(*out)[i].file = intern_str((*out)[i].file);
	srcset_free(ss);
}

unsigned int collect_totals(char **paths, int n, struct func_total **out,
			    unsigned int *objects, unsigned int *stale)
{
	struct func_total *t;
	unsigned int i, j, nt = 0;
	int k;

	for (k = 0; k < n; k++) {
		struct stat st;

		if (stat(paths[k], &st)) {
			WARN_FILE(paths[k], "cannot read: %s", strerror(errno));
			continue;
		}
		if (S_ISDIR(st.st_mode)) {
			nftw(paths[k], walk_one, 32, FTW_PHYS);
		} else {
			char *side = side_file(paths[k], "inline-findings");

			consider(side);
			free(side);
		}
	}
	foreign_done();
	qsort(coll.e, coll.nr, sizeof(*coll.e), cmp_entry);
	t = xcalloc(coll.nr + 1, sizeof(*t));
	for (i = 0; i < coll.nr; i = j) {
		struct func_total *f = &t[nt++];

		f->f = coll.e[i].f;
		f->f.bytes = 0;
		f->f.copies = 0;
		f->first = i;
		f->printed = 1;
		for (j = i; j < coll.nr &&
		     !strcmp(coll.e[j].f.name, coll.e[i].f.name) &&
		     coll.e[j].f.file == coll.e[i].f.file &&
		     coll.e[j].f.line == coll.e[i].f.line; j++) {
			const struct finding *e = &coll.e[j].f;

			f->f.bytes += e->bytes;
			f->f.copies += e->copies;
			if (class_rank(e->cls) > class_rank(f->f.cls)) {
				f->f.cls = e->cls;
				f->f.reason = e->reason;
			}
			if (!f->f.reason)
				f->f.reason = e->reason;
			if (!coll.e[j].printed)
				f->printed = 0;
		}
		/* the call sites of the first object that gives some */
		f->f.nsites = 0;
		for (k = i; k < (int)j; k++)
			if (coll.e[k].f.nsites) {
				memcpy(f->f.sites, coll.e[k].f.sites,
				       sizeof(f->f.sites));
				f->f.nsites = coll.e[k].f.nsites;
				break;
			}
		f->nobjs = j - i;
	}
	qsort(t, nt, sizeof(*t), cmp_total);
	*out = t;
	*objects = coll.objects;
	*stale = coll.stale;
	return nt;
}

const char *total_object(const struct func_total *t, unsigned int i)
{
	return coll.e[t->first + i].obj;
}

/* Does an earlier function of the same macro have a copy in obj? */
static int holds_copy(const struct func_total *t, unsigned int upto,
		      const char *obj)
{
	unsigned int i, k;

	for (i = 0; i < upto; i++) {
		if (t[i].f.macro != t[upto].f.macro ||
		    t[i].f.file != t[upto].f.file || t[i].f.line != t[upto].f.line)
			continue;
		for (k = 0; k < t[i].nobjs; k++)
			if (total_object(&t[i], k) == obj)
				return 1;
	}
	return 0;
}

int summary_run(char **paths, int n, const struct summary_opts *opts)
{
	struct func_total *t;
	struct finding *misuse = NULL;
	unsigned int nmisuse = 0, i, j, nt, shown, objects, stale;
	unsigned long total = 0;
	char objs[1024];

	sopts = opts;
	nt = collect_totals(paths, n, &t, &objects, &stale);
	for (i = 0; i < nt; i++)
		total += t[i].f.bytes;

	for (i = 0; i < nt; i++) {
		struct finding g;
		unsigned int others = 0, nobjs = t[i].nobjs;

		if (t[i].printed)
			continue;
		g = t[i].f;
		objects_list(&t[i], objs, sizeof(objs), 3);
		/* the functions one macro makes: one diagnostic, at the macro */
		for (j = i + 1; g.macro && j < nt; j++) {
			unsigned int k;

			if (t[j].printed || t[j].f.macro != g.macro ||
			    t[j].f.file != g.file || t[j].f.line != g.line ||
			    class_rank(t[j].f.cls) != class_rank(g.cls))
				continue;
			others++;
			for (k = 0; k < t[j].nobjs; k++)
				nobjs += !holds_copy(t, j, total_object(&t[j], k));
			g.bytes += t[j].f.bytes;
			t[j].printed = 1;
		}
		if (others)	/* the largest copy is the first function's */
			snprintf(objs, sizeof(objs), "%s", total_object(&t[i], 0));
		print_finding(stderr, &g, objs, others ? nobjs : t[i].nobjs,
			      others);
	}
	scan_misuse(opts, &misuse, &nmisuse);
	for (i = 0; i < nmisuse; i++)
		print_finding(stderr, &misuse[i], NULL, 0, 0);
	/* and those the objects' own steps printed, for the JSON */
	for (i = 0; i < coll.nmisuse; i++) {
		misuse = xrealloc(misuse, (nmisuse + 1) * sizeof(*misuse));
		misuse[nmisuse] = coll.misuse[i];
		misuse[nmisuse++].name = xstrdup(coll.misuse[i].name);
	}

	printf("W=inline: %u objects checked; ", objects);
	printf("%u functions declared inline have out-of-line copies, %lu bytes",
	       nt, total);
	if (stale)
		printf(" (%u stale findings files skipped)", stale);
	printf("\n");
	shown = nt < opts->rows ? nt : opts->rows;
	if (shown)
		printf("%10s %6s %7s  %-32s %-15s %s\n", "bytes", "copies",
		       "objects", "function", "annotation", "defined at");
	for (i = 0; i < shown; i++) {
		char at[4096];

		snprintf(at, sizeof(at), "%s:%u", t[i].f.file, t[i].f.line);
		printf("%10lu %6u %7u  %-32s %-15s %s\n", t[i].f.bytes,
		       t[i].f.copies, t[i].nobjs, t[i].f.name,
		       annot_name(t[i].f.annot), at);
	}
	if (nt > shown)
		printf("%10s %u more%s%s\n", "...", nt - shown,
		       opts->json ? " in " : "", opts->json ? opts->json : "");
	/* what cannot be written was named; the build goes on */
	if (opts->json)
		write_json(opts->json, t, nt, misuse, nmisuse);
	findings_free(misuse, nmisuse);
	free(t);
	return 0;
}
