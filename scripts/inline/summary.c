// SPDX-License-Identifier: GPL-2.0
/*
 * The summary (summary.h): every findings file of the build read into one
 * struct summary, merged per function and ranked, then printed.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fts.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "diag.h"
#include "fixes.h"
#include "summary.h"
#include "warn.h"

static const char foreign[] = "written by another inline-check";

/* A misuse is reported by every object that reads the definition. */
static void add_misuse(struct summary *s, struct object_finding *e)
{
	unsigned int i;

	for (i = 0; i < s->nmisuse; i++)
		if (s->misuse[i].file == e->f.file &&
		    s->misuse[i].line == e->f.line) {
			object_finding_free(e);
			return;
		}
	s->misuse = xrealloc(s->misuse, (s->nmisuse + 1) * sizeof(*s->misuse));
	s->misuse[s->nmisuse++] = e->f;
}

/* Read one findings file; NULL, or what is wrong with it. */
static enum findings_status read_one(struct summary *s, const char *path,
				     const char *obj, char *why, size_t size)
{
	struct object_finding *e = NULL;
	enum findings_status status;
	unsigned int n = 0, i;

	status = findings_read(path, obj, &s->strs, &e, &n, why, size);
	if (status != FINDINGS_READ)
		return status;
	for (i = 0; i < n; i++) {
		if (e[i].f.cls == ASM_INLINE_NO_ASM) {
			add_misuse(s, &e[i]);
			continue;
		}
		if (!(s->nentries & (s->nentries + 1)) || !s->entries)
			s->entries = xrealloc(s->entries, (2 * s->nentries + 2) *
					      sizeof(*s->entries));
		s->entries[s->nentries++] = e[i];
	}
	free(e);
	s->objects++;
	return FINDINGS_READ;
}

/*
 * A findings file that cannot be read (damaged, cut short, or written by
 * another checker) is replaced: the summary checks its object again, from
 * the object and its report; nothing of the old file is counted. A
 * damaged file is named at once. Those of another checker are the whole
 * build after the series was updated in place: they are named in one
 * line, at the end (foreign_done()).
 */
static void read_or_recheck(struct summary *s, const char *path,
			    const char *obj)
{
	enum findings_status status;
	char why[128];

	status = read_one(s, path, obj, why, sizeof(why));
	if (status == FINDINGS_READ)
		return;
	if (!s->opts->recheck) {
		WARN_FILE(path, "%s; %s is left out", why, file_shown(obj));
		return;
	}
	if (status == FINDINGS_FOREIGN) {
		if (!s->foreign++)
			s->first_foreign = xstrdup(path);
	} else {
		/* what the check says of the object follows this line */
		WARN_FILE(path, "%s; checking %s again", why,
			  file_shown(obj));
	}
	/* should it fail again, the check has said why */
	s->opts->recheck(obj, path, s->opts);
	read_one(s, path, obj, why, sizeof(why));
}

static void foreign_done(struct summary *s)
{
	if (s->foreign == 1)
		WARN_FILE(s->first_foreign, "%s; its object was checked again",
			  foreign);
	else if (s->foreign)
		WARN_FILE(s->first_foreign,
			  "%s, as %s %u more findings file%s; their objects were checked again",
			  foreign, s->foreign > 2 ? "were" : "was",
			  s->foreign - 1, s->foreign > 2 ? "s" : "");
	free(s->first_foreign);
	s->first_foreign = NULL;
}

/* dir/.name.o.inline-findings -> dir/name.o, read when it is not stale */
static void collect_findings_file(struct summary *s, const char *path)
{
	static const char suffix[] = "." FINDINGS_SUFFIX;
	const char *base = strrchr(path, '/');
	size_t len = strlen(path), dir, objlen;
	struct stat so, sf;
	char *obj;

	base = base ? base + 1 : path;
	dir = base - path;
	if (base[0] != '.' || len - dir < sizeof(suffix) + 3 ||
	    strcmp(path + len - strlen(suffix), suffix))
		return;
	objlen = len - strlen(suffix) - 1;
	obj = xmalloc(objlen + 1);
	memcpy(obj, path, dir);
	memcpy(obj + dir, base + 1, objlen - dir);
	obj[objlen] = '\0';
	if (!strncmp(obj, "./", 2))
		memmove(obj, obj + 2, strlen(obj + 2) + 1);
	if (stat(path, &sf) || stat(obj, &so) ||
	    so.st_mtim.tv_sec > sf.st_mtim.tv_sec ||
	    (so.st_mtim.tv_sec == sf.st_mtim.tv_sec &&
	     so.st_mtim.tv_nsec > sf.st_mtim.tv_nsec)) {
		s->stale++;
		free(obj);
		return;
	}
	read_or_recheck(s, path, obj);
	free(obj);
}

/*
 * An object that holds its own findings: its findings file, as the
 * section has it, read; the file's path, or NULL (not such an object).
 */
static char *collect_own(struct summary *s, const char *obj)
{
	char *path = findings_restore(obj, "its object is checked again");

	if (path)
		read_or_recheck(s, path, obj);
	return path;
}

/* fts's "./dir/name" as "dir/name", as Kbuild names objects */
static char *no_dot_slash(char *path)
{
	return path + (!strncmp(path, "./", 2) ? 2 : 0);
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/*
 * Every findings file under dir: first those of the objects that hold
 * their findings, then the others, in the order readdir() gives them.
 */
static void collect_dir(struct summary *s, char *dir)
{
	char *const roots[] = { dir, NULL };
	char **files = NULL, **done = NULL, *path;
	unsigned int nfiles = 0, ndone = 0, i;
	size_t len;
	FTSENT *e;
	FTS *fts = fts_open(roots, FTS_PHYSICAL | FTS_NOCHDIR | FTS_NOSTAT, NULL);

	if (!fts) {
		WARN_FILE(dir, "cannot read: %s", strerror(errno));
		return;
	}
	while ((e = fts_read(fts))) {
		if (e->fts_info != FTS_F && e->fts_info != FTS_NSOK)
			continue;
		len = e->fts_pathlen;
		if (e->fts_name[0] == '.') {
			if (len > sizeof(FINDINGS_SUFFIX) &&
			    !strcmp(e->fts_path + len - sizeof(FINDINGS_SUFFIX) + 1,
				    FINDINGS_SUFFIX)) {
				files = xrealloc(files, (nfiles + 1) * sizeof(*files));
				files[nfiles++] = xstrdup(e->fts_path);
			}
			continue;
		}
		if (len < 3 || strcmp(e->fts_path + len - 2, ".o"))
			continue;
		path = collect_own(s, no_dot_slash(e->fts_path));
		if (!path)
			continue;
		done = xrealloc(done, (ndone + 1) * sizeof(*done));
		done[ndone++] = path;
	}
	fts_close(fts);
	qsort(done, ndone, sizeof(*done), cmp_str);
	for (i = 0; i < nfiles; i++) {
		path = no_dot_slash(files[i]);
		if (!bsearch(&path, done, ndone, sizeof(*done), cmp_str))
			collect_findings_file(s, files[i]);
		free(files[i]);
	}
	for (i = 0; i < ndone; i++)
		free(done[i]);
	free(files);
	free(done);
}

static int cmp_entry(const void *a, const void *b)
{
	const struct object_finding *x = a, *y = b;
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
	return c == FORCED_NOT_INLINED ? 4 : c == ASM_WRAPPER ? 3 :
	       c == INLINE_NOT_INLINED ? 2 : class_is_note(c) ? 1 : 0;
}

/* The entries of one function, merged into one total. */
static void merge(struct summary *s, unsigned int i, unsigned int j,
		  struct func_total *t)
{
	unsigned int k;

	t->f = s->entries[i].f;
	t->f.bytes = 0;
	t->f.copies = 0;
	t->f.calls = 0;
	t->f.places = 0;
	t->f.forced = 0;
	t->first = i;
	t->nobjs = j - i;
	t->printed = 1;
	for (k = i; k < j; k++) {
		const struct object_finding *e = &s->entries[k];

		t->f.bytes += e->f.bytes;
		t->f.copies += e->f.copies;
		t->f.calls += e->f.calls;
		t->f.places += e->f.places;
		t->f.in_pasted |= e->f.in_pasted;
		t->f.forced += e->f.forced;
		if (class_rank(e->f.cls) > class_rank(t->f.cls)) {
			t->f.cls = e->f.cls;
			t->f.reason = e->f.reason;
		}
		if (!t->f.reason)
			t->f.reason = e->f.reason;
		if (!e->printed)
			t->printed = 0;
		fix_merge(&t->f.fix, &e->f.fix);
	}
	/* the call sites of the first object that gives some */
	t->f.nsites = 0;
	for (k = i; k < j; k++)
		if (s->entries[k].f.nsites) {
			memcpy(t->f.sites, s->entries[k].f.sites,
			       sizeof(t->f.sites));
			t->f.nsites = s->entries[k].f.nsites;
			break;
		}
}

static int same_function(const struct finding *a, const struct finding *b)
{
	return !strcmp(a->name, b->name) && a->file == b->file &&
	       a->line == b->line;
}

void summary_collect(struct summary *s, char **paths, int n,
		     const struct summary_opts *opts)
{
	unsigned int i, j;
	int k;

	memset(s, 0, sizeof(*s));
	s->opts = opts;
	for (k = 0; k < n; k++) {
		struct stat st;

		if (stat(paths[k], &st)) {
			WARN_FILE(paths[k], "cannot read: %s", strerror(errno));
			continue;
		}
		if (S_ISDIR(st.st_mode)) {
			collect_dir(s, paths[k]);
		} else {
			char *side = collect_own(s, paths[k]);

			if (!side) {
				side = side_file(paths[k], FINDINGS_SUFFIX);
				collect_findings_file(s, side);
			}
			free(side);
		}
	}
	foreign_done(s);
	qsort(s->entries, s->nentries, sizeof(*s->entries), cmp_entry);
	s->totals = xcalloc(s->nentries + 1, sizeof(*s->totals));
	for (i = 0; i < s->nentries; i = j) {
		for (j = i; j < s->nentries &&
		     same_function(&s->entries[j].f, &s->entries[i].f); j++)
			;
		merge(s, i, j, &s->totals[s->ntotals++]);
	}
	fixes_unify(&s->totals[0].f, s->ntotals, sizeof(*s->totals));
	qsort(s->totals, s->ntotals, sizeof(*s->totals), cmp_total);
	for (i = 0; i < s->ntotals; i++)
		s->bytes += s->totals[i].f.bytes;
}

const char *summary_object(const struct summary *s, const struct func_total *t,
			   unsigned int i)
{
	return s->entries[t->first + i].obj;
}

static void objects_list(const struct summary *s, const struct func_total *t,
			 char *buf, size_t size, unsigned int max)
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
			      summary_object(s, t, i));
	}
}

/* Does an earlier function of the same macro have a copy in obj? */
static int holds_copy(const struct summary *s, unsigned int upto,
		      const char *obj)
{
	const struct func_total *t = s->totals;
	unsigned int i, k;

	for (i = 0; i < upto; i++) {
		if (t[i].f.macro != t[upto].f.macro ||
		    t[i].f.file != t[upto].f.file || t[i].f.line != t[upto].f.line)
			continue;
		for (k = 0; k < t[i].nobjs; k++)
			if (summary_object(s, &t[i], k) == obj)
				return 1;
	}
	return 0;
}

void summary_print_findings(struct summary *s, FILE *fp)
{
	struct func_total *t = s->totals;
	unsigned int i, j, k;
	char objs[1024];

	for (i = 0; i < s->ntotals; i++) {
		struct finding g;
		unsigned int others = 0, nobjs = t[i].nobjs;

		if (t[i].printed)
			continue;
		g = t[i].f;
		objects_list(s, &t[i], objs, sizeof(objs), 3);
		/* the functions one macro makes: one diagnostic, at the macro */
		for (j = i + 1; g.macro && j < s->ntotals; j++) {
			if (t[j].printed || t[j].f.macro != g.macro ||
			    t[j].f.file != g.file || t[j].f.line != g.line ||
			    class_rank(t[j].f.cls) != class_rank(g.cls))
				continue;
			others++;
			for (k = 0; k < t[j].nobjs; k++)
				nobjs += !holds_copy(s, j, summary_object(s, &t[j], k));
			g.bytes += t[j].f.bytes;
			g.calls += t[j].f.calls;
			g.forced += t[j].f.forced;
			t[j].printed = 1;
		}
		if (others)	/* the largest copy is the first function's */
			snprintf(objs, sizeof(objs), "%s", summary_object(s, &t[i], 0));
		print_finding(fp, &g, s->opts->cc, objs,
			      others ? nobjs : t[i].nobjs, others);
		print_finding_extras(fp, &g, objs, others ? nobjs : t[i].nobjs,
				     s->opts->extras);
	}
}

void summary_print_ranking(const struct summary *s, FILE *fp)
{
	const struct func_total *t = s->totals;
	const char *json = s->opts->json;
	unsigned int i, shown;

	fprintf(fp, "W=inline: %u %s checked; ", s->objects,
		s->objects == 1 ? "object" : "objects");
	fprintf(fp, "%u %s out-of-line copies, %lu bytes", s->ntotals,
		s->ntotals == 1 ? "function declared inline has" :
				  "functions declared inline have", s->bytes);
	if (s->stale)
		fprintf(fp, " (%u stale findings %s skipped)", s->stale,
			s->stale == 1 ? "file" : "files");
	fprintf(fp, "\n");
	shown = s->ntotals < s->opts->rows ? s->ntotals : s->opts->rows;
	if (shown)
		fprintf(fp, "%10s %6s %7s  %-32s %-15s %s\n", "bytes", "copies",
			"objects", "function", "annotation", "defined at");
	for (i = 0; i < shown; i++) {
		char at[4096];

		snprintf(at, sizeof(at), "%s:%u", t[i].f.file, t[i].f.line);
		fprintf(fp, "%10lu %6u %7u  %-32s %-15s %s\n", t[i].f.bytes,
			t[i].f.copies, t[i].nobjs, t[i].f.name,
			annot_name(t[i].f.annot), at);
	}
	if (s->ntotals > shown)
		fprintf(fp, "%10s %u more%s%s\n", "...", s->ntotals - shown,
			json ? " in " : "", json ? file_shown(json) : "");
}

void summary_free(struct summary *s)
{
	unsigned int i;

	for (i = 0; i < s->nentries; i++)
		object_finding_free(&s->entries[i]);
	free(s->entries);
	for (i = 0; i < s->nmisuse; i++)
		free(s->misuse[i].name);
	free(s->misuse);
	free(s->totals);
	strtab_free(&s->strs);
	memset(s, 0, sizeof(*s));
}
