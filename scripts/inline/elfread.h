/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What an object file says about its functions, read through libelf:
 * which ones have a copy, how big, and how they are referenced.
 */
#ifndef INLINE_ELFREAD_H
#define INLINE_ELFREAD_H

struct func {
	char *name;		/* "cpumask_weight", "foo.constprop.0" */
	unsigned long value, size;
	unsigned int shndx;
	unsigned int global:1;
	unsigned int addr_refs;		/* its address is taken */
	unsigned int calls;		/* calls from other sections */
};

struct object {
	const char *path;
	struct func *funcs;		/* defined FUNC symbols */
	unsigned int nr;
};

/*
 * Read the defined function symbols of a relocatable object, and count
 * the relocations that take a function's address (absolute relocations,
 * or a PC-relative one that is not a call or jump). Calls inside one
 * section carry no relocation; they are the compiler report's business.
 * Returns 0, or -1 with a diagnostic naming the file.
 */
int object_read(const char *path, struct object *o);
void object_free(struct object *o);

#endif /* INLINE_ELFREAD_H */
