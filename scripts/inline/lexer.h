/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The token stream of one C source file, as produced by lexer.l.
 *
 * Tokens keep an offset into the file's buffer rather than a copy of their
 * text: a kernel compile pulls in hundreds of headers and most of their
 * tokens are never looked at twice.
 */
#ifndef INLINE_LEXER_H
#define INLINE_LEXER_H

#include <stddef.h>

enum tok_type {
	T_EOF,
	T_IDENT,
	T_NUMBER,
	T_STRING,
	T_CHAR,
	T_PUNCT,	/* one character: ( ) { } ; , * = ... */
	T_PASTE,	/* ## */
	T_ELLIPSIS,	/* ... */
	T_DEFINE,	/* '#define', up to T_EOL */
	T_DIRECTIVE,	/* any other '#' line, up to T_EOL */
	T_EOL,		/* end of a preprocessor line */
};

struct token {
	unsigned int type:8;
	unsigned int glued:1;	/* no blank between it and the token before */
	unsigned int len:23;
	unsigned int line;
	unsigned int off;	/* byte offset in the buffer */
};

struct tokens {
	const char *buf;	/* the file, NUL-terminated */
	size_t size;
	struct token *tok;
	unsigned int nr, alloc;
	unsigned int lines;
};

/*
 * Tokenize buf[0..size). buf must have two NUL bytes after its end (flex
 * scans in place). Returns 0, or -1 when the input cannot be a C file
 * (a NUL byte in the text, or an unterminated comment); tokens up to that
 * point are kept.
 */
int lex_buffer(struct tokens *t, char *buf, size_t size);
void tokens_free(struct tokens *t);

static inline int tok_is(const struct tokens *t, unsigned int i, const char *s,
			 size_t n)
{
	const struct token *k = &t->tok[i];

	return k->len == n && !__builtin_memcmp(t->buf + k->off, s, n);
}

#define TOK_IS(t, i, lit)	tok_is(t, i, lit, sizeof(lit) - 1)

static inline int tok_punct(const struct tokens *t, unsigned int i, char c)
{
	return t->tok[i].type == T_PUNCT && t->buf[t->tok[i].off] == c;
}

/* Where the line of token i starts in the buffer. */
const char *tok_line_start(const struct tokens *t, unsigned int i);

/* GCC's column: 1-based, tabs expanded to the next multiple of 8. */
unsigned int tok_column(const struct tokens *t, unsigned int i);

#endif /* INLINE_LEXER_H */
