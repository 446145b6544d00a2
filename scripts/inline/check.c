// SPDX-License-Identifier: GPL-2.0
/*
 * The comparison.
 *
 * The object file is the authority on what happened: a function has an
 * out-of-line copy or it does not. Only functions with a copy are looked
 * at, so no finding can claim "not inlined" where everything was inlined.
 * The source says what was asked (the annotation at the definition), and
 * GCC's report says why and from where (its "not inlinable" lines).
 *
 *   copy of a plain inline, calls in the report   inline-not-inlined
 *     ... whose body wraps an asm statement        asm-wrapper-not-inlined
 *   copy, no call left, its address referenced   address-taken (note)
 *   copy of __always_inline or __asm_inline        address-taken (note):
 *     GCC makes a forced call it cannot inline a hard error
 *     ... with calls in the report                 forced-not-inlined:
 *     clang leaves such a call, and says so in a remark only
 *   copy of inline_hint                            silent: that is its job
 *   global copy of an inline without static        external-inline (note):
 *     gnu_inline emits it for the other files
 *   copy that nothing calls or points to           dead-copy (note):
 *     every call inlined, through a constant table of callbacks, and the
 *     copy kept all the same (GCC), forced or not
 *   copy of a plain inline, compiled with -O0      inlining-off (note):
 *     or -fno-inline, where the compiler inlines only what is forced
 *
 * GCC clones (foo.constprop.0, foo.isra.0, foo.part.0, foo.cold) count for
 * the function they came from.
 */
#define _GNU_SOURCE
#include <fts.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "check.h"
#include "util.h"
#include "warn.h"

const char *const class_names[NR_CLASSES] = {
	[INLINE_NOT_INLINED]	= "inline-not-inlined",
	[ASM_WRAPPER]		= "asm-wrapper-not-inlined",
	[ADDRESS_TAKEN]		= "address-taken",
	[ASM_INLINE_NO_ASM]	= "asm-inline-without-asm",
	[EXTERNAL_INLINE]	= "external-inline",
	[DEAD_COPY]		= "dead-copy",
	[INLINING_OFF]		= "inlining-off",
	[FORCED_NOT_INLINED]	= "forced-not-inlined",
};

const char *const fix_asm_inline = "__asm_inline";
const char *const fix_always_inline = "__always_inline";
const char *const fix_inline_hint = "inline_hint";
const char *const fix_static = "static ";
const char *const fix_remove = "";

const char *fix_text(const char *s)
{
	const char *const texts[] = {
		fix_asm_inline, fix_always_inline, fix_inline_hint,
		fix_static, fix_remove,
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(texts); i++)
		if (!strcmp(s, texts[i]))
			return texts[i];
	return NULL;
}

struct copyset {
	char name[256];		/* base name */
	unsigned int func;	/* o->funcs[] it was made from, before merging */
	unsigned long bytes;
	unsigned int copies, addr_refs, rel_refs, calls;
	int global;
	long cold;		/* forced: the bodies of its .cold parts */
	unsigned long footprint;	/* forced and static: what goes */
};

/*
 * A call, which an inlined body replaces: the call instruction (e8 and its
 * displacement), and a move into its register for each argument (3 bytes,
 * register to register).
 */
#define CALL_BYTES	5
#define ARG_BYTES	3

/*
 * The calls to the copy a .cold part belongs to ("foo.part.0.cold" is
 * split from "foo.part.0"): each inlined body has its own cold part.
 */
static unsigned int cold_calls(const struct object *o, const struct func *f)
{
	const char *cold = strstr(f->name, ".cold");
	size_t n = cold - f->name;
	unsigned int i;

	for (i = 0; i < o->nr; i++)
		if (!strncmp(o->funcs[i].name, f->name, n) &&
		    !o->funcs[i].name[n])
			return o->funcs[i].calls;
	return 0;
}

/*
 * The bytes that forcing the copy f would paste at each of its calls: its
 * body, without the entry and exit a function has and without their
 * entries in the tables of places (elfread.h). What the body becomes at
 * each place (constants propagated, registers) is the compiler's: the
 * estimate cannot see it.
 */
static long body_bytes(const struct func *f)
{
	unsigned int frame = f->frame_meta < f->meta ? f->frame_meta : f->meta;
	long body = (long)f->size - f->overhead + f->meta - frame;

	return body < 0 ? 0 : body;
}

/* x rounded up to a multiple of align, a power of two */
static unsigned long align_up(unsigned long x, unsigned int align)
{
	return (x + align - 1) & ~((unsigned long)align - 1);
}

/* f's section counts in whole units up to f's end (elfread.h) */
static int in_units(const struct func *f)
{
	return f->align > 1 && !f->last;
}

/*
 * The bytes of its section that f takes, up to where the next function's
 * padding starts: when the functions there are aligned, whole units
 * (elfread.h), with the padding and __pfx_ before it that would go with
 * it; the bytes since the previous function's end when it is the last.
 */
static unsigned long func_slot(const struct func *f)
{
	if (!in_units(f))
		return f->size + f->gap;
	return align_up(f->value + f->size, f->align) -
	       align_up(f->value - f->gap, f->align);
}

/*
 * What the section gains when f's code grows by grow bytes: whole units
 * where the functions are aligned, so that a few bytes more or less can
 * be nothing or 16 (measured on 6.12 with clang: 16 of 68 findings with
 * one call change the text by 0 bytes).
 */
static long func_grows(const struct func *f, long grow)
{
	unsigned long end = f->value + f->size;

	if (!in_units(f))
		return grow;
	if (grow < 0 && (unsigned long)-grow > f->size)
		grow = -(long)f->size;
	return (long)align_up(end + grow, f->align) -
	       (long)align_up(end, f->align);
}

static int cmp_copyset(const void *a, const void *b)
{
	return strcmp(((const struct copyset *)a)->name,
		      ((const struct copyset *)b)->name);
}

/* copy_of[]: a .cold part, which is not a copy of its own */
#define NOT_A_COPY	(~0U)

/*
 * The object's functions, grouped by the function they came from; and
 * for each function, copy_of[] the set it is a copy in (or NOT_A_COPY).
 */
static struct copyset *group_copies(const struct object *o, unsigned int *n,
				    unsigned int *copy_of)
{
	struct copyset *sets = xcalloc(o->nr, sizeof(*sets));
	unsigned int i, j;

	for (i = 0; i < o->nr; i++) {
		base_name(o->funcs[i].name, sets[i].name, sizeof(sets[i].name));
		sets[i].func = i;
		sets[i].bytes = o->funcs[i].size;
		/* a .cold part is not a copy of its own */
		sets[i].copies = !strstr(o->funcs[i].name, ".cold");
		sets[i].addr_refs = o->funcs[i].addr_refs;
		sets[i].rel_refs = o->funcs[i].rel_refs;
		sets[i].calls = o->funcs[i].calls;
		sets[i].global = o->funcs[i].global;
		sets[i].footprint = func_slot(&o->funcs[i]) + o->funcs[i].meta;
		if (!sets[i].copies) {
			/* once for each call of its copy */
			sets[i].cold = cold_calls(o, &o->funcs[i]) *
				       body_bytes(&o->funcs[i]);
			sets[i].calls = 0;	/* the jumps of its own copy */
		}
	}
	qsort(sets, o->nr, sizeof(*sets), cmp_copyset);
	for (i = 0, j = 0; i < o->nr; i++) {
		int same = j && !strcmp(sets[j - 1].name, sets[i].name);

		copy_of[sets[i].func] = !sets[i].copies ? NOT_A_COPY :
					same ? j - 1 : j;
		if (same) {
			sets[j - 1].bytes += sets[i].bytes;
			sets[j - 1].copies += sets[i].copies;
			sets[j - 1].addr_refs += sets[i].addr_refs;
			sets[j - 1].rel_refs += sets[i].rel_refs;
			sets[j - 1].calls += sets[i].calls;
			sets[j - 1].global |= sets[i].global;
			sets[j - 1].cold += sets[i].cold;
			sets[j - 1].footprint += sets[i].footprint;
			continue;
		}
		sets[j++] = sets[i];
	}
	*n = j;
	return sets;
}

/* "file:line" in file order, then line order */
static int cmp_site(const void *a, const void *b)
{
	const char *x = *(const char *const *)a, *y = *(const char *const *)b;
	const char *cx = strrchr(x, ':'), *cy = strrchr(y, ':');
	int c = strncmp(x, y, (cx - x) < (cy - y) ? cx - x : cy - y);

	if (c || cx - x != cy - y)
		return c ? c : (cx - x) - (cy - y);
	return atoi(cx + 1) - atoi(cy + 1);
}

static void add_site(struct finding *f, const struct missed_call *c,
		     struct srcset *ss)
{
	char site[4096];
	unsigned int i;

	if (!c->file)
		return;
	snprintf(site, sizeof(site), "%s:%u", srcset_display(ss, c->file),
		 c->line);
	for (i = 0; i < f->nsites && i < MAX_SITES; i++)
		if (!strcmp(f->sites[i], site))
			return;
	if (f->nsites < MAX_SITES)
		f->sites[f->nsites] = xstrdup(site);
	f->nsites++;
}

static struct finding *new_finding(struct finding **out, unsigned int *n)
{
	struct finding *f;

	*out = xrealloc(*out, (*n + 1) * sizeof(**out));
	f = &(*out)[(*n)++];
	memset(f, 0, sizeof(*f));
	return f;
}

static void finding_from_def(struct finding *f, const struct funcdef *d,
			     const char *name)
{
	f->name = xstrdup(name);
	f->file = d->file;
	f->line = d->line;
	f->col = d->col;
	f->annot = d->annot;
	f->macro = d->macro;
}

/*
 * The compiler gave up because the function is too big for its limits
 * (GCC: "--param max-inline-insns-single limit reached", clang: "too
 * costly to inline"), not because it could not inline it. Not the
 * other limits: "large-stack-frame-growth" guards the caller's stack,
 * and "call is unlikely" keeps cold code out of a hot caller; both are
 * the compiler right, and forcing there moves the limit onto the next
 * call (measured: new warnings after the fixes).
 */
static int size_reason(const char *reason)
{
	return reason && (strstr(reason, "max-inline-insns") ||
			  strstr(reason, "too costly to inline"));
}

/*
 * The text the object gains (> 0) or loses if the function is forced: the
 * bodies its calls get, less the calls, in the whole units of each caller
 * (func_grows()); and the copies go when nothing else keeps them (static,
 * no address taken). A copy no call is found to needs something the
 * estimate cannot see (a call through an alternative, a jump table): it
 * stays.
 *
 * A body is pasted once for each call in the source, which is not always
 * a call in the code: a function that calls it (declared inline or not)
 * and that the compiler pasted into several callers gives each of them a
 * call at the same place (file, line and column). Forced, the body goes
 * into that function once, and the compiler then inlines it or keeps a
 * copy, as for any other (on 6.12, __wait_for_common(): 9 calls from 2
 * places, +384 bytes measured, +340 estimated; pasted at each call, the
 * estimate was +3042). n: the calls it is pasted at (pasted_calls()), of
 * the c->calls in the code; each caller gets its share.
 */
static long estimate_forced(const struct object *o, const struct funcdef *d,
			    const struct copyset *sets, unsigned int set,
			    const unsigned int *copy_of, unsigned int n)
{
	const struct copyset *c = &sets[set];
	long cost = CALL_BYTES + ARG_BYTES * d->nargs, est = 0, *grow;
	unsigned int i;

	if (!c->calls)
		return 0;
	/* what each caller gets; the last, code outside any function */
	grow = xcalloc(o->nr + 1, sizeof(*grow));
	for (i = 0; i < o->ncalls; i++) {
		const struct call *k = &o->calls[i];

		if (copy_of[k->callee] == set)
			grow[k->caller == NO_CALLER ? o->nr : k->caller] +=
				body_bytes(&o->funcs[k->callee]) - cost;
	}
	for (i = 0; i <= o->nr; i++) {
		long g = grow[i] * (long)n / (long)c->calls;

		if (grow[i])
			est += i < o->nr ? func_grows(&o->funcs[i], g) : g;
	}
	est += c->cold * (long)n / (long)c->calls;
	if (d->is_static && !c->global && !c->addr_refs)
		est -= c->footprint;
	free(grow);
	return est;
}

/* Two of the report's calls in place order: file, line, column. */
static int cmp_place(const struct missed_call *x, const struct missed_call *y)
{
	int c = strcmp(x->file, y->file);

	if (c)
		return c;
	if (x->line != y->line)
		return x->line < y->line ? -1 : 1;
	return x->col != y->col ? (x->col < y->col ? -1 : 1) : 0;
}

static int cmp_place_caller(const void *a, const void *b)
{
	const struct missed_call *x = *(const struct missed_call *const *)a;
	const struct missed_call *y = *(const struct missed_call *const *)b;
	int c = cmp_place(x, y);

	return c ? c : strcmp(x->caller, y->caller);
}

/*
 * The calls a forced body is pasted at, of the calls in the code: the
 * calls in the source, counted among the report's n calls to the function
 * (at each place, those of the caller that has most there: a macro that
 * calls it twice puts two calls at one place, where it is expanded, in
 * one caller; a function pasted into two callers puts one in each). All
 * the calls in the code when the report does not place each of its calls.
 * *in_pasted: a place has calls in two callers, so the function there was
 * pasted (into both, or into the other: clang reports the call in the
 * function it is written in, then again in each it was pasted into).
 */
static unsigned int pasted_calls(const struct missed_call **c, unsigned int n,
				 unsigned int in_code, unsigned int *in_pasted)
{
	unsigned int i, run = 0, most = 0, total = 0;

	*in_pasted = 0;
	for (i = 0; i < n; i++)
		if (!c[i]->file || !c[i]->caller)
			return in_code;
	qsort(c, n, sizeof(*c), cmp_place_caller);
	for (i = 0; i < n; i++) {
		if (i && !cmp_place(c[i - 1], c[i])) {
			if (strcmp(c[i - 1]->caller, c[i]->caller)) {
				*in_pasted = 1;
				run = 1;
			} else {
				run++;
			}
		} else {
			total += most;
			most = 0;
			run = 1;
		}
		if (run > most)
			most = run;
	}
	total += most;
	return total && total < in_code ? total : in_code;
}

/*
 * GCC's report places each call in the function it ended up in, after
 * the pasting; only its early inliner's lines ("will not early inline:
 * CALLER/N->CALLEE/M") name the function each call is written in. One of
 * those that has no copy in the object was pasted into its callers, and
 * a call of name in it is in a pasted function, as pasted_calls() finds
 * it where two callers share a place (on 6.1, update_load_avg(): 6 of
 * its 12 callers in fair.c, enqueue_entity() among them, pasted).
 * sets: the object's functions, n of them, in name order.
 */
static int early_caller_pasted(const struct report *r,
			       const struct copyset *sets, unsigned int n,
			       const char *name)
{
	struct copyset key;
	unsigned int i;

	for (i = 0; i < r->nearly; i++) {
		if (strcmp(r->early_calls[i].callee, name))
			continue;
		base_name(r->early_calls[i].caller, key.name,
			  sizeof(key.name));
		if (!bsearch(&key, sets, n, sizeof(*sets), cmp_copyset))
			return 1;
	}
	return 0;
}

/*
 * GCC's word that the function it compiled is not declared inline: it
 * gave up on the call c at the limit for those that are not
 * (max-inline-insns-auto; max-inline-insns-single is the declared ones').
 * The definition read is then another, under a condition the reader
 * could not decide (6.12's mm/slub.c: sysfs_slab_add()'s inline stub
 * under #ifdef SLAB_SUPPORTS_SYSFS, a macro of mm/slab.h, which the
 * reader did not open).
 */
static int compiled_not_inline(const struct missed_call *c)
{
	return c->reason && strstr(c->reason, "max-inline-insns-auto");
}

static void set_fix(struct finding *f, const struct srcspan *at,
		    const char *text)
{
	if (!at->line)
		return;
	f->fix.line = at->line;
	f->fix.col = at->col;
	f->fix.end = text == fix_static ? at->col : at->end;
	f->fix.text = text;
}

/*
 * The fix of each class that has a clear one (inline.rst, "Fixes,
 * proposed"). An inline function left out of line is forced only where
 * the compiler gave up for size and the estimate says forcing shrinks the
 * text: its calls get bodies smaller than the copies that go. Not when its
 * calls are in a function that the compiler pasted into its callers
 * (in_pasted, pasted_calls()): forced, it is pasted there, which that
 * function's size then counts, and the compiler may keep a copy of it
 * instead, which the object cannot show (measured with clang, in 21 of the
 * 22 findings where forcing made a new copy: inc_dl_tasks() on 6.1, -155
 * estimated, +10 measured, __enqueue_dl_entity() kept as a copy).
 * Otherwise the compiler's choice stands, said by inline_hint.
 */
static void propose_fix(struct finding *f, const struct funcdef *d,
			struct srcset *ss)
{
	switch (f->cls) {
	case ASM_WRAPPER:
		set_fix(f, &d->annot_at, fix_asm_inline);
		break;
	case ASM_INLINE_NO_ASM:
		set_fix(f, &d->annot_at, fix_always_inline);
		break;
	case INLINE_NOT_INLINED:
		if (size_reason(f->reason) && f->forced < 0 &&
		    f->places == f->calls && !f->in_pasted)
			set_fix(f, &d->annot_at, fix_always_inline);
		else
			set_fix(f, &d->annot_at, fix_inline_hint);
		break;
	case EXTERNAL_INLINE:
		/*
		 * other files may call it: it stays, without inline; a forced
		 * one stays forced, for the callers of its own file
		 */
		if (!srcset_declared_elsewhere(ss, d)) {
			/*
			 * where a macro writes the storage class, another
			 * build of the file makes it static: 'static' beside
			 * it would then be there twice, an error
			 */
			if (!d->static_macro)
				set_fix(f, &d->decl_at, fix_static);
		} else if (d->annot == A_INLINE) {
			set_fix(f, &d->annot_cut, fix_remove);
		}
		break;
	default:
		break;
	}
}

void check_object(const struct object *o, const struct report *r,
		  struct srcset *ss, const char *off, struct finding **out,
		  unsigned int *nout, struct check_stats *st)
{
	struct copyset *sets;
	const char **names;
	const struct missed_call **calls;
	unsigned int i, j, n, ncalls, *copy_of;

	copy_of = xcalloc(o->nr, sizeof(*copy_of));
	sets = group_copies(o, &n, copy_of);
	names = xcalloc(n, sizeof(*names));
	/* the report's calls to one function */
	calls = xcalloc((r ? r->nr : 0) + 1, sizeof(*calls));
	for (i = 0; i < n; i++)
		names[i] = sets[i].name;
	srcset_resolve(ss, names, n);

	for (i = 0; i < n; i++) {
		const struct funcdef *d = srcset_find(ss, sets[i].name);
		struct finding *f;
		int forced, not_inline;

		st->functions++;
		if (!d) {
			st->unknown++;
			continue;
		}
		if (!annot_declared_inline(d->annot))
			continue;
		if (d->annot == A_INLINE_HINT) {
			st->hints++;
			continue;
		}
		ncalls = 0;
		not_inline = 0;
		for (j = 0; r && j < r->nr; j++) {
			char base[256];

			base_name(r->calls[j].callee, base, sizeof(base));
			if (strcmp(base, sets[i].name))
				continue;
			not_inline |= compiled_not_inline(&r->calls[j]);
			calls[ncalls++] = &r->calls[j];
		}
		if (not_inline)
			continue;
		f = new_finding(out, nout);
		finding_from_def(f, d, sets[i].name);
		f->bytes = sets[i].bytes;
		f->copies = sets[i].copies;
		f->calls = sets[i].calls;
		for (j = 0; j < ncalls; j++) {
			if (!f->reason)
				f->reason = calls[j]->reason;
			add_site(f, calls[j], ss);
		}
		f->places = pasted_calls(calls, ncalls, f->calls, &f->in_pasted);
		if (r && !f->in_pasted)
			f->in_pasted = early_caller_pasted(r, sets, n,
							   sets[i].name);
		f->forced = estimate_forced(o, d, sets, i, copy_of, f->places);
		forced = d->annot == A_ALWAYS_INLINE || d->annot == A_ASM_INLINE;
		if (forced && f->reason)
			f->cls = FORCED_NOT_INLINED;
		else if (!f->reason && sets[i].addr_refs)
			f->cls = ADDRESS_TAKEN;
		else if (!f->reason && sets[i].global && !d->is_static)
			f->cls = EXTERNAL_INLINE;
		else if (!f->reason && !sets[i].global && !sets[i].calls &&
			 !sets[i].rel_refs)
			f->cls = DEAD_COPY;
		else if (forced)
			f->cls = ADDRESS_TAKEN;
		else if (off)	/* only a forced annotation changes that */
			f->cls = INLINING_OFF;
		else if (d->asm_wrapper)
			f->cls = ASM_WRAPPER;
		else
			f->cls = INLINE_NOT_INLINED;
		if (f->cls == INLINING_OFF)
			f->reason = off;	/* whatever the report says */
		propose_fix(f, d, ss);
	}
	for (i = 0; i < *nout; i++)
		qsort((*out)[i].sites, (*out)[i].nsites < MAX_SITES ?
		      (*out)[i].nsites : MAX_SITES, sizeof(char *), cmp_site);
	free(calls);
	free(names);
	free(sets);
	free(copy_of);
}

struct misuse_ctx {
	int headers;		/* look at the headers' definitions, or the rest */
	struct strtab *strs;	/* NULL: keep the set's file names */
	struct finding **out;
	unsigned int *nout;
};

static void add_if_asm_inline_without_asm(const struct funcdef *d, void *arg)
{
	struct misuse_ctx *m = arg;
	struct finding *f;

	if (d->annot != A_ASM_INLINE || !d->has_body || d->has_asm)
		return;
	if (path_is_header(d->file) != m->headers)
		return;
	f = new_finding(m->out, m->nout);
	finding_from_def(f, d, d->name);
	if (m->strs) {		/* the set is freed before they are printed */
		f->file = strtab_intern(m->strs, f->file);
		if (f->macro)
			f->macro = strtab_intern(m->strs, f->macro);
	}
	f->cls = ASM_INLINE_NO_ASM;
	propose_fix(f, d, NULL);
}

void check_unit_misuse(struct srcset *ss, struct finding **out,
		       unsigned int *nout)
{
	struct misuse_ctx m = { 0, NULL, out, nout };

	srcset_for_each(ss, add_if_asm_inline_without_asm, &m);
}

/* Does the header at path use __asm_inline (other than to define it)? */
static int uses_asm_inline(const char *path, off_t size)
{
	FILE *fp;
	char *buf;
	int ret;

	if (!path_is_header(path) || !size ||
	    strstr(path, "include/linux/compiler-inline.h"))
		return 0;
	fp = fopen(path, "r");
	if (!fp)
		return 0;
	buf = xmalloc(size);
	ret = fread(buf, 1, size, fp) == (size_t)size &&
	      memmem(buf, size, "__asm_inline", 12);
	free(buf);
	fclose(fp);
	return ret;
}

void check_header_misuse(char **dirs, int ndirs, const char *srctree,
			 struct strtab *strs, struct finding **out,
			 unsigned int *nout)
{
	struct misuse_ctx m = { 1, strs, out, nout };
	char **headers = NULL;
	struct srcset *ss;
	int nheaders = 0, i;

	for (i = 0; i < ndirs; i++) {
		char *const roots[] = { dirs[i], NULL };
		FTS *fts = fts_open(roots, FTS_PHYSICAL | FTS_NOCHDIR, NULL);
		FTSENT *e;

		if (!fts)
			continue;
		while ((e = fts_read(fts)))
			if (e->fts_info == FTS_F &&
			    uses_asm_inline(e->fts_path, e->fts_statp->st_size)) {
				headers = xrealloc(headers, (nheaders + 1) *
						   sizeof(*headers));
				headers[nheaders++] = xstrdup(e->fts_path);
			}
		fts_close(fts);
	}
	if (!nheaders)
		return;
	ss = srcset_open_files(headers, nheaders, srctree);
	srcset_lex_all(ss);
	srcset_for_each(ss, add_if_asm_inline_without_asm, &m);
	srcset_free(ss);
	for (i = 0; i < nheaders; i++)
		free(headers[i]);
	free(headers);
}

void findings_free(struct finding *f, unsigned int n)
{
	unsigned int i, j;

	for (i = 0; i < n; i++) {
		free(f[i].name);
		for (j = 0; j < f[i].nsites && j < MAX_SITES; j++)
			free(f[i].sites[j]);
	}
	free(f);
}
