package natsrv

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"math/big"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
)

// selfSigned writes a certificate for 127.0.0.1 and its key in dir.
func selfSigned(t *testing.T, dir string) (cert, key string) {
	t.Helper()
	k, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{
		SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "pj test"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour),
		IPAddresses: []net.IP{net.ParseIP("127.0.0.1")}, KeyUsage: x509.KeyUsageDigitalSignature,
		ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth}, IsCA: true, BasicConstraintsValid: true,
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &k.PublicKey, k)
	if err != nil {
		t.Fatal(err)
	}
	kder, err := x509.MarshalECPrivateKey(k)
	if err != nil {
		t.Fatal(err)
	}
	cert, key = filepath.Join(dir, "cert.pem"), filepath.Join(dir, "key.pem")
	if err := os.WriteFile(cert, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(key, pem.EncodeToMemory(&pem.Block{Type: "EC PRIVATE KEY", Bytes: kder}), 0o600); err != nil {
		t.Fatal(err)
	}
	return cert, key
}

// TestListenTLS: with a certificate, a worker with its key connects over
// TLS when it trusts the certificate, and not in plain text or when it
// does not; the in-process connection needs no TLS.
func TestListenTLS(t *testing.T) {
	dir := t.TempDir()
	cert, key := selfSigned(t, dir)
	creds := filepath.Join(dir, "worker.creds")
	pub, created, err := WorkerKey(creds)
	if err != nil || !created {
		t.Fatalf("WorkerKey: %v, created %v", err, created)
	}
	if again, created, err := WorkerKey(creds); err != nil || created || again != pub {
		t.Fatalf("WorkerKey again: %s %v %v, want %s read back", again, created, err, pub)
	}
	s, err := Start(Options{Dir: dir, Listen: "127.0.0.1:0", WorkerKeys: []string{pub}, TLSCert: cert, TLSKey: key})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Shutdown()
	url := s.ClientURL()
	if strings.HasSuffix(url, ":4222") {
		t.Errorf("listen on port 0 gave %s, want a free port", url)
	}
	in, err := s.Connect()
	if err != nil {
		t.Fatalf("in-process connection: %v", err)
	}
	in.Close()

	for _, tc := range []struct {
		name string
		opts []nats.Option
		ok   bool
	}{
		{"trusted", []nats.Option{nats.RootCAs(cert)}, true},
		{"untrusted", []nats.Option{nats.Secure()}, false},
	} {
		nc, err := Dial(url, creds, "test", append(tc.opts, nats.MaxReconnects(0), nats.Timeout(5*time.Second))...)
		if (err == nil) != tc.ok {
			t.Errorf("%s: err %v, want ok %v", tc.name, err, tc.ok)
		}
		if err == nil {
			if !nc.TLSRequired() {
				t.Errorf("%s: a connection without TLS", tc.name)
			}
			nc.Close()
		}
	}
	// Plain text: the server asks for TLS and a client that will not is
	// refused.
	conn, err := net.Dial("tcp", strings.TrimPrefix(url, "tls://"))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	buf := make([]byte, 4096)
	n, _ := conn.Read(buf)
	if !strings.Contains(string(buf[:n]), `"tls_required":true`) {
		t.Errorf("server INFO %q does not require TLS", buf[:n])
	}
}
