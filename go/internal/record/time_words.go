package record

import (
	"fmt"
	"strconv"

	"github.com/pfkit/pfkit/v2/go/internal/words"
)

// timeWords is an instant in words, in UTC, to the second ("November 30, 2026
// at 8:00:00 PM UTC"), then "and a fraction of a second" when its fraction is
// not zero: never the fraction's digits, which a record may hold by the
// million (LIM-1).
func timeWords(t instant) string {
	days, rem := floorDiv64(t.secs, 86400)
	y, mo, d := civilFromDays(days)
	hour, code := int(rem/3600), "cli.time.am"
	if hour >= 12 {
		hour, code = hour-12, "cli.time.pm"
	}
	if hour == 0 {
		hour = 12
	}
	out := words.Text(code, "month", words.Text("cli.month."+strconv.Itoa(mo)), "day", d, "year", int(y), "hour", hour,
		"minute", fmt.Sprintf("%02d", rem/60%60), "second", fmt.Sprintf("%02d", rem%60))
	if t.frac != "" {
		out = words.Text("cli.time.fraction", "time", out)
	}
	return out
}

// writtenTime is a time the record holds: in words, then as the record writes
// it, clipped.
func writtenTime(t instant, written string) string {
	return words.Text("cli.value.time_as_written", "time", timeWords(t), "written", clipped(written))
}

// Clipping a long value in a report line: a value of more than clipOver
// characters (code points) keeps its first clipHead and last clipTail around
// "…", 30 characters in all, so that a line stays short whatever a record
// holds while the ends, where two values usually differ, stay in view.
const (
	clipOver = 40
	clipHead = 23
	clipTail = 6
)

// clipped is s, or s clipped when it has more than clipOver characters.
func clipped(s string) string {
	r := []rune(s)
	if len(r) <= clipOver {
		return s
	}
	return string(r[:clipHead]) + "…" + string(r[len(r)-clipTail:])
}
