// Package natscluster runs a JetStream cluster of NATS servers on loopback
// for tests, each server in a process of its own so that one can be killed
// with SIGKILL like a machine that dies. A node process is the test binary
// itself, started again with an environment variable that its TestMain
// hands to NodeMain.
package natscluster

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/nats-io/nats.go/jetstream"
	"github.com/puzzlejudge/judge/service/natsrv"
)

// nodeEnv carries a node's settings (JSON) to the re-executed test binary.
const nodeEnv = "PJ_NATSCLUSTER_NODE"

// ClusterName is the cluster's name on every node.
const ClusterName = "pj-test"

// nodeConfig is what a node process needs.
type nodeConfig struct {
	Name   string   `json:"name"`
	Dir    string   `json:"dir"`
	Listen string   `json:"listen"` // route listener
	Routes []string `json:"routes"`
	Admin  string   `json:"admin"` // public nkey of the test's clients
}

// NodeMain runs a node and exits when the test binary was started as one;
// otherwise it returns at once. Call it first thing in TestMain.
func NodeMain() {
	raw := os.Getenv(nodeEnv)
	if raw == "" {
		return
	}
	os.Exit(runNode(raw, os.Stdin, os.Stdout, os.Stderr))
}

// runNode starts the server, writes "ready <client URL>" on out and keeps
// it up until in ends (the test closed its end, or died).
func runNode(raw string, in io.Reader, out, errw io.Writer) int {
	var cfg nodeConfig
	if err := json.Unmarshal([]byte(raw), &cfg); err != nil {
		fmt.Fprintf(errw, "natscluster node: %s: %v\n", nodeEnv, err)
		return 2
	}
	srv, err := natsrv.Start(natsrv.Options{
		Dir:    cfg.Dir,
		Name:   cfg.Name,
		Admins: []string{cfg.Admin},
		Cluster: &natsrv.Cluster{
			Name:   ClusterName,
			Listen: cfg.Listen,
			Routes: cfg.Routes,
		},
		ReadyTimeout: 30 * time.Second,
	})
	if err != nil {
		fmt.Fprintf(errw, "natscluster node %s: %v\n", cfg.Name, err)
		return 1
	}
	fmt.Fprintf(out, "ready %s\n", srv.ClientURL())
	_, _ = io.Copy(io.Discard, in)
	srv.Shutdown()
	return 0
}

// Node is one server process of a cluster.
type Node struct {
	Name string
	URL  string // its client URL
	cmd  *exec.Cmd
	in   io.WriteCloser
	errb *syncBuffer

	readyc chan readyLine
	once   sync.Once
	done   chan struct{}
	err    error
}

// Cluster is a running cluster whose clients authenticate with Creds.
type Cluster struct {
	Nodes []*Node
	// Creds is a file holding the nkey seed every node accepts, for
	// natsrv.Dial.
	Creds string
}

// Start starts an n-node cluster of processes of the test binary and
// waits until every node accepts connections (JetStream may still be
// electing its leader: see WaitJetStream). The nodes are stopped when the
// test ends. Start fails the test when the cluster cannot be started.
func Start(t testing.TB, n int) *Cluster {
	t.Helper()
	dir := t.TempDir()
	creds := filepath.Join(dir, "admin.creds")
	pub, err := natsrv.WriteWorkerKey(creds)
	if err != nil {
		t.Fatal(err)
	}
	// The route ports are chosen before the nodes start, since each names
	// the others; another process could take one in between, so a failed
	// start is tried again with new ports.
	var lastErr error
	for try := range 3 {
		c, err := start(t, n, filepath.Join(dir, fmt.Sprintf("try%d", try)), pub)
		if err == nil {
			c.Creds = creds
			return c
		}
		lastErr = err
	}
	t.Fatalf("start a %d-node NATS cluster: %v", n, lastErr)
	return nil
}

func start(t testing.TB, n int, dir, admin string) (*Cluster, error) {
	ports, err := freePorts(n)
	if err != nil {
		return nil, err
	}
	c := &Cluster{}
	ok := false
	defer func() {
		if !ok {
			for _, nd := range c.Nodes {
				nd.Kill()
			}
		}
	}()
	for i := range n {
		cfg := nodeConfig{
			Name:   fmt.Sprintf("n%d", i+1),
			Dir:    filepath.Join(dir, fmt.Sprintf("n%d", i+1)),
			Listen: ports[i],
			Admin:  admin,
		}
		for j, p := range ports {
			if j != i {
				cfg.Routes = append(cfg.Routes, p)
			}
		}
		nd, err := startNode(cfg)
		if err != nil {
			return nil, err
		}
		c.Nodes = append(c.Nodes, nd)
	}
	for _, nd := range c.Nodes {
		if err := nd.ready(30 * time.Second); err != nil {
			return nil, err
		}
	}
	ok = true
	t.Cleanup(c.stop)
	return c, nil
}

// freePorts finds n free loopback ports as host:port.
func freePorts(n int) ([]string, error) {
	var addrs []string
	for range n {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			return nil, fmt.Errorf("find a free port: %w", err)
		}
		defer l.Close()
		addrs = append(addrs, l.Addr().String())
	}
	return addrs, nil
}

// readyLine is what startNode's reader passes on: the URL or why not.
type readyLine struct {
	url string
	err error
}

func startNode(cfg nodeConfig) (*Node, error) {
	raw, err := json.Marshal(cfg)
	if err != nil {
		return nil, err
	}
	exe, err := os.Executable()
	if err != nil {
		return nil, fmt.Errorf("node %s: %w", cfg.Name, err)
	}
	cmd := exec.Command(exe, "-test.run=^$")
	cmd.Env = append(os.Environ(), nodeEnv+"="+string(raw))
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	nd := &Node{Name: cfg.Name, cmd: cmd, in: in, errb: &syncBuffer{}, done: make(chan struct{})}
	cmd.Stderr = nd.errb
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("node %s: %w", cfg.Name, err)
	}
	lines := make(chan readyLine, 1)
	go func() {
		sc := bufio.NewScanner(out)
		if sc.Scan() {
			if url, ok := strings.CutPrefix(sc.Text(), "ready "); ok {
				lines <- readyLine{url: url}
			} else {
				lines <- readyLine{err: fmt.Errorf("node %s said %q", cfg.Name, sc.Text())}
			}
		} else {
			lines <- readyLine{err: fmt.Errorf("node %s ended before it was ready (does the test's TestMain call natscluster.NodeMain first?)", cfg.Name)}
		}
		_, _ = io.Copy(io.Discard, out)
	}()
	go func() {
		nd.err = cmd.Wait()
		close(nd.done)
	}()
	nd.readyc = lines
	return nd, nil
}

// ready waits for the node's ready line.
func (nd *Node) ready(wait time.Duration) error {
	t := time.NewTimer(wait)
	defer t.Stop()
	select {
	case l := <-nd.readyc:
		if l.err != nil {
			<-nd.done
			return fmt.Errorf("%w: %s", l.err, strings.TrimSpace(nd.errb.String()))
		}
		nd.URL = l.url
		return nil
	case <-t.C:
		return fmt.Errorf("node %s not ready after %s: %s", nd.Name, wait, strings.TrimSpace(nd.errb.String()))
	}
}

// Kill ends the node's process with SIGKILL and waits for it.
func (nd *Node) Kill() {
	nd.once.Do(func() { _ = nd.in.Close() })
	_ = nd.cmd.Process.Kill()
	<-nd.done
}

// Node returns the node of that server name, or nil.
func (c *Cluster) Node(name string) *Node {
	for _, nd := range c.Nodes {
		if nd.Name == name {
			return nd
		}
	}
	return nil
}

// URLs are the nodes' client URLs, comma-separated, as natsrv.Dial takes
// them.
func (c *Cluster) URLs() string {
	urls := make([]string, len(c.Nodes))
	for i, nd := range c.Nodes {
		urls[i] = nd.URL
	}
	return strings.Join(urls, ",")
}

// stop ends every node still running: gently (its stdin closes) and, after
// 10 s, with SIGKILL.
func (c *Cluster) stop() {
	for _, nd := range c.Nodes {
		nd.once.Do(func() { _ = nd.in.Close() })
	}
	for _, nd := range c.Nodes {
		select {
		case <-nd.done:
		case <-time.After(10 * time.Second):
			nd.Kill()
		}
	}
}

// Exited tells whether the node's process has ended, and how.
func (nd *Node) Exited() (bool, error) {
	select {
	case <-nd.done:
		return true, nd.err
	default:
		return false, nil
	}
}

// syncBuffer is a bytes.Buffer safe for a writer and a reader at once.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

var errNoNode = errors.New("no such node")

// Kill ends the process of the node of that server name with SIGKILL.
func (c *Cluster) Kill(name string) error {
	nd := c.Node(name)
	if nd == nil {
		return fmt.Errorf("kill %q: %w", name, errNoNode)
	}
	nd.Kill()
	return nil
}

// WaitJetStream waits until JetStream can place a stream on every node:
// the meta leader is elected and knows all the peers. It probes by
// creating (and deleting) a small memory stream with one replica per node.
func (c *Cluster) WaitJetStream(ctx context.Context, js jetstream.JetStream) error {
	name := "PJ_CLUSTER_READY"
	for {
		try, cancel := context.WithTimeout(ctx, 5*time.Second)
		_, err := js.CreateStream(try, jetstream.StreamConfig{
			Name: name, Subjects: []string{"pj.cluster-ready"}, Storage: jetstream.MemoryStorage, Replicas: len(c.Nodes),
		})
		cancel()
		if err == nil || errors.Is(err, jetstream.ErrStreamNameAlreadyInUse) {
			if err := js.DeleteStream(ctx, name); err != nil && !errors.Is(err, jetstream.ErrStreamNotFound) {
				return fmt.Errorf("cluster ready: delete probe stream: %w", err)
			}
			return nil
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("cluster not ready: %w (last: %v)", ctx.Err(), err)
		case <-time.After(200 * time.Millisecond):
		}
	}
}
