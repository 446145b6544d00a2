/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Preprocessor conditionals, evaluated as far as the build's configuration
 * and the macros seen so far allow: a definition under '#ifdef CONFIG_SMP'
 * and its twin under '#else' are not both the one the compiler saw.
 */
#ifndef INLINE_COND_H
#define INLINE_COND_H

#include "lexer.h"

enum tri { NO, YES, MAYBE };

struct config;

/* include/generated/autoconf.h; NULL (all CONFIG_ unknown) if unreadable. */
struct config *config_load(const char *path);
void config_free(struct config *cfg);
/*
 * The value of an option in autoconf.h, to be freed: a string's unquoted
 * ("#define CONFIG_CC_VERSION_TEXT \"gcc (Debian 12.2.0-14) 12.2.0\""),
 * another's as written ("1" for y); NULL when the file or the option is
 * missing.
 */
char *config_value(const char *path, const char *name);

#define COND_DEPTH	64

struct cond {
	const struct config *cfg;
	/*
	 * Is the macro name[0..n) defined? YES, NO or MAYBE. A YES is a
	 * guess (the branch is not certain) unless it clears *guess: the
	 * compile's -D option is no guess.
	 */
	enum tri (*defined)(void *arg, const char *name, unsigned int n,
			    int *guess);
	void *arg;
	int depth;
	unsigned char cur[COND_DEPTH];		/* this branch */
	unsigned char taken[COND_DEPTH];	/* an earlier branch */
	/*
	 * a macro not CONFIG_ was found defined in a file, for this branch
	 * or one before
	 */
	unsigned char guessed[COND_DEPTH];
	/*
	 * The NAME of an '#ifndef NAME' read as live only because NAME was
	 * not known yet (MAYBE), while in its first branch; else NULL.
	 */
	const char *unless[COND_DEPTH];
	unsigned int unless_len[COND_DEPTH];
};

void cond_init(struct cond *c, const struct config *cfg,
	       enum tri (*defined)(void *, const char *, unsigned int, int *),
	       void *arg);

/*
 * Account for the '#' line tokens [i, eol) (tokens[i] is T_DIRECTIVE).
 * Lines other than #if, #ifdef, #ifndef, #elif, #else and #endif are
 * ignored.
 */
void cond_directive(struct cond *c, const struct tokens *t, unsigned int i,
		    unsigned int eol);

/* Can the code at this point be compiled? */
int cond_live(const struct cond *c);

/*
 * Is the code at this point compiled for certain: every branch around it
 * known to be taken from the configuration alone, but for an '#ifndef
 * NAME' read while NAME was unknown (a header's guard)? A macro that a
 * header defines may itself be defined under a condition not known.
 */
int cond_certain(const struct cond *c);

/*
 * Does the code at this point assume, without knowing it, that the macro
 * name[0..n) is undefined: is it inside the first branch of an '#ifndef
 * name' read while name was unknown?
 */
int cond_assumes_undefined(const struct cond *c, const char *name,
			   unsigned int n);

#endif /* INLINE_COND_H */
