#!/usr/bin/env bash
# A single-node Slurm cluster on this machine, for trying deploy/slurm/ and for the test that
# runs it for real: munge, slurmctld and slurmd from Debian's packages, as root, with every file
# in one directory. Nothing outside it is changed except munge's socket directory.
#   local_cluster.sh start DIR   -> prints `export SLURM_CONF=DIR/slurm.conf`; sbatch/squeue then work
#   local_cluster.sh stop DIR
set -euo pipefail
action=$1
dir=$(realpath -m "$2")
case $action in
start)
  mkdir -p "$dir/state" "$dir/spool"
  host=$(hostname -s)
  free_port() { /usr/bin/python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
  cat > "$dir/slurm.conf" <<CONF
ClusterName=bredon-local
SlurmctldHost=$host(127.0.0.1)
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
SlurmctldPort=$(free_port)
SlurmdPort=$(free_port)
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/slurmctld.log
SlurmdLogFile=$dir/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SchedulerType=sched/backfill
ReturnToService=2
MpiDefault=none
JobCompType=jobcomp/none
AccountingStorageType=accounting_storage/none
JobAcctGatherType=jobacct_gather/none
# More CPUs than the machine has, so that a trainer and its workers all start at once.
SlurmdParameters=config_overrides
NodeName=$host NodeAddr=127.0.0.1 CPUs=8 RealMemory=2000 State=UNKNOWN
PartitionName=local Nodes=ALL Default=YES MaxTime=INFINITE State=UP
CONF
  mkdir -p /run/munge && chown munge:munge /run/munge
  if ! pgrep -x munged > /dev/null; then runuser -u munge -- /usr/sbin/munged; fi
  /usr/sbin/slurmctld -f "$dir/slurm.conf"
  /usr/sbin/slurmd -f "$dir/slurm.conf"
  export SLURM_CONF=$dir/slurm.conf
  for _ in $(seq 60); do
    sinfo -h -o %T 2>/dev/null | grep -q idle && break
    sleep 0.5
  done
  sinfo -h -o %T | grep -q idle || { echo "the local cluster did not come up:" >&2; tail -20 "$dir"/slurm*.log >&2; exit 1; }
  echo "export SLURM_CONF=$dir/slurm.conf"
  ;;
stop)
  # Jobs first: processes of a job left running after its daemons would hold the caller's output.
  if [[ -f $dir/slurm.conf ]]; then
    SLURM_CONF=$dir/slurm.conf scancel --user="$(id -un)" 2>/dev/null || true
    for _ in $(seq 40); do
      [[ -z $(SLURM_CONF=$dir/slurm.conf squeue -h 2>/dev/null) ]] && break
      sleep 0.25
    done
  fi
  for daemon in slurmd slurmctld; do
    [[ -f $dir/$daemon.pid ]] && kill "$(cat "$dir/$daemon.pid")" 2>/dev/null || true
  done
  ;;
*)
  echo "usage: local_cluster.sh start|stop DIR" >&2
  exit 2
  ;;
esac
