package record

import (
	"time"

	"github.com/pfkit/pfkit/v2/go/internal/words"
)

// durationWords is a session's length in words ("41 minutes and 7 seconds",
// "24 hours and a fraction of a second"): the hours, minutes and seconds that
// are not zero, and any rest below a second as a fraction, never its digits.
// d is never negative: it is said only once the session closed after it opened.
func durationWords(d time.Duration) string {
	var parts []string
	for _, p := range []struct {
		code string
		n    int
	}{
		{"cli.duration.hours", int(d / time.Hour)},
		{"cli.duration.minutes", int(d/time.Minute) % 60},
		{"cli.duration.seconds", int(d/time.Second) % 60},
	} {
		if p.n != 0 {
			parts = append(parts, words.Text(p.code, "n", p.n))
		}
	}
	if d%time.Second != 0 {
		parts = append(parts, words.Text("cli.duration.fraction"))
	}
	if len(parts) == 0 {
		return words.Text("cli.duration.seconds", "n", 0)
	}
	out := parts[0]
	for i, p := range parts[1:] {
		if i == len(parts)-2 {
			return words.Text("cli.duration.and", "first", out, "last", p)
		}
		out = words.Text("cli.duration.comma", "first", out, "next", p)
	}
	return out
}
