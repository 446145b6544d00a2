/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The sources of one translation unit, read for what the programmer wrote
 * at each function definition: its annotation and whether its body is an
 * asm wrapper.
 */
#ifndef INLINE_SOURCE_H
#define INLINE_SOURCE_H

#include "lexer.h"

/* How a definition asks to be inlined, weakest first. */
enum annot {
	A_NONE,
	A_INLINE,		/* inline, __inline__ */
	A_NOINLINE,		/* noinline, noinline_for_stack */
	A_INLINE_HINT,		/* inline_hint, and the bare __inline */
	A_ALWAYS_INLINE,	/* __always_inline, always_inline attribute */
	A_ASM_INLINE,		/* __asm_inline */
};

/* A place in a source file: a line, and bytes [col, end) of it (1-based). */
struct srcspan {
	unsigned int line, col, end;
};

struct funcdef {
	const char *name;	/* or the macro's template, "__do_sys##name" */
	const char *file;	/* as the build names it */
	unsigned int line, col;
	enum annot annot;
	const char *spelling;	/* the annotation as written */
	struct srcspan annot_at;	/* where it is written */
	struct srcspan annot_cut;	/* the same, with a blank beside it */
	struct srcspan decl_at;		/* the first word of the declaration */
	unsigned int name_off;		/* the name's byte offset in its file */
	unsigned int nargs;		/* its parameters */
	unsigned int is_static:1;
	unsigned int is_extern:1;
	/*
	 * A macro among its specifiers holds "static" in its name (STATIC in
	 * lib/decompress_unlzo.c): the storage class is the macro's, which
	 * another build of the file defines otherwise (static in the boot
	 * decompressor, empty in the kernel).
	 */
	unsigned int static_macro:1;
	unsigned int has_body:1;	/* 0: the body follows a macro call */
	unsigned int has_asm:1;		/* an asm statement in the body */
	unsigned int asm_wrapper:1;	/* an asm statement and trivial setup */
	/*
	 * Read under '#ifndef NAME', NAME not known then: the generic
	 * definition that an architecture overrides with its own and a
	 * '#define NAME NAME'.
	 */
	unsigned int overridable:1;
	/*
	 * An identifier among its specifiers that names, it seems, an
	 * annotation macro (MEM_STATIC), which no file read had defined;
	 * srcset_find() looks for it in the headers.
	 */
	char *annot_macro;
	const char *macro;	/* defined in the body of this macro */
	/* A name built by the macro: prefix ## param ## suffix. */
	const char *prefix, *suffix;
	int param;		/* -1: the name is a plain identifier */
	int nparams;
	struct funcdef *next;	/* same name, or next template */
};

static inline int annot_declared_inline(enum annot a)
{
	return a == A_INLINE || a == A_INLINE_HINT || a == A_ALWAYS_INLINE ||
	       a == A_ASM_INLINE;
}

const char *annot_name(enum annot a);

struct srcset;

/*
 * Open a translation unit from the object's .cmd file (source_ and deps_
 * lines written by fixdep). prefix is stripped from file names for display
 * (the source tree). Returns NULL, with a diagnostic, when the .cmd file is
 * missing or carries no dependency list.
 */
struct srcset *srcset_open(const char *cmdfile, const char *obj,
			   const char *prefix);
/*
 * The same from the dependency file the compiler wrote (-Wp,-MMD), for a
 * check that runs in the compile's own command, before fixdep.
 */
struct srcset *srcset_open_deps(const char *depfile, const char *prefix);
/*
 * A file already in memory (buf[size] and buf[size + 1] must be NUL); the
 * set owns buf from now on. For the tests and the fuzzer.
 */
void srcset_add_buffer(struct srcset *ss, const char *name, char *buf,
		       size_t size);

/* A single file, for the scanning modes and the tests. */
struct srcset *srcset_open_files(char **files, int n, const char *prefix);
void srcset_free(struct srcset *ss);
/*
 * Done with the set, which stays in memory: what it learnt of the
 * headers is kept for the next checks (--index-dir), as srcset_free()
 * does. For a process about to exit.
 */
void srcset_close(struct srcset *ss);

/*
 * Evaluate CONFIG_ conditionals with this autoconf.h; without it they
 * are unknown and both branches are read. Returns -1 (errno set) when
 * it cannot be read.
 */
int srcset_config(struct srcset *ss, const char *autoconf);

/*
 * The compile's -D and -U options, as the words of one string (Kbuild's
 * c_flags, a .cmd file's command: other words are skipped). A macro
 * that neither they nor a file of the set define is then taken as
 * undefined (NOTRACE, for include/linux/tracepoint.h), unless its name
 * is one the compiler may define (a leading '_'); without them, it is
 * not known, and both branches of its #ifdef are read.
 */
void srcset_defines(struct srcset *ss, const char *words);

/*
 * Keep what the prefilter learns of each header in dir, and use it in the
 * next checks of the build instead of reading the header again, while the
 * header is unchanged (its size, modification time and inode). Optional:
 * without it, or when dir cannot be written, every check reads them all.
 */
void srcset_index_dir(struct srcset *ss, const char *dir);

/*
 * Find the definitions of names[0..n). Lexes the translation unit's own
 * .c files, then only the headers that can hold one of the names still
 * missing. Returns the number of files that could not be read.
 */
int srcset_resolve(struct srcset *ss, const char *const *names, int n);

/* The definition of name, after srcset_resolve(); NULL when not found. */
const struct funcdef *srcset_find(struct srcset *ss, const char *name);

/* Call fn for every definition in the files lexed so far. */
void srcset_for_each(struct srcset *ss, void (*fn)(const struct funcdef *,
						   void *), void *arg);

/* Lex every file of the set (the scanning modes). */
int srcset_lex_all(struct srcset *ss);

/*
 * Is the name of d written in a file of the set other than where d is
 * defined, or before d in its own file: a declaration that other files
 * may call it through?
 */
int srcset_declared_elsewhere(struct srcset *ss, const struct funcdef *d);

/* The display name of a file: without the source tree prefix. */
const char *srcset_display(struct srcset *ss, const char *path);

#endif /* INLINE_SOURCE_H */
