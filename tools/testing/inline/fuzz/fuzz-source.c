// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target: the lexer and the source reader on any bytes, as a
 * header (definitions, macro templates, conditionals) and as the lookups
 * inline-check makes (exact names, pasted names, calls of macros).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "source.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const names[] = {
		"foo", "__do_sys_foo", "readb", "name", "x", "cpumask_weight",
	};
	struct srcset *ss = srcset_open_files(NULL, 0, "");
	char *buf = malloc(size + 2);
	unsigned int i;

	memcpy(buf, data, size);
	buf[size] = buf[size + 1] = '\0';
	srcset_add_buffer(ss, "fuzz.c", buf, size);
	srcset_resolve(ss, names, sizeof(names) / sizeof(names[0]));
	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		srcset_find(ss, names[i]);
	srcset_free(ss);
	return 0;
}
