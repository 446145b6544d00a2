/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What an object file says about its functions, read through libelf:
 * which ones have a copy, how big, and how they are referenced.
 */
#ifndef INLINE_ELFREAD_H
#define INLINE_ELFREAD_H

#include <stddef.h>

struct func {
	char *name;		/* "cpumask_weight", "foo.constprop.0" */
	unsigned long value, size;
	unsigned int shndx;
	unsigned int global:1;
	unsigned int addr_refs;		/* its address is taken */
	/*
	 * PC-relative references from data to its start, other than the
	 * unwind tables': a relative pointer (an initcall, an export), or a
	 * table's entry for its first instruction
	 */
	unsigned int rel_refs;
	unsigned int calls;		/* direct calls and jumps from others */
	unsigned int overhead;		/* entry and exit: not in an inlined body */
	unsigned int entry;		/* of which the entry */
	unsigned int gap;		/* padding since the previous function */
	/*
	 * The alignment of the functions of its section, where each starts
	 * at a multiple of it (the compiler's -falign-functions), else 1:
	 * its code then takes whole units up to the next function's.
	 * last: no function follows it there (the section ends at its end).
	 */
	unsigned int align;
	unsigned int last:1;
	/*
	 * Bytes of the read-only tables with an entry for a place in its code
	 * (ORC, return sites, lock prefixes, exception table), and of those
	 * the entries an inlined body would not have: its returns', its
	 * entry's stack changes and as many for its exit (at most meta).
	 */
	unsigned int meta, frame_meta;
};

/* A direct call or jump from one function to another's start. */
struct call {
	unsigned int caller;		/* funcs[], or NO_CALLER: none */
	unsigned int callee;		/* funcs[] */
};

#define NO_CALLER	(~0U)

struct object {
	const char *path;
	struct func *funcs;		/* defined FUNC symbols */
	unsigned int nr;
	struct call *calls;		/* each counted in its callee's calls */
	unsigned int ncalls;
};

/*
 * Read the defined function symbols of a relocatable object, and count
 * the relocations that take a function's address (absolute relocations,
 * or a PC-relative one that is not a call or jump) and the direct calls
 * to it from other functions: those with a relocation, and those inside
 * one section, which the assembler resolved and which are found in the
 * code. Returns 0, or -1 with a diagnostic naming the file.
 */
int object_read(const char *path, struct object *o);
void object_free(struct object *o);

/*
 * make W=inline under ccache: an object's findings travel in the object,
 * in a section of their own that the linkers leave out (SHF_EXCLUDE), so
 * that ccache gives them back with it. object_put_note() writes buf as
 * the section name of the object at path, replacing what it held: 0, or
 * -1 with a diagnostic. object_get_note() reads it into *buf (allocated,
 * with a NUL after it): 0, or -1 when there is none (no diagnostic).
 */
int object_put_note(const char *path, const char *name, const void *buf,
		    size_t size);
int object_get_note(const char *path, const char *name, char **buf,
		    size_t *size);

#endif /* INLINE_ELFREAD_H */
