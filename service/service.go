package service

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/puzzlejudge/judge/core/config"
	"github.com/puzzlejudge/judge/core/engine"
	"github.com/puzzlejudge/judge/internal/fileutil"
	"github.com/puzzlejudge/judge/service/api"
	"github.com/puzzlejudge/judge/service/httpguard"
	"github.com/puzzlejudge/judge/service/metrics"
	"github.com/puzzlejudge/judge/service/store"
	"github.com/puzzlejudge/judge/service/web"
)

// AdminTokenFile is the file in the data folder that holds the admin
// token made on first start.
const AdminTokenFile = "admin.token"

// Config is how to run the service.
type Config struct {
	// Judge is the judging configuration (languages, problems, sandbox).
	Judge *config.Config
	// Data is the data folder: the SQLite store, the NATS file store,
	// the admin token.
	Data string
	// Store is a postgres:// URL; "" for SQLite in Data.
	Store string
	// NATS is an external NATS URL (comma-separated for a cluster); ""
	// runs an embedded server.
	NATS string
	// NATSCreds is the credentials file for an external NATS.
	NATSCreds string
	// NATSListen lets remote workers reach the embedded server here; they
	// authenticate with DATA/worker.creds. A host other than a loopback
	// one needs NATSTLSCert and NATSTLSKey.
	NATSListen string
	// NATSTLSCert and NATSTLSKey are the PEM files of the listener's TLS.
	NATSTLSCert, NATSTLSKey string
	// Slots is how many submissions the local worker judges at once (0:
	// none, remote workers judge; negative: DefaultSlots).
	Slots int
	// Workers is how many tests one submission runs at once (0: the
	// configuration's), at most the cores of a slot (testsAtOnce).
	Workers int
	// AllTests judges every test of a pass/fail problem. By default the
	// service judges lazily, as DOMjudge does: it stops at a pass/fail
	// problem's first failing test, which decides the verdict, and reports
	// the rest as not run. A scoring problem always runs every test.
	AllTests bool
	// Budget bounds the time of one submission's tests, all together;
	// past it the rest are not run (grade.Options.Budget). 0 takes
	// grade.DefaultBudget for each submission (twice its tests' CPU
	// limits, at least a minute); a negative value sets none.
	Budget time.Duration
	// API holds the API's limits.
	API api.Options
	// Sessions bound the web page's sign-in sessions (defaults: 12 h, or
	// 2 h unused).
	Sessions store.SessionLimits
	// MaxConns caps the HTTP connections open at once (0: derived from
	// the descriptor limit, see httpguard.DefaultMaxConns; negative: no
	// cap).
	MaxConns int
	// Sweep is the grace period after which a queued submission is
	// published again (default 2 min).
	Sweep time.Duration
	// AckWait is how long a worker may go silent before its job is handed
	// to another (default: the queue's, 30 s).
	AckWait time.Duration
	// MaxJobs bounds the jobs queued at once (default: the queue's,
	// 10000); past it submissions get 503.
	MaxJobs int64
	// Drain is how long local workers may finish their judging when the
	// service closes (default 30 s); then it goes back to the queue.
	Drain time.Duration
	// ClarPoll is how often the service reads the store's latest
	// clarification change, so that the clarifications another server
	// process sharing the store makes reach this one's streams (default
	// 3 s; those made here reach them at once).
	ClarPoll time.Duration
	// Version is the judge's version, named in jobs and in the workers
	// registry.
	Version string
	// Log receives the service's log; nil for slog.Default().
	Log *slog.Logger
}

// Service is the running service.
type Service struct {
	cfg     Config
	st      store.Store
	q       *jobs
	eng     *engine.Engine
	hub     *hub
	cat     *catalog
	api     *api.Server
	web     *web.Handler
	clics   http.Handler // the CLICS Contest API under /api
	metrics *metrics.Metrics
	handler http.Handler
	log     *slog.Logger
	cancel  context.CancelFunc
	bg      sync.WaitGroup
	// workers runs the local worker; stopWorkers starts its drain.
	workers     sync.WaitGroup
	stopWorkers context.CancelFunc
	// AdminToken is the admin token made on this start ("" if it existed).
	AdminToken string
	// WorkerCreds is the remote workers' credentials file ("" unless the
	// embedded NATS server listens).
	WorkerCreds string
	// NATSURL is where remote workers connect ("" without a listener).
	NATSURL string
}

// Open starts everything but the HTTP listener; Close stops it all.
func Open(ctx context.Context, cfg Config) (_ *Service, err error) {
	if cfg.Judge == nil {
		return nil, errors.New("service: no judging configuration")
	}
	if cfg.Data == "" {
		return nil, errors.New("service: no data folder")
	}
	if cfg.Slots < 0 {
		cfg.Slots = DefaultSlots(localCores())
	}
	if cfg.Sweep <= 0 {
		cfg.Sweep = 2 * time.Minute
	}
	if cfg.Drain <= 0 {
		cfg.Drain = 30 * time.Second
	}
	if cfg.AckWait <= 0 {
		cfg.AckWait = 30 * time.Second
	}
	if cfg.ClarPoll <= 0 {
		cfg.ClarPoll = 3 * time.Second
	}
	log := cfg.Log
	if log == nil {
		log = slog.Default()
	}
	if err := os.MkdirAll(cfg.Data, 0o700); err != nil {
		return nil, fmt.Errorf("data folder: %w", err)
	}
	s := &Service{cfg: cfg, log: log, hub: newHub(2 * time.Minute)}
	// Every descriptor the process may have, and a connection cap well
	// below them: the store, NATS and the sandbox keep theirs.
	limit, err := httpguard.RaiseFileLimit()
	if err != nil {
		return nil, err
	}
	if s.cfg.MaxConns == 0 {
		s.cfg.MaxConns = httpguard.DefaultMaxConns(limit)
	}
	log.Info("descriptor limits", "open_files", limit, "max_connections", s.cfg.MaxConns)
	defer func() {
		if err != nil {
			s.Close()
		}
	}()
	if s.st, err = store.Open(ctx, store.Location(cfg.Data, cfg.Store)); err != nil {
		return nil, fmt.Errorf("store: %w", err)
	}
	if s.AdminToken, err = firstAdminToken(ctx, s.st, cfg.Data); err != nil {
		return nil, err
	}
	cat := newCatalog(cfg.Judge)
	s.cat = cat
	if cfg.Slots > 0 {
		if err := s.openEngine(); err != nil {
			return nil, err
		}
	}
	cat.tools = s.probeLanguages(ctx)
	if s.q, err = openJobs(ctx, cfg, s.st, s.hub, cat, log); err != nil {
		return nil, fmt.Errorf("queue: %w", err)
	}
	if s.q.srv != nil {
		s.WorkerCreds, s.NATSURL = s.q.creds, s.q.srv.ClientURL()
	}
	s.metrics = metrics.New(metrics.Gauges{QueueDepth: s.q.depth, InFlight: s.q.inFlight, Workers: s.q.workerCount})
	s.q.metrics = s.metrics
	if cfg.Slots > 0 {
		if err := s.startWorkers(cfg.Slots); err != nil {
			return nil, err
		}
	}
	clar := newClarNotifier()
	b := &backend{st: s.st, q: s.q, hub: s.hub, cat: cat, auth: newAuthCache(authTTL), ready: s.ready, clar: clar}
	opt := cfg.API
	// One source limit: the command line's (source_limit).
	opt.MaxSource = cfg.Judge.SourceLimit
	opt.Metrics = s.metrics
	cs := &contests{st: s.st, bell: &s.hub.contests}
	opt.Contests = cs
	if opt.WriteTimeout <= 0 {
		opt.WriteTimeout = writeTimeout
	}
	s.cfg.API.WriteTimeout = opt.WriteTimeout
	s.api = api.New(b, opt)
	ses := sessions{st: s.st, limits: cfg.Sessions}
	if s.web, err = web.New(b, cat, s.api, web.Options{Sessions: ses}); err != nil {
		return nil, err
	}
	s.clics = newClicsHandler(newClicsSource(b, cs, ses), s.api)
	bgctx, cancel := context.WithCancel(context.WithoutCancel(ctx))
	s.cancel = cancel
	sw := &sweeper{st: s.st, q: s.q, hub: s.hub, grace: cfg.Sweep, interval: min(cfg.Sweep/2, 30*time.Second), log: log}
	s.bg.Go(func() { sw.run(bgctx) })
	s.bg.Go(func() { clar.poll(bgctx, s.st.ClarificationSeq, cfg.ClarPoll, log) })
	s.handler = s.routes()
	return s, nil
}

// routes puts the API, the CLICS Contest API and the page on one
// handler.
func (s *Service) routes() http.Handler {
	mux := http.NewServeMux()
	for _, p := range []string{"/api/", "/healthz", "/readyz", "/metrics"} {
		mux.Handle(p, s.api)
	}
	for _, p := range clicsPatterns {
		mux.Handle(p, s.clics)
	}
	mux.Handle("/", s.web)
	return mux
}

// Handler serves the API and the page.
func (s *Service) Handler() http.Handler { return s.handler }

// ready is nil once the store, the queue and a worker answer, and the
// process has descriptors to spare.
func (s *Service) ready(ctx context.Context) error {
	if err := fileutil.SpareDescriptors(8); err != nil {
		return err
	}
	if _, err := s.st.CountQueued(ctx, ""); err != nil {
		return fmt.Errorf("store: %w", err)
	}
	if err := s.q.ready(ctx); err != nil {
		return fmt.Errorf("queue: %w", err)
	}
	if s.q.workerCount() < 1 {
		return errors.New("no worker has reported yet")
	}
	return nil
}

// The HTTP server's timeouts: a request's headers, its whole body, an
// idle keep-alive connection, and the writing of an answer (the API moves
// the write deadline of event streams and ?wait= requests).
const (
	readHeaderTimeout = 10 * time.Second
	readTimeout       = 30 * time.Second
	idleTimeout       = 30 * time.Second
	writeTimeout      = 30 * time.Second
	maxHeaderBytes    = 64 << 10
)

// Serve serves HTTP on l until ctx ends, then shuts down in order: new
// submissions are refused with 503 and event streams told to reconnect,
// requests in progress finish (up to drain), the workers finish or hand
// back their jobs, and everything is closed. At most MaxConns
// connections are open at once (see httpguard.Listener).
func (s *Service) Serve(ctx context.Context, l net.Listener, drain time.Duration) error {
	srv := &http.Server{
		Handler: s.handler, ReadHeaderTimeout: readHeaderTimeout, ReadTimeout: readTimeout,
		WriteTimeout: s.cfg.API.WriteTimeout, IdleTimeout: idleTimeout, MaxHeaderBytes: maxHeaderBytes,
	}
	if s.cfg.MaxConns > 0 {
		gl := httpguard.NewListener(l, s.cfg.MaxConns)
		l, srv.ConnState, srv.ConnContext = gl, gl.ConnState, gl.ConnContext
		stat := func(f func(httpguard.Stats) float64) func() float64 {
			return func() float64 { return f(gl.Stats()) }
		}
		s.metrics.Listener(metrics.Connections{
			Open:    stat(func(st httpguard.Stats) float64 { return float64(st.Open) }),
			Idle:    stat(func(st httpguard.Stats) float64 { return float64(st.Idle) }),
			Refused: stat(func(st httpguard.Stats) float64 { return float64(st.Refused) }),
			Shed:    stat(func(st httpguard.Stats) float64 { return float64(st.Shed) }),
			Max:     float64(gl.Max()),
		})
	}
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(l) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	s.api.Drain()
	sctx, cancel := context.WithTimeout(context.Background(), drain)
	defer cancel()
	err := srv.Shutdown(sctx)
	if errors.Is(err, context.DeadlineExceeded) {
		err = srv.Close()
	}
	if e := <-errc; !errors.Is(e, http.ErrServerClosed) && err == nil {
		err = e
	}
	return err
}

// Close stops the workers (their unfinished jobs go back to the queue),
// the sweeper and the queue, and closes the store and the judging stack.
func (s *Service) Close() error {
	var errs []error
	if s.stopWorkers != nil {
		// The worker takes no new job and finishes what it judges, for up
		// to Drain; what is left goes back to the queue.
		s.stopWorkers()
		s.workers.Wait()
	}
	if s.cancel != nil {
		s.cancel()
	}
	s.bg.Wait()
	if s.q != nil {
		s.q.close()
	}
	if s.eng != nil {
		errs = append(errs, s.eng.Close())
	}
	if s.st != nil {
		errs = append(errs, s.st.Close())
	}
	if s.cat != nil {
		s.cat.close()
	}
	return errors.Join(errs...)
}

// firstAdminToken makes an admin token when the data folder has none and
// writes it there (0600, through a temporary file); it returns "" when
// one was made before.
func firstAdminToken(ctx context.Context, st store.Store, dir string) (string, error) {
	path := filepath.Join(dir, AdminTokenFile)
	if _, err := os.Stat(path); err == nil {
		return "", nil
	}
	_, plain, err := st.CreateToken(ctx, store.NewToken{User: "admin", Role: store.RoleAdmin, Name: "first start of " + hostname()})
	if err != nil {
		return "", fmt.Errorf("admin token: %w", err)
	}
	tmp := path + ".tmp-" + randomHex(4)
	if err := os.WriteFile(tmp, []byte(plain+"\n"), 0o600); err != nil {
		return "", fmt.Errorf("admin token: %w", err)
	}
	if err := os.Rename(tmp, path); err != nil {
		os.Remove(tmp)
		return "", fmt.Errorf("admin token: %w", err)
	}
	return plain, nil
}

// ReadAdminToken reads the admin token a data folder holds.
func ReadAdminToken(dir string) (string, error) {
	b, err := os.ReadFile(filepath.Join(dir, AdminTokenFile))
	if err != nil {
		return "", err
	}
	return strings.TrimSpace(string(b)), nil
}

func hostname() string {
	h, _ := os.Hostname()
	return h
}

func randomHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}
