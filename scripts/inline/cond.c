// SPDX-License-Identifier: GPL-2.0
/*
 * Preprocessor conditionals, in three-valued logic.
 *
 * What can be known is known from the configuration (CONFIG_ symbols,
 * defined(), IS_ENABLED() and friends) and from the macros of the files
 * read so far; anything else (arithmetic, compiler macros) is MAYBE, and a
 * MAYBE branch is read as live. The aim is not to preprocess but to pick,
 * of two definitions of one function, the one the compiler could see.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cond.h"
#include "util.h"

#define CFG_SIZE	4096

struct cfgsym {
	const char *name;	/* in the config's text, cut there */
	struct cfgsym *next;
};

/* autoconf.h read whole, once per check: two allocations, not two a name */
struct config {
	char *text;
	struct cfgsym *syms;
	struct cfgsym *tab[CFG_SIZE];
};

static unsigned int cfg_hash(const char *s, unsigned int n)
{
	unsigned int h = 5381;

	while (n--)
		h = h * 33 + (unsigned char)*s++;
	return h & (CFG_SIZE - 1);
}

struct config *config_load(const char *path)
{
	struct config *cfg = xcalloc(1, sizeof(*cfg));
	size_t size = 0, n = 0, cap = 0, i;
	char *p, *end, *eol, *sp;
	ssize_t len = read_file(path, &cfg->text, &size);

	if (len < 0) {
		free(cfg->text);
		free(cfg);
		return NULL;
	}
	/* "#define CONFIG_NAME value": the name, cut at its space */
	for (p = cfg->text, end = p + len; p < end; p = eol + 1) {
		eol = memchr(p, '\n', end - p);
		if (!eol)
			eol = end;
		if (eol - p < 15 || memcmp(p, "#define CONFIG_", 15))
			continue;
		sp = memchr(p + 15, ' ', eol - (p + 15));
		if (!sp)
			continue;
		*sp = '\0';
		if (n == cap) {
			cap = cap ? 2 * cap : 1024;
			cfg->syms = xrealloc(cfg->syms, cap * sizeof(*cfg->syms));
		}
		cfg->syms[n++].name = p + 8;
	}
	for (i = 0; i < n; i++) {
		unsigned int h = cfg_hash(cfg->syms[i].name,
					  strlen(cfg->syms[i].name));

		cfg->syms[i].next = cfg->tab[h];
		cfg->tab[h] = &cfg->syms[i];
	}
	return cfg;
}

char *config_value(const char *path, const char *name)
{
	size_t n = strlen(name);
	char line[4096], *val = NULL, *v, *end;
	FILE *fp = fopen(path, "r");

	if (!fp)
		return NULL;
	while (!val && fgets(line, sizeof(line), fp)) {
		if (strncmp(line, "#define ", 8) || strncmp(line + 8, name, n) ||
		    line[8 + n] != ' ')
			continue;
		v = line + 9 + n;
		if (*v == '"')
			end = strrchr(++v, '"');
		else
			end = v + strcspn(v, "\n");
		if (end && end >= v)
			val = xstrndup(v, end - v);
	}
	fclose(fp);
	return val;
}

void config_free(struct config *cfg)
{
	if (!cfg)
		return;
	free(cfg->syms);
	free(cfg->text);
	free(cfg);
}

static int config_has(const struct config *cfg, const char *name,
		      unsigned int n)
{
	const struct cfgsym *s;

	for (s = cfg->tab[cfg_hash(name, n)]; s; s = s->next)
		if (!strncmp(s->name, name, n) && !s->name[n])
			return 1;
	return 0;
}

void cond_init(struct cond *c, const struct config *cfg,
	       enum tri (*defined)(void *, const char *, unsigned int, int *),
	       void *arg)
{
	memset(c, 0, sizeof(*c));
	c->cfg = cfg;
	c->defined = defined;
	c->arg = arg;
}

int cond_live(const struct cond *c)
{
	int i;

	for (i = 0; i < c->depth && i < COND_DEPTH; i++)
		if (c->cur[i] == NO)
			return 0;
	return 1;
}

int cond_certain(const struct cond *c)
{
	int i;

	for (i = 0; i < c->depth && i < COND_DEPTH; i++)
		if ((c->cur[i] != YES || c->guessed[i]) && !c->unless[i])
			return 0;
	return 1;
}

int cond_assumes_undefined(const struct cond *c, const char *name,
			   unsigned int n)
{
	int i = c->depth < COND_DEPTH ? c->depth : COND_DEPTH;

	while (--i >= 0)
		if (c->unless[i] && c->unless_len[i] == n &&
		    !memcmp(c->unless[i], name, n))
			return 1;
	return 0;
}

static enum tri tri_not(enum tri a)
{
	return a == MAYBE ? MAYBE : a == YES ? NO : YES;
}

static enum tri tri_and(enum tri a, enum tri b)
{
	if (a == NO || b == NO)
		return NO;
	return a == YES && b == YES ? YES : MAYBE;
}

static enum tri tri_or(enum tri a, enum tri b)
{
	if (a == YES || b == YES)
		return YES;
	return a == NO && b == NO ? NO : MAYBE;
}

struct expr {
	const struct tokens *t;
	unsigned int i, end;
	const struct cond *c;
	int bad;		/* something this reader does not evaluate */
	int guessed;		/* a macro not CONFIG_ found defined in a file */
};

static int is_config(const struct tokens *t, unsigned int i)
{
	return t->tok[i].type == T_IDENT && t->tok[i].len > 7 &&
	       !strncmp(t->buf + t->tok[i].off, "CONFIG_", 7);
}

static enum tri defined(struct expr *e, unsigned int i)
{
	const struct tokens *t = e->t;
	const char *name = t->buf + t->tok[i].off;
	enum tri r;
	int guess = 1;

	if (is_config(t, i))
		return e->c->cfg ? (config_has(e->c->cfg, name, t->tok[i].len) ?
				    YES : NO) : MAYBE;
	r = e->c->defined(e->c->arg, name, t->tok[i].len, &guess);
	e->guessed |= r == YES && guess;
	return r;
}

/* CONFIG_X is y (builtin) or m (X_MODULE)? */
static enum tri config_state(const struct expr *e, unsigned int i,
			     int builtin, int module)
{
	const struct tokens *t = e->t;
	char name[256];
	unsigned int n = t->tok[i].len;
	enum tri r = NO;

	if (!is_config(t, i) || n + 8 > sizeof(name))
		return MAYBE;
	if (!e->c->cfg)
		return MAYBE;
	memcpy(name, t->buf + t->tok[i].off, n);
	if (builtin && config_has(e->c->cfg, name, n))
		r = YES;
	memcpy(name + n, "_MODULE", 7);
	if (module && config_has(e->c->cfg, name, n + 7))
		r = YES;
	return r;
}

static int at_punct(struct expr *e, char ch)
{
	return e->i < e->end && tok_punct(e->t, e->i, ch);
}

static enum tri expr_or(struct expr *e);

static enum tri expr_unary(struct expr *e)
{
	const struct tokens *t = e->t;
	enum tri r;

	if (e->i >= e->end) {
		e->bad = 1;
		return MAYBE;
	}
	if (at_punct(e, '!')) {
		e->i++;
		return tri_not(expr_unary(e));
	}
	if (at_punct(e, '(')) {
		e->i++;
		r = expr_or(e);
		if (!at_punct(e, ')'))
			e->bad = 1;
		e->i++;
		return r;
	}
	if (t->tok[e->i].type == T_NUMBER) {
		const char *p = t->buf + t->tok[e->i].off;

		e->i++;
		return t->tok[e->i - 1].len == 1 && *p == '0' ? NO : YES;
	}
	if (t->tok[e->i].type != T_IDENT) {
		e->bad = 1;
		return MAYBE;
	}
	if (TOK_IS(t, e->i, "defined")) {
		int paren;

		e->i++;
		paren = at_punct(e, '(');
		e->i += paren;
		if (e->i >= e->end || t->tok[e->i].type != T_IDENT) {
			e->bad = 1;
			return MAYBE;
		}
		r = defined(e, e->i++);
		if (paren) {
			if (!at_punct(e, ')'))
				e->bad = 1;
			e->i++;
		}
		return r;
	}
	if (TOK_IS(t, e->i, "IS_ENABLED") || TOK_IS(t, e->i, "IS_BUILTIN") ||
	    TOK_IS(t, e->i, "IS_MODULE") || TOK_IS(t, e->i, "IS_REACHABLE")) {
		int builtin = !TOK_IS(t, e->i, "IS_MODULE");
		int module = !TOK_IS(t, e->i, "IS_BUILTIN");

		e->i++;
		if (!at_punct(e, '(') || e->i + 2 >= e->end) {
			e->bad = 1;
			return MAYBE;
		}
		r = config_state(e, e->i + 1, builtin, module);
		e->i += 2;
		if (!at_punct(e, ')'))
			e->bad = 1;
		e->i++;
		return r;
	}
	/* a bare CONFIG_X is 1 when set, 0 (undefined) otherwise */
	if (is_config(t, e->i))
		return config_state(e, e->i++, 1, 0);
	e->bad = 1;
	e->i++;
	return MAYBE;
}

static int at_twice(struct expr *e, char ch)
{
	return e->i + 1 < e->end && tok_punct(e->t, e->i, ch) &&
	       tok_punct(e->t, e->i + 1, ch) && e->t->tok[e->i + 1].glued;
}

static enum tri expr_and(struct expr *e)
{
	enum tri r = expr_unary(e);

	while (at_twice(e, '&')) {
		e->i += 2;
		r = tri_and(r, expr_unary(e));
	}
	return r;
}

static enum tri expr_or(struct expr *e)
{
	enum tri r = expr_and(e);

	while (at_twice(e, '|')) {
		e->i += 2;
		r = tri_or(r, expr_and(e));
	}
	return r;
}

static enum tri eval(const struct cond *c, const struct tokens *t,
		     unsigned int i, unsigned int end, int *guessed)
{
	struct expr e = { .t = t, .i = i, .end = end, .c = c };
	enum tri r = expr_or(&e);

	*guessed = e.guessed;

	/* comparisons, arithmetic, function-like macros: not known */
	if (e.bad || e.i != end)
		return MAYBE;
	return r;
}

void cond_directive(struct cond *c, const struct tokens *t, unsigned int i,
		    unsigned int eol)
{
	unsigned int w = i + 1;
	int d = c->depth - 1;
	struct expr e = { .t = t, .c = c };
	enum tri r;
	int guessed = 0;

	if (w >= eol || t->tok[w].type != T_IDENT)
		return;
	if (TOK_IS(t, w, "if") || TOK_IS(t, w, "ifdef") ||
	    TOK_IS(t, w, "ifndef")) {
		if (TOK_IS(t, w, "if")) {
			r = eval(c, t, w + 1, eol, &guessed);
		} else if (w + 1 < eol && t->tok[w + 1].type == T_IDENT) {
			r = defined(&e, w + 1);
			guessed = e.guessed;
		} else {
			r = MAYBE;
		}
		if (TOK_IS(t, w, "ifndef"))
			r = tri_not(r);
		if (c->depth < COND_DEPTH) {
			c->cur[c->depth] = r;
			c->taken[c->depth] = r;
			c->guessed[c->depth] = guessed;
			c->unless[c->depth] = NULL;
			if (TOK_IS(t, w, "ifndef") && r == MAYBE) {
				c->unless[c->depth] = t->buf + t->tok[w + 1].off;
				c->unless_len[c->depth] = t->tok[w + 1].len;
			}
		}
		c->depth++;
	} else if (TOK_IS(t, w, "elif") && d >= 0) {
		if (d < COND_DEPTH) {
			r = eval(c, t, w + 1, eol, &guessed);
			c->cur[d] = tri_and(tri_not(c->taken[d]), r);
			c->taken[d] = tri_or(c->taken[d], r);
			c->guessed[d] |= guessed;
			c->unless[d] = NULL;
		}
	} else if (TOK_IS(t, w, "else") && d >= 0) {
		if (d < COND_DEPTH) {
			c->cur[d] = tri_not(c->taken[d]);
			c->unless[d] = NULL;
		}
	} else if (TOK_IS(t, w, "endif") && d >= 0) {
		c->depth--;
	}
}
