#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
#
# The test's own view of whether an object takes the address of its copy
# of a function: independent of scripts/inline/. The object's ELF
# relocations are read here, the instructions are objdump's.
#
# usage: address-taken.py OBJECT NAME...
# prints "NAME yes SECTION+OFFSET" for the first relocation that refers to
# the start of NAME's copy and is not the target of a call or a jump,
# "NAME no" when there is none, "NAME none" when the object has no copy.
#
# A reference is a relocation of an allocated section, in code (an
# instruction other than call, jmp or jcc) or in data; the tables the
# toolchain keeps about instructions (ftrace, ORC, alternatives, jump
# labels, exception tables, objtool's annotations) point at instructions,
# and the first one of a copy is its start, so they are not references.

import re
import struct
import subprocess
import sys

SHT_SYMTAB, SHT_RELA, SHT_REL = 2, 4, 9
SHF_ALLOC, SHF_EXECINSTR = 2, 4
STT_SECTION, STT_FUNC = 3, 2
SHN_UNDEF, SHN_LORESERVE = 0, 0xff00

TABLES = ('.debug', '.orc_', '__mcount_loc', '__patchable_function_entries',
          '.note', '.comment', '.BTF', '.altinstructions', '__jump_table',
          '.smp_locks', '__ex_table', '__bug_table', '.parainstructions',
          '.static_call_sites', '.retpoline_sites', '.return_sites',
          '.call_sites', '.ibt_endbr_seal', '.kcfi_traps', '.discard.')


def is_table(name):
    if name == '.discard.addressable':      # __ADDRESSABLE(): a reference
        return False
    return name.startswith(TABLES)


class Elf:
    def __init__(self, path):
        self.b = open(path, 'rb').read()
        b = self.b
        if b[:4] != b'\x7fELF' or b[5] != 1:
            raise SystemExit(f'{path}: not a little-endian ELF file')
        self.is64 = b[4] == 2
        if self.is64:
            shoff, = struct.unpack_from('<Q', b, 0x28)
            shentsize, shnum, shstrndx = struct.unpack_from('<HHH', b, 0x3a)
            fmt = '<IIQQQQIIQQ'
        else:
            shoff, = struct.unpack_from('<I', b, 0x20)
            shentsize, shnum, shstrndx = struct.unpack_from('<HHH', b, 0x2e)
            fmt = '<IIIIIIIIII'
        self.sh = []
        for i in range(shnum):
            (name, typ, flags, _addr, off, size, link, info, _align,
             entsize) = struct.unpack_from(fmt, b, shoff + i * shentsize)
            self.sh.append(dict(name=name, type=typ, flags=flags, off=off,
                                size=size, link=link, info=info,
                                entsize=entsize))
        strs = self.sh[shstrndx]
        for s in self.sh:
            s['name'] = self.cstr(strs['off'] + s['name'])

    def cstr(self, at):
        return self.b[at:self.b.index(b'\0', at)].decode('latin-1')

    def symbols(self):
        for s in self.sh:
            if s['type'] != SHT_SYMTAB:
                continue
            strs = self.sh[s['link']]
            n = s['size'] // s['entsize']
            for i in range(n):
                at = s['off'] + i * s['entsize']
                if self.is64:
                    name, info, _o, shndx, value, size = \
                        struct.unpack_from('<IBBHQQ', self.b, at)
                else:
                    name, value, size, info, _o, shndx = \
                        struct.unpack_from('<IIIBBH', self.b, at)
                yield dict(name=self.cstr(strs['off'] + name), type=info & 15,
                           shndx=shndx, value=value, size=size)
            return

    def relocations(self, syms):
        """(section index, offset, type, target section, target offset
        before the addend, addend) for every relocation."""
        for s in self.sh:
            if s['type'] not in (SHT_REL, SHT_RELA):
                continue
            tgt = self.sh[s['info']]
            if not tgt['flags'] & SHF_ALLOC or is_table(tgt['name']):
                continue
            fmt = ('<QQ' if self.is64 else '<II') + \
                (('q' if self.is64 else 'i') if s['type'] == SHT_RELA else '')
            shift, mask = (32, 0xffffffff) if self.is64 else (8, 0xff)
            n = s['size'] // s['entsize']
            for i in range(n):
                off, info, *rela = struct.unpack_from(
                    fmt, self.b, s['off'] + i * s['entsize'])
                sym, typ = info >> shift, info & mask
                if rela:
                    addend = rela[0]
                else:                   # REL: in the field itself
                    addend, = struct.unpack_from('<i', self.b, tgt['off'] + off)
                sy = syms[sym]
                if sy['shndx'] == SHN_UNDEF or sy['shndx'] >= SHN_LORESERVE:
                    continue
                base = 0 if sy['type'] == STT_SECTION else sy['value']
                yield s['info'], off, typ, sy['shndx'], base, addend


def instructions(path):
    """{section name: [(start, end, mnemonic)]} from objdump -d."""
    out = subprocess.run(['objdump', '-d', '-w', path], capture_output=True,
                         text=True, check=True).stdout
    secs = {}
    cur = None
    insn = re.compile(r'^\s*([0-9a-f]+):\t((?:[0-9a-f]{2} )+)\s*\t?(.*)')
    for line in out.split('\n'):
        m = re.match(r'^Disassembly of section (\S+):', line)
        if m:
            cur = secs.setdefault(m.group(1), [])
            continue
        m = insn.match(line)
        if m and cur is not None:
            start = int(m.group(1), 16)
            cur.append((start, start + len(m.group(2).split()),
                        m.group(3).split()[:2]))
    return secs


# absolute and PC-relative 32-bit relocation types, x86_64 and i386
ABS64 = {1, 10, 11}         # R_X86_64_64, _32, _32S
PCREL64 = {2, 4}            # R_X86_64_PC32, _PLT32
ABS32 = {1}                 # R_386_32
PCREL32 = {2, 4}            # R_386_PC32, _PLT32


def main():
    path, names = sys.argv[1], sys.argv[2:]
    elf = Elf(path)
    syms = list(elf.symbols())
    copies = {}
    for sy in syms:
        if sy['type'] == STT_FUNC and 0 < sy['shndx'] < SHN_LORESERVE:
            copies.setdefault(re.sub(r'\..*', '', sy['name']), []).append(
                (sy['shndx'], sy['value']))
    insns = None
    found = {}
    absolute = ABS64 if elf.is64 else ABS32
    pcrel = PCREL64 if elf.is64 else PCREL32
    for sec, off, typ, tsec, base, addend in elf.relocations(syms):
        code = elf.sh[sec]['flags'] & SHF_EXECINSTR
        if typ in absolute:
            target = base + addend
        elif typ in pcrel:
            if not code:
                target = base + addend      # "sym - ." in a table
            else:
                if insns is None:
                    insns = instructions(path)
                at = [i for i in insns.get(elf.sh[sec]['name'], [])
                      if i[0] <= off < i[1]]
                if not at:
                    continue
                start, end, words = at[0]
                # prefixes (cs, notrack, bnd) come first
                if any(re.match(r'(call|j[a-z]+)[lwq]?$', w) for w in words):
                    continue        # a call or a jump: not a reference
                target = base + addend + (end - off)
        else:
            continue
        for name in names:
            if (tsec, target) in copies.get(name, ()) and name not in found:
                found[name] = f'{elf.sh[sec]["name"]}+{off:#x}'
    for name in names:
        if name not in copies:
            print(name, 'none')
        elif name in found:
            print(name, 'yes', found[name])
        else:
            print(name, 'no')


main()
