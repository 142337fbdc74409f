package main

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"
)

const modulePath = "github.com/puzzlejudge/judge"

// dataFolders are the top-level folders whose subfolders are data, not
// packages (configs/warm holds a program the compile cache builds).
var dataFolders = []string{"problems", "solutions", "configs"}

// treeFolders lists what the README's layout table must name: every
// top-level folder, and every folder one level inside one that holds Go
// files (testdata aside), outside the data folders.
func treeFolders(t *testing.T, root string) []string {
	t.Helper()
	top, err := os.ReadDir(root)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range top {
		if !e.IsDir() || strings.HasPrefix(e.Name(), ".") {
			continue
		}
		out = append(out, e.Name()+"/")
		if slices.Contains(dataFolders, e.Name()) {
			continue
		}
		subs, err := os.ReadDir(filepath.Join(root, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range subs {
			if !s.IsDir() || s.Name() == "testdata" {
				continue
			}
			if goFiles, _ := filepath.Glob(filepath.Join(root, e.Name(), s.Name(), "*.go")); len(goFiles) > 0 {
				out = append(out, e.Name()+"/"+s.Name()+"/")
			}
		}
	}
	sort.Strings(out)
	return out
}

// layoutTable returns the folders the README's layout table names in its
// first column, between its markers.
func layoutTable(t *testing.T, readme string) []string {
	t.Helper()
	const begin, end = "<!-- layout:", "<!-- end of layout -->"
	i, j := strings.Index(readme, begin), strings.Index(readme, end)
	if i < 0 || j < i {
		t.Fatalf("README.md has no layout table between %q and %q", begin, end)
	}
	folder := regexp.MustCompile("`([a-z0-9-]+/(?:[a-z0-9-]+/)?)`")
	var out []string
	for _, line := range strings.Split(readme[i:j], "\n") {
		if !strings.HasPrefix(line, "| `") {
			continue
		}
		first := strings.SplitN(line[1:], "|", 2)[0]
		for _, m := range folder.FindAllStringSubmatch(first, -1) {
			out = append(out, m[1])
		}
	}
	sort.Strings(out)
	return out
}

// TestLayoutTable checks that the README's layout table names exactly the
// folders of the tree, so that neither drifts from the other.
func TestLayoutTable(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	want, got := treeFolders(t, ".."), layoutTable(t, string(b))
	for _, f := range want {
		if !slices.Contains(got, f) {
			t.Errorf("README.md's layout table does not name %s", f)
		}
	}
	for _, f := range got {
		if !slices.Contains(want, f) {
			t.Errorf("README.md's layout table names %s, which is not a folder of the tree (or holds no Go files)", f)
		}
	}
	for _, area := range []string{"runner", "core", "authoring", "service", "internal"} {
		doc, err := os.ReadFile(filepath.Join("..", area, "doc.go"))
		if err != nil {
			t.Errorf("%s/ has no doc.go drawing its layout: %v", area, err)
			continue
		}
		if !strings.Contains(string(doc), "# Layout") {
			t.Errorf("%s/doc.go has no # Layout section", area)
		}
		for _, f := range want {
			if sub, ok := strings.CutPrefix(f, area+"/"); ok && !strings.Contains(string(doc), "\t"+sub) {
				t.Errorf("%s/doc.go's layout does not name %s", area, sub)
			}
		}
	}
}

// moduleImports reads the imports of every package of the module (its
// non-test files) from the tree under root: package path (relative to the
// module) → the module's packages it imports.
func moduleImports(t *testing.T, root string) map[string][]string {
	t.Helper()
	imports := map[string][]string{}
	fset := token.NewFileSet()
	err := filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if n := d.Name(); n == "testdata" || (strings.HasPrefix(n, ".") && p != root) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, p, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, filepath.Dir(p))
		pkg := filepath.ToSlash(rel)
		if _, ok := imports[pkg]; !ok {
			imports[pkg] = nil
		}
		for _, imp := range f.Imports {
			ip := strings.Trim(imp.Path.Value, `"`)
			if dep, ok := strings.CutPrefix(ip, modulePath+"/"); ok && !slices.Contains(imports[pkg], dep) {
				imports[pkg] = append(imports[pkg], dep)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return imports
}

// deps returns every package of the module pkg depends on, directly or not.
func deps(imports map[string][]string, pkg string) []string {
	seen := map[string]bool{}
	var walk func(string)
	walk = func(p string) {
		for _, d := range imports[p] {
			if !seen[d] {
				seen[d] = true
				walk(d)
			}
		}
	}
	walk(pkg)
	out := make([]string, 0, len(seen))
	for d := range seen {
		out = append(out, d)
	}
	sort.Strings(out)
	return out
}

// reportLeaves are the core's packages of report data: the sandbox takes
// its vocabulary from them and the web page reads reports with them, so
// they import nothing of the module but each other.
var reportLeaves = []string{"core/judging", "core/verdict", "core/figures"}

func inArea(pkg, area string) bool { return pkg == area || strings.HasPrefix(pkg, area+"/") }

// TestLayoutImports checks the direction of the imports that the README's
// layout promises: the sandbox and the core import neither the authoring
// tools nor the service, the sandbox of the core only the report's leaves, the authoring tools do not import the service,
// and of the service's parts only the assembly and the worker reach the
// sandbox (the web page, the API, the store and the queue do not).
func TestLayoutImports(t *testing.T) {
	imports := moduleImports(t, "..")
	if len(imports) < 20 {
		t.Fatalf("read %d packages of the module; the walk is broken", len(imports))
	}
	judging := []string{"service", "service/worker"}
	for pkg := range imports {
		all := deps(imports, pkg)
		for _, d := range all {
			switch {
			case inArea(pkg, "runner") && inArea(d, "core") && !slices.Contains(reportLeaves, d):
				t.Errorf("%s imports %s: of the core the sandbox imports only the report's leaves %v (its Status and Mode are report data)", pkg, d, reportLeaves)
			case (inArea(pkg, "runner") || inArea(pkg, "core")) && (inArea(d, "authoring") || inArea(d, "service") || d == "judge"):
				t.Errorf("%s imports %s: the sandbox and the core must not depend on the authoring tools, the service or the CLI", pkg, d)
			case inArea(pkg, "authoring") && (inArea(d, "service") || d == "judge"):
				t.Errorf("%s imports %s: the authoring tools must not depend on the service or the CLI", pkg, d)
			case inArea(pkg, "service") && !slices.Contains(judging, pkg) && inArea(d, "runner"):
				t.Errorf("%s imports %s: only the service's assembly and its worker may reach the sandbox", pkg, d)
			}
		}
	}
	if !slices.Contains(deps(imports, "service/worker"), "runner") {
		t.Errorf("service/worker does not reach runner: the import walk is broken")
	}
	for _, leaf := range reportLeaves {
		for _, d := range imports[leaf] {
			if !slices.Contains(reportLeaves, d) {
				t.Errorf("%s imports %s: the report's leaves, which both the sandbox and the web page read, import nothing else of the module", leaf, d)
			}
		}
	}
}
