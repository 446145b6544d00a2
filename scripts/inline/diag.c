// SPDX-License-Identifier: GPL-2.0
/*
 * The diagnostics (diag.h). Each class has one complete format string, two
 * where a macro's functions are reported together, so that a message in a
 * build log can be found here by grep.
 */
#include <stdio.h>

#include "diag.h"
#include "fixes.h"

/* "; called from kernel/sched/core.c:2550, ... and 3 more" */
static void sites_text(const struct finding *f, char *buf, size_t size)
{
	unsigned int i, shown = f->nsites < 3 ? f->nsites : 3;
	size_t n = 0;

	buf[0] = '\0';
	for (i = 0; i < shown && n < size; i++)
		n += snprintf(buf + n, size - n, "%s%s", i ? ", " : "; called from ",
			      f->sites[i]);
	if (f->nsites > shown && n < size)
		snprintf(buf + n, size - n, " and %u more", f->nsites - shown);
}

void print_finding(FILE *fp, const struct finding *f, enum report_cc cc,
		   const char *objs, unsigned int nobjs, unsigned int others)
{
	char at[4096], where[4096], sites[4096], more[64] = "", from[1024] = "";
	char none[64];
	const char *reason = f->reason;

	if (!reason) {
		snprintf(none, sizeof(none),
			 "no call to it is left in %s's inline report",
			 report_cc_names[cc]);
		reason = none;
	}

	snprintf(at, sizeof(at), "%s:%u:%u", f->file, f->line, f->col);
	if (nobjs <= 1)
		snprintf(where, sizeof(where), "an out-of-line copy in %s (%lu bytes",
			 objs, f->bytes);
	else if (others)
		snprintf(where, sizeof(where),
			 "out-of-line copies in %u objects (%lu bytes, the largest in %s",
			 nobjs, f->bytes, objs);
	else
		snprintf(where, sizeof(where),
			 "out-of-line copies in %u objects (%lu bytes: %s",
			 nobjs, f->bytes, objs);
	sites_text(f, sites, sizeof(sites));
	if (others)
		snprintf(more, sizeof(more), " and %u other function%s", others,
			 others > 1 ? "s" : "");
	if (f->macro)
		snprintf(from, sizeof(from), " (from macro %s)", f->macro);

	switch (f->cls) {
	case INLINE_NOT_INLINED:
		if (!others)
			fprintf(fp,
				"%s: warning: '%s'%s%s is declared inline but has %s%s): %s [inline-not-inlined]\n",
				at, f->name, more, from, where, sites, reason);
		else
			fprintf(fp,
				"%s: warning: '%s'%s%s are declared inline but have %s%s): %s [inline-not-inlined]\n",
				at, f->name, more, from, where, sites, reason);
		break;
	case ASM_WRAPPER:
		if (!others)
			fprintf(fp,
				"%s: warning: '%s'%s%s wraps an asm statement, is declared inline but has %s%s): %s; mark it __asm_inline [asm-wrapper-not-inlined]\n",
				at, f->name, more, from, where, sites, reason);
		else
			fprintf(fp,
				"%s: warning: '%s'%s%s wraps an asm statement, is declared inline but have %s%s): %s; mark it __asm_inline [asm-wrapper-not-inlined]\n",
				at, f->name, more, from, where, sites, reason);
		break;
	case ADDRESS_TAKEN:
		if (!others)
			fprintf(fp,
				"%s: note: '%s'%s%s is declared %s; it has %s) because its address is taken [address-taken]\n",
				at, f->name, more, from, annot_name(f->annot), where);
		else
			fprintf(fp,
				"%s: note: '%s'%s%s are declared %s; they have %s) because their address is taken [address-taken]\n",
				at, f->name, more, from, annot_name(f->annot), where);
		break;
	case EXTERNAL_INLINE:
		fprintf(fp,
			"%s: note: '%s'%s%s is declared %s without static; %s emits %s) for the callers in other files [external-inline]\n",
			at, f->name, more, from, annot_name(f->annot),
			report_cc_names[cc], where);
		break;
	case FORCED_NOT_INLINED:
		if (!others)
			fprintf(fp,
				"%s: warning: '%s'%s%s is declared %s but has %s%s): %s; %s did not inline a call that the annotation forces [forced-not-inlined]\n",
				at, f->name, more, from, annot_name(f->annot),
				where, sites, reason, report_cc_names[cc]);
		else
			fprintf(fp,
				"%s: warning: '%s'%s%s are declared %s but have %s%s): %s; %s did not inline calls that the annotation forces [forced-not-inlined]\n",
				at, f->name, more, from, annot_name(f->annot),
				where, sites, reason, report_cc_names[cc]);
		break;
	case DEAD_COPY:
		if (!others)
			fprintf(fp,
				"%s: note: '%s'%s%s is declared %s; %s keeps %s) that nothing calls or points to [dead-copy]\n",
				at, f->name, more, from, annot_name(f->annot),
				report_cc_names[cc], where);
		else
			fprintf(fp,
				"%s: note: '%s'%s%s are declared %s; %s keeps %s) that nothing calls or points to [dead-copy]\n",
				at, f->name, more, from, annot_name(f->annot),
				report_cc_names[cc], where);
		break;
	case INLINING_OFF:
		if (!others)
			fprintf(fp,
				"%s: note: '%s'%s%s is declared %s but has %s%s): %s, where %s inlines only the functions that are forced [inlining-off]\n",
				at, f->name, more, from, annot_name(f->annot),
				where, sites, reason, report_cc_names[cc]);
		else
			fprintf(fp,
				"%s: note: '%s'%s%s are declared %s but have %s%s): %s, where %s inlines only the functions that are forced [inlining-off]\n",
				at, f->name, more, from, annot_name(f->annot),
				where, sites, reason, report_cc_names[cc]);
		break;
	case ASM_INLINE_NO_ASM:
		fprintf(fp,
			"%s: warning: '%s'%s%s is marked __asm_inline but its body has no asm statement; use __always_inline or inline [asm-inline-without-asm]\n",
			at, f->name, more, from);
		break;
	default:
		break;
	}
}

/*
 * The estimate's note, when the function that holds the calls was pasted:
 * what forcing then does, the estimate cannot see (check.c, propose_fix()).
 */
static const char *const pasted_caller[] = {
	"",
	"; the compiler pasted a function that calls it, and may keep that one out of line instead",
};

void print_finding_extras(FILE *fp, const struct finding *f, const char *objs,
			  unsigned int nobjs, unsigned int extras)
{
	char in[1100], from[64] = "";

	if (nobjs > 1)
		snprintf(in, sizeof(in), "%u objects", nobjs);
	else
		snprintf(in, sizeof(in), "%s", objs ? objs : "");
	/* its fix-it line first: it belongs to the diagnostic, as GCC's do */
	if (extras & DIAG_FIXIT)
		print_fixit(fp, f);
	if (!(extras & DIAG_ESTIMATE) || !f->calls ||
	    (f->cls != INLINE_NOT_INLINED && f->cls != ASM_WRAPPER &&
	     f->cls != EXTERNAL_INLINE))
		return;
	if (f->places && f->places < f->calls)
		snprintf(from, sizeof(from), ", from %u place%s in the source",
			 f->places, f->places > 1 ? "s" : "");
	fprintf(fp,
		"%s:%u:%u: note: forcing '%s' would %s about %ld bytes %s the text of %s (%u call%s to its copies%s)%s%s [inline-estimate]\n",
		f->file, f->line, f->col, f->name,
		f->forced < 0 ? "save" : "add",
		f->forced < 0 ? -f->forced : f->forced,
		f->forced < 0 ? "of" : "to", in, f->calls,
		f->calls > 1 ? "s" : "", from,
		pasted_caller[!!f->in_pasted],
		f->fix.text == fix_inline_hint ?
		"; inline_hint keeps the text as it is" : "");
}
