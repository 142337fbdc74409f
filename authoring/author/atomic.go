package author

import (
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/puzzlejudge/judge/internal/fileutil"
)

// WriteFile writes data to path atomically: readers see either the old
// file or the whole new one, never a part. It writes a temporary file in the
// same folder, syncs it and renames it over path.
func WriteFile(path string, data []byte, perm os.FileMode) error {
	b := &Batch{}
	b.AddData(path, data, perm)
	return b.Commit()
}

// Batch writes several files so that each appears whole: every file is
// first written in full beside its destination under a temporary name, and
// only when all are written are they renamed into place. An error before
// the renames leaves the destinations untouched.
type Batch struct {
	items []batchItem
}

type batchItem struct {
	dest string
	data []byte
	src  string // copy from this file when data is nil
	perm os.FileMode
}

// AddData adds a file with the given content.
func (b *Batch) AddData(dest string, data []byte, perm os.FileMode) {
	if data == nil {
		data = []byte{}
	}
	b.items = append(b.items, batchItem{dest: dest, data: data, perm: perm})
}

// AddCopy adds a file copied from the file src when the batch commits.
func (b *Batch) AddCopy(dest, src string, perm os.FileMode) {
	b.items = append(b.items, batchItem{dest: dest, src: src, perm: perm})
}

// Len returns the number of files in the batch.
func (b *Batch) Len() int { return len(b.items) }

// Commit writes every file of the batch.
func (b *Batch) Commit() error {
	temps := make([]string, 0, len(b.items))
	cleanup := func() {
		for _, t := range temps {
			os.Remove(t)
		}
	}
	for _, it := range b.items {
		tmp, err := writeTemp(it)
		if err != nil {
			cleanup()
			return err
		}
		temps = append(temps, tmp)
	}
	for i, it := range b.items {
		if err := os.Rename(temps[i], it.dest); err != nil {
			cleanup()
			return fmt.Errorf("write %s: %w", it.dest, err)
		}
		temps[i] = "" // renamed: nothing to remove
	}
	return nil
}

// writeTemp writes the content of it to a new temporary file beside its
// destination and returns the temporary file's name.
func writeTemp(it batchItem) (name string, err error) {
	dir, base := filepath.Split(it.dest)
	if dir == "" {
		dir = "."
	}
	f, err := os.CreateTemp(dir, "."+base+".tmp-*")
	if err != nil {
		return "", fmt.Errorf("write %s: %w", it.dest, fileutil.UnwrapPath(err))
	}
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(f.Name())
		}
	}()
	if it.data != nil {
		_, err = f.Write(it.data)
	} else {
		err = copyInto(f, it.src)
	}
	if err != nil {
		return "", fmt.Errorf("write %s: %w", it.dest, err)
	}
	if err = f.Chmod(it.perm); err != nil {
		return "", fmt.Errorf("write %s: %w", it.dest, fileutil.UnwrapPath(err))
	}
	if err = f.Sync(); err != nil {
		return "", fmt.Errorf("write %s: %w", it.dest, fileutil.UnwrapPath(err))
	}
	if err = f.Close(); err != nil {
		return "", fmt.Errorf("write %s: %w", it.dest, fileutil.UnwrapPath(err))
	}
	return f.Name(), nil
}

func copyInto(w io.Writer, src string) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	_, err = io.Copy(w, in)
	return err
}
