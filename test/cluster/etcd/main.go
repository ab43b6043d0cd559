// Command kdiag-etcd runs a single-member etcd (go.etcd.io/etcd/server/v3/embed) for the local
// test cluster. It listens on 127.0.0.1 only and stops cleanly on SIGTERM/SIGINT.
package main

import (
	"flag"
	"log"
	"net/url"
	"os"
	"os/signal"
	"syscall"
	"time"

	"go.etcd.io/etcd/server/v3/embed"
)

func mustURL(s string) url.URL {
	u, err := url.Parse(s)
	if err != nil {
		log.Fatalf("bad url %q: %v", s, err)
	}
	if h := u.Hostname(); h != "127.0.0.1" && h != "localhost" {
		log.Fatalf("refusing to listen on %q: loopback only", s)
	}
	return *u
}

func main() {
	dataDir := flag.String("data-dir", "", "data directory (required)")
	client := flag.String("listen-client-url", "http://127.0.0.1:2379", "client URL (loopback only)")
	peer := flag.String("listen-peer-url", "http://127.0.0.1:2380", "peer URL (loopback only)")
	logLevel := flag.String("log-level", "warn", "debug|info|warn|error")
	flag.Parse()
	if *dataDir == "" {
		log.Fatal("--data-dir is required")
	}

	cfg := embed.NewConfig()
	cfg.Name = "kdiag-etcd"
	cfg.Dir = *dataDir
	cu, pu := mustURL(*client), mustURL(*peer)
	cfg.ListenClientUrls = []url.URL{cu}
	cfg.AdvertiseClientUrls = []url.URL{cu}
	cfg.ListenPeerUrls = []url.URL{pu}
	cfg.AdvertisePeerUrls = []url.URL{pu}
	cfg.InitialCluster = cfg.InitialClusterFromName(cfg.Name)
	cfg.LogLevel = *logLevel
	cfg.QuotaBackendBytes = 2 << 30

	e, err := embed.StartEtcd(cfg)
	if err != nil {
		log.Fatalf("start etcd: %v", err)
	}
	select {
	case <-e.Server.ReadyNotify():
		log.Printf("etcd ready on %s", cu.String())
	case <-time.After(60 * time.Second):
		e.Server.Stop()
		log.Fatal("etcd did not become ready within 60s")
	}

	sig := make(chan os.Signal, 1)
	signal.Notify(sig, syscall.SIGTERM, syscall.SIGINT)
	select {
	case err := <-e.Err():
		log.Fatalf("etcd error: %v", err)
	case s := <-sig:
		log.Printf("received %s, stopping", s)
		e.Close()
	}
}
