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
 * A decoder of x86_64 instructions to their length and their direct
 * branches, and no further: enough to walk a function's code instruction
 * by instruction, so that a short jump (eb, 70-7f) is told from the same
 * bytes inside another instruction. The opcode maps are the Intel SDM's,
 * volume 2, appendix A (one byte, 0f, 0f 38, 0f 3a; VEX and EVEX); what
 * 64-bit mode does not have, or the compilers do not emit, is unknown.
 */
enum x86_imm {
	IMM_BAD = -1,
	IMM_NONE,
	IMM_B,		/* ib */
	IMM_W,		/* iw */
	IMM_Z,		/* iz: 2 bytes with an operand-size prefix, else 4 */
	IMM_V,		/* iv: mov to a register, 8 bytes with REX.W */
	IMM_REL8,	/* a direct branch's rel8: jmp, jcc */
	IMM_REL32,	/* a direct branch's rel32, 4 bytes in 64-bit mode */
	IMM_ENTER,	/* iw, ib */
	IMM_MOFFS,	/* an address: 8 bytes, 4 with an address-size prefix */
	IMM_GRP3,	/* test (f6, f7 /0 and /1): ib or iz; none for the others */
};

static int modrm_1byte(unsigned char op)
{
	if (op < 0x40)
		return (op & 7) < 4;	/* the ALU's r/m forms */
	switch (op) {
	case 0x63: case 0x69: case 0x6b: case 0xc0: case 0xc1: case 0xc6:
	case 0xc7: case 0xf6: case 0xf7: case 0xfe: case 0xff:
		return 1;
	}
	return (op >= 0x80 && op <= 0x8f) || (op >= 0xd0 && op <= 0xd3) ||
	       (op >= 0xd8 && op <= 0xdf);
}

static enum x86_imm imm_1byte(unsigned char op)
{
	switch (op) {
	case 0x06: case 0x07: case 0x0e: case 0x16: case 0x17: case 0x1e:
	case 0x1f: case 0x27: case 0x2f: case 0x37: case 0x3f: case 0x60:
	case 0x61: case 0x82: case 0x9a: case 0xce: case 0xd4: case 0xd5:
	case 0xd6: case 0xea:
		return IMM_BAD;
	case 0x6a: case 0x6b: case 0x80: case 0x83: case 0xa8: case 0xc0:
	case 0xc1: case 0xc6: case 0xcd:
		return IMM_B;
	case 0xeb:
		return IMM_REL8;
	case 0x68: case 0x69: case 0x81: case 0xa9: case 0xc7:
		return IMM_Z;
	case 0xe8: case 0xe9:
		return IMM_REL32;
	case 0xc2: case 0xca:
		return IMM_W;
	case 0xc8:
		return IMM_ENTER;
	case 0xa0: case 0xa1: case 0xa2: case 0xa3:
		return IMM_MOFFS;
	case 0xf6: case 0xf7:
		return IMM_GRP3;
	}
	if (op < 0x40)
		return (op & 7) == 4 ? IMM_B : (op & 7) == 5 ? IMM_Z : IMM_NONE;
	if (op >= 0x70 && op <= 0x7f)
		return IMM_REL8;
	if ((op >= 0xb0 && op <= 0xb7) || (op >= 0xe0 && op <= 0xe7))
		return IMM_B;		/* loop and jrcxz: not calls */
	return op >= 0xb8 && op <= 0xbf ? IMM_V : IMM_NONE;
}

static int modrm_0f(unsigned char op)
{
	switch (op) {
	case 0x05: case 0x06: case 0x07: case 0x08: case 0x09: case 0x0b:
	case 0x0e: case 0x77: case 0xa0: case 0xa1: case 0xa2: case 0xa8:
	case 0xa9: case 0xaa:
		return 0;
	}
	return !((op >= 0x30 && op <= 0x37) || (op >= 0x80 && op <= 0x8f) ||
		 (op >= 0xc8 && op <= 0xcf));
}

/* The immediate of an opcode of the 0f map, or of VEX's and EVEX's map 1. */
static enum x86_imm imm_0f(unsigned char op, int vex)
{
	switch (op) {
	case 0x70: case 0x71: case 0x72: case 0x73: case 0xc2: case 0xc4:
	case 0xc5: case 0xc6:
		return IMM_B;
	case 0x0f: case 0xa4: case 0xac: case 0xba:
		return vex ? IMM_BAD : IMM_B;
	case 0x04: case 0x0a: case 0x0c: case 0x24: case 0x25: case 0x26:
	case 0x27: case 0x36: case 0x39: case 0x3b: case 0x3c: case 0x3d:
	case 0x3e: case 0x3f: case 0x7a: case 0x7b: case 0xa6: case 0xa7:
		return IMM_BAD;
	}
	if (op >= 0x80 && op <= 0x8f)
		return vex ? IMM_BAD : IMM_REL32;
	return IMM_NONE;
}

/* The length of a ModRM byte with its SIB byte and displacement. */
static int modrm_len(const unsigned char *p, size_t avail)
{
	unsigned int mod = p[0] >> 6, rm = p[0] & 7;
	int n = 1;

	if (mod == 3)
		return 1;
	if (rm == 4) {
		if (avail < 2)
			return -1;
		if (mod == 0 && (p[1] & 7) == 5)
			n += 4;		/* no base: disp32 */
		n++;
	} else if (mod == 0 && rm == 5) {
		n += 4;			/* RIP-relative */
	}
	return n + (mod == 1 ? 1 : mod == 2 ? 4 : 0);
}

int x86_decode(const unsigned char *code, size_t size, struct x86_insn *insn)
{
	size_t max = size < 15 ? size : 15, i = 0;
	int opsize16 = 0, addr32 = 0, rexw = 0, modrm, n;
	enum x86_imm imm;
	unsigned int imm_size = 0;
	unsigned char op;

	memset(insn, 0, sizeof(*insn));
	for (; i < max; i++) {
		if (code[i] == 0x66)
			opsize16 = 1;
		else if (code[i] == 0x67)
			addr32 = 1;
		else if (code[i] != 0xf0 && code[i] != 0xf2 &&
			 code[i] != 0xf3 && code[i] != 0x2e &&
			 code[i] != 0x36 && code[i] != 0x3e &&
			 code[i] != 0x26 && code[i] != 0x64 && code[i] != 0x65)
			break;
	}
	if (i < max && (code[i] & 0xf0) == 0x40)
		rexw = code[i++] & 8;		/* REX */
	if (i >= max)
		return -1;
	op = code[i++];
	if (op == 0xc4 || op == 0xc5 || op == 0x62) {
		/* VEX (2 or 3 bytes), EVEX (4): the map, then the opcode */
		unsigned int map = 1, len = op == 0xc5 ? 1 : op == 0xc4 ? 2 : 3;

		if (i + len >= max)
			return -1;
		if (op != 0xc5)
			map = code[i] & (op == 0x62 ? 7 : 0x1f);
		i += len;
		op = code[i++];
		modrm = !(map == 1 && op == 0x77);	/* vzeroupper */
		imm = map == 1 ? imm_0f(op, 1) : map == 2 ? IMM_NONE :
		      map == 3 ? IMM_B :
		      (len == 3 && (map == 5 || map == 6)) ? IMM_NONE : IMM_BAD;
	} else if (op == 0x0f) {
		if (i >= max)
			return -1;
		op = code[i++];
		if (op == 0x38 || op == 0x3a) {
			if (i >= max)
				return -1;
			i++;
			modrm = 1;
			imm = op == 0x3a ? IMM_B : IMM_NONE;
		} else {
			modrm = modrm_0f(op);
			imm = imm_0f(op, 0);
		}
	} else {
		modrm = modrm_1byte(op);
		imm = imm_1byte(op);
	}
	if (imm == IMM_BAD)
		return -1;
	if (modrm) {
		if (i >= max)
			return -1;
		if (imm == IMM_GRP3)
			imm = ((code[i] >> 3) & 7) > 1 ? IMM_NONE :
			      op == 0xf6 ? IMM_B : IMM_Z;
		n = modrm_len(code + i, max - i);
		if (n < 0)
			return -1;
		i += n;
	}
	switch (imm) {
	case IMM_B:
	case IMM_REL8:
		imm_size = 1;
		break;
	case IMM_W:
		imm_size = 2;
		break;
	case IMM_Z:
		imm_size = opsize16 && !rexw ? 2 : 4;
		break;
	case IMM_V:
		imm_size = rexw ? 8 : opsize16 ? 2 : 4;
		break;
	case IMM_REL32:
		imm_size = 4;
		break;
	case IMM_ENTER:
		imm_size = 3;
		break;
	case IMM_MOFFS:
		imm_size = addr32 ? 4 : 8;
		break;
	default:
		break;
	}
	if (i + imm_size > max)
		return -1;
	if (imm == IMM_REL8) {
		insn->disp = i;
		insn->rel = (signed char)code[i];
	} else if (imm == IMM_REL32) {
		int32_t rel;

		memcpy(&rel, code + i, sizeof(rel));
		insn->disp = i;
		insn->rel = rel;
	}
	insn->disp_size = insn->disp ? imm_size : 0;
	insn->len = i + imm_size;
	return 0;
}

/*
 * Byte by byte, only as the function's last instruction: there a function
 * ends with a return or a jump, while an eb byte with the next one inside
 * any other instruction can point at a function's start too (decoded,
 * x86_decode() tells them apart). Byte by byte over 400
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
