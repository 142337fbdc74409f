package verify

import (
	"fmt"
	"slices"
)

// final returns the check as reported: a copy with its details capped,
// a warning failed when the verification is strict, and a check that had
// not ended when --stop-on-fail stopped the run skipped.
func (r *run) final(pk *pkg, c *Check) *Check {
	out := *c
	out.Details = slices.Clone(c.Details)
	if len(out.Details) > maxDetails {
		n := len(out.Details) - maxDetails
		out.Details = append(out.Details[:maxDetails:maxDetails], fmt.Sprintf("… and %d more", n))
	}
	if r.strict && out.Status == Warn {
		out.Status = Fail
		out.Message = "warning, failed by --strict: " + out.Message
	}
	if sc := r.stoppedCheck(pk, c.Name); sc != nil {
		return sc
	}
	return &out
}

// stoppedCheck returns the check of the name skipped when --stop-on-fail
// stopped the run before it was given, or nil.
func (r *run) stoppedCheck(pk *pkg, name string) *Check {
	r.emitMu.Lock()
	defer r.emitMu.Unlock()
	if r.stopped == "" || pk.emitted[name] {
		return nil
	}
	return skip(&Check{Name: name}, "not finished: --stop-on-fail stopped at the first failure ("+r.stopped+")")
}

// emit hands a check that is final to the verifier's OnCheck, once per
// check of a package; with stopOnFail, the first failed check stops the
// run. After that, nothing more is emitted.
func (r *run) emit(pk *pkg, c *Check) {
	r.emitFinal(pk, r.final(pk, c))
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

// emitAll emits the checks of a package.
func (r *run) emitAll(pk *pkg, checks ...*Check) {
	for _, c := range checks {
		r.emit(pk, c)
	}
}
