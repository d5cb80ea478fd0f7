package record

import "testing"

// A time in words, worked out by hand: midnight is 12 AM, noon 12 PM, an
// offset is taken to UTC, a fraction is said, never its digits.
func TestTimeWords(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"2026-11-30T20:00:00Z", "November 30, 2026 at 8:00:00 PM UTC"},
		{"2026-11-30T00:00:00Z", "November 30, 2026 at 12:00:00 AM UTC"},
		{"2026-11-30T12:00:00Z", "November 30, 2026 at 12:00:00 PM UTC"},
		{"2026-01-01T11:59:59Z", "January 1, 2026 at 11:59:59 AM UTC"},
		{"2026-11-29T00:00:00+02:00", "November 28, 2026 at 10:00:00 PM UTC"},
		{"2024-02-29T23:30:05.5-01:00", "March 1, 2024 at 12:30:05 AM UTC and a fraction of a second"},
		{"2026-11-30T20:00:00.000Z", "November 30, 2026 at 8:00:00 PM UTC"},
	} {
		at, ok := parseDateTime(tc.in)
		if !ok {
			t.Fatalf("%s: not read", tc.in)
		}
		if got := timeWords(at); got != tc.want {
			t.Errorf("%s: %q, want %q", tc.in, got, tc.want)
		}
	}
}

// Clipping: up to 40 characters a value stays whole; past them it keeps 23
// characters, "…" and the last 6, counted in code points.
func TestClipped(t *testing.T) {
	forty := "2026-11-30T20:00:00.000000000000000000001Z"[:40]
	for _, tc := range []struct{ in, want string }{
		{"", ""},
		{forty, forty},
		{"2026-11-30T20:00:00.0000000000000000000001Z", "2026-11-30T20:00:00.000…00001Z"},
		{"ééééééééééééééééééééééééééééééééééééééééé", "ééééééééééééééééééééééé…éééééé"},
	} {
		if got := clipped(tc.in); got != tc.want {
			t.Errorf("%q: %q, want %q", tc.in, got, tc.want)
		}
	}
}

// Seats in order (D-33): the record's seat 0 is the first seat, 9 the tenth;
// a number no table has is said as written.
func TestSeatWords(t *testing.T) {
	for n, want := range map[int]string{0: "first seat", 2: "third seat", 9: "tenth seat", 10: "seat numbered 10", -1: "seat numbered -1"} {
		if got := seatWords(n); got != want {
			t.Errorf("%d: %q, want %q", n, got, want)
		}
	}
}

// A poker hand (READ-3): counted from 1 (its place in a reveal's list, or its
// number from the first hand on), the record's number beside the count when
// that is another, and by the record's number alone when no session of 500
// hands can hold it.
func TestHandWords(t *testing.T) {
	for _, tc := range []struct {
		number, count int
		want          string
	}{
		{3, 3, "hand 3"},                          // numbered from 1
		{500, 500, "hand 500"},                    // the last hand from 1
		{0, 1, "hand 1 (number 0 in the record)"}, // numbered from 0
		{499, 500, "hand 500 (number 499 in the record)"},
		{2, 3, "hand 3 (number 2 in the record)"},     // a reveal's third hand, numbered from 0 without saying so
		{500, 501, "hand numbered 500 in the record"}, // from 0, one past the last
		{501, 501, "hand numbered 501 in the record"}, // from 1, one past the last
		{0, 0, "hand numbered 0 in the record"},       // from 1, before the first
		{-7, -7, "hand numbered -7 in the record"},
	} {
		if got := atHand(tc.number, tc.count); got != tc.want {
			t.Errorf("number %d counted %d: %q, want %q", tc.number, tc.count, got, tc.want)
		}
	}
}
