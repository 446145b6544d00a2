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
	WARN_SOURCE(file_shown(file), fmt, ##__VA_ARGS__)

/* a source file, by the name the findings give it (diag.c) */
#define WARN_SOURCE(display, fmt, ...)					\
	fprintf(stderr, "%s: warning: inline-check: " fmt "\n",		\
		(display), ##__VA_ARGS__)

/*
 * A hand run works in the object tree (inline-check.c), and shows the
 * files it names from where it was started: relative to that directory
 * when they are under it, else absolute. Kbuild's runs start in the tree,
 * and their names are shown as they are.
 */
void file_shown_from(const char *cwd, const char *tree);
const char *file_shown(const char *path);

#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))

#define ERROR(fmt, ...)							\
	fprintf(stderr, "inline-check: error: " fmt "\n", ##__VA_ARGS__)

#endif /* INLINE_WARN_H */
