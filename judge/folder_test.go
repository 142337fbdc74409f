package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestSubmitFolder judges submissions that are folders of several files,
// picked as a Kattis package's folder submissions are: the C files are
// compiled and linked together, the Python module is imported beside the
// main file, and a folder with nothing to judge is a one-line error.
func TestSubmitFolder(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("needs root for the full sandbox")
	}
	root := fixture(t)
	write := func(dir, name, body string) {
		t.Helper()
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	c := filepath.Join(t.TempDir(), "c")
	write(c, "main.c", "#include <stdio.h>\n#include \"add.h\"\nint main(void){long long a,b;if(scanf(\"%lld %lld\",&a,&b)!=2)return 1;printf(\"%lld\\n\",add(a,b));return 0;}\n")
	write(c, "add.h", "long long add(long long a, long long b);\n")
	write(c, "add.c", "#include \"add.h\"\nlong long add(long long a, long long b){return a+b;}\n")
	judge(t, root, "submit", "sum", c).want(t, 0, "verdict AC")

	// The same folder without add.c does not link: the files really are
	// what is compiled.
	os.Remove(filepath.Join(c, "add.c"))
	judge(t, root, "submit", "sum", c).want(t, exitVerdict, "verdict CE")

	py := filepath.Join(t.TempDir(), "py")
	write(py, "main.py", "import sys\nfrom helper import add\na, b = map(int, sys.stdin.read().split())\nprint(add(a, b))\n")
	write(py, "helper.py", "def add(a, b):\n    return a + b + 1\n")
	judge(t, root, "submit", "sum", py).want(t, exitVerdict, "verdict WA")

	empty := t.TempDir()
	judge(t, root, "submit", "sum", empty).want(t, exitUsage, "the folder holds no file")
}

// TestSubmitFolderHostile submits, through the judge binary, folders made
// to read the judge's host or take it down: each is refused before it is
// judged, exit 2 with one line naming the file and what is wrong, and
// neither a root-only file's contents nor the judge's environment comes
// out; a build that leaves 3 GiB of sparse files (past compile_memory,
// a compile's disk) is a compile error that writes little to the host's
// disk and nothing to the compile cache.
func TestSubmitFolderHostile(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("needs root for the full sandbox (and to be the root that reads a root-only file)")
	}
	root := fixture(t)
	secret := filepath.Join(t.TempDir(), "secret")
	const secretText = "hunter2_root_only_canary"
	if err := os.WriteFile(secret, []byte(secretText+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	const envMarker = "envmarker_of_the_judge_42"
	mk := func(t *testing.T, dir, name, body string, perm os.FileMode) {
		t.Helper()
		write(t, filepath.Join(dir, name), body)
		if err := os.Chmod(filepath.Join(dir, name), perm); err != nil {
			t.Fatal(err)
		}
	}
	link := func(t *testing.T, dir, name, target string) {
		t.Helper()
		if err := os.Symlink(target, filepath.Join(dir, name)); err != nil {
			t.Fatal(err)
		}
	}
	cases := []struct {
		name string
		make func(t *testing.T, dir string)
		file string // the file the error names
		want string
	}{
		{"run script reading links", func(t *testing.T, dir string) {
			mk(t, dir, "run", "#!/bin/sh\ncat canary judgeenv >&2\nexit 3\n", 0o755)
			link(t, dir, "canary", secret)
			link(t, dir, "judgeenv", "/proc/self/environ")
		}, "canary", "a symbolic link"},
		{"C folder including a link", func(t *testing.T, dir string) {
			mk(t, dir, "main.c", "#include \"secret.h\"\nint main(void) { return 0; }\n", 0o644)
			link(t, dir, "secret.h", secret)
		}, "secret.h", "a symbolic link"},
		{"1 TiB sparse file in a sub-folder", func(t *testing.T, dir string) {
			mk(t, dir, "run", "#!/bin/sh\necho 0\n", 0o755)
			mk(t, dir, "sub/big", "", 0o644)
			if err := os.Truncate(filepath.Join(dir, "sub", "big"), 1<<40); err != nil {
				t.Fatal(err)
			}
		}, "sub/big", "over the source limit of 256KiB together"},
		{"too many files", func(t *testing.T, dir string) {
			mk(t, dir, "main.py", "print(0)\n", 0o644)
			for i := range 300 {
				mk(t, dir, fmt.Sprintf("lib/m%03d.py", i), "", 0o644)
			}
		}, "lib", "more than 256 files and folders"},
		{"too deep", func(t *testing.T, dir string) {
			mk(t, dir, "main.py", "print(0)\n", 0o644)
			mk(t, dir, strings.Repeat("d/", 9)+"x.py", "", 0o644)
		}, strings.Repeat("d/", 8) + "d", "folders more than 8 deep"},
		{"fifo", func(t *testing.T, dir string) {
			mk(t, dir, "main.py", "print(0)\n", 0o644)
			if err := syscall.Mkfifo(filepath.Join(dir, "input"), 0o644); err != nil {
				t.Fatal(err)
			}
		}, "input", "a fifo"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "folder")
			if err := os.Mkdir(dir, 0o755); err != nil {
				t.Fatal(err)
			}
			c.make(t, dir)
			o := runJudge(t, t.TempDir(), []string{"PJ_TEST_MARKER=" + envMarker},
				submitArgs(t, root, "--cache-dir", t.TempDir(), "submit", "sum", dir, "--format", "json")...)
			all := o.stdout + o.stderr
			if strings.Contains(all, secretText) || strings.Contains(all, envMarker) {
				// Not printed: it would be the environment of the test.
				t.Fatalf("the output holds the root-only file (%t) or the judge's environment (%t)",
					strings.Contains(all, secretText), strings.Contains(all, envMarker))
			}
			want := "judge: " + filepath.Join(dir, c.file) + ": "
			if o.code != exitUsage || o.stdout != "" || strings.Count(o.stderr, "\n") != 1 ||
				!strings.HasPrefix(o.stderr, want) || !strings.Contains(o.stderr, c.want) {
				t.Errorf("exit %d, stdout %.300q, stderr %.300q; want exit %d and one line starting %q saying %q",
					o.code, o.stdout, o.stderr, exitUsage, want, c.want)
			}
		})
	}

	t.Run("build leaving 3 GiB of sparse files", func(t *testing.T) {
		dir := filepath.Join(t.TempDir(), "folder")
		mk(t, dir, "build", "#!/bin/sh\nfor i in $(seq 48); do truncate -s 64M big$i || exit 1; done\nprintf '#!/bin/sh\\necho 0\\n' > run\nchmod +x run\n", 0o755)
		cache := t.TempDir()
		o := runJudge(t, t.TempDir(), nil, submitArgs(t, root, "--cache-dir", cache, "submit", "sum", dir, "--format", "json")...)
		if o.code != exitVerdict || !strings.Contains(o.stdout, `"CE"`) || !strings.Contains(o.stdout, "more than its box may bring out") {
			t.Errorf("exit %d, want %d with a compile error saying the build left too much:\n%s\n%s", o.code, exitVerdict, o.stdout, o.stderr)
		}
		var used int64
		err := filepath.WalkDir(cache, func(path string, d os.DirEntry, err error) error {
			if err != nil {
				return err
			}
			var st syscall.Stat_t
			if err := syscall.Lstat(path, &st); err != nil {
				return err
			}
			used += st.Blocks * 512
			if strings.HasPrefix(d.Name(), "big") {
				t.Errorf("the compile cache holds %s", path)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		if used > 16<<20 {
			t.Errorf("the compile cache takes %d bytes after the build", used)
		}
	})
}
