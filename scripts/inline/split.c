// SPDX-License-Identifier: GPL-2.0
/*
 * A compile's stderr parted into the compiler's inline report and
 * everything else (split.h).
 *
 * Clang follows a remark with the source line and a caret, and with a note
 * when the call has no location of its own: they go with the remark. It
 * prints the "In file included from" lines only when they change: those a
 * remark took are printed again before the next diagnostic in the same
 * file. Colours are taken off the report, not off the other lines.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <unistd.h>

#include "split.h"
#include "warn.h"

struct line {
	const char *s;
	size_t n;
};

/* Lines kept for stderr, and clang's "In file included from" lines. */
struct lines {
	struct line *v;
	size_t nr, size;
	int failed;		/* out of memory: lines were lost */
};

static const char *prog;
static const char *report_path;
static int report_fd = -1;
static int report_failed;
static char report_buf[65536];
static size_t report_len;

static void report_error(void)
{
	fprintf(stderr, "%s: warning: %s: cannot write: %s\n",
		report_path, prog, strerror(errno));
	if (report_fd >= 0)
		close(report_fd);
	report_fd = -1;
	report_failed = 1;
	unlink(report_path);
}

static int write_all(int fd, const char *p, size_t n)
{
	while (n) {
		ssize_t w = write(fd, p, n);

		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0) {
			if (!w)
				errno = ENOSPC;
			return -1;
		}
		p += w;
		n -= w;
	}
	return 0;
}

static void report_flush(void)
{
	if (!report_failed && report_len &&
	    write_all(report_fd, report_buf, report_len))
		report_error();
	report_len = 0;
}

/* One line of the report, and its newline. */
static void report_line(const char *s, size_t n)
{
	if (report_failed)
		return;
	if (report_len + n + 1 > sizeof(report_buf)) {
		report_flush();
		if (n + 1 > sizeof(report_buf)) {
			if (!report_failed && (write_all(report_fd, s, n) ||
					       write_all(report_fd, "\n", 1)))
				report_error();
			return;
		}
	}
	memcpy(report_buf + report_len, s, n);
	report_buf[report_len + n] = '\n';
	report_len += n + 1;
}

static void keep(struct lines *l, struct line x)
{
	if (l->nr == l->size) {
		size_t size = l->size ? 2 * l->size : 256;
		struct line *v = realloc(l->v, size * sizeof(*v));

		if (!v) {
			l->failed = 1;
			return;
		}
		l->v = v;
		l->size = size;
	}
	l->v[l->nr++] = x;
}

/* to = from, from emptied: the two arrays change places */
static void move_lines(struct lines *to, struct lines *from)
{
	struct lines t = *to;

	*to = *from;
	*from = t;
	from->nr = 0;
}

static void keep_all(struct lines *to, const struct lines *from)
{
	size_t i;

	for (i = 0; i < from->nr; i++)
		keep(to, from->v[i]);
}

static int starts_with(struct line l, const char *prefix)
{
	size_t n = strlen(prefix);

	return l.n >= n && !memcmp(l.s, prefix, n);
}

static int ends_with(struct line l, const char *suffix)
{
	size_t n = strlen(suffix);

	return l.n >= n && !memcmp(l.s + l.n - n, suffix, n);
}

/*
 * The length of "FILE:LINE:COLUMN: " at the start of l (FILE without blank
 * or colon, or one of clang's own buffers: "<scratch space>", where it
 * pastes tokens, names a macro's pasted name), or 0.
 */
static size_t location(struct line l)
{
	size_t i = 0;
	int field;

	if (l.n && l.s[0] == '<') {
		const char *gt = memchr(l.s, '>', l.n);

		i = gt ? (size_t)(gt - l.s) + 1 : 0;
	} else {
		while (i < l.n && l.s[i] != ' ' && l.s[i] != ':')
			i++;
	}
	if (!i)
		return 0;
	for (field = 0; field < 2; field++) {
		size_t d;

		if (i >= l.n || l.s[i] != ':')
			return 0;
		for (d = ++i; i < l.n && l.s[i] >= '0' && l.s[i] <= '9'; i++)
			;
		if (i == d)
			return 0;
	}
	if (i + 1 >= l.n || l.s[i] != ':' || l.s[i + 1] != ' ')
		return 0;
	return i + 2;
}

/*
 * "[LOCATION: ]KIND: " at the start of l. A line that starts with KIND
 * has no location (its word is followed by ": ", not by digits).
 */
static int is_kind(struct line l, const char *kind, int located)
{
	size_t at = location(l);
	struct line rest = { l.s + at, l.n - at };

	return (at || !located) && starts_with(rest, kind);
}

/* A diagnostic: "FILE:LINE:COLUMN: words: " */
static int is_diagnostic(struct line l)
{
	size_t at = location(l), i = at;

	if (!at)
		return 0;
	while (i < l.n && ((l.s[i] >= 'a' && l.s[i] <= 'z') || l.s[i] == ' '))
		i++;
	return i > at && i + 1 < l.n && l.s[i] == ':' && l.s[i + 1] == ' ';
}

/* A caret line: blanks, then a caret or tilde, then those or blanks */
static int is_caret(struct line l)
{
	size_t i = 0;

	while (i < l.n && (l.s[i] == ' ' || l.s[i] == '\t'))
		i++;
	if (i == l.n || (l.s[i] != '^' && l.s[i] != '~'))
		return 0;
	for (; i < l.n; i++)
		if (!strchr("^~ \t", l.s[i]) || !l.s[i])
			return 0;
	return 1;
}

static int is_include(struct line l)
{
	return starts_with(l, "In file included from ");
}

/* l without the colours (ESC [ digits and semicolons m), in buf */
static struct line uncolored(struct line l, char *buf)
{
	struct line s = { buf, 0 };
	size_t i = 0;

	if (!memchr(l.s, '\033', l.n))
		return l;
	while (i < l.n) {
		if (l.s[i] == '\033' && i + 1 < l.n && l.s[i + 1] == '[') {
			size_t j = i + 2;

			while (j < l.n && ((l.s[j] >= '0' && l.s[j] <= '9') ||
					   l.s[j] == ';'))
				j++;
			if (j < l.n && l.s[j] == 'm') {
				i = j + 1;
				continue;
			}
		}
		buf[s.n++] = l.s[i++];
	}
	return s;
}

/* The file a line names: up to its first colon */
static struct line file_of(struct line s)
{
	const char *c = memchr(s.s, ':', s.n);

	return (struct line){ s.s, c ? (size_t)(c - s.s) : s.n };
}

static int same(struct line a, struct line b)
{
	return a.n == b.n && !memcmp(a.s, b.s, a.n);
}

/* f, kept in buf: the line it is in may be rewritten */
static struct line remember(struct line f, char *buf)
{
	memmove(buf, f.s, f.n);
	return (struct line){ buf, f.n };
}

static int split_gcc(const char *text, size_t size, struct lines *out)
{
	const char *p = text, *end = text + size;

	while (p < end) {
		const char *nl = memchr(p, '\n', end - p);
		struct line l = { p, (nl ? nl : end) - p };

		p = nl ? nl + 1 : end;
		if (is_kind(l, "missed: ", 0))
			report_line(l.s, l.n);
		else
			keep(out, l);
	}
	return out->failed ? -1 : 0;
}

/*
 * Clang: a remark, its source line and caret, and the notes that follow
 * it are the report. "In file included from" lines are held until it is
 * known whether a remark or a diagnostic takes them: a remark's stack is
 * printed again before the next diagnostic, unless one was printed since.
 */
static int split_clang(const char *text, size_t size, struct lines *out)
{
	const char *p = text, *end = text + size;
	struct lines inc = { 0 }, stk = { 0 };
	struct line held = { 0 }, last = { "", 0 }, f;
	int snip = 0, rem = 0, shown = 0, ret = -1;
	char *buf = malloc(size + 1), *lastbuf = malloc(size + 1);

	if (!buf || !lastbuf)
		goto out;
	while (p < end) {
		const char *nl = memchr(p, '\n', end - p);
		struct line l = { p, (nl ? nl : end) - p }, s;

		p = nl ? nl + 1 : end;
		s = uncolored(l, buf);
		if (snip == 2) {
			snip = 0;
			if (is_caret(s))
				continue;
			keep(out, held);
		}
		if (snip == 1 && !is_include(s) && !is_diagnostic(s)) {
			held = l;
			snip = 2;
			continue;
		}
		snip = 0;
		f = file_of(s);
		if (is_include(s)) {
			keep(&inc, l);
			continue;
		}
		if (is_kind(s, "remark: ", 0) &&
		    ends_with(s, "[-Rpass-missed=inline]")) {
			if (inc.nr) {
				shown = 0;
				move_lines(&stk, &inc);
			} else if (!same(f, last)) {
				stk.nr = 0;
			}
			last = remember(f, lastbuf);
			report_line(s.s, s.n);
			snip = 1;
			rem = 1;
			continue;
		}
		if (rem && is_kind(s, "note: ", 1)) {
			report_line(s.s, s.n);
			snip = 1;
			continue;
		}
		rem = 0;
		if (is_diagnostic(s)) {
			int own = inc.nr != 0;

			if (own)
				move_lines(&stk, &inc);
			else if (!same(f, last))
				stk.nr = 0;
			if (own || (stk.nr && !shown)) {
				keep_all(out, &stk);
				shown = 1;
			}
			last = remember(f, lastbuf);
			keep(out, l);
			continue;
		}
		keep_all(out, &inc);
		inc.nr = 0;
		keep(out, l);
	}
	if (snip == 2)
		keep(out, held);
	keep_all(out, &inc);
	ret = out->failed || inc.failed || stk.failed ? -1 : 0;
out:
	free(inc.v);
	free(stk.v);
	free(buf);
	free(lastbuf);
	return ret;
}

/* The other lines, in order, each with its newline. */
static void print_lines(const struct lines *out)
{
	struct iovec iov[64];
	size_t i;
	int n;

	for (i = 0, n = 0; i <= out->nr; i++) {
		if (i == out->nr || n == ARRAY_SIZE(iov)) {
			struct iovec *v = iov;

			while (n) {
				ssize_t w = writev(2, v, n);

				if (w < 0 && errno == EINTR)
					continue;
				if (w <= 0)
					break;
				while (n && (size_t)w >= v->iov_len) {
					w -= v->iov_len;
					v++;
					n--;
				}
				if (n) {
					v->iov_base = (char *)v->iov_base + w;
					v->iov_len -= w;
				}
			}
			n = 0;
			if (i == out->nr)
				break;
		}
		iov[n].iov_base = (void *)out->v[i].s;
		iov[n++].iov_len = out->v[i].n;
		iov[n].iov_base = "\n";
		iov[n++].iov_len = 1;
	}
}

int split_file(const char *stderr_path, const char *report, int clang,
	       const char *name)
{
	struct lines out = { 0 };
	struct stat st;
	char *text;
	size_t size, got = 0;
	int fd;

	prog = name;
	report_path = report;
	report_fd = -1;
	report_failed = 0;
	report_len = 0;
	fd = open(stderr_path, O_RDONLY);
	if (fd < 0 || fstat(fd, &st)) {
		fprintf(stderr, "%s: %s: %s\n", prog, stderr_path,
			strerror(errno));
		if (fd >= 0)
			close(fd);
		return -1;
	}
	size = st.st_size;
	text = malloc(size + 1);
	if (!text) {
		close(fd);
		return -1;
	}
	while (got < size) {
		ssize_t r = read(fd, text + got, size - got);

		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			break;
		got += r;
	}
	close(fd);
	if (got != size) {
		fprintf(stderr, "%s: %s: cannot read it whole\n", prog,
			stderr_path);
		free(text);
		return -1;
	}
	report_fd = open(report_path, O_WRONLY | O_CREAT | O_TRUNC, 0666);
	if (report_fd < 0)
		report_error();
	if (clang ? split_clang(text, size, &out) : split_gcc(text, size, &out)) {
		/* out of memory: all of it goes to stderr, where Kbuild puts it */
		if (report_fd >= 0) {
			close(report_fd);
			unlink(report_path);
		}
		free(out.v);
		free(text);
		return -1;
	}
	unlink(stderr_path);
	report_flush();
	if (report_fd >= 0 && close(report_fd))
		report_error();
	print_lines(&out);
	free(out.v);
	free(text);
	return 0;
}
