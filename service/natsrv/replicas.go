package natsrv

import "github.com/nats-io/nats.go"

// ClusterReplicas is the replica count streams and buckets take when none
// is configured: 3 when the connected server is part of a cluster (an
// external NATS cluster, or nodes started with Options.Cluster), 1 on a
// single server. A cluster needs at least three JetStream servers for it;
// with fewer, creating a stream fails with the server's "insufficient
// resources". nc must be connected.
func ClusterReplicas(nc *nats.Conn) int {
	if nc.ConnectedClusterName() == "" {
		return 1
	}
	return 3
}
