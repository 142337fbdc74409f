package main

import "testing"

func TestFlagValue(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-o", "x.a", "-p", "net/http", "-lang=go1.26"}, "net/http"},
		{[]string{"-p=modernc.org/libc", "a.go"}, "modernc.org/libc"},
		{[]string{"-V=full"}, ""},
		{[]string{"-o", "x.a", "-p"}, ""},
	} {
		if got := flagValue(tc.args, "-p"); got != tc.want {
			t.Errorf("flagValue(%q) = %q, want %q", tc.args, got, tc.want)
		}
	}
}

func TestModule(t *testing.T) {
	modules := map[string]string{
		"github.com/puzzlejudge/judge/judge": "github.com/puzzlejudge/judge",
		"modernc.org/sqlite/lib":             "modernc.org/sqlite",
		"net/http":                           "",
	}
	for pkg, want := range map[string]string{
		"modernc.org/sqlite/lib":       "modernc.org/sqlite",
		"main":                         "github.com/puzzlejudge/judge",
		"net/http":                     "std",
		"vendor/golang.org/x/net/idna": "std",
		"link":                         "(link)",
		"":                             "(tool version queries)",
	} {
		if got := module(pkg, modules); got != want {
			t.Errorf("module(%q) = %q, want %q", pkg, got, want)
		}
	}
}
