// RFC 3339 section 5.6 date-times, exactly: T and Z in either case, any
// number of fraction digits, a leap second only as the last second of a UTC
// day. An instant is whole seconds since 1970-01-01T00:00:00Z (exact: years
// 0000-9999 stay far below 2^53) and the fraction's digits without trailing
// zeros, so that two times compare exactly, however many digits they carry.
'use strict';

const DATE_TIME = /^([0-9]{4})-([0-9]{2})-([0-9]{2})[Tt]([0-9]{2}):([0-9]{2}):([0-9]{2})(?:\.([0-9]+))?(?:([Zz])|([+-])([0-9]{2}):([0-9]{2}))$/;

function daysIn(y, m) {
  if (m === 2) return y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0) ? 29 : 28;
  return m === 4 || m === 6 || m === 9 || m === 11 ? 30 : 31;
}

/** Days from 1970-01-01 to a proleptic Gregorian date. */
function daysFromCivil(y, m, d) {
  if (m <= 2) y--;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * ((m + 9) % 12) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

function civilFromDays(z) {
  z += 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  return [yoe + era * 400 + (m <= 2 ? 1 : 0), m, d];
}

/**
 * s without its trailing zeros. A loop, not /0+$/: that regular expression
 * tries every run of zeros to the end, in time growing with the square of
 * the length (LIM-1).
 */
function trimZeros(s) {
  let n = s.length;
  while (n > 0 && s.charCodeAt(n - 1) === 48) n--;
  return s.slice(0, n);
}

/** Parses an RFC 3339 date-time: {secs, frac, offset (minutes)}, or null. */
function parseDateTime(s) {
  const m = DATE_TIME.exec(s);
  if (m === null) return null;
  const y = +m[1], mo = +m[2], d = +m[3], h = +m[4], mi = +m[5], sec = +m[6];
  if (mo < 1 || mo > 12 || d < 1 || d > daysIn(y, mo) || h > 23 || mi > 59 || sec > 60) return null;
  let offset = 0;
  if (m[9] !== undefined) {
    const oh = +m[10], om = +m[11];
    if (oh > 23 || om > 59) return null;
    offset = (oh * 60 + om) * (m[9] === '-' ? -1 : 1);
  }
  if (sec === 60 && ((h * 60 + mi - offset) % 1440 + 1440) % 1440 !== 23 * 60 + 59) return null;
  const secs = daysFromCivil(y, mo, d) * 86400 + h * 3600 + mi * 60 + sec - offset * 60;
  return { secs, frac: trimZeros(m[7] || ''), offset };
}

/** Compares two instants, the second shifted by `plus` whole seconds. */
function compareInstants(a, b, plus) {
  const bs = b.secs + (plus || 0);
  if (a.secs !== bs) return a.secs < bs ? -1 : 1;
  // Fractions without trailing zeros compare as their digit strings do.
  return a.frac === b.frac ? 0 : a.frac < b.frac ? -1 : 1;
}

/** The instant in whole nanoseconds, rounded down. */
function floorNanos(t) {
  return BigInt(t.secs) * 1000000000n + BigInt(t.frac.slice(0, 9).padEnd(9, '0'));
}

const MAX_DURATION = 9223372036854775807n;

/** A number of nanoseconds as Go's time.Duration prints it ("41m7s", "1.5µs"). */
function goDuration(ns) {
  const neg = ns < 0n;
  let u = neg ? -ns : ns;
  const frac = (v, prec) => {
    const p = 10n ** BigInt(prec);
    const f = (v % p).toString().padStart(prec, '0').replace(/0+$/, '');
    return [v / p, f === '' ? '' : '.' + f];
  };
  let out;
  if (u === 0n) return '0s';
  if (u < 1000n) out = u + 'ns';
  else if (u < 1000000n) { const r = frac(u, 3); out = r[0] + r[1] + 'µs'; }
  else if (u < 1000000000n) { const r = frac(u, 6); out = r[0] + r[1] + 'ms'; }
  else {
    const r = frac(u, 9);
    u = r[0];
    out = (u % 60n) + r[1] + 's';
    u /= 60n;
    if (u > 0n) {
      out = (u % 60n) + 'm' + out;
      u /= 60n;
      if (u > 0n) out = u + 'h' + out;
    }
  }
  return (neg ? '-' : '') + out;
}

/** closed - opened as Go prints the difference of two times (saturating at time.Duration's range). */
function sessionDuration(opened, closed) {
  let d = floorNanos(closed) - floorNanos(opened);
  if (d > MAX_DURATION) d = MAX_DURATION;
  if (d < -MAX_DURATION - 1n) d = -MAX_DURATION - 1n;
  return goDuration(d);
}

/** The instant t plus whole seconds, in the offset t was written in, to the second. */
function formatInstantPlus(t, seconds) {
  const local = t.secs + seconds + t.offset * 60; // the fraction, in [0, 1), is dropped
  const days = Math.floor(local / 86400), rem = local - days * 86400;
  const ymd = civilFromDays(days);
  const two = (x) => String(x).padStart(2, '0');
  let zone = 'Z';
  if (t.offset !== 0) {
    const o = Math.abs(t.offset);
    zone = (t.offset < 0 ? '-' : '+') + two(Math.floor(o / 60)) + ':' + two(o % 60);
  }
  const year = ymd[0] < 0 ? '-' + String(-ymd[0]).padStart(3, '0') : String(ymd[0]).padStart(4, '0');
  return year + '-' + two(ymd[1]) + '-' + two(ymd[2]) + 'T' + two(Math.floor(rem / 3600)) + ':' +
    two(Math.floor(rem / 60) % 60) + ':' + two(rem % 60) + zone;
}

module.exports = { parseDateTime, compareInstants, sessionDuration, formatInstantPlus, civilFromDays };
