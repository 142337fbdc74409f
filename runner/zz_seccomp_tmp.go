package runner

// TEMPORARY until the seccomp package is merged.
func installSeccomp() error { return nil }
