// SPDX-License-Identifier: GPL-2.0
/*
 * x86 relocations and branch opcodes, for the ELF reader (x86.h).
 */
#include <elf.h>

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
