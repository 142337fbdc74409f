// Package compile turns submissions into programs the runner can run: it
// knows the languages of configs/languages.yaml, compiles a source in a box
// under the compile limits, and keeps the results in a content-addressed
// cache under the cache folder.
//
// # The cache
//
// An entry's key is a hash of everything that can change what a compile
// makes: the language's name, source file name, compile command,
// environment and artifacts; the compiler's identity (the output of the
// language's version command, run once per Compiler, or else the path, size
// and modification time of the compiler's binary); the compile limits; and
// the source itself, and every other source the compile command's
// {sources} takes (a C or C++ folder program), with its name. A cache
// hit is reported with Compilation.Cached.
//
// A program that is a folder with build and run scripts
// (BuildRunLanguage) is built by its build script in a copy of the folder
// in a box, under the compile limits; its key is the folder's content
// (every file's path, execute bit and bytes) and the limits.
//
// Successful compiles and real compile errors (the compiler exited with an
// error by itself) are stored. A compile that fails by a limit (time,
// memory, output), by a signal, or by exit status 126 or 127 (a command
// the compiler runs could not be found or run) is a compile error with a
// note saying so, and is never stored: the next compile of the same source
// runs again. A compiler that is not in the box is not a compile error at
// all but the judge's failure: Compile returns an error that names the
// compiler and the language's install hint, and wraps
// runner.ErrCommandNotFound.
//
// # Size
//
// A Compiler with a MaxCacheSize keeps the cache within it for as long as
// it lives: when what it stores takes the cache past the limit, it removes
// the least recently used programs, down to nine tenths of it, but none
// that a compile holds. A compile holds the entry it finds or stores until
// the lease in its context ends (WithLease; a grade's lasts the grade), or
// without a lease for as long as the process lives. So a long-lived judge
// (judge serve) exceeds the limit by the programs being judged at most,
// and judge cache prune removes any other while it runs.
//
// # Warm build caches
//
// A language with a Cache (Go) gets a warm build cache, built once per
// machine outside any box from a trusted source and published whole;
// every compile sees a private writable copy of it (full mode) or shares
// it (basic mode).
package compile
