package suggest

import "testing"

func TestClosest(t *testing.T) {
	opts := []string{"a-plus-b", "flip-game", "four-in-a-row", "eight-puzzle", "eight-puzzle-ii", "rotation-game"}
	for _, tt := range []struct{ word, want string }{
		{"flip-gmae", "flip-game"},
		{"flipgame", "flip-game"},
		{"rotation", "rotation-game"},
		{"eight-puzle", "eight-puzzle"},
		{"A-PLUS-B", "a-plus-b"},
		{"knight-moves", ""},
		{"x", ""},
	} {
		if got := Closest(tt.word, opts); got != tt.want {
			t.Errorf("Closest(%q) = %q, want %q", tt.word, got, tt.want)
		}
	}
	if got := Hint("cpp", []string{"c", "cpp17", "go", "python"}); got != " (did you mean cpp17?)" {
		t.Errorf("Hint = %q", got)
	}
	if got := Hint("zzz", []string{"c", "go"}); got != "" {
		t.Errorf("Hint = %q", got)
	}
}

func TestDistance(t *testing.T) {
	for _, tt := range []struct {
		a, b string
		d    int
	}{{"", "", 0}, {"abc", "abc", 0}, {"abc", "acb", 1}, {"kitten", "sitting", 3}, {"", "ab", 2}} {
		if got := distance(tt.a, tt.b); got != tt.d {
			t.Errorf("distance(%q, %q) = %d, want %d", tt.a, tt.b, got, tt.d)
		}
	}
}
