/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The two reporting modes beside the build's check: the list of inline
 * asm wrappers in a set of headers, and the text-size table of builds.
 */
#ifndef INLINE_SCAN_H
#define INLINE_SCAN_H

/*
 * List the inline functions of headers whose body is an asm wrapper, with
 * their annotation, and, when builds is given (directories holding a
 * W=inline build's findings), how many objects kept them out of line and
 * at what cost.
 */
int asm_wrappers(char **headers, int n, const char *srctree,
		 char **builds, int nbuilds);

/*
 * Print the 2009 table: name, text-size, delta from the previous row and
 * delta in percent of the row's size, for NAME=FILE arguments (an object,
 * an archive such as built-in.a, or vmlinux). An empty argument prints an
 * empty line.
 */
int size_table(char **args, int n, const char *title);

#endif /* INLINE_SCAN_H */
