// Package internal holds helpers no other module should import. It holds
// no code of its own; its folders are the packages.
//
// # Layout
//
//	fileutil/     copying files, opening regular files without following
//	              links, trimming path errors, a spare descriptor
//	mountinfo/    /proc/self/mountinfo read
//	pool/         numbered tasks run N at once, stopped at a failure: the
//	              judge's tests, the author's inputs, stress iterations
//	suggest/      the closest known name, for "did you mean"
//	termsafe/     untrusted text made safe for a terminal
//	fdtest/       tests: a process run out of descriptors
//	natstest/     tests: the embedded NATS server, started in one call
//	natscluster/  tests: a JetStream cluster of NATS servers on loopback
package internal
