package cgroup

import "time"

// MaxResidual is the most memory an emptied group may still have charged
// (kernel objects its last run left, the page cache of files it read
// first) and serve another run; a group holding more is replaced.
const MaxResidual = 4 << 20

// renew readies the group whose files are s for another run, if it can
// be: no task left, at most MaxResidual still charged, and no memory
// event (the limit never reached, no task killed for memory). It returns
// the group's CPU time so far, which the next run's is counted from. cpu
// reads the group's CPU time since it was made, events its events.
func renew(s *stats, cpu func() (time.Duration, error), events func() (Events, error)) (time.Duration, bool) {
	if s == nil || !s.empty() {
		return 0, false
	}
	if charged, err := s.int(statUsage); err != nil || charged > MaxResidual {
		return 0, false
	}
	if ev, err := events(); err != nil || ev.OOMKills > 0 || ev.HitLimit {
		return 0, false
	}
	used, err := cpu()
	return used, err == nil
}
