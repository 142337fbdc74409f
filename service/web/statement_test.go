package web

import (
	"strings"
	"testing"
)

func TestRenderStatement(t *testing.T) {
	for _, c := range []struct {
		name, src, title string
		want, lack       []string
		ownSamples       bool
	}{
		{"title repeated", "# A plus B\n\nRead two numbers.\n", "A plus B", []string{"<p>Read two numbers.</p>"}, []string{"<h1>"}, false},
		{"another first heading", "# Story\n\nOnce.\n", "A plus B", []string{"<h1>Story</h1>"}, nil, false},
		{"title not first", "Intro.\n\n# A plus B\n", "A plus B", []string{"<h1>A plus B</h1>"}, nil, false},
		{"samples section", "# T\n\n## Samples\n\n```\n1 2\n```\n", "T", []string{"<h2>Samples</h2>", "1 2"}, nil, true},
		{"example section", "## Example 1\n\nx\n", "T", []string{"<h2>Example 1</h2>"}, nil, true},
		{"a sentence about samples", "## Notes on the samples\n", "T", nil, nil, false},
		{"raw HTML dropped", "# T\n\n<script>alert(1)</script>\n\nText <img src=x onerror=alert(1)>\n", "T", []string{"Text"}, []string{"<script", "<img"}, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, err := renderStatement([]byte(c.src), c.title)
			if err != nil {
				t.Fatal(err)
			}
			for _, w := range c.want {
				if !strings.Contains(string(got.Body), w) {
					t.Errorf("%q lacks %q", got.Body, w)
				}
			}
			for _, l := range c.lack {
				if strings.Contains(string(got.Body), l) {
					t.Errorf("%q has %q", got.Body, l)
				}
			}
			if got.OwnSamples != c.ownSamples {
				t.Errorf("own samples %v, want %v", got.OwnSamples, c.ownSamples)
			}
		})
	}
}
