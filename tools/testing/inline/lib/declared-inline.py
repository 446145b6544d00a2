#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
#
# The test's own view of which functions are declared inline, from GCC's
# preprocessed output (make foo.i): independent of scripts/inline/, which
# reads the source as written. Macros are expanded here, so a function
# made by a macro is seen as the compiler sees it.
#
# usage: declared-inline.py FILE.i NAME...
# prints "NAME KIND FILE" per name: KIND is inline, hint (__inline:
# inline_hint), forced (always_inline) or no (defined, not inline), FILE
# where the definition is, from the preprocessor's line markers; "NAME
# unknown" when the name has no definition.

import re
import sys

# The tokens that matter here; whitespace separates them. A string does
# not span lines: the preprocessor has joined continued lines.
TOKEN = re.compile(r'''
    "(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'
  | [A-Za-z_$][A-Za-z0-9_$]*
  | \.?[0-9](?:[0-9A-Za-z_.]|[eEpP][+-])*
  | \S
''', re.X)


# a line the preprocessor starts with '#': its line markers, and pragmas
DIRECTIVE = re.compile(r'^(#.*)$', re.M)
LINEMARKER = re.compile(r'#\s*(?:line\s+)?[0-9]+\s+"((?:[^"\\]|\\.)*)"')


def tokens(text):
    """the tokens of text, and the file each one comes from"""
    toks, files = [], []
    where = ''
    parts = DIRECTIVE.split(text)
    # code, directive, code, ..., code
    for i in range(0, len(parts), 2):
        if i:
            m = LINEMARKER.match(parts[i - 1])
            if m:
                where = m.group(1)
        found = TOKEN.findall(parts[i])
        toks += found
        files += [where] * len(found)
    return toks, files


def closing(toks):
    """the index of the '}' that closes each '{' (or len(toks))"""
    close, open_ = {}, []
    for i in [i for i, t in enumerate(toks) if t == '{' or t == '}']:
        if toks[i] == '{':
            open_.append(i)
        elif open_:
            close[open_.pop()] = i
    for i in open_:
        close[i] = len(toks)
    return close


NAME = re.compile(r'[A-Za-z_]')


def definitions(text):
    """name -> list of (specifier tokens, file), for top-level definitions"""
    toks, files = tokens(text)
    close = closing(toks)
    defs = {}
    i, n = 0, len(toks)
    decl = 0
    while i < n:
        t = toks[i]
        if t in (';', '}'):
            decl = i + 1
        elif t == '{':
            # a function body if the declaration has name(...) [attrs] {
            j, depth = i - 1, 0
            # skip trailing attributes: __attribute__((...)), asm("x")
            while j > decl:
                if toks[j] == ')':
                    depth, k = 0, j
                    while k > decl:
                        if toks[k] == ')':
                            depth += 1
                        elif toks[k] == '(':
                            depth -= 1
                            if depth == 0:
                                break
                        k -= 1
                    if toks[k - 1] in ('__attribute__', '__asm__', 'asm',
                                       '__asm'):
                        j = k - 2
                        continue
                    name = toks[k - 1]
                    if NAME.match(name) and '=' not in toks[decl:k]:
                        defs.setdefault(name, []).append((toks[decl:k - 1],
                                                          files[k - 1]))
                    break
                break
            # skip the body
            i = close[i]
            decl = i + 1
        i += 1
    return defs


def kind(specs):
    words = set(specs)
    text = ' '.join(specs)
    if 'always_inline' in text or '__always_inline__' in text:
        return 'forced'
    if 'inline' in words or '__inline__' in words:
        return 'inline'
    if '__inline' in words:
        return 'hint'
    return 'no'


def main():
    with open(sys.argv[1], errors='replace') as f:
        defs = definitions(f.read())
    for name in sys.argv[2:]:
        if name not in defs:
            print(name, 'unknown')
        else:
            specs, where = defs[name][0]
            print(name, kind(specs), where)


main()
