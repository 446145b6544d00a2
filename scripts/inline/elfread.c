// SPDX-License-Identifier: GPL-2.0
/*
 * The ELF reader: everything this tool learns from an object file goes
 * through here, over libelf, as objtool's elf.c does for objtool. The
 * comparison in check.c never touches raw ELF.
 */
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <libgen.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "elfread.h"
#include "util.h"
#include "warn.h"

#ifndef R_X86_64_PLT32
#define R_X86_64_PLT32	4
#endif

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

/* Is the 4-byte field at off the displacement of a call or a jump? */
static int is_branch(Elf_Data *code, unsigned long off)
{
	const unsigned char *b = code ? code->d_buf : NULL;

	if (!b || off < 1 || off > code->d_size)
		return 0;
	if (b[off - 1] == 0xe8 || b[off - 1] == 0xe9)
		return 1;		/* call, jmp */
	return off >= 2 && b[off - 2] == 0x0f &&
	       (b[off - 1] & 0xf0) == 0x80;	/* jcc */
}

/*
 * The relocation at index i of data as a GElf_Rela, with its kind:
 * 1 for a PC-relative one, 0 for an absolute address, -1 for anything
 * else. ia32 objects (the 32-bit vDSO, the real-mode code) have REL
 * sections, whose addend is the 32-bit field the relocation patches.
 */
static int get_reloc(Elf_Data *data, unsigned int i, int rel, Elf_Data *tgt,
		     GElf_Rela *r)
{
	unsigned int type;
	int32_t field;
	GElf_Rel rl;

	if (!rel)
		return gelf_getrela(data, i, r) ? 0 : -2;
	if (!gelf_getrel(data, i, &rl))
		return -2;
	r->r_offset = rl.r_offset;
	r->r_info = rl.r_info;
	r->r_addend = 0;
	type = GELF_R_TYPE(rl.r_info);
	if (type != R_386_PC32 && type != R_386_PLT32 && type != R_386_32)
		return 0;
	if (!tgt || !tgt->d_buf || rl.r_offset + 4 > tgt->d_size)
		return -2;
	memcpy(&field, (char *)tgt->d_buf + rl.r_offset, sizeof(field));
	r->r_addend = field;
	return 0;
}

/* 1: PC-relative, 0: absolute, -1: neither (ignored) */
static int reloc_kind(unsigned int machine, unsigned int type)
{
	if (machine == EM_386)
		return type == R_386_PC32 || type == R_386_PLT32 ? 1 :
		       type == R_386_32 ? 0 : -1;
	if (type == R_X86_64_PC32 || type == R_X86_64_PLT32)
		return 1;
	return type == R_X86_64_64 || type == R_X86_64_32 ||
	       type == R_X86_64_32S ? 0 : -1;
}

static int read_relocations(Elf *elf, size_t shstrndx, Elf_Scn *symscn,
			    unsigned int machine, struct object *o)
{
	int rel = machine == EM_386;
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
			long long addend;
			struct func *f;
			int pcrel;

			if (get_reloc(data, i, rel, code, &rela) ||
			    !gelf_getsym(symdata, GELF_R_SYM(rela.r_info), &sym))
				return -1;
			pcrel = reloc_kind(machine, GELF_R_TYPE(rela.r_info));
			if (pcrel < 0)
				continue;
			/* PC-relative data is bookkeeping (tables of sites) */
			if (pcrel && !exec)
				continue;
			addend = rela.r_addend;
			if (pcrel)
				addend += 4;	/* from the end of the field */
			f = func_at(o, sym.st_shndx, sym.st_value + addend);
			if (!f)
				continue;
			if (pcrel && is_branch(code, rela.r_offset))
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
	int fd, x86_64, ia32, ret = -1;
	Elf *elf;

	memset(o, 0, sizeof(*o));
	o->path = path;
	if (open_elf(path, &fd, &elf))
		return -1;
	if (elf_kind(elf) != ELF_K_ELF || !gelf_getehdr(elf, &eh)) {
		WARN_FILE(path, "not an ELF object");
		goto out;
	}
	x86_64 = gelf_getclass(elf) == ELFCLASS64 && eh.e_machine == EM_X86_64;
	ia32 = gelf_getclass(elf) == ELFCLASS32 && eh.e_machine == EM_386;
	if (eh.e_type != ET_REL || !(x86_64 || ia32)) {
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

/* ------------------------------------------------------------------ */
/* Sizes, as size(1) counts them (binutils' berkeley format) */

static int elf_sizes(Elf *elf, const char *what, struct sizes *s)
{
	Elf_Scn *scn = NULL;
	GElf_Shdr sh;

	if (elf_kind(elf) != ELF_K_ELF) {
		WARN_FILE(what, "not an ELF file");
		return -1;
	}
	while ((scn = elf_nextscn(elf, scn))) {
		if (!gelf_getshdr(scn, &sh)) {
			WARN_FILE(what, "damaged ELF file: %s", elf_errmsg(-1));
			return -1;
		}
		if (!(sh.sh_flags & SHF_ALLOC))
			continue;
		if ((sh.sh_flags & SHF_EXECINSTR) || !(sh.sh_flags & SHF_WRITE))
			s->text += sh.sh_size;
		else if (sh.sh_type != SHT_NOBITS)
			s->data += sh.sh_size;
		else
			s->bss += sh.sh_size;
	}
	return 0;
}

/* One archive member header: name (resolved), size. */
struct ar_hdr {
	char name[16], date[12], uid[6], gid[6], mode[8], size[10], fmag[2];
};

static int archive_sizes(const char *path, const unsigned char *map,
			 size_t len, int thin, struct sizes *s)
{
	const char *names = NULL;
	size_t names_len = 0, off = 8;
	char *dir, *tmp = strdup(path);
	int ret = 0;

	if (!tmp)
		return -1;
	dir = dirname(tmp);
	while (off + sizeof(struct ar_hdr) <= len) {
		const struct ar_hdr *h = (const void *)(map + off);
		char name[4096], size_str[11];
		size_t size, nlen;

		memcpy(size_str, h->size, 10);
		size_str[10] = '\0';
		size = strtoul(size_str, NULL, 10);
		off += sizeof(*h);
		if (memcmp(h->fmag, "`\n", 2) || off + (thin ? 0 : size) > len) {
			WARN_FILE(path, "damaged archive");
			ret = -1;
			break;
		}
		if (!memcmp(h->name, "// ", 3)) {
			names = (const char *)map + off;
			names_len = size;
			off += size + (size & 1);	/* always stored */
			continue;
		}
		if (h->name[0] == '/' && (h->name[1] == ' ' ||
					  !memcmp(h->name, "/SYM64/", 7))) {
			off += size + (size & 1);	/* symbol table */
			continue;
		}
		if (h->name[0] == '/' && names) {
			size_t at = strtoul(h->name + 1, NULL, 10);

			if (at >= names_len) {
				WARN_FILE(path, "damaged archive name table");
				ret = -1;
				break;
			}
			/* GNU ar ends a long name with "/\n" */
			nlen = strcspn(names + at, "\n");
			if (at + nlen > names_len)
				nlen = names_len - at;
			if (nlen && names[at + nlen - 1] == '/')
				nlen--;
			memcpy(name, names + at, nlen < 4000 ? nlen : 4000);
			name[nlen < 4000 ? nlen : 4000] = '\0';
		} else {
			nlen = strcspn(h->name, "/ ");
			memcpy(name, h->name, nlen);
			name[nlen] = '\0';
		}
		if (thin) {
			char member[8192];

			if (name[0] == '/')
				snprintf(member, sizeof(member), "%s", name);
			else
				snprintf(member, sizeof(member), "%s/%s", dir,
					 name);
			if (file_sizes(member, s))
				ret = -1;
		} else {
			Elf *elf = elf_memory((char *)map + off, size);

			if (!elf || elf_sizes(elf, name, s))
				ret = -1;
			if (elf)
				elf_end(elf);
			off += size + (size & 1);
		}
	}
	free(tmp);
	return ret;
}

int file_sizes(const char *path, struct sizes *s)
{
	struct stat st;
	unsigned char *map;
	int fd, ret;

	elf_version(EV_CURRENT);
	fd = open(path, O_RDONLY);
	if (fd < 0 || fstat(fd, &st) < 0) {
		WARN_FILE(path, "cannot open: %s", strerror(errno));
		if (fd >= 0)
			close(fd);
		return -1;
	}
	map = malloc(st.st_size ? st.st_size : 1);
	if (!map || read(fd, map, st.st_size) != st.st_size) {
		WARN_FILE(path, "cannot read");
		free(map);
		close(fd);
		return -1;
	}
	close(fd);
	if (st.st_size >= 8 && !memcmp(map, "!<thin>\n", 8)) {
		ret = archive_sizes(path, map, st.st_size, 1, s);
	} else if (st.st_size >= 8 && !memcmp(map, "!<arch>\n", 8)) {
		ret = archive_sizes(path, map, st.st_size, 0, s);
	} else {
		Elf *elf = elf_memory((char *)map, st.st_size);

		ret = elf ? elf_sizes(elf, path, s) : -1;
		if (!elf)
			WARN_FILE(path, "not an ELF file");
		else
			elf_end(elf);
	}
	free(map);
	return ret;
}
