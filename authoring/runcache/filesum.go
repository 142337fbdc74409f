package runcache

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"syscall"
	"time"

	"github.com/puzzlejudge/judge/runner"
)

// settleTime is how long ago a file must have last changed for its hash
// to be remembered by its stat: a file changed within a timestamp's
// granularity of being hashed could change again with the same times
// (git's "racily clean" index entries).
const settleTime = 2 * time.Second

// fileSum is what the store remembers of a HashFiles: the hash it gave.
type fileSum struct {
	Hash string `json:"hash"`
}

// HashFiles returns HashFiles(files), remembered in the store by each
// file's path, device, inode, size, modification and change time, so
// that a verify of unchanged programs (megabytes of compiled binary
// each) does not read and hash them again. Any write to a file, a
// rename over it or a new file in its place changes its change time,
// which user programs cannot set, so a changed file is hashed again. A
// file changed within settleTime is hashed every time, and a nil store
// always hashes.
func (s *Store) HashFiles(files []runner.File) (string, error) {
	return s.hashFilesAt(files, time.Now())
}

// hashFilesAt is HashFiles at the time now.
func (s *Store) hashFilesAt(files []runner.File, now time.Time) (string, error) {
	if s == nil {
		return HashFiles(files)
	}
	sum, ok := statSum(files, now)
	if !ok {
		return HashFiles(files)
	}
	var fs fileSum
	if hit, _ := s.GetSum(sum, &fs); hit && validSum(fs.Hash) {
		return fs.Hash, nil
	}
	h, err := HashFiles(files)
	if err != nil {
		return "", err
	}
	if again, ok := statSum(files, now); ok && again == sum {
		_ = s.PutSum(sum, fileSum{Hash: h}) // a sum not kept is made again next time
	}
	return h, nil
}

// statSum returns the name under which the hash of files is remembered,
// made of each file's name in the box, path and stat; false when a file
// cannot be stat'ed or changed within settleTime of now.
func statSum(files []runner.File, now time.Time) (string, bool) {
	h := sha256.New()
	fmt.Fprintf(h, "runcache files v%d\x00", Version)
	for _, f := range files {
		fi, err := os.Stat(f.Path)
		if err != nil {
			return "", false
		}
		st, ok := fi.Sys().(*syscall.Stat_t)
		if !ok || !fi.Mode().IsRegular() {
			return "", false
		}
		mtime := time.Unix(st.Mtim.Sec, st.Mtim.Nsec)
		ctime := time.Unix(st.Ctim.Sec, st.Ctim.Nsec)
		if now.Sub(mtime) < settleTime || now.Sub(ctime) < settleTime {
			return "", false
		}
		fmt.Fprintf(h, "%q %q %d %d %d %d %d\x00", f.Name, f.Path, st.Dev, st.Ino, st.Size, mtime.UnixNano(), ctime.UnixNano())
	}
	return hex.EncodeToString(h.Sum(nil)), true
}
