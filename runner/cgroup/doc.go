// Package cgroup gives every run of a program a control group of its own,
// on the v1 hierarchies or the unified v2 hierarchy, behind one interface.
//
// A judge opens its [Tree] once: a folder named judge-<instance> beside
// its own cgroup in every hierarchy it uses. Each run then gets a [Group]
// inside it of its own, so no counter, peak or event carries over from
// one run to the next: the figures a Group reports are the run's own.
//
// On v1 a Group is new, or renewed ([Group.Renew]): the last run's, which
// a box keeps when that run left it empty, without a memory event (no
// limit reached, no task killed for memory) and with at most
// [MaxResidual] still charged (kernel objects, page cache the run read
// first). Its CPU time then counts from the renewal; its peak is reset by
// the next run's starter just before the fork, through the files
// [Group.Reset] opens (see package runner for how, and why there), and
// the run's peak is counted above what the group had charged then. Making
// and removing the three v1 groups of a run cost about a fifth of a
// trivial run's time in the kernel; renewing them, a few reads and
// writes. On v2 every run gets a new group: a v2 group's per-CPU cache
// of charged pages cannot be emptied without an out-of-memory event.
//
// On v2 the kernel forbids a cgroup that holds processes to hand
// controllers to its children (the "no internal processes" rule), so Open
// moves the judge's process into a leaf of its own subtree,
// judge-<instance>/judge, and enables memory, pids and cpu for the run
// groups beside it. This works where the judge's cgroup is delegated to it
// and holds nothing else: the root cgroup, a systemd scope started with
//
//	systemd-run --scope -p Delegate=yes judge ...
//
// or a service with Delegate=yes.
//
// A task (v1) or process (v2) joins a group by writing "0" into the files
// [Group.Enter] opens: a program's first process does so itself, before
// its exec. Ownership
// of a judge-<instance> folder is decided by the caller (Open's alive
// function), never by process ids, which do not survive PID namespaces.
package cgroup
