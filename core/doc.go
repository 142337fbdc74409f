// Package core is the judging core: everything between a submission and its
// verdict, with the sandbox (the top-level runner folder) below it. It holds
// no code of its own; its folders are the packages, each named for what it
// provides. Nothing here imports the authoring tools or the service.
//
// # Layout
//
//	config/     judge.yaml and languages.yaml loaded and checked (viper)
//	problem/    problem packages loaded into one model: native folders, and
//	            Kattis packages through problem/kattis
//	compile/    languages, compiling in a box, the compile cache, the warm
//	            build caches
//	checker/    output checkers (exact, tokens, floats, custom programs) and
//	            the WA diff
//	verdict/    verdict codes and the rules that combine them
//	grade/      one submission judged end to end: compile, run the tests on
//	            a pool, check, score, report
//	scoring/    the rules of scoring problems: tests' results to a score and
//	            group results (legacy graders, 2025-09 groups, native
//	            groups), the custom grader's protocol, scores as pass-fail
//	            terms
//	judging/    the report as data, the types of its JSON, free of the
//	            sandbox so that the web page can read it
//	figures/    sizes, memory, times and scores written one way everywhere
//	report/     reports rendered as text for people and as JSON
//	feedback/   what of a report a viewer may see: the one filter of the
//	            service's answers, events and pages
//	engine/     the stack assembled once from a configuration: sandbox,
//	            compiler, checkers, grader; or the sandbox alone, for
//	            doctor's look at the machine
//
// A submission goes config → problem → compile → runner → checker → verdict
// → scoring → grade's report; engine wires those for every caller (the CLI,
// the authoring tools, the workers), and grade runs the tests on
// internal/pool.
package core
