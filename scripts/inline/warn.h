/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The checker's complaints about its own input, in the form the build log
 * already uses for objtool: "file: warning: inline-check: message".
 * Findings about the code being built are printed by diag.c.
 */
#ifndef INLINE_WARN_H
#define INLINE_WARN_H

#include <stdio.h>

#define WARN_FILE(file, fmt, ...)					\
	fprintf(stderr, "%s: warning: inline-check: " fmt "\n",		\
		(file), ##__VA_ARGS__)

#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))

#define ERROR(fmt, ...)							\
	fprintf(stderr, "inline-check: error: " fmt "\n", ##__VA_ARGS__)

#endif /* INLINE_WARN_H */
