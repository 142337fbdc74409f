package service

import (
	"errors"
	"fmt"
	"net"
	"path/filepath"

	"github.com/puzzlejudge/judge/service/natsrv"
)

// WorkerCredsFile is the file in the data folder that holds the remote
// workers' credentials (an nkey seed, mode 0600) when the embedded NATS
// server listens: `judge worker --creds DATA/worker.creds`.
const WorkerCredsFile = "worker.creds"

// CheckNATSListen checks a --nats-listen address: host:port, and TLS
// (both a certificate and a key) unless the host is a loopback one.
func CheckNATSListen(addr, cert, key string) error {
	if addr == "" {
		if cert != "" || key != "" {
			return errors.New("a NATS TLS certificate or key without a NATS listen address")
		}
		return nil
	}
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return fmt.Errorf("NATS listen address %q: %w", addr, err)
	}
	if (cert == "") != (key == "") {
		return errors.New("NATS TLS needs both a certificate and a key")
	}
	if cert == "" && !loopback(host) {
		return fmt.Errorf("NATS listen address %s is not a loopback address: remote workers there need TLS (a certificate and a key)", addr)
	}
	return nil
}

// loopback reports whether host names this machine only.
func loopback(host string) bool {
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// startNATS starts the embedded NATS server, its file store in the data
// folder, with no network listener unless cfg.NATSListen asks for one;
// then the workers' credentials are kept in DATA/worker.creds (made on
// the first start) and their path returned.
func startNATS(cfg Config) (srv *natsrv.Server, creds string, err error) {
	if err := CheckNATSListen(cfg.NATSListen, cfg.NATSTLSCert, cfg.NATSTLSKey); err != nil {
		return nil, "", err
	}
	opt := natsrv.Options{Dir: cfg.Data, Listen: cfg.NATSListen, TLSCert: cfg.NATSTLSCert, TLSKey: cfg.NATSTLSKey}
	if cfg.NATSListen != "" {
		creds = filepath.Join(cfg.Data, WorkerCredsFile)
		pub, _, err := natsrv.WorkerKey(creds)
		if err != nil {
			return nil, "", err
		}
		opt.WorkerKeys = []string{pub}
	}
	srv, err = natsrv.Start(opt)
	return srv, creds, err
}
