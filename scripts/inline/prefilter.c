// SPDX-License-Identifier: GPL-2.0
/*
 * Which headers to lex. A kernel object depends on hundreds of headers;
 * only the translation unit's own .c files are always lexed, and a header
 * only when its code (comments and literals left out) writes one of the
 * names still looked for, or pastes (##) a piece of one, or calls a macro
 * a name is traced through.
 *
 * Each header is read once for this, in one pass that also keeps a filter
 * of its identifiers: the headers that might call a macro are found with
 * it, where each macro took a pass over every header.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "source-internal.h"
#include "util.h"

struct wanted;
static int wanted_has(const struct wanted *w, const char *s, size_t n,
		      unsigned int h);
static void find_pastes(struct srcfile *f);

/*
 * 1: a character of identifiers; 2: one that may start a comment or a
 * literal, or the NUL that ends the text.
 */
static const unsigned char ident_char[256] = {
	['0' ... '9'] = 1, ['A' ... 'Z'] = 1, ['_'] = 1, ['a' ... 'z'] = 1,
	['/'] = 2, ['"'] = 2, ['\''] = 2, ['\0'] = 2,
};

/*
 * Each file's identifiers, outside comments and literals, as a Bloom
 * filter of a bit per byte of the file (two bits set per identifier, one
 * in a hundred answers wrong): "may this header write the name?" is asked
 * of every header for each name looked for and each macro a name is
 * traced through; the filter answers no for most without their text.
 */
static unsigned int ident_bits(size_t size)
{
	unsigned int bits = 512;

	while (bits < size && bits < (1u << 24))
		bits *= 2;
	return bits;
}

/* The two bits of f's filter that stand for the identifier hashed h. */
static void ident_bit_pair(const struct srcfile *f, unsigned int h,
			   unsigned int *a, unsigned int *b)
{
	*a = h & (f->idents_bits - 1);
	*b = (h >> 16 | h << 16) & (f->idents_bits - 1);
}

static void ident_set(struct srcfile *f, unsigned int h)
{
	unsigned int a, b;

	ident_bit_pair(f, h, &a, &b);
	f->idents[a / 8] |= 1 << (a % 8);
	f->idents[b / 8] |= 1 << (b % 8);
}

/* May f write the identifier whose str_hash() is h? */
static int may_hold(const struct srcfile *f, unsigned int h)
{
	unsigned int a, b;

	ident_bit_pair(f, h, &a, &b);
	return (f->idents[a / 8] & 1 << (a % 8)) &&
	       (f->idents[b / 8] & 1 << (b % 8));
}

/* The end of the comment or literal that starts at p, or p itself. */
static const char *skip_text(const char *p, const char *end)
{
	const char *q;
	char quote;

	if (p[0] == '/' && p + 1 < end && p[1] == '*') {
		/* comments hold few '/': one memchr() reaches the end of most */
		for (q = p + 3; q < end && (q = memchr(q, '/', end - q)); q++)
			if (q[-1] == '*')
				return q + 1;
		return end;
	}
	if (p[0] == '/' && p + 1 < end && p[1] == '/') {
		q = memchr(p, '\n', end - p);
		return q ? q : end;
	}
	if (p[0] != '"' && p[0] != '\'')
		return p;
	quote = *p++;
	while (p < end && *p != quote && *p != '\n')
		p += p[0] == '\\' && p + 1 < end ? 2 : 1;
	return p < end && *p == quote ? p + 1 : p;
}

/*
 * One pass over f's code: its identifier filter, and whether it writes
 * one of the names w still looks for (w may be NULL).
 */
static int scan_identifiers(struct srcfile *f, const struct wanted *w)
{
	const char *p = f->buf, *end = f->buf + f->size;
	int found = 0;

	if (!f->idents || f->idents_mapped) {
		/* the same bits as the pack's, in memory that can be written */
		f->idents_bits = ident_bits(f->size);
		f->idents = xcalloc(f->idents_bits / 8, 1);
		f->idents_mapped = 0;
	}
	/* the NUL after the text (srcset_load()) stops every loop here */
	for (;;) {
		unsigned int h = STR_HASH_INIT;
		const char *start;
		unsigned char c;

		while (!(c = ident_char[(unsigned char)*p]))
			p++;
		start = p;
		if (c == 2) {
			if (p >= end)
				break;
			p = skip_text(p, end);
			p += p == start;
			continue;
		}
		do
			h = STR_HASH_STEP(h, *p);
		while (ident_char[(unsigned char)*++p] == 1);
		ident_set(f, h);
		if (w && !found && wanted_has(w, start, p - start, h))
			found = 1;
	}
	return found;
}

/*
 * A header's index, kept between the checks of a build (--index-dir):
 * its identifier filter and its pastes, as the scan found them, for the
 * header of that size, modification time and inode. The many checks of
 * a build read each header once instead of once per object; a header
 * whose filter may hold a name looked for is still read and scanned, so
 * the answers are those of a scan. Written whole or not at all (a new
 * file renamed into place); any problem with one only costs the scan.
 */
struct index_head {
	char magic[8];
	unsigned long long size, ino;
	long long sec, nsec;
	unsigned int pathlen, bits, npaste, textlen;
};

static const char index_magic[8] = "inlidx2";

static unsigned long long path_hash(const char *path, size_t n)
{
	unsigned long long h = 14695981039346656037ull;
	size_t i;

	for (i = 0; i < n; i++)
		h = (h ^ (unsigned char)path[i]) * 1099511628211ull;
	return h;
}

static char *index_path(const struct srcset *ss, const struct srcfile *f)
{
	return xasprintf("%s/%016llx.idx", ss->index_dir,
			 path_hash(f->path, strlen(f->path)));
}

/*
 * The indexes of a build's headers, also gathered in one file, "pack" in
 * the index directory, which each check maps once: a check loads some
 * 650 indexes, and an open, a read and a close for each cost it more
 * than all else it reads. The pack holds the indexes' bytes as their
 * files do, found by the hash of the header's path (open addressing),
 * and is checked as they are. A check that read 16 index files or
 * learnt 16 indexes or more (new headers, or headers changed since)
 * writes a new pack of what it learnt, every index file and the old
 * pack, and removes those files: under an flock() on "pack.lock", which
 * the next check skips when it is held, and by a new file renamed into
 * place, so that a check maps the old pack or the new, whole. A check
 * that writes no pack keeps what it learnt in files of their own. An
 * entry is used when it is valid for the header as it is, from the pack
 * or, failing that, from its own file; a new pack leaves out the old
 * one's entries for headers removed or changed since.
 */
struct pack_head {
	char magic[8];
	unsigned int nslots, nentries;
};

static const char pack_magic[8] = "inlpak1";

#define PACK_AFTER	16

struct index_pack {
	const unsigned char *base;
	size_t size;
	unsigned int nslots;
};

static unsigned int pack_slot(const unsigned char *base, unsigned int i)
{
	unsigned int v;

	memcpy(&v, base + sizeof(struct pack_head) + i * sizeof(v), sizeof(v));
	return v;
}

/* The path an index entry is for, or NULL if it cannot be one. */
static const char *entry_path(const char *bytes, size_t len, unsigned int *plen)
{
	struct index_head h;

	if (len < sizeof(h))
		return NULL;
	memcpy(&h, bytes, sizeof(h));
	if (memcmp(h.magic, index_magic, sizeof(h.magic)) ||
	    h.pathlen > len - sizeof(h))
		return NULL;
	*plen = h.pathlen;
	return bytes + sizeof(h);
}

/*
 * The entry slot i of the pack points to: its bytes (*len of them) and
 * its path (*plen); NULL if the slot is empty or the entry not whole.
 */
static const char *pack_entry_at(const struct index_pack *pk, unsigned int i,
				 size_t *len, const char **path,
				 unsigned int *plen)
{
	unsigned int off = pack_slot(pk->base, i), elen;
	const char *bytes;

	if (!off || (size_t)off + sizeof(elen) > pk->size)
		return NULL;
	memcpy(&elen, pk->base + off, sizeof(elen));
	if (elen > pk->size - off - sizeof(elen))
		return NULL;
	bytes = (const char *)pk->base + off + sizeof(elen);
	*path = entry_path(bytes, elen, plen);
	*len = elen;
	return *path ? bytes : NULL;
}

static void pack_unmap(struct srcset *ss)
{
	if (!ss->pack)
		return;
	munmap((void *)ss->pack->base, ss->pack->size);
	free(ss->pack);
	ss->pack = NULL;
}

static void pack_map(struct srcset *ss)
{
	struct index_pack *pk;
	struct pack_head ph;
	struct stat st;
	char *path;
	void *base;
	int fd;

	ss->pack_tried = 1;
	path = xasprintf("%s/pack", ss->index_dir);
	fd = open(path, O_RDONLY);
	free(path);
	if (fd < 0)
		return;
	if (fstat(fd, &st) || (size_t)st.st_size < sizeof(ph)) {
		close(fd);
		return;
	}
	base = mmap(NULL, st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
	close(fd);
	if (base == MAP_FAILED)
		return;
	memcpy(&ph, base, sizeof(ph));
	if (memcmp(ph.magic, pack_magic, sizeof(ph.magic)) ||
	    ph.nslots > (1u << 24) || (ph.nslots & (ph.nslots - 1)) ||
	    sizeof(ph) + (size_t)ph.nslots * 4 > (size_t)st.st_size) {
		munmap(base, st.st_size);
		return;
	}
	pk = xmalloc(sizeof(*pk));
	pk->base = base;
	pk->size = st.st_size;
	pk->nslots = ph.nslots;
	ss->pack = pk;
}

/* The pack's entry for path: its bytes, as an index file has them. */
static const char *pack_find(struct srcset *ss, const char *path, size_t *len)
{
	const struct index_pack *pk;
	unsigned int i, k, eplen, plen = strlen(path);
	const char *bytes, *epath;

	if (!ss->pack_tried)
		pack_map(ss);
	pk = ss->pack;
	if (!pk || !pk->nslots)
		return NULL;
	i = path_hash(path, plen) & (pk->nslots - 1);
	for (k = 0; k < pk->nslots; k++, i = (i + 1) & (pk->nslots - 1)) {
		bytes = pack_entry_at(pk, i, len, &epath, &eplen);
		if (!bytes)
			return NULL;
		if (eplen == plen && !memcmp(epath, path, plen))
			return bytes;
	}
	return NULL;
}

/* Is the header that st describes the one the index h was made of? */
static int head_matches(const struct index_head *h, const struct stat *st)
{
	return h->size == (unsigned long long)st->st_size &&
	       h->ino == (unsigned long long)st->st_ino &&
	       h->sec == st->st_mtim.tv_sec && h->nsec == st->st_mtim.tv_nsec;
}

/*
 * Fill f->idents and f->paste from an index entry; -1 if it is not valid.
 * mapped: the entry is the pack's, mapped until index_finish(), and the
 * filter is used where it is, not copied.
 */
static int index_parse(struct srcfile *f, const struct stat *st, int mapped,
		       const char *buf, size_t got)
{
	struct index_head h;
	unsigned int i, off, n;
	const char *data, *lens; /* lens: before and after of each paste, unaligned */
	size_t len;

	if (got < sizeof(h))
		return -1;
	memcpy(&h, buf, sizeof(h));
	if (memcmp(h.magic, index_magic, sizeof(h.magic)) ||
	    !head_matches(&h, st) ||
	    h.pathlen != strlen(f->path) || h.bits != ident_bits(h.size) ||
	    h.npaste > (1u << 20) || h.textlen > (1u << 24))
		return -1;
	len = h.pathlen + h.bits / 8 + 2 * sizeof(unsigned int) * h.npaste +
	      h.textlen;
	data = buf + sizeof(h);
	if (got - sizeof(h) != len || memcmp(data, f->path, h.pathlen))
		return -1;
	lens = data + h.pathlen + h.bits / 8;
	for (i = 0, off = 0; i < 2 * h.npaste; i++) {
		memcpy(&n, lens + i * sizeof(n), sizeof(n));
		if (n > h.textlen - off)
			return -1;
		off += n;
	}
	f->idents_bits = h.bits;
	if (mapped) {
		f->idents = (unsigned char *)data + h.pathlen;
		f->idents_mapped = 1;
	} else {
		f->idents = xmalloc(h.bits / 8);
		memcpy(f->idents, data + h.pathlen, h.bits / 8);
	}
	f->paste = xcalloc(h.npaste, sizeof(*f->paste));
	f->paste_text = xmalloc(h.textlen + 1);
	memcpy(f->paste_text, data + len - h.textlen, h.textlen);
	off = 0;
	for (i = 0; i < h.npaste; i++) {
		unsigned int nb, na;

		memcpy(&nb, lens + 2 * i * sizeof(nb), sizeof(nb));
		memcpy(&na, lens + (2 * i + 1) * sizeof(na), sizeof(na));
		f->paste[i].before = f->paste_text + off;
		f->paste[i].nbefore = nb;
		f->paste[i].after = f->paste_text + off + nb;
		f->paste[i].nafter = na;
		off += nb + na;
	}
	f->npaste = h.npaste;
	f->pasted = 1;
	return 0;
}

/* Fill f->idents and f->paste from its index; -1 if there is none valid. */
static int index_load(struct srcset *ss, struct srcfile *f)
{
	static char *buf;
	static size_t bufsize;
	const char *entry;
	struct stat st;
	char *path;
	ssize_t got;
	size_t len;

	if (!ss->index_dir || !f->header || stat(f->path, &st))
		return -1;
	entry = pack_find(ss, f->path, &len);
	if (entry && !index_parse(f, &st, 1, entry, len))
		return 0;
	path = index_path(ss, f);
	got = read_file(path, &buf, &bufsize);
	free(path);
	if (got < 0)
		return -1;
	ss->loose++;
	return index_parse(f, &st, 0, buf, got);
}

/* f's index as its file and the pack hold it: *len bytes, allocated. */
static char *index_entry(const struct srcfile *f, size_t *len)
{
	struct index_head h = { .pathlen = strlen(f->path) };
	unsigned int i;
	char *buf, *p;

	memcpy(h.magic, index_magic, sizeof(h.magic));
	h.size = f->st_size;
	h.ino = f->st_ino;
	h.sec = f->st_sec;
	h.nsec = f->st_nsec;
	h.bits = f->idents_bits;
	h.npaste = f->npaste;
	for (i = 0; i < f->npaste; i++)
		h.textlen += f->paste[i].nbefore + f->paste[i].nafter;
	*len = sizeof(h) + h.pathlen + h.bits / 8 +
	       2 * sizeof(unsigned int) * h.npaste + h.textlen;
	buf = xmalloc(*len);
	p = buf;
	p = mempcpy(p, &h, sizeof(h));
	p = mempcpy(p, f->path, h.pathlen);
	p = mempcpy(p, f->idents, h.bits / 8);
	for (i = 0; i < f->npaste; i++) {
		unsigned int nb = f->paste[i].nbefore, na = f->paste[i].nafter;

		p = mempcpy(p, &nb, sizeof(nb));
		p = mempcpy(p, &na, sizeof(na));
	}
	for (i = 0; i < f->npaste; i++) {
		p = mempcpy(p, f->paste[i].before, f->paste[i].nbefore);
		p = mempcpy(p, f->paste[i].after, f->paste[i].nafter);
	}
	return buf;
}

/*
 * Keep f's index for the next checks, at the end of this one
 * (index_finish()): in the pack, when this check writes one, else in a
 * file of its own.
 */
static void index_store(struct srcset *ss, struct srcfile *f)
{
	if (!ss->index_dir || !f->header || !f->loaded || !f->idents ||
	    f->unstored)
		return;
	f->unstored = 1;
	ss->unstored++;
}

/* f's index in a file of its own; silently not, if it cannot be. */
static void index_write_loose(struct srcset *ss, struct srcfile *f)
{
	char *path = index_path(ss, f), *tmp, *buf;
	size_t len;
	FILE *fp;
	int ok;

	tmp = xasprintf("%s.%d.tmp", path, (int)getpid());
	buf = index_entry(f, &len);
	fp = fopen(tmp, "w");
	if (fp) {
		ok = fwrite(buf, 1, len, fp) == len;
		if ((fclose(fp) | !ok) || rename(tmp, path))
			remove(tmp);
	}
	free(buf);
	free(tmp);
	free(path);
}

struct pack_entry {
	const char *bytes;	/* as an index file has them */
	unsigned int len;
	unsigned int off;	/* in the new pack; 0: a path already in it */
	char *name;		/* the index file it came from, or NULL */
	int owned;		/* bytes allocated here, not the old pack's */
};

static void pack_add(struct pack_entry **ents, unsigned int *n,
		     unsigned int *cap, const char *bytes, size_t len,
		     char *name, int owned)
{
	if (*n == *cap) {
		*cap = *cap ? 2 * *cap : 256;
		*ents = xrealloc(*ents, *cap * sizeof(**ents));
	}
	(*ents)[*n].bytes = bytes;
	(*ents)[*n].len = len;
	(*ents)[*n].name = name;
	(*ents)[*n].owned = owned;
	(*n)++;
}

/*
 * Put entry e in slots (nslots, a power of two): 0 if it went in, 1 if
 * an entry for the same path is there already.
 */
static int pack_insert(unsigned int *slots, unsigned int nslots,
		       struct pack_entry *ents, unsigned int e)
{
	unsigned int plen = 0, olen = 0, i;
	const char *path = entry_path(ents[e].bytes, ents[e].len, &plen), *other;

	i = path_hash(path, plen) & (nslots - 1);
	for (; slots[i]; i = (i + 1) & (nslots - 1)) {
		const struct pack_entry *o = &ents[slots[i] - 1];

		other = entry_path(o->bytes, o->len, &olen);
		if (olen == plen && !memcmp(other, path, plen))
			return 1;
	}
	slots[i] = e + 1;
	return 0;
}

static int is_index_name(const char *name)
{
	size_t n = strlen(name);

	return n == 20 && !strcmp(name + 16, ".idx") &&
	       strspn(name, "0123456789abcdef") == 16;
}

/*
 * Is the entry for its header as it is? One for a header removed or
 * changed since (another branch checked out) can never be used again:
 * a new pack leaves it out.
 */
static int entry_current(const char *bytes, const char *path,
			 unsigned int plen)
{
	struct index_head h;
	struct stat st;
	char *p = xstrndup(path, plen);
	int ok;

	memcpy(&h, bytes, sizeof(h));
	ok = !stat(p, &st) && head_matches(&h, &st);
	free(p);
	return ok;
}

/*
 * A new pack of the indexes this check learnt, the index files, which it
 * replaces, and the old pack. 0 if it was written.
 */
static int pack_write(struct srcset *ss)
{
	struct pack_entry *ents = NULL;
	unsigned int n = 0, cap = 0, nslots = 64, i, *slots, nentries = 0;
	unsigned long long off;
	struct pack_head ph;
	struct dirent *de;
	char *lock, *tmp, *path;
	FILE *fp;
	DIR *dir;
	int fd, ok = 0;

	lock = xasprintf("%s/pack.lock", ss->index_dir);
	fd = open(lock, O_RDWR | O_CREAT | O_CLOEXEC, 0666);
	free(lock);
	if (fd < 0)
		return -1;
	if (flock(fd, LOCK_EX | LOCK_NB)) {
		close(fd);
		return -1;
	}
	/* the pack as it is now, which may be newer than the one mapped */
	pack_unmap(ss);
	pack_map(ss);

	/* this check's first: for a path in two places, the newest */
	for (i = 0; i < (unsigned int)ss->nfiles; i++) {
		const char *bytes;
		size_t len;

		if (!ss->files[i].unstored)
			continue;
		bytes = index_entry(&ss->files[i], &len);
		pack_add(&ents, &n, &cap, bytes, len, NULL, 1);
	}

	dir = opendir(ss->index_dir);
	while (dir && (de = readdir(dir))) {
		static char *buf;
		static size_t size;
		ssize_t got;
		unsigned int plen;

		if (!is_index_name(de->d_name))
			continue;
		path = xasprintf("%s/%s", ss->index_dir, de->d_name);
		got = read_file(path, &buf, &size);
		if (got < 0 || got > (1 << 26) ||
		    !entry_path(buf, got, &plen)) {
			free(path);
			continue;
		}
		pack_add(&ents, &n, &cap, memcpy(xmalloc(got), buf, got), got,
			 path, 1);
	}
	if (dir)
		closedir(dir);
	for (i = 0; ss->pack && i < ss->pack->nslots; i++) {
		const char *bytes, *epath;
		unsigned int plen;
		size_t len;

		bytes = pack_entry_at(ss->pack, i, &len, &epath, &plen);
		if (bytes && entry_current(bytes, epath, plen))
			pack_add(&ents, &n, &cap, bytes, len, NULL, 0);
	}

	while (nslots < 2 * n)
		nslots *= 2;
	slots = xcalloc(nslots, sizeof(*slots));
	/* then the files: for a path in a file and the pack, the newer */
	off = sizeof(ph) + (unsigned long long)nslots * sizeof(*slots);
	for (i = 0; i < n; i++) {
		ents[i].off = 0;
		if (pack_insert(slots, nslots, ents, i))
			continue;
		ents[i].off = off;
		nentries++;
		off += sizeof(ents[i].len) + ents[i].len;
	}
	ok = off < (1ull << 32);
	for (i = 0; ok && i < nslots; i++)
		if (slots[i])
			slots[i] = ents[slots[i] - 1].off;

	memcpy(ph.magic, pack_magic, sizeof(ph.magic));
	ph.nslots = nslots;
	ph.nentries = nentries;
	path = xasprintf("%s/pack", ss->index_dir);
	tmp = xasprintf("%s.%d.tmp", path, (int)getpid());
	fp = ok ? fopen(tmp, "w") : NULL;
	if (fp) {
		ok = fwrite(&ph, sizeof(ph), 1, fp) == 1 &&
		     fwrite(slots, sizeof(*slots), nslots, fp) == nslots;
		for (i = 0; ok && i < n; i++)
			ok = !ents[i].off ||
			     (fwrite(&ents[i].len, sizeof(ents[i].len), 1, fp) == 1 &&
			      fwrite(ents[i].bytes, 1, ents[i].len, fp) == ents[i].len);
		if ((fclose(fp) | !ok) || rename(tmp, path))
			remove(tmp);
		else
			for (i = 0; i < n; i++)
				if (ents[i].name)
					unlink(ents[i].name);
	}
	free(tmp);
	free(path);
	for (i = 0; i < n; i++) {
		if (ents[i].owned)
			free((char *)ents[i].bytes);
		free(ents[i].name);
	}
	free(ents);
	free(slots);
	close(fd);
	return fp && ok ? 0 : -1;
}

void index_finish(struct srcset *ss)
{
	int i, loose;

	/* loose and unstored count only with an index directory */
	if (ss->unstored)
		mkdir(ss->index_dir, 0777);
	loose = ss->loose + ss->unstored < PACK_AFTER || pack_write(ss);
	/* once: srcset_close(), then srcset_free() */
	for (i = 0; ss->unstored && i < ss->nfiles; i++) {
		if (ss->files[i].unstored && loose)
			index_write_loose(ss, &ss->files[i]);
		ss->files[i].unstored = 0;
	}
	ss->loose = 0;
	ss->unstored = 0;
	pack_unmap(ss);
}

/*
 * f's identifier filter and pastes: from its index, or by reading and
 * scanning it, which also tells whether it writes one of the names w
 * looks for (*found 1 or 0; -1 when it was not scanned now). -1 when it
 * cannot be read.
 */
static int index_header(struct srcset *ss, struct srcfile *f,
			const struct wanted *w, int *found)
{
	*found = -1;
	if (f->idents || !index_load(ss, f))
		return 0;
	if (srcset_load(ss, f))
		return -1;
	*found = scan_identifiers(f, w);
	if (!f->pasted)
		find_pastes(f);
	index_store(ss, f);
	return 0;
}

/* Does buf[0..size) hold name, anywhere? */
static int writes_text(const char *buf, size_t size, const char *name,
		       size_t n)
{
	return !!memmem(buf, size, name, n);
}

/*
 * Does buf[0..size) have a '#define name' line? Any text counts, a
 * comment's too: it only picks the files to lex.
 */
static int writes_define(const char *buf, size_t size, const char *name,
			 size_t n)
{
	const char *p = buf, *end = buf + size, *q;

	while ((p = memmem(p, end - p, name, n))) {
		q = p;
		p += n;
		if ((q > buf && is_ident_char(q[-1])) ||
		    (p < end && is_ident_char(*p)))
			continue;
		while (q > buf && (q[-1] == ' ' || q[-1] == '\t'))
			q--;
		if (q - buf < 6 || memcmp(q - 6, "define", 6))
			continue;
		for (q -= 6; q > buf && (q[-1] == ' ' || q[-1] == '\t'); q--)
			;
		if (q > buf && q[-1] == '#')
			return 1;
	}
	return 0;
}

/*
 * Lex the headers whose text writes needle as writes() finds it, once per
 * needle of the memo tab.
 */
static void lex_headers_writing(struct srcset *ss, struct seen **tab,
				const char *needle, size_t n,
				int (*writes)(const char *, size_t,
					      const char *, size_t))
{
	unsigned int nh = str_hash(needle, n);
	int i, added;

	seen_memo(tab, needle, n, &added);
	if (!added)
		return;
	for (i = 0; i < ss->nfiles; i++) {
		struct srcfile *f = &ss->files[i];
		int found;

		if (f->lexed || !f->header ||
		    index_header(ss, f, NULL, &found) ||
		    !may_hold(f, nh) || srcset_load(ss, f))
			continue;
		if (writes(f->buf, f->size, needle, n))
			read_definitions(ss, f);
	}
}

/* Lex the headers that write the identifier needle, once per needle. */
void lex_headers_with(struct srcset *ss, const char *needle, size_t n)
{
	lex_headers_writing(ss, ss->searched, needle, n, writes_text);
}

/*
 * Lex the headers that define the macro needle, once per needle: those
 * that only test it are left alone (hundreds test __ASSEMBLY__).
 */
void lex_headers_defining_macro(struct srcset *ss, const char *needle,
				size_t n)
{
	lex_headers_writing(ss, ss->defined, needle, n, writes_define);
}

/*
 * Does a file of the set, a .c file or a header, write '#define needle',
 * in any branch? Once per needle. A file that cannot be read may.
 */
int srcset_writes_define(struct srcset *ss, const char *needle, size_t n)
{
	unsigned int nh = str_hash(needle, n);
	int i, found, added;
	struct seen *sn = seen_memo(ss->written, needle, n, &added);

	if (!added)
		return sn->answer;
	for (i = 0; i < ss->nfiles && !sn->answer; i++) {
		struct srcfile *f = &ss->files[i];

		if (f->header && !index_header(ss, f, NULL, &found) &&
		    !may_hold(f, nh))
			continue;
		sn->answer = srcset_load(ss, f) ||
			     writes_define(f->buf, f->size, needle, n);
	}
	return sn->answer;
}

int is_ident_char(char c)
{
	return ident_char[(unsigned char)c] == 1;
}

/* The identifiers pasted to by ## in a file: "__do_sys##", "##_x". */
static void find_pastes(struct srcfile *f)
{
	const char *p = f->buf, *end = f->buf + f->size;

	f->pasted = 1;
	/* memchr() for '#', not memmem(): headers are full of single '#' */
	while ((p = memchr(p, '#', end - p))) {
		const char *a = p, *b = p + 2;
		size_t la = 0, lb = 0;

		if (p + 1 >= end || p[1] != '#') {
			p++;
			continue;
		}

		while (a > f->buf && (a[-1] == ' ' || a[-1] == '\t'))
			a--;
		while (a > f->buf && is_ident_char(a[-1])) {
			a--;
			la++;
		}
		while (b < end && (*b == ' ' || *b == '\t'))
			b++;
		while (b + lb < end && is_ident_char(b[lb]))
			lb++;
		if (la >= 3 || lb >= 3) {
			f->paste = xrealloc(f->paste,
					    (f->npaste + 1) * sizeof(*f->paste));
			f->paste[f->npaste].before = a;
			f->paste[f->npaste].nbefore = la >= 3 ? la : 0;
			f->paste[f->npaste].after = b;
			f->paste[f->npaste].nafter = lb >= 3 ? lb : 0;
			f->npaste++;
		}
		p += 2;
	}
}

/*
 * The names still looked for, as a set that one pass over a file's
 * identifiers can test cheaply: most identifiers fail on their length or
 * their first and last characters before any hashing.
 */
struct wanted {
	const char *const *names;
	size_t *len;		/* of each name */
	unsigned int *hash;	/* str_hash() of each */
	char *want;
	int n, missing;
	unsigned char len_ok[256];
	unsigned char ends_ok[1024];
	int *bucket;		/* hash -> index + 1, open addressing */
	unsigned int nbuckets;
};

static unsigned int ends_key(const char *s, size_t n)
{
	return ((unsigned char)s[0] * 31u + (unsigned char)s[n - 1]) & 1023;
}

static void wanted_init(struct wanted *w, const char *const *names, int n,
			char *want)
{
	int k;

	memset(w, 0, sizeof(*w));
	w->names = names;
	w->n = n;
	w->want = want;
	for (w->nbuckets = 64; w->nbuckets < 4u * n; w->nbuckets *= 2)
		;
	w->bucket = xcalloc(w->nbuckets, sizeof(*w->bucket));
	w->len = xcalloc(n, sizeof(*w->len));
	w->hash = xcalloc(n, sizeof(*w->hash));
	for (k = 0; k < n; k++) {
		size_t len = w->len[k] = strlen(names[k]);
		unsigned int h;

		w->hash[k] = str_hash(names[k], len);
		if (!want[k] || !len || len > 255)
			continue;
		w->missing++;
		w->len_ok[len] = 1;
		w->ends_ok[ends_key(names[k], len)] = 1;
		h = w->hash[k] & (w->nbuckets - 1);
		while (w->bucket[h])
			h = (h + 1) & (w->nbuckets - 1);
		w->bucket[h] = k + 1;
	}
}

/* Is s[0..n), whose str_hash() is h, a name still looked for? */
static int wanted_has(const struct wanted *w, const char *s, size_t n,
		      unsigned int h)
{
	if (n > 255 || !w->len_ok[n] || !w->ends_ok[ends_key(s, n)])
		return 0;
	for (h &= w->nbuckets - 1; w->bucket[h];
	     h = (h + 1) & (w->nbuckets - 1)) {
		int k = w->bucket[h] - 1;

		if (w->want[k] && !strncmp(w->names[k], s, n) &&
		    !w->names[k][n])
			return 1;
	}
	return 0;
}

/* Can this header define one of the names, directly or by pasting? */
static int may_define(struct srcset *ss, struct srcfile *f,
		      const struct wanted *w)
{
	unsigned int i;
	int k, found;

	if (index_header(ss, f, w, &found))
		return 0;
	if (found > 0)
		return 1;
	/* a filter made before: read the header if it may hold a name */
	for (k = 0; found < 0 && k < w->n; k++) {
		if (!w->want[k] || !may_hold(f, w->hash[k]))
			continue;
		if (srcset_load(ss, f))
			return 0;
		if (scan_identifiers(f, w))
			return 1;
		break;
	}
	if (!f->pasted)
		find_pastes(f);
	for (i = 0; i < f->npaste; i++) {
		const struct paste *pa = &f->paste[i];

		for (k = 0; k < w->n; k++) {
			const char *name = w->names[k];
			size_t n = w->len[k];

			if (!w->want[k])
				continue;
			if (pa->nbefore && pa->nbefore < n &&
			    name[0] == pa->before[0] &&
			    !memcmp(name, pa->before, pa->nbefore))
				return 1;
			if (pa->nafter && pa->nafter < n &&
			    name[n - 1] == pa->after[pa->nafter - 1] &&
			    !memcmp(name + n - pa->nafter, pa->after,
				    pa->nafter))
				return 1;
		}
	}
	return 0;
}

void lex_headers_defining(struct srcset *ss, const char *const *names, int n,
			  char *want)
{
	struct wanted w;
	int i, k;

	wanted_init(&w, names, n, want);
	for (i = 0; w.missing && i < ss->nfiles; i++) {
		struct srcfile *f = &ss->files[i];

		if (f->lexed || !may_define(ss, f, &w))
			continue;
		read_definitions(ss, f);
		for (k = 0; k < n; k++)
			if (want[k] && found_with_body(ss, names[k])) {
				want[k] = 0;
				w.missing--;
			}
	}
	free(w.bucket);
	free(w.len);
	free(w.hash);
}
