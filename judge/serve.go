package main

import (
	"errors"
	"fmt"
	"log/slog"
	"net"
	"runtime"
	"time"

	"github.com/puzzlejudge/judge/core/config"
	"github.com/puzzlejudge/judge/service"
	"github.com/puzzlejudge/judge/service/api"
	"github.com/puzzlejudge/judge/service/store"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

func newServeCmd() *cobra.Command {
	var addr, data, natsURL, natsCreds, natsListen, natsCert, natsKey, storeURL string
	var slots, maxConns, maxStreams, maxUserStreams, maxWaits, maxUserWaits int
	var drain, requeue, streamLife, budget time.Duration
	lazy := true
	cmd := &cobra.Command{
		Use:   "serve",
		Short: "Run the judging service: the HTTP API and web page, the queue, local workers and the store",
		Long: "serve runs the judging service in one process: the HTTP API (/api/v1) and the web page, an embedded NATS\n" +
			"server with JetStream, a local worker judging --slots submissions at once (tests in parallel on every\n" +
			"core), and the store (SQLite in the data folder, or --store postgres://...). It prints \"listening on\n" +
			"http://ADDR\" once it accepts requests. On first start it makes an admin token, prints it once and writes\n" +
			"it to DATA/admin.token (mode 0600). The NATS server has no network listener unless --nats-listen: remote\n" +
			"workers then authenticate with DATA/worker.creds (made on first start), and a listener on anything but\n" +
			"a loopback address needs TLS. SIGTERM or Ctrl-C: new submissions get 503, live event streams are told to\n" +
			"reconnect, the workers finish or hand back their jobs, and it exits.",
		Example: "  judge serve\n  judge serve --addr 0.0.0.0:8080 --data /var/lib/puzzlejudge --slots 2\n" +
			"  judge serve --slots 0 --nats-listen 127.0.0.1:4222   # then: judge worker --nats nats://127.0.0.1:4222 --creds DATA/worker.creds",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			// serve's --workers is the old name of --slots (submissions at
			// once), so the root's --workers (tests at once) is shadowed
			// here and must not reach the configuration as one.
			// JUDGE_WORKERS and judge.yaml's workers still set it.
			fs := pflag.NewFlagSet("serve", pflag.ContinueOnError)
			cmd.Flags().VisitAll(func(f *pflag.Flag) {
				if f.Name != "workers" {
					fs.AddFlag(f)
				}
			})
			path, _ := cmd.Flags().GetString("config")
			cfg, err := config.Load(path, fs)
			if err != nil {
				return usageError(err)
			}
			if data == "" {
				if data, err = store.DefaultDataDir(); err != nil {
					return usageError(err)
				}
			}
			if err := service.CheckNATSListen(natsListen, natsCert, natsKey); err != nil {
				return usageError(fmt.Errorf("--nats-listen: %w", err))
			}
			if natsURL != "" && natsListen != "" {
				return usageError(errors.New("--nats-listen is for the embedded server; it goes without --nats"))
			}
			if slots < 0 {
				return usageError(fmt.Errorf("--%s %d: want 0 or more", slotsFlag(cmd), slots))
			}
			for _, c := range []struct {
				name string
				v    int
			}{{"max-streams", maxStreams}, {"max-user-streams", maxUserStreams}, {"max-waits", maxWaits}, {"max-user-waits", maxUserWaits}} {
				if c.v < 1 {
					return usageError(fmt.Errorf("--%s %d: want 1 or more", c.name, c.v))
				}
			}
			if maxConns < 0 || (maxConns > 0 && maxConns < 16) {
				return usageError(fmt.Errorf("--max-conns %d: want 16 or more (0: from the descriptor limit)", maxConns))
			}
			if streamLife < time.Second {
				return usageError(fmt.Errorf("--stream-lifetime %s: want 1s or more", streamLife))
			}
			if requeue < time.Second {
				return usageError(fmt.Errorf("--requeue-after %s: want 1s or more", requeue))
			}
			// One server per data folder, before anything in it is opened.
			unlock, err := service.LockData(data)
			var inUse *service.InUseError
			if errors.As(err, &inUse) {
				return usageError(err)
			}
			if err != nil {
				return internalError(err)
			}
			defer unlock()
			l, err := net.Listen("tcp", addr)
			if err != nil {
				return usageError(fmt.Errorf("--addr %s: %w", addr, err))
			}
			defer l.Close()
			ctx := cmd.Context()
			stderr := cmd.ErrOrStderr()
			svc, err := service.Open(ctx, service.Config{
				Judge: cfg, Data: data, Store: storeURL, NATS: natsURL, NATSCreds: natsCreds, NATSListen: natsListen, NATSTLSCert: natsCert, NATSTLSKey: natsKey,
				Slots: slots, AllTests: !lazy, Budget: budget, Sweep: requeue, Version: version(), MaxConns: maxConns,
				API: api.Options{MaxStreams: maxStreams, MaxUserStreams: maxUserStreams, MaxWaits: maxWaits, MaxUserWaits: maxUserWaits, StreamLifetime: streamLife}, Log: slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: slog.LevelInfo})),
			})
			if err != nil {
				return internalError(err)
			}
			defer func() {
				if err := svc.Close(); err != nil {
					fmt.Fprintf(stderr, "judge: %v\n", err)
				}
			}()
			out := cmd.OutOrStdout()
			if svc.AdminToken != "" {
				fmt.Fprintf(out, "admin token (shown once; also in %s): %s\n", service.AdminTokenFile, svc.AdminToken)
			}
			fmt.Fprintf(out, "data in %s\n", data)
			if svc.WorkerCreds != "" {
				fmt.Fprintf(out, "remote workers: judge worker --nats %s --creds %s\n", svc.NATSURL, svc.WorkerCreds)
			}
			fmt.Fprintf(out, "listening on http://%s\n", l.Addr())
			if err := svc.Serve(ctx, l, drain); err != nil && !errors.Is(err, net.ErrClosed) {
				return internalError(err)
			}
			fmt.Fprintln(out, "stopped")
			return nil
		},
	}
	f := cmd.Flags()
	f.StringVar(&addr, "addr", "127.0.0.1:8080", "host:port the API and web page listen on")
	f.StringVar(&data, "data", "", "data folder (default $XDG_DATA_HOME/puzzlejudge or ~/.local/share/puzzlejudge)")
	defSlots := service.DefaultSlots(runtime.NumCPU())
	f.IntVar(&slots, "slots", defSlots, "submissions the local worker judges at once, each with its tests side by side on its share of the CPUs (0: none, remote workers judge; default half the CPUs, but 2 on two or three, 1 on one)")
	f.IntVar(&slots, "workers", defSlots, "old name of --slots")
	f.MarkDeprecated("workers", "use --slots (submissions at once; --workers means tests at once everywhere else)")
	f.StringVar(&natsURL, "nats", "", "external NATS server URLs (nats://a,nats://b) instead of the embedded server")
	f.StringVar(&natsCreds, "nats-creds", "", "credentials file for --nats")
	f.StringVar(&natsListen, "nats-listen", "", "let remote workers reach the embedded NATS server at host:port (credentials: DATA/"+service.WorkerCredsFile+")")
	f.StringVar(&natsCert, "nats-tls-cert", "", "TLS certificate (PEM) for --nats-listen; required unless it is a loopback address")
	f.StringVar(&natsKey, "nats-tls-key", "", "TLS key (PEM) for --nats-tls-cert")
	f.StringVar(&storeURL, "store", "", "postgres://... store instead of SQLite in the data folder")
	f.DurationVar(&drain, "drain-timeout", 30*time.Second, "how long requests in progress may take to finish on shutdown")
	f.IntVar(&maxConns, "max-conns", 0, "HTTP connections open at once; idle ones are closed to make room, unauthenticated first (0: half the descriptor limit less 128)")
	f.IntVar(&maxStreams, "max-streams", 1000, "live event streams open at once (503 past it)")
	f.IntVar(&maxUserStreams, "max-user-streams", 8, "live event streams one user may have open (429 past it)")
	f.IntVar(&maxWaits, "max-waits", 1000, "?wait= requests held at once (503 past it)")
	f.IntVar(&maxUserWaits, "max-user-waits", 8, "?wait= requests one user may have held (429 past it)")
	f.DurationVar(&streamLife, "stream-lifetime", 10*time.Minute, "a live event stream ends after this long; the client reconnects with Last-Event-ID")
	f.BoolVar(&lazy, "lazy", true, "stop judging a pass/fail problem at its first failing test, the rest reported as not run (--lazy=false: run every test; scoring problems always do)")
	f.DurationVar(&budget, "budget", 0, "time one submission's tests may take all together; past it the rest are not run and the verdict is the first failure's, or TLE (0: twice the tests' CPU limits, at least 1m; negative: none)")
	f.DurationVar(&requeue, "requeue-after", 2*time.Minute, "publish a submission again when it is still queued after this long (a job lost to a crash)")
	return cmd
}

// slotsFlag is the name --slots was given by on cmd's command line: the
// old --workers is still taken, and an error names what the user typed.
func slotsFlag(cmd *cobra.Command) string {
	if f := cmd.Flags().Lookup("workers"); f != nil && f.Changed && !cmd.Flags().Lookup("slots").Changed {
		return "workers"
	}
	return "slots"
}
