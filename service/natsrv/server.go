// Package natsrv runs the NATS server the judging service queues its jobs
// on: embedded in the process with JetStream on a file store, with no
// network listener unless one is asked for (then every client must present
// an nkey), and connects clients to it or to an external server.
package natsrv

import (
	"errors"
	"fmt"
	"net"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nkeys"
	"github.com/puzzlejudge/judge/internal/fileutil"
)

// Options configure an embedded server.
type Options struct {
	// Dir is the data folder; JetStream keeps its file store in Dir/nats.
	Dir string
	// Name names the server (unique within a cluster); "" for "pj".
	Name string
	// Listen, when not empty, is the host:port clients connect to. Every
	// client must then authenticate with one of WorkerKeys' nkeys (or be the
	// in-process connection).
	Listen string
	// WorkerKeys are the public nkeys (U...) of remote workers, who get the
	// worker permissions (WorkerPermissions).
	WorkerKeys []string
	// Admins are public nkeys of clients with every permission (another
	// server process, an operator's tools).
	Admins []string
	// Cluster, when not nil, joins the server to a JetStream cluster.
	Cluster *Cluster
	// MaxStore and MaxMemory bound JetStream's file and memory storage;
	// 0 lets the server choose.
	MaxStore, MaxMemory int64
	// TLSCert and TLSKey, when set, make clients on the listener use TLS
	// (files in PEM); the in-process connection does without.
	TLSCert, TLSKey string
	// ReadyTimeout bounds the wait for the server to accept connections;
	// 0 for 10 s.
	ReadyTimeout time.Duration
}

// Cluster places a server in a cluster of servers that route to each
// other.
type Cluster struct {
	Name   string   // the cluster's name, the same on every node
	Listen string   // host:port this node accepts routes on
	Routes []string // host:port of the other nodes' route listeners
}

// Server is a running embedded NATS server.
type Server struct {
	ns *server.Server
	// seed is the in-process user's nkey seed when clients must
	// authenticate.
	seed []byte
	// jsConfig is JetStream's configuration as it started, its StoreDir
	// the folder given to the server (JetStream adds /jetstream to it).
	jsConfig server.JetStreamConfig
}

// Start starts an embedded server and waits until it accepts connections.
func Start(opt Options) (*Server, error) {
	if opt.Dir == "" {
		return nil, errors.New("natsrv: no data folder")
	}
	name := opt.Name
	if name == "" {
		name = "pj"
	}
	store := filepath.Join(opt.Dir, "nats")
	if err := os.MkdirAll(store, 0o700); err != nil {
		return nil, fmt.Errorf("natsrv: %w", err)
	}
	so := &server.Options{
		ServerName:         name,
		JetStream:          true,
		StoreDir:           store,
		JetStreamMaxStore:  opt.MaxStore,
		JetStreamMaxMemory: opt.MaxMemory,
		NoSigs:             true,
		NoLog:              true,
		DontListen:         opt.Listen == "" && opt.Cluster == nil,
	}
	if opt.Listen != "" {
		host, port, err := splitHostPort(opt.Listen)
		if err != nil {
			return nil, fmt.Errorf("natsrv: listen address: %w", err)
		}
		if port == 0 {
			port = server.RANDOM_PORT // the server's 0 would be its default, 4222
		}
		so.Host, so.Port = host, port
	} else if opt.Cluster != nil {
		// A cluster node needs a client port for its peers' clients; pick
		// a free loopback one.
		so.Host, so.Port = "127.0.0.1", server.RANDOM_PORT
	}
	if opt.TLSCert != "" || opt.TLSKey != "" {
		tc, err := server.GenTLSConfig(&server.TLSConfigOpts{CertFile: opt.TLSCert, KeyFile: opt.TLSKey})
		if err != nil {
			return nil, fmt.Errorf("natsrv: TLS: %w", err)
		}
		so.TLSConfig, so.TLS = tc, true
	}
	var seed []byte
	if opt.Listen != "" || opt.Cluster != nil {
		kp, err := nkeys.CreateUser()
		if err != nil {
			return nil, fmt.Errorf("natsrv: in-process key: %w", err)
		}
		seed, _ = kp.Seed()
		pub, _ := kp.PublicKey()
		so.Nkeys = append(so.Nkeys, &server.NkeyUser{Nkey: pub})
		for _, a := range opt.Admins {
			if !nkeys.IsValidPublicUserKey(a) {
				return nil, fmt.Errorf("natsrv: admin key %q is not a public user nkey", a)
			}
			so.Nkeys = append(so.Nkeys, &server.NkeyUser{Nkey: a})
		}
		for _, w := range opt.WorkerKeys {
			if !nkeys.IsValidPublicUserKey(w) {
				return nil, fmt.Errorf("natsrv: worker key %q is not a public user nkey", w)
			}
			so.Nkeys = append(so.Nkeys, &server.NkeyUser{Nkey: w, Permissions: WorkerPermissions()})
		}
	}
	if c := opt.Cluster; c != nil {
		host, port, err := splitHostPort(c.Listen)
		if err != nil {
			return nil, fmt.Errorf("natsrv: cluster address: %w", err)
		}
		so.Cluster = server.ClusterOpts{Name: c.Name, Host: host, Port: port}
		for _, r := range c.Routes {
			so.Routes = append(so.Routes, &url.URL{Scheme: "nats-route", Host: r})
		}
	}
	ns, err := server.NewServer(so)
	if err != nil {
		return nil, fmt.Errorf("natsrv: %w", err)
	}
	go ns.Start()
	wait := opt.ReadyTimeout
	if wait <= 0 {
		wait = 10 * time.Second
	}
	if !ns.ReadyForConnections(wait) {
		ns.Shutdown()
		ns.WaitForShutdown()
		return nil, fmt.Errorf("natsrv: server not ready after %s", wait)
	}
	srv := &Server{ns: ns, seed: seed}
	if c := ns.JetStreamConfig(); c != nil {
		srv.jsConfig = *c
	}
	srv.jsConfig.StoreDir = store
	return srv, nil
}

// Connect opens an in-process connection to the server, with every
// permission.
func (s *Server) Connect(opts ...nats.Option) (*nats.Conn, error) {
	all := []nats.Option{nats.InProcessServer(s.ns), nats.Name("pj-server"), nats.MaxReconnects(-1)}
	if s.seed != nil {
		kp, err := nkeys.FromSeed(s.seed)
		if err != nil {
			return nil, fmt.Errorf("natsrv: in-process key: %w", err)
		}
		pub, _ := kp.PublicKey()
		all = append(all, nats.Nkey(pub, kp.Sign))
	}
	// The URL only names the server here; with TLS it says tls://, which
	// would make the client insist on a handshake the pipe does without.
	u := strings.Replace(s.ns.ClientURL(), "tls://", "nats://", 1)
	nc, err := nats.Connect(u, append(all, opts...)...)
	if err != nil {
		return nil, fmt.Errorf("natsrv: connect in process: %w", err)
	}
	return nc, nil
}

// ClientURL is the URL network clients connect to ("" without a
// listener).
func (s *Server) ClientURL() string {
	if s.ns.Addr() == nil {
		return ""
	}
	return s.ns.ClientURL()
}

// Shutdown stops the server and waits until it has stopped.
func (s *Server) Shutdown() {
	s.ns.Shutdown()
	s.ns.WaitForShutdown()
}

func splitHostPort(addr string) (string, int, error) {
	host, p, err := net.SplitHostPort(addr)
	if err != nil {
		return "", 0, err
	}
	port, err := strconv.Atoi(p)
	if err != nil || port < 0 || port > 65535 {
		return "", 0, fmt.Errorf("bad port %q", p)
	}
	return host, port, nil
}

// Health is nil when JetStream runs and no stream of it failed a write.
// A file store that failed one (out of descriptors or space) refuses
// every later write, the stream no longer answers publishes, and only a
// restart of JetStream (RecoverJetStream) opens it afresh.
func (s *Server) Health() error {
	h := s.ns.Healthz(&server.HealthzOptions{})
	if h.StatusCode == 0 || h.StatusCode == 200 {
		return nil
	}
	msg := h.Error
	for _, e := range h.Errors {
		msg += "; " + e.Error
	}
	return fmt.Errorf("natsrv: %s: %s", h.Status, msg)
}

// RecoverJetStream stops JetStream and starts it again from its file
// store with the same configuration: streams that failed a write are
// opened afresh, with the messages they stored. Consumers kept in memory
// are lost; the caller sets them up again. It does nothing when Health
// is nil.
func (s *Server) RecoverJetStream() error {
	if s.Health() == nil {
		return nil
	}
	if err := fileutil.SpareDescriptors(16); err != nil {
		return fmt.Errorf("natsrv: JetStream not restarted: %w", err)
	}
	cfg := s.jsConfig
	if s.ns.JetStreamEnabled() {
		if err := s.ns.ShutdownJetStream(); err != nil {
			return fmt.Errorf("natsrv: stop JetStream: %w", err)
		}
	}
	if err := s.ns.EnableJetStream(&cfg); err != nil {
		return fmt.Errorf("natsrv: start JetStream again: %w", err)
	}
	return s.Health()
}
