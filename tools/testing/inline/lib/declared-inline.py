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
#
# or: declared-inline.py --each
# reads lines "FILE.i OUT NAME..." from its input and writes to OUT what
# "declared-inline.py FILE.i NAME..." prints: one process for many files
# (a Python start costs more than reading most .i files). A file that
# cannot be read gets no OUT, is named on stderr, and the exit status is 1.

import bisect
import os
import re
import sys

# The tokens of a declaration; whitespace separates them. A string does
# not span lines: the preprocessor has joined continued lines.
TOKEN = re.compile(r'''
    "(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'
  | [A-Za-z_$][A-Za-z0-9_$]*
  | \.?[0-9](?:[0-9A-Za-z_.]|[eEpP][+-])*
  | \S
''', re.X)

# What the walk over the whole text stops at: a string or a character
# constant (passed over: a brace in it is none), a brace or a semicolon
# (group 1), and a line the preprocessor starts with '#' (group 2: its
# line markers, pragmas).
SCAN = re.compile(r'''
    "(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'
  | ([{};])
  | ^(\#.*)$
''', re.X | re.M)
DIRECTIVE = re.compile(r'^#.*$', re.M)
LINEMARKER = re.compile(r'#\s*(?:line\s+)?[0-9]+\s+"((?:[^"\\]|\\.)*)"')
NAME = re.compile(r'[A-Za-z_]')
ATTRIBUTE = ('__attribute__', '__asm__', 'asm', '__asm')


def header(text, start, end):
    """the tokens of text[start:end], less the preprocessor's lines, after
    a ';' where the declaration starts; and the offset of each, or None
    when no line of the preprocessor's comes between (all at start)"""
    directives = list(DIRECTIVE.finditer(text, start, end))
    if not directives:
        return [';'] + TOKEN.findall(text, start, end), None
    toks, at, pos = [';'], [start - 1], start
    for d in directives + [None]:
        for m in TOKEN.finditer(text, pos, d.start() if d else end):
            toks.append(m.group())
            at.append(m.start())
        if d:
            pos = d.end()
    return toks, at


def function_name(toks):
    """the index of the name, if the declaration that toks are (the '{'
    after them) is name(...) [attributes], else None"""
    j, decl = len(toks) - 1, 1
    # skip trailing attributes: __attribute__((...)), asm("x")
    while j > decl:
        if toks[j] != ')':
            return None
        depth, k = 0, j
        while k > decl:
            if toks[k] == ')':
                depth += 1
            elif toks[k] == '(':
                depth -= 1
                if depth == 0:
                    break
            k -= 1
        if toks[k - 1] in ATTRIBUTE:
            j = k - 2
            continue
        if NAME.match(toks[k - 1]) and '=' not in toks[decl:k]:
            return k - 1
        return None
    return None


def definitions(text):
    """name -> list of (specifier tokens, file), for top-level definitions:
    the declarations that a brace ends, read as tokens; the bodies passed
    over brace by brace"""
    defs = {}
    marks, files = [], []   # the line markers: offset, file
    depth, decl = 0, 0
    for m in SCAN.finditer(text):
        g = m.lastindex
        if g is None:
            continue
        if g == 2:
            lm = LINEMARKER.match(m.group(2))
            if lm:
                marks.append(m.start())
                files.append(lm.group(1))
            continue
        c = m.group(1)
        if depth:
            if c == '{':
                depth += 1
            elif c == '}':
                depth -= 1
                if not depth:
                    decl = m.end()
        elif c != '{':
            decl = m.end()
        else:
            depth = 1
            # name(...) [attributes] {: the last token is a ')', unless
            # the preprocessor's lines come between
            seg = text[decl:m.start()]
            if not seg.rstrip().endswith(')') and '#' not in seg:
                continue
            toks, at = header(text, decl, m.start())
            k = function_name(toks)
            if k is not None:
                i = bisect.bisect_left(marks, at[k] if at else decl) - 1
                defs.setdefault(toks[k], []).append(
                    (toks[1:k], files[i] if i >= 0 else ''))
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


def kinds(ifile, names):
    """the lines "NAME KIND FILE" of names in ifile"""
    if not names:
        return ''
    with open(ifile, errors='replace') as f:
        defs = definitions(f.read())
    lines = []
    for name in names:
        if name not in defs:
            lines.append('%s unknown\n' % name)
        else:
            specs, where = defs[name][0]
            lines.append('%s %s %s\n' % (name, kind(specs), where))
    return ''.join(lines)


def each():
    status = 0
    for line in sys.stdin:
        words = line.split()
        if len(words) < 2:
            continue
        try:
            text = kinds(words[0], words[2:])
            with open(words[1] + '.tmp', 'w') as out:
                out.write(text)
            os.rename(words[1] + '.tmp', words[1])
        except OSError as e:
            print('declared-inline.py: %s' % e, file=sys.stderr)
            status = 1
    return status


def main():
    if sys.argv[1:] == ['--each']:
        return each()
    sys.stdout.write(kinds(sys.argv[1], sys.argv[2:]))
    return 0


sys.exit(main())
