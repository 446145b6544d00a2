// SPDX-License-Identifier: GPL-2.0
/*
 * inline-check: compare what the compiler did about inlining with what the
 * source asks for. Run by Kbuild for 'make W=inline'; see
 * Documentation/dev-tools/inline.rst.
 *
 *   inline-check [options] OBJECT          one object, after its compile
 *   inline-check --summary [options] PATH...
 *   inline-check --asm-wrappers [options] HEADER...
 *   INLINE_CHECK_OPTS='[options]' inline-check COMPILER ARGS...
 *
 * Kbuild runs the check in the compile's own command, after objtool:
 * with --stderr, inline-check first parts the compile's kept stderr into
 * the report and the rest, which it prints (split.h), and with --deps it
 * reads the compiler's dependency file, fixdep's .cmd file being written
 * after. One process per object for W=inline, not three. Under ccache,
 * inline-check is ccache's prefix command instead (wrap_compile()): it
 * runs the compile and checks inside ccache, which then keeps the check's
 * warnings and findings with the object.
 *
 * Problems with the input (a missing or damaged report or findings file,
 * an unreadable header, an object that is not ELF, a file that cannot be
 * written) are reported, once each, and never fail the build: the exit
 * status is 0 unless the command line is wrong (2) or the --stderr file
 * could not be read (1: it is left for Kbuild to print).
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check.h"
#include "cond.h"
#include "elfread.h"
#include "diag.h"
#include "findings.h"
#include "fixes.h"
#include "json.h"
#include "report.h"
#include "source.h"
#include "split.h"
#include "summary.h"
#include "util.h"
#include "warn.h"
#include "wrappers.h"

static const char usage[] =
"usage: inline-check [options] OBJECT\n"
"       inline-check --summary [--json FILE] [--fixes FILE] [--headers DIR]...\n"
"                    PATH...\n"
"       inline-check --asm-wrappers [--build DIR]... HEADER...\n"
"       INLINE_CHECK_OPTS='[options]' inline-check COMPILER ARGS...\n"
"                    run the compile of -o OBJECT, then check it; the\n"
"                    findings go in the object too (ccache's prefix)\n"
"\n"
"  --report FILE     the compiler's inline report: GCC's\n"
"                    -fopt-info-inline-missed lines or clang's\n"
"                    -Rpass-missed=inline remarks\n"
"                    (default: .OBJECT.inline-report beside the object)\n"
"  --compiler CC     gcc or clang: who made the reports (default: the\n"
"                    configuration's; with --stderr, or with no\n"
"                    configuration, what the report looks like, gcc\n"
"                    when it is empty)\n"
"  --cmd FILE        the object's .cmd file (default: .OBJECT.cmd)\n"
"  --deps FILE       the compiler's dependency file (-Wp,-MMD,FILE),\n"
"                    instead of the .cmd file\n"
"  --defines WORDS   the compile's -D and -U options, in one argument\n"
"                    (other words are skipped): a macro that neither\n"
"                    they nor a file the compile read defines is taken\n"
"                    as undefined (default: the .cmd file's; with\n"
"                    --deps, none is known, and both branches of such a\n"
"                    macro's #ifdef are read)\n"
"  --inlining-off FLAG\n"
"                    the object was compiled with FLAG (-O0, -fno-inline),\n"
"                    where the compiler inlines only what is forced: its\n"
"                    plain inline functions' copies are notes, with no fix\n"
"                    (default: what the .cmd file's command says)\n"
"  --stderr FILE     the compile's stderr, kept in FILE: part it first,\n"
"                    the report lines to the report, the rest to stderr;\n"
"                    FILE is removed\n"
"  --findings FILE   where the summary will find this object's findings\n"
"                    (default: .OBJECT.inline-findings)\n"
"  --srctree DIR     shown file names are relative to it\n"
"  --config FILE     include/generated/autoconf.h, for #ifdef CONFIG_\n"
"                    (default: the one of the tree OBJECT or PATH is in,\n"
"                    else of the tree this inline-check was built in);\n"
"                    the check or the summary runs in its tree, as\n"
"                    Kbuild runs them, and an O= tree's source link is\n"
"                    the default --srctree and --fixes-root\n"
"  --index-dir DIR   keep what is learnt of each header there, for the\n"
"                    next checks of the build\n"
"  --summary         collect the findings under PATH (directories or\n"
"                    objects), print each header function once, rank\n"
"  --json FILE       also write the summary as JSON\n"
"  --headers DIR     look for __asm_inline misuse in DIR's headers\n"
"  --rows N          rows of the ranking (default 20)\n"
"  --fixits          print a fix-it line after each finding that has a\n"
"                    fix, as GCC's -fdiagnostics-parseable-fixits does\n"
"  --estimate        print after each finding of a function with calls\n"
"                    the text forcing it would add or save (a note)\n"
"  --fixes FILE      also write the fixes as a patch (--summary)\n"
"  --fixes-root DIR  the directory the patch applies in (default: the\n"
"                    source tree, or .; run by hand on an M= module,\n"
"                    the module's directory)\n"
"  --asm-wrappers    list the inline asm wrappers defined in HEADERs\n"
"  --build DIR       with what a W=inline build under DIR left out of line\n";

enum mode { CHECK, SUMMARY, ASM_WRAPPERS };

/* The object's own warnings, in the order of its source. */
static int cmp_line(const void *a, const void *b)
{
	const struct finding *x = a, *y = b;
	int c = strcmp(x->file, y->file);

	return c ? c : (int)x->line - (int)y->line;
}

/* What one object's check is given; NULL: the default, or none. */
struct one_check {
	const char *report, *cmd, *deps, *held, *findings;
	const char *srctree, *config, *index_dir;
	const char *off;		/* --inlining-off */
	const char *defines;		/* --defines */
	int cc;				/* -1: what the report looks like */
	unsigned int extras;		/* DIAG_FIXIT, DIAG_ESTIMATE */
	int exits;			/* the process ends after this check */
	int note;			/* the findings go in the object too */
	int hand;			/* by hand: see print_own() */
};

/* The findings file's bytes, in the object's FINDINGS_SECTION. */
static void put_note(const char *obj, const char *findings_path)
{
	char *buf = NULL;
	size_t size = 0;
	ssize_t len = read_file(findings_path, &buf, &size);

	if (len < 0)
		WARN_FILE(findings_path, "cannot read: %s", strerror(errno));
	else if (object_put_note(obj, FINDINGS_SECTION, buf, len))
		remove(findings_path);	/* the summary leaves it out */
	free(buf);
}

/* The compiler a configuration was made for: REPORT_*, or -1 */
static int config_cc(const char *config)
{
	char *clang = config_value(config, "CONFIG_CC_IS_CLANG");
	char *gcc = clang ? NULL : config_value(config, "CONFIG_CC_IS_GCC");
	int cc = clang ? REPORT_CLANG : gcc ? REPORT_GCC : -1;

	free(clang);
	free(gcc);
	return cc;
}

/* A tree's configuration, under the tree */
static const char autoconf[] = "include/generated/autoconf.h";

/* The configuration of the tree dir, or NULL when it has none */
static char *config_in(const char *dir)
{
	char *conf = xasprintf("%s/%s", dir, autoconf);

	if (!access(conf, R_OK))
		return conf;
	free(conf);
	return NULL;
}

/*
 * Kbuild gives --config. Run by hand, the check takes the configuration
 * of the tree the object (or the summary's directory) is in: the
 * include/generated/autoconf.h of the nearest directory that has one,
 * from path upwards. Without it, a stub for !CONFIG_SMP, say, would
 * stand for the function the build compiled.
 */
static char *tree_config(const char *path)
{
	char *dir = realpath(path, NULL), *conf, *slash;

	while (dir) {
		conf = config_in(dir);
		if (conf) {
			free(dir);
			return conf;
		}
		slash = strrchr(dir, '/');
		if (!slash)
			break;
		*slash = '\0';
	}
	free(dir);
	return NULL;
}

/*
 * An external module's object is in no kernel tree: its configuration is
 * that of the tree whose scripts/inline/inline-check this is, the one
 * its developer runs ($KDIR/scripts/inline/inline-check foo.o).
 */
static char *own_config(void)
{
	static const char self[] = "/scripts/inline/inline-check";
	char *exe = realpath("/proc/self/exe", NULL), *conf = NULL;
	size_t len = exe ? strlen(exe) : 0;

	if (len > sizeof(self) - 1 &&
	    !strcmp(exe + len - (sizeof(self) - 1), self)) {
		exe[len - (sizeof(self) - 1)] = '\0';
		conf = config_in(exe);
	}
	free(exe);
	return conf;
}

/* Where a hand run was started, and what it made absolute or found. */
struct hand_run {
	char *cwd, *srctree;
	const char *extmod;		/* the first path outside the tree */
	char **keep;			/* freed when the run is done */
	unsigned int nkeep;
};

static char *hand_keep(struct hand_run *h, char *p)
{
	h->keep = xrealloc(h->keep, (h->nkeep + 1) * sizeof(*h->keep));
	h->keep[h->nkeep++] = p;
	return p;
}

/* *p, a file named where the run was started: from anywhere */
static void hand_path(struct hand_run *h, const char **p)
{
	if (h->cwd && *p && **p != '/')
		*p = hand_keep(h, xasprintf("%s/%s", h->cwd, *p));
}

/* An M= module's directory: path, or the directory of its object */
static const char *extmod_dir(struct hand_run *h, const char *path)
{
	struct stat st;

	if (!stat(path, &st) && S_ISDIR(st.st_mode))
		return path;
	return hand_keep(h, xstrndup(path, strrchr(path, '/') - path));
}

/*
 * A hand run, from wherever it is started. The .cmd file, the report and
 * the findings files name the objects, their sources and the generated
 * headers relative to the object tree, where Kbuild runs the check and
 * the summary; so they run there too. The object tree is the tree of
 * conf, the configuration given or found (its
 * include/generated/autoconf.h); nothing changes when conf is another
 * file, or when it was given and the run is in its tree already, as
 * Kbuild's are. The n paths given are then named from the tree as
 * Kbuild names them: relative to it under it, absolute elsewhere (an M=
 * module's); hand_path() makes the other files given absolute; and an
 * O= tree's "source" link is the source tree, as Kbuild's --srctree is,
 * so that file names are shown as the build shows them; the checker's
 * complaints name files from where the run was started (warn.h).
 */
static void enter_objtree(const char *conf, int given, const char **paths,
			  int n, struct hand_run *h)
{
	size_t k = strlen(conf), len;
	char **abs = xcalloc(n, sizeof(*abs)), *tree = NULL, *cwd, *link;
	int i, ok;

	cwd = realpath(".", NULL);
	ok = cwd && k >= sizeof(autoconf) - 1 &&
	     !strcmp(conf + k - (sizeof(autoconf) - 1), autoconf);
	if (ok) {
		k -= sizeof(autoconf) - 1;
		if (!k) {
			tree = xstrndup(".", 1);
		} else {
			ok = conf[k - 1] == '/';
			tree = xstrndup(conf, k);
		}
	}
	if (ok) {
		link = tree;
		tree = realpath(link, NULL);
		free(link);
		ok = tree && !(given && !strcmp(cwd, tree));
	}
	for (i = 0; i < n && ok; i++)
		ok = (abs[i] = realpath(paths[i], NULL)) != NULL;
	if (ok && (!strcmp(cwd, tree) || !chdir(tree))) {
		len = strlen(tree);
		for (i = 0; i < n; i++)
			if (!strncmp(abs[i], tree, len) && abs[i][len] == '/')
				paths[i] = abs[i] + len + 1;
			else if (!strcmp(abs[i], tree))
				paths[i] = ".";
			else
				paths[i] = abs[i];
		for (i = 0; i < n && !h->extmod; i++)
			if (paths[i] == abs[i])
				h->extmod = extmod_dir(h, abs[i]);
		h->cwd = cwd;
		cwd = NULL;
		file_shown_from(h->cwd, tree);
		link = xasprintf("%s/source", tree);
		h->srctree = realpath(link, NULL);
		free(link);
	}
	for (i = 0; i < n; i++)
		if (h->cwd)
			hand_keep(h, abs[i]);
		else
			free(abs[i]);
	free(abs);
	free(cwd);
	free(tree);
}

static void hand_run_free(struct hand_run *h)
{
	unsigned int i;

	for (i = 0; i < h->nkeep; i++)
		free(h->keep[i]);
	free(h->keep);
	free(h->srctree);
	free(h->cwd);
	file_shown_from(NULL, NULL);
}

/*
 * A hand check of an object that ccache gave back: a hit leaves no report
 * beside it (ccache keeps none), but the object holds the findings of its
 * compile's check (FINDINGS_SECTION, wrap_compile()), with their reasons
 * and call sites, which a check without the report would lose. They are
 * printed as that check printed them, and the findings file
 * (findings_path) is written from them, as the summary does. 1 when so;
 * 0 when obj holds no findings that this checker made for it.
 */
static int print_own(const char *obj, const char *findings_path, int cc,
		     unsigned int extras)
{
	static const char instead[] = "it is left as it was";
	struct object_finding *e = NULL;
	struct strtab strs = { 0 };
	unsigned int n = 0, i;
	char *note, why[128];
	size_t size;

	if (object_get_note(obj, FINDINGS_SECTION, &note, &size))
		return 0;
	if (findings_whose(note, obj) != FINDINGS_READ ||
	    findings_parse(note, size, obj, &strs, &e, &n, why,
			   sizeof(why)) != FINDINGS_READ) {
		free(note);
		return 0;
	}
	for (i = 0; i < n; i++) {
		if (e[i].printed) {
			print_finding(stderr, &e[i].f, cc, obj, 1, 0);
			print_finding_extras(stderr, &e[i].f, obj, 1, extras);
		}
		object_finding_free(&e[i]);
	}
	free(e);
	strtab_free(&strs);
	findings_put(findings_path, note, size, instead);
	free(note);
	return 1;
}

/* The command of a .cmd file, its first line; NULL if it cannot be read. */
static char *cmd_command(const char *cmdfile)
{
	char *line = NULL;
	size_t cap = 0;
	FILE *fp = fopen(cmdfile, "r");

	if (!fp)
		return NULL;	/* srcset_open() says it cannot read it */
	if (getline(&line, &cap, fp) <= 0) {
		free(line);
		line = NULL;
	}
	fclose(fp);
	return line;
}

/*
 * The flag of a compile where the compiler inlines only what is forced,
 * in the command of a .cmd file (a hand check, or the summary's): -O0 as
 * the last -O option, else -fno-inline; NULL when it inlines. Kbuild's
 * check is told, with --inlining-off.
 */
static const char *cmd_inlining_off(const char *line)
{
	const char *w = line;
	size_t n;
	int o0 = 0, no_inline = 0;

	for (; *w; w += n) {
		w += strspn(w, " \t\n");
		n = strcspn(w, " \t\n");
		if (n >= 2 && !strncmp(w, "-O", 2))
			o0 = n == 3 && w[2] == '0';
		else if (n == 11 && !strncmp(w, "-fno-inline", 11))
			no_inline = 1;
	}
	return o0 ? "-O0" : no_inline ? "-fno-inline" : NULL;
}

static int check_one(const char *obj, const struct one_check *a)
{
	const char *report_path = a->report, *cmd = a->cmd;
	const char *findings_path = a->findings, *config = a->config;
	int cc = a->cc;
	struct finding *f = NULL;
	struct check_stats st = { 0 };
	struct report r;
	struct object o;
	struct srcset *ss;
	unsigned int n = 0, i;
	char *rp = NULL, *cp = NULL, *fp = NULL, *kp = NULL;
	const char *flag = a->off;
	char off[64];
	int have_report, ret = 0;

	if (!config) {
		kp = tree_config(obj);
		config = kp;
	}
	if (!report_path) {
		rp = side_file(obj, "inline-report");
		report_path = rp;
	}
	if (!cmd && !a->deps) {
		cp = side_file(obj, "cmd");
		cmd = cp;
	}
	if (!findings_path) {
		fp = side_file(obj, FINDINGS_SUFFIX);
		findings_path = fp;
	}
	if (a->held && split_file(a->held, report_path, cc == REPORT_CLANG,
				  "inline-check")) {
		remove(findings_path);
		ret = 1;	/* Kbuild prints it as it is */
		goto out;
	}
	/*
	 * The findings file is replaced once the check is done; when the
	 * object cannot be checked, an old one must not stand for it.
	 */
	if (object_read(obj, &o)) {
		remove(findings_path);
		goto out;
	}
	have_report = !report_read(report_path, &r);
	if (cc < 0)
		cc = have_report ? report_cc(&r, REPORT_GCC) : REPORT_GCC;
	if (!have_report && a->hand && !a->report &&
	    print_own(obj, findings_path, cc, a->extras)) {
		object_free(&o);
		goto out;
	}
	if (!have_report)
		WARN_FILE(report_path,
			  "no inline report for %s: reasons and call sites are missing",
			  file_shown(obj));
	else if (r.truncated && r.bad == 1 && r.bad_line == r.lines)
		WARN_FILE(report_path,
			  "truncated: line %u is cut; read what comes before it",
			  r.lines);
	else if (r.bad)
		WARN_FILE(report_path,
			  "line %u is not in %s's format (%u such lines); read what could be read",
			  r.bad_line, report_cc_names[cc], r.bad);

	ss = a->deps ? srcset_open_deps(a->deps, a->srctree) :
		       srcset_open(cmd, obj, a->srctree);
	if (!ss) {
		remove(findings_path);
		object_free(&o);
		if (have_report)
			report_free(&r);
		goto out;
	}
	if (config && srcset_config(ss, config))
		WARN_FILE(config,
			  "cannot read: %s; CONFIG_ options are unknown, and both sides of their #if are read",
			  strerror(errno));
	if (a->index_dir)
		srcset_index_dir(ss, a->index_dir);
	/* a hand check's: what the command of the .cmd file says */
	if (!a->deps && (!flag || !a->defines)) {
		char *line = cmd_command(cmd);

		if (line && !flag)
			flag = cmd_inlining_off(line);
		if (line && !a->defines)
			srcset_defines(ss, line);
		free(line);
	}
	if (a->defines)
		srcset_defines(ss, a->defines);
	if (flag)
		snprintf(off, sizeof(off), "compiled with %s", flag);
	check_object(&o, have_report ? &r : NULL, ss, flag ? off : NULL,
		     &f, &n, &st);
	check_unit_misuse(ss, &f, &n);

	qsort(f, n, sizeof(*f), cmp_line);
	/* the functions of one macro here propose one fix */
	fixes_unify(f, n, sizeof(*f));
	for (i = 0; i < n; i++)
		if (!path_is_header(f[i].file)) {
			print_finding(stderr, &f[i], cc, obj, 1, 0);
			print_finding_extras(stderr, &f[i], obj, 1, a->extras);
		}
	if (findings_write(findings_path, obj, f, n, &st))
		remove(findings_path);	/* the old one is of another compile */
	else if (a->note)
		put_note(obj, findings_path);

	if (a->exits) {
		/*
		 * Freeing what the check built, piece by piece, costs it
		 * as much as reading the configuration: the process ends,
		 * and its memory goes with it, as the compiler's does.
		 */
		srcset_close(ss);
		return 0;
	}
	findings_free(f, n);
	srcset_free(ss);
	object_free(&o);
	if (have_report)
		report_free(&r);
out:
	free(rp);
	free(cp);
	free(fp);
	free(kp);
	return ret;
}

static int is_warning(const struct finding *f)
{
	return !class_is_note(f->cls);
}

/* How many fixes the patch has, and how many warnings have none. */
static void print_fixes_line(FILE *fp, const struct summary *s,
			     const struct finding *misuse, unsigned int nmisuse,
			     unsigned int fixes, const char *path)
{
	unsigned int i, none = 0;

	for (i = 0; i < s->ntotals; i++)
		none += is_warning(&s->totals[i].f) && !s->totals[i].f.fix.line;
	for (i = 0; i < s->nmisuse; i++)
		none += !s->misuse[i].fix.line;
	for (i = 0; i < nmisuse; i++)
		none += !misuse[i].fix.line;
	if (!fixes && !none)
		return;
	fprintf(fp, "W=inline: %u fix%s in %s", fixes, fixes == 1 ? "" : "es",
		fixes ? file_shown(path) : "no patch");
	if (none)
		fprintf(fp, "; %u warning%s without one: the tool cannot decide %s",
			none, none == 1 ? "" : "s", none == 1 ? "it" : "them");
	fputc('\n', fp);
}

/*
 * The summary of a build: each header function once, the misuse of
 * __asm_inline in the headers, the ranking and the JSON. Always 0:
 * nothing here stops the build.
 */
static int summary(char **paths, int n, const struct summary_opts *so)
{
	struct finding *misuse = NULL;
	unsigned int nmisuse = 0, i, fixes;
	struct summary s;

	summary_collect(&s, paths, n, so);
	/*
	 * A build that made no object here (make W=inline scripts/inline/)
	 * has nothing to sum up: the summary of the last build that did is
	 * left as it is.
	 */
	if (!s.objects && !s.stale) {
		printf("W=inline: no object checked under %s%s%s%s\n",
		       file_shown(paths[0]), n > 1 ? " and the rest" : "",
		       so->json ? "; not rewritten: " : "",
		       so->json ? file_shown(so->json) : "");
		summary_free(&s);
		return 0;
	}
	summary_print_findings(&s, stderr);
	check_header_misuse(so->header_dirs, so->nheader_dirs, so->srctree,
			    &s.strs, &misuse, &nmisuse);
	for (i = 0; i < nmisuse; i++) {
		print_finding(stderr, &misuse[i], so->cc, NULL, 0, 0);
		print_finding_extras(stderr, &misuse[i], NULL, 0, so->extras);
	}
	summary_print_ranking(&s, stdout);
	/* what cannot be written was named; the build goes on */
	if (so->json)
		json_write(so->json, &s, misuse, nmisuse);
	if (so->fixes &&
	    !fixes_write(so->fixes, so->fixes_root, so->srctree, &s, misuse,
			 nmisuse, &fixes))
		print_fixes_line(stdout, &s, misuse, nmisuse, fixes, so->fixes);
	findings_free(misuse, nmisuse);
	summary_free(&s);
	return 0;
}

/* What could not be parted is printed as it is, then removed. */
static void print_held(const char *held)
{
	char *buf = NULL;
	size_t size = 0;
	ssize_t len = read_file(held, &buf, &size);

	if (len > 0)
		fwrite(buf, 1, len, stderr);
	free(buf);
	remove(held);
}

/* env's words after first (NULL: none), with last after them */
static char **words(char *first, const char *env, char *last, int *argc)
{
	char *copy = xstrdup(env), *w, **v = xmalloc(3 * sizeof(*v));
	int n = 0;

	if (first)
		v[n++] = first;
	for (w = strtok(copy, " \t"); w; w = strtok(NULL, " \t")) {
		v = xrealloc(v, (n + 3) * sizeof(*v));
		v[n++] = w;
	}
	if (last)
		v[n++] = last;
	v[n] = NULL;
	if (argc)
		*argc = n;
	return v;
}

/* Run cmd with its stderr to fd: its status, as the shell gives it. */
static int run_to(char **cmd, int fd)
{
	int status;
	pid_t pid;

	fflush(stderr);
	pid = fork();
	if (!pid) {
		dup2(fd, STDERR_FILENO);
		close(fd);
		unsetenv("INLINE_CHECK_OPTS");
		unsetenv("INLINE_CHECK_OBJTOOL");
		execvp(cmd[0], cmd);
		fprintf(stderr, "inline-check: %s: %s\n", cmd[0], strerror(errno));
		_exit(127);
	}
	if (pid < 0) {
		fprintf(stderr, "inline-check: cannot run %s: %s\n", cmd[0],
			strerror(errno));
		return 127;
	}
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			return 127;
	return WIFEXITED(status) ? WEXITSTATUS(status) :
				   128 + WTERMSIG(status);
}

/* The -D and -U options of the compile cmd, as --defines takes them. */
static char *compile_defines(char **cmd)
{
	char *words = xstrdup(""), *more;
	int i;

	for (i = 1; cmd[i]; i++) {
		if (strncmp(cmd[i], "-D", 2) && strncmp(cmd[i], "-U", 2))
			continue;
		/* -DNAME=VALUE, -UNAME, or -D NAME */
		more = xasprintf("%s %s%s", words, cmd[i],
				 cmd[i][2] || !cmd[i + 1] ? "" : cmd[i + 1]);
		free(words);
		words = more;
		i += !cmd[i][2] && cmd[i + 1];
	}
	return words;
}

/*
 * inline-check COMPILER ARGS..., with the check's options in the
 * environment (INLINE_CHECK_OPTS): Kbuild's compile under ccache, as
 * ccache's prefix command (CCACHE_PREFIX), which is a name alone. It runs
 * the compile, then objtool (INLINE_CHECK_OBJTOOL, the object added), both
 * stderrs held, then checks the object as --stderr does and puts the
 * findings in the object too. ccache keeps what it printed and the
 * object, and gives both back on a hit, where nothing of this runs: the
 * check, and objtool whose tables it reads, cost a hit nothing. The
 * report is not kept: a hit leaves none. Returns the status of the
 * compile, or of objtool; no fault of the check's changes it.
 */
static int wrap_compile(char **cmd, struct one_check *a)
{
	const char *objtool = getenv("INLINE_CHECK_OBJTOOL");
	char *obj = NULL, *held = NULL, *defines;
	int i, fd = -1, ret, compiles = 0;
	size_t len;

	for (i = 1; cmd[i]; i++) {
		if (!strcmp(cmd[i], "-o") && cmd[i + 1])
			obj = cmd[++i];
		else if (!strncmp(cmd[i], "-o", 2) && cmd[i][2])
			obj = cmd[i] + 2;
		else if (!strncmp(cmd[i], "-Wp,-MMD,", 9) ||
			 !strncmp(cmd[i], "-Wp,-MD,", 8))
			a->deps = strchr(cmd[i] + 4, ',') + 1;
		else if (!strcmp(cmd[i], "-c"))
			compiles |= 1;
		else if (!strcmp(cmd[i], "-E") || !strcmp(cmd[i], "-S"))
			compiles |= 2;
	}
	/* an object file, not what -E or -S make, nor /dev/null */
	len = obj ? strlen(obj) : 0;
	if (compiles != 1 || len < 3 || strcmp(obj + len - 2, ".o")) {
		obj = NULL;
		objtool = NULL;
	}
	if (obj) {
		held = side_file(obj, "inline-stderr.tmp");
		fd = open(held, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND, 0666);
		if (fd < 0) {
			WARN_FILE(held, "cannot write: %s; %s is not checked",
				  strerror(errno), obj);
			held = NULL;
		}
	}
	if (fd < 0)
		fd = dup(STDERR_FILENO);
	ret = run_to(cmd, fd);
	/* objtool's warnings follow the compiler's, in what is held */
	if (!ret && objtool && *objtool)
		ret = run_to(words(NULL, objtool, obj, NULL), fd);
	close(fd);
	if (!held)
		return ret;
	if (ret) {
		/* no object: no report and no findings, its stderr as it is */
		char *rp = side_file(obj, "inline-report");
		char *fp = side_file(obj, FINDINGS_SUFFIX);

		if (split_file(held, "/dev/null", a->cc == REPORT_CLANG,
			       "inline-check"))
			print_held(held);
		remove(rp);
		remove(fp);
		free(rp);
		free(fp);
		return ret;
	}
	defines = compile_defines(cmd);
	a->defines = defines;
	a->held = held;
	a->note = 1;
	a->exits = 1;
	if (check_one(obj, a))
		print_held(held);
	free(defines);
	return 0;
}

/* The summary's remedy for a findings file it cannot read. */
static void recheck(const char *obj, const char *findings,
		    const struct summary_opts *so)
{
	struct one_check a = {
		.findings = findings, .srctree = so->srctree,
		.config = so->config, .cc = so->cc, .extras = so->extras,
	};

	check_one(obj, &a);
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "report", required_argument, NULL, 'r' },
		{ "compiler", required_argument, NULL, 'C' },
		{ "cmd", required_argument, NULL, 'c' },
		{ "deps", required_argument, NULL, 'd' },
		{ "defines", required_argument, NULL, 'D' },
		{ "stderr", required_argument, NULL, 'e' },
		{ "inlining-off", required_argument, NULL, 'O' },
		{ "findings", required_argument, NULL, 'f' },
		{ "srctree", required_argument, NULL, 's' },
		{ "config", required_argument, NULL, 'k' },
		{ "index-dir", required_argument, NULL, 'i' },
		{ "summary", no_argument, NULL, 'S' },
		{ "json", required_argument, NULL, 'j' },
		{ "headers", required_argument, NULL, 'H' },
		{ "rows", required_argument, NULL, 'n' },
		{ "asm-wrappers", no_argument, NULL, 'A' },
		{ "build", required_argument, NULL, 'B' },
		{ "fixits", no_argument, NULL, 'F' },
		{ "estimate", no_argument, NULL, 'E' },
		{ "fixes", required_argument, NULL, 'x' },
		{ "fixes-root", required_argument, NULL, 'X' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	const char *report = NULL, *cmd = NULL, *findings = NULL;
	const char *deps = NULL, *held = NULL, *off = NULL, *defines = NULL;
	const char *srctree = NULL, *config = NULL, *index_dir = NULL;
	char **builds = NULL, *cc_version = NULL, *tree_conf = NULL;
	struct hand_run h = { 0 };
	int nbuilds = 0;
	struct summary_opts so = { .rows = 20 };
	enum mode mode = CHECK;
	const char *env = getenv("INLINE_CHECK_OPTS");
	char **compile = NULL;
	int c, cc = -1;

	if (env && argc > 1 && argv[1][0] != '-') {
		compile = argv + 1;
		argv = words(argv[0], env, NULL, &argc);
	}
	while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
		switch (c) {
		case 'r':
			report = optarg;
			break;
		case 'C':
			for (cc = 0; cc < NR_REPORT_CC; cc++)
				if (!strcasecmp(optarg, report_cc_names[cc]))
					break;
			if (cc == NR_REPORT_CC) {
				fprintf(stderr, "inline-check: --compiler %s: gcc or clang\n",
					optarg);
				return 2;
			}
			break;
		case 'c':
			cmd = optarg;
			break;
		case 'd':
			deps = optarg;
			break;
		case 'D':
			defines = optarg;
			break;
		case 'O':
			off = optarg;
			break;
		case 'e':
			held = optarg;
			break;
		case 'f':
			findings = optarg;
			break;
		case 's':
			srctree = optarg;
			break;
		case 'k':
			config = optarg;
			break;
		case 'i':
			index_dir = optarg;
			break;
		case 'S':
			mode = SUMMARY;
			break;
		case 'j':
			so.json = optarg;
			break;
		case 'H':
			so.header_dirs = xrealloc(so.header_dirs,
						  (so.nheader_dirs + 1) *
						  sizeof(char *));
			so.header_dirs[so.nheader_dirs++] = optarg;
			break;
		case 'n':
			so.rows = strtoul(optarg, NULL, 10);
			break;
		case 'A':
			mode = ASM_WRAPPERS;
			break;
		case 'B':
			builds = xrealloc(builds, (nbuilds + 1) * sizeof(char *));
			builds[nbuilds++] = optarg;
			break;
		case 'F':
			so.extras |= DIAG_FIXIT;
			break;
		case 'E':
			so.extras |= DIAG_ESTIMATE;
			break;
		case 'x':
			so.fixes = optarg;
			break;
		case 'X':
			so.fixes_root = optarg;
			break;
		case 'h':
			fputs(usage, stdout);
			return 0;
		default:
			if (compile)
				break;	/* said; the compile runs */
			fputs(usage, stderr);
			return 2;
		}
	}
	if (compile)
		return wrap_compile(compile, &(struct one_check){
			.srctree = srctree, .config = config, .off = off,
			.index_dir = index_dir, .cc = cc, .extras = so.extras,
		});
	if (optind >= argc || (mode == CHECK && optind + 1 != argc)) {
		fputs(usage, stderr);
		return 2;
	}
	/*
	 * Kbuild runs the check and the summary in the tree of the
	 * configuration it gives; a hand run goes there too.
	 */
	if (mode != ASM_WRAPPERS) {
		if (!config) {
			tree_conf = tree_config(argv[optind]);
			if (!tree_conf)
				tree_conf = own_config();
			config = tree_conf;
		}
		if (config)
			enter_objtree(config, !tree_conf,
				      (const char **)argv + optind,
				      argc - optind, &h);
	}
	if (h.cwd) {
		hand_path(&h, &report);
		hand_path(&h, &cmd);
		hand_path(&h, &deps);
		hand_path(&h, &held);
		hand_path(&h, &findings);
		hand_path(&h, &index_dir);
		hand_path(&h, &so.json);
		hand_path(&h, &so.fixes);
		hand_path(&h, &so.fixes_root);
		for (c = 0; c < so.nheader_dirs; c++)
			hand_path(&h, (const char **)&so.header_dirs[c]);
		hand_path(&h, &srctree);
		hand_path(&h, &config);
		if (!srctree)
			srctree = h.srctree;
	}
	/*
	 * Kbuild's --fixes-root: the source tree, or an M= module's
	 * directory, which is outside the object tree
	 */
	if (!so.fixes_root)
		so.fixes_root = h.extmod ? h.extmod : srctree;
	so.srctree = srctree;
	so.config = config;
	so.recheck = recheck;
	/*
	 * Who made the reports, when not said (Kbuild says clang): the
	 * configuration says, or else what the report looks like.
	 */
	if (cc < 0 && config && !held)
		cc = config_cc(config);
	so.cc = cc < 0 ? REPORT_GCC : cc;
	if (mode == SUMMARY && config)
		cc_version = config_value(config, "CONFIG_CC_VERSION_TEXT");
	so.cc_version = cc_version;
	switch (mode) {
	case CHECK:
		c = check_one(argv[optind], &(struct one_check){
			.report = report, .cmd = cmd, .deps = deps,
			.held = held, .findings = findings,
			.srctree = srctree, .config = config, .off = off,
			.defines = defines, .index_dir = index_dir, .cc = cc,
			.extras = so.extras, .exits = 1, .hand = !held,
		});
		break;
	case SUMMARY:
		c = summary(argv + optind, argc - optind, &so);
		break;
	case ASM_WRAPPERS:
		c = asm_wrappers(argv + optind, argc - optind, srctree,
				 builds, nbuilds);
		break;
	}
	hand_run_free(&h);
	free(cc_version);
	free(tree_conf);
	free(so.header_dirs);
	return c;
}
