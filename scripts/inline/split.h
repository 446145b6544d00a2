/* SPDX-License-Identifier: GPL-2.0 */
/*
 * make W=inline: the compiler writes its inline report to stderr, among
 * its diagnostics (GCC the lines of -fopt-info-inline-missed, clang the
 * remarks of -Rpass-missed=inline), so that the report comes back from
 * ccache, distcc and icecream, which return a compile's stderr but no
 * file beside the object. Kbuild keeps the compile's stderr in a file.
 */
#ifndef INLINE_SPLIT_H
#define INLINE_SPLIT_H

/*
 * Read the kept stderr, remove it, write the report lines to report,
 * then every other line to stderr, unchanged and in order, once the
 * report is written. A report that cannot be written is removed and
 * said once ("REPORT: warning: NAME: cannot write: ..."); the other lines
 * are printed all the same. -1 (said) when stderr_path was left as it
 * was: it could not be read, or memory ran out; the caller prints it.
 */
int split_file(const char *stderr_path, const char *report, int clang,
	       const char *name);

#endif /* INLINE_SPLIT_H */
