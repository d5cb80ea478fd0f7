package require

import (
	"errors"
	"fmt"
	"testing"
)

// recorder stands for a test: it keeps what a check reports and whether it ended the test.
type recorder struct {
	reports []string
	ended   bool
}

func (r *recorder) Errorf(format string, args ...any) {
	r.reports = append(r.reports, fmt.Sprintf(format, args...))
}
func (r *recorder) FailNow() { r.ended = true }

// A check that holds neither reports nor ends the test; one that fails does both, once.
func TestAFailedCheckEndsTheTest(t *testing.T) {
	cases := []struct {
		name          string
		pass, failing func(TestingT)
	}{
		{"Equal", func(t TestingT) { Equal(t, "a", "a") }, func(t TestingT) { Equal(t, "a", "b") }},
		{"NoError", func(t TestingT) { NoError(t, nil) }, func(t TestingT) { NoError(t, errors.New("boom")) }},
		{"Len", func(t TestingT) { Len(t, []int{1}, 1) }, func(t TestingT) { Len(t, []int{1}, 2) }},
		{"Greater", func(t TestingT) { Greater(t, 2, 1) }, func(t TestingT) { Greater(t, 1, 1) }},
		{"Failf", func(TestingT) {}, func(t TestingT) { Failf(t, "gave up", "after %d tries", 3) }},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var ok, bad recorder
			c.pass(&ok)
			c.failing(&bad)
			if ok.ended || len(ok.reports) != 0 {
				t.Errorf("a check that holds reported %q, ended %v", ok.reports, ok.ended)
			}
			if !bad.ended || len(bad.reports) != 1 {
				t.Errorf("a failed check reported %q, ended %v", bad.reports, bad.ended)
			}
		})
	}
}
