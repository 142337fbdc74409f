package compile

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"github.com/puzzlejudge/judge/internal/fileutil"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"

	"github.com/puzzlejudge/judge/runner"
)

// warmCache returns the host directory of the language's warm build cache,
// building it first if needed. It is built outside any box from the
// trusted warm-up source only, and published by rename, whole. id is the
// compiler's identity: a new compiler gets a new warm cache.
func (c *Compiler) warmCache(ctx context.Context, lang *Language, id string) (string, error) {
	h := sha256.Sum256([]byte(id + "\x00" + strings.Join(lang.Compile, "\x00") + "\x00" + strings.Join(lang.Env, "\x00")))
	dir := filepath.Join(c.CacheDir, "warm", lang.Name+"-"+hex.EncodeToString(h[:8]))
	if _, err := os.Stat(filepath.Join(dir, ".complete")); err == nil {
		return dir, nil
	}
	if err := os.MkdirAll(filepath.Dir(dir), 0o755); err != nil {
		return "", err
	}
	lock, err := os.OpenFile(dir+".lock", os.O_CREATE|os.O_RDWR, 0o644)
	if err != nil {
		return "", fmt.Errorf("lock warm cache: %w", err)
	}
	defer lock.Close()
	if err := syscall.Flock(int(lock.Fd()), syscall.LOCK_EX); err != nil {
		return "", fmt.Errorf("lock warm cache: %w", err)
	}
	defer syscall.Flock(int(lock.Fd()), syscall.LOCK_UN)
	if _, err := os.Stat(filepath.Join(dir, ".complete")); err == nil {
		return dir, nil
	}
	if c.OnWarm != nil {
		c.OnWarm(lang.Name)
	}
	tmp, err := os.MkdirTemp(filepath.Dir(dir), ".warm-")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(tmp)
	cacheDir := filepath.Join(tmp, "cache")
	work := filepath.Join(tmp, "work")
	if err := os.MkdirAll(cacheDir, 0o755); err != nil {
		return "", err
	}
	if err := os.MkdirAll(work, 0o755); err != nil {
		return "", err
	}
	warmSrc := lang.Cache.WarmSource
	if !filepath.IsAbs(warmSrc) {
		warmSrc = filepath.Join(c.ConfigDir, warmSrc)
	}
	if err := fileutil.Copy(warmSrc, filepath.Join(work, lang.Source), 0o644); err != nil {
		return "", fmt.Errorf("warm cache for %s: %w", lang.Name, err)
	}
	cmd := exec.CommandContext(ctx, lang.Compile[0], lang.Compile[1:]...)
	cmd.Dir = work
	cmd.Env = append([]string{"PATH=" + runner.BoxPath, "HOME=" + work, "TMPDIR=" + work}, replaceAll(replaceAll(lang.Env, "{cache}", cacheDir), "{box}", work)...)
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("warm cache for %s: %v: %s", lang.Name, err, trimOutput(string(out), false))
	}
	if err := os.WriteFile(filepath.Join(cacheDir, ".complete"), nil, 0o644); err != nil {
		return "", err
	}
	if err := os.Chmod(cacheDir, 0o755); err != nil {
		return "", err
	}
	if err := os.Rename(cacheDir, dir); err != nil {
		return "", fmt.Errorf("publish warm cache: %w", err)
	}
	return dir, nil
}

// linkCache makes a private copy of a warm build cache in the temporary
// folder (which a box uid can reach), of hard links to its files where it
// can (copies across file systems): a compile (basic mode, possibly as a
// box uid) can add entries to it but not change the warm cache's own,
// which stay read-only to it. The caller removes it.
func linkCache(warm string) (string, error) {
	dir, err := os.MkdirTemp("", "judge-gocache-")
	if err != nil {
		return "", fmt.Errorf("private build cache: %w", err)
	}
	err = filepath.WalkDir(warm, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(warm, path)
		if err != nil {
			return err
		}
		dst := filepath.Join(dir, rel)
		switch {
		case d.IsDir():
			if rel == "." {
				return os.Chmod(dst, 0o777)
			}
			// World-writable: the compile may run as a box uid.
			if err := os.Mkdir(dst, 0o777); err != nil {
				return err
			}
			return os.Chmod(dst, 0o777)
		case d.Type().IsRegular():
			return fileutil.LinkOrCopy(path, dst, 0o444)
		}
		return nil // links and others are not part of a build cache
	})
	if err != nil {
		os.RemoveAll(dir)
		return "", fmt.Errorf("private build cache: %w", err)
	}
	return dir, nil
}
