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
 * The '#define' bodies are kept too, as the macro table that templates.c
 * traces pasted names through.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "source-internal.h"
#include "util.h"
#include "warn.h"

/* The name of a '...' parameter; the others are allocated. */
const char *const macro_va_args = "__VA_ARGS__";

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

struct scan {
	struct srcset *ss;
	struct srcfile *f;
	const struct tokens *t;
	struct macro *macro;		/* scanning this macro's body */
	struct cond cond;		/* at file scope */
};

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

/* Those whose arguments are read for the annotation. */
static const char *const attribute_specifiers[] = {
	"__attribute__", "__attribute", NULL,
};

/* Calls that stand for a type. */
static const char *const type_macros[] = {
	"typeof", "__typeof__", "__typeof", "typeof_unqual",
	"__typeof_unqual__", "_Alignas", "_Atomic", NULL,
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
unsigned int skip_group(const struct tokens *t, unsigned int i,
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

int macro_param(const struct macro *m, const struct tokens *t, unsigned int i)
{
	int p;

	if (!m || t->tok[i].type != T_IDENT)
		return -1;
	for (p = 0; p < m->nparams; p++)
		if (tok_is(t, i, m->params[p], strlen(m->params[p])))
			return p;
	return -1;
}

/* Where token i is: its line, its byte columns [col, end), 1-based. */
static void tok_span(const struct tokens *t, unsigned int i,
		     struct srcspan *sp)
{
	const char *start = t->buf + t->tok[i].off;

	sp->line = t->tok[i].line;
	sp->col = start - tok_line_start(t, i) + 1;
	sp->end = sp->col + t->tok[i].len;
}

/*
 * Token i with the blanks after it, or before it when it ends its line:
 * what to cut to remove the word.
 */
static void cut_span(const struct tokens *t, unsigned int i,
		     struct srcspan *sp)
{
	const char *start = t->buf + t->tok[i].off;
	const char *end = start + t->tok[i].len, *p = end;

	tok_span(t, i, sp);
	while (*p == ' ' || *p == '\t')
		p++;
	if (p > end && *p != '\n' && *p != '\\' && *p) {
		sp->end += p - end;
		return;
	}
	for (p = start; p > t->buf && (p[-1] == ' ' || p[-1] == '\t'); p--)
		;
	sp->col -= start - p;
}

/*
 * The end of a call at i among a definition's specifiers [i, to), whose
 * arguments are not the definition's: a macro's, an attribute's but
 * (always_inline in __attribute__((...))). 0: no such call.
 */
static unsigned int call_before(const struct tokens *t, unsigned int i,
				unsigned int to)
{
	unsigned int c;

	if (i + 1 >= to || !tok_punct(t, i + 1, '(') ||
	    ident_in(t, i, attribute_specifiers))
		return 0;
	c = skip_group(t, i + 1, to);
	return c < to ? c : 0;
}

static const struct {
	const char *word;
	enum annot annot;
} annot_words[] = {
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

/* Does the name of token i hold word (lower case), in any case? */
static int name_holds(const struct tokens *t, unsigned int i,
		      const char *word)
{
	char low[64];
	unsigned int k, n = t->tok[i].len;

	if (n >= sizeof(low))
		return 0;
	for (k = 0; k < n; k++)
		low[k] = tolower((unsigned char)tok_str(t, i)[k]);
	low[n] = '\0';
	return !!strstr(low, word);
}

/*
 * Is token i a name that may stand for an annotation, as the kernel's
 * such macros are named: MEM_STATIC, FORCE_INLINE, nokprobe_inline?
 */
static int annot_like(const struct tokens *t, unsigned int i)
{
	return name_holds(t, i, "inline") || name_holds(t, i, "static");
}

/* How deep read_words() follows macros that name macros. */
#define MACRO_DEPTH	4

/*
 * The specifiers among tokens [from, to) of t: static, extern and the
 * annotation words, and those of the object-like macros named there,
 * which a file already read defines (lib/maple_tree.c on 6.12:
 * "#define noinline_for_kasan inline", then "static noinline_for_kasan
 * void mas_store_b_node(...)"). at: the tokens are the definition's, where
 * a fix can go; a macro's say what the annotation is, but a fix there
 * would change every use of it, so they leave annot_at unset. Returns the
 * first token of the declaration: after a call that stands for neither
 * an attribute nor a type, which ends before the definition without a
 * semicolon (mm/interval_tree.c: INTERVAL_TREE_DEFINE(..., static inline,
 * ...), then a function that is neither).
 */
static unsigned int read_words(struct srcset *ss, struct funcdef *d,
			       const struct tokens *t, unsigned int from,
			       unsigned int to, int at, int depth)
{
	unsigned int i, w, c, decl = from;
	const struct macro *m;

	for (i = from; i < to; i++) {
		if (t->tok[i].type != T_IDENT)
			continue;
		c = call_before(t, i, to);
		if (c) {
			if (!ident_in(t, i, attribute_macros) &&
			    !ident_in(t, i, type_macros))
				decl = c + 1;
			i = c;
			continue;
		}
		if (TOK_IS(t, i, "static")) {
			d->is_static = 1;
			continue;
		}
		if (TOK_IS(t, i, "extern")) {
			d->is_extern = 1;
			continue;
		}
		for (w = 0; w < ARRAY_SIZE(annot_words); w++)
			if (tok_is(t, i, annot_words[w].word,
				   strlen(annot_words[w].word)))
				break;
		if (w == ARRAY_SIZE(annot_words)) {
			if (at && name_holds(t, i, "static"))
				d->static_macro = 1;
			m = depth < MACRO_DEPTH ?
			    find_macro(ss, tok_str(t, i), t->tok[i].len) : NULL;
			if (m && !m->function_like)
				read_words(ss, d, &ss->files[m->file].toks,
					   m->body, m->end, 0, depth + 1);
			else if (!m && at && !d->annot_macro &&
				 annot_like(t, i))
				d->annot_macro = xstrndup(tok_str(t, i),
							  t->tok[i].len);
			continue;
		}
		/* noinline wins over a plain inline written beside it */
		if (annot_words[w].annot > d->annot ||
		    (annot_words[w].annot == A_NOINLINE &&
		     d->annot == A_INLINE)) {
			d->annot = annot_words[w].annot;
			d->spelling = annot_words[w].word;
			if (at) {
				tok_span(t, i, &d->annot_at);
				cut_span(t, i, &d->annot_cut);
			} else {
				memset(&d->annot_at, 0, sizeof(d->annot_at));
				memset(&d->annot_cut, 0, sizeof(d->annot_cut));
			}
		}
	}
	return decl;
}

void read_annot_macro(struct srcset *ss, struct funcdef *d)
{
	char *name = d->annot_macro;
	size_t n = strlen(name);
	const struct macro *m;

	d->annot_macro = NULL;
	lex_headers_with(ss, name, n);
	m = find_macro(ss, name, n);
	if (m && !m->function_like)
		read_words(ss, d, &ss->files[m->file].toks, m->body, m->end,
			   0, 1);
	free(name);
}

/* The specifiers [from, to) of a definition. */
static void read_specifiers(struct srcset *ss, struct funcdef *d,
			    const struct tokens *t, unsigned int from,
			    unsigned int to)
{
	unsigned int decl = read_words(ss, d, t, from, to, 1, 0);

	if (decl < to)
		tok_span(t, decl, &d->decl_at);
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

static void index_definition(struct srcset *ss, struct funcdef *d)
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

/* The parameters of the list that opens at token open: (void) has none. */
static unsigned int count_params(const struct tokens *t, unsigned int open)
{
	unsigned int i, n = 1;
	int depth = 0;

	if (open + 1 >= t->nr || !tok_punct(t, open, '(') ||
	    tok_punct(t, open + 1, ')') ||
	    (TOK_IS(t, open + 1, "void") && open + 2 < t->nr &&
	     tok_punct(t, open + 2, ')')))
		return 0;
	for (i = open + 1; i < t->nr; i++) {
		if (tok_punct(t, i, '('))
			depth++;
		else if (tok_punct(t, i, ')') && !depth--)
			break;
		else if (tok_punct(t, i, ',') && !depth)
			n++;
	}
	return n;
}

/*
 * Record a definition whose name is the tokens [nb, ne] (one identifier,
 * or identifiers joined by ## in a macro body), its body [open, close].
 */
static void add_definition(struct scan *s, unsigned int decl,
			   unsigned int nb, unsigned int ne, unsigned int open,
			   unsigned int close)
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
	d->name_off = t->tok[nb].off;
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
	d->nargs = count_params(t, ne + 1);
	d->overridable = !s->macro && cond_assumes_undefined(&s->cond, name, n);
	if (d->param >= 0)
		d->suffix = xstrndup(lit, m);
	read_specifiers(s->ss, d, t, decl, nb);
	if (open < close) {
		d->has_body = 1;
		read_body(d, t, open, close);
	}
	index_definition(s->ss, d);
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
	int cap = 0, function_like = 0;

	i++;			/* the name */
	if (i >= eol || t->tok[i].type != T_IDENT)
		return;
	m = xcalloc(1, sizeof(*m));
	m->name = xstrndup(tok_str(t, i), t->tok[i].len);
	m->file = s->f - s->ss->files;
	m->uncertain = !cond_certain(&s->cond);
	i++;
	if (i < eol && tok_punct(t, i, '(') && t->tok[i].glued) {
		function_like = 1;
		m->function_like = 1;
		for (i++; i < eol && !tok_punct(t, i, ')'); i++) {
			const char *p = NULL;

			if (t->tok[i].type == T_IDENT)
				p = xstrndup(tok_str(t, i), t->tok[i].len);
			else if (t->tok[i].type == T_ELLIPSIS &&
				 !tok_punct(t, i - 1, ','))
				continue;	/* args... */
			else if (t->tok[i].type == T_ELLIPSIS)
				p = macro_va_args;
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
	if (!function_like && m->end == m->body + 1 &&
	    t->tok[m->body].type == T_IDENT) {
		h = hash_str(tok_str(t, m->body), t->tok[m->body].len);
		m->next_alias = s->ss->aliases[h];
		s->ss->aliases[h] = m;
	}

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
				add_definition(s, decl, nb, ne, 0, 0);
				have = 0;
			}
			break;
		}
		case '{': {
			unsigned int c = skip_group(t, i, end);

			if (have && !eq &&
			    attributes_then_brace(t, close_paren + 1, end) == i) {
				add_definition(s, decl, nb, ne, i, c);
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

/*
 * Is the macro defined, for a conditional of a .c file: by a .c file read
 * so far, or by a header where its configuration keeps it for certain?
 */
static int defined_for_c(struct srcset *ss, const char *name, unsigned int n)
{
	const struct macro *m;

	for (m = ss->macros[hash_str(name, n)]; m; m = m->next)
		if (strlen(m->name) == n && !strncmp(m->name, name, n) &&
		    (!m->uncertain || !ss->files[m->file].header))
			return 1;
	return 0;
}

/*
 * Is the macro defined, for a conditional of the file s scans? The
 * compile's -D options say so for certain. A header's conditional takes
 * any definition read so far. A .c file may test a macro of a header that
 * holds no name looked for (6.12's mm/slub.c: '#ifdef
 * SLAB_SUPPORTS_SYSFS', a macro of mm/slab.h, decides between
 * sysfs_slab_add() and its inline stub): the headers that define it are
 * read, and one of them must define it in a branch the configuration
 * keeps for certain (not include/acpi/platform/acenv.h's
 * ACPI_NO_ERROR_MESSAGES, under '#ifdef ACPI_HELP_APP', which would leave
 * all of ACPICA's error functions out). A macro that neither the
 * compile's command nor any file defines is not defined (NOTRACE, in
 * include/linux/tracepoint.h). Else it is not known.
 */
static enum tri macro_defined(void *arg, const char *name, unsigned int n,
			      int *guess)
{
	struct scan *s = arg;
	enum tri cmd = srcset_cmdline_macro(s->ss, name, n);

	if (cmd == YES) {
		*guess = 0;
		return YES;
	}
	if (s->f->header) {
		if (find_macro(s->ss, name, n))
			return YES;
	} else {
		if (!defined_for_c(s->ss, name, n))
			lex_headers_defining_macro(s->ss, name, n);
		if (defined_for_c(s->ss, name, n))
			return YES;
	}
	if (cmd == NO && !srcset_writes_define(s->ss, name, n))
		return NO;
	return MAYBE;
}

int read_definitions(struct srcset *ss, struct srcfile *f)
{
	struct scan s = { .ss = ss, .f = f };

	cond_init(&s.cond, ss->cfg, macro_defined, &s);
	if (f->lexed)
		return 0;
	if (srcset_load(ss, f))
		return -1;
	f->lexed = 1;
	if (lex_buffer(&f->toks, f->buf, f->size))
		WARN_SOURCE(f->display,
			    "not C text (a NUL byte or an unterminated comment)");
	s.t = &f->toks;
	scan_range(&s, 0, f->toks.nr);
	return 0;
}

struct macro *find_macro(struct srcset *ss, const char *name, size_t n)
{
	struct macro *m;

	for (m = ss->macros[hash_str(name, n)]; m; m = m->next)
		if (strlen(m->name) == n && !strncmp(m->name, name, n))
			return m;
	return NULL;
}
