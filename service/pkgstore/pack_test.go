package pkgstore

import (
	"archive/tar"
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func writeTree(t *testing.T, root string, files map[string]string) {
	t.Helper()
	for name, body := range files {
		p := filepath.Join(root, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func TestPackIsCanonical(t *testing.T) {
	files := map[string]string{"problem.yaml": "title: x\n", "tests/1.in": "1 2\n", "tests/1.out": "3\n", "b/a": "z"}
	a, b := t.TempDir(), t.TempDir()
	writeTree(t, a, files)
	writeTree(t, b, files)
	old := time.Date(2001, 2, 3, 4, 5, 6, 0, time.UTC)
	if err := os.Chtimes(filepath.Join(b, "tests/1.in"), old, old); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("1.out", filepath.Join(a, "tests/ans")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("1.out", filepath.Join(b, "tests/ans")); err != nil {
		t.Fatal(err)
	}
	da, ha, err := Pack(a)
	if err != nil {
		t.Fatal(err)
	}
	db, hb, err := Pack(b)
	if err != nil {
		t.Fatal(err)
	}
	if ha != hb || !bytes.Equal(da, db) {
		t.Errorf("the same tree packed to %s and %s", ha, hb)
	}
	if !ValidHash(ha) {
		t.Errorf("hash %q is not sha256 hex", ha)
	}
	if err := os.Chmod(filepath.Join(b, "tests/1.in"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, hc, _ := Pack(b); hc == ha {
		t.Error("a mode change did not change the hash")
	}
	// Round trip: the unpacked tree packs to the same archive.
	dst := filepath.Join(t.TempDir(), "x")
	if err := Unpack(bytes.NewReader(da), dst, 1<<20); err != nil {
		t.Fatal(err)
	}
	if _, hd, err := Pack(dst); err != nil || hd != ha {
		t.Errorf("unpacked tree packs to %s (%v), want %s", hd, err, ha)
	}
	if got, _ := os.Readlink(filepath.Join(dst, "tests/ans")); got != "1.out" {
		t.Errorf("link unpacked to %q", got)
	}
}

func TestPackRefusesLinksOut(t *testing.T) {
	for _, target := range []string{"/etc/passwd", "../../x", "../..", "../../../y"} {
		dir := t.TempDir()
		writeTree(t, dir, map[string]string{"a/f": "1"})
		if err := os.Symlink(target, filepath.Join(dir, "a/l")); err != nil {
			t.Fatal(err)
		}
		if _, _, err := Pack(dir); err == nil || !strings.Contains(err.Error(), "leaves the package") {
			t.Errorf("link to %q: err %v, want it refused", target, err)
		}
	}
}

type ent struct {
	name, link string
	typ        byte
	body       string
	size       int64
}

func archive(t *testing.T, ents []ent) []byte {
	t.Helper()
	var buf bytes.Buffer
	tw := tar.NewWriter(&buf)
	for _, e := range ents {
		h := &tar.Header{Name: e.name, Typeflag: e.typ, Linkname: e.link, Mode: 0o644, Size: int64(len(e.body))}
		if e.typ != tar.TypeReg {
			h.Size = 0
		}
		if err := tw.WriteHeader(h); err != nil {
			t.Fatal(err)
		}
		if e.typ == tar.TypeReg {
			if _, err := tw.Write([]byte(e.body)); err != nil {
				t.Fatal(err)
			}
		}
	}
	if err := tw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func TestUnpackHostile(t *testing.T) {
	for _, tc := range []struct {
		name string
		ents []ent
	}{
		{"absolute", []ent{{name: "/tmp/x", typ: tar.TypeReg, body: "a"}}},
		{"dotdot", []ent{{name: "a/../../x", typ: tar.TypeReg, body: "a"}}},
		{"dotdot dir", []ent{{name: "../", typ: tar.TypeDir}}},
		{"link out absolute", []ent{{name: "l", typ: tar.TypeSymlink, link: "/etc"}}},
		{"link out relative", []ent{{name: "a/l", typ: tar.TypeSymlink, link: "../../etc"}}},
		{"write through link", []ent{{name: "d", typ: tar.TypeDir}, {name: "l", typ: tar.TypeSymlink, link: "d"}, {name: "l/f", typ: tar.TypeReg, body: "x"}}},
		{"chain of links out", []ent{
			{name: "deep/a", typ: tar.TypeDir},
			{name: "deep/a/b", typ: tar.TypeSymlink, link: ".."},
			{name: "top", typ: tar.TypeSymlink, link: "deep/a/b/../.."},
		}},
		{"dangling", []ent{{name: "l", typ: tar.TypeSymlink, link: "nothing"}}},
		{"hard link", []ent{{name: "f", typ: tar.TypeReg, body: "x"}, {name: "h", typ: tar.TypeLink, link: "f"}}},
		{"device", []ent{{name: "dev", typ: tar.TypeChar}}},
		{"duplicate", []ent{{name: "f", typ: tar.TypeReg, body: "x"}, {name: "f", typ: tar.TypeReg, body: "y"}}},
		{"too big", []ent{{name: "f", typ: tar.TypeReg, body: strings.Repeat("x", 600)}, {name: "g", typ: tar.TypeReg, body: strings.Repeat("x", 600)}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root := t.TempDir()
			dst := filepath.Join(root, "pkg")
			if err := Unpack(bytes.NewReader(archive(t, tc.ents)), dst, 1000); err == nil {
				t.Error("unpacked; want it refused")
			}
			// Nothing was written outside dst.
			ents, _ := os.ReadDir(root)
			if len(ents) != 1 || ents[0].Name() != "pkg" {
				t.Errorf("wrote beside the package: %v", ents)
			}
		})
	}
}
