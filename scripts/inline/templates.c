// SPDX-License-Identifier: GPL-2.0
/*
 * Functions whose name a macro pastes together from its parameters
 * ("__do_sys##name"): a name the object has is matched to such a template
 * only when the macro is traced to a call that gives the rest of the
 * name, through other macros if need be.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "source-internal.h"
#include "util.h"

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
	struct seen *sn;
	int n, added;

	if (depth > MAX_VERIFY_DEPTH)
		return 0;
	n = snprintf(key, sizeof(key), "%s/%d/%.*s", mname, arg, (int)vlen,
		     value);
	if (n < 0 || n >= (int)sizeof(key))
		return 0;
	sn = seen_memo(ss->answered, key, n, &added);
	if (!added)
		return sn->answer;
	/* a cycle of macros answers no: the answer is 0 until known */
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

/*
 * Is mname called under another name, "#define ALIAS mname", with the
 * argument? (TRACE_EVENT_RCU is TRACE_EVENT, or TRACE_EVENT_NOP.) Only
 * the definitions the configuration keeps are in the table.
 */
static int alias_called_with(struct srcset *ss, const char *mname, int arg,
			     const char *value, size_t vlen, int depth)
{
	size_t mlen = strlen(mname);
	struct macro *m;

	for (m = ss->aliases[hash_str(mname, mlen)]; m; m = m->next_alias)
		if (tok_is(&ss->files[m->file].toks, m->body, mname, mlen) &&
		    called_with(ss, m->name, arg, value, vlen, depth + 1))
			return 1;
	return 0;
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
	return alias_called_with(ss, mname, arg, value, vlen, depth);
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
struct funcdef *find_template(struct srcset *ss, const char *name)
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
