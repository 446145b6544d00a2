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
#include <stdint.h>
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

/*
 * The index of the first function after offset off of section shndx (the
 * functions are sorted by section, then address).
 */
static unsigned int funcs_after(const struct object *o, unsigned int shndx,
				unsigned long off)
{
	unsigned int lo = 0, hi = o->nr;

	while (lo < hi) {
		unsigned int mid = (lo + hi) / 2;
		const struct func *m = &o->funcs[mid];

		if (m->shndx < shndx || (m->shndx == shndx && m->value <= off))
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* The function whose code holds offset off of section shndx, or NULL. */
static struct func *func_containing(struct object *o, unsigned int shndx,
				    unsigned long off)
{
	unsigned int i = funcs_after(o, shndx, off);

	if (!i || o->funcs[i - 1].shndx != shndx ||
	    off >= o->funcs[i - 1].value + o->funcs[i - 1].size)
		return NULL;
	return &o->funcs[i - 1];
}

/* A call from caller (NULL: from code outside any function) to callee. */
static void count_call(struct object *o, const struct func *caller,
		       struct func *callee)
{
	struct call *c;

	callee->calls++;
	if (!(o->ncalls & (o->ncalls - 1)))	/* 0, 1, 2, 4...: double */
		o->calls = xrealloc(o->calls, (o->ncalls ? 2 * o->ncalls : 1) *
					      sizeof(*o->calls));
	c = &o->calls[o->ncalls++];
	c->caller = caller ? (unsigned int)(caller - o->funcs) : NO_CALLER;
	c->callee = callee - o->funcs;
}

/*
 * The functions of the code section shndx, whose size bytes hold their
 * code: funcs[*first, return). A function past the end (a damaged
 * object) ends them.
 */
static unsigned int section_funcs(const struct object *o, unsigned int shndx,
				  size_t size, unsigned int *first)
{
	unsigned int i;

	*first = shndx ? funcs_after(o, shndx - 1, ~0UL) : 0;
	for (i = *first; i < o->nr && o->funcs[i].shndx == shndx; i++)
		if (o->funcs[i].value + o->funcs[i].size > size)
			break;
	return i;
}

/* Sections whose relocations are bookkeeping, not references. */
static int bookkeeping(const char *name)
{
	static const char *const prefixes[] = {
		".debug", ".orc_", "__mcount_loc", ".discard.", ".note",
		".comment", "__patchable_function_entries", ".BTF",
		".eh_frame", NULL,
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

/*
 * The bytes of each code section that a relocation patches: those are not
 * resolved displacements, for find_direct_calls(). One bit per byte.
 */
struct patched {
	unsigned char **bits;		/* by section index; NULL: none */
	size_t nsec;
};

static void mark_patched(struct patched *p, size_t shndx, size_t secsize,
			 unsigned long off)
{
	unsigned long i;

	if (shndx >= p->nsec)
		return;
	if (!p->bits[shndx])
		p->bits[shndx] = xcalloc(secsize / 8 + 1, 1);
	for (i = off; i < off + X86_PCREL_FIELD && i < secsize; i++)
		p->bits[shndx][i / 8] |= 1 << (i % 8);
}

static int is_patched(const struct patched *p, size_t shndx, unsigned long off)
{
	return shndx < p->nsec && p->bits[shndx] &&
	       (p->bits[shndx][off / 8] & (1 << (off % 8)));
}

/*
 * An entry of a table of places (x86_site_table(), x86_alt_table()), per
 * bytes, for the place sym + addend: counted for the function there. Not
 * at its first byte, where tables of functions point (__ksymtab), unless
 * the table has entries there (all, start); the frame's entries apart
 * (elfread.h).
 */
static void add_table_entry(struct object *o, const GElf_Sym *sym,
			    long long addend, unsigned int per, int frame,
			    int all, int start)
{
	unsigned long off = sym->st_value + addend;
	struct func *f = func_containing(o, sym->st_shndx, off);

	if (!f || (!all && !start && off == f->value))
		return;
	f->meta += per;
	if (frame && off + X86_RETURN_JMP == f->value + f->size)
		f->overhead += X86_RETURN_JMP;	/* its last return */
	if (frame)
		f->frame_meta += per;
	else if (all && off <= f->value + f->entry)
		f->frame_meta += 2 * per;	/* at its entry and its exit */
}

/*
 * The place a relocation refers to: sym + addend, and for one that is
 * PC-relative in code (a jump, a call), past the field it patches.
 */
static long long reloc_place(const GElf_Rela *r, unsigned int machine, int exec)
{
	return r->r_addend +
	       (exec && x86_reloc_kind(machine, GELF_R_TYPE(r->r_info)) ==
			X86_RELOC_PCREL ? X86_PCREL_FIELD : 0);
}

/* Of the n relocations in data, those to a place in a function's code. */
static int relocs_in_funcs(struct object *o, Elf_Data *data, Elf_Data *symdata,
			   unsigned int n, unsigned int machine, int exec,
			   Elf_Data *code, unsigned int *count)
{
	unsigned int i;

	*count = 0;
	for (i = 0; i < n; i++) {
		GElf_Rela rela;
		GElf_Sym sym;

		if (get_reloc(data, i, machine, code, &rela) ||
		    !gelf_getsym(symdata, GELF_R_SYM(rela.r_info), &sym))
			return -1;
		if (x86_reloc_kind(machine, GELF_R_TYPE(rela.r_info)) !=
		    X86_RELOC_OTHER &&
		    func_containing(o, sym.st_shndx, sym.st_value +
				    reloc_place(&rela, machine, exec)))
			(*count)++;
	}
	return 0;
}

/* The bytes of the section named name, 0 when there is none. */
static unsigned long section_size(Elf *elf, size_t shstrndx, const char *name)
{
	Elf_Scn *scn = NULL;
	GElf_Shdr sh;

	while ((scn = elf_nextscn(elf, scn))) {
		const char *s;

		if (!gelf_getshdr(scn, &sh))
			continue;
		s = elf_strptr(elf, shstrndx, sh.sh_name);
		if (s && !strcmp(s, name))
			return sh.sh_size;
	}
	return 0;
}

static int read_relocations(Elf *elf, size_t shstrndx, Elf_Scn *symscn,
			    unsigned int machine, struct object *o,
			    struct patched *patched)
{
	int rel = x86_uses_rel(machine);
	Elf_Data *symdata = elf_getdata(symscn, NULL);
	Elf_Scn *scn = NULL;
	unsigned long repl = section_size(elf, shstrndx, X86_ALT_REPLACEMENT);

	while ((scn = elf_nextscn(elf, scn))) {
		GElf_Shdr sh, tsh;
		Elf_Scn *target;
		Elf_Data *data, *code = NULL;
		const char *tname;
		unsigned int i, n, per, alt;
		int exec, frame, all;

		if (!gelf_getshdr(scn, &sh) ||
		    sh.sh_type != (rel ? SHT_REL : SHT_RELA) || !sh.sh_entsize)
			continue;
		target = elf_getscn(elf, sh.sh_info);
		if (!target || !gelf_getshdr(target, &tsh))
			return -1;
		tname = elf_strptr(elf, shstrndx, tsh.sh_name);
		if (!tname)
			continue;
		n = sh.sh_size / sh.sh_entsize;
		per = 0;
		if ((tsh.sh_flags & SHF_ALLOC) &&
		    !(tsh.sh_flags & (SHF_WRITE | SHF_EXECINSTR)))
			per = x86_site_table(tname, tsh.sh_size, n, &frame, &all);
		if (!per && bookkeeping(tname))
			continue;
		exec = !!(tsh.sh_flags & SHF_EXECINSTR);
		if (exec || rel)
			code = elf_getdata(target, NULL);
		data = elf_getdata(scn, NULL);
		if (!data)
			return -1;
		/* the alternatives: an entry per place, and its code */
		alt = 0;
		if (!per && x86_alt_table(tname, tsh.sh_size, 1, repl)) {
			if (relocs_in_funcs(o, data, symdata, n, machine, exec,
					    code, &alt))
				return -1;
			per = alt ? x86_alt_table(tname, tsh.sh_size, alt,
						  repl) : 0;
			frame = 0;
			all = 0;
			if (!per)
				continue;
		}
		for (i = 0; i < n; i++) {
			GElf_Rela rela;
			GElf_Sym sym;
			enum x86_reloc kind;
			struct func *f;

			if (get_reloc(data, i, machine, code, &rela) ||
			    !gelf_getsym(symdata, GELF_R_SYM(rela.r_info), &sym))
				return -1;
			kind = x86_reloc_kind(machine, GELF_R_TYPE(rela.r_info));
			if (kind == X86_RELOC_OTHER)
				continue;
			if (per) {	/* a table of places, not a reference */
				add_table_entry(o, &sym,
						reloc_place(&rela, machine, exec),
						per, frame, all, !!alt);
				continue;
			}
			if (exec && code)
				mark_patched(patched, sh.sh_info, code->d_size,
					     rela.r_offset);
			f = func_at(o, sym.st_shndx, sym.st_value +
				    reloc_place(&rela, machine, exec));
			/*
			 * PC-relative data: a table of sites or a relative
			 * pointer, not an address taken; but a copy that one
			 * names is not dead
			 */
			if (kind == X86_RELOC_PCREL && !exec) {
				if (f)
					f->rel_refs++;
				continue;
			}
			if (!f)
				continue;
			if (kind == X86_RELOC_PCREL && code &&
			    x86_is_branch(code->d_buf, code->d_size, rela.r_offset)) {
				/* recursion, or a jump to its own .cold part */
				struct func *from = func_containing(o, sh.sh_info,
								    rela.r_offset);

				if (from != f)
					count_call(o, from, f);
			} else
				f->addr_refs++;
		}
	}
	return 0;
}

/*
 * The entry and exit of each function of the code section shndx, and the
 * padding before it (with the 16 bytes of its __pfx_ symbol, where
 * objtool made one); the alignment they all keep, of at most the
 * section's (align).
 */
static void read_entries(struct object *o, unsigned int shndx,
			 const unsigned char *code, size_t size,
			 unsigned long align)
{
	unsigned long end = 0;
	unsigned int i, first, last = section_funcs(o, shndx, size, &first);

	if (!align || (align & (align - 1)))
		align = 1;
	for (i = first; i < last; i++)
		while (o->funcs[i].value % align)
			align /= 2;
	for (i = first; i < last; i++) {
		struct func *f = &o->funcs[i];
		unsigned int pushes;

		f->align = align;
		f->last = i + 1 == last;

		f->gap = f->value > end ? f->value - end : 0;
		if (i > first &&
		    !strncmp(o->funcs[i - 1].name, "__pfx_", 6) &&
		    !strcmp(o->funcs[i - 1].name + 6, f->name))
			f->gap += o->funcs[i - 1].size + o->funcs[i - 1].gap;
		end = f->value + f->size;
		f->entry = x86_entry_bytes(code + f->value, f->size, &pushes);
		f->overhead = f->entry + pushes +
			      x86_exit_bytes(code + f->value, f->size);
	}
}

/* A call from f to the function at target, if one starts there. */
static void add_call(struct object *o, unsigned int shndx,
		     const struct func *f, long target)
{
	struct func *callee = target < 0 ? NULL : func_at(o, shndx, target);

	if (callee && callee != f)
		count_call(o, f, callee);
}

/*
 * The branches of f to the start of another function that the assembler
 * resolved, instruction by instruction (x86_decode()): with a 32-bit
 * displacement no relocation patches, or an 8-bit one (a tail call to a
 * function close by: clang puts a callee right after its caller). Only
 * counted when count. 0, or -1 when the code is not all instructions the
 * decoder knows.
 */
static int decode_calls(struct object *o, unsigned int shndx,
			const unsigned char *code, const struct func *f,
			const struct patched *patched, int count)
{
	unsigned long off = f->value, end = f->value + f->size;
	struct x86_insn in;

	while (off < end) {
		if (x86_decode(code + off, end - off, &in))
			return -1;
		/* a 32-bit displacement a relocation patches is counted there */
		if (count && in.disp && (in.disp_size == 1 ||
					 !is_patched(patched, shndx, off + in.disp)))
			add_call(o, shndx, f, (long)(off + in.len) + in.rel);
		off += in.len;
	}
	return 0;
}

/*
 * The calls inside the code section shndx, which the assembler resolved:
 * they carry no relocation, so they are found in the code. x86_64 code
 * is decoded; byte by byte, where the decoder does not know an
 * instruction or for i386 objects (the real-mode code is 16-bit, which
 * decodes otherwise): a call, jmp or jcc with a 32-bit displacement, and
 * a short jmp only as the function's last instruction (x86.c).
 */
static void find_direct_calls(struct object *o, unsigned int shndx,
			      const unsigned char *code, size_t size,
			      const struct patched *patched, int code64)
{
	unsigned int i, first, last = section_funcs(o, shndx, size, &first);

	for (i = first; i < last; i++) {
		const struct func *f = &o->funcs[i];
		unsigned long off;

		if (code64 && !decode_calls(o, shndx, code, f, patched, 0)) {
			decode_calls(o, shndx, code, f, patched, 1);
			continue;
		}
		for (off = f->value; off + 5 <= f->value + f->size; off++) {
			unsigned long field;
			long target;

			target = x86_direct_target(code, size, off, &field);
			if (target >= 0 &&
			    field + X86_PCREL_FIELD <= f->value + f->size &&
			    !is_patched(patched, shndx, field))
				add_call(o, shndx, f, target);
		}
		add_call(o, shndx, f,
			 x86_tail_jmp8_target(code, size, f->value,
					      f->value + f->size));
	}
}

/* Each code section to read_entries(), or with patched to find_direct_calls(). */
static void read_all_code(Elf *elf, struct object *o,
			  const struct patched *patched)
{
	Elf_Scn *scn = NULL;

	while ((scn = elf_nextscn(elf, scn))) {
		GElf_Shdr sh;
		Elf_Data *data;

		if (!gelf_getshdr(scn, &sh) || sh.sh_type != SHT_PROGBITS ||
		    !(sh.sh_flags & SHF_EXECINSTR))
			continue;
		data = elf_getdata(scn, NULL);
		if (!data || !data->d_buf)
			continue;
		if (patched)
			find_direct_calls(o, elf_ndxscn(scn), data->d_buf,
					  data->d_size, patched,
					  gelf_getclass(elf) == ELFCLASS64);
		else
			read_entries(o, elf_ndxscn(scn), data->d_buf,
				     data->d_size, sh.sh_addralign);
	}
}

int object_read(const char *path, struct object *o)
{
	Elf_Scn *scn = NULL, *symscn = NULL;
	GElf_Shdr sh, symsh = { 0 };
	struct patched patched = { NULL, 0 };
	GElf_Ehdr eh;
	struct stat st;
	size_t i;
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
	if (elf_getshdrnum(elf, &patched.nsec))
		goto bad;
	patched.bits = xcalloc(patched.nsec + 1, sizeof(*patched.bits));
	if (read_symbols(elf, symscn, &symsh, o))
		goto bad;
	read_all_code(elf, o, NULL);
	if (read_relocations(elf, shstrndx, symscn, eh.e_machine, o, &patched))
		goto bad;
	read_all_code(elf, o, &patched);
	ret = 0;
	goto out;
bad:
	WARN_FILE(path, "damaged ELF file: %s", elf_errmsg(-1));
out:
	for (i = 0; i < patched.nsec; i++)
		free(patched.bits[i]);
	free(patched.bits);
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
	free(o->calls);
	o->funcs = NULL;
	o->calls = NULL;
	o->nr = 0;
	o->ncalls = 0;
}

/* The section called name, or NULL. */
static Elf_Scn *section_named(Elf *elf, const char *name, GElf_Shdr *sh)
{
	Elf_Scn *scn = NULL;
	size_t shstrndx;
	const char *s;

	if (elf_getshdrstrndx(elf, &shstrndx))
		return NULL;
	while ((scn = elf_nextscn(elf, scn))) {
		if (!gelf_getshdr(scn, sh))
			return NULL;
		s = elf_strptr(elf, shstrndx, sh->sh_name);
		if (s && !strcmp(s, name))
			return scn;
	}
	return NULL;
}

/* A new section called name, its name added to the section names. */
static Elf_Scn *new_section(Elf *elf, const char *name, GElf_Shdr *sh)
{
	Elf_Scn *scn, *strscn;
	Elf_Data *data;
	GElf_Shdr strsh;
	size_t shstrndx;

	if (elf_getshdrstrndx(elf, &shstrndx))
		return NULL;
	strscn = elf_getscn(elf, shstrndx);
	if (!strscn || !gelf_getshdr(strscn, &strsh))
		return NULL;
	data = elf_newdata(strscn);
	if (!data)
		return NULL;
	data->d_buf = (void *)name;
	data->d_size = strlen(name) + 1;
	data->d_type = ELF_T_BYTE;
	data->d_align = 1;
	data->d_version = EV_CURRENT;
	data->d_off = strsh.sh_size;
	memset(sh, 0, sizeof(*sh));
	sh->sh_name = strsh.sh_size;
	strsh.sh_size += data->d_size;
	if (!gelf_update_shdr(strscn, &strsh))
		return NULL;
	scn = elf_newscn(elf);
	/*
	 * Linkers leave SHF_EXCLUDE sections out of what they link (ld -r
	 * keeps them), as they do GCC's LTO sections.
	 */
	sh->sh_type = SHT_PROGBITS;
	sh->sh_flags = SHF_EXCLUDE;
	sh->sh_addralign = 1;
	return scn;
}

int object_put_note(const char *path, const char *name, const void *buf,
		    size_t size)
{
	Elf_Data *data, *more;
	Elf_Scn *scn;
	GElf_Shdr sh;
	int fd, ret = -1;
	Elf *elf;

	elf_version(EV_CURRENT);
	fd = open(path, O_RDWR);
	if (fd < 0) {
		WARN_FILE(path, "cannot open: %s", strerror(errno));
		return -1;
	}
	elf = elf_begin(fd, ELF_C_RDWR, NULL);
	if (!elf || elf_kind(elf) != ELF_K_ELF) {
		WARN_FILE(path, "not an ELF file: %s", elf_errmsg(-1));
		goto out;
	}
	scn = section_named(elf, name, &sh);
	if (!scn)
		scn = new_section(elf, name, &sh);
	if (!scn)
		goto bad;
	/* the section holds buf alone */
	data = elf_getdata(scn, NULL);
	if (!data)
		data = elf_newdata(scn);
	if (!data)
		goto bad;
	data->d_buf = (void *)buf;
	data->d_size = size;
	data->d_type = ELF_T_BYTE;
	data->d_align = 1;
	data->d_version = EV_CURRENT;
	data->d_off = 0;
	for (more = elf_getdata(scn, data); more; more = elf_getdata(scn, more))
		more->d_size = 0;
	sh.sh_size = size;
	if (!gelf_update_shdr(scn, &sh) || elf_update(elf, ELF_C_WRITE) < 0)
		goto bad;
	ret = 0;
	goto out;
bad:
	WARN_FILE(path, "cannot add section %s: %s", name, elf_errmsg(-1));
out:
	if (elf)
		elf_end(elf);
	close(fd);
	return ret;
}

int object_get_note(const char *path, const char *name, char **buf,
		    size_t *size)
{
	Elf_Scn *scn = NULL;
	Elf_Data *data = NULL;
	GElf_Shdr sh;
	int fd, ret = -1;
	Elf *elf;

	elf_version(EV_CURRENT);
	fd = open(path, O_RDONLY);
	if (fd < 0)
		return -1;
	elf = elf_begin(fd, ELF_C_READ_MMAP, NULL);
	if (elf && elf_kind(elf) == ELF_K_ELF)
		scn = section_named(elf, name, &sh);
	if (scn && sh.sh_type == SHT_PROGBITS)
		data = elf_getdata(scn, NULL);
	if (data && data->d_size == sh.sh_size) {
		*buf = xmalloc(sh.sh_size + 1);
		memcpy(*buf, data->d_buf, sh.sh_size);
		(*buf)[sh.sh_size] = '\0';
		*size = sh.sh_size;
		ret = 0;
	}
	if (elf)
		elf_end(elf);
	close(fd);
	return ret;
}
