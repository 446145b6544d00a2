// SPDX-License-Identifier: GPL-2.0
/*
 * The second stage of reading a source file: from tokens to function
 * definitions, with the annotation written in front of each and a look at
 * its body.
 *
 * This is not a C parser. At file scope, a definition is an identifier
 * followed by a parenthesised list, then only attributes, then a brace;
 * the words in front of it, back to the previous ';' or '}', are its
 * specifiers. The same scan runs over each '#define' body, where the name
 * may be pasted together from the macro's parameters
 * ("__do_sys##name"): such a function is named by the macro's definition
 * site, as GCC names it in its own diagnostics.
 *
 * A kernel object depends on hundreds of headers. Only the translation
 * unit's own .c files are always lexed; a header is lexed only when its
 * text can hold one of the names still looked for.
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cond.h"
#include "report.h"
#include "source.h"
#include "util.h"
#include "warn.h"

/* The name of a '...' parameter; the others are allocated. */
static const char va_args[] = "__VA_ARGS__";

struct macro {
	const char *name;
	int file;
	unsigned int body, end;		/* token range of the body */
	int nparams;
	const char **params;
	struct macro *next;		/* same hash bucket */
};

/* A memo: needles searched, questions answered. */
struct seen {
	char *key;
	int answer;
	struct seen *next;
};

struct paste {
	const char *before, *after;
	size_t nbefore, nafter;
};

struct callsite {
	int file;
	unsigned int tok;
	struct callsite *next;
};

struct srcfile {
	char *path;
	const char *display;
	char *buf;
	size_t size;
	struct tokens toks;
	unsigned int loaded:1, lexed:1, failed:1, header:1, pasted:1;
	unsigned int indexed:1;
	struct paste *paste;
	unsigned int npaste;
};

#define HASH_SIZE	4096

struct srcset {
	struct config *cfg;
	const char *prefix;
	size_t prefix_len;
	struct srcfile *files;
	int nfiles;
	struct funcdef *defs[HASH_SIZE];
	struct funcdef *templates;	/* names pasted from macro parameters */
	struct macro *macros[HASH_SIZE];
	struct seen *searched[HASH_SIZE];
	struct seen *answered[HASH_SIZE];
	struct callsite *calls[HASH_SIZE];
	int failures;
};

static unsigned int hash_str(const char *s, size_t n)
{
	unsigned int h = 2166136261u;

	while (n--)
		h = (h ^ (unsigned char)*s++) * 16777619u;
	return h & (HASH_SIZE - 1);
}

const char *annot_name(enum annot a)
{
	static const char *const names[] = {
		[A_NONE]		= "none",
		[A_INLINE]		= "inline",
		[A_NOINLINE]		= "noinline",
		[A_INLINE_HINT]		= "inline_hint",
		[A_ALWAYS_INLINE]	= "__always_inline",
		[A_ASM_INLINE]		= "__asm_inline",
	};
	return names[a];
}

const char *srcset_display(struct srcset *ss, const char *path)
{
	if (ss->prefix_len && !strncmp(path, ss->prefix, ss->prefix_len) &&
	    path[ss->prefix_len] == '/')
		return path + ss->prefix_len + 1;
	if (!strncmp(path, "./", 2))
		return path + 2;
	return path;
}

/* ------------------------------------------------------------------ */
/* Reading files */

static int load_file(struct srcset *ss, struct srcfile *f)
{
	struct stat st;
	ssize_t got;
	size_t done = 0;
	int fd;

	if (f->loaded || f->failed)
		return f->failed ? -1 : 0;
	fd = open(f->path, O_RDONLY);
	if (fd < 0 || fstat(fd, &st) < 0) {
		WARN_FILE(f->display, "cannot read: %s", strerror(errno));
		goto fail;
	}
	f->buf = xmalloc(st.st_size + 2);
	while (done < (size_t)st.st_size) {
		got = read(fd, f->buf + done, st.st_size - done);
		if (got <= 0) {
			WARN_FILE(f->display, "cannot read: %s",
				  got < 0 ? strerror(errno) : "file shrank");
			goto fail;
		}
		done += got;
	}
	close(fd);
	f->size = done;
	f->buf[done] = '\0';
	f->buf[done + 1] = '\0';
	f->loaded = 1;
	return 0;
fail:
	if (fd >= 0)
		close(fd);
	free(f->buf);
	f->buf = NULL;
	f->failed = 1;
	ss->failures++;
	return -1;
}

static void add_file(struct srcset *ss, const char *path, size_t n)
{
	struct srcfile *f;
	int i;

	for (i = 0; i < ss->nfiles; i++)
		if (!strncmp(ss->files[i].path, path, n) &&
		    !ss->files[i].path[n])
			return;
	if (!(ss->nfiles & (ss->nfiles + 1)) || !ss->files) {
		ss->files = xrealloc(ss->files,
				     (2 * ss->nfiles + 2) * sizeof(*ss->files));
	}
	f = &ss->files[ss->nfiles++];
	memset(f, 0, sizeof(*f));
	f->path = xstrndup(path, n);
	path_normalize(f->path);
	f->display = srcset_display(ss, f->path);
	f->header = path_is_header(f->path);
}

static struct srcset *srcset_new(const char *prefix)
{
	struct srcset *ss = xcalloc(1, sizeof(*ss));

	ss->prefix = prefix ? prefix : "";
	ss->prefix_len = strlen(ss->prefix);
	while (ss->prefix_len > 1 && ss->prefix[ss->prefix_len - 1] == '/')
		ss->prefix_len--;
	if (ss->prefix_len == 1 && ss->prefix[0] == '.')
		ss->prefix_len = 0;
	return ss;
}

/*
 * The .cmd file that fixdep wrote for the object:
 *   source_kernel/sched/core.o := kernel/sched/core.c
 *   deps_kernel/sched/core.o := \
 *     include/linux/compiler-version.h \
 *       $(wildcard include/config/CC_VERSION_TEXT) \
 *   ...
 */
struct srcset *srcset_open(const char *cmdfile, const char *obj,
			   const char *prefix)
{
	struct srcset *ss;
	size_t objlen = strlen(obj);
	char *line = NULL;
	size_t cap = 0;
	ssize_t len;
	int in_deps = 0, saw_source = 0;
	FILE *fp;

	fp = fopen(cmdfile, "r");
	if (!fp) {
		WARN_FILE(cmdfile, "cannot read: %s", strerror(errno));
		return NULL;
	}
	ss = srcset_new(prefix);
	while ((len = getline(&line, &cap, fp)) > 0) {
		char *p = line, *end;

		while (len && (line[len - 1] == '\n' || line[len - 1] == ' ' ||
			       line[len - 1] == '\\'))
			line[--len] = '\0';
		if (!strncmp(p, "source_", 7) && !strncmp(p + 7, obj, objlen) &&
		    !strncmp(p + 7 + objlen, " := ", 4)) {
			add_file(ss, p + 11 + objlen, strlen(p + 11 + objlen));
			saw_source = 1;
			continue;
		}
		if (!strncmp(p, "deps_", 5) && !strncmp(p + 5, obj, objlen)) {
			in_deps = 1;
			continue;
		}
		if (!in_deps)
			continue;
		while (*p == ' ' || *p == '\t')
			p++;
		if (!*p) {
			in_deps = 0;
			continue;
		}
		if (!strncmp(p, "$(wildcard", 10))
			continue;
		end = p + strlen(p);
		add_file(ss, p, end - p);
	}
	free(line);
	fclose(fp);
	if (!saw_source || ss->nfiles < 2) {
		WARN_FILE(cmdfile, "no source_ or deps_ line for %s", obj);
		srcset_free(ss);
		return NULL;
	}
	return ss;
}

struct srcset *srcset_open_files(char **files, int n, const char *prefix)
{
	struct srcset *ss = srcset_new(prefix);
	int i;

	for (i = 0; i < n; i++)
		add_file(ss, files[i], strlen(files[i]));
	return ss;
}

static void free_seen(struct seen *s)
{
	while (s) {
		struct seen *n = s->next;

		free(s->key);
		free(s);
		s = n;
	}
}

static void funcdef_free(struct funcdef *d)
{
	free((char *)d->name);
	free((char *)d->prefix);
	free((char *)d->suffix);
	free(d);
}

void srcset_add_buffer(struct srcset *ss, const char *name, char *buf,
		       size_t size)
{
	struct srcfile *f;

	add_file(ss, name, strlen(name));
	f = &ss->files[ss->nfiles - 1];
	f->buf = buf;
	f->size = size;
	f->loaded = 1;
}

void srcset_free(struct srcset *ss)
{
	int i, k;

	if (!ss)
		return;
	/* Definitions and macros point into the files: freed with the set. */
	for (i = 0; i < HASH_SIZE; i++) {
		struct funcdef *d, *dn;
		struct macro *m, *mn;

		for (d = ss->defs[i]; d; d = dn) {
			dn = d->next;
			funcdef_free(d);
		}
		while (ss->calls[i]) {
			struct callsite *c = ss->calls[i];

			ss->calls[i] = c->next;
			free(c);
		}
		free_seen(ss->searched[i]);
		free_seen(ss->answered[i]);
		for (m = ss->macros[i]; m; m = mn) {
			mn = m->next;
			for (k = 0; k < m->nparams; k++)
				if (m->params[k] != va_args)
					free((char *)m->params[k]);
			free(m->params);
			free((char *)m->name);
			free(m);
		}
	}
	while (ss->templates) {
		struct funcdef *d = ss->templates;

		ss->templates = d->next;
		funcdef_free(d);
	}
	for (i = 0; i < ss->nfiles; i++) {
		tokens_free(&ss->files[i].toks);
		free(ss->files[i].paste);
		free(ss->files[i].buf);
		free(ss->files[i].path);
	}
	free(ss->files);
	config_free(ss->cfg);
	free(ss);
}

void srcset_config(struct srcset *ss, const char *autoconf)
{
	ss->cfg = config_load(autoconf);
}

static struct macro *find_macro(struct srcset *ss, const char *name,
				size_t n);

/* ------------------------------------------------------------------ */
/* The scan */

struct scan {
	struct srcset *ss;
	struct srcfile *f;
	const struct tokens *t;
	struct macro *macro;		/* scanning this macro's body */
	struct cond cond;		/* at file scope */
};

static const char *tok_str(const struct tokens *t, unsigned int i)
{
	return t->buf + t->tok[i].off;
}

static int ident_in(const struct tokens *t, unsigned int i,
		    const char *const *set)
{
	if (t->tok[i].type != T_IDENT)
		return 0;
	for (; *set; set++)
		if (tok_is(t, i, *set, strlen(*set)))
			return 1;
	return 0;
}

/* Macros that take arguments and stand for attributes, not for names. */
static const char *const attribute_macros[] = {
	"__attribute__", "__attribute", "__acquires", "__releases",
	"__must_hold", "__cond_lock", "__printf", "__scanf", "__section",
	"__aligned", "__alloc_size", "__realloc_size", "__diagnose_as",
	"__assume_aligned", "__copy", "__counted_by", "__cond_acquires",
	"__cond_releases", "__no_sanitize_or_inline", "__asm__", "asm",
	"__asm", "__malloc", "__weak", "__visible", NULL,
};

/* Statements and the macros of the kernel that put an asm in a body. */
static const char *const asm_words[] = {
	"asm", "__asm__", "__asm", "asm_inline", "asm_volatile_goto",
	"asm_goto_output", "alternative", "alternative_input",
	"alternative_io", "alternative_call", "alternative_call_2",
	"alternative_2", NULL,
};

/*
 * Skip a balanced group starting at an opening token; returns the index
 * of its closing token, or end when it is not closed.
 */
static unsigned int skip_group(const struct tokens *t, unsigned int i,
			       unsigned int end)
{
	char open = t->buf[t->tok[i].off];
	char close = open == '(' ? ')' : open == '{' ? '}' : ']';
	int depth = 0;

	for (; i < end; i++) {
		if (t->tok[i].type != T_PUNCT)
			continue;
		if (t->buf[t->tok[i].off] == open)
			depth++;
		else if (t->buf[t->tok[i].off] == close && !--depth)
			return i;
	}
	return end;
}

/* Skip a '#' line that sits in a body or between declarations. */
static unsigned int skip_directive(const struct tokens *t, unsigned int i,
				   unsigned int end)
{
	while (i < end && t->tok[i].type != T_EOL)
		i++;
	return i;
}

static int macro_param(const struct macro *m, const struct tokens *t,
		       unsigned int i)
{
	int p;

	if (!m || t->tok[i].type != T_IDENT)
		return -1;
	for (p = 0; p < m->nparams; p++)
		if (tok_is(t, i, m->params[p], strlen(m->params[p])))
			return p;
	return -1;
}

/* The annotation among the specifiers [from, to) of a definition. */
static void read_specifiers(struct funcdef *d, const struct tokens *t,
			    unsigned int from, unsigned int to)
{
	static const struct {
		const char *word;
		enum annot annot;
	} words[] = {
		{ "__asm_inline", A_ASM_INLINE },
		{ "__always_inline", A_ALWAYS_INLINE },
		{ "always_inline", A_ALWAYS_INLINE },
		{ "__always_inline__", A_ALWAYS_INLINE },
		{ "inline_hint", A_INLINE_HINT },
		{ "__inline", A_INLINE_HINT },
		{ "noinline", A_NOINLINE },
		{ "noinline_for_stack", A_NOINLINE },
		{ "__noinline__", A_NOINLINE },
		{ "__noinline", A_NOINLINE },
		{ "inline", A_INLINE },
		{ "__inline__", A_INLINE },
	};
	unsigned int i, w;

	for (i = from; i < to; i++) {
		if (t->tok[i].type != T_IDENT)
			continue;
		if (TOK_IS(t, i, "static"))
			d->is_static = 1;
		else if (TOK_IS(t, i, "extern"))
			d->is_extern = 1;
		for (w = 0; w < ARRAY_SIZE(words); w++) {
			if (!tok_is(t, i, words[w].word, strlen(words[w].word)))
				continue;
			if (words[w].annot > d->annot ||
			    (words[w].annot == A_NOINLINE &&
			     d->annot == A_INLINE)) {
				d->annot = words[w].annot;
				d->spelling = words[w].word;
			}
			break;
		}
	}
	/* noinline wins over a plain inline written beside it */
}

/*
 * A look at the body [open, close]: is there an asm statement, and is
 * the rest of it trivial setup (no loop or switch, a few statements)?
 */
static void read_body(struct funcdef *d, const struct tokens *t,
		      unsigned int open, unsigned int close)
{
	static const char *const loops[] = {
		"for", "while", "do", "switch", "goto", NULL,
	};
	unsigned int i, stmts = 0, asm_stmts = 0;
	int loop = 0, paren = 0;

	for (i = open + 1; i < close; i++) {
		if (t->tok[i].type == T_DIRECTIVE || t->tok[i].type == T_DEFINE) {
			i = skip_directive(t, i, close);
			continue;
		}
		if (ident_in(t, i, asm_words)) {
			d->has_asm = 1;
			asm_stmts++;
			/* its operands are not setup */
			while (i + 1 < close && !tok_punct(t, i + 1, '('))
				i++;
			if (i + 1 < close)
				i = skip_group(t, i + 1, close);
			continue;
		}
		if (ident_in(t, i, loops))
			loop = 1;
		else if (tok_punct(t, i, '('))
			paren++;
		else if (tok_punct(t, i, ')'))
			paren--;
		else if (tok_punct(t, i, ';') && !paren)
			stmts++;
	}
	if (stmts > asm_stmts)
		stmts -= asm_stmts;
	else
		stmts = 0;
	d->asm_wrapper = d->has_asm && !loop && stmts <= 4;
}

static void add_def(struct srcset *ss, struct funcdef *d)
{
	unsigned int h;

	if (d->param >= 0) {
		d->next = ss->templates;
		ss->templates = d;
		return;
	}
	h = hash_str(d->name, strlen(d->name));
	/* keep the first definition of a name: the order of the includes */
	if (ss->defs[h]) {
		struct funcdef *p = ss->defs[h];

		while (p->next)
			p = p->next;
		p->next = d;
	} else {
		ss->defs[h] = d;
	}
}

/*
 * Record a definition whose name is the tokens [nb, ne] (one identifier,
 * or identifiers joined by ## in a macro body), its body [open, close].
 */
static void record(struct scan *s, unsigned int decl, unsigned int nb,
		   unsigned int ne, unsigned int open, unsigned int close)
{
	const struct tokens *t = s->t;
	struct funcdef *d;
	char name[512], lit[512];
	size_t n = 0, m = 0;
	unsigned int i;

	if (!s->macro && !cond_live(&s->cond))
		return;
	d = xcalloc(1, sizeof(*d));

	d->file = s->f->display;
	d->line = t->tok[nb].line;
	d->col = tok_column(t, nb);
	d->param = -1;
	d->macro = s->macro ? s->macro->name : NULL;
	for (i = nb; i <= ne; i++) {
		unsigned int len = t->tok[i].len;
		int p;

		p = macro_param(s->macro, t, i);
		if (t->tok[i].type == T_PASTE) {
			len = 2;
		} else if (p >= 0) {
			if (d->param < 0) {
				d->param = p;
				d->prefix = xstrndup(lit, m);
			}
			d->nparams++;
			m = 0;	/* the suffix is what follows the last one */
		} else if (m + len < sizeof(lit)) {
			memcpy(lit + m, tok_str(t, i), len);
			m += len;
		}
		if (n + len < sizeof(name)) {
			memcpy(name + n, tok_str(t, i), len);
			n += len;
		}
	}
	d->name = xstrndup(name, n);
	if (d->param >= 0)
		d->suffix = xstrndup(lit, m);
	read_specifiers(d, t, decl, nb);
	if (open < close) {
		d->has_body = 1;
		read_body(d, t, open, close);
	}
	add_def(s->ss, d);
}

/*
 * Does the group (open, close) read like a parameter list rather than the
 * arguments of an attribute macro? One parameter is enough: 'void',
 * '...', or a declaration ending in a name after a type, a '*', or a
 * closing bracket; a macro body may pass its own parameter list through.
 */
static int looks_like_params(const struct scan *s, unsigned int open,
			     unsigned int close)
{
	const struct tokens *t = s->t;
	unsigned int i, start = open + 1;
	int depth = 0;

	if (close == open + 1)
		return 1;
	for (i = open + 1; i <= close; i++) {
		if (i < close && tok_punct(t, i, '(')) {
			depth++;
			continue;
		}
		if (i < close && tok_punct(t, i, ')')) {
			depth--;
			continue;
		}
		if (i < close && !(tok_punct(t, i, ',') && !depth))
			continue;
		if (i == start + 1 && (TOK_IS(t, start, "void") ||
				       t->tok[start].type == T_ELLIPSIS ||
				       macro_param(s->macro, t, start) >= 0))
			return 1;
		if (i >= start + 2) {
			unsigned int last = i - 1, prev = i - 2;

			if (t->tok[last].type == T_IDENT &&
			    (t->tok[prev].type == T_IDENT ||
			     tok_punct(t, prev, '*') || tok_punct(t, prev, ']') ||
			     tok_punct(t, prev, ')')))
				return 1;
			if (tok_punct(t, last, ']') || tok_punct(t, last, ')') ||
			    t->tok[last].type == T_ELLIPSIS)
				return 1;
		}
		start = i + 1;
	}
	return 0;
}

/* Is [i, end) only attributes and the like, up to a '{'? */
static unsigned int attributes_then_brace(const struct tokens *t,
					  unsigned int i, unsigned int end)
{
	while (i < end) {
		if (t->tok[i].type == T_DIRECTIVE) {
			i = skip_directive(t, i, end) + 1;
			continue;
		}
		if (tok_punct(t, i, '{'))
			return i;
		if (t->tok[i].type == T_STRING) {	/* asm("label") */
			i++;
			continue;
		}
		if (t->tok[i].type != T_IDENT)
			return end;
		i++;
		if (i < end && tok_punct(t, i, '('))
			i = skip_group(t, i, end) + 1;
	}
	return end;
}

/* Words that start a statement or an expression, never a declaration. */
static const char *const statement_words[] = {
	"return", "if", "else", "while", "for", "do", "switch", "case",
	"default", "goto", "sizeof", NULL,
};

/*
 * Is [decl, nb) what comes before a declarator's name: one or more
 * specifiers, types, '*' and attributes with their arguments? A call
 * such as "#define nodes_weight(m) __nodes_weight(&(m), MAX_NUMNODES)"
 * has nothing there, and "return f(x)" a statement word.
 */
static int declarator_lead(const struct tokens *t, unsigned int decl,
			   unsigned int nb)
{
	unsigned int i = decl;

	if (decl >= nb)
		return 0;
	while (i < nb) {
		if (tok_punct(t, i, '*')) {
			i++;
			continue;
		}
		if (t->tok[i].type != T_IDENT ||
		    ident_in(t, i, statement_words))
			return 0;
		i++;
		if (i < nb && tok_punct(t, i, '('))
			i = skip_group(t, i, nb) + 1;
	}
	return i == nb;
}

/*
 * Scan [from, end) for definitions. In a macro body, a declarator that
 * ends the body is a definition whose body follows the macro's call
 * (SYSCALL_DEFINEx); a call that ends it is not.
 */
static void scan_range(struct scan *s, unsigned int from, unsigned int end);

static void scan_define(struct scan *s, unsigned int i, unsigned int end)
{
	const struct tokens *t = s->t;
	struct macro *m;
	unsigned int eol = skip_directive(t, i, end);
	unsigned int h;
	int cap = 0;

	i++;			/* the name */
	if (i >= eol || t->tok[i].type != T_IDENT)
		return;
	m = xcalloc(1, sizeof(*m));
	m->name = xstrndup(tok_str(t, i), t->tok[i].len);
	m->file = s->f - s->ss->files;
	i++;
	if (i < eol && tok_punct(t, i, '(') && t->tok[i].glued) {
		for (i++; i < eol && !tok_punct(t, i, ')'); i++) {
			const char *p = NULL;

			if (t->tok[i].type == T_IDENT)
				p = xstrndup(tok_str(t, i), t->tok[i].len);
			else if (t->tok[i].type == T_ELLIPSIS &&
				 !tok_punct(t, i - 1, ','))
				continue;	/* args... */
			else if (t->tok[i].type == T_ELLIPSIS)
				p = va_args;
			if (!p)
				continue;
			if (m->nparams == cap) {
				cap = cap ? 2 * cap : 8;
				m->params = xrealloc(m->params,
						     cap * sizeof(*m->params));
			}
			m->params[m->nparams++] = p;
		}
		i++;
	}
	m->body = i;
	m->end = eol;
	h = hash_str(m->name, strlen(m->name));
	m->next = s->ss->macros[h];
	s->ss->macros[h] = m;

	if (m->body < m->end) {
		struct macro *saved = s->macro;

		s->macro = m;
		scan_range(s, m->body, m->end);
		s->macro = saved;
	}
}

static void scan_range(struct scan *s, unsigned int from, unsigned int end)
{
	const struct tokens *t = s->t;
	unsigned int i, decl = from;
	/* the last name( seen in this declaration */
	unsigned int nb = 0, ne = 0, close_paren = 0;
	int have = 0, have_params = 0, eq = 0;

	for (i = from; i < end; i++) {
		const struct token *k = &t->tok[i];

		if (k->type == T_DEFINE || k->type == T_DIRECTIVE) {
			unsigned int at = i;

			i = skip_directive(t, i, end);
			if (s->macro)
				;
			else if (k->type == T_DIRECTIVE)
				cond_directive(&s->cond, t, at, i);
			else if (cond_live(&s->cond))
				scan_define(s, at, end);
			/* between declarations, the next one starts after it */
			if (decl == at)
				decl = i + 1;
			continue;
		}
		if (k->type == T_EOF)
			break;
		if (k->type != T_PUNCT)
			continue;
		switch (t->buf[k->off]) {
		case ';':
			decl = i + 1;
			have = 0;
			eq = 0;
			break;
		case '=':
			eq = 1;
			break;
		case '(': {
			unsigned int b = i - 1, c;
			int params;

			c = skip_group(t, i, end);
			if (i > decl && t->tok[b].type == T_IDENT &&
			    !ident_in(t, b, attribute_macros)) {
				/* pasted name: a ## b ## c */
				while (b >= decl + 2 &&
				       t->tok[b - 1].type == T_PASTE &&
				       t->tok[b - 2].type == T_IDENT)
					b -= 2;
				/* the last name( that has parameters wins */
				params = c < end && looks_like_params(s, i, c);
				if (!have || params || !have_params) {
					nb = b;
					ne = i - 1;
					close_paren = c;
					have = 1;
					have_params = params;
				}
			}
			i = c;
			/* in a macro, the body may follow the macro's call */
			if (have && s->macro && c + 1 == end && have_params &&
			    declarator_lead(t, decl, nb)) {
				record(s, decl, nb, ne, 0, 0);
				have = 0;
			}
			break;
		}
		case '{': {
			unsigned int c = skip_group(t, i, end);

			if (have && !eq &&
			    attributes_then_brace(t, close_paren + 1, end) == i) {
				record(s, decl, nb, ne, i, c);
				decl = c + 1;
				eq = 0;
				have = 0;
			}
			/* a struct body or an initializer: part of the decl */
			i = c;
			break;
		}
		case '}':
			decl = i + 1;
			have = 0;
			eq = 0;
			break;
		}
	}
}

static enum tri macro_defined(void *arg, const char *name, unsigned int n)
{
	return find_macro(arg, name, n) ? YES : MAYBE;
}

static int lex_file(struct srcset *ss, struct srcfile *f)
{
	struct scan s = { .ss = ss, .f = f };

	cond_init(&s.cond, ss->cfg, macro_defined, ss);
	if (f->lexed)
		return 0;
	if (load_file(ss, f))
		return -1;
	f->lexed = 1;
	if (lex_buffer(&f->toks, f->buf, f->size))
		WARN_FILE(f->display,
			  "not C text (a NUL byte or an unterminated comment)");
	s.t = &f->toks;
	scan_range(&s, 0, f->toks.nr);
	return 0;
}

/* ------------------------------------------------------------------ */
/* Looking names up */

/*
 * The definition of name: one with a body if there is one, else one whose
 * body follows a macro's call.
 */
static struct funcdef *find_exact(struct srcset *ss, const char *name)
{
	struct funcdef *d, *bodiless = NULL;

	for (d = ss->defs[hash_str(name, strlen(name))]; d; d = d->next) {
		if (strcmp(d->name, name))
			continue;
		if (d->has_body)
			return d;
		if (!bodiless)
			bodiless = d;
	}
	return bodiless;
}

/* Is name's definition found, body and all? */
static int found_with_body(struct srcset *ss, const char *name)
{
	const struct funcdef *d = find_exact(ss, name);

	return d && d->has_body;
}

static struct macro *find_macro(struct srcset *ss, const char *name,
				size_t n)
{
	struct macro *m;

	for (m = ss->macros[hash_str(name, n)]; m; m = m->next)
		if (strlen(m->name) == n && !strncmp(m->name, name, n))
			return m;
	return NULL;
}

/* Lex the headers whose text holds needle, once per needle. */
static void lex_headers_with(struct srcset *ss, const char *needle, size_t n)
{
	unsigned int h = hash_str(needle, n);
	struct seen *sn;
	int i;

	for (sn = ss->searched[h]; sn; sn = sn->next)
		if (!strncmp(sn->key, needle, n) && !sn->key[n])
			return;
	sn = xcalloc(1, sizeof(*sn));
	sn->key = xstrndup(needle, n);
	sn->next = ss->searched[h];
	ss->searched[h] = sn;

	for (i = 0; i < ss->nfiles; i++) {
		struct srcfile *f = &ss->files[i];

		if (f->lexed || load_file(ss, f))
			continue;
		if (memmem(f->buf, f->size, needle, n))
			lex_file(ss, f);
	}
}

/* The macro whose body holds token i of file fi, if any. */
static struct macro *enclosing_macro(struct srcset *ss, int fi,
				     unsigned int i)
{
	const struct tokens *t = &ss->files[fi].toks;
	unsigned int d = i;

	while (d > 0 && t->tok[d].type != T_EOL && t->tok[d].type != T_DEFINE)
		d--;
	if (t->tok[d].type != T_DEFINE || d + 1 >= t->nr)
		return NULL;
	return find_macro(ss, tok_str(t, d + 1), t->tok[d + 1].len);
}

#define MAX_VERIFY_DEPTH	6

static int called_with(struct srcset *ss, const char *mname, int arg,
		       const char *value, size_t vlen, int depth);

/*
 * Could argument tokens [a, b) of a call in macro m (NULL: in plain code)
 * expand to value[0..vlen)? A parameter of m passes the question up to
 * m's own callers; pasting peels the literal text off.
 */
static int arg_gives(struct srcset *ss, const struct tokens *t,
		     struct macro *m, unsigned int a, unsigned int b,
		     const char *value, size_t vlen, int depth)
{
	int p;

	if (b == a + 1) {
		p = macro_param(m, t, a);
		if (p >= 0)
			return called_with(ss, m->name, p, value, vlen,
					   depth + 1);
		return t->tok[a].len == vlen &&
		       !memcmp(tok_str(t, a), value, vlen);
	}
	if (!m || b != a + 3 || t->tok[a + 1].type != T_PASTE)
		return 0;
	/* LIT ## param, or param ## LIT */
	p = macro_param(m, t, a + 2);
	if (p >= 0 && macro_param(m, t, a) < 0) {
		size_t l = t->tok[a].len;

		if (l < vlen && !memcmp(value, tok_str(t, a), l))
			return called_with(ss, m->name, p, value + l, vlen - l,
					   depth + 1);
		return 0;
	}
	p = macro_param(m, t, a);
	if (p >= 0 && macro_param(m, t, a + 2) < 0) {
		size_t l = t->tok[a + 2].len;

		if (l < vlen && !memcmp(value + vlen - l, tok_str(t, a + 2), l))
			return called_with(ss, m->name, p, value, vlen - l,
					   depth + 1);
	}
	return 0;
}

static int called_with_uncached(struct srcset *ss, const char *mname,
				int arg, const char *value, size_t vlen,
				int depth);

/* Is macro mname called, anywhere, with argument arg giving value? */
static int called_with(struct srcset *ss, const char *mname, int arg,
		       const char *value, size_t vlen, int depth)
{
	char key[1024];
	unsigned int h;
	struct seen *sn;
	int n;

	if (depth > MAX_VERIFY_DEPTH)
		return 0;
	n = snprintf(key, sizeof(key), "%s/%d/%.*s", mname, arg, (int)vlen,
		     value);
	if (n < 0 || n >= (int)sizeof(key))
		return 0;
	h = hash_str(key, n);
	for (sn = ss->answered[h]; sn; sn = sn->next)
		if (!strcmp(sn->key, key))
			return sn->answer;
	sn = xcalloc(1, sizeof(*sn));
	sn->key = xstrndup(key, n);
	sn->next = ss->answered[h];
	ss->answered[h] = sn;
	/* a cycle of macros answers no */
	sn->answer = 0;
	sn->answer = called_with_uncached(ss, mname, arg, value, vlen, depth);
	return sn->answer;
}

/* Every "name(" of the lexed files, by name: where macros are called. */
static void index_calls(struct srcset *ss)
{
	int fi;

	for (fi = 0; fi < ss->nfiles; fi++) {
		struct srcfile *f = &ss->files[fi];
		const struct tokens *t = &f->toks;
		unsigned int i;

		if (!f->lexed || f->indexed)
			continue;
		f->indexed = 1;
		for (i = 0; i + 1 < t->nr; i++) {
			struct callsite *c;
			unsigned int h;

			if (t->tok[i].type != T_IDENT || !tok_punct(t, i + 1, '('))
				continue;
			if (i > 0 && t->tok[i - 1].type == T_DEFINE)
				continue;	/* a definition, not a call */
			c = xcalloc(1, sizeof(*c));
			c->file = fi;
			c->tok = i;
			h = hash_str(tok_str(t, i), t->tok[i].len);
			c->next = ss->calls[h];
			ss->calls[h] = c;
		}
	}
}

static int called_with_uncached(struct srcset *ss, const char *mname,
				int arg, const char *value, size_t vlen,
				int depth)
{
	size_t mlen = strlen(mname);
	struct callsite *c;

	lex_headers_with(ss, mname, mlen);
	index_calls(ss);
	for (c = ss->calls[hash_str(mname, mlen)]; c; c = c->next) {
		const struct tokens *t = &ss->files[c->file].toks;
		unsigned int i = c->tok, j, start, close;
		int n = 0, d = 0;

		if (!tok_is(t, i, mname, mlen))
			continue;
		close = skip_group(t, i + 1, t->nr);
		for (j = start = i + 2; j <= close; j++) {
			if (j < close && tok_punct(t, j, '('))
				d++;
			else if (j < close && tok_punct(t, j, ')'))
				d--;
			if (j < close && !(tok_punct(t, j, ',') && !d))
				continue;
			if (n++ == arg &&
			    arg_gives(ss, t, enclosing_macro(ss, c->file, i),
				      start, j, value, vlen, depth))
				return 1;
			start = j + 1;
		}
	}
	return 0;
}

static int written_in_lexed(struct srcset *ss, const char *name, size_t n)
{
	int i;

	for (i = 0; i < ss->nfiles; i++)
		if (ss->files[i].lexed &&
		    memmem(ss->files[i].buf, ss->files[i].size, name, n))
			return 1;
	return 0;
}

/*
 * The template that builds name: of the declared-inline templates whose
 * literal text fits, the one (longest text first) whose macro is called,
 * directly or through other macros, with the rest of the name as the
 * argument. A template that cannot be traced to a call is not used: a
 * function wrongly taken for an inline one would be a false warning.
 * Templates that are not declared inline are not looked at: whatever they
 * make, it is no finding.
 */
static struct funcdef *find_template(struct srcset *ss, const char *name)
{
	struct funcdef *d, *traced = NULL;
	size_t n = strlen(name), tracedlen = 0;
	int in_text = -1;

	for (d = ss->templates; d; d = d->next) {
		size_t p = strlen(d->prefix), q = strlen(d->suffix);

		if (!annot_declared_inline(d->annot) || d->nparams != 1 ||
		    p + q >= n || (traced && p + q <= tracedlen))
			continue;
		if (strncmp(name, d->prefix, p) || strcmp(name + n - q, d->suffix))
			continue;
		/* a whole-name parameter: the name must be written somewhere */
		if (!p && !q) {
			if (in_text < 0)
				in_text = written_in_lexed(ss, name, n);
			if (!in_text)
				continue;
		}
		if (called_with(ss, d->macro, d->param, name + p, n - p - q, 0)) {
			traced = d;
			tracedlen = p + q;
		}
	}
	return traced;
}

static int is_ident_char(char c)
{
	return isalnum((unsigned char)c) || c == '_';
}

/* The identifiers pasted to by ## in a file: "__do_sys##", "##_x". */
static void find_pastes(struct srcfile *f)
{
	const char *p = f->buf, *end = f->buf + f->size;

	f->pasted = 1;
	/* memchr() for '#', not memmem(): headers are full of single '#' */
	while ((p = memchr(p, '#', end - p))) {
		const char *a = p, *b = p + 2;
		size_t la = 0, lb = 0;

		if (p + 1 >= end || p[1] != '#') {
			p++;
			continue;
		}

		while (a > f->buf && (a[-1] == ' ' || a[-1] == '\t'))
			a--;
		while (a > f->buf && is_ident_char(a[-1])) {
			a--;
			la++;
		}
		while (b < end && (*b == ' ' || *b == '\t'))
			b++;
		while (b + lb < end && is_ident_char(b[lb]))
			lb++;
		if (la >= 3 || lb >= 3) {
			f->paste = xrealloc(f->paste,
					    (f->npaste + 1) * sizeof(*f->paste));
			f->paste[f->npaste].before = a;
			f->paste[f->npaste].nbefore = la >= 3 ? la : 0;
			f->paste[f->npaste].after = b;
			f->paste[f->npaste].nafter = lb >= 3 ? lb : 0;
			f->npaste++;
		}
		p += 2;
	}
}

/*
 * The names still looked for, as a set that one pass over a file's
 * identifiers can test cheaply: most identifiers fail on their length or
 * their first and last characters before any hashing.
 */
struct wanted {
	const char *const *names;
	char *want;
	int n, missing;
	unsigned char len_ok[256];
	unsigned char ends_ok[1024];
	int *bucket;		/* hash -> index + 1, open addressing */
	unsigned int nbuckets;
};

static unsigned int ends_key(const char *s, size_t n)
{
	return ((unsigned char)s[0] * 31u + (unsigned char)s[n - 1]) & 1023;
}

static void wanted_init(struct wanted *w, const char *const *names, int n,
			char *want)
{
	int k;

	memset(w, 0, sizeof(*w));
	w->names = names;
	w->n = n;
	w->want = want;
	for (w->nbuckets = 64; w->nbuckets < 4u * n; w->nbuckets *= 2)
		;
	w->bucket = xcalloc(w->nbuckets, sizeof(*w->bucket));
	for (k = 0; k < n; k++) {
		size_t len = strlen(names[k]);
		unsigned int h;

		if (!want[k] || !len || len > 255)
			continue;
		w->missing++;
		w->len_ok[len] = 1;
		w->ends_ok[ends_key(names[k], len)] = 1;
		h = hash_str(names[k], len) & (w->nbuckets - 1);
		while (w->bucket[h])
			h = (h + 1) & (w->nbuckets - 1);
		w->bucket[h] = k + 1;
	}
}

static int wanted_has(const struct wanted *w, const char *s, size_t n)
{
	unsigned int h;

	if (n > 255 || !w->len_ok[n] || !w->ends_ok[ends_key(s, n)])
		return 0;
	for (h = hash_str(s, n) & (w->nbuckets - 1); w->bucket[h];
	     h = (h + 1) & (w->nbuckets - 1)) {
		int k = w->bucket[h] - 1;

		if (w->want[k] && !strncmp(w->names[k], s, n) &&
		    !w->names[k][n])
			return 1;
	}
	return 0;
}

/* Can this header define one of the names, directly or by pasting? */
static int may_define(struct srcfile *f, const struct wanted *w)
{
	const char *p = f->buf, *end = f->buf + f->size;
	unsigned int i;
	int k;

	while (p < end) {
		const char *start;

		if (!is_ident_char(*p)) {
			p++;
			continue;
		}
		start = p;
		while (p < end && is_ident_char(*p))
			p++;
		if (wanted_has(w, start, p - start))
			return 1;
	}
	if (!f->pasted)
		find_pastes(f);
	for (i = 0; i < f->npaste; i++) {
		const struct paste *pa = &f->paste[i];

		for (k = 0; k < w->n; k++) {
			const char *name = w->names[k];
			size_t n = strlen(name);

			if (!w->want[k])
				continue;
			if (pa->nbefore && pa->nbefore < n &&
			    !strncmp(name, pa->before, pa->nbefore))
				return 1;
			if (pa->nafter && pa->nafter < n &&
			    !strncmp(name + n - pa->nafter, pa->after,
				     pa->nafter))
				return 1;
		}
	}
	return 0;
}

int srcset_resolve(struct srcset *ss, const char *const *names, int n)
{
	struct wanted w;
	int i, k;
	char *want = xcalloc(n, 1);

	/* The translation unit's own code first: .c files, always. */
	for (i = 0; i < ss->nfiles; i++)
		if (!ss->files[i].header)
			lex_file(ss, &ss->files[i]);

	/*
	 * A name stays wanted while its only definition is one whose body
	 * follows a macro's call: a header may still have the real one.
	 */
	for (k = 0; k < n; k++)
		want[k] = !found_with_body(ss, names[k]);
	wanted_init(&w, names, n, want);
	for (i = 0; w.missing && i < ss->nfiles; i++) {
		struct srcfile *f = &ss->files[i];

		if (f->lexed || load_file(ss, f) || !may_define(f, &w))
			continue;
		lex_file(ss, f);
		for (k = 0; k < n; k++)
			if (want[k] && found_with_body(ss, names[k])) {
				want[k] = 0;
				w.missing--;
			}
	}
	free(w.bucket);
	free(want);
	return ss->failures;
}

const struct funcdef *srcset_find(struct srcset *ss, const char *name)
{
	struct funcdef *d = find_exact(ss, name);

	return d ? d : find_template(ss, name);
}

int srcset_lex_all(struct srcset *ss)
{
	int i;

	for (i = 0; i < ss->nfiles; i++)
		lex_file(ss, &ss->files[i]);
	return ss->failures;
}

void srcset_for_each(struct srcset *ss, void (*fn)(const struct funcdef *,
						   void *), void *arg)
{
	struct funcdef *d;
	int i;

	for (i = 0; i < HASH_SIZE; i++)
		for (d = ss->defs[i]; d; d = d->next)
			fn(d, arg);
	for (d = ss->templates; d; d = d->next)
		fn(d, arg);
}
