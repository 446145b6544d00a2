#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
#
# The test's own lexical view of the inline functions defined in a set of
# headers, independent of scripts/inline/: prints "NAME ANNOTATION" for
# every definition written "static <annotation> ... NAME(" (the
# annotation on the same line or the line before the name), and for the
# functions a macro of the header makes from a "static <annotation>"
# template whose name is a parameter (build_mmio_read(readb, ...)).
#
# usage: asm-header-inlines.py HEADER...

import re
import sys

ANNOT = r'(inline|__inline__|__always_inline|__asm_inline|inline_hint)'
DEF = re.compile(r'^\s*static\s+(?:__\w+\s+)*' + ANNOT + r'\b[^;{(]*?\b(\w+)\s*\(', re.M)
SPLIT = re.compile(r'^\s*static\s+(?:__\w+\s+)*' + ANNOT + r'\b[^;{(]*\n(\w+)\s*\(', re.M)
MACRO = re.compile(r'^#define\s+(\w+)\((\w+)[^)]*\)\s*\\\n\s*static\s+' + ANNOT +
                   r'\b[^(]*\b\2\s*\(', re.M)

for path in sys.argv[1:]:
    text = open(path).read()
    seen = set()
    for rx in (DEF, SPLIT):
        for m in rx.finditer(text):
            if m.group(2) not in seen and not m.group(2).startswith('__do_'):
                seen.add(m.group(2))
                print(m.group(2), m.group(1))
    for m in MACRO.finditer(text):
        for call in re.finditer(r'^' + m.group(1) + r'\((\w+)\s*,', text, re.M):
            print(call.group(1), m.group(3))
