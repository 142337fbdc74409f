package verify

import (
	"fmt"
	"slices"
)

// final returns the check as reported: a copy with its details capped,
// a warning of a native package failed when the verification is strict,
// and a check that had not ended when --stop-on-fail stopped the run
// skipped (native) or left out (Kattis: nil).
func (r *run) final(pk *pkg, c *Check) *Check {
	out := *c
	out.Details = slices.Clone(c.Details)
	if len(out.Details) > maxDetails {
		n := len(out.Details) - maxDetails
		out.Details = append(out.Details[:maxDetails:maxDetails], fmt.Sprintf("… and %d more", n))
	}
	if r.strict && !pk.kattis && out.Status == Warn {
		out.Status = Fail
		out.Message = "warning, failed by --strict: " + out.Message
	}
	if sc, stopped := r.stoppedCheck(pk, c.Name); stopped {
		return sc
	}
	return &out
}

// stoppedCheck reports whether --stop-on-fail stopped the run before the
// check of the name was given, and returns the check as reported then:
// skipped, or nil for a Kattis package's, which is left out.
func (r *run) stoppedCheck(pk *pkg, name string) (*Check, bool) {
	r.emitMu.Lock()
	defer r.emitMu.Unlock()
	if r.stopped == "" || pk.emitted[name] {
		return nil, false
	}
	if pk.kattis {
		return nil, true
	}
	return skip(&Check{Name: name}, "not finished: --stop-on-fail stopped at the first failure ("+r.stopped+")"), true
}

// emit hands a check that is final to the verifier's OnCheck, once per
// check of a package; with stopOnFail, the first failed check stops the
// run. After that, nothing more is emitted.
func (r *run) emit(pk *pkg, c *Check) {
	if c = r.final(pk, c); c != nil {
		r.emitFinal(pk, c)
	}
}

// emitFinal emits a check that final has made.
func (r *run) emitFinal(pk *pkg, c *Check) {
	r.emitMu.Lock()
	defer r.emitMu.Unlock()
	if r.stopped != "" || pk.emitted[c.Name] {
		return
	}
	pk.emitted[c.Name] = true
	if r.onCheck != nil {
		r.onCheck(pk.slug, c)
	}
	if r.stopOnFail && (c.Status == Fail || c.Status == Error) {
		r.stopped = pk.slug + ": " + c.Name
		r.cancel()
	}
}
