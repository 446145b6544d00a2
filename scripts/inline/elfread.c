// SPDX-License-Identifier: GPL-2.0
/*
 * The ELF reader: everything this tool learns from an object file goes
 * through here, over libelf, as objtool's elf.c does for objtool. The
 * comparison in check.c never touches raw ELF; what is x86 about a
 * relocation or an instruction is asked of x86.c.
 */
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "elfread.h"
#include "util.h"
#include "warn.h"
#include "x86.h"

static int open_elf(const char *path, int *fd, Elf **elf)
{
	elf_version(EV_CURRENT);
	*fd = open(path, O_RDONLY);
	if (*fd < 0) {
		WARN_FILE(path, "cannot open: %s", strerror(errno));
		return -1;
	}
	*elf = elf_begin(*fd, ELF_C_READ_MMAP, NULL);
	if (!*elf) {
		WARN_FILE(path, "not an ELF file: %s", elf_errmsg(-1));
		close(*fd);
		return -1;
	}
	return 0;
}

static int cmp_func(const void *a, const void *b)
{
	const struct func *x = a, *y = b;

	if (x->shndx != y->shndx)
		return x->shndx < y->shndx ? -1 : 1;
	if (x->value != y->value)
		return x->value < y->value ? -1 : 1;
	return 0;
}

static struct func *func_at(struct object *o, unsigned int shndx,
			    unsigned long value)
{
	struct func key = { .shndx = shndx, .value = value };

	return bsearch(&key, o->funcs, o->nr, sizeof(key), cmp_func);
}

/* Sections whose relocations are bookkeeping, not references. */
static int bookkeeping(const char *name)
{
	static const char *const prefixes[] = {
		".debug", ".orc_", "__mcount_loc", ".discard.", ".note",
		".comment", "__patchable_function_entries", ".BTF", NULL,
	};
	const char *const *p;

	if (!strcmp(name, ".discard.addressable"))
		return 0;	/* __ADDRESSABLE(): a real reference */
	for (p = prefixes; *p; p++)
		if (!strncmp(name, *p, strlen(*p)))
			return 1;
	return 0;
}

static int read_symbols(Elf *elf, Elf_Scn *symscn, GElf_Shdr *symsh,
			struct object *o)
{
	Elf_Data *data = elf_getdata(symscn, NULL);
	unsigned int i, n = symsh->sh_entsize ?
		symsh->sh_size / symsh->sh_entsize : 0;

	if (!data)
		return -1;
	o->funcs = xcalloc(n, sizeof(*o->funcs));
	for (i = 0; i < n; i++) {
		GElf_Sym sym;
		const char *name;
		struct func *f;

		if (!gelf_getsym(data, i, &sym))
			return -1;
		if (GELF_ST_TYPE(sym.st_info) != STT_FUNC ||
		    sym.st_shndx == SHN_UNDEF || sym.st_shndx >= SHN_LORESERVE)
			continue;
		name = elf_strptr(elf, symsh->sh_link, sym.st_name);
		if (!name)
			return -1;
		f = &o->funcs[o->nr++];
		f->name = xstrdup(name);
		f->value = sym.st_value;
		f->size = sym.st_size;
		f->shndx = sym.st_shndx;
		f->global = GELF_ST_BIND(sym.st_info) != STB_LOCAL;
	}
	qsort(o->funcs, o->nr, sizeof(*o->funcs), cmp_func);
	return 0;
}

/*
 * The relocation at index i of data as a GElf_Rela. REL sections (those
 * of i386 objects) keep the addend in the 32-bit field the relocation
 * patches, in tgt, for the relocations that are addresses.
 */
static int get_reloc(Elf_Data *data, unsigned int i, unsigned int machine,
		     Elf_Data *tgt, GElf_Rela *r)
{
	int32_t field;
	GElf_Rel rl;

	if (!x86_uses_rel(machine))
		return gelf_getrela(data, i, r) ? 0 : -1;
	if (!gelf_getrel(data, i, &rl))
		return -1;
	r->r_offset = rl.r_offset;
	r->r_info = rl.r_info;
	r->r_addend = 0;
	if (x86_reloc_kind(machine, GELF_R_TYPE(rl.r_info)) == X86_RELOC_OTHER)
		return 0;
	if (!tgt || !tgt->d_buf || rl.r_offset + 4 > tgt->d_size)
		return -1;
	memcpy(&field, (char *)tgt->d_buf + rl.r_offset, sizeof(field));
	r->r_addend = field;
	return 0;
}

static int read_relocations(Elf *elf, size_t shstrndx, Elf_Scn *symscn,
			    unsigned int machine, struct object *o)
{
	int rel = x86_uses_rel(machine);
	Elf_Data *symdata = elf_getdata(symscn, NULL);
	Elf_Scn *scn = NULL;

	while ((scn = elf_nextscn(elf, scn))) {
		GElf_Shdr sh, tsh;
		Elf_Scn *target;
		Elf_Data *data, *code = NULL;
		const char *tname;
		unsigned int i, n;
		int exec;

		if (!gelf_getshdr(scn, &sh) ||
		    sh.sh_type != (rel ? SHT_REL : SHT_RELA) || !sh.sh_entsize)
			continue;
		target = elf_getscn(elf, sh.sh_info);
		if (!target || !gelf_getshdr(target, &tsh))
			return -1;
		tname = elf_strptr(elf, shstrndx, tsh.sh_name);
		if (!tname || bookkeeping(tname))
			continue;
		exec = !!(tsh.sh_flags & SHF_EXECINSTR);
		if (exec || rel)
			code = elf_getdata(target, NULL);
		data = elf_getdata(scn, NULL);
		if (!data)
			return -1;
		n = sh.sh_size / sh.sh_entsize;
		for (i = 0; i < n; i++) {
			GElf_Rela rela;
			GElf_Sym sym;
			enum x86_reloc kind;
			long long addend;
			struct func *f;

			if (get_reloc(data, i, machine, code, &rela) ||
			    !gelf_getsym(symdata, GELF_R_SYM(rela.r_info), &sym))
				return -1;
			kind = x86_reloc_kind(machine, GELF_R_TYPE(rela.r_info));
			if (kind == X86_RELOC_OTHER)
				continue;
			/* PC-relative data is bookkeeping (tables of sites) */
			if (kind == X86_RELOC_PCREL && !exec)
				continue;
			addend = rela.r_addend;
			if (kind == X86_RELOC_PCREL)
				addend += X86_PCREL_FIELD;
			f = func_at(o, sym.st_shndx, sym.st_value + addend);
			if (!f)
				continue;
			if (kind == X86_RELOC_PCREL && code &&
			    x86_is_branch(code->d_buf, code->d_size, rela.r_offset))
				f->calls++;
			else
				f->addr_refs++;
		}
	}
	return 0;
}

int object_read(const char *path, struct object *o)
{
	Elf_Scn *scn = NULL, *symscn = NULL;
	GElf_Shdr sh, symsh = { 0 };
	GElf_Ehdr eh;
	struct stat st;
	size_t shstrndx;
	int fd, ret = -1;
	Elf *elf;

	memset(o, 0, sizeof(*o));
	o->path = path;
	if (open_elf(path, &fd, &elf))
		return -1;
	if (elf_kind(elf) != ELF_K_ELF || !gelf_getehdr(elf, &eh)) {
		WARN_FILE(path, "not an ELF object");
		goto out;
	}
	if (eh.e_type != ET_REL ||
	    !x86_object(gelf_getclass(elf), eh.e_machine)) {
		WARN_FILE(path, "not an x86 relocatable object");
		goto out;
	}
	if (fstat(fd, &st) ||
	    eh.e_shoff + (unsigned long)eh.e_shnum * eh.e_shentsize >
	    (unsigned long)st.st_size) {
		WARN_FILE(path, "truncated: its section headers are missing");
		goto out;
	}
	if (elf_getshdrstrndx(elf, &shstrndx))
		goto bad;
	while ((scn = elf_nextscn(elf, scn))) {
		if (!gelf_getshdr(scn, &sh))
			goto bad;
		if (sh.sh_type == SHT_SYMTAB) {
			symscn = scn;
			symsh = sh;
		}
	}
	if (!symscn) {
		WARN_FILE(path, "no symbol table");
		goto out;
	}
	if (read_symbols(elf, symscn, &symsh, o) ||
	    read_relocations(elf, shstrndx, symscn, eh.e_machine, o))
		goto bad;
	ret = 0;
	goto out;
bad:
	WARN_FILE(path, "damaged ELF file: %s", elf_errmsg(-1));
out:
	elf_end(elf);
	close(fd);
	if (ret)
		object_free(o);
	return ret;
}

void object_free(struct object *o)
{
	unsigned int i;

	for (i = 0; i < o->nr; i++)
		free(o->funcs[i].name);
	free(o->funcs);
	o->funcs = NULL;
	o->nr = 0;
}
