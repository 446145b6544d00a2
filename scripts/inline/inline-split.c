// SPDX-License-Identifier: GPL-2.0
/*
 * inline-split: for make W=inline, part a compile's stderr into the
 * compiler's inline report and everything else.
 *
 *   inline-split [--clang] STDERR REPORT
 *
 * Kbuild keeps the stderr of each W=inline compile in the file STDERR.
 * After a compile that went well, inline-check parts it as it checks the
 * object; inline-split does it for the others: the compile that failed
 * (REPORT is /dev/null), and the one whose check could not part it.
 * inline-split reads STDERR, removes it, writes the report lines to
 * REPORT, then every other line to its own stderr, unchanged and in
 * order (split.h).
 *
 * The exit status is not 0 only when STDERR was left as it was (it could
 * not be read, or the command line is wrong): Kbuild then prints it
 * itself.
 */
#include <stdio.h>
#include <string.h>

#include "split.h"

int main(int argc, char **argv)
{
	int clang = argc > 1 && !strcmp(argv[1], "--clang");

	if (argc != 3 + clang) {
		fputs("usage: inline-split [--clang] STDERR REPORT\n", stderr);
		return 2;
	}
	return split_file(argv[1 + clang], argv[2 + clang], clang,
			  "inline-split") ? 1 : 0;
}
