/* SPDX-License-Identifier: GPL-2.0 */
#ifndef __LINUX_COMPILER_INLINE_H
#define __LINUX_COMPILER_INLINE_H

/*
 * What 'inline' means, and the two annotations that do not depend on it.
 * Included from <linux/compiler_types.h>; see
 * Documentation/dev-tools/inline.rst and CONFIG_OPTIMIZE_INLINING.
 *
 * Every variant keeps what 'inline' has always carried in the kernel:
 * __gnu_inline, so that 'extern inline' has gnu89 semantics and never
 * emits an external definition; __inline_maybe_unused, so that an unused
 * static inline function does not warn; and notrace, because an inline
 * function with an out-of-line copy must not become an ftrace site.
 *
 * inline_hint spells the bare keyword __inline: 'inline' and '__inline__'
 * are macros, '__inline' never is.
 */

#ifdef CONFIG_OPTIMIZE_INLINING
#define __inline_order
#else
#define __inline_order	__attribute__((__always_inline__))
#endif

/**
 * inline - ask for a function to be inlined
 *
 * With CONFIG_OPTIMIZE_INLINING=y a hint: the compiler weighs every call
 * and may keep an out-of-line copy (make W=inline shows where it did).
 * With CONFIG_OPTIMIZE_INLINING=n an order, as __always_inline: a call
 * that cannot be inlined is a build error.
 */
#define inline		inline __inline_order __gnu_inline \
			__inline_maybe_unused notrace

/*
 * gcc also accepts __inline__; some code uses it, and it must mean what
 * 'inline' means.
 */
#define __inline__	inline

/**
 * inline_hint - ask for inlining, but never force it
 *
 * A hint whatever CONFIG_OPTIMIZE_INLINING says. For the functions that
 * cannot or should not be forced: recursive or variadic functions, or a
 * large body that most callers are better off calling. make W=inline does
 * not warn when the compiler keeps one of these out of line.
 */
#define inline_hint	__inline __gnu_inline __inline_maybe_unused notrace

/**
 * __asm_inline - always inline a wrapper around an asm statement
 *
 * Forced in both modes, as __always_inline. For the small functions whose
 * body is an asm statement (plus argument setup) and which must stay one
 * instruction sequence at each call site: an out-of-line copy turns a
 * single instruction into a call, and can split code that must not be
 * split (alternatives, exception-table entries, noinstr sections).
 *
 * It marks a function, unlike asm_inline, which marks an asm statement:
 * asm_inline ('asm inline', gcc 9+) tells the compiler to count the
 * statement as the smallest possible when it weighs inlining the function
 * around it, so it helps the compiler decide; __asm_inline takes the
 * decision away. make W=inline warns when __asm_inline is put on a
 * function without an asm statement, and suggests it for a plain 'inline'
 * asm wrapper that the compiler kept out of line.
 */
#define __asm_inline	__always_inline

#endif /* __LINUX_COMPILER_INLINE_H */
