package problem

// NaturalLess reports whether a sorts before b in natural order: runs of
// ASCII digits compare by numeric value ("2" < "10", "test2" < "test10"),
// everything else compares byte by byte ("a" < "b"). Names that are equal
// in natural order ("01" and "1") are ordered by plain string comparison,
// so NaturalLess is a strict total order.
func NaturalLess(a, b string) bool { return NaturalCompare(a, b) < 0 }

// NaturalCompare compares a and b in the order of NaturalLess: -1 when a
// sorts first, 1 when b does, 0 when they are the same string. It suits
// slices.SortFunc.
func NaturalCompare(a, b string) int {
	switch {
	case naturalLess(a, b):
		return -1
	case naturalLess(b, a):
		return 1
	}
	return 0
}

func naturalLess(a, b string) bool {
	i, j := 0, 0
	for i < len(a) && j < len(b) {
		ca, cb := a[i], b[j]
		if isDigit(ca) && isDigit(cb) {
			si, sj := i, j
			for i < len(a) && isDigit(a[i]) {
				i++
			}
			for j < len(b) && isDigit(b[j]) {
				j++
			}
			if c := compareDigits(a[si:i], b[sj:j]); c != 0 {
				return c < 0
			}
			continue
		}
		if ca != cb {
			return ca < cb
		}
		i++
		j++
	}
	if rest := (len(a) - i) - (len(b) - j); rest != 0 {
		return rest < 0
	}
	return a < b
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

// compareDigits compares two runs of decimal digits by value, without
// converting them to integers, so runs of any length work.
func compareDigits(x, y string) int {
	for len(x) > 1 && x[0] == '0' {
		x = x[1:]
	}
	for len(y) > 1 && y[0] == '0' {
		y = y[1:]
	}
	if len(x) != len(y) {
		if len(x) < len(y) {
			return -1
		}
		return 1
	}
	switch {
	case x < y:
		return -1
	case x > y:
		return 1
	}
	return 0
}

// SamplesFirst returns the tests with the samples moved before the other
// tests, each group keeping its order: the order tests run and are
// reported in, so a contestant sees the samples' results first.
func SamplesFirst(tests []Test) []Test {
	out := make([]Test, 0, len(tests))
	for _, t := range tests {
		if t.Sample {
			out = append(out, t)
		}
	}
	for _, t := range tests {
		if !t.Sample {
			out = append(out, t)
		}
	}
	return out
}
