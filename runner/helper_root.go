package runner

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"

	"golang.org/x/sys/unix"
)

// setupRoot builds the box's root filesystem in the helper's own mount
// namespace and pivots into it.
func setupRoot(cfg helperConfig) error {
	if err := unix.Mount("", "/", "", unix.MS_REC|unix.MS_PRIVATE, ""); err != nil {
		return fmt.Errorf("make mounts private: %w", err)
	}
	root := filepath.Join(cfg.Dir, "root")
	if err := unix.Mount("tmpfs", root, "tmpfs", unix.MS_NOSUID|unix.MS_NODEV, "size=1m,nr_inodes=4096,mode=0755"); err != nil {
		return fmt.Errorf("mount root tmpfs: %w", err)
	}
	for _, p := range cfg.Binds {
		if err := bindInto(root, p, p, true); err != nil {
			return err
		}
	}
	// /dev holds only what programs legitimately need.
	if err := os.MkdirAll(filepath.Join(root, "dev"), 0o755); err != nil {
		return err
	}
	for _, d := range []string{"null", "zero", "urandom"} {
		target := filepath.Join(root, "dev", d)
		if err := touch(target); err != nil {
			return err
		}
		if err := unix.Mount("/dev/"+d, target, "", unix.MS_BIND, ""); err != nil {
			return fmt.Errorf("bind /dev/%s: %w", d, err)
		}
		if err := unix.Mount("", target, "", unix.MS_BIND|unix.MS_REMOUNT|unix.MS_NOSUID|unix.MS_NOEXEC, ""); err != nil {
			return fmt.Errorf("remount /dev/%s: %w", d, err)
		}
	}
	for name, target := range map[string]string{"fd": "/proc/self/fd", "stdin": "/proc/self/fd/0", "stdout": "/proc/self/fd/1", "stderr": "/proc/self/fd/2"} {
		if err := os.Symlink(target, filepath.Join(root, "dev", name)); err != nil {
			return err
		}
	}
	for _, d := range []struct {
		host, box string
		ro        bool
	}{{"work", "/box", false}, {"tmp", "/tmp", false}, {"prog", "/prog", true}} {
		if err := bindInto(root, filepath.Join(cfg.Dir, d.host), d.box, d.ro); err != nil {
			return err
		}
	}
	for i, o := range cfg.Overlays {
		base := filepath.Join(cfg.Dir, "overlay", strconv.Itoa(i))
		upper, work := filepath.Join(base, "upper"), filepath.Join(base, "work")
		target := filepath.Join(root, o.Box)
		if err := os.MkdirAll(target, 0o755); err != nil {
			return err
		}
		opts := fmt.Sprintf("lowerdir=%s,upperdir=%s,workdir=%s", o.Host, upper, work)
		if err := unix.Mount("overlay", target, "overlay", unix.MS_NOSUID|unix.MS_NODEV, opts); err != nil {
			return fmt.Errorf("mount overlay of %s at %s: %w", o.Host, o.Box, err)
		}
	}
	proc := filepath.Join(root, "proc")
	if err := os.MkdirAll(proc, 0o555); err != nil {
		return err
	}
	if err := unix.Mount("proc", proc, "proc", unix.MS_NOSUID|unix.MS_NODEV|unix.MS_NOEXEC, ""); err != nil {
		return fmt.Errorf("mount proc: %w", err)
	}
	old := filepath.Join(root, ".old")
	if err := os.Mkdir(old, 0o700); err != nil {
		return err
	}
	if err := unix.PivotRoot(root, old); err != nil {
		return fmt.Errorf("pivot_root: %w", err)
	}
	if err := unix.Chdir("/"); err != nil {
		return err
	}
	if err := unix.Unmount("/.old", unix.MNT_DETACH); err != nil {
		return fmt.Errorf("detach old root: %w", err)
	}
	if err := os.Remove("/.old"); err != nil {
		return err
	}
	if err := unix.Mount("", "/", "", unix.MS_REMOUNT|unix.MS_RDONLY|unix.MS_NOSUID|unix.MS_NODEV, ""); err != nil {
		return fmt.Errorf("remount root read-only: %w", err)
	}
	return nil
}

// bindInto shows host path src at dst below root. A symbolic link is copied
// as a link; a missing source is skipped.
func bindInto(root, src, dst string, readOnly bool) error {
	fi, err := os.Lstat(src)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	target := filepath.Join(root, dst)
	if err := os.MkdirAll(filepath.Dir(target), 0o755); err != nil {
		return err
	}
	if fi.Mode()&os.ModeSymlink != 0 {
		link, err := os.Readlink(src)
		if err != nil {
			return err
		}
		if _, err := os.Lstat(target); err == nil {
			return nil
		}
		return os.Symlink(link, target)
	}
	if fi.IsDir() {
		if err := os.MkdirAll(target, 0o755); err != nil {
			return err
		}
	} else if err := touch(target); err != nil {
		return err
	}
	if err := unix.Mount(src, target, "", unix.MS_BIND|unix.MS_REC, ""); err != nil {
		return fmt.Errorf("bind %s: %w", src, err)
	}
	flags := uintptr(unix.MS_BIND | unix.MS_REMOUNT | unix.MS_NOSUID | unix.MS_NODEV)
	if readOnly {
		flags |= unix.MS_RDONLY
	}
	if err := unix.Mount("", target, "", flags, ""); err != nil {
		return fmt.Errorf("remount %s: %w", dst, err)
	}
	return nil
}

func touch(path string) error {
	f, err := os.OpenFile(path, os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	return f.Close()
}
