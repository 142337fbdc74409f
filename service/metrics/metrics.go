// Package metrics holds the service's Prometheus metrics: submissions by
// language and verdict, the queue, judging and end-to-end times, live
// event streams and workers, on a registry of their own.
package metrics

import (
	"net/http"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// Gauges are read when scraped; each may be nil.
type Gauges struct {
	QueueDepth func() float64 // jobs waiting for a worker
	InFlight   func() float64 // jobs a worker holds
	Workers    func() float64 // workers seen recently
}

// Metrics is the service's set of metrics.
type Metrics struct {
	reg         *prometheus.Registry
	handler     http.Handler
	submissions *prometheus.CounterVec
	redelivered prometheus.Counter
	queueWait   prometheus.Histogram
	judge       *prometheus.HistogramVec
	endToEnd    prometheus.Histogram
	sse         prometheus.Gauge
	waits       prometheus.Gauge
	refused     *prometheus.CounterVec
}

// seconds are the buckets of the time histograms, 5 ms to 2 min.
var seconds = []float64{.005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10, 30, 60, 120}

// New registers the metrics; g's functions are called at every scrape.
func New(g Gauges) *Metrics {
	reg := prometheus.NewRegistry()
	m := &Metrics{
		reg: reg,
		submissions: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "pj_submissions_total", Help: "Submissions judged, by language and verdict.",
		}, []string{"language", "verdict"}),
		redelivered: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "pj_redeliveries_total", Help: "Jobs handed to a worker again after a worker failed to finish them.",
		}),
		queueWait: prometheus.NewHistogram(prometheus.HistogramOpts{
			Name: "pj_queue_wait_seconds", Help: "Time from queued to a worker starting to judge.", Buckets: seconds,
		}),
		judge: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name: "pj_judge_seconds", Help: "Time a worker spent judging, by language.", Buckets: seconds,
		}, []string{"language"}),
		endToEnd: prometheus.NewHistogram(prometheus.HistogramOpts{
			Name: "pj_end_to_end_seconds", Help: "Time from queued to the result applied.", Buckets: seconds,
		}),
		sse: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "pj_sse_clients", Help: "Live event streams open.",
		}),
		waits: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "pj_http_waits", Help: "Requests holding for ?wait= open.",
		}),
		refused: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "pj_http_refused_total", Help: "Long requests refused at their cap, by kind (stream, wait).",
		}, []string{"kind"}),
	}
	reg.MustRegister(m.submissions, m.redelivered, m.queueWait, m.judge, m.endToEnd, m.sse, m.waits, m.refused,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	gauge := func(name, help string, f func() float64) {
		if f != nil {
			reg.MustRegister(prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: name, Help: help}, f))
		}
	}
	gauge("pj_queue_depth", "Jobs waiting for a worker.", g.QueueDepth)
	gauge("pj_inflight", "Jobs being judged.", g.InFlight)
	gauge("pj_workers", "Workers seen in the last 15 s.", g.Workers)
	m.handler = promhttp.HandlerFor(reg, promhttp.HandlerOpts{Registry: reg})
	return m
}

// ServeHTTP serves the metrics in the Prometheus text format.
func (m *Metrics) ServeHTTP(w http.ResponseWriter, r *http.Request) { m.handler.ServeHTTP(w, r) }

// Long counts long requests opening (+1) and closing (-1): live event
// streams (kind "stream") and ?wait= requests ("wait").
func (m *Metrics) Long(kind string, delta int) {
	switch kind {
	case "stream":
		m.sse.Add(float64(delta))
	case "wait":
		m.waits.Add(float64(delta))
	}
}

// Refused counts a long request of a kind refused at its cap.
func (m *Metrics) Refused(kind string) { m.refused.WithLabelValues(kind).Inc() }

// Connections are the HTTP listener's figures, read when scraped.
type Connections struct {
	Open, Idle    func() float64 // connections open; of which idle
	Refused, Shed func() float64 // refused at the cap; idle ones closed to make room
	Max           float64        // the cap
}

// Listener registers the HTTP listener's figures (once: a second
// listener's are not).
func (m *Metrics) Listener(c Connections) {
	for _, col := range []prometheus.Collector{
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "pj_http_connections", Help: "HTTP connections open."}, c.Open),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "pj_http_connections_idle", Help: "HTTP connections open and idle."}, c.Idle),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "pj_http_connections_max", Help: "HTTP connections allowed at once."}, func() float64 { return c.Max }),
		prometheus.NewCounterFunc(prometheus.CounterOpts{Name: "pj_http_connections_refused_total", Help: "HTTP connections refused at the cap."}, c.Refused),
		prometheus.NewCounterFunc(prometheus.CounterOpts{Name: "pj_http_connections_shed_total", Help: "Idle HTTP connections closed to make room."}, c.Shed),
	} {
		_ = m.reg.Register(col)
	}
}

// Started records a judging start: how long the job waited and whether
// it is a redelivery.
func (m *Metrics) Started(waited time.Duration, attempt int) {
	m.queueWait.Observe(waited.Seconds())
	if attempt > 1 {
		m.redelivered.Inc()
	}
}

// Judged records a result applied: its language and verdict, how long
// the worker judged, and how long since it was queued.
func (m *Metrics) Judged(language, verdict string, judging, endToEnd time.Duration) {
	m.submissions.WithLabelValues(language, verdict).Inc()
	if judging > 0 {
		m.judge.WithLabelValues(language).Observe(judging.Seconds())
	}
	m.endToEnd.Observe(endToEnd.Seconds())
}
