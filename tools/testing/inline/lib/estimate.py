#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
#
# The estimate's validation (estimate-validation.sh, test-fixes.sh):
#
#   estimate.py candidates SUMMARY.json [ROOT]   the findings to force, one
#       per line: name, file, line, column, end column (the annotation, as
#       the fix names it), copy bytes, calls, estimate, objects
#       (comma-joined); paths relative to ROOT, when they are under it
#   estimate.py force FILE LINE COL END   the annotation at [COL, END) of
#       LINE (byte columns, from 1) replaced by __always_inline, in place
#   estimate.py report RESULTS.tsv        the table and the figures: how
#       often the sign is right, the error as a share of the copy's size
#
# RESULTS.tsv: the candidates' lines with two fields more, the text
# before and after (or "failed" and the compiler's first error).

import json
import statistics
import sys

FORCEABLE = ("inline-not-inlined", "asm-wrapper-not-inlined")
SIXTEEN_BIT = ("arch/x86/realmode/", "arch/x86/boot/")


def under(path, root):
    """path relative to root, when it is under it."""
    if root and path.startswith(root.rstrip("/") + "/"):
        return path[len(root.rstrip("/")) + 1:]
    return path


def candidates(path, root=None):
    with open(path) as f:
        summary = json.load(f)
    for fn in summary["functions"]:
        fix = fn.get("fix")
        if fn["class"] not in FORCEABLE or not fix or fn["macro"]:
            continue
        fn["file"] = under(fn["file"], root)
        if fn["file"].startswith("/"):
            continue
        # 16-bit code (the real-mode trampoline, the boot loader): make
        # cannot build one of its objects alone from the top
        objs = [o for o in fn["objects"]
                if not o["object"].startswith(SIXTEEN_BIT)]
        if not objs or not sum(o["calls_in_code"] for o in objs):
            continue
        print("\t".join(str(x) for x in (
            fn["name"], fn["file"], fix["line"], fix["column"],
            fix["end_column"], sum(o["bytes"] for o in objs),
            sum(o["calls_in_code"] for o in objs),
            sum(o["forced"] for o in objs),
            ",".join(under(o["object"], root) for o in objs))))


def force(path, line, col, end):
    with open(path, "rb") as f:
        lines = f.read().split(b"\n")
    text = lines[line - 1]
    word = text[col - 1:end - 1]
    if word not in (b"inline", b"__inline", b"__inline__"):
        sys.exit("%s:%d:%d: '%s' is not an inline keyword" %
                 (path, line, col, word.decode(errors="replace")))
    lines[line - 1] = text[:col - 1] + b"__always_inline" + text[end - 1:]
    with open(path, "wb") as f:
        f.write(b"\n".join(lines))


def sign(x):
    return (x > 0) - (x < 0)


def report(path):
    rows, failed = [], []
    with open(path) as f:
        for ln in f:
            v = ln.rstrip("\n").split("\t")
            if v[9] == "failed":
                failed.append(v)
                continue
            name, file, line = v[0], v[1], v[2]
            nobj = len(v[8].split(","))
            copy, calls, est = int(v[5]), int(v[6]), int(v[7])
            meas = int(v[10]) - int(v[9])
            rows.append((name, "%s:%s" % (file, line), nobj, copy, calls,
                         est, meas, abs(est - meas) / copy))
    fmt = "%-28s %-40s %4s %6s %5s %8s %8s %7s"
    print(fmt % ("function", "definition", "objs", "copy", "calls",
                 "estimate", "measured", "error"))
    for r in rows:
        print(fmt % (r[0][:28], r[1][-40:], r[2], r[3], r[4],
                     "%+d" % r[5], "%+d" % r[6], "%.0f%%" % (100 * r[7])))
    for v in failed:
        print("%-28s %-40s cannot be forced: %s" %
              (v[0][:28], ("%s:%s" % (v[1], v[2]))[-40:], v[10]))
    if not rows:
        print("no finding could be measured")
        return
    right = sum(1 for r in rows if sign(r[5]) == sign(r[6]))
    errs = [r[7] for r in rows]
    print()
    print("findings measured: %d (and %d that cannot be forced)" %
          (len(rows), len(failed)))
    print("sign right: %d of %d (%.0f%%)" %
          (right, len(rows), 100.0 * right / len(rows)))
    print("error, as a share of the copy's size: median %.0f%%, worst %.0f%%"
          % (100 * statistics.median(errs), 100 * max(errs)))
    # what the fixes rely on: an estimated saving is a real one
    saving = [r for r in rows if r[5] < 0]
    print("estimated to save: %d; of them measured to save %d, to change "
          "nothing %d, to grow %d (at most %+d bytes)" %
          (len(saving), sum(1 for r in saving if r[6] < 0),
           sum(1 for r in saving if r[6] == 0),
           sum(1 for r in saving if r[6] > 0),
           max([r[6] for r in saving] + [0])))


if __name__ == "__main__":
    if len(sys.argv) in (3, 4) and sys.argv[1] == "candidates":
        candidates(*sys.argv[2:])
    elif len(sys.argv) == 6 and sys.argv[1] == "force":
        force(sys.argv[2], *map(int, sys.argv[3:]))
    elif len(sys.argv) == 3 and sys.argv[1] == "report":
        report(sys.argv[2])
    else:
        sys.exit("usage: estimate.py candidates JSON [ROOT] |"
                 " force FILE LINE COL END | report RESULTS")
