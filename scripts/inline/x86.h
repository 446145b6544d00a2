/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the ELF reader needs to know of x86, and of nothing else: which
 * relocations take an address, and which instruction a PC-relative field
 * belongs to. x86_64 objects, and the i386 ones of an x86_64 build (the
 * 32-bit vDSO, the real-mode code).
 */
#ifndef INLINE_X86_H
#define INLINE_X86_H

#include <stddef.h>

/* An x86 relocatable object: x86_64 (ELFCLASS64) or i386 (ELFCLASS32). */
int x86_object(int elfclass, unsigned int machine);

/* i386 objects have REL sections: the addend is in the patched field. */
int x86_uses_rel(unsigned int machine);

enum x86_reloc {
	X86_RELOC_OTHER,	/* not an address: ignored */
	X86_RELOC_ABS,		/* an absolute address */
	X86_RELOC_PCREL,	/* a 32-bit PC-relative displacement */
};

enum x86_reloc x86_reloc_kind(unsigned int machine, unsigned int type);

/*
 * A PC-relative field is relative to its own end: a relocation against
 * sym + addend refers to sym + addend + X86_PCREL_FIELD.
 */
#define X86_PCREL_FIELD	4

/*
 * Is the 4-byte field at off of code[0..size) the displacement of a call
 * or a jump (call, jmp, jcc)? Then its relocation is a call, not an
 * address taken.
 */
int x86_is_branch(const unsigned char *code, size_t size, unsigned long off);

#endif /* INLINE_X86_H */
