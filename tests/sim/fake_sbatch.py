#!/usr/bin/env python3
"""A stand-in for Slurm's sbatch, to test tools/cluster/sim_slurm.sh without a cluster.

Installed as `sbatch` on PATH, with FAKE_SBATCH_DIR naming a folder for its state. It
records each call's argv (one JSON list a line in FAKE_SBATCH_DIR/argv.jsonl) and runs the
job at once, as Slurm would run it: the script file (or `--wrap`'s text, as `#!/bin/sh`
and that line, which is what sbatch makes of it) with its arguments, in the folder sbatch
was called from, the environment of `--export` (split at its commas, as Slurm splits it),
each task of `--array` with SLURM_ARRAY_TASK_ID, output to `--output` (%A, %a, %j, %x
replaced). A `--dependency=afterok:ID` on a job with a failed task is never run: it stays
pending, written to FAKE_SBATCH_DIR/pending. Each job's tasks' exit statuses are kept in
FAKE_SBATCH_DIR/ID.status. Prints the job's id (with --parsable) like sbatch.
"""
import json
import os
import subprocess
import sys

VALUED = {"--array", "--dependency", "--job-name", "--output", "--export", "--wrap",
          "--partition", "--account", "--cpus-per-task", "--chdir", "-p", "-A", "-c", "-J", "-o"}
SHORT = {"-p": "--partition", "-A": "--account", "-c": "--cpus-per-task", "-J": "--job-name",
         "-o": "--output"}


def parse(argv):
    """Options (command line over #SBATCH lines), the script path, the script's arguments."""
    opts, i = {}, 0
    while i < len(argv) and argv[i].startswith("-"):
        a = argv[i]
        if a == "--parsable":
            opts[a] = ""
        elif "=" in a and a.split("=", 1)[0] in VALUED:
            k, v = a.split("=", 1)
            opts[SHORT.get(k, k)] = v
        elif a in VALUED and i + 1 < len(argv):
            opts[SHORT.get(a, a)] = argv[i + 1]
            i += 1
        else:
            sys.exit(f"fake sbatch: unknown option {a!r}")
        i += 1
    return opts, argv[i:i + 1], argv[i + 1:]


def script_options(path):
    found = {}
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            if line.startswith("#SBATCH "):
                k, _, v = line[len("#SBATCH "):].strip().partition("=")
                found[k] = v
    return found


def environment(export):
    items = export.split(",") if export else ["ALL"]
    env = dict(os.environ) if items[0] == "ALL" else {}
    for item in items[1:] if items[0] in ("ALL", "NONE") else items:
        k, eq, v = item.partition("=")
        env[k] = v if eq else os.environ.get(k, "")
    return env


def tasks(spec):
    if spec is None:
        return [None]
    out = []
    for part in spec.split(","):
        lo, _, hi = part.partition("-")
        out += list(range(int(lo), int(hi or lo) + 1))
    return out


def next_id(state):
    path = os.path.join(state, "next_id")
    n = int(open(path).read()) if os.path.exists(path) else 100
    with open(path, "w") as f:
        f.write(str(n + 1))
    return n


def blocked(state, dependency):
    """True when an afterok dependency has a failed task (Slurm leaves such a job pending)."""
    for dep in (dependency or "").split(","):
        kind, _, ids = dep.partition(":")
        for jid in filter(None, ids.split(":")):
            with open(os.path.join(state, jid + ".status")) as f:
                statuses = [int(s) for s in f.read().split()]
            if kind == "afterok" and any(statuses):
                return True
    return False


def run(state, jid, opts, script, args):
    cwd = opts.get("--chdir", os.getcwd())
    env = environment(opts.get("--export"))
    statuses = []
    for task in tasks(opts.get("--array")):
        e = dict(env, SLURM_JOB_ID=str(jid), SLURM_JOB_NAME=opts.get("--job-name", "sbatch"))
        if task is not None:
            e.update(SLURM_ARRAY_JOB_ID=str(jid), SLURM_ARRAY_TASK_ID=str(task))
        if "--cpus-per-task" in opts:
            e["SLURM_CPUS_PER_TASK"] = opts["--cpus-per-task"]
        default = "slurm-%A_%a.out" if task is not None else "slurm-%j.out"
        name = opts.get("--output", default)
        for k, v in (("%A", str(jid)), ("%a", str(task)), ("%j", str(jid)),
                     ("%x", opts.get("--job-name", "sbatch"))):
            name = name.replace(k, v)
        with open(os.path.join(cwd, name), "a") as log:
            statuses.append(subprocess.run([script] + args, cwd=cwd, env=e, stdin=subprocess.DEVNULL,
                                           stdout=log, stderr=subprocess.STDOUT).returncode)
    with open(os.path.join(state, f"{jid}.status"), "w") as f:
        f.write(" ".join(map(str, statuses)))


def main():
    state = os.environ["FAKE_SBATCH_DIR"]
    with open(os.path.join(state, "argv.jsonl"), "a") as f:
        f.write(json.dumps(sys.argv[1:]) + "\n")
    opts, script, args = parse(sys.argv[1:])
    jid = next_id(state)
    if "--wrap" in opts:
        script = [os.path.join(state, f"wrap-{jid}.sh")]
        with open(script[0], "w") as f:
            f.write("#!/bin/sh\n" + opts["--wrap"] + "\n")
    if not script:
        sys.exit("fake sbatch: no script given")
    copy = os.path.join(state, f"job-{jid}.sh")  # Slurm runs a copy of the script
    with open(script[0], "rb") as src, open(copy, "wb") as dst:
        dst.write(src.read())
    os.chmod(copy, 0o755)
    opts = {**script_options(copy), **opts}
    if blocked(state, opts.get("--dependency")):
        with open(os.path.join(state, "pending"), "a") as f:
            f.write(f"{jid}\n")
        with open(os.path.join(state, f"{jid}.status"), "w") as f:
            f.write("")
    else:
        run(state, jid, opts, copy, args)
    print(jid if "--parsable" in opts else f"Submitted batch job {jid}")


if __name__ == "__main__":
    main()
