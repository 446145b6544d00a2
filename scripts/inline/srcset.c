// SPDX-License-Identifier: GPL-2.0
/*
 * The files of a translation unit (source.h): the object's source and the
 * headers it depends on, from the .cmd file fixdep wrote, each loaded on
 * first use. What is read of them lives in the set until srcset_free().
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "source-internal.h"
#include "util.h"
#include "warn.h"

const char *srcset_display(struct srcset *ss, const char *path)
{
	if (ss->prefix_len && !strncmp(path, ss->prefix, ss->prefix_len) &&
	    path[ss->prefix_len] == '/')
		return path + ss->prefix_len + 1;
	if (!strncmp(path, "./", 2))
		return path + 2;
	return path;
}

int srcset_load(struct srcset *ss, struct srcfile *f)
{
	struct stat st;
	ssize_t got;
	size_t done = 0;
	int fd;

	if (f->loaded || f->failed)
		return f->failed ? -1 : 0;
	fd = open(f->path, O_RDONLY);
	if (fd < 0 || fstat(fd, &st) < 0) {
		WARN_SOURCE(f->display, "cannot read: %s", strerror(errno));
		goto fail;
	}
	f->buf = xmalloc(st.st_size + 2);
	while (done < (size_t)st.st_size) {
		got = read(fd, f->buf + done, st.st_size - done);
		if (got <= 0) {
			WARN_SOURCE(f->display, "cannot read: %s",
				    got < 0 ? strerror(errno) : "file shrank");
			goto fail;
		}
		done += got;
	}
	close(fd);
	f->st_size = st.st_size;
	f->st_ino = st.st_ino;
	f->st_sec = st.st_mtim.tv_sec;
	f->st_nsec = st.st_mtim.tv_nsec;
	f->size = done;
	f->buf[done] = '\0';
	f->buf[done + 1] = '\0';
	f->loaded = 1;
	return 0;
fail:
	if (fd >= 0)
		close(fd);
	free(f->buf);
	f->buf = NULL;
	f->failed = 1;
	ss->failures++;
	return -1;
}

/* The slot of path[0..n) among the files' (normalized) paths. */
static int *file_slot(struct srcset *ss, const char *path, size_t n)
{
	unsigned int h = str_hash(path, n), i;
	int *slot;

	for (i = h & (ss->nfile_slots - 1);; i = (i + 1) & (ss->nfile_slots - 1)) {
		slot = &ss->file_slot[i];
		if (!*slot || (!strncmp(ss->files[*slot - 1].path, path, n) &&
			       !ss->files[*slot - 1].path[n]))
			return slot;
	}
}

static void add_file(struct srcset *ss, const char *path, size_t n)
{
	struct srcfile *f;
	int i;

	if (2 * (ss->nfiles + 1) > (int)ss->nfile_slots) {
		free(ss->file_slot);
		ss->nfile_slots = ss->nfile_slots ? 2 * ss->nfile_slots : 2048;
		ss->file_slot = xcalloc(ss->nfile_slots, sizeof(*ss->file_slot));
		for (i = 0; i < ss->nfiles; i++)
			*file_slot(ss, ss->files[i].path,
				   strlen(ss->files[i].path)) = i + 1;
	}
	if (*file_slot(ss, path, n))
		return;
	if (!(ss->nfiles & (ss->nfiles + 1)) || !ss->files) {
		ss->files = xrealloc(ss->files,
				     (2 * ss->nfiles + 2) * sizeof(*ss->files));
	}
	f = &ss->files[ss->nfiles++];
	memset(f, 0, sizeof(*f));
	f->path = xstrndup(path, n);
	path_normalize(f->path);
	f->display = srcset_display(ss, f->path);
	f->header = path_is_header(f->path);
	*file_slot(ss, f->path, strlen(f->path)) = ss->nfiles;
}

static struct srcset *srcset_new(const char *prefix)
{
	struct srcset *ss = xcalloc(1, sizeof(*ss));

	ss->prefix = prefix ? prefix : "";
	ss->prefix_len = strlen(ss->prefix);
	while (ss->prefix_len > 1 && ss->prefix[ss->prefix_len - 1] == '/')
		ss->prefix_len--;
	if (ss->prefix_len == 1 && ss->prefix[0] == '.')
		ss->prefix_len = 0;
	return ss;
}

/*
 * The length of the name the .cmd file's key gives the object, one of
 * names; 0 when it is another object's key.
 */
static size_t key_len(const char *key, const char *const names[2])
{
	size_t i, n;

	for (i = 0; i < 2 && names[i]; i++) {
		n = strlen(names[i]);
		if (!strncmp(key, names[i], n) && !strncmp(key + n, " :=", 3))
			return n;
	}
	return 0;
}

/*
 * The .cmd file that fixdep wrote for the object:
 *   source_kernel/sched/core.o := kernel/sched/core.c
 *   deps_kernel/sched/core.o := \
 *     include/linux/compiler-version.h \
 *       $(wildcard include/config/CC_VERSION_TEXT) \
 *   ...
 * Kbuild names an M= module's objects by their absolute paths: the
 * object is found by its name as given, or by its absolute path.
 */
struct srcset *srcset_open(const char *cmdfile, const char *obj,
			   const char *prefix)
{
	struct srcset *ss;
	char *line = NULL, *abs;
	const char *names[2];
	size_t cap = 0, n;
	ssize_t len;
	int in_deps = 0, saw_source = 0;
	FILE *fp;

	fp = fopen(cmdfile, "r");
	if (!fp) {
		WARN_FILE(cmdfile, "cannot read: %s", strerror(errno));
		return NULL;
	}
	abs = *obj != '/' ? realpath(obj, NULL) : NULL;
	names[0] = obj;
	names[1] = abs;
	ss = srcset_new(prefix);
	while ((len = getline(&line, &cap, fp)) > 0) {
		char *p = line, *end;

		while (len && (line[len - 1] == '\n' || line[len - 1] == ' ' ||
			       line[len - 1] == '\\'))
			line[--len] = '\0';
		n = strncmp(p, "source_", 7) ? 0 : key_len(p + 7, names);
		if (n && p[7 + n + 3] == ' ') {
			add_file(ss, p + 7 + n + 4, strlen(p + 7 + n + 4));
			saw_source = 1;
			continue;
		}
		if (!strncmp(p, "deps_", 5) && key_len(p + 5, names)) {
			in_deps = 1;
			continue;
		}
		if (!in_deps)
			continue;
		while (*p == ' ' || *p == '\t')
			p++;
		if (!*p) {
			in_deps = 0;
			continue;
		}
		if (!strncmp(p, "$(wildcard", 10))
			continue;
		end = p + strlen(p);
		add_file(ss, p, end - p);
	}
	free(line);
	free(abs);
	fclose(fp);
	if (!saw_source || ss->nfiles < 2) {
		WARN_FILE(cmdfile, "no source_ or deps_ line for %s",
			  file_shown(obj));
		srcset_free(ss);
		return NULL;
	}
	return ss;
}

/* The dependencies fixdep leaves out of the .cmd file. */
static int ignored_dep(const char *s, size_t n)
{
	static const char *const ignored[] = {
		"include/generated/autoconf.h",
		"include/generated/autoksyms.h",
	};
	size_t i, k;

	for (i = 0; i < ARRAY_SIZE(ignored); i++) {
		k = strlen(ignored[i]);
		if (n >= k && !memcmp(s + n - k, ignored[i], k))
			return 1;
	}
	return 0;
}

/*
 * The dependency file the compiler wrote (-Wp,-MMD), before fixdep turns
 * it into the .cmd file: the same files, in the same order, read as
 * fixdep reads them. Names end at a blank, a backslash or a newline; a
 * name ending in ':' is a target, and the first dependency after the
 * first target is the source.
 *   kernel/sched/core.o: kernel/sched/core.c \
 *    include/linux/compiler-version.h ...
 */
struct srcset *srcset_open_deps(const char *depfile, const char *prefix)
{
	struct srcset *ss;
	char *buf = NULL, *m, *p;
	size_t cap = 0;
	ssize_t got;
	int first = 0, targets = 0;

	got = read_file(depfile, &buf, &cap);
	if (got < 0) {
		WARN_FILE(depfile, "cannot read: %s", strerror(errno));
		free(buf);
		return NULL;
	}
	ss = srcset_new(prefix);
	for (m = buf; m < buf + got; m = p) {
		while (m < buf + got && (*m == ' ' || *m == '\\' || *m == '\n'))
			m++;
		p = m;
		while (p < buf + got && *p != ' ' && *p != '\\' && *p != '\n')
			p++;
		if (p == m)
			break;
		if (p[-1] == ':') {
			first = 1;
			continue;
		}
		if (ignored_dep(m, p - m))
			continue;
		if (first) {
			/* other targets' first files are intermediate ones */
			first = 0;
			if (targets++)
				continue;
		}
		add_file(ss, m, p - m);
	}
	free(buf);
	if (!targets || ss->nfiles < 2) {
		WARN_FILE(depfile, "no target with its dependencies");
		srcset_free(ss);
		return NULL;
	}
	return ss;
}

struct srcset *srcset_open_files(char **files, int n, const char *prefix)
{
	struct srcset *ss = srcset_new(prefix);
	int i;

	for (i = 0; i < n; i++)
		add_file(ss, files[i], strlen(files[i]));
	return ss;
}

struct seen *seen_memo(struct seen **tab, const char *key, size_t n,
		       int *added)
{
	unsigned int h = hash_str(key, n);
	struct seen *sn;

	*added = 0;
	for (sn = tab[h]; sn; sn = sn->next)
		if (!strncmp(sn->key, key, n) && !sn->key[n])
			return sn;
	sn = xcalloc(1, sizeof(*sn));
	sn->key = xstrndup(key, n);
	sn->next = tab[h];
	tab[h] = sn;
	*added = 1;
	return sn;
}

static void free_seen(struct seen *s)
{
	while (s) {
		struct seen *n = s->next;

		free(s->key);
		free(s);
		s = n;
	}
}

static void funcdef_free(struct funcdef *d)
{
	free((char *)d->name);
	free((char *)d->prefix);
	free(d->annot_macro);
	free((char *)d->suffix);
	free(d);
}

void srcset_add_buffer(struct srcset *ss, const char *name, char *buf,
		       size_t size)
{
	struct srcfile *f;

	add_file(ss, name, strlen(name));
	f = &ss->files[ss->nfiles - 1];
	f->buf = buf;
	f->size = size;
	f->loaded = 1;
}

void srcset_free(struct srcset *ss)
{
	int i, k;

	if (!ss)
		return;
	index_finish(ss);
	/* Definitions and macros point into the files: freed with the set. */
	for (i = 0; i < HASH_SIZE; i++) {
		struct funcdef *d, *dn;
		struct macro *m, *mn;

		for (d = ss->defs[i]; d; d = dn) {
			dn = d->next;
			funcdef_free(d);
		}
		while (ss->calls[i]) {
			struct callsite *c = ss->calls[i];

			ss->calls[i] = c->next;
			free(c);
		}
		free_seen(ss->searched[i]);
		free_seen(ss->answered[i]);
		free_seen(ss->defined[i]);
		free_seen(ss->written[i]);
		for (m = ss->macros[i]; m; m = mn) {
			mn = m->next;
			for (k = 0; k < m->nparams; k++)
				if (m->params[k] != macro_va_args)
					free((char *)m->params[k]);
			free(m->params);
			free((char *)m->name);
			free(m);
		}
	}
	while (ss->templates) {
		struct funcdef *d = ss->templates;

		ss->templates = d->next;
		funcdef_free(d);
	}
	for (i = 0; i < ss->nfiles; i++) {
		tokens_free(&ss->files[i].toks);
		free(ss->files[i].paste);
		if (!ss->files[i].idents_mapped)
			free(ss->files[i].idents);
		free(ss->files[i].paste_text);
		free(ss->files[i].buf);
		free(ss->files[i].path);
	}
	free(ss->files);
	free(ss->file_slot);
	for (i = 0; i < ss->ncmd_macros; i++)
		free(ss->cmd_macros[i]);
	free(ss->cmd_macros);
	config_free(ss->cfg);
	free(ss);
}

void srcset_close(struct srcset *ss)
{
	index_finish(ss);
}

int srcset_config(struct srcset *ss, const char *autoconf)
{
	ss->cfg = config_load(autoconf);
	return ss->cfg ? 0 : -1;
}

static int cmd_macro_at(const struct srcset *ss, const char *name,
			unsigned int n)
{
	int i;

	for (i = 0; i < ss->ncmd_macros; i++)
		if (!strncmp(ss->cmd_macros[i], name, n) &&
		    !ss->cmd_macros[i][n])
			return i;
	return -1;
}

void srcset_defines(struct srcset *ss, const char *words)
{
	const char *p = words, *w;
	char opt = 0;
	size_t n;
	int at;

	ss->cmd_known = 1;
	while (*p) {
		w = p;
		p += strcspn(p, " \t\n");
		n = p - w;
		p += strspn(p, " \t\n");
		/* -DNAME[=VALUE], -UNAME, or -D NAME; a value's words are not */
		if (!opt) {
			if (n < 2 || w[0] != '-' || (w[1] != 'D' && w[1] != 'U'))
				continue;
			opt = w[1];
			w += 2;
			n -= 2;
			if (!n)
				continue;
		}
		/* Kbuild's quoting, passed as it is: -D'NAME' */
		while (n && (*w == '\'' || *w == '"')) {
			w++;
			n--;
		}
		for (n = 0; is_ident_char(w[n]); n++)
			;
		at = n ? cmd_macro_at(ss, w, n) : -1;
		if (n && opt == 'D' && at < 0) {
			ss->cmd_macros = xrealloc(ss->cmd_macros,
						  (ss->ncmd_macros + 1) *
						  sizeof(*ss->cmd_macros));
			ss->cmd_macros[ss->ncmd_macros++] = xstrndup(w, n);
		} else if (opt == 'U' && at >= 0) {
			free(ss->cmd_macros[at]);
			ss->cmd_macros[at] = ss->cmd_macros[--ss->ncmd_macros];
		}
		opt = 0;
	}
}

/*
 * Names the compiler may define itself: those it keeps for itself
 * (__x86_64__, __OPTIMIZE__, _LP64), and GNU C's linux, unix and i386.
 */
static int compiler_may_define(const char *name, unsigned int n)
{
	return name[0] == '_' ||
	       (n == 5 && !strncmp(name, "linux", 5)) ||
	       (n == 4 && !strncmp(name, "unix", 4)) ||
	       (n == 4 && !strncmp(name, "i386", 4));
}

enum tri srcset_cmdline_macro(const struct srcset *ss, const char *name,
			      unsigned int n)
{
	if (cmd_macro_at(ss, name, n) >= 0)
		return YES;
	if (!ss->cmd_known || compiler_may_define(name, n))
		return MAYBE;
	return NO;
}

void srcset_index_dir(struct srcset *ss, const char *dir)
{
	ss->index_dir = dir;
}
