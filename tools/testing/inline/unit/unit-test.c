// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests of scripts/inline/: the lexer, the source reader, the
 * report reader, the patch of the fixes and what the object reader sees of
 * a function's code, on small cases written here (the code assembled by
 * GNU as), on files of the real 6.1 tree, and on a report GCC 12 wrote
 * for kernel/time/timer.o.
 *
 * usage: unit-test KERNEL_TREE REPORT_FIXTURE
 * One line per case, then "N passed, N failed".
 */
#include <dirent.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cond.h"
#include "elfread.h"
#include "findings.h"
#include "fixes.h"
#include "lexer.h"
#include "report.h"
#include "source.h"
#include "source-internal.h"
#include "summary.h"
#include "warn.h"
#include "x86.h"

static int passed, failed;
static char tmpdir[] = "/tmp/inline-unit-XXXXXX";

static void result(int ok, const char *fmt, ...)
{
	va_list ap;

	printf("%s %d - ", ok ? "ok" : "not ok", passed + failed + 1);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
	if (ok)
		passed++;
	else
		failed++;
}

static char *lex_copy(const char *text, struct tokens *t, int *ret)
{
	size_t n = strlen(text);
	char *buf = malloc(n + 2);

	memcpy(buf, text, n);
	buf[n] = buf[n + 1] = '\0';
	*ret = lex_buffer(t, buf, n);
	return buf;
}

static int tok_text(const struct tokens *t, unsigned int i, const char *s)
{
	return t->tok[i].len == strlen(s) &&
	       !memcmp(t->buf + t->tok[i].off, s, t->tok[i].len);
}

static void test_lexer(void)
{
	struct tokens t;
	char *buf;
	int ret;
	unsigned int i, idents = 0;

	buf = lex_copy("int a = 'x'; /* one\n two */ char *s = \"q\\\"\";\n"
		       "#define F(x) x ## _y(a, ...)\n"
		       "#include <linux/a.h>\n"
		       "\tstatic int b; // c \"\n", &t, &ret);
	result(ret == 0, "lexer: a well-formed text lexes");
	result(t.tok[0].type == T_IDENT && tok_text(&t, 0, "int") &&
	       t.tok[3].type == T_CHAR, "lexer: identifiers and char literals");
	for (i = 0; i < t.nr; i++)
		if (t.tok[i].type == T_STRING)
			break;
	result(i < t.nr && tok_text(&t, i, "\"q\\\"\"") && t.tok[i].line == 2,
	       "lexer: an escaped quote stays in its string; comment lines counted");
	for (i = 0; i < t.nr && t.tok[i].type != T_DEFINE; i++)
		;
	result(i + 4 < t.nr && tok_text(&t, i + 1, "F") &&
	       t.tok[i + 2].glued && tok_text(&t, i + 2, "("),
	       "lexer: #define NAME( is glued: a function-like macro");
	for (; i < t.nr && t.tok[i].type != T_PASTE; i++)
		;
	result(i < t.nr, "lexer: ## is one token");
	for (; i < t.nr && t.tok[i].type != T_ELLIPSIS; i++)
		;
	result(i < t.nr && t.tok[i + 2].type == T_EOL,
	       "lexer: ... is one token, and the '#' line ends with T_EOL");
	for (i = 0; i < t.nr; i++)
		if (tok_text(&t, i, "b"))
			break;
	result(i < t.nr && t.tok[i].line == 5 && tok_column(&t, i) == 20,
	       "lexer: line and GCC's column (tabs to 8) of 'b' are 5:20");
	for (i = 0; i < t.nr; i++)
		idents += tok_text(&t, i, "c");
	result(idents == 0, "lexer: a // comment is skipped, stray quote and all");
	tokens_free(&t);
	free(buf);

	buf = lex_copy("#define X \\\n  1 + \\\n  2\nint after;\n", &t, &ret);
	for (i = 0; i < t.nr && !tok_text(&t, i, "after"); i++)
		;
	result(i < t.nr && t.tok[i].line == 4 && t.tok[i - 2].type == T_EOL,
	       "lexer: continued '#define' lines are one directive");
	tokens_free(&t);
	free(buf);

	buf = lex_copy("int a; /* never closed\n int b;", &t, &ret);
	result(ret == -1 && t.tok[t.nr - 1].type == T_EOF,
	       "lexer: an unterminated comment is an error, not a crash");
	tokens_free(&t);
	free(buf);

	{
		char bin[] = "int a;\0int b;\0\0";

		ret = lex_buffer(&t, bin, 13);
		result(ret == -1, "lexer: a NUL byte in the text is an error");
		tokens_free(&t);
	}
	buf = lex_copy("", &t, &ret);
	result(ret == 0 && t.nr == 1 && t.tok[0].type == T_EOF,
	       "lexer: an empty file is just T_EOF");
	tokens_free(&t);
	free(buf);
}

static char *write_file(const char *name, const char *text)
{
	static char path[4096];
	FILE *fp;

	snprintf(path, sizeof(path), "%s/%s", tmpdir, name);
	fp = fopen(path, "w");
	fputs(text, fp);
	fclose(fp);
	return path;
}

/*
 * The set of n files of a case, written in tmpdir from n name, text pairs
 * in the order given; paths[] gets their paths, for close_case().
 */
#define MAX_CASE_FILES 4
static struct srcset *open_case(char **paths, unsigned int n, ...)
{
	va_list ap;
	unsigned int i;

	va_start(ap, n);
	for (i = 0; i < n && i < MAX_CASE_FILES; i++) {
		const char *name = va_arg(ap, const char *);

		paths[i] = strdup(write_file(name, va_arg(ap, const char *)));
	}
	va_end(ap);
	return srcset_open_files(paths, i, tmpdir);
}

static void close_case(struct srcset *ss, char **paths, unsigned int n)
{
	unsigned int i;

	srcset_free(ss);
	for (i = 0; i < n && i < MAX_CASE_FILES; i++)
		free(paths[i]);
}

static const struct funcdef *lookup(struct srcset *ss, const char *name)
{
	const char *names[] = { name };

	srcset_resolve(ss, names, 1);
	return srcset_find(ss, name);
}

static const char source_cases[] =
"/* the annotation at each definition */\n"
"static inline int plain(int a) { return a; }\n"
"static __always_inline int forced(int a) { return a; }\n"
"static inline_hint int hint(int a) { return a; }\n"
"static __asm_inline unsigned long wrap(unsigned long x)\n"
"{\n"
"\tasm volatile(\"incq %0\" : \"+r\" (x));\n"
"\treturn x;\n"
"}\n"
"static noinline int never(int a) { return a; }\n"
"static inline __printf(1, 2) void logf(const char *f, ...) { }\n"
"static inline int locked(int a) __acquires(x) { return a; }\n"
"#define TABLE { [0] = 1 }\n"
"static inline int after_define(void) { return 0; }\n"
"static const struct ops o = { .f = plain };\n"
"static inline int loop(int n)\n"
"{\n"
"\tint s = 0;\n"
"\tfor (; n; n--)\n"
"\t\tasm(\"\" : \"+r\" (s));\n"
"\treturn s;\n"
"}\n"
"#define MAKE(name) static inline long __do_##name(int a)\n"
"#define MAKE_ONE(n) MAKE(_##n)\n"
"MAKE_ONE(thing) { return a; }\n"
"#define BUILD(name, insn) static inline void name(void) { asm(insn); }\n"
"BUILD(do_nop, \"nop\")\n"
"#ifdef CONFIG_YES\n"
"static inline int cfg(void) { return 1; }\n"
"#else\n"
"static inline int cfg(void) { return 2; }\n"
"#endif\n"
"#if !IS_ENABLED(CONFIG_NO)\n"
"static inline int cfg2(void) { return 3; }\n"
"#endif\n"
"#define weight(m) __weight(&(m), 4)\n"
"static inline int __weight(const int *p, int n) { return *p + n; }\n"
"#define set_it(p, v) native_set_it(p, v)\n"
"#define get_it(p) return get_it_once(p)\n";

static void test_source(void)
{
	char *files[1];
	struct srcset *ss;
	const struct funcdef *d;

	files[0] = strdup(write_file("cases.h", source_cases));
	write_file("autoconf.h", "#define CONFIG_YES 1\n");
	ss = srcset_open_files(files, 1, tmpdir);
	{
		char conf[4096];

		snprintf(conf, sizeof(conf), "%s/autoconf.h", tmpdir);
		srcset_config(ss, conf);
	}
	d = lookup(ss, "plain");
	result(d && d->annot == A_INLINE && d->is_static && d->line == 2 &&
	       d->col == 19 && !strcmp(d->file, "cases.h"),
	       "source: static inline plain() at cases.h:2:19");
	d = lookup(ss, "forced");
	result(d && d->annot == A_ALWAYS_INLINE, "source: __always_inline");
	d = lookup(ss, "hint");
	result(d && d->annot == A_INLINE_HINT, "source: inline_hint");
	d = lookup(ss, "wrap");
	result(d && d->annot == A_ASM_INLINE && d->has_asm && d->asm_wrapper,
	       "source: __asm_inline around an asm statement is an asm wrapper");
	d = lookup(ss, "never");
	result(d && d->annot == A_NOINLINE, "source: noinline");
	d = lookup(ss, "logf");
	result(d && d->annot == A_INLINE,
	       "source: an attribute macro before the name is not the name");
	d = lookup(ss, "locked");
	result(d && d->line == 12,
	       "source: an attribute macro after the parameters is not the name");
	d = lookup(ss, "after_define");
	result(d && d->annot == A_INLINE,
	       "source: an '=' in a #define does not hide the next definition");
	d = lookup(ss, "o");
	result(!d, "source: an initializer is not a function");
	d = lookup(ss, "loop");
	result(d && d->has_asm && !d->asm_wrapper,
	       "source: an asm in a loop is not an asm wrapper");
	d = lookup(ss, "__do__thing");
	result(d && d->macro && !strcmp(d->macro, "MAKE") && d->line == 23 &&
	       d->annot == A_INLINE,
	       "source: a name pasted through two macros is named by MAKE's line");
	d = lookup(ss, "do_nop");
	result(d && d->macro && !strcmp(d->macro, "BUILD") && d->asm_wrapper,
	       "source: a function named by a macro parameter, found by its call");
	d = lookup(ss, "__do__other");
	result(!d, "source: a template is not used without a call that makes it");
	d = lookup(ss, "cfg");
	result(d && d->line == 29, "source: #ifdef CONFIG_YES picks the live branch");
	d = lookup(ss, "cfg2");
	result(d && d->line == 34, "source: #if !IS_ENABLED(CONFIG_NO) is live");
	d = lookup(ss, "__weight");
	result(d && d->line == 37 && d->has_body && d->annot == A_INLINE,
	       "source: a macro that ends in a call is not a definition (__weight at 37)");
	d = lookup(ss, "native_set_it");
	result(!d, "source: nor is one whose call has plain arguments");
	d = lookup(ss, "get_it_once");
	result(!d, "source: nor a 'return f(x)'");
	srcset_free(ss);
	free(files[0]);

	/*
	 * The .c file is read first; a declarator macro in it, never called,
	 * leaves a definition without a body. The header's, with its body
	 * and annotation, is the one found.
	 */
	{
		char *paths[MAX_CASE_FILES];

		ss = open_case(paths, 2, "tu.c",
			"#include \"tu.h\"\n"
			"#define DECLARE_REAL(x) static inline_hint int real_one(int x)\n",
			"tu.h", "static inline int real_one(int a) { return a; }\n");
		d = lookup(ss, "real_one");
		result(d && d->has_body && d->annot == A_INLINE &&
		       !strcmp(d->file, "tu.h"),
		       "source: a definition with its body wins over one without");
		close_case(ss, paths, 2);
	}

	/*
	 * A macro's call at file scope, without a semicolon, then a
	 * definition (mm/interval_tree.c: INTERVAL_TREE_DEFINE(...,
	 * static inline, __anon_vma_interval_tree), then the plain
	 * anon_vma_interval_tree_insert()): the call's arguments are not
	 * the annotation of what follows it, whose declaration starts after
	 * the call. An attribute's arguments are its annotation; a type's
	 * call is part of the declaration.
	 */
	files[0] = strdup(write_file("tree.c",
		"#define TREE_DEFINE(ITSTATIC, P) \\\n"
		"ITSTATIC void P ## _insert(int a) { }\n"
		"TREE_DEFINE(static inline, __tree)\n"
		"\n"
		"void tree_insert(int a)\n"
		"{\n\t__tree_insert(a);\n}\n"
		"TREE_DEFINE(static inline, __other)\n"
		"inline int after_call(int a) { return a; }\n"
		"__attribute__((always_inline)) inline int attr_forced(int a) { return a; }\n"
		"static inline typeof(int) typed(int a) { return a; }\n"
		"#define my_inline inline\n"
		"#define my_forced __always_inline\n"
		"#define my_alias my_forced\n"
		"#ifdef CONFIG_YES\n"
		"#define cfg_inline noinline\n"
		"#else\n"
		"#define cfg_inline inline\n"
		"#endif\n"
		"static my_inline int via_macro(int a) { return a; }\n"
		"static my_alias int via_two(int a) { return a; }\n"
		"static cfg_inline int via_cfg(int a) { return a; }\n"));
	ss = srcset_open_files(files, 1, tmpdir);
	{
		char conf[4096];

		snprintf(conf, sizeof(conf), "%s/autoconf.h", tmpdir);
		srcset_config(ss, conf);
	}
	d = lookup(ss, "tree_insert");
	result(d && d->annot == A_NONE && !d->is_static && d->line == 5,
	       "source: a macro's call without a semicolon: its 'static inline' is not the next definition's");
	d = lookup(ss, "after_call");
	result(d && d->annot == A_INLINE && !d->is_static &&
	       d->decl_at.line == 10 && d->decl_at.col == 1,
	       "source: a definition after such a call starts after it (its 'static' would go at 10:1)");
	d = lookup(ss, "attr_forced");
	result(d && d->annot == A_ALWAYS_INLINE,
	       "source: always_inline in __attribute__((...)) is read");
	d = lookup(ss, "typed");
	result(d && d->annot == A_INLINE && d->is_static &&
	       d->decl_at.line == 12 && d->decl_at.col == 1,
	       "source: a typeof(...) return type is part of the declaration");
	d = lookup(ss, "via_macro");
	result(d && d->annot == A_INLINE && d->is_static && !d->annot_at.line,
	       "source: 'static my_inline' after '#define my_inline inline' is inline, and no fix goes into the macro's use");
	d = lookup(ss, "via_two");
	result(d && d->annot == A_ALWAYS_INLINE,
	       "source: a macro that names a macro: __always_inline");
	d = lookup(ss, "via_cfg");
	result(d && d->annot == A_NOINLINE,
	       "source: the macro of the live #ifdef CONFIG_YES branch: noinline");
	srcset_free(ss);
	free(files[0]);

	/*
	 * An annotation macro that a header defines, a header that holds
	 * no name looked for (lib/zstd: "MEM_STATIC size_t
	 * BIT_initDStream(...)", MEM_STATIC "static inline" in
	 * lib/zstd/common/mem.h): the header is read for it.
	 */
	{
		char *paths[MAX_CASE_FILES];

		ss = open_case(paths, 3, "zs.c",
			"#include \"zs.h\"\n"
			"#include \"other.h\"\n"
			"MY_STATIC int from_header(int a) { return a; }\n"
			"static int plain_static(int a) { return a; }\n",
			"zs.h", "#define MY_STATIC static inline\n",
			"other.h", "static inline int unrelated(void) { return 0; }\n");
		d = lookup(ss, "from_header");
		result(d && d->annot == A_INLINE && d->is_static &&
		       !d->annot_at.line,
		       "source: 'MY_STATIC' that a header defines as 'static inline', the header read for it");
		d = lookup(ss, "plain_static");
		result(d && d->annot == A_NONE && d->is_static &&
		       !ss->files[2].lexed,
		       "source: and a plain static function beside it is plain, no header read for its 'static'");
		close_case(ss, paths, 3);
	}

	/*
	 * The generic header is read before the architecture's, which
	 * overrides its '#ifndef arch_prep' definition (include/linux/
	 * entry-common.h and arch_exit_to_user_mode_prepare() on 6.12): the
	 * architecture's is the compiler's. Without an override, the generic
	 * one is.
	 */
	{
		char *paths[MAX_CASE_FILES];

		ss = open_case(paths, 3, "generic.h",
			"#ifndef arch_prep\n"
			"static inline void arch_prep(int a) { }\n"
			"#endif\n"
			"#ifndef arch_other\n"
			"static inline void arch_other(int a) { }\n"
			"#else\n"
			"static inline void arch_other_else(int a) { }\n"
			"#endif\n",
			"arch.h",
			"static inline void arch_prep(int a)\n"
			"{\n\tasm volatile(\"\" : : \"r\" (a));\n}\n"
			"#define arch_prep arch_prep\n",
			"user.c", "void f(void) { arch_prep(1); arch_other(2); }\n");
		d = lookup(ss, "arch_prep");
		result(d && !strcmp(d->file, "arch.h") && d->line == 1,
		       "source: '#ifndef NAME' and a later '#define NAME NAME': the override is the definition");
		d = lookup(ss, "arch_other");
		result(d && !strcmp(d->file, "generic.h") && d->line == 5,
		       "source: '#ifndef NAME' with no override: the generic definition");
		d = lookup(ss, "arch_other_else");
		result(d && d->line == 7,
		       "source: the '#else' of an unknown '#ifndef' is not affected");
		close_case(ss, paths, 3);
	}

	/*
	 * A .c file that tests a macro of a header, a header that holds no
	 * name looked for (6.12's mm/slub.c: '#ifdef SLAB_SUPPORTS_SYSFS',
	 * which mm/slab.h defines under '#if defined(CONFIG_SYSFS) && ...',
	 * decides between sysfs_slab_add() and its inline stub): the header
	 * that defines it is read, not one that only tests it. A macro that
	 * a header defines in a dead branch, or in one the reader cannot
	 * decide, is not known (include/acpi/platform/acenv.h defines
	 * ACPI_USE_LOCAL_CACHE under '#ifdef ACPI_APPLICATION', which it
	 * defines under '#ifdef ACPI_EXEC_APP'; drivers/acpi/osl.c has its
	 * own cache functions under '#ifndef ACPI_USE_LOCAL_CACHE').
	 */
	{
		char *paths[MAX_CASE_FILES], conf[4096];
		static const char c_file[] =
			"#ifdef HAS_SYSFS\n"
			"static int sysfs_add(int a);\n"
			"#else\n"
			"static inline int sysfs_add(int a) { return 0; }\n"
			"#endif\n"
			"#ifdef HAS_DEAD\n"
			"static int dead_add(int a);\n"
			"#else\n"
			"static inline int dead_add(int a) { return 0; }\n"
			"#endif\n"
			"#ifdef HAS_MAYBE\n"
			"static int maybe_add(int a);\n"
			"#else\n"
			"static inline int maybe_add(int a) { return 0; }\n"
			"#endif\n"
			"int user(void) { return sysfs_add(1) + dead_add(2) + maybe_add(3); }\n"
			"#ifdef HAS_SYSFS\n"
			"static int sysfs_add(int a) { return a + 1; }\n"
			"#endif\n"
			"#ifdef HAS_DEAD\n"
			"static int dead_add(int a) { return a + 1; }\n"
			"#endif\n"
			"#ifdef HAS_MAYBE\n"
			"static int maybe_add(int a) { return a + 1; }\n"
			"#endif\n"
			"#ifndef LOCAL_CACHE\n"
			"static int create_cache(int a) { return a; }\n"
			"#endif\n";

		ss = open_case(paths, 4, "sl.c", c_file,
			"sl.h",
			"#if defined(CONFIG_YES) && !defined(CONFIG_NO)\n"
			"#define HAS_SYSFS 1\n"
			"#endif\n"
			"#ifdef CONFIG_NO\n"
			"#define HAS_DEAD 1\n"
			"#endif\n"
			"#if BITS_PER_LONG == 64\n"
			"#define HAS_MAYBE 1\n"
			"#endif\n"
			"#ifdef APP_X\n"
			"#define IS_APP 1\n"
			"#endif\n"
			"#ifdef IS_APP\n"
			"#define LOCAL_CACHE 1\n"
			"#endif\n",
			"tests.h",
			"#ifdef HAS_SYSFS\n"
			"static inline int tester(void) { return 1; }\n"
			"#endif\n",
			"other.h", "static inline int unrelated(void) { return 0; }\n");
		snprintf(conf, sizeof(conf), "%s/autoconf.h", tmpdir);
		srcset_config(ss, conf);
		d = lookup(ss, "sysfs_add");
		result(d && d->annot == A_NONE && d->line == 18 &&
		       ss->files[1].lexed && !ss->files[2].lexed &&
		       !ss->files[3].lexed,
		       "source: '#ifdef HAS_SYSFS' in a .c file, HAS_SYSFS a header's: the header that defines it read, not the one that tests it, and the function is not its inline stub");
		d = lookup(ss, "dead_add");
		result(d && d->annot == A_INLINE && d->line == 9,
		       "source: a macro that a header defines in a dead branch is not known: the first definition");
		d = lookup(ss, "maybe_add");
		result(d && d->annot == A_INLINE && d->line == 14,
		       "source: nor one it defines under '#if BITS_PER_LONG == 64', which the reader cannot decide");
		d = lookup(ss, "create_cache");
		result(d && d->line == 27,
		       "source: nor one it defines under '#ifdef IS_APP', where the header defines IS_APP under a condition it cannot decide: '#ifndef LOCAL_CACHE' keeps the definition");
		close_case(ss, paths, 4);
	}

	/*
	 * The compile's -D options (srcset_defines()). A macro that neither
	 * they nor any file defines is undefined: include/linux/tracepoint.h
	 * defines TRACEPOINTS_ENABLED under '#if defined(CONFIG_TRACEPOINTS)
	 * && !defined(NOTRACE)', and init/main.c's initcall_debug_enable()
	 * is an inline stub without it. A -D'd macro is defined (MODULE for
	 * an M= module); -U takes it back. A name the compiler may define
	 * itself (a leading '_'), or one that a file defines in any branch,
	 * is not known; nor is any of them without the command.
	 */
	{
		static const char c_file[] =
			"#ifdef TP_ENABLED\n"
			"static int debug_enable(int a);\n"
			"#else\n"
			"static inline int debug_enable(int a) { return 0; }\n"
			"#endif\n"
			"#ifdef MODULE\n"
			"static int mod_add(int a);\n"
			"#else\n"
			"static inline int mod_add(int a) { return 0; }\n"
			"#endif\n"
			"#ifdef _RESERVED_X\n"
			"static int res_add(int a);\n"
			"#else\n"
			"static inline int res_add(int a) { return 0; }\n"
			"#endif\n"
			"#ifdef SOMEWHERE\n"
			"static int some_add(int a);\n"
			"#else\n"
			"static inline int some_add(int a) { return 0; }\n"
			"#endif\n"
			"int user(void) { return debug_enable(1) + mod_add(2) + res_add(3) + some_add(4); }\n"
			"#ifdef TP_ENABLED\n"
			"static int debug_enable(int a) { return a + 1; }\n"
			"#endif\n"
			"#ifdef MODULE\n"
			"static int mod_add(int a) { return a + 1; }\n"
			"#endif\n"
			"#ifdef _RESERVED_X\n"
			"static int res_add(int a) { return a + 1; }\n"
			"#endif\n"
			"#ifdef SOMEWHERE\n"
			"static int some_add(int a) { return a + 1; }\n"
			"#endif\n";
		static const struct {
			const char *defines;	/* NULL: not given */
			/* the line of each function's definition read */
			unsigned int debug, mod, res, some;
			const char *what;
		} cmds[] = {
			{ NULL, 4, 9, 14, 19,
			  "no -D options given: a macro no file defines is not known, and the first definition is read" },
			{ "-D__KERNEL__ -DMODULE -DKBUILD_BASENAME='\"cmd\"'",
			  23, 26, 14, 19,
			  "-D__KERNEL__ -DMODULE: NOTRACE undefined, so the header's TP_ENABLED is, and MODULE defined; _RESERVED_X, and SOMEWHERE that a header defines under '#if 0', not known" },
			{ "-D__KERNEL__ -DNOTRACE -D MODULE -UMODULE",
			  4, 9, 14, 19,
			  "-DNOTRACE, and MODULE -D'd then -U'd: TP_ENABLED and MODULE not defined" },
		};
		char *paths[MAX_CASE_FILES], conf[4096];
		const struct funcdef *f[4];
		unsigned int k;

		for (k = 0; k < sizeof(cmds) / sizeof(cmds[0]); k++) {
			ss = open_case(paths, 2, "tp.c", c_file, "tp.h",
				"#if defined(CONFIG_YES) && !defined(NOTRACE)\n"
				"#define TP_ENABLED 1\n"
				"#endif\n"
				"#if 0\n"
				"#define SOMEWHERE 1\n"
				"#endif\n");
			snprintf(conf, sizeof(conf), "%s/autoconf.h", tmpdir);
			srcset_config(ss, conf);
			if (cmds[k].defines)
				srcset_defines(ss, cmds[k].defines);
			f[0] = lookup(ss, "debug_enable");
			f[1] = lookup(ss, "mod_add");
			f[2] = lookup(ss, "res_add");
			f[3] = lookup(ss, "some_add");
			result(f[0] && f[0]->line == cmds[k].debug &&
			       f[1] && f[1]->line == cmds[k].mod &&
			       f[2] && f[2]->line == cmds[k].res &&
			       f[3] && f[3]->line == cmds[k].some,
			       "source: %s (lines %u %u %u %u)", cmds[k].what,
			       f[0] ? f[0]->line : 0, f[1] ? f[1]->line : 0,
			       f[2] ? f[2]->line : 0, f[3] ? f[3]->line : 0);
			close_case(ss, paths, 2);
		}
	}
}

/* Definitions in the real tree, where GCC's diagnostics put them. */
/*
 * The compiler's dependency file (--deps), read as fixdep reads it: the
 * first file after the first target is the source, the first file after
 * another target an intermediate one, left out, and so is autoconf.h;
 * the same files as the .cmd file fixdep makes of it.
 */
static void test_deps(void)
{
	static const char *const names[] = {
		"tu_fn", "a_fn", "b_fn", "c_fn", "skipped_fn", "conf_fn",
	};
	char d[8192], cmd[8192], path[4096];
	struct srcset *ss[2];
	const struct funcdef *f[2];
	unsigned int i, k, same = 1;
	int found[2][6];

	write_file("dtu.c", "#include \"da.h\"\nint tu_fn(void) { return a_fn(); }\n");
	write_file("da.h", "static inline int a_fn(void) { return 1; }\n");
	write_file("db.h", "\nstatic inline int b_fn(void) { return 2; }\n");
	write_file("dc.h", "static inline int c_fn(void) { return 3; }\n");
	write_file("dskip.c", "static inline int skipped_fn(void) { return 4; }\n");
	snprintf(path, sizeof(path), "%s/include", tmpdir);
	mkdir(path, 0777);
	snprintf(path, sizeof(path), "%s/include/generated", tmpdir);
	mkdir(path, 0777);
	write_file("include/generated/autoconf.h",
		   "static inline int conf_fn(void) { return 5; }\n");
	snprintf(d, sizeof(d),
		 "dtu.o: %1$s/dtu.c %1$s/include/generated/autoconf.h \\\n"
		 " %1$s/da.h \\\n"
		 "  %1$s/db.h\n"
		 "dtu.tmp.o: %1$s/dskip.c %1$s/dc.h\n", tmpdir);
	snprintf(cmd, sizeof(cmd),
		 "savedcmd_dtu.o := gcc -c -o dtu.o dtu.c\n\n"
		 "source_dtu.o := %1$s/dtu.c\n\n"
		 "deps_dtu.o := \\\n"
		 "  %1$s/da.h \\\n"
		 "    $(wildcard include/config/YES) \\\n"
		 "  %1$s/db.h \\\n"
		 "  %1$s/dc.h \\\n"
		 "\ndtu.o: $(deps_dtu.o)\n", tmpdir);
	ss[0] = srcset_open_deps(strcpy(path, write_file(".dtu.o.d", d)), tmpdir);
	ss[1] = srcset_open(write_file(".dtu.o.cmd", cmd), "dtu.o", tmpdir);
	result(ss[0] && ss[1], "deps: the dependency file and the .cmd file open");
	if (!ss[0] || !ss[1])
		return;
	for (k = 0; k < 2; k++) {
		srcset_resolve(ss[k], names, ARRAY_SIZE(names));
		for (i = 0; i < ARRAY_SIZE(names); i++)
			found[k][i] = !!srcset_find(ss[k], names[i]);
	}
	for (i = 0; i < ARRAY_SIZE(names); i++)
		same &= found[0][i] == found[1][i];
	f[0] = srcset_find(ss[0], "b_fn");
	f[1] = srcset_find(ss[1], "b_fn");
	result(found[0][0] && found[0][1] && found[0][2] && found[0][3],
	       "deps: the source and every header after the targets are read");
	result(!found[0][4] && !found[0][5],
	       "deps: another target's first file and autoconf.h are not");
	result(same && f[0] && f[1] && f[0]->line == 2 && f[1]->line == 2 &&
	       !strcmp(f[0]->file, f[1]->file),
	       "deps: the same definitions as from the .cmd file fixdep writes");
	srcset_free(ss[0]);
	srcset_free(ss[1]);
}

/* The index files in dir, and its pack's inode (0: no pack). */
static unsigned int index_files(const char *dir, ino_t *pack)
{
	char path[4200];
	unsigned int n = 0;
	struct dirent *de;
	struct stat st;
	DIR *d = opendir(dir);

	*pack = 0;
	while (d && (de = readdir(d))) {
		size_t len = strlen(de->d_name);

		n += len > 4 && !strcmp(de->d_name + len - 4, ".idx");
		snprintf(path, sizeof(path), "%s/pack", dir);
		if (!strcmp(de->d_name, "pack") && !stat(path, &st))
			*pack = st.st_ino;
	}
	if (d)
		closedir(d);
	return n;
}

/* A unit calling far_fn, and nh headers, far_fn in the last: its .d. */
static char *index_unit(unsigned int nh)
{
	char d[16384], name[64], text[128];
	unsigned int i;
	size_t off;

	snprintf(name, sizeof(name), "i%u.c", nh);
	write_file(name, "int tu_fn(void) { return far_fn(); }\n");
	off = snprintf(d, sizeof(d), "i%u.o: %s/i%u.c", nh, tmpdir, nh);
	for (i = 0; i < nh; i++) {
		snprintf(name, sizeof(name), "i%u_%u.h", nh, i);
		if (i + 1 < nh)
			snprintf(text, sizeof(text),
				 "static inline int near_fn_%u(void) { return %u; }\n",
				 i, i);
		else
			strcpy(text, "static inline int far_fn(void) { return 1; }\n");
		write_file(name, text);
		off += snprintf(d + off, sizeof(d) - off, " \\\n %s/%s",
				tmpdir, name);
	}
	snprintf(d + off, sizeof(d) - off, "\n");
	snprintf(name, sizeof(name), ".i%u.o.d", nh);
	return strdup(write_file(name, d));
}

/*
 * One check of the unit with the index in dir: where it finds far_fn
 * (0: not found), and the index files and the pack after srcset_close();
 * *again: the same after srcset_free(); *before: none written, the pack
 * as it was, before the close.
 */
static unsigned int index_check(const char *deps, const char *dir,
				unsigned int *files, ino_t *pack, int *again,
				int *before)
{
	static const char *const names[] = { "far_fn" };
	const struct funcdef *d;
	struct srcset *ss = srcset_open_deps(deps, tmpdir);
	unsigned int line = 0, n;
	ino_t p, start;

	index_files(dir, &start);
	if (!ss)
		return 0;
	srcset_index_dir(ss, dir);
	srcset_resolve(ss, names, 1);
	d = srcset_find(ss, "far_fn");
	if (d && d->annot == A_INLINE && strstr(d->file, ".h"))
		line = d->line;
	*before = !index_files(dir, &p) && p == start;
	srcset_close(ss);
	*files = index_files(dir, pack);
	srcset_free(ss);
	n = index_files(dir, &p);
	*again = n == *files && p == *pack;
	return line;
}

static void test_index(void)
{
	char dir[4200], *deps;
	unsigned int line, files;
	char path[4300];
	unsigned int k, entries;
	ino_t pack, first;
	int again, before;
	FILE *fp;

	deps = index_unit(3);
	snprintf(dir, sizeof(dir), "%s/index3", tmpdir);
	line = index_check(deps, dir, &files, &pack, &again, &before);
	result(line == 1 && files == 3 && !pack && again && before,
	       "index: a check that learns 3 headers' indexes keeps them in 3 files, at its end, once");
	free(deps);

	deps = index_unit(20);
	snprintf(dir, sizeof(dir), "%s/index20", tmpdir);
	line = index_check(deps, dir, &files, &first, &again, &before);
	result(line == 1 && !files && first && again && before,
	       "index: a check that learns 20 writes them to the pack at its end, none to a file, once");
	line = index_check(deps, dir, &files, &pack, &again, &before);
	result(line == 1 && !files && pack == first && again && before,
	       "index: the next check finds far_fn with the pack's indexes and writes nothing");
	free(deps);

	/* 5 of those 20 headers removed; a check of 30 others packs again */
	for (k = 0; k < 5; k++) {
		snprintf(path, sizeof(path), "%s/i20_%u.h", tmpdir, k);
		unlink(path);
	}
	deps = index_unit(30);
	line = index_check(deps, dir, &files, &pack, &again, &before);
	snprintf(path, sizeof(path), "%s/pack", dir);
	fp = fopen(path, "r");
	entries = 0;
	if (!fp || fseek(fp, 12, SEEK_SET) ||
	    fread(&entries, sizeof(entries), 1, fp) != 1)
		entries = 0;
	if (fp)
		fclose(fp);
	result(line == 1 && !files && pack != first && entries == 30 + 15,
	       "index: a new pack holds the 30 headers learnt and the 15 of the old pack still there (%u entries)",
	       entries);
	free(deps);
}

static void test_real_tree(const char *kdir)
{
	static const struct {
		const char *file, *name;
		unsigned int line, col;
		enum annot annot;
		int wrapper;
	} cases[] = {
		{ "include/linux/cpumask.h", "cpumask_weight", 638, 28, A_INLINE, 0 },
		{ "arch/x86/include/asm/irqflags.h", "native_save_fl", 20, 38,
		  A_ALWAYS_INLINE, 1 },
		{ "arch/x86/include/asm/bitops.h", "constant_test_bit", 204, 29,
		  A_ALWAYS_INLINE, 0 },
	};
	static const char *const kind[] = { "", ", asm wrapper" };
	unsigned int i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char path[4096], *files[1] = { path };
		struct srcset *ss;
		const struct funcdef *d;

		snprintf(path, sizeof(path), "%s/%s", kdir, cases[i].file);
		if (access(path, R_OK)) {
			result(0, "real tree: %s is not readable", path);
			continue;
		}
		ss = srcset_open_files(files, 1, kdir);
		srcset_lex_all(ss);
		d = srcset_find(ss, cases[i].name);
		result(d && d->line == cases[i].line && d->col == cases[i].col &&
		       d->annot == cases[i].annot &&
		       d->asm_wrapper == cases[i].wrapper,
		       "real tree: %s at %s:%u:%u, %s%s", cases[i].name,
		       cases[i].file, cases[i].line, cases[i].col,
		       annot_name(cases[i].annot), kind[!!cases[i].wrapper]);
		srcset_free(ss);
	}
}

static void test_report(const char *fixture)
{
	struct report r;
	unsigned int i, mod = 0, early_kept = 0;
	const struct missed_call *c = NULL;

	result(report_read(fixture, &r) == 0, "report: the GCC 12 report of timer.o reads");
	result(r.nr == 34 && r.nearly == 94 && r.no_body == 230 && !r.bad &&
	       !r.truncated,
	       "report: 34 calls with a body not inlined, 230 without, 94 early lines");
	for (i = 0; i < r.nr; i++) {
		if (!strcmp(r.calls[i].callee, "__mod_timer"))
			mod++;
		if (!strcmp(r.calls[i].caller, "timer_reduce"))
			c = &r.calls[i];
		early_kept += !!strstr(r.calls[i].reason, "early");
	}
	result(mod == 5, "report: five calls of __mod_timer not inlined");
	result(c && c->file && !strcmp(c->file, "kernel/time/timer.c") &&
	       c->line == 1216 && c->col == 9 &&
	       !strcmp(c->reason, "--param max-inline-insns-single limit reached"),
	       "report: timer_reduce -> __mod_timer at kernel/time/timer.c:1216:9, and why");
	result(!early_kept, "report: no early-inliner line is taken for a decision");
	for (i = 0, c = NULL; i < r.nearly; i++)
		if (!strcmp(r.early_calls[i].callee, "__mod_timer") &&
		    !strcmp(r.early_calls[i].caller, "timer_reduce"))
			c = &r.early_calls[i];
	result(r.nearly == 94 && c && !c->file,
	       "report: the 94 early lines' edges kept apart, timer_reduce->__mod_timer among them");
	report_free(&r);

	{
		char text[] =
			"missed:   not inlinable: a/1 -> b.part.0/2, function not inlinable\n"
			"f.c:3:4: missed:   will not early inline: a/1->c/3, growth 9 exceeds --param early-inlining-insns\n"
			"f.c:5:6: missed:   not inlinable: a/1 -> d/4, call is unlikely and code size would grow\n"
			"f.c:7:8: missed:   not inlinable: a/1 -> d/4, call is unl";
		char out[64];

		report_parse(text, sizeof(text) - 1, &r);
		result(r.nr == 2 && !r.calls[0].file &&
		       !strcmp(r.calls[0].callee, "b.part.0") && r.nearly == 1,
		       "report: a line without a location; clone names kept");
		result(r.truncated && r.nr == 2 && r.bad == 1 && r.bad_line == 4,
		       "report: the cut last line of a truncated report is not taken");
		base_name(r.calls[0].callee, out, sizeof(out));
		result(!strcmp(out, "b"), "report: foo.part.0 counts for foo");
		report_free(&r);
	}
	{
		char junk[] = "\x7f" "ELF\x02\x01\x01 garbage\n:::: missed: not inlinable: ->\n"
			      "x.c:1:1: missed:   not inlinable: no arrow here\n";

		report_parse(junk, sizeof(junk) - 1, &r);
		result(r.bad == 3 && r.bad_line == 1 && r.nr == 0,
		       "report: garbage lines are counted, none is taken");
		report_free(&r);
	}
	{
		/* clang 14's remarks on kernel/sched/core.c, as Kbuild keeps them */
		char text[] =
			"kernel/sched/core.c:2193:3: remark: 'resched_curr' not inlined into 'check_preempt_curr' because too costly to inline (cost=380, threshold=225) [-Rpass-missed=inline]\n"
			"In file included from kernel/sched/core.c:9:\n"
			"include/linux/sched/mm.h:428:2: remark: 'sync_core_before_usermode' not inlined into 'finish_task_switch' because too costly to inline (cost=55, threshold=45) [-Rpass-missed=inline]\n"
			"kernel/sched/core.c:5832:3: remark: '__schedule_bug' not inlined into '__schedule' because it should never be inlined (cost=never): noinline function attribute [-Rpass-missed=inline]\n"
			"f.c:1:2: remark: a will not be inlined into b because its definition is unavailable [-Rpass-missed=inline]\n"
			"f.c:3:4: remark: 'c' is not inlined into 'd': recursive call [-Rpass-missed=inline]\n"
			"f.c:9:1: note: could not determine the original source location for f.c:0:0\n"
			"f.c:9:1: remark: 'e' not inlined into 'g' because it should never be inlined (cost=never): interposable [-Rpass-missed=inline]\n"
			"f.c:9:1: note: could not determine the original source location for f.c:0:0\n";
		const struct missed_call *c = r.calls;

		report_parse(text, sizeof(text) - 1, &r);
		c = r.calls;
		result(r.nr == 5 && r.no_body == 1 && !r.bad &&
		       report_cc(&r, REPORT_GCC) == REPORT_CLANG,
		       "report: clang's remarks: 5 calls, 1 without a definition, none bad");
		result(r.nr == 5 && !strcmp(c[4].callee, "e") && !c[4].file &&
		       c[3].file && !strcmp(c[3].file, "f.c"),
		       "report: clang: a remark followed by 'could not determine the original source location' has no call site");
		result(r.nr == 5 && !strcmp(c[0].callee, "resched_curr") &&
		       !strcmp(c[0].caller, "check_preempt_curr") &&
		       !strcmp(c[0].file, "kernel/sched/core.c") &&
		       c[0].line == 2193 && c[0].col == 3 &&
		       !strcmp(c[0].reason, "too costly to inline (cost=380, threshold=225)"),
		       "report: clang: callee, caller, call site, and the cost and threshold");
		result(r.nr == 5 &&
		       !strcmp(c[2].reason, "it should never be inlined (cost=never): noinline function attribute") &&
		       !strcmp(c[3].callee, "c") && !strcmp(c[3].reason, "recursive call"),
		       "report: clang: 'never' and 'is not inlined into' remarks keep clang's reason");
		report_free(&r);
	}
	{
		char junk[] =
			"f.c:1:2: remark: 'a' not inlined into 'b' because x\n"
			"f.c:1:2: remark: 'a' not inlined into b because x [-Rpass-missed=inline]\n"
			"f.c:1:2: remark: '' not inlined into 'b' because x [-Rpass-missed=inline]\n"
			"f.c:1:2: remark: 'a' not inlined into 'b' [-Rpass-missed=inline]\n"
			"remark: [-Rpass-missed=inline]\n";

		report_parse(junk, sizeof(junk) - 1, &r);
		result(r.bad == 5 && r.nr == 0,
		       "report: clang: remarks cut or out of shape are counted, none is taken");
		report_free(&r);
	}
	result(report_read("/nonexistent/report", &r) == -1,
	       "report: a missing report is an error for the caller");
}

static void test_paths(void)
{
	static const char *const cases[][2] = {
		/* what GCC writes for lib/vdso/ included by the vDSO */
		{ "arch/x86/entry/vdso/../../../../lib/vdso/gettimeofday.c",
		  "lib/vdso/gettimeofday.c" },
		{ "arch/x86/realmode/rm/../../boot/video.h",
		  "arch/x86/boot/video.h" },
		{ "./include/linux/cpumask.h", "include/linux/cpumask.h" },
		{ "/src/./include/../kernel/sched/core.c", "/src/kernel/sched/core.c" },
		{ "../outside/a.h", "../outside/a.h" },
		{ "a/../../b.h", "../b.h" },
		{ "a/..b/c.h", "a/..b/c.h" },
	};
	unsigned int i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char buf[128];

		strcpy(buf, cases[i][0]);
		path_normalize(buf);
		result(!strcmp(buf, cases[i][1]), "path %s -> %s (got %s)",
		       cases[i][0], cases[i][1], buf);
	}
}

static char *read_text(const char *path)
{
	FILE *fp = fopen(path, "r");
	char *buf = calloc(1, 65536);

	if (fp) {
		if (fread(buf, 1, 65535, fp) == 0)
			buf[0] = '\0';
		fclose(fp);
	}
	return buf;
}

static void write_text(const char *path, const char *text)
{
	FILE *fp = fopen(path, "w");

	fputs(text, fp);
	fclose(fp);
}

/*
 * Does the patch at path hold the hunks that GNU diff -U3 writes (cmd) for
 * fx.c? what: a word for the result line.
 */
static int same_hunks_as_diff(const char *path, const char *cmd,
			      const char *diff, const char **what)
{
	char *got = read_text(path), *ref;
	const char *ours, *theirs;
	int same;

	if (system(cmd) < 0)
		remove(diff);
	ref = read_text(diff);
	ours = strstr(got, "--- a/fx.c");
	theirs = strstr(ref, "--- a/fx.c");
	same = !strncmp(got, "diff --git a/fx.c b/fx.c\n", 25) && ours &&
	       theirs && !strcmp(ours, theirs);
	*what = same ? "same hunks" : "they differ";
	free(got);
	free(ref);
	return same;
}

static void add_fix(struct func_total *t, const char *file, unsigned int line,
		    unsigned int col, unsigned int end, const char *text)
{
	memset(t, 0, sizeof(*t));
	t->f.file = file;
	t->f.fix.line = line;
	t->f.fix.col = col;
	t->f.fix.end = end;
	t->f.fix.text = text;
}

/*
 * inline-fixes.patch against GNU diff: the hunks of the edited file,
 * joined where diff -U3 joins them, the last line without a newline.
 */
static void test_fixes_patch(void)
{
	static const char orig[] =
		"static inline int a(void)\n" "{\n" "}\n"
		"\n" "\n" "\n" "\n" "\n"
		"inline int b(void);\n"
		"\n" "\n" "\n" "\n" "\n" "\n"
		"inline int e(void);\n"
		"\n" "\n" "\n"
		"int c(void) { return 1; } static inline int d(void) { return 0; }";
	static const char want[] =
		"static inline_hint int a(void)\n" "{\n" "}\n"
		"\n" "\n" "\n" "\n" "\n"
		"static inline int b(void);\n"
		"\n" "\n" "\n" "\n" "\n" "\n"
		"static inline int e(void);\n"
		"\n" "\n" "\n"
		"int c(void) { return 1; } static int d(void) { return 0; }";
	struct summary_opts so = { 0 };
	struct func_total t[6];
	struct summary s;
	unsigned int written;
	int ret;
	char a[4200], b[4200], patch[4200], diff[4200], cmd[13000];
	const char *what;
	int same;

	snprintf(a, sizeof(a), "%s/fx.c", tmpdir);
	snprintf(b, sizeof(b), "%s/fx.want", tmpdir);
	snprintf(patch, sizeof(patch), "%s/fixes.patch", tmpdir);
	snprintf(diff, sizeof(diff), "%s/fixes.diff", tmpdir);
	write_text(a, orig);
	write_text(b, want);
	add_fix(&t[0], "fx.c", 1, 8, 14, fix_inline_hint);
	add_fix(&t[1], "fx.c", 9, 1, 1, fix_static);
	add_fix(&t[2], "fx.c", 20, 34, 41, fix_remove);
	/* the same fix again, from another function of a macro: once */
	add_fix(&t[3], "fx.c", 1, 8, 14, fix_inline_hint);
	/* the text at the place is not an inline word: left out */
	add_fix(&t[4], "fx.c", 20, 1, 4, fix_inline_hint);
	/* six lines after the change of line 9: one hunk, as diff joins them */
	add_fix(&t[5], "fx.c", 16, 1, 1, fix_static);
	memset(&s, 0, sizeof(s));
	s.opts = &so;
	s.totals = t;
	s.ntotals = 6;
	ret = fixes_write(patch, tmpdir, tmpdir, &s, NULL, 0, &written);
	result(!ret && written == 4,
	       "fixes: the patch is written, with 4 fixes (%u)", written);
	snprintf(cmd, sizeof(cmd),
		 "cd %s && diff -U3 --label a/fx.c --label b/fx.c fx.c fx.want >%s",
		 tmpdir, diff);
	same = same_hunks_as_diff(patch, cmd, diff, &what);
	result(same,
	       "fixes: the patch is diff -U3's, but for the fix that does not fit (%s)",
	       what);

	/*
	 * In a macro body the backslashes keep their column: tabs where
	 * there were tabs; one blank when the text reaches it.
	 */
	write_text(a, "#define D(n)\t\t\t\t\t\t\t\\\n"
		      "\tstatic inline void d_##n(void)\t\t\t\t\\\n"
		      "\tstatic inline int e_##n(void) \\\n"
		      "\t{ }\n");
	write_text(b, "#define D(n)\t\t\t\t\t\t\t\\\n"
		      "\tstatic inline_hint void d_##n(void)\t\t\t\\\n"
		      "\tstatic inline_hint int e_##n(void) \\\n"
		      "\t{ }\n");
	add_fix(&t[0], "fx.c", 2, 9, 15, fix_inline_hint);
	add_fix(&t[1], "fx.c", 3, 9, 15, fix_inline_hint);
	s.ntotals = 2;
	ret = fixes_write(patch, tmpdir, tmpdir, &s, NULL, 0, &written);
	same = same_hunks_as_diff(patch, cmd, diff, &what);
	result(!ret && written == 2 && same,
	       "fixes: in a macro body the backslashes stay in their column (%s)",
	       what);

	/* nothing to fix: an old patch goes */
	s.ntotals = 0;
	result(!fixes_write(patch, tmpdir, tmpdir, &s, NULL, 0, &written) &&
	       access(patch, F_OK), "fixes: with nothing to fix, no patch is left");
}

static const struct func *func_named(const struct object *o, const char *name)
{
	unsigned int i;

	for (i = 0; i < o->nr; i++)
		if (!strcmp(o->funcs[i].name, name))
			return &o->funcs[i];
	return NULL;
}

/*
 * What the estimate learns from an object, on one that GNU as makes of
 * the code a kernel compile has: entries with endbr64, the __fentry__ nop
 * and pushes; returns through the return thunk; calls the assembler
 * resolved inside a section, and calls with a relocation from another;
 * ORC, return sites and lock prefixes tables.
 */
static void test_object_code(void)
{
	static const char code[] =
		"	.text\n"
		"	.p2align 4\n"
		"	.type callee, @function\n"
		"callee:\n"			/* 16 bytes, called 3 times */
		"	nop\n"
		"3:	lock incl (%rdi)\n"	/* 3 bytes */
		"1:	call callee\n"		/* recursion: not a call of others */
		"	xorl %eax, %eax\n"	/* 2 */
		"2:	jmp __x86_return_thunk\n"	/* 5: its return */
		"	.size callee, .-callee\n"
		"	.section .smp_locks,\"a\"\n"
		"	.long 3b - .\n"
		"	.long wrapper - .\n"	/* its first byte: not counted */
		"	.section .return_sites,\"a\"\n"
		"	.long 2b - .\n"
		"	.section .orc_unwind_ip,\"a\"\n"
		"	.long callee - .\n"		/* its entry, and so its exit */
		"	.long 1b - .\n"
		"	.section .orc_unwind,\"a\"\n"
		"	.fill 12, 1, 0\n"
		"	.text\n"
		"	.p2align 4\n"			/* 0 bytes of padding */
		"	.globl wrapper\n"
		"	.type wrapper, @function\n"
		"wrapper:\n"
		"	endbr64\n"				/* 4 */
		"	.byte 0x0f, 0x1f, 0x44, 0x00, 0x00\n"	/* 5: __fentry__ */
		"	push %rbx\n"				/* 1 */
		"	push %r12\n"				/* 2 */
		"	call callee\n"
		"	call callee\n"
		"	pop %r12\n"
		"	pop %rbx\n"
		"	ret\n"
		"	int3\n"
		"	.size wrapper, .-wrapper\n"
		"	.type tail, @function\n"
		"tail:\n"
		"	{disp32} jne callee\n"		/* 0f 85 rel32 */
		"	je callee\n"			/* made short: 74 rel8 */
		"	jmp callee\n"			/* eb rel8, inside */
		"	ud2\n"
		"	jmp callee\n"			/* eb rel8, at its end */
		"	.size tail, .-tail\n"
		"	.type stray, @function\n"
		"stray:\n"
		"	.byte 0xa9, 0xeb\n"		/* test $imm32, %eax, */
		"	.byte callee - (. + 1), 0, 0\n"	/* eb rel8 at callee */
		"	ret\n"
		"	.size stray, .-stray\n"
		"	.type unknown, @function\n"
		"unknown:\n"
		"	.byte 0x06\n"			/* push %es: not in 64-bit code */
		"	call callee\n"			/* found byte by byte */
		"	ret\n"
		"	.size unknown, .-unknown\n"
		"	.section .text.unlikely,\"ax\"\n"
		"	.type far, @function\n"
		"far:\n"
		"	call callee\n"
		"	ret\n"
		"	.size far, .-far\n"
		/* static_cpu_has() at its first byte, as the kernel's is */
		"	.type alt, @function\n"
		"alt:\n"
		"4:	jmp 6f\n"
		"5:	ret\n"
		"	.size alt, .-alt\n"
		"	.section .altinstructions,\"a\"\n"	/* 12 bytes */
		"	.long 4b - .\n"
		"	.long 7f - .\n"
		"	.word 0\n"
		"	.byte 5, 5\n"
		"	.section .altinstr_replacement,\"ax\"\n"
		"7:	jmp 5b\n"				/* 5 */
		"	.section .altinstr_aux,\"ax\"\n"
		"6:	testb $1, alt_flags(%rip)\n"		/* 7 */
		"	jnz 5b\n"				/* 6 */
		"	jmp 5b\n";				/* 5 */
	char src[4200], obj[4200], cmd[9000];
	const struct func *callee, *wrapper, *far, *alt;
	struct object o;
	FILE *fp;

	snprintf(src, sizeof(src), "%s/code.s", tmpdir);
	snprintf(obj, sizeof(obj), "%s/code.o", tmpdir);
	fp = fopen(src, "w");
	if (fp) {
		fputs(code, fp);
		fclose(fp);
	}
	snprintf(cmd, sizeof(cmd), "as --64 -o %s %s", obj, src);
	if (!fp || system(cmd) || object_read(obj, &o)) {
		result(0, "GNU as makes an object of the code, which the reader reads");
		return;
	}
	callee = func_named(&o, "callee");
	wrapper = func_named(&o, "wrapper");
	far = func_named(&o, "far");
	alt = func_named(&o, "alt");
	result(callee && wrapper && far && alt,
	       "GNU as makes an object of the code, which the reader reads");
	if (!callee || !wrapper || !far || !alt) {
		object_free(&o);
		return;
	}
	result(callee->calls == 8,
	       "calls: two resolved by the assembler, one with a relocation from another section, conditional tail calls (jne rel32, je rel8), tail calls made short (jmp rel8) inside a function and at its end, one in code the decoder does not know; not the recursion, nor an eb byte inside another instruction (%u)",
	       callee->calls);
	result(wrapper->entry == 12 && wrapper->overhead == 12 + 3 + 2,
	       "entry: endbr64, the __fentry__ nop, two pushes; exit: their pops and ret; int3 (%u, %u)",
	       wrapper->entry, wrapper->overhead);
	result(callee->entry == 0 && callee->overhead == 5,
	       "a return through the return thunk is its exit, told by the return sites table (%u)",
	       callee->overhead);
	result(callee->meta == 2 * 10 + 4 + 4,
	       "tables: two ORC entries (with their .orc_unwind twins), a return site, a lock prefix (%u bytes)",
	       callee->meta);
	result(callee->frame_meta == 10 + 10 + 4,
	       "of which its frame's: the ORC entry of its entry and the one of its exit, its return site (%u)",
	       callee->frame_meta);
	result(wrapper->gap == 0 && far->gap == 0 && wrapper->meta == 0,
	       "no padding before a function that follows one 16 bytes long; no table entry at a function's first byte unless ORC (%u, %u)",
	       wrapper->gap, wrapper->meta);
	result(alt->meta == 12 + 5 + 7 + 6 + 5 && alt->frame_meta == 0 &&
	       alt->calls == 0 && alt->addr_refs == 0,
	       "an alternative at its first byte: its entry, its replacement and its static_cpu_has() test, not its frame's, no reference (%u, %u)",
	       alt->meta, alt->frame_meta);
	object_free(&o);
}

/* sh -c cmd, its status */
static int run(const char *fmt, ...)
{
	char cmd[9000];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(cmd, sizeof(cmd), fmt, ap);
	va_end(ap);
	return system(cmd);
}

/*
 * x86_decode(): each instruction, as GNU as assembles it, is a function
 * of its own, whose size is its length; the decoder must find that
 * length, and the displacement of a branch. The forms the compilers emit
 * for the kernel: prefixes, REX, ModRM with SIB and displacements, every
 * kind of immediate, the 0f, 0f 38 and 0f 3a maps, VEX and EVEX.
 */
static void test_decode(void)
{
	static const char *const insns[] = {
		"mov %gs:0x28, %rax", "movq $0, -0x50(%rbp)",
		"movabs $0x1122334455667788, %rax", "mov $0x12345678, %eax",
		"movw $0x1234, (%rdi)", "movl $1, %fs:0x10",
		"testb $1, 0x10(%rdi,%rsi,8)", "test $0x100, %eax",
		"testw $0x100, 8(%rdi)", "testl $0x100, 0x100(%rdi)",
		"notl (%rdi)", "lock cmpxchg %rcx, (%rdi)", "rep movsb",
		"nopw 0x0(%rax,%rax,1)", "nopw %cs:0x0(%rax,%rax,1)",
		"shld $3, %rax, %rdx", "bt $5, %rax", "enter $16, $0",
		"ret $8", "movabs 0x1122334455667788, %al",
		"pshufd $0x1b, %xmm1, %xmm0", "vpxor %ymm1, %ymm2, %ymm3",
		"vpshufb (%rax), %ymm1, %ymm2",
		"vpalignr $4, %ymm1, %ymm2, %ymm3", "vzeroupper",
		"vpaddd 0x40(%rax), %zmm2, %zmm3",
		"vpternlogd $0x96, %zmm1, %zmm2, %zmm3",
		"crc32q %rax, %rbx", "pextrd $1, %xmm0, %eax",
		"lea 0x8(%rip), %rax", "jmp *%rax", "call *0x8(%rax)",
		"xchg %ax, %ax", "int3", "ud2", "rdmsr", "cpuid", "swapgs",
		"cmpb $0x5, (%rdi)", "imul $0x1234, %eax, %ecx",
		"imul $3, %eax, %ecx", "push $0x12345678", "push $1",
		"mov 0x12345678(,%rax,8), %rcx", "mov (%r13), %rax",
		"mov (%r12), %rax", "fldl (%rdi)", "clflush (%rdi)",
		"popcnt %rax, %rbx", "cmpxchg16b (%rdi)", "rdtscp",
		"sub $0x58, %esp", "add $0x12345678, %rax", "sarq $3, %rdx",
		"movzbl (%rdi), %eax", "cmovne %rcx, %rax", "sete %al",
		"bswap %eax", "xbegin .", "{disp32} jmp .", "{disp32} jne .",
		"call .", "jmp .", "jns .",
	};
	const unsigned int n = sizeof(insns) / sizeof(insns[0]);
	static const unsigned char bad[] = { 0x06, 0x90 };
	char src[4200], obj[4200], bin[4200], name[16];
	unsigned char code[4096];
	unsigned int i, right = 0, branches = 0, stray = 0;
	struct x86_insn in;
	struct object o;
	size_t size = 0;
	FILE *fp;

	snprintf(src, sizeof(src), "%s/decode.s", tmpdir);
	snprintf(obj, sizeof(obj), "%s/decode.o", tmpdir);
	snprintf(bin, sizeof(bin), "%s/decode.bin", tmpdir);
	fp = fopen(src, "w");
	if (fp) {
		for (i = 0; i < n; i++)
			fprintf(fp, "\t.type i%u, @function\ni%u:\t%s\n\t.size i%u, .-i%u\n",
				i, i, insns[i], i, i);
		fclose(fp);
	}
	if (!fp || run("as --64 -o %s %s && objcopy -O binary --only-section=.text %s %s",
		       obj, src, obj, bin) || object_read(obj, &o)) {
		result(0, "GNU as makes an object of %u instructions", n);
		return;
	}
	fp = fopen(bin, "rb");
	if (fp) {
		size = fread(code, 1, sizeof(code), fp);
		fclose(fp);
	}
	for (i = 0; i < n; i++) {
		const struct func *f;

		snprintf(name, sizeof(name), "i%u", i);
		f = func_named(&o, name);
		if (!f || f->value + f->size > size ||
		    x86_decode(code + f->value, f->size, &in) ||
		    in.len != f->size) {
			printf("  not decoded: %s\n", insns[i]);
			continue;
		}
		right++;
		/* the last five are branches, each to its own start */
		if (i + 5 < n)
			stray += in.disp != 0;
		else if (in.disp && in.disp + in.disp_size == in.len &&
			 in.rel == -(long)in.len)
			branches++;
	}
	object_free(&o);
	result(right == n, "x86_decode(): the length of each of %u instructions (%u right)",
	       n, right);
	result(branches == 5 && !stray,
	       "x86_decode(): the displacement of call, jmp and jcc, rel32 and rel8; none elsewhere (%u, %u)",
	       branches, stray);
	result(x86_decode(bad, sizeof(bad), &in) == -1 &&
	       x86_decode(code, 0, &in) == -1,
	       "x86_decode(): an opcode 64-bit mode does not have, and no bytes, are no instruction");
}

/*
 * The fix of a function clang left out of line for size, whose one call
 * the estimate says forcing saves: __always_inline when the call is in
 * the function that clang reports it in, inline_hint when clang reports
 * it twice at one place, in the function written there (holder) and in
 * outer, which holder was pasted into: forced, it would grow holder,
 * which clang may then keep as a copy.
 */
static void test_fix_in_pasted(void)
{
	static const char source[] =
		"static inline void held(unsigned long x) { }\n"
		"static inline void holder(unsigned long x) { held(x); }\n"
		"void outer(unsigned long x) { holder(x); }\n";
	static const char code[] =
		"	.text\n"
		"	.type held, @function\n"
		"held:\n"
		"	.fill 200, 1, 0x90\n"
		"	ret\n"
		"	.size held, .-held\n"
		"	.globl outer\n"
		"	.type outer, @function\n"
		"outer:\n"
		"	call held\n"
		"	ret\n"
		"	.size outer, .-outer\n";
	static const char remark[] =
		"%s/held.c:2:46: remark: 'held' not inlined into '%s' because too costly to inline (cost=510, threshold=325) [-Rpass-missed=inline]\n";
	char src[4200], obj[4200], text[2][9000], *files[1];
	const char *fix[2] = { NULL, NULL };
	unsigned int k, n;
	struct check_stats st;
	struct srcset *ss;
	struct object o;

	files[0] = strdup(write_file("held.c", source));
	snprintf(src, sizeof(src), "%s/held.s", tmpdir);
	snprintf(obj, sizeof(obj), "%s/held.o", tmpdir);
	write_file("held.s", code);
	if (run("as --64 -o %s %s", obj, src) || object_read(obj, &o)) {
		result(0, "GNU as makes the object of held() and outer()");
		free(files[0]);
		return;
	}
	/* clang's remarks: in outer only; in holder, then in outer */
	snprintf(text[0], sizeof(text[0]), remark, tmpdir, "outer");
	snprintf(text[1], sizeof(text[1]), remark, tmpdir, "holder");
	snprintf(text[1] + strlen(text[1]), sizeof(text[1]) - strlen(text[1]),
		 remark, tmpdir, "outer");
	for (k = 0; k < 2; k++) {
		struct finding *out = NULL;
		struct report r;

		memset(&st, 0, sizeof(st));
		report_parse(text[k], strlen(text[k]), &r);
		ss = srcset_open_files(files, 1, tmpdir);
		n = 0;
		check_object(&o, &r, ss, NULL, &out, &n, &st);
		if (n == 1 && out[0].calls == 1 && out[0].places == 1 &&
		    out[0].forced < 0)
			fix[k] = out[0].fix.text;
		findings_free(out, n);
		srcset_free(ss);
		report_free(&r);
	}
	object_free(&o);
	free(files[0]);
	result(fix[0] == fix_always_inline,
	       "fix: held(), too costly, one call, forcing it saves: __always_inline (%s)",
	       fix[0] ? fix[0] : "no such finding");
	result(fix[1] == fix_inline_hint,
	       "fix: the same, its call in holder(), which clang pasted into outer(): inline_hint (%s)",
	       fix[1] ? fix[1] : "no such finding");
}

/*
 * external-inline, where a macro writes the storage class
 * (lib/decompress_unlzo.c: "STATIC inline long INIT parse_header(...)",
 * STATIC static in the boot decompressor that includes the file, empty
 * in the kernel): no 'static' is proposed, which would be there twice
 * where the macro is static. Written plainly, the function gets it.
 */
static void test_static_macro(void)
{
	static const char source[] =
		"#ifdef STATIC\n"
		"#define PREBOOT\n"
		"#else\n"
		"#define STATIC\n"
		"#endif\n"
		"STATIC inline long by_macro(long a) { return a + 1; }\n"
		"inline long plain(long a) { return a + 2; }\n"
		"long user(long a) { return by_macro(a) + plain(a); }\n";
	static const char code[] =
		"	.text\n"
		"	.globl by_macro, plain, user\n"
		"	.type by_macro, @function\n"
		"by_macro:\n"
		"	leaq 1(%rdi), %rax\n"
		"	ret\n"
		"	.size by_macro, .-by_macro\n"
		"	.type plain, @function\n"
		"plain:\n"
		"	leaq 2(%rdi), %rax\n"
		"	ret\n"
		"	.size plain, .-plain\n"
		"	.type user, @function\n"
		"user:\n"
		"	call by_macro\n"
		"	call plain\n"
		"	ret\n"
		"	.size user, .-user\n";
	char src[4200], obj[4200], *paths[MAX_CASE_FILES];
	const struct finding *by_macro = NULL, *plain = NULL;
	struct finding *out = NULL;
	struct check_stats st = { 0 };
	struct srcset *ss;
	struct object o;
	unsigned int i, n = 0;

	snprintf(src, sizeof(src), "%s/unlzo.s", tmpdir);
	snprintf(obj, sizeof(obj), "%s/unlzo.o", tmpdir);
	write_file("unlzo.s", code);
	if (run("as --64 -o %s %s", obj, src) || object_read(obj, &o)) {
		result(0, "GNU as makes the object of by_macro(), plain() and user()");
		return;
	}
	ss = open_case(paths, 1, "unlzo.c", source);
	check_object(&o, NULL, ss, NULL, &out, &n, &st);
	for (i = 0; i < n; i++)
		if (!strcmp(out[i].name, "by_macro"))
			by_macro = &out[i];
		else if (!strcmp(out[i].name, "plain"))
			plain = &out[i];
	result(by_macro && by_macro->cls == EXTERNAL_INLINE &&
	       !by_macro->fix.line && plain && plain->cls == EXTERNAL_INLINE &&
	       plain->fix.text == fix_static && plain->fix.line == 7,
	       "fix: 'STATIC inline', STATIC empty here, is external-inline with no fix; plain 'inline' gets 'static ' (%s)",
	       by_macro && by_macro->fix.line ? by_macro->fix.text : "-");
	findings_free(out, n);
	close_case(ss, paths, 1);
	object_free(&o);
}

/* The end of the object's last function: its .text, when it has one. */
static unsigned long text_end(const struct object *o)
{
	unsigned long end = 0;
	unsigned int i;

	for (i = 0; i < o->nr; i++)
		if (o->funcs[i].value + o->funcs[i].size > end)
			end = o->funcs[i].value + o->funcs[i].size;
	return end;
}

/*
 * The estimate of forcing held() into outer(), against the text of the
 * same code with held()'s body in outer() instead of its call, both made
 * by GNU as: with the functions 16-byte aligned (.p2align 4, as GCC and
 * clang align them), outer()'s growth fills the padding it had, and the
 * copy gives back its 16 bytes (0); unaligned, each byte counts (-6).
 */
static void test_estimate_aligned(void)
{
	static const char source[] =
		"static inline void held(void) { }\n"
		"void outer(void) { held(); }\n";
	static const char code[] =
		"	.text\n"
		"%1$s	.globl outer\n"
		"	.type outer, @function\n"
		"outer:\n"
		"	.fill 10, 1, 0x90\n"
		"%2$s"
		"	ret\n"
		"	.size outer, .-outer\n"
		"%3$s"
		"%1$s	.type tail, @function\n"
		"tail:\n"
		"	ret\n"
		"	.size tail, .-tail\n";
	static const char held[] =
		"%s	.type held, @function\n"
		"held:\n"
		"	.fill 15, 1, 0x90\n"
		"	ret\n"
		"	.size held, .-held\n";
	static const char remark[] =
		"%s/aligned.c:2:20: remark: 'held' not inlined into 'outer' because too costly to inline (cost=510, threshold=325) [-Rpass-missed=inline]\n";
	char src[4200], obj[4200], text[9000], asm_text[4096], held_text[512], *files[1];
	unsigned int k;

	files[0] = strdup(write_file("aligned.c", source));
	snprintf(src, sizeof(src), "%s/aligned.s", tmpdir);
	snprintf(obj, sizeof(obj), "%s/aligned.o", tmpdir);
	snprintf(text, sizeof(text), remark, tmpdir);
	for (k = 0; k < 2; k++) {
		const char *align = k ? "" : "	.p2align 4\n";
		struct finding *out = NULL;
		unsigned long before = 0, after = 0;
		long est = 0;
		struct check_stats st;
		struct srcset *ss;
		struct object o;
		struct report r;
		unsigned int n = 0;
		int ok;

		snprintf(held_text, sizeof(held_text), held, align);
		snprintf(asm_text, sizeof(asm_text), code, align,
			 "	call held\n", held_text);
		write_file("aligned.s", asm_text);
		ok = !run("as --64 -o %s %s", obj, src) && !object_read(obj, &o);
		if (ok) {
			before = text_end(&o);
			memset(&st, 0, sizeof(st));
			report_parse(text, strlen(text), &r);
			ss = srcset_open_files(files, 1, tmpdir);
			check_object(&o, &r, ss, NULL, &out, &n, &st);
			ok = n == 1 && out[0].calls == 1;
			est = ok ? out[0].forced : 0;
			findings_free(out, n);
			srcset_free(ss);
			report_free(&r);
			object_free(&o);
		}
		/* forced: held()'s body (without its ret) for the call */
		snprintf(asm_text, sizeof(asm_text), code, align,
			 "	.fill 15, 1, 0x90\n", "");
		write_file("aligned.s", asm_text);
		if (ok && !run("as --64 -o %s %s", obj, src) &&
		    !object_read(obj, &o)) {
			after = text_end(&o);
			object_free(&o);
		} else {
			ok = 0;
		}
		result(ok && est == (long)(after - before),
		       "estimate: held() forced into outer(), functions %s: %+ld, as measured (%+ld)",
		       k ? "unaligned" : "16-byte aligned", est,
		       (long)(after - before));
	}
	free(files[0]);
}

/*
 * Under ccache the findings travel in the object (elfread.h): a section
 * written into GNU as's object, read back, replaced, kept by ld -r end
 * to end with another's, and told apart by findings_whose().
 */
static void test_notes(void)
{
	static const char mine[] = FINDINGS_MAGIC FINDINGS_FORMAT "\tunknown\t%s\t1\t0\t0\n";
	char obj[4200], obj2[4200], both[4200], a[9000], b[9000], *got = NULL;
	struct object o;
	size_t size = 0;
	int ok;

	snprintf(obj, sizeof(obj), "%s/note.o", tmpdir);
	snprintf(obj2, sizeof(obj2), "%s/note2.o", tmpdir);
	snprintf(both, sizeof(both), "%s/both.o", tmpdir);
	if (run("printf '\\t.text\\nf:\\tcall f\\n\\tret\\n\\t.type f, @function\\n\\t.size f, .-f\\n' | as --64 -o %s && cp %s %s && objdump -d %s >%s/before.dis",
		obj, obj, obj2, obj, tmpdir)) {
		result(0, "GNU as makes an object for the notes");
		return;
	}
	snprintf(a, sizeof(a), mine, obj);
	ok = !object_put_note(obj, FINDINGS_SECTION, a, strlen(a)) &&
	     !object_get_note(obj, FINDINGS_SECTION, &got, &size) &&
	     size == strlen(a) && !strcmp(got, a);
	result(ok, "a note written into an object is read back, byte for byte");
	free(got);
	got = NULL;
	result(!run("readelf -SW %s | grep -qE ' \\.discard\\.inline_findings +PROGBITS .* E '", obj),
	       "readelf: the note is a PROGBITS section flagged SHF_EXCLUDE");
	result(!run("objdump -d %s | cmp -s - %s/before.dis", obj, tmpdir) &&
	       !object_read(obj, &o) && o.nr == 1 && o.funcs[0].calls == 0,
	       "the object's code and symbols are as GNU as wrote them");
	if (o.nr)
		object_free(&o);
	ok = !object_put_note(obj, FINDINGS_SECTION, "x\n", 2) &&
	     !object_get_note(obj, FINDINGS_SECTION, &got, &size) &&
	     size == 2 && !strcmp(got, "x\n") &&
	     !run("[ $(readelf -SW %s | grep -c inline_findings) = 1 ]", obj);
	result(ok, "a second note replaces the first: one section");
	free(got);
	got = NULL;
	result(object_get_note(obj2, FINDINGS_SECTION, &got, &size) == -1,
	       "an object without the section has no note");
	object_put_note(obj, FINDINGS_SECTION, a, strlen(a));
	result(findings_whose(a, obj) == FINDINGS_READ,
	       "findings_whose: this checker's findings of the object");
	snprintf(b, sizeof(b), FINDINGS_MAGIC FINDINGS_FORMAT "\t0123456789abcdef\t%s\t1\t0\t0\n", obj);
	result(findings_whose(b, obj) == FINDINGS_FOREIGN,
	       "findings_whose: another checker's");
	result(findings_whose(a, obj2) == FINDINGS_BAD &&
	       findings_whose("# inline-check findings v3\tunknown\t", obj) == FINDINGS_BAD &&
	       findings_whose("", obj) == FINDINGS_BAD,
	       "findings_whose: another object's, another format's, nothing");
	snprintf(b, sizeof(b), mine, obj2);
	object_put_note(obj2, FINDINGS_SECTION, b, strlen(b));
	ok = !run("ld -m elf_x86_64 -r -o %s %s %s", both, obj, obj2) &&
	     !object_get_note(both, FINDINGS_SECTION, &got, &size) &&
	     size == strlen(a) + strlen(b) && !strncmp(got, a, strlen(a)) &&
	     findings_whose(got, both) == FINDINGS_BAD;
	result(ok, "ld -r puts the notes end to end, which are not the findings of what it made");
	free(got);
	got = NULL;
	result(!run("ld -m elf_x86_64 -e f -o %s/linked %s 2>/dev/null && ! readelf -SW %s/linked | grep -q inline_findings",
		    tmpdir, obj, tmpdir),
	       "a final link leaves the note out");
}

/*
 * A findings file's bytes, as an object's section holds them, read as the
 * file is: the same findings; cut short, none.
 */
static void test_findings_parse(void)
{
	struct finding f = {
		.cls = INLINE_NOT_INLINED, .name = "wi_big",
		.file = "kernel/a.c", .line = 13, .col = 20, .annot = A_INLINE,
		.bytes = 2103, .copies = 1,
		.reason = "--param max-inline-insns-single limit reached",
		.nsites = 1, .sites = { "kernel/a.c:82" }, .calls = 3,
	};
	struct check_stats st = { .functions = 5 };
	struct object_finding *e = NULL;
	struct strtab strs = { 0 };
	unsigned int n = 0;
	char path[4200], why[128], *buf = NULL;
	size_t size = 0;
	ssize_t len;
	int ok;

	snprintf(path, sizeof(path), "%s/parse.inline-findings", tmpdir);
	len = findings_write(path, "kernel/a.o", &f, 1, &st) ? -1 :
	      read_file(path, &buf, &size);
	ok = len > 0 &&
	     findings_parse(buf, len, "kernel/a.o", &strs, &e, &n, why,
			    sizeof(why)) == FINDINGS_READ &&
	     n == 1 && !strcmp(e[0].f.name, "wi_big") && e[0].printed &&
	     e[0].f.reason && !strcmp(e[0].f.reason, f.reason) &&
	     e[0].f.nsites == 1 && !strcmp(e[0].f.sites[0], "kernel/a.c:82");
	result(ok, "findings_parse: a findings file's bytes give its finding, reason and call site");
	if (n)
		object_finding_free(&e[0]);
	n = 0;
	ok = len > 2 &&
	     findings_parse(buf, len - 2, "kernel/a.o", &strs, &e, &n, why,
			    sizeof(why)) == FINDINGS_BAD &&
	     !n && !strcmp(why, "truncated at line 2") &&
	     findings_parse(buf, 0, "kernel/a.o", &strs, &e, &n, why,
			    sizeof(why)) == FINDINGS_BAD && !n;
	result(ok, "findings_parse: bytes cut short, or none, give no finding");
	free(e);
	free(buf);
	strtab_free(&strs);
}

/* config_value(): what the check takes from autoconf.h */
static void test_config_value(void)
{
	char path[4200], *ver, *clang, *gcc, *none;
	FILE *fp;

	snprintf(path, sizeof(path), "%s/autoconf.h", tmpdir);
	fp = fopen(path, "w");
	if (!fp) {
		result(0, "config_value: an autoconf.h is written");
		return;
	}
	fputs("#define CONFIG_CC_VERSION_TEXT \"Debian clang version 14.0.6\"\n"
	      "#define CONFIG_CC_IS_CLANG_X 7\n"
	      "#define CONFIG_CC_IS_CLANG 1\n", fp);
	fclose(fp);
	ver = config_value(path, "CONFIG_CC_VERSION_TEXT");
	clang = config_value(path, "CONFIG_CC_IS_CLANG");
	gcc = config_value(path, "CONFIG_CC_IS_GCC");
	none = config_value("/nonexistent/autoconf.h", "CONFIG_CC_IS_CLANG");
	result(ver && !strcmp(ver, "Debian clang version 14.0.6") &&
	       clang && !strcmp(clang, "1") && !gcc && !none,
	       "config_value: a string unquoted, y as 1, a longer name not taken, none from a missing file");
	free(ver);
	free(clang);
}

int main(int argc, char **argv)
{
	if (argc != 3) {
		fprintf(stderr, "usage: unit-test KERNEL_TREE REPORT_FIXTURE\n");
		return 2;
	}
	if (!mkdtemp(tmpdir)) {
		perror("mkdtemp");
		return 2;
	}
	test_lexer();
	test_source();
	test_deps();
	test_index();
	test_real_tree(argv[1]);
	test_report(argv[2]);
	test_paths();
	test_fixes_patch();
	test_object_code();
	test_decode();
	test_fix_in_pasted();
	test_static_macro();
	test_estimate_aligned();
	test_notes();
	test_findings_parse();
	test_config_value();
	{
		char cmd[4200];

		snprintf(cmd, sizeof(cmd), "rm -rf %s", tmpdir);
		if (system(cmd))
			fprintf(stderr, "could not remove %s\n", tmpdir);
	}
	printf("%d passed, %d failed\n", passed, failed);
	return failed != 0;
}
