package feedback

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

// A report as grade writes it: a sample and three secret tests, the
// second secret one the first to fail, the third with a team message.
const reportJSON = `{"problem":"p","verdict":"WA","compile":{"ok":true,"output":"warning: x"},"error":"",
"tests":[
{"name":"sample-1","verdict":"WA","time_ms":1,"wall_ms":2,"memory_kb":3,"exit_code":0,"signal":"","message":"expected 3, got 1 2","sample":true,"diff":{"Line":1,"Text":"- 1 | 3\n+ 1 | 1 2"}},
{"name":"1","verdict":"AC","time_ms":4,"wall_ms":5,"memory_kb":6,"exit_code":0,"signal":"","message":"ok 1000000007"},
{"name":"2","verdict":"RE","time_ms":7,"wall_ms":8,"memory_kb":9,"exit_code":77,"signal":"","message":"exit 77: secret 424242"},
{"name":"3","verdict":"WA","time_ms":10,"wall_ms":11,"memory_kb":12,"exit_code":0,"signal":"","message":"judge: the number was 99","team_message":"too small","diff":{"Line":1,"Text":"- 1 | 99"},"score":0}
],"score":null}`

func tests(t *testing.T, raw json.RawMessage) []map[string]any {
	t.Helper()
	var r struct {
		Tests []map[string]any `json:"tests"`
	}
	if err := json.Unmarshal(raw, &r); err != nil {
		t.Fatalf("not a report: %s", raw)
	}
	return r.Tests
}

// hidden is what a contestant sees of secret test n of reportJSON.
func hidden(name, verdict string, time, wall, mem float64, msg string, extra ...any) map[string]any {
	m := map[string]any{"name": name, "verdict": verdict, "time_ms": time, "wall_ms": wall, "memory_kb": mem, "message": msg}
	for i := 0; i+1 < len(extra); i += 2 {
		m[extra[i].(string)] = extra[i+1]
	}
	return m
}

func TestReport(t *testing.T) {
	var whole []map[string]any
	if err := json.Unmarshal([]byte(`[`+strings.SplitN(strings.SplitN(reportJSON, `"tests":[`, 2)[1], `],"score"`, 2)[0]+`]`), &whole); err != nil {
		t.Fatal(err)
	}
	sample := whole[0]
	h1 := hidden("1", "AC", 4, 5, 6, "")
	h2 := hidden("2", "RE", 7, 8, 9, "")
	h3 := hidden("3", "WA", 10, 11, 12, "too small", "score", 0.0)
	for _, tt := range []struct {
		name string
		v    Viewer
		want []map[string]any
	}{
		{"admin", Viewer{Admin: true}, whole},
		{"admin, samples", Viewer{Admin: true, Level: Samples}, whole},
		{"user, all", Viewer{Level: All}, whole},
		{"user, default", Viewer{}, []map[string]any{sample, h1, h2, h3}},
		{"user, samples", Viewer{Level: Samples}, []map[string]any{sample, h1, h2, h3}},
		{"user, first-failure", Viewer{Level: FirstFailure}, []map[string]any{sample, h1, whole[2], h3}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got := tt.v.Report(json.RawMessage(reportJSON))
			if gt := tests(t, got); !reflect.DeepEqual(gt, tt.want) {
				t.Errorf("tests\n got %v\nwant %v", gt, tt.want)
			}
			var r map[string]any
			_ = json.Unmarshal(got, &r)
			if c, _ := r["compile"].(map[string]any); c["output"] != "warning: x" || r["verdict"] != "WA" || r["problem"] != "p" {
				t.Errorf("the rest of the report changed: %s", got)
			}
			if !tt.v.Full() && (strings.Contains(string(got), "1000000007") || strings.Contains(string(got), "was 99")) {
				t.Errorf("a secret test's message shown: %s", got)
			}
		})
	}
}

func TestTest(t *testing.T) {
	secret := `{"name":"2","verdict":"RE","time_ms":7,"wall_ms":8,"memory_kb":9,"exit_code":77,"signal":"SIGUSR1","message":"exit 77: secret","diff":null,"output":"x"}`
	sample := `{"name":"s","verdict":"WA","message":"expected 3","sample":true,"diff":{"Text":"- 1 | 3"}}`
	for _, tt := range []struct {
		name        string
		v           Viewer
		in, want    string
		sameAsGiven bool
	}{
		{"admin, secret", Viewer{Admin: true}, secret, "", true},
		{"all, secret", Viewer{Level: All}, secret, "", true},
		{"samples, secret", Viewer{Level: Samples}, secret, `{"memory_kb":9,"message":"","name":"2","time_ms":7,"verdict":"RE","wall_ms":8}`, false},
		// Live, first-failure shows what samples does: the first failure
		// is known for sure once the report is whole.
		{"first-failure, secret", Viewer{Level: FirstFailure}, secret, `{"memory_kb":9,"message":"","name":"2","time_ms":7,"verdict":"RE","wall_ms":8}`, false},
		{"samples, sample", Viewer{Level: Samples}, sample, "", true},
		{"default, sample", Viewer{}, sample, "", true},
		{"samples, team message", Viewer{}, `{"name":"3","verdict":"WA","message":"judge only","team_message":"for you"}`, `{"message":"for you","name":"3","verdict":"WA"}`, false},
		{"samples, not JSON", Viewer{}, `{"name":`, `{}`, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got := string(tt.v.Test(json.RawMessage(tt.in)))
			want := tt.want
			if tt.sameAsGiven {
				want = tt.in
			}
			if got != want {
				t.Errorf("got  %s\nwant %s", got, want)
			}
		})
	}
}

func TestParse(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want Level
		err  bool
	}{
		{"", Samples, false},
		{"samples", Samples, false},
		{"first-failure", FirstFailure, false},
		{"all", All, false},
		{"All", "", true},
		{"none", "", true},
	} {
		got, err := Parse(tt.in)
		if got != tt.want || (err != nil) != tt.err {
			t.Errorf("Parse(%q) = %q, %v", tt.in, got, err)
		}
		if err != nil && (!strings.Contains(err.Error(), tt.in) || strings.Contains(err.Error(), "\n")) {
			t.Errorf("Parse(%q): error %q does not name the value on one line", tt.in, err)
		}
	}
}

func TestFull(t *testing.T) {
	for _, tt := range []struct {
		v    Viewer
		want bool
	}{
		{Viewer{Admin: true}, true}, {Viewer{Admin: true, Level: Samples}, true}, {Viewer{Level: All}, true},
		{Viewer{}, false}, {Viewer{Level: Samples}, false}, {Viewer{Level: FirstFailure}, false},
	} {
		if got := tt.v.Full(); got != tt.want {
			t.Errorf("%+v.Full() = %v", tt.v, got)
		}
	}
}
