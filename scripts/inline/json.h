/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The summary as JSON (inline-summary.json), for CI bots and scripts.
 */
#ifndef INLINE_JSON_H
#define INLINE_JSON_H

#include "summary.h"

/*
 * Write the summary's functions, then the misuse: the given findings (of
 * headers, found by the summary's own scan), then those of the objects.
 * Returns 0, or -1 when it could not be written (and says so).
 */
int json_write(const char *path, const struct summary *s,
	       const struct finding *misuse, unsigned int nmisuse);

#endif /* INLINE_JSON_H */
