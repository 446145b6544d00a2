#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# icecream.sh DIR COMMAND...: run COMMAND (a build with CC="icecc gcc")
# against an icecream of its own: a scheduler, the local daemon and a
# second daemon that does the compiles. Run it as root inside a network
# namespace that has nothing but loopback (unshare -n): the scheduler and
# both daemons broadcast on every interface that has a broadcast address,
# whatever -s says, and no other machine may hear them.
#
# As in icecream's own tests (tests/test.sh): the local daemon takes no
# job (--no-remote), each daemon has its own port, name, environment
# directory and socket (ICECC_TEST_SOCKET), and ICECC_TEST_REMOTEBUILD=1
# makes the client send a job to the daemon on 127.0.0.1 over the network
# as to another machine, rather than compile it itself. The second daemon
# names each file it compiles in its log (-vvv: "remote compile for
# file"); the client's log (ICECC_LOGFILE) says when it compiled a job
# again locally.
#
# Left in DIR: links (the namespace's interfaces), sched.log, local.log,
# remote.log, client.log, status (the command's exit status, or why it
# did not run), stopped (a line for each process stopped by its pid).
# The command's output is the caller's to redirect.

D=$1
shift
: >"$D/stopped"

ip link set lo up || { echo "no loopback: ip link set lo up failed" >"$D/status"; exit 1; }
ip -o link >"$D/links"

# As root each drops to the icecc user before it opens its log.
chown icecc "$D" 2>/dev/null || chmod 777 "$D"

pids=""

# waitlog LOG TEXT: wait up to 30 s for TEXT in LOG.
waitlog() {
	i=0
	while ! grep -q "$2" "$1" 2>/dev/null; do
		[ $i -lt 300 ] || return 1
		sleep 0.1
		i=$((i + 1))
	done
}

stop() {
	for p in $pids; do
		kill "${p#*:}" 2>/dev/null
		wait "${p#*:}" 2>/dev/null
		kill -0 "${p#*:}" 2>/dev/null || echo "${p%%:*} ${p#*:}" >>"$D/stopped"
	done
}

icecc-scheduler -p 8765 -n inline-test -l "$D/sched.log" -vv &
pids="scheduler:$!"
ICECC_TEST_SOCKET=$D/socket-local iceccd --no-remote -s 127.0.0.1:8765 \
	-n inline-test -N localice -m 2 -b "$D/envs-local" -l "$D/local.log" -vv &
pids="localice:$! $pids"
ICECC_TEST_SOCKET=$D/socket-remote iceccd -s 127.0.0.1:8765 -p 10246 \
	-n inline-test -N remoteice -m 2 -b "$D/envs-remote" -l "$D/remote.log" -vvv &
pids="remoteice:$! $pids"

if ! waitlog "$D/local.log" "Connected to scheduler" ||
   ! waitlog "$D/remote.log" "Connected to scheduler"; then
	echo "the daemons did not reach the scheduler in 30 s" >"$D/status"
	stop
	exit 1
fi

ICECC_TEST_SOCKET=$D/socket-local ICECC_TEST_REMOTEBUILD=1 \
ICECC_PREFERRED_HOST=remoteice ICECC_DEBUG=info ICECC_LOGFILE=$D/client.log \
	"$@"
echo $? >"$D/status"
stop
