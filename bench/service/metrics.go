package main

import (
	"bufio"
	"context"
	"strconv"
	"strings"
)

// scrape reads the service's /metrics into name{labels} → value, for the
// histograms' _sum and _count lines the benchmark splits time with.
func scrape(ctx context.Context, c *client, token string) map[string]float64 {
	text, err := c.metrics(ctx, token)
	if err != nil {
		return nil
	}
	m := map[string]float64{}
	sc := bufio.NewScanner(strings.NewReader(text))
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "#") {
			continue
		}
		i := strings.LastIndexByte(line, ' ')
		if i < 0 {
			continue
		}
		if v, err := strconv.ParseFloat(line[i+1:], 64); err == nil {
			m[line[:i]] = v
		}
	}
	return m
}

// meanBetween is the mean of a histogram over the observations made
// between two scrapes (sum and count deltas), in seconds; ok is false
// when the metric is absent or nothing was observed.
func meanBetween(before, after map[string]float64, name string) (float64, bool) {
	base, labels, _ := strings.Cut(name, "{")
	if labels != "" {
		labels = "{" + labels
	}
	sum, count := base+"_sum"+labels, base+"_count"+labels
	n := after[count] - before[count]
	if n <= 0 {
		return 0, false
	}
	return (after[sum] - before[sum]) / n, true
}
