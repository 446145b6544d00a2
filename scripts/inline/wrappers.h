/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The listing mode beside the build's check: the inline asm wrappers of a
 * set of headers (inline-check --asm-wrappers).
 */
#ifndef INLINE_WRAPPERS_H
#define INLINE_WRAPPERS_H

/*
 * List the inline functions of headers whose body is an asm wrapper, with
 * their annotation, and, when builds is given (directories holding a
 * W=inline build's findings), how many objects kept them out of line and
 * at what cost.
 */
int asm_wrappers(char **headers, int n, const char *srctree,
		 char **builds, int nbuilds);

#endif /* INLINE_WRAPPERS_H */
