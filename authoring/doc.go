// Package authoring holds the problem author's tools, built on the judging
// core: checking a package, adding and generating tests, converting
// packages. It holds no code of its own; its folders are the packages.
// Nothing in the core or the service imports them.
//
// # Layout
//
//	verify/     `judge verify`: every part of a package checked, each
//	            solution judged against its folder's verdict and its time
//	            margins, native and Kattis packages alike
//	runcache/   the run results verify keeps on disk, keyed by everything a
//	            run depends on, so an unchanged package runs nothing again
//	author/     `judge test add|fill|gen|regen`, `judge stress`,
//	            `judge new`: inputs validated, answers computed by the
//	            reference solution, tests generated and recorded, all on
//	            the core's engine (author.Tools)
//	convert/    `judge export` and `judge import`: native problems to Kattis
//	            packages and back, scoring included
//	timelimit/  the time limit of a Kattis package that gives none, derived
//	            from its example submissions (judge run, submit, verify)
//	            once, then kept in the run cache
package authoring
