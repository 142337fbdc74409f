package main

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/spf13/cobra"
)

// TestContestPenaltyFlag: --penalty 0 sends penalty_minutes 0 (no
// penalty), not "not given", which the server would fill with its
// default of 20; without --penalty the body leaves it out.
func TestContestPenaltyFlag(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string // the body's penalty_minutes; "" when left out
	}{
		{[]string{"--penalty", "0"}, `"penalty_minutes":0`},
		{[]string{"--penalty=0"}, `"penalty_minutes":0`},
		{[]string{"--penalty", "7"}, `"penalty_minutes":7`},
		{[]string{"--name", "Spring"}, ""},
	} {
		var f contestFlags
		cmd := &cobra.Command{Use: "create"}
		f.add(cmd)
		if err := cmd.ParseFlags(c.args); err != nil {
			t.Fatalf("%v: %v", c.args, err)
		}
		sp, err := f.spec(cmd, time.Now())
		if err != nil {
			t.Fatalf("%v: %v", c.args, err)
		}
		body, err := json.Marshal(sp)
		if err != nil {
			t.Fatal(err)
		}
		got := strings.Contains(string(body), `"penalty_minutes"`)
		if c.want == "" && got || c.want != "" && !strings.Contains(string(body), c.want) {
			t.Errorf("%v: body %s, want %q", c.args, body, c.want)
		}
	}
}
