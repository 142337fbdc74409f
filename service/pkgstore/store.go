package pkgstore

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"io"

	"github.com/nats-io/nats.go/jetstream"
	"github.com/puzzlejudge/judge/service/natsrv"
)

// Bucket names in JetStream.
const (
	PackagesBucket = "packages" // object store: sha256 hex → canonical tar
	ProblemsBucket = "problems" // key-value: problem slug → sha256 hex
)

// DefaultMaxBytes bounds one package's unpacked content and its archive.
const DefaultMaxBytes = 512 << 20

// ErrNoPackage is wrapped by the errors for a hash or slug the store does
// not hold.
var ErrNoPackage = errors.New("no such package")

// ErrBadPackage is wrapped by the errors for a package that cannot be
// used however often it is fetched: content not matching its hash, too
// big, or an archive that does not unpack safely.
var ErrBadPackage = errors.New("bad package")

// Store keeps packages in JetStream by content.
type Store struct {
	obs jetstream.ObjectStore
	kv  jetstream.KeyValue
}

// Setup creates (or updates) the buckets; only the server calls it.
// replicas is the buckets' replica count; 0 takes
// natsrv.ClusterReplicas (3 on a cluster, 1 on a single server).
func Setup(ctx context.Context, js jetstream.JetStream, replicas int) (*Store, error) {
	if replicas < 1 {
		replicas = natsrv.ClusterReplicas(js.Conn())
	}
	obs, err := js.CreateOrUpdateObjectStore(ctx, jetstream.ObjectStoreConfig{
		Bucket: PackagesBucket, Description: "problem packages by sha256", Storage: jetstream.FileStorage, Replicas: replicas,
	})
	if err != nil {
		return nil, fmt.Errorf("packages bucket: %w", err)
	}
	kv, err := js.CreateOrUpdateKeyValue(ctx, jetstream.KeyValueConfig{
		Bucket: ProblemsBucket, Description: "problem slug to package sha256", Storage: jetstream.FileStorage, Replicas: replicas, History: 5,
	})
	if err != nil {
		return nil, fmt.Errorf("problems bucket: %w", err)
	}
	return &Store{obs: obs, kv: kv}, nil
}

// Open binds to buckets the server created; workers call it. The problems
// bucket is optional for them (nil when they may not read it).
func Open(ctx context.Context, js jetstream.JetStream) (*Store, error) {
	obs, err := js.ObjectStore(ctx, PackagesBucket)
	if err != nil {
		return nil, fmt.Errorf("packages bucket: %w", err)
	}
	kv, _ := js.KeyValue(ctx, ProblemsBucket)
	return &Store{obs: obs, kv: kv}, nil
}

// Publish packs the problem folder dir, stores the archive under its hash
// (once: an archive already there is not sent again) and records
// slug → hash. It returns the hash.
func (s *Store) Publish(ctx context.Context, slug, dir string) (string, error) {
	data, hash, err := Pack(dir)
	if err != nil {
		return "", err
	}
	if _, err := s.obs.GetInfo(ctx, hash); errors.Is(err, jetstream.ErrObjectNotFound) {
		if _, err := s.obs.PutBytes(ctx, hash, data); err != nil {
			return "", fmt.Errorf("store package %s: %w", slug, err)
		}
	} else if err != nil {
		return "", fmt.Errorf("store package %s: %w", slug, err)
	}
	if s.kv == nil {
		return "", errors.New("store package: no problems bucket")
	}
	if _, err := s.kv.Put(ctx, slug, []byte(hash)); err != nil {
		return "", fmt.Errorf("record package of %s: %w", slug, err)
	}
	return hash, nil
}

// Hash returns the package hash recorded for a problem slug.
func (s *Store) Hash(ctx context.Context, slug string) (string, error) {
	if s.kv == nil {
		return "", errors.New("no problems bucket")
	}
	e, err := s.kv.Get(ctx, slug)
	if errors.Is(err, jetstream.ErrKeyNotFound) {
		return "", fmt.Errorf("problem %s: %w", slug, ErrNoPackage)
	}
	if err != nil {
		return "", fmt.Errorf("problem %s: %w", slug, err)
	}
	return string(e.Value()), nil
}

// Fetch returns the archive stored under hash, after checking that its
// content hashes to the name, both as sha256 of the bytes and against the
// object store's own digest.
func (s *Store) Fetch(ctx context.Context, hash string, maxBytes int64) ([]byte, error) {
	if !ValidHash(hash) {
		return nil, fmt.Errorf("package %q: not a sha256 hash: %w", hash, ErrNoPackage)
	}
	res, err := s.obs.Get(ctx, hash)
	if errors.Is(err, jetstream.ErrObjectNotFound) {
		return nil, fmt.Errorf("package %s: %w", hash, ErrNoPackage)
	}
	if err != nil {
		return nil, fmt.Errorf("fetch package %s: %w", hash, err)
	}
	defer res.Close()
	info, err := res.Info()
	if err != nil {
		return nil, fmt.Errorf("fetch package %s: %w", hash, err)
	}
	if int64(info.Size) > maxBytes {
		return nil, fmt.Errorf("package %s: %d bytes, more than %d: %w", hash, info.Size, maxBytes, ErrBadPackage)
	}
	var buf bytes.Buffer
	if _, err := io.Copy(&buf, io.LimitReader(res, maxBytes+1)); err != nil {
		return nil, fmt.Errorf("fetch package %s: %w", hash, err)
	}
	sum := sha256.Sum256(buf.Bytes())
	if hex.EncodeToString(sum[:]) != hash {
		return nil, fmt.Errorf("package %s: content hashes to %x: %w", hash, sum, ErrBadPackage)
	}
	if want := "SHA-256=" + base64.URLEncoding.EncodeToString(sum[:]); info.Digest != want {
		return nil, fmt.Errorf("package %s: object digest %q, want %q: %w", hash, info.Digest, want, ErrBadPackage)
	}
	return buf.Bytes(), nil
}

// Watch calls fn with the hash of every package stored from now on (and
// of those already stored), until ctx ends.
func (s *Store) Watch(ctx context.Context, fn func(hash string)) error {
	w, err := s.obs.Watch(ctx, jetstream.IgnoreDeletes())
	if err != nil {
		return fmt.Errorf("watch packages: %w", err)
	}
	defer w.Stop()
	for {
		select {
		case <-ctx.Done():
			return nil
		case info, ok := <-w.Updates():
			if !ok {
				return nil
			}
			if info != nil && ValidHash(info.Name) {
				fn(info.Name)
			}
		}
	}
}
