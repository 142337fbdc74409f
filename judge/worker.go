package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/puzzlejudge/judge/core/engine"
	"github.com/puzzlejudge/judge/internal/termsafe"
	"github.com/puzzlejudge/judge/service/natsrv"
	"github.com/puzzlejudge/judge/service/worker"
	"github.com/spf13/cobra"
)

func newWorkerCmd() *cobra.Command {
	var url, creds, id string
	var slots int
	var drain time.Duration
	cmd := &cobra.Command{
		Use:   "worker --nats URL [--creds FILE] [--slots N] [--drain-timeout 60s]",
		Short: "Judge jobs from a judging service's queue (NATS JetStream) on this machine",
		Long: "worker connects to the NATS server of a judge serve (or its cluster), takes jobs when a slot is free,\n" +
			"judges them here and sends the results back. It needs no database. Problem packages are fetched by\n" +
			"hash into <cache-dir>/pkgs. On SIGTERM or SIGINT it stops taking jobs, lets the jobs it has finish\n" +
			"for up to --drain-timeout, hands back the rest and exits 0.",
		Example: "  judge worker --nats nats://judge.example:4222 --creds worker.creds --slots 2",
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if url == "" {
				return usageError(errors.New("--nats URL is required"))
			}
			if slots < 1 {
				return usageError(fmt.Errorf("--slots %d: want at least 1", slots))
			}
			if drain < 0 {
				return usageError(fmt.Errorf("--drain-timeout %s: negative", drain))
			}
			cfg, err := loadConfig(cmd)
			if err != nil {
				return err
			}
			if creds != "" {
				if _, err := os.Stat(creds); err != nil {
					return usageError(fmt.Errorf("--creds: %w", err))
				}
			}
			logf := func(s string) { fmt.Fprintf(os.Stderr, "judge: %s\n", termsafe.Line(s)) }
			eng, err := engine.Open(cfg, engine.Options{OnWarm: func(lang string) {
				logf(fmt.Sprintf("building the warm %s build cache in %s (once per machine; this takes a minute)", lang, cfg.CacheDir))
			}})
			if err != nil {
				return internalError(err)
			}
			defer eng.Close()
			nc, err := natsrv.Dial(url, creds, "judge worker",
				nats.DisconnectErrHandler(func(_ *nats.Conn, err error) {
					if err != nil {
						logf(fmt.Sprintf("disconnected from NATS: %v", err))
					}
				}),
				nats.ReconnectHandler(func(c *nats.Conn) { logf("reconnected to " + c.ConnectedUrlRedacted()) }))
			if err != nil {
				return internalError(err)
			}
			defer nc.Close()
			js, err := jetstream.New(nc)
			if err != nil {
				return internalError(err)
			}
			w := &worker.Worker{
				JS: js, Engine: eng, Slots: slots, CacheDir: cfg.CacheDir, ID: id,
				Version: version(), DrainTimeout: drain, Log: func(s string) { logf(s) },
			}
			if err := w.Run(cmd.Context()); err != nil {
				return internalError(err)
			}
			dctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			defer cancel()
			_ = drainConn(dctx, nc)
			logf("worker " + w.ID + ": stopped")
			return nil
		},
	}
	f := cmd.Flags()
	f.StringVar(&url, "nats", "", "NATS server URL(s), comma-separated")
	f.StringVar(&creds, "creds", "", "credentials: a NATS .creds file or a file holding the worker's nkey seed")
	f.IntVar(&slots, "slots", 1, "jobs judged at once")
	f.DurationVar(&drain, "drain-timeout", worker.DefaultDrainTimeout, "on SIGTERM, how long jobs in progress may finish before they are handed back")
	f.StringVar(&id, "id", "", "worker id in the registry (default: host-pid)")
	return cmd
}

// drainConn flushes what the connection has to send and closes it.
func drainConn(ctx context.Context, nc *nats.Conn) error {
	closed := make(chan struct{})
	nc.SetClosedHandler(func(*nats.Conn) { close(closed) })
	if err := nc.Drain(); err != nil {
		return err
	}
	select {
	case <-closed:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}
