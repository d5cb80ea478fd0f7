package record

import (
	"fmt"
	"math/big"
	"strconv"
	"strings"
	"time"
)

// Session times are RFC 3339 date-times (section 5.6): T and Z in either case,
// any number of fraction digits, and a leap second only at 23:59:60 UTC. Go's
// time.Parse refuses some of these and rounds to nanoseconds, so instants are
// parsed here, by hand and in one pass, into whole seconds since
// 1970-01-01T00:00:00Z and the fraction's digits. Every digit counts (REC-1,
// D-23), and nothing converts the fraction to a number: two instants compare
// by their seconds, then by their fractions as digit strings, which takes time
// proportional to their length however many digits they have (LIM-1).

// instant is a parsed date-time: whole seconds since the epoch, the fraction
// of a second as its digits without trailing zeros, and the offset it was
// written in, in minutes.
type instant struct {
	secs   int64
	frac   string
	offset int
}

// parseDateTime parses s, or reports false when s is not an RFC 3339 date-time:
// YYYY-MM-DD, T or t, hh:mm:ss, an optional fraction, then Z, z or ±hh:mm.
func parseDateTime(s string) (instant, bool) {
	i := 0
	num := func(width int) (int, bool) {
		if len(s)-i < width {
			return 0, false
		}
		v := 0
		for _, c := range []byte(s[i : i+width]) {
			if c < '0' || c > '9' {
				return 0, false
			}
			v = 10*v + int(c-'0')
		}
		i += width
		return v, true
	}
	sep := func(set string) (byte, bool) {
		if i < len(s) && strings.IndexByte(set, s[i]) >= 0 {
			i++
			return s[i-1], true
		}
		return 0, false
	}
	var f [6]int
	for k, after := range []string{"-", "-", "Tt", ":", ":", ""} {
		width := 2
		if k == 0 {
			width = 4
		}
		v, ok := num(width)
		if !ok {
			return instant{}, false
		}
		f[k] = v
		if _, ok := sep(after); !ok && after != "" {
			return instant{}, false
		}
	}
	y, mo, d, h, mi, sec := f[0], f[1], f[2], f[3], f[4], f[5]
	frac := ""
	if _, ok := sep("."); ok {
		start := i
		for i < len(s) && '0' <= s[i] && s[i] <= '9' {
			i++
		}
		if i == start {
			return instant{}, false
		}
		frac = strings.TrimRight(s[start:i], "0")
	}
	offset := 0
	switch z, _ := sep("Zz+-"); z {
	case 'Z', 'z':
	case '+', '-':
		oh, ok1 := num(2)
		_, ok2 := sep(":")
		om, ok3 := num(2)
		if !ok1 || !ok2 || !ok3 || oh > 23 || om > 59 {
			return instant{}, false
		}
		offset = oh*60 + om
		if z == '-' {
			offset = -offset
		}
	default:
		return instant{}, false
	}
	if i != len(s) || mo < 1 || mo > 12 || d < 1 || d > daysIn(y, mo) || h > 23 || mi > 59 || sec > 60 {
		return instant{}, false
	}
	if sec == 60 && ((h*60+mi-offset)%1440+1440)%1440 != 23*60+59 {
		return instant{}, false // a leap second is the last second of a UTC day
	}
	secs := daysFromCivil(y, mo, d)*86400 + int64(h*3600+mi*60+sec) - int64(offset*60)
	return instant{secs: secs, frac: frac, offset: offset}, true
}

// compareAfter compares a with b shifted by seconds whole seconds: -1, 0 or 1.
// Fractions without trailing zeros compare as their digit strings do.
func compareAfter(a, b instant, seconds int64) int {
	bs := b.secs + seconds
	switch {
	case a.secs < bs:
		return -1
	case a.secs > bs:
		return 1
	}
	return strings.Compare(a.frac, b.frac)
}

func daysIn(y, m int) int {
	switch m {
	case 2:
		if y%4 == 0 && (y%100 != 0 || y%400 == 0) {
			return 29
		}
		return 28
	case 4, 6, 9, 11:
		return 30
	}
	return 31
}

// daysFromCivil counts days from 1970-01-01 to a proleptic Gregorian date.
func daysFromCivil(y, m, d int) int64 {
	if m <= 2 {
		y--
	}
	era := floorDiv(y, 400)
	yoe := y - era*400
	mp := (m + 9) % 12
	doy := (153*mp+2)/5 + d - 1
	doe := yoe*365 + yoe/4 - yoe/100 + doy
	return int64(era)*146097 + int64(doe) - 719468
}

func floorDiv(a, b int) int {
	q := a / b
	if (a%b != 0) && ((a < 0) != (b < 0)) {
		q--
	}
	return q
}

// floorNanos is the instant in whole nanoseconds, rounded down. Only the
// fraction's first nine digits count; the seconds stay small (four-digit years).
func (t instant) floorNanos() *big.Int {
	ns, _ := strconv.Atoi((t.frac + "000000000")[:9])
	n := new(big.Int).Mul(big.NewInt(t.secs), big.NewInt(1e9))
	return n.Add(n, big.NewInt(int64(ns)))
}

// sessionLength is closed - opened to the nanosecond, saturating at
// time.Duration's range as time.Time.Sub does.
func sessionLength(opened, closed instant) time.Duration {
	d := new(big.Int).Sub(closed.floorNanos(), opened.floorNanos())
	switch {
	case d.Cmp(big.NewInt(int64(time.Duration(1<<63-1)))) > 0:
		return time.Duration(1<<63 - 1)
	case d.Cmp(big.NewInt(-1<<63)) < 0:
		return time.Duration(-1 << 63)
	}
	return time.Duration(d.Int64())
}

// plus writes whole seconds of t + seconds in the offset t was written in; the
// fraction, in [0, 1), is dropped.
func (t instant) plus(seconds int64) string {
	secs := t.secs + seconds + int64(t.offset*60)
	days, rem := floorDiv64(secs, 86400)
	y, mo, d := civilFromDays(days)
	zone := "Z"
	if t.offset != 0 {
		sign, o := "+", t.offset
		if o < 0 {
			sign, o = "-", -o
		}
		zone = fmt.Sprintf("%s%02d:%02d", sign, o/60, o%60)
	}
	return fmt.Sprintf("%04d-%02d-%02dT%02d:%02d:%02d%s", y, mo, d, rem/3600, rem/60%60, rem%60, zone)
}

func floorDiv64(a, b int64) (q, r int64) {
	q, r = a/b, a%b
	if r < 0 {
		q, r = q-1, r+b
	}
	return q, r
}

func civilFromDays(z int64) (y int64, m, d int) {
	z += 719468
	era, _ := floorDiv64(z, 146097)
	doe := z - era*146097
	yoe := (doe - doe/1460 + doe/36524 - doe/146096) / 365
	y = yoe + era*400
	doy := doe - (365*yoe + yoe/4 - yoe/100)
	mp := (5*doy + 2) / 153
	d = int(doy - (153*mp+2)/5 + 1)
	if mp < 10 {
		m = int(mp + 3)
	} else {
		m = int(mp - 9)
	}
	if m <= 2 {
		y++
	}
	return y, m, d
}
