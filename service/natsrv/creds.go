package natsrv

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nkeys"
)

// WorkerPermissions are what a remote worker may do: pull jobs from the
// shared consumer and acknowledge them, publish events, read problem
// packages, keep its entry in the workers registry, and get replies.
func WorkerPermissions() *server.Permissions {
	return &server.Permissions{
		Publish: &server.SubjectPermission{Allow: []string{
			"$JS.API.INFO",
			"$JS.API.STREAM.INFO.*",
			"$JS.API.CONSUMER.INFO.JOBS.*",
			"$JS.API.CONSUMER.MSG.NEXT.JOBS.*",
			"$JS.ACK.JOBS.>",
			"pj.ev.>",
			"pj.live.>",
			// The object store's reads: ordered consumers and direct gets.
			"$JS.API.CONSUMER.CREATE.OBJ_packages.>",
			"$JS.API.CONSUMER.CREATE.OBJ_packages",
			"$JS.API.CONSUMER.DELETE.OBJ_packages.>",
			"$JS.API.CONSUMER.MSG.NEXT.OBJ_packages.>",
			"$JS.API.DIRECT.GET.OBJ_packages.>",
			"$JS.API.DIRECT.GET.OBJ_packages",
			"$JS.API.STREAM.MSG.GET.OBJ_packages",
			"$JS.FC.OBJ_packages.>",
			// The workers registry.
			"$KV.workers.>",
			"$JS.API.DIRECT.GET.KV_workers.>",
			"$JS.API.STREAM.MSG.GET.KV_workers",
		}},
		Subscribe: &server.SubjectPermission{Allow: []string{"_INBOX.>"}},
	}
}

// WriteWorkerKey creates a new user nkey for a worker, writes its seed to
// path (mode 0600, through a temp file) and returns its public key, which
// the server lists in Options.WorkerKeys.
func WriteWorkerKey(path string) (string, error) {
	kp, err := nkeys.CreateUser()
	if err != nil {
		return "", fmt.Errorf("create worker key: %w", err)
	}
	seed, _ := kp.Seed()
	pub, _ := kp.PublicKey()
	tmp, err := os.CreateTemp(filepath.Dir(path), ".creds-*")
	if err != nil {
		return "", fmt.Errorf("write worker key: %w", err)
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(append(seed, '\n')); err != nil {
		tmp.Close()
		return "", fmt.Errorf("write worker key: %w", err)
	}
	if err := tmp.Close(); err != nil {
		return "", fmt.Errorf("write worker key: %w", err)
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return "", fmt.Errorf("write worker key: %w", err)
	}
	return pub, nil
}

// Dial connects to an external NATS server (or cluster: urls separated by
// commas). creds, when not empty, is either a NATS .creds file (user JWT
// and seed) or a file holding a user nkey seed as WriteWorkerKey writes
// it. The connection reconnects forever.
func Dial(urls, creds, name string, opts ...nats.Option) (*nats.Conn, error) {
	all := []nats.Option{
		nats.Name(name),
		nats.MaxReconnects(-1),
		nats.ReconnectWait(250 * time.Millisecond),
		nats.Timeout(10 * time.Second),
	}
	if creds != "" {
		data, err := os.ReadFile(creds)
		if err != nil {
			return nil, fmt.Errorf("credentials: %w", err)
		}
		switch {
		case bytes.Contains(data, []byte("BEGIN NATS USER JWT")):
			all = append(all, nats.UserCredentials(creds))
		default:
			kp, err := nkeys.FromSeed(bytes.TrimSpace(data))
			if err != nil {
				return nil, fmt.Errorf("%s: neither a .creds file nor an nkey seed: %w", creds, err)
			}
			if _, err := kp.Seed(); err != nil {
				return nil, fmt.Errorf("%s: %w", creds, err)
			}
			pub, _ := kp.PublicKey()
			all = append(all, nats.Nkey(pub, kp.Sign))
		}
	}
	if urls == "" {
		return nil, errors.New("no NATS url")
	}
	nc, err := nats.Connect(urls, append(all, opts...)...)
	if err != nil {
		return nil, fmt.Errorf("connect to %s: %w", urls, err)
	}
	return nc, nil
}

// WorkerKey returns the public key of the worker seed kept at path,
// creating the seed first (as WriteWorkerKey does) when there is none.
func WorkerKey(path string) (pub string, created bool, err error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		pub, err := WriteWorkerKey(path)
		return pub, err == nil, err
	}
	if err != nil {
		return "", false, fmt.Errorf("worker key: %w", err)
	}
	kp, err := nkeys.FromSeed(bytes.TrimSpace(data))
	if err != nil {
		return "", false, fmt.Errorf("worker key %s: not an nkey seed: %w", path, err)
	}
	if pub, err = kp.PublicKey(); err != nil {
		return "", false, fmt.Errorf("worker key %s: %w", path, err)
	}
	return pub, false, nil
}
