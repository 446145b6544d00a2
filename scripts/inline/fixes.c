// SPDX-License-Identifier: GPL-2.0
/*
 * The fixes (fixes.h): fix-it lines and inline-fixes.patch.
 *
 * Every fix replaces bytes within one line, so a file's lines keep their
 * numbers and the patch is its changed lines with three lines of context
 * around them, hunks closer than that joined, as diff -u writes them.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fixes.h"
#include "util.h"
#include "warn.h"

#define CONTEXT	3

/* As GCC's print_escaped_string(): \\, \" and octal for the rest. */
static void print_escaped(FILE *fp, const char *s)
{
	fputc('"', fp);
	for (; *s; s++) {
		unsigned char c = *s;

		if (c == '\\' || c == '"')
			fprintf(fp, "\\%c", c);
		else if (c < 0x20 || c >= 0x7f)
			fprintf(fp, "\\%03o", c);
		else
			fputc(c, fp);
	}
	fputc('"', fp);
}

void print_fixit(FILE *fp, const struct finding *f)
{
	if (!f->fix.line)
		return;
	fputs("fix-it:", fp);
	print_escaped(fp, f->file);
	fprintf(fp, ":{%u:%u-%u:%u}:", f->fix.line, f->fix.col, f->fix.line,
		f->fix.end);
	print_escaped(fp, f->fix.text);
	fputc('\n', fp);
}

/*
 * Two objects, or two functions of one macro, that propose different
 * fixes at one place: one forces, one does not. The compiler's choice
 * stands.
 */
void fix_merge(struct fix *to, const struct fix *from)
{
	if (!from->line || (to->line == from->line && to->col == from->col &&
			    to->text == from->text))
		return;
	if (!to->line) {
		*to = *from;
		return;
	}
	if (to->line == from->line && to->col == from->col &&
	    (to->text == fix_inline_hint || from->text == fix_inline_hint))
		*to = to->text == fix_inline_hint ? *to : *from;
}

static int cmp_fix_place(const void *a, const void *b)
{
	const struct finding *x = *(const struct finding *const *)a;
	const struct finding *y = *(const struct finding *const *)b;
	int c = strcmp(x->file, y->file);

	if (c)
		return c;
	if (x->fix.line != y->fix.line)
		return x->fix.line < y->fix.line ? -1 : 1;
	return (int)x->fix.col - (int)y->fix.col;
}

void fixes_unify(struct finding *first, unsigned int n, size_t stride)
{
	struct finding **p = xcalloc(n + 1, sizeof(*p));
	unsigned int i, j, k;

	for (i = 0; i < n; i++)
		p[i] = (struct finding *)((char *)first + i * stride);
	qsort(p, n, sizeof(*p), cmp_fix_place);
	for (i = 0; i < n; i = j) {
		struct fix fx = p[i]->fix;

		for (j = i + 1; j < n && !cmp_fix_place(&p[i], &p[j]); j++)
			fix_merge(&fx, &p[j]->fix);
		for (k = i; k < j; k++)
			if (p[k]->fix.line)
				p[k]->fix = fx;
	}
	free(p);
}

struct item {
	const char *file;
	struct fix fix;
};

/* By file, then from the end of the file to its start. */
static int cmp_item(const void *a, const void *b)
{
	const struct item *x = a, *y = b;
	int c = strcmp(x->file, y->file);

	if (c)
		return c;
	if (x->fix.line != y->fix.line)
		return x->fix.line > y->fix.line ? -1 : 1;
	if (x->fix.col != y->fix.col)
		return x->fix.col > y->fix.col ? -1 : 1;
	return strcmp(x->fix.text, y->fix.text);
}

static void add_item(struct item **items, unsigned int *n,
		     const struct finding *f)
{
	if (!f->fix.line)
		return;
	*items = xrealloc(*items, (*n + 1) * sizeof(**items));
	(*items)[*n].file = f->file;
	(*items)[*n].fix = f->fix;
	(*n)++;
}

struct lines {
	char *buf;
	size_t size;
	unsigned int nr;
	size_t *start;		/* nr + 1 of them: the last is the end */
	char **edited;		/* the new text of a changed line, or NULL */
};

static int lines_read(struct lines *l, const char *path)
{
	size_t cap = 0, i;
	ssize_t got;

	memset(l, 0, sizeof(*l));
	got = read_file(path, &l->buf, &cap);
	if (got < 0) {
		free(l->buf);
		return -1;
	}
	l->size = got;
	l->start = xmalloc((l->size + 2) * sizeof(*l->start));
	l->start[0] = 0;
	for (i = 0; i < l->size; i++)
		if (l->buf[i] == '\n')
			l->start[++l->nr] = i + 1;
	if (l->size && l->buf[l->size - 1] != '\n')
		l->start[++l->nr] = l->size;
	l->edited = xcalloc(l->nr + 1, sizeof(*l->edited));
	return 0;
}

static void lines_free(struct lines *l)
{
	unsigned int i;

	for (i = 0; i < l->nr; i++)
		free(l->edited[i]);
	free(l->edited);
	free(l->start);
	free(l->buf);
}

/* Line i (0-based) as it is now, without its newline. */
static const char *line_text(const struct lines *l, unsigned int i,
			     size_t *len)
{
	const char *p = l->edited[i] ? l->edited[i] : l->buf + l->start[i];

	*len = l->edited[i] ? strlen(p) : l->start[i + 1] - l->start[i];
	if (!l->edited[i] && *len && p[*len - 1] == '\n')
		(*len)--;
	return p;
}

/* Is old what the fix was made for: an inline word, blanks around it? */
static int fits(const char *old, size_t n, const char *text)
{
	static const char *const words[] = {
		"inline", "__inline__", "__asm_inline", NULL,
	};
	const char *const *w;

	if (text == fix_static)
		return n == 0;
	while (n && (*old == ' ' || *old == '\t'))
		old++, n--;
	while (n && (old[n - 1] == ' ' || old[n - 1] == '\t'))
		n--;
	for (w = words; *w; w++)
		if (strlen(*w) == n && !memcmp(old, *w, n))
			return 1;
	return 0;
}

/* Where the blanks before a line's final backslash start, or n. */
static size_t blanks_before_backslash(const char *s, size_t n)
{
	size_t j;

	if (!n || s[n - 1] != '\\')
		return n;
	for (j = n - 1; j && (s[j - 1] == ' ' || s[j - 1] == '\t'); j--)
		;
	return j < n - 1 ? j : n;
}

/*
 * A line of a macro body keeps its backslash in the column where it
 * was, as the kernel aligns them: the blanks before it are made again
 * (tabs, then spaces) for the new text before them. When the text now
 * reaches that column, one blank of the kind there was.
 */
static char *realign_backslash(const char *old, size_t oldlen, char *s)
{
	size_t len = strlen(s), ob = blanks_before_backslash(old, oldlen);
	size_t nb = blanks_before_backslash(s, len), col, target, n;
	int tabs = ob < oldlen && memchr(old + ob, '\t', oldlen - 1 - ob);
	char *r;

	if (ob == oldlen || nb == len)
		return s;
	target = display_column(old, oldlen - 1);
	col = display_column(s, nb);
	r = xmalloc(nb + target + 3);
	memcpy(r, s, nb);
	n = nb;
	if (col >= target) {
		r[n++] = tabs ? '\t' : ' ';
	} else {
		for (; tabs && (col / 8 + 1) * 8 <= target; col = (col / 8 + 1) * 8)
			r[n++] = '\t';
		for (; col < target; col++)
			r[n++] = ' ';
	}
	r[n++] = '\\';
	r[n] = '\0';
	free(s);
	return r;
}

/* Apply one fix; -1 when the line is no longer what the build read. */
static int apply(struct lines *l, const struct fix *fx,
		 const struct fix *prev)
{
	unsigned int i = fx->line - 1;
	size_t len, tlen = strlen(fx->text);
	const char *p;
	char *s;

	if (fx->line > l->nr || fx->col > fx->end)
		return -1;
	p = line_text(l, i, &len);
	if (fx->end - 1 > len ||
	    !fits(p + fx->col - 1, fx->end - fx->col, fx->text))
		return -1;
	/* fixes come from the end of the line: one may not reach another */
	if (prev && prev->line == fx->line && fx->end > prev->col)
		return -1;
	s = xmalloc(len - (fx->end - fx->col) + tlen + 1);
	memcpy(s, p, fx->col - 1);
	memcpy(s + fx->col - 1, fx->text, tlen);
	memcpy(s + fx->col - 1 + tlen, p + fx->end - 1, len - (fx->end - 1));
	s[len - (fx->end - fx->col) + tlen] = '\0';
	s = realign_backslash(p, len, s);
	free(l->edited[i]);
	l->edited[i] = s;
	return 0;
}

static void put_line(FILE *fp, char mark, const char *s, size_t n,
		     int no_newline)
{
	fputc(mark, fp);
	fwrite(s, 1, n, fp);
	fputs(no_newline ? "\n\\ No newline at end of file\n" : "\n", fp);
}

/* Line k as the file has it, marked ' ' or '-'. */
static void put_old(FILE *fp, const struct lines *l, unsigned int k, char mark,
		    int no_nl)
{
	int last = no_nl && k + 1 == l->nr;

	put_line(fp, mark, l->buf + l->start[k],
		 l->start[k + 1] - l->start[k] - !last, last);
}

/* Line k as the fixes make it. */
static void put_new(FILE *fp, const struct lines *l, unsigned int k, int no_nl)
{
	size_t m;
	const char *now = line_text(l, k, &m);

	put_line(fp, '+', now, m, no_nl && k + 1 == l->nr);
}

/* The hunks of one file. */
static void write_file(FILE *fp, const char *name, const struct lines *l)
{
	int no_nl = l->size && l->buf[l->size - 1] != '\n';
	unsigned int i = 0, a, b, k, run;

	fprintf(fp, "diff --git a/%s b/%s\n--- a/%s\n+++ b/%s\n", name, name,
		name, name);
	while (i < l->nr) {
		if (!l->edited[i]) {
			i++;
			continue;
		}
		/* a hunk: from the first change to the last one that joins */
		a = i >= CONTEXT ? i - CONTEXT : 0;
		b = i;
		for (k = i + 1; k < l->nr && k <= b + 2 * CONTEXT + 1; k++)
			if (l->edited[k])
				b = k;
		b = b + CONTEXT < l->nr ? b + CONTEXT + 1 : l->nr;
		fprintf(fp, "@@ -%u,%u +%u,%u @@\n", a + 1, b - a, a + 1, b - a);
		for (k = a; k < b; k = run) {
			/* a run of changed lines: all the old, then the new */
			for (run = k; run < b && l->edited[run]; run++)
				put_old(fp, l, run, '-', no_nl);
			for (run = k; run < b && l->edited[run]; run++)
				put_new(fp, l, run, no_nl);
			if (run == k)
				put_old(fp, l, run++, ' ', no_nl);
		}
		i = b;
	}
}

/*
 * The name of full in the patch: its path under root, both resolved; NULL
 * when it is not under root (*err 0) or cannot be found (*err: errno).
 */
static char *patch_name(const char *full, const char *root, int *err)
{
	char *f = realpath(full, NULL), *r;
	char *name = NULL;
	size_t n;

	*err = f ? 0 : errno;
	r = realpath(root ? root : ".", NULL);
	n = r ? strlen(r) : 0;
	if (f && r && !strncmp(f, r, n) && (f[n] == '/' || r[n - 1] == '/'))
		name = xstrdup(f + n + (f[n] == '/'));
	free(f);
	free(r);
	return name;
}

/*
 * Why the fixes of file, whose path is full, are left out of the patch
 * at path: said once for the file, as a warning at it. The file is not
 * under the patch's root; or it is missing from the source tree but is
 * in the object tree where the summary runs, generated by the build (6.12's
 * security/selinux/flask.h, from scripts/selinux/genheaders); or it
 * cannot be read; or its text at a fix's place is not what the build
 * read.
 */
static void say_left(const char *file, const char *full, const char *path,
		     const char *root, unsigned int left, int err,
		     int outside)
{
	const char *fixes = left > 1 ? "fixes" : "fix";

	if (outside)
		WARN_SOURCE(file, "%u %s left out of %s: the file is outside %s",
			    left, fixes, file_shown(path),
			    root ? file_shown(root) : ".");
	else if (err == ENOENT && strcmp(file, full) && !access(file, F_OK))
		WARN_SOURCE(file,
			    "%u %s left out of %s: the build generated the file; fix what generates it",
			    left, fixes, file_shown(path));
	else if (err)
		WARN_SOURCE(file, "%u %s left out of %s: cannot read %s: %s",
			    left, fixes, file_shown(path), file_shown(full),
			    strerror(err));
	else
		WARN_SOURCE(file,
			    "%u %s left out of %s: the file has changed since the build",
			    left, fixes, file_shown(path));
}

int fixes_write(const char *path, const char *root, const char *srctree,
		const struct summary *s, const struct finding *misuse,
		unsigned int nmisuse, unsigned int *written)
{
	static const char instead[] = "the fixes are not written";
	struct item *items = NULL;
	unsigned int n = 0, i, j;
	char *tmp;
	FILE *fp;

	for (i = 0; i < s->ntotals; i++)
		add_item(&items, &n, &s->totals[i].f);
	for (i = 0; i < s->nmisuse; i++)
		add_item(&items, &n, &s->misuse[i]);
	for (i = 0; i < nmisuse; i++)
		add_item(&items, &n, &misuse[i]);
	*written = 0;
	if (!n) {
		if (remove(path) && errno != ENOENT)
			WARN_FILE(path, "cannot remove the old fixes: %s",
				  strerror(errno));
		return 0;
	}
	qsort(items, n, sizeof(*items), cmp_item);

	fp = replace_open(path, &tmp, instead);
	if (!fp) {
		free(items);
		return -1;
	}
	for (i = 0; i < n; i = j) {
		char *full = items[i].file[0] == '/' || !srctree ?
			     xstrdup(items[i].file) :
			     xasprintf("%s/%s", srctree, items[i].file);
		const char *file = items[i].file;
		const struct fix *prev = NULL;
		unsigned int fixed = 0, left = 0;
		struct lines l;
		int err, readable;
		char *name = patch_name(full, root, &err);

		for (j = i; j < n && !strcmp(items[j].file, file); j++)
			;
		readable = name && !lines_read(&l, full);
		if (name && !readable)
			err = errno ? errno : EIO;
		for (; i < j; i++) {
			/* the same fix, from another function of a macro */
			if (i + 1 < j && !cmp_item(&items[i], &items[i + 1]))
				continue;
			if (!readable || apply(&l, &items[i].fix, prev)) {
				left++;
			} else {
				fixed++;
				prev = &items[i].fix;
			}
		}
		if (left)
			say_left(file, full, path, root, left, err,
				 !name && !err);
		if (fixed)
			write_file(fp, name, &l);
		*written += fixed;
		if (readable)
			lines_free(&l);
		free(name);
		free(full);
	}
	free(items);
	return replace_close(fp, tmp, path, instead);
}
