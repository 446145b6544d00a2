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
#   estimate.py calls SUMMARY.json TREE   the calls in the code of each
#       function of the summary, against objdump's: one line for each that
#       differs, then the counts (objects relative to TREE)
#   estimate.py reestimate CANDIDATES RESULTS.tsv   the measurements of
#       RESULTS.tsv (an earlier run), each with its finding's line of
#       CANDIDATES (the checker's estimates now), joined by name and
#       definition file; what is in one only is said on stderr
#   estimate.py report RESULTS.tsv [FUNCS [SUMMARY.json]]   the table and
#       the figures: how often the sign is right, the error as a share of
#       the copy's size; with FUNCS (a folder: before/OBJ and NAME/OBJ,
#       funcs' output for each object before and after forcing NAME, "/"
#       in OBJ written "%"), also where forcing changed the text, of what
#       the estimate does not see (changes()); with SUMMARY, the figures
#       apart for the findings whose calls are in a function the compiler
#       pasted ("caller_pasted", which the estimate's note tells)
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
LABEL = re.compile(r"^([0-9a-f]+) <(\S+)>:$")
BRANCH = re.compile(r"^\s*([0-9a-f]+):\s+((?:[0-9a-f]{2} )+)\s*"
                    r"(call[lw]?|j[a-z]+)\s+([0-9a-f]+) <")
RELOC = re.compile(r"^\s*([0-9a-f]+): R_X86_64_(?:PLT32|PC32)\s+"
                   r"([^\s+-]+)([+-]0x[0-9a-f]+)?$")
SECTION = "Disassembly of section "


def symbols(path):
    """The object's functions: (name, section, start, size)."""
    table = subprocess.run(["objdump", "-t", path], check=True,
                           capture_output=True, text=True).stdout
    syms = []
    for ln in table.splitlines():
        m = SYMBOL.match(ln)
        if m and "F" in m.group(2):
            syms.append((m.group(5), m.group(3), int(m.group(1), 16),
                         int(m.group(4), 16)))
    return syms


def branches(path, syms, sixteen=False):
    """Each call, jmp and jcc of the object's code (objdump -dr), as a dict:
    "func", the function it is in (None outside one); "target", the
    function it goes into, and "start", whether to its first byte (a
    relocation names a function, or a section and the offset less 4, the
    field's end; otherwise the assembler resolved it, and objdump gives the
    address); "bytes", its length; "opcode", its first byte ("eb": a short
    jmp); "ends", whether it ends its function; "reloc". sixteen: the
    object is 16-bit code (SIXTEEN_BIT), which objdump takes for i386's
    unless told."""
    funcs = {}
    for name, sec, value, size in syms:
        funcs.setdefault(sec, []).append((value, size, name))

    def at(sec, off, prefer=None):
        """The function at off; prefer, when it is one of two names of
        the code there (an alias: __ia32_sys_fork, __do_sys_fork)."""
        found = [(name, off == value) for value, size, name in
                 funcs.get(sec, ()) if value <= off < value + size]
        for name, start in found:
            if name == prefer:
                return name, start
        return found[0] if found else (None, False)

    dis = subprocess.run(["objdump", "-dr"] +
                         (["-M", "i8086"] if sixteen else []) + [path],
                         check=True,
                         capture_output=True, text=True).stdout
    section, func, end, pending = None, None, 0, None
    for ln in dis.splitlines():
        m = RELOC.match(ln)
        if m and pending and int(m.group(1), 16) == pending["field"]:
            addend = int(m.group(3) or "0", 16)
            if m.group(2).startswith("."):
                pending["target"], pending["start"] = at(
                    m.group(2), addend + 4, pending["func"])
            else:
                pending["target"] = m.group(2)
                pending["start"] = addend == -4
            pending["reloc"] = True
            yield pending
            pending = None
            continue
        if pending:
            yield pending
            pending = None
        if ln.startswith(SECTION):
            section = ln[len(SECTION):].rstrip(":")
            continue
        m = LABEL.match(ln)
        if m:
            value = int(m.group(1), 16)
            func = None
            for v, size, name in funcs.get(section, ()):
                if name == m.group(2) and v == value:
                    func, end = name, v + size
            continue
        m = BRANCH.match(ln)
        if m:
            off, raw = int(m.group(1), 16), m.group(2).split()
            target, start = at(section, int(m.group(4), 16), func)
            pending = {"func": func, "target": target, "start": start,
                       "bytes": len(raw), "opcode": raw[0],
                       "ends": func is not None and off + len(raw) == end,
                       "reloc": False, "field": off + len(raw) - 4}
    if pending:
        yield pending


def funcs(path):
    """Each function of the object, its size and the functions it branches
    to."""
    syms = symbols(path)
    # two static functions of one name (a unity build such as
    # kernel/sched/build_policy.o) are one line, of their summed size
    sizes = {}
    for name, _, _, size in syms:
        sizes[name] = sizes.get(name, 0) + size
    calls = {name: set() for name in sizes}
    for b in branches(path, syms):
        if (b["func"] and b["target"] and
                base(b["target"]) != base(b["func"])):
            calls[b["func"]].add(base(b["target"]))
    for name in sorted(sizes):
        print("%s\t%d\t%s" % (name, sizes[name], ",".join(sorted(calls[name]))))


def elf64(path):
    """Is the object an ELFCLASS64 one (x86_64, not i386)?"""
    with open(path, "rb") as f:
        return f.read(5)[4:] == b"\x02"


def calls_in_code(path, sixteen=False):
    """The calls to each function of the object that W=inline counts, from
    objdump: the branches to its first byte from elsewhere. In an i386
    object (the checker scans its bytes: it does not know which code is
    16-bit, and that decodes otherwise), only those with a 32-bit
    displacement (with a relocation, or resolved inside a function), or a
    short jmp that ends a function; and the count of its other jumps to a
    function's start (an 8- or 16-bit displacement), which it does not
    count."""
    count, inside, decoded = {}, 0, elf64(path)
    for b in branches(path, symbols(path), sixteen):
        if not b["target"] or not b["start"] or b["target"] == b["func"]:
            continue
        if b["reloc"] or (b["func"] and (decoded or b["bytes"] >= 5 or (
                b["opcode"] == "eb" and b["ends"]))):
            count[b["target"]] = count.get(b["target"], 0) + 1
        elif b["func"]:
            inside += 1
    return count, inside


def calls_check(summary, tree):
    """W=inline's calls in the code of each function of SUMMARY, object by
    object, against objdump's (calls_in_code(), over its copies: the
    function and its clones, not .cold parts). One line per difference,
    then the counts."""
    with open(summary) as f:
        fns = json.load(f)["functions"]
    cache, objs, total, differ, inside = {}, set(), 0, 0, 0
    for fn in fns:
        for o in fn["objects"]:
            path = os.path.join(tree, o["object"])
            if path not in cache:
                cache[path] = calls_in_code(
                    path, o["object"].startswith(SIXTEEN_BIT))
                inside += cache[path][1]
            objs.add(path)
            n = sum(c for name, c in cache[path][0].items()
                    if base(name) == fn["name"] and ".cold" not in name)
            total += n
            if n != o["calls_in_code"]:
                differ += 1
                print("%s: %s: %d calls in the code, objdump has %d" %
                      (o["object"], fn["name"], o["calls_in_code"], n))
    print("%d calls of %d functions in %d objects; %d differ; %d jumps "
          "with an 8- or 16-bit displacement inside functions of i386 "
          "objects not counted" % (total, len(fns), len(objs), differ, inside))


def reestimate(cands, results):
    new, kept = {}, set()
    with open(cands) as f:
        for ln in f:
            v = ln.rstrip("\n").split("\t")
            new[(v[0], v[1])] = v
    with open(results) as f:
        for ln in f:
            v = ln.rstrip("\n").split("\t")
            c = new.get((v[0], v[1]))
            if not c:
                print("%s (%s): measured, no longer a finding: left out" %
                      (v[0], v[1]), file=sys.stderr)
            elif c[8] != v[8]:
                print("%s (%s): its copies are in other objects now: left "
                      "out" % (v[0], v[1]), file=sys.stderr)
            else:
                kept.add((v[0], v[1]))
                print("\t".join(c + v[9:]))
    for key in sorted(set(new) - kept):
        print("%s (%s): a finding not measured: left out" % key,
              file=sys.stderr)


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


def figures(rows):
    """How often the sign is right, and the error as a share of the copy."""
    right = sum(1 for r in rows if sign(r["est"]) == sign(r["meas"]))
    errs = [r["error"] for r in rows]
    print("sign right: %d of %d (%.0f%%)" %
          (right, len(rows), 100.0 * right / len(rows)))
    print("error, as a share of the copy's size: median %.0f%%, worst %.0f%%"
          % (100 * statistics.median(errs), 100 * max(errs)))


def pasted_callers(path):
    """(name, file) of the findings whose calls are in a function the
    compiler pasted, in some object; None when the summary does not say."""
    with open(path) as f:
        summary = json.load(f)
    out = set()
    for fn in summary["functions"]:
        objs = fn.get("objects", [])
        if any("caller_pasted" not in o for o in objs):
            return None
        if any(o["caller_pasted"] for o in objs):
            out.add((fn["name"], fn["file"]))
    return out


def report(path, folder=None, summary=None):
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
            r["error"] = abs(r["est"] - r["meas"]) / r["copy"]
            r["where"] = folder and changes(folder, r["name"], r["objs"])
            r["file"] = v[1]
            rows.append(r)
    split = [r for r in rows if r["where"]]
    fmt = "%-28s %-40s %4s %6s %5s %8s %8s %7s" + (" %10s" if split else "")
    print(fmt % (("function", "definition", "objs", "copy", "calls",
                  "estimate", "measured", "error") +
                 (("new copies",) if split else ())))
    for r in rows:
        print(fmt % ((r["name"][:28], r["def"][-40:], len(r["objs"]),
                      r["copy"], r["calls"], "%+d" % r["est"],
                      "%+d" % r["meas"], "%.0f%%" % (100 * r["error"])) +
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
    figures(rows)
    # what the fixes rely on: an estimated saving is a real one
    saving = [r for r in rows if r["est"] < 0]
    print("estimated to save: %d; of them measured to save %d, to change "
          "nothing %d, to grow %d (at most %+d bytes)" %
          (len(saving), sum(1 for r in saving if r["meas"] < 0),
           sum(1 for r in saving if r["meas"] == 0),
           sum(1 for r in saving if r["meas"] > 0),
           max([r["meas"] for r in saving] + [0])))
    # one call: the body pasted once, which is the estimate's arithmetic;
    # at more, each body is also what the compiler makes of it there
    parts = [([r for r in rows if r["calls"] == 1], "with one call"),
             ([r for r in rows if r["calls"] > 1], "with more calls")]
    pasted = pasted_callers(summary) if summary else None
    if pasted is not None:
        parts += [([r for r in rows if (r["name"], r["file"]) in pasted],
                   "whose calls are in a function the compiler pasted"),
                  ([r for r in rows if (r["name"], r["file"]) not in pasted],
                   "whose calls are not")]
    for part, which in parts:
        if part:
            print("the %d findings %s:" % (len(part), which))
            figures(part)
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
        figures(clean)


if __name__ == "__main__":
    if len(sys.argv) in (3, 4) and sys.argv[1] == "candidates":
        candidates(*sys.argv[2:])
    elif len(sys.argv) == 6 and sys.argv[1] == "force":
        force(sys.argv[2], *map(int, sys.argv[3:]))
    elif len(sys.argv) == 3 and sys.argv[1] == "funcs":
        funcs(sys.argv[2])
    elif len(sys.argv) == 4 and sys.argv[1] == "calls":
        calls_check(sys.argv[2], sys.argv[3])
    elif len(sys.argv) == 4 and sys.argv[1] == "reestimate":
        reestimate(*sys.argv[2:])
    elif len(sys.argv) in (3, 4, 5) and sys.argv[1] == "report":
        report(*sys.argv[2:])
    else:
        sys.exit("usage: estimate.py candidates JSON [ROOT] |"
                 " force FILE LINE COL END | funcs OBJECT |"
                 " calls SUMMARY TREE | reestimate CANDIDATES RESULTS |"
                 " report RESULTS [FUNCS [SUMMARY]]")
