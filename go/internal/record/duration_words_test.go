package record

import (
	"testing"
	"time"
)

// TestDurationWords: a session's length in words, worked by hand.
func TestDurationWords(t *testing.T) {
	for _, c := range []struct {
		d    time.Duration
		want string
	}{
		{0, "0 seconds"},
		{1, "a fraction of a second"},
		{time.Second, "1 second"},
		{61 * time.Second, "1 minute and 1 second"},
		{41*time.Minute + 7*time.Second, "41 minutes and 7 seconds"},
		{24 * time.Hour, "24 hours"},
		{24*time.Hour + 1, "24 hours and a fraction of a second"},
		{2*time.Hour + 5*time.Second, "2 hours and 5 seconds"},
		{time.Hour + time.Minute + 1500*time.Millisecond, "1 hour, 1 minute, 1 second and a fraction of a second"},
	} {
		if got := durationWords(c.d); got != c.want {
			t.Errorf("durationWords(%v) = %q, want %q", c.d, got, c.want)
		}
	}
}
