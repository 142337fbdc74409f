package verdict

import "testing"

func TestLong(t *testing.T) {
	tests := []struct {
		v    Verdict
		want string
	}{
		{AC, "Accepted"},
		{WA, "Wrong Answer"},
		{PE, "Presentation Error"},
		{TLE, "Time Limit Exceeded"},
		{MLE, "Memory Limit Exceeded"},
		{OLE, "Output Limit Exceeded"},
		{RE, "Runtime Error"},
		{CE, "Compile Error"},
		{IE, "Internal Error"},
		{"XYZ", "XYZ"},
	}
	for _, tt := range tests {
		if got := tt.v.Long(); got != tt.want {
			t.Errorf("%s.Long() = %q, want %q", tt.v, got, tt.want)
		}
	}
}

func TestParse(t *testing.T) {
	tests := []struct {
		in      string
		want    Verdict
		wantErr bool
	}{
		{"AC", AC, false},
		{"ac", AC, false},
		{"Wa", WA, false},
		{" tle\n", TLE, false},
		{"mle", MLE, false},
		{"OLE", OLE, false},
		{"re", RE, false},
		{"ce", CE, false},
		{"pe", PE, false},
		{"ie", IE, false},
		{"", "", true},
		{"Accepted", "", true},
		{"A C", "", true},
	}
	for _, tt := range tests {
		got, err := Parse(tt.in)
		if (err != nil) != tt.wantErr || got != tt.want {
			t.Errorf("Parse(%q) = %q, %v; want %q, error %v", tt.in, got, err, tt.want, tt.wantErr)
		}
	}
}

func TestFolder(t *testing.T) {
	tests := []struct {
		folder string
		v      Verdict
		ok     bool
	}{
		{"accepted", AC, true},
		{"wrong_answer", WA, true},
		{"time_limit_exceeded", TLE, true},
		{"memory_limit_exceeded", MLE, true},
		{"run_time_error", RE, true},
		{"output_limit_exceeded", OLE, true},
		{"compile_error", CE, true},
		{"presentation_error", PE, true},
		{"", "", false},
		{"internal_error", "", false},
		{"Accepted", "", false},
		{"wa", "", false},
	}
	for _, tt := range tests {
		v, ok := FromFolder(tt.folder)
		if v != tt.v || ok != tt.ok {
			t.Errorf("FromFolder(%q) = %q, %v; want %q, %v", tt.folder, v, ok, tt.v, tt.ok)
		}
		if tt.ok {
			if got := tt.v.Folder(); got != tt.folder {
				t.Errorf("%s.Folder() = %q, want %q", tt.v, got, tt.folder)
			}
		}
	}
	if got := IE.Folder(); got != "" {
		t.Errorf("IE.Folder() = %q, want empty", got)
	}
	if got := Verdict("nope").Folder(); got != "" {
		t.Errorf("unknown Folder() = %q, want empty", got)
	}
}

func TestAllRoundTrip(t *testing.T) {
	all := All()
	if len(all) != 9 || all[0] != AC {
		t.Fatalf("All() = %v", all)
	}
	for _, v := range all {
		if !v.Valid() {
			t.Errorf("%s not valid", v)
		}
		p, err := Parse(string(v))
		if err != nil || p != v {
			t.Errorf("Parse(%q) = %q, %v", v, p, err)
		}
		if f := v.Folder(); f != "" {
			if back, ok := FromFolder(f); !ok || back != v {
				t.Errorf("FromFolder(%q) = %q, %v; want %q", f, back, ok, v)
			}
		}
	}
	all[0] = WA
	if All()[0] != AC {
		t.Error("All returned shared slice")
	}
}

func TestOverall(t *testing.T) {
	tests := []struct {
		in   []Verdict
		want Verdict
	}{
		{nil, AC},
		{[]Verdict{}, AC},
		{[]Verdict{AC}, AC},
		{[]Verdict{AC, AC, AC}, AC},
		{[]Verdict{AC, WA, TLE}, WA},
		{[]Verdict{TLE, WA}, TLE},
		{[]Verdict{AC, AC, RE}, RE},
		{[]Verdict{IE}, IE},
	}
	for _, tt := range tests {
		if got := Overall(tt.in); got != tt.want {
			t.Errorf("Overall(%v) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
