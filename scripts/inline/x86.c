// SPDX-License-Identifier: GPL-2.0
/*
 * x86 relocations, branch opcodes and function entries, for the ELF reader
 * (x86.h).
 */
#include <elf.h>
#include <stdint.h>
#include <string.h>

#include "x86.h"

#ifndef R_X86_64_PLT32
#define R_X86_64_PLT32	4
#endif

int x86_object(int elfclass, unsigned int machine)
{
	return (elfclass == ELFCLASS64 && machine == EM_X86_64) ||
	       (elfclass == ELFCLASS32 && machine == EM_386);
}

int x86_uses_rel(unsigned int machine)
{
	return machine == EM_386;
}

enum x86_reloc x86_reloc_kind(unsigned int machine, unsigned int type)
{
	if (machine == EM_386)
		return type == R_386_PC32 || type == R_386_PLT32 ?
		       X86_RELOC_PCREL :
		       type == R_386_32 ? X86_RELOC_ABS : X86_RELOC_OTHER;
	if (type == R_X86_64_PC32 || type == R_X86_64_PLT32)
		return X86_RELOC_PCREL;
	return type == R_X86_64_64 || type == R_X86_64_32 ||
	       type == R_X86_64_32S ? X86_RELOC_ABS : X86_RELOC_OTHER;
}

int x86_is_branch(const unsigned char *code, size_t size, unsigned long off)
{
	if (!code || off < 1 || off > size)
		return 0;
	if (code[off - 1] == 0xe8 || code[off - 1] == 0xe9)
		return 1;		/* call, jmp */
	return off >= 2 && code[off - 2] == 0x0f &&
	       (code[off - 1] & 0xf0) == 0x80;	/* jcc */
}

/*
 * The entry of a function, as GCC emits it for the kernel: endbr64 (IBT),
 * the __fentry__ call or the 5-byte nop objtool leaves of it, then the
 * pushes of callee-saved registers. An inlined body has none of these.
 */
unsigned int x86_entry_bytes(const unsigned char *code, size_t size,
			     unsigned int *pushes)
{
	static const unsigned char endbr64[] = { 0xf3, 0x0f, 0x1e, 0xfa };
	static const unsigned char endbr32[] = { 0xf3, 0x0f, 0x1e, 0xfb };
	static const unsigned char nop5[] = { 0x0f, 0x1f, 0x44, 0x00, 0x00 };
	static const unsigned char fentry[] = { 0xe8, 0x00, 0x00, 0x00, 0x00 };
	size_t i = 0, start;

	if (size >= 4 && (!memcmp(code, endbr64, 4) || !memcmp(code, endbr32, 4)))
		i = 4;
	if (size - i >= 5 && (!memcmp(code + i, nop5, 5) ||
			      !memcmp(code + i, fentry, 5)))
		i += 5;
	start = i;
	while (i < size) {
		if (code[i] >= 0x50 && code[i] <= 0x57)		/* push */
			i++;
		else if (i + 1 < size && code[i] == 0x41 &&
			 code[i + 1] >= 0x50 && code[i + 1] <= 0x57)
			i += 2;					/* push r8-r15 */
		else
			break;
	}
	*pushes = i - start;
	return i;
}

/*
 * The return at the end of a function: ret, or ret; int3 (straight-line
 * speculation). 0 when it ends otherwise: a tail call, ud2, or the jmp to
 * the return thunk, which only its relocation tells from a tail call.
 */
unsigned int x86_exit_bytes(const unsigned char *code, size_t size)
{
	if (size >= 2 && code[size - 2] == 0xc3 && code[size - 1] == 0xcc)
		return 2;
	if (size >= 1 && code[size - 1] == 0xc3)
		return 1;
	return 0;
}

/*
 * A direct call or jmp (e8/e9) or jcc (0f 80-8f, a conditional tail call)
 * with a 32-bit displacement at off: its target, or -1.
 */
long x86_direct_target(const unsigned char *code, size_t size,
		       unsigned long off, unsigned long *field)
{
	int32_t disp;

	if (off + 5 <= size && (code[off] == 0xe8 || code[off] == 0xe9))
		*field = off + 1;
	else if (off + 6 <= size && code[off] == 0x0f &&
		 (code[off + 1] & 0xf0) == 0x80)
		*field = off + 2;
	else
		return -1;
	memcpy(&disp, code + *field, sizeof(disp));
	return (long)(*field + sizeof(disp)) + disp;
}

/*
 * Only as the function's last instruction: there a function ends with a
 * return or a jump, while an eb byte with the next one inside any other
 * instruction can point at a function's start too. Byte by byte over 400
 * objects of kernel/ and arch/x86/, the pairs at a function's end were
 * all tail calls (127 of clang's on 6.1, 10 of GCC's on 6.12); inside
 * functions, GCC's were 2 tail calls and 3 parts of other instructions.
 */
long x86_tail_jmp8_target(const unsigned char *code, size_t size,
			  unsigned long start, unsigned long end)
{
	if (end > size || end < start + 2 || code[end - 2] != 0xeb)
		return -1;
	return (long)end + (signed char)code[end - 1];
}

unsigned int x86_site_table(const char *name, unsigned long size,
			    unsigned long nrelocs, int *frame, int *all)
{
	static const char *const tables[] = {
		".smp_locks", ".retpoline_sites", "__ex_table", ".call_sites",
		NULL,
	};
	const char *const *t;

	*frame = *all = 0;
	if (!nrelocs)
		return 0;
	if (!strcmp(name, ".orc_unwind_ip")) {
		*all = 1;
		return 4 + 6;		/* and its .orc_unwind entry */
	}
	if (!strcmp(name, ".return_sites")) {
		*frame = 1;
		return 4;
	}
	for (t = tables; *t; t++)
		if (!strcmp(name, *t))
			return size / nrelocs;
	return 0;
}

/*
 * The alternatives: each place patched at boot has an entry in
 * .altinstructions (two relocations: the place, and its replacement in
 * .altinstr_replacement), and static_cpu_has() a test in .altinstr_aux
 * that jumps back to two places of the function. size(1) counts all three
 * as text, and a pasted body brings its own.
 */
unsigned int x86_alt_table(const char *name, unsigned long size,
			   unsigned long in_funcs, unsigned long replacements)
{
	if (!in_funcs)
		return 0;
	if (!strcmp(name, ".altinstructions"))
		return (size + replacements) / in_funcs;
	if (!strcmp(name, ".altinstr_aux"))
		return size / in_funcs;
	return 0;
}
