/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Inside the source reader (source.h): the set of files of a translation
 * unit and what has been read of them, shared by
 *
 *   srcset.c       the files: from the object's .cmd file, loaded once
 *   definitions.c  tokens to function definitions, and the macro table
 *   templates.c    functions whose name a macro pastes: traced to a call
 *   prefilter.c    which headers are worth lexing for the names looked for
 *   lookup.c       the definition of each name (srcset_resolve/find)
 */
#ifndef INLINE_SOURCE_INTERNAL_H
#define INLINE_SOURCE_INTERNAL_H

#include <stddef.h>

#include "cond.h"
#include "source.h"
#include "util.h"

struct macro {
	const char *name;
	int file;
	unsigned int body, end;		/* token range of the body */
	int nparams;
	const char **params;
	unsigned int function_like:1;
	unsigned int uncertain:1;	/* in a branch that may not be compiled */
	struct macro *next;		/* same hash bucket */
	struct macro *next_alias;	/* aliases[]: same body */
};

/* A memo: needles searched, questions answered. */
struct seen {
	char *key;
	int answer;
	struct seen *next;
};

/*
 * srcset.c: the memo of key[0..n) in tab, a table of HASH_SIZE chains by
 * hash_str(): the one there, or a new one, its answer 0 (*added set).
 */
struct seen *seen_memo(struct seen **tab, const char *key, size_t n,
		       int *added);

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
	unsigned int unstored:1;	/* its index learnt here, not kept yet */
	struct paste *paste;
	unsigned int npaste;
	unsigned char *idents;	/* prefilter.c: a Bloom filter of its identifiers */
	unsigned int idents_mapped:1;	/* ... in the pack, not to be freed */
	unsigned int idents_bits;
	char *paste_text;	/* the pastes' text, when read from the index */
	/* the file as it was read: what an index of it is valid for */
	unsigned long long st_size, st_ino;
	long long st_sec, st_nsec;
};

#define HASH_SIZE	4096

struct srcset {
	struct config *cfg;
	const char *prefix;
	size_t prefix_len;
	struct srcfile *files;
	int nfiles;
	int *file_slot;		/* files by path: index + 1, open addressing */
	unsigned int nfile_slots;
	struct funcdef *defs[HASH_SIZE];
	struct funcdef *templates;	/* names pasted from macro parameters */
	struct macro *macros[HASH_SIZE];
	/* "#define ALIAS NAME", by NAME: macros called under another name */
	struct macro *aliases[HASH_SIZE];
	struct seen *searched[HASH_SIZE];
	struct seen *answered[HASH_SIZE];
	struct seen *defined[HASH_SIZE];	/* macros looked for */
	struct seen *written[HASH_SIZE];	/* in srcset_writes_define() */
	struct callsite *calls[HASH_SIZE];
	/* the compile's -D macros, when its command is known (cmd_known) */
	char **cmd_macros;
	int ncmd_macros;
	unsigned int cmd_known:1;
	const char *index_dir;		/* headers' indexes between checks, or NULL */
	struct index_pack *pack;	/* prefilter.c: their pack, mapped */
	unsigned int pack_tried:1;
	unsigned int loose;		/* index files read */
	unsigned int unstored;		/* indexes learnt, kept at the end */
	int failures;
};

static inline unsigned int hash_str(const char *s, size_t n)
{
	return str_hash(s, n) & (HASH_SIZE - 1);
}

static inline const char *tok_str(const struct tokens *t, unsigned int i)
{
	return t->buf + t->tok[i].off;
}

/* prefilter.c: pack the index files when there were many; unmap the pack. */
void index_finish(struct srcset *ss);

/*
 * srcset.c: what the compile's command says of the macro name[0..n): YES
 * (a -D option), NO (the command is known, and the macro is neither
 * there nor a name the compiler may define itself), or MAYBE.
 */
enum tri srcset_cmdline_macro(const struct srcset *ss, const char *name,
			      unsigned int n);

/* srcset.c: read the file into f->buf, once; -1 (said, counted) if not. */
int srcset_load(struct srcset *ss, struct srcfile *f);

/* definitions.c */
/* The name of a '...' parameter; the others are allocated. */
extern const char *const macro_va_args;
/* Lex f and read its definitions and macros, once. */
int read_definitions(struct srcset *ss, struct srcfile *f);
struct macro *find_macro(struct srcset *ss, const char *name, size_t n);
/*
 * d's annotation macro (d->annot_macro), looked for in the headers, and
 * its words read.
 */
void read_annot_macro(struct srcset *ss, struct funcdef *d);
/* The index of the parameter of m that token i is, or -1. */
int macro_param(const struct macro *m, const struct tokens *t, unsigned int i);
/* The closing token of the group opened at i, or end. */
unsigned int skip_group(const struct tokens *t, unsigned int i,
			unsigned int end);

/* templates.c: the traced template that makes name, or NULL. */
struct funcdef *find_template(struct srcset *ss, const char *name);

/* prefilter.c */
/* A character of identifiers: [0-9A-Za-z_]. */
int is_ident_char(char c);
/* Lex the headers that write the identifier needle, once per needle. */
void lex_headers_with(struct srcset *ss, const char *needle, size_t n);
/* Lex the headers that define the macro needle, once per needle. */
void lex_headers_defining_macro(struct srcset *ss, const char *needle,
				size_t n);
/*
 * Does a file of the set, a .c file or a header, write '#define needle',
 * in any branch? Once per needle.
 */
int srcset_writes_define(struct srcset *ss, const char *needle, size_t n);
/*
 * Lex the headers that can define one of names[k] for which want[k] is
 * set, until each is found with its body (and want[k] cleared).
 */
void lex_headers_defining(struct srcset *ss, const char *const *names, int n,
			  char *want);

/*
 * lookup.c: is name's definition found, body and all, and not one that a
 * header not read yet may override?
 */
int found_with_body(struct srcset *ss, const char *name);

#endif /* INLINE_SOURCE_INTERNAL_H */
