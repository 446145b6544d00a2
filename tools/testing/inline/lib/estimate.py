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
#   estimate.py funcs OBJECT              the object's functions, one per
#       line: name, size, and the functions it calls or jumps to (their
#       names without a suffix such as .constprop.0 or .cold), read from
#       objdump -dr
#   estimate.py report RESULTS.tsv [FUNCS]   the table and the figures: how
#       often the sign is right, the error as a share of the copy's size;
#       with FUNCS (a folder: before/OBJ and NAME/OBJ, funcs' output for
#       each object before and after forcing NAME, "/" in OBJ written "%"),
#       also where forcing changed the text, of what the estimate does not
#       see (changes())
#
# RESULTS.tsv: the candidates' lines with two fields more, the text
# before and after (or "failed" and the compiler's first error).

import json
import os
import re
import statistics
import subprocess
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


def base(name):
    """The function a copy comes from: foo of foo.constprop.0, foo.cold."""
    return name.split(".")[0]


SYMBOL = re.compile(r"^([0-9a-f]+) (.{7}) (\S+)\s+([0-9a-f]+)\s+(\S+)$")
BRANCH = re.compile(r"^\s*([0-9a-f]+):\s+(call|jmp)\s+[0-9a-f]+ <([^>+]+)")
RELOC = re.compile(r"^\s*[0-9a-f]+: R_X86_64_(?:PLT32|PC32)\s+"
                   r"([^\s+-]+)([+-]0x[0-9a-f]+)?$")


def funcs(path):
    """Each function of the object, its size and the functions it branches
    to: a relocated call or jump names its target (a local function in
    another section: the section, and the offset less 4, the field's end),
    one the assembler resolved names it after the instruction."""
    table = subprocess.run(["objdump", "-t", path], check=True,
                           capture_output=True, text=True).stdout
    syms = []
    for ln in table.splitlines():
        m = SYMBOL.match(ln)
        if m and "F" in m.group(2):
            syms.append((m.group(5), int(m.group(1), 16),
                         int(m.group(4), 16), m.group(3)))

    def at(section, off):
        for name, value, size, sec in syms:
            if sec == section and value <= off < value + size:
                return name
        return None

    # two static functions of one name (a unity build such as
    # kernel/sched/build_policy.o) are one line, of their summed size
    sizes = {}
    for name, _, size, _ in syms:
        sizes[name] = sizes.get(name, 0) + size
    calls = {name: set() for name in sizes}
    dis = subprocess.run(["objdump", "-dr", "--no-show-raw-insn", path],
                         check=True, capture_output=True, text=True).stdout
    func, pending = None, None

    def branch(target):
        if target and func in calls and base(target) != base(func):
            calls[func].add(base(target))

    for ln in dis.splitlines():
        m = RELOC.match(ln)
        if m and pending is not None:
            target = m.group(1)
            if target.startswith("."):
                target = at(target, int(m.group(2) or "0", 16) + 4)
            branch(target)
            pending = None
            continue
        # resolved by the assembler: no relocation follows
        branch(pending)
        pending = None
        m = re.match(r"^[0-9a-f]+ <(\S+)>:$", ln)
        if m:
            func = m.group(1)
            continue
        m = BRANCH.match(ln)
        if m:
            pending = m.group(3)
    branch(pending)
    for name in sorted(sizes):
        print("%s\t%d\t%s" % (name, sizes[name], ",".join(sorted(calls[name]))))


def sign(x):
    return (x > 0) - (x < 0)


def read_funcs(path):
    """funcs' output: name -> (size, the functions it calls)."""
    out = {}
    with open(path) as f:
        for ln in f:
            name, size, calls = ln.rstrip("\n").split("\t")
            out[name] = (int(size), set(calls.split(",")) - {""})
    return out


def changes(folder, name, objs):
    """Where forcing name changed the text, of what the estimate does not
    see, from each object's functions before and after:
      "copies": the functions new or gone (their size, + or -), but for
          the copies and parts (.cold, .part.0) of name and of the
          functions that call it: functions the compiler pasted before and
          keeps a copy of now, or the reverse; one that holds a call to
          name (its callers then lose its body, which no symbol shows), or
          one that name calls;
      "elsewhere": the change in the other functions, there before and
          after: the compiler deciding again about calls that have
          nothing to do with name.
    None when the functions before and after are not all there."""
    out = {"copies": 0, "new": [], "elsewhere": 0}
    for obj in objs:
        key = obj.replace("/", "%")
        try:
            before = read_funcs(os.path.join(folder, "before", key))
            after = read_funcs(os.path.join(folder, name, key))
        except FileNotFoundError:
            return None
        touched = {name} | {base(g) for g, (_, calls) in before.items()
                            if name in calls}
        for g in sorted(set(before) | set(after)):
            if base(g) in touched:
                continue
            if g not in before or g not in after:
                out["copies"] += (after.get(g, (0,))[0] -
                                  before.get(g, (0,))[0])
                out["new"].append(g if g in after else "-" + g)
            else:
                out["elsewhere"] += after[g][0] - before[g][0]
    return out


def figures(rows, est, meas):
    """How often the sign is right, and the error as a share of the copy."""
    right = sum(1 for r in rows if sign(r[est]) == sign(r[meas]))
    errs = [abs(r[est] - r[meas]) / r["copy"] for r in rows]
    print("sign right: %d of %d (%.0f%%)" %
          (right, len(rows), 100.0 * right / len(rows)))
    print("error, as a share of the copy's size: median %.0f%%, worst %.0f%%"
          % (100 * statistics.median(errs), 100 * max(errs)))


def report(path, folder=None):
    rows, failed = [], []
    with open(path) as f:
        for ln in f:
            v = ln.rstrip("\n").split("\t")
            if v[9] == "failed":
                failed.append(v)
                continue
            r = {"name": v[0], "def": "%s:%s" % (v[1], v[2]),
                 "objs": v[8].split(","), "copy": int(v[5]),
                 "calls": int(v[6]), "est": int(v[7]),
                 "meas": int(v[10]) - int(v[9])}
            r["where"] = folder and changes(folder, r["name"], r["objs"])
            rows.append(r)
    split = [r for r in rows if r["where"]]
    fmt = "%-28s %-40s %4s %6s %5s %8s %8s %7s" + (" %10s" if split else "")
    print(fmt % (("function", "definition", "objs", "copy", "calls",
                  "estimate", "measured", "error") +
                 (("new copies",) if split else ())))
    for r in rows:
        print(fmt % ((r["name"][:28], r["def"][-40:], len(r["objs"]),
                      r["copy"], r["calls"], "%+d" % r["est"],
                      "%+d" % r["meas"],
                      "%.0f%%" % (100 * abs(r["est"] - r["meas"]) /
                                  r["copy"])) +
                     (("%+d" % r["where"]["copies"] if r["where"] else "?",)
                      if split else ())))
    for v in failed:
        print("%-28s %-40s cannot be forced: %s" %
              (v[0][:28], ("%s:%s" % (v[1], v[2]))[-40:], v[10]))
    if not rows:
        print("no finding could be measured")
        return
    print()
    print("findings measured: %d (and %d that cannot be forced)" %
          (len(rows), len(failed)))
    figures(rows, "est", "meas")
    # what the fixes rely on: an estimated saving is a real one
    saving = [r for r in rows if r["est"] < 0]
    print("estimated to save: %d; of them measured to save %d, to change "
          "nothing %d, to grow %d (at most %+d bytes)" %
          (len(saving), sum(1 for r in saving if r["meas"] < 0),
           sum(1 for r in saving if r["meas"] == 0),
           sum(1 for r in saving if r["meas"] > 0),
           max([r["meas"] for r in saving] + [0])))
    if not split:
        return
    print()
    print("where forcing changed the text (estimate.py funcs: each object's "
          "functions before and after):")
    kept = [r for r in split if r["where"]["new"]]
    print("- functions new or gone, pasted before and kept as a copy now or "
          "the reverse")
    print("  (\"new copies\": one that holds a call to it, or one it calls): "
          "in %d of %d, %+d bytes" % (len(kept), len(split),
                                     sum(r["where"]["copies"] for r in kept)))
    moved = [r for r in split if r["where"]["elsewhere"]]
    print("- functions neither a copy nor a caller: changed in %d of %d, %d "
          "bytes of the %d measured" %
          (len(moved), len(split),
           sum(abs(r["where"]["elsewhere"]) for r in split),
           sum(abs(r["meas"]) for r in split)))
    clean = [r for r in split if not r["where"]["new"]]
    if clean:
        print("the %d findings with no function new or gone:" % len(clean))
        figures(clean, "est", "meas")


if __name__ == "__main__":
    if len(sys.argv) in (3, 4) and sys.argv[1] == "candidates":
        candidates(*sys.argv[2:])
    elif len(sys.argv) == 6 and sys.argv[1] == "force":
        force(sys.argv[2], *map(int, sys.argv[3:]))
    elif len(sys.argv) == 3 and sys.argv[1] == "funcs":
        funcs(sys.argv[2])
    elif len(sys.argv) in (3, 4) and sys.argv[1] == "report":
        report(*sys.argv[2:])
    else:
        sys.exit("usage: estimate.py candidates JSON [ROOT] |"
                 " force FILE LINE COL END | funcs OBJECT |"
                 " report RESULTS [FUNCS]")
