#!/bin/sh
# Tries tools/cluster/sim_slurm.sh on a one-node Slurm started here for the purpose: munged,
# slurmctld and slurmd (Debian: apt install slurmctld slurmd munge slurm-client) with a
# minimal slurm.conf in a folder of its own, as root; a sharded sim through a job array,
# the merge as a dependent job, the merged report compared with one run of the same games,
# and the time each took; OUT_DIR's name holds $(...), quotes, a space, a comma and a newline.
# Then a shard that fails (an arbiter that refuses shard 2): the merge job ends all the same
# and fails, naming the shard. Stops the daemons it started. Not part of `make test`: it needs
# root and starts system daemons.
#
#   tools/cluster/slurm_single_node_test.sh ARBITER [SHARDS] [SIM-ARGS...]
set -eu
arbiter=$(readlink -f "$1")
shards=${2:-4}
[ $# -ge 2 ] && shift 2 || shift $#
[ $# -gt 0 ] || set -- stacks --games 4000
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d /tmp/arbiter-slurm.XXXXXX)
node=$(hostname -s)
cpus=$(nproc)
nl='
'
# shellcheck disable=SC2016 # the $(...) is meant to stay text
bad='$(touch${IFS}PWNED)'"'q'\"d\" a,b $nl z"
out="$work/out$bad"
mkdir -p "$work/state" "$work/spool" "$work/munge" "$out"
chmod 755 "$work"  # munged runs as munge and keeps its socket in here
chown munge:munge "$work/munge" 2>/dev/null || true
cat > "$work/slurm.conf" <<CONF
ClusterName=arbiterlab
SlurmctldHost=$node
SlurmUser=root
AuthType=auth/munge
CredType=cred/munge
StateSaveLocation=$work/state
SlurmdSpoolDir=$work/spool
SlurmctldPidFile=$work/slurmctld.pid
SlurmdPidFile=$work/slurmd.pid
SlurmctldLogFile=$work/slurmctld.log
SlurmdLogFile=$work/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
MpiDefault=none
ReturnToService=2
NodeName=$node CPUs=$cpus State=UNKNOWN
PartitionName=lab Nodes=$node Default=YES MaxTime=INFINITE State=UP
CONF
export SLURM_CONF="$work/slurm.conf"
pids=""
stop() {
  for p in $pids; do kill "$p" 2>/dev/null || true; done
  sleep 2
  for p in $pids; do kill -9 "$p" 2>/dev/null || true; done
}
trap stop EXIT
socket="$work/munge/munge.socket"
su -s /bin/sh munge -c "munged --socket=$socket --pid-file=$work/munge/munged.pid --seed-file=$work/munge/seed --log-file=$work/munge/munged.log" \
  < /dev/null > "$work/munged.out" 2>&1
sleep 1
pids="$pids $(cat "$work/munge/munged.pid")"  # munged puts itself in the background: its own pid
# slurmctld and slurmd talk to munged through its socket; the default one is under /run.
mkdir -p /run/munge && ln -sf "$socket" /run/munge/munge.socket.2
slurmctld -D -f "$SLURM_CONF" < /dev/null > "$work/slurmctld.out" 2>&1 &
pids="$pids $!"
slurmd -D -f "$SLURM_CONF" < /dev/null > "$work/slurmd.out" 2>&1 &
pids="$pids $!"
for _ in $(seq 1 30); do
  sinfo -h -o %T 2>/dev/null | grep -q idle && break
  sleep 1
done
sinfo -h -o %T | grep -q idle || { echo "the node did not come up"; tail "$work"/*.log; exit 1; }
echo "slurm: one node ($node, $cpus cpus) up; work in $work"

start=$(date +%s.%N)
merge=$("$here/sim_slurm.sh" "$arbiter" "$shards" "$out" "$@")
while squeue -h -j "$merge" 2>/dev/null | grep -q .; do sleep 0.5; done
end=$(date +%s.%N)
[ -s "$out/merged.json" ] || { echo "no merged report"; cat "$out"/*.log; exit 1; }
one_start=$(date +%s.%N)
"$arbiter" sim "$@" --json > "$work/one.json"
one_end=$(date +%s.%N)
strip() { sed '/^  "run": {/,/^  }/d' "$1"; }
strip "$work/one.json" > "$work/one.s"; strip "$out/merged.json" > "$work/merged.s"
cmp -s "$work/one.s" "$work/merged.s" || { echo "FAIL: the merged shards differ from one run"; diff "$work/one.s" "$work/merged.s" | head; exit 1; }
cpu=$(python3 -c "import json,glob,sys; print(round(sum(json.load(open(f))['run']['seconds'] for f in glob.glob(glob.escape(sys.argv[1]) + '/shard-*.json')),2))" "$out")
echo "slurm: $shards shards of 'sim $*' in $(echo "$end - $start" | bc) s from submission to merged report"
echo "       (the shards' own sim time: $cpu s in all); one run of the same games: $(echo "$one_end - $one_start" | bc) s"
echo "slurm: the merged report equals the one run's: passed"

# A shard that fails: the merge job runs once every task has ended and fails, naming it.
cat > "$work/failing" <<EOF
#!/bin/sh
for a; do [ "\$a" != 2/$shards ] || { echo "this arbiter refuses that part on purpose" >&2; exit 3; }; done
exec '$arbiter' "\$@"
EOF
chmod +x "$work/failing"
fails="$work/fails$bad"
merge=$("$here/sim_slurm.sh" "$work/failing" "$shards" "$fails" "$@")
while squeue -h -j "$merge" 2>/dev/null | grep -q .; do sleep 0.5; done
[ ! -e "$fails/merged.json" ] || { echo "FAIL: a shard failed and the merge was written all the same"; exit 1; }
grep -q "no report from shard(s) 2 of $shards" "$fails/merge.log" ||
  { echo "FAIL: the merge's log does not name the failed shard"; cat "$fails/merge.log"; exit 1; }
echo "slurm: a failed shard: the merge job ended, naming it: passed"
[ -z "$(find "$work" -name PWNED)" ] || { echo "FAIL: a folder's name was run as a command"; exit 1; }
echo "slurm: OUT_DIR named with \$(...), quotes, a comma and a newline ran nothing: passed"
