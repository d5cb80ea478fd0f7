package record

import (
	"fmt"
	"math/big"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// Session times are RFC 3339 date-times (section 5.6): T and Z in either case,
// any number of fraction digits, and a leap second only at 23:59:60 UTC. Go's
// time.Parse refuses some of these and rounds to nanoseconds, so instants are
// parsed here into exact rational seconds since 1970-01-01T00:00:00Z.
var dateTime = regexp.MustCompile(`^([0-9]{4})-([0-9]{2})-([0-9]{2})[Tt]([0-9]{2}):([0-9]{2}):([0-9]{2})(?:\.([0-9]+))?(?:([Zz])|([+-])([0-9]{2}):([0-9]{2}))$`)

// instant is a parsed date-time: exact seconds since the epoch, and the offset
// it was written in, in minutes.
type instant struct {
	at     *big.Rat
	offset int
}

// parseDateTime parses s, or reports false when s is not an RFC 3339 date-time.
func parseDateTime(s string) (instant, bool) {
	m := dateTime.FindStringSubmatch(s)
	if m == nil {
		return instant{}, false
	}
	n := func(i int) int { v, _ := strconv.Atoi(m[i]); return v }
	y, mo, d, h, mi, sec := n(1), n(2), n(3), n(4), n(5), n(6)
	if mo < 1 || mo > 12 || d < 1 || d > daysIn(y, mo) || h > 23 || mi > 59 || sec > 60 {
		return instant{}, false
	}
	offset := 0
	if m[9] != "" {
		oh, om := n(10), n(11)
		if oh > 23 || om > 59 {
			return instant{}, false
		}
		offset = oh*60 + om
		if m[9] == "-" {
			offset = -offset
		}
	}
	if sec == 60 && ((h*60+mi-offset)%1440+1440)%1440 != 23*60+59 {
		return instant{}, false // a leap second is the last second of a UTC day
	}
	secs := daysFromCivil(y, mo, d)*86400 + int64(h*3600+mi*60+sec) - int64(offset*60)
	at := new(big.Rat).SetInt64(secs)
	if frac := strings.TrimRight(m[7], "0"); frac != "" {
		num, _ := new(big.Int).SetString(frac, 10)
		den := new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(len(frac))), nil)
		at.Add(at, new(big.Rat).SetFrac(num, den))
	}
	return instant{at: at, offset: offset}, true
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

// floorNanos is the instant in whole nanoseconds, rounded down.
func (t instant) floorNanos() *big.Int {
	n := new(big.Int).Mul(t.at.Num(), big.NewInt(1e9))
	q, m := new(big.Int).QuoRem(n, t.at.Denom(), new(big.Int))
	if m.Sign() < 0 {
		q.Sub(q, big.NewInt(1))
	}
	return q
}

// duration is closed - opened as Go prints a time.Duration, saturating at its
// range as time.Time.Sub does.
func duration(opened, closed instant) string {
	d := new(big.Int).Sub(closed.floorNanos(), opened.floorNanos())
	switch {
	case d.Cmp(big.NewInt(int64(time.Duration(1<<63-1)))) > 0:
		return time.Duration(1<<63 - 1).String()
	case d.Cmp(big.NewInt(-1<<63)) < 0:
		return time.Duration(-1 << 63).String()
	}
	return time.Duration(d.Int64()).String()
}

// format writes whole seconds of t in the offset it was written in.
func (t instant) plus(seconds int64) string {
	local := new(big.Rat).Add(t.at, new(big.Rat).SetInt64(seconds+int64(t.offset*60)))
	whole := new(big.Int).Quo(local.Num(), local.Denom())
	if local.Sign() < 0 && new(big.Int).Mul(whole, local.Denom()).Cmp(local.Num()) != 0 {
		whole.Sub(whole, big.NewInt(1))
	}
	secs := whole.Int64()
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
