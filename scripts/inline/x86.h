/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the ELF reader needs to know of x86, and of nothing else: which
 * relocations take an address, which instruction a PC-relative field
 * belongs to, how long an instruction is and where it branches, what a
 * function's entry and exit are, which tables have an entry per place in
 * the code. x86_64 objects, and the i386 ones of an x86_64 build (the
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

/* The jmp to the return thunk, which a return is with return thunks. */
#define X86_RETURN_JMP	5

/*
 * Is the 4-byte field at off of code[0..size) the displacement of a call
 * or a jump (call, jmp, jcc)? Then its relocation is a call, not an
 * address taken.
 */
int x86_is_branch(const unsigned char *code, size_t size, unsigned long off);

/*
 * The bytes at the start of a function's code[0..size) that an inlined
 * copy would not have (endbr64, the __fentry__ site, the pushes of
 * callee-saved registers); *pushes: the pushes' bytes, which the exits
 * pop again.
 */
unsigned int x86_entry_bytes(const unsigned char *code, size_t size,
			     unsigned int *pushes);

/*
 * Tables with an entry for places in the code, made by objtool, the lock
 * prefixes and the exception table (the alternatives: x86_alt_table()):
 * the bytes one relocation in the section name stands for,
 * with its twin table's (size bytes, nrelocs relocations); 0 when the
 * section is no such table. *frame: the entries belong to a function's
 * frame (its returns): an inlined body has none of them. *all: the table
 * also has an entry at a function's first byte (ORC).
 */
unsigned int x86_site_table(const char *name, unsigned long size,
			    unsigned long nrelocs, int *frame, int *all);

/*
 * The alternatives' tables (x86.c): for each of the in_funcs relocations
 * of the section name to a place in a function, the bytes of text that
 * place brings with it; with the code of the replacements for
 * .altinstructions (replacements bytes, the size of
 * X86_ALT_REPLACEMENT). 0 when the section is none of them.
 */
#define X86_ALT_REPLACEMENT	".altinstr_replacement"
unsigned int x86_alt_table(const char *name, unsigned long size,
			   unsigned long in_funcs, unsigned long replacements);

/*
 * The bytes of the ret that ends a function's code[0..size), or 0 (see
 * x86.c: the return thunk's jmp is the return sites table's to tell).
 */
unsigned int x86_exit_bytes(const unsigned char *code, size_t size);

/*
 * Byte by byte, where x86_decode() cannot serve (i386 objects, code it
 * does not know): the target (an offset in code) of the direct call, jmp
 * or jcc at off, with a 32-bit displacement, at *field; -1 when there is
 * none at off. The assembler resolved it unless a relocation patches
 * *field.
 */
long x86_direct_target(const unsigned char *code, size_t size,
		       unsigned long off, unsigned long *field);

/*
 * An instruction of x86_64 code: its length, and for a direct branch
 * (call, jmp, jcc, with an 8- or 32-bit displacement) its displacement:
 * disp, its offset in the instruction (0: not such a branch), of
 * disp_size bytes; rel, its value (the target is rel bytes past the
 * instruction's end).
 */
struct x86_insn {
	unsigned int len;
	unsigned int disp;
	unsigned int disp_size;
	long rel;
};

/*
 * Decode the x86_64 instruction at code[0..size): 0, or -1 when the bytes
 * are no instruction the decoder knows (then the caller falls back to
 * x86_direct_target()).
 */
int x86_decode(const unsigned char *code, size_t size, struct x86_insn *insn);

/*
 * The target of the short jmp (eb, an 8-bit displacement) that ends the
 * function at [start, end) of code: a tail call the assembler resolved
 * and made short; -1 when it does not end so.
 */
long x86_tail_jmp8_target(const unsigned char *code, size_t size,
			  unsigned long start, unsigned long end);

#endif /* INLINE_X86_H */
