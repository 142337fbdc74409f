package feedback

import (
	"encoding/json"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/puzzlejudge/judge/core/judging"
)

// A report as grade writes it: a sample and three secret tests, the
// second secret one the first to fail, the third with a team message.
const reportJSON = `{"problem":"p","verdict":"WA","compile":{"ok":true,"output":"warning: x"},"error":"",
"tests":[
{"name":"sample-1","verdict":"WA","time_ms":1,"wall_ms":2,"memory_kb":3,"exit_code":0,"signal":"","message":"expected 3, got 1 2","sample":true,"diff":{"line":1,"text":"- 1 | 3\n+ 1 | 1 2"}},
{"name":"1","verdict":"AC","time_ms":4,"wall_ms":5,"memory_kb":6,"exit_code":0,"signal":"","message":"ok 1000000007"},
{"name":"2","verdict":"RE","time_ms":7,"wall_ms":8,"memory_kb":9,"exit_code":77,"signal":"","message":"exit 77: secret 424242"},
{"name":"3","verdict":"WA","time_ms":10,"wall_ms":11,"memory_kb":12,"exit_code":0,"signal":"","message":"judge: the number was 99","team_message":"too small","diff":{"line":1,"text":"- 1 | 99"},"score":0}
],"score":null}`

// report is reportJSON as data.
func report(t *testing.T) *judging.Report {
	t.Helper()
	var r judging.Report
	if err := json.Unmarshal([]byte(reportJSON), &r); err != nil {
		t.Fatal(err)
	}
	return &r
}

func tests(t *testing.T, raw []byte) []map[string]any {
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
	// A test whole is as judging.Report encodes it.
	encoded, err := json.Marshal(report(t))
	if err != nil {
		t.Fatal(err)
	}
	whole := tests(t, encoded)
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
			got, err := json.Marshal(tt.v.Report(report(t)))
			if err != nil {
				t.Fatal(err)
			}
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
	secret := `{"name":"2","verdict":"RE","time_ms":7,"wall_ms":8,"memory_kb":9,"exit_code":77,"signal":"SIGUSR1","message":"exit 77: secret","diff":{"text":"x"}}`
	sample := `{"name":"s","verdict":"WA","message":"expected 3","sample":true,"diff":{"text":"- 1 | 3"}}`
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
		{"samples, team message", Viewer{}, `{"name":"3","verdict":"WA","message":"judge only","team_message":"for you"}`, `{"message":"for you","name":"3","verdict":"WA","time_ms":0,"wall_ms":0,"memory_kb":0}`, false},
		{"samples, score", Viewer{}, `{"name":"3","verdict":"WA","score":0,"exit_code":1}`, `{"message":"","name":"3","verdict":"WA","time_ms":0,"wall_ms":0,"memory_kb":0,"score":0}`, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var in judging.TestResult
			if err := json.Unmarshal([]byte(tt.in), &in); err != nil {
				t.Fatal(err)
			}
			got, err := json.Marshal(tt.v.Test(in))
			if err != nil {
				t.Fatal(err)
			}
			want := []byte(tt.want)
			if tt.sameAsGiven {
				want, _ = json.Marshal(in)
			}
			var g, w any
			if json.Unmarshal(got, &g) != nil || json.Unmarshal(want, &w) != nil || !reflect.DeepEqual(g, w) {
				t.Errorf("got  %s\nwant %s", got, want)
			}
		})
	}
}

// TestHiddenAllowList: of a secret test with every field set, a
// contestant gets exactly the fields HiddenTest lists, the message being
// the team message: a field judging.TestResult gains later is absent
// until it is listed.
func TestHiddenAllowList(t *testing.T) {
	var full judging.TestResult
	fill(reflect.ValueOf(&full).Elem())
	full.Sample = false
	full.Verdict = "WA"
	full.TeamMessage, full.Message = "team", "judge"
	got, err := json.Marshal(Viewer{}.Test(full))
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(got, &m); err != nil {
		t.Fatal(err)
	}
	var keys []string
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	if strings.Join(keys, " ") != "memory_kb message name score time_ms verdict wall_ms wall_rechecked" || m["message"] != "team" {
		t.Errorf("a contestant sees %s", got)
	}
}

// fill sets every field of v, recursively, to something not zero.
func fill(v reflect.Value) {
	switch v.Kind() {
	case reflect.Struct:
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				fill(v.Field(i))
			}
		}
	case reflect.Pointer:
		v.Set(reflect.New(v.Type().Elem()))
		fill(v.Elem())
	case reflect.Slice:
		v.Set(reflect.MakeSlice(v.Type(), 1, 1))
		fill(v.Index(0))
	case reflect.String:
		v.SetString("x")
	case reflect.Bool:
		v.SetBool(true)
	case reflect.Int, reflect.Int64, reflect.Int32:
		v.SetInt(7)
	case reflect.Float64:
		v.SetFloat(7)
	}
}

// TestReportTestsKey: a report without tests (null) stays null for a
// viewer who sees it whole and is an empty list for the others, as the
// service has always answered.
func TestReportTestsKey(t *testing.T) {
	r := &judging.Report{Verdict: "CE"}
	for _, tt := range []struct {
		v    Viewer
		want string
	}{{Viewer{Admin: true}, "null"}, {Viewer{Level: All}, "null"}, {Viewer{}, "[]"}, {Viewer{Level: FirstFailure}, "[]"}} {
		got, err := json.Marshal(tt.v.Report(r))
		if err != nil {
			t.Fatal(err)
		}
		var m map[string]json.RawMessage
		if err := json.Unmarshal(got, &m); err != nil {
			t.Fatal(err)
		}
		if string(m["tests"]) != tt.want {
			t.Errorf("%+v: tests %s, want %s", tt.v, m["tests"], tt.want)
		}
	}
	if (Viewer{}).Report(nil) != nil {
		t.Error("a viewer sees a report where there is none")
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
