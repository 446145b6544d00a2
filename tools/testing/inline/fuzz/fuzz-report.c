// SPDX-License-Identifier: GPL-2.0
/* libFuzzer target: GCC's inline report reader on any bytes. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "report.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct report r;
	char *buf = malloc(size + 1);
	unsigned int i;
	char base[64];

	memcpy(buf, data, size);
	report_parse(buf, size, &r);
	for (i = 0; i < r.nr; i++)
		base_name(r.calls[i].callee, base, sizeof(base));
	report_free(&r);
	free(buf);
	return 0;
}
