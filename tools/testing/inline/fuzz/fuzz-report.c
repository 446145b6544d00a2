// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target: GCC's inline report reader on any bytes.
 *
 * The report sits at the very end of its pages, with an unmapped page
 * right after it and no terminating NUL: a read past
 * the report faults on every run, not only when the heap happens to end
 * there. libFuzzer's own string hooks read too (strnlen on each argument of
 * strncmp), which is how such a read was first found.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "report.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	size_t page = sysconf(_SC_PAGESIZE);
	size_t len = (size + page - 1) / page * page + page;
	char *map, *buf;
	struct report r;
	unsigned int i;
	char base[64];

	map = mmap(NULL, len + page, PROT_READ | PROT_WRITE,
		   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (map == MAP_FAILED)
		abort();
	if (mprotect(map + len, page, PROT_NONE))
		abort();
	buf = map + len - size;
	memcpy(buf, data, size);
	report_parse(buf, size, &r);
	for (i = 0; i < r.nr; i++)
		base_name(r.calls[i].callee, base, sizeof(base));
	report_free(&r);
	munmap(map, len + page);
	return 0;
}
