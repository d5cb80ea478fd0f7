// Package stream holds the draw stream shared by the HMAC schemes: words taken from
// HMAC-SHA256, the rejection sampler int(n), and the Fisher-Yates shuffle from the
// top (spec section 4, "Commitment, words and sampling").
package stream

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"math/bits"
	"strconv"

	"github.com/pfkit/pfkit/v2/go/internal/errcode"
	"github.com/pfkit/pfkit/v2/go/internal/midstate"
)

// WordBits is the width of a word: the first 13 hex digits of a digest (WORD-1).
const WordBits = 52

// Span is 2^52, the number of distinct words.
const Span uint64 = 1 << WordBits

// MaxShuffle is the largest list the ops accept to shuffle (decision D-15).
const MaxShuffle = 4096

// Commit is the commitment to a seed: SHA-256 of its ASCII text, as 64 lowercase
// hex characters (COMMIT-1).
func Commit(text string) string {
	// Seeds and hand values fit the buffer, which stays on the stack: audits
	// compute a commitment per record.
	var buf [128]byte
	if len(text) <= len(buf) {
		return CommitBytes(append(buf[:0], text...))
	}
	return CommitBytes([]byte(text))
}

// IsCommitment says whether commitment is Commit(text), computing it on the
// stack: an audit checks one per record.
func IsCommitment(text, commitment string) bool {
	if len(text) != 64 || len(commitment) != 2*sha256.Size {
		return Commit(text) == commitment
	}
	// A seed: 64 characters, one block and the padding (midstate.Sum64).
	var blk [64]byte
	copy(blk[:], text)
	sum := midstate.Sum64(&blk)
	var h [2 * sha256.Size]byte
	hex.Encode(h[:], sum[:])
	return string(h[:]) == commitment
}

// CommitBytes is Commit of text given as bytes.
func CommitBytes(text []byte) string {
	sum := sha256.Sum256(text)
	var h [64]byte
	hex.Encode(h[:], sum[:])
	return string(h[:])
}

// MAC is HMAC-SHA256 with the key and message taken as ASCII bytes.
func MAC(key, msg string) [32]byte {
	m := hmac.New(sha256.New, []byte(key))
	m.Write([]byte(msg))
	var out [32]byte
	m.Sum(out[:0])
	return out
}

// MACHex is MAC as 64 lowercase hex characters: the form in which the poker scheme
// reuses a MAC as a key or a salt.
func MACHex(key, msg string) string {
	d := MAC(key, msg)
	return hex.EncodeToString(d[:])
}

// WordOf is the first 13 hex digits of a digest read as a number: its top 52 bits.
func WordOf(d [32]byte) uint64 { return binary.BigEndian.Uint64(d[:8]) >> (64 - WordBits) }

// Word is the word of HMAC-SHA256(key, msg) (WORD-1).
func Word(key, msg string) uint64 { return WordOf(MAC(key, msg)) }

// MatchPrefix is the match_seed_v2 message without its counter:
// "pf2:{game}:{matchId}:{0=seed0,1=seed1,...}:" (MS2-2).
func MatchPrefix(game, matchID string, clientSeeds []string) string {
	// Built on the stack, so a match of a usual size costs one allocation here.
	var buf [256]byte
	return string(AppendMatchPrefix(buf[:0], game, matchID, clientSeeds))
}

// AppendMatchPrefix appends MatchPrefix(game, matchID, clientSeeds) to dst:
// an audit builds one prefix per record, in a buffer it keeps.
func AppendMatchPrefix(dst []byte, game, matchID string, clientSeeds []string) []byte {
	dst = append(dst, "pf2:"...)
	dst = append(dst, game...)
	dst = append(dst, ':')
	dst = append(dst, matchID...)
	dst = append(dst, ':')
	dst = appendSeatList(dst, clientSeeds)
	return append(dst, ':')
}

// SeatList joins seeds as "0=a,1=b,...": the client-seed field of match_seed_v2.
func SeatList(seeds []string) string {
	var buf [256]byte
	return string(appendSeatList(buf[:0], seeds))
}

func appendSeatList(dst []byte, seeds []string) []byte {
	for i, s := range seeds {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = strconv.AppendInt(dst, int64(i), 10)
		dst = append(dst, '=')
		dst = append(dst, s...)
	}
	return dst
}

// Source yields words one at a time. The HMAC stream never fails; an injected list
// of words fails when it runs out.
type Source interface {
	Next() (uint64, error)
}

// Stream is the draw stream of one key and message prefix: word k is the word of
// HMAC(key, prefix + decimal(k)), and k counts up from 0 across every draw.
//
// Words are computed ahead in batches: the messages of counters k to k+L-1 are
// independent, so their compressions run side by side, and a draw (accepted
// or rejected) just takes the next word of the batch. A draw on its own
// computes a small batch (the first smaller still, so a stream that serves a
// single draw wastes little); a shuffle computes a batch of the words its
// remaining swaps need, up to batchMax, so that a 52-card deck costs 51 or
// 52 words rather than whole batches past its end.
type Stream struct {
	key    string
	prefix string
	pre    []byte // the prefix ResetMatch built, in room kept from match to match; empty after Reset
	fast   midstate.HMAC
	base   uint64 // the counter of ahead[0]
	pos    int    // the index in ahead of the next draw's word: its counter is base + pos
	n      int    // words of ahead computed
	ahead  [batchMax]uint64
}

// The batch sizes: the first of a draw on its own, every later one, and the
// largest, a shuffle's (a power of two, so that an index into the batch
// needs no bounds check).
const (
	batchFirst = 2
	batchDraw  = 4
	batchMax   = 64
)

// Ahead computes the words of the next n draws now, at most batchMax of
// them, when the words already computed are used up: a caller that knows
// how many words it will take at least (a seat order and a deal) has them
// computed side by side in one batch rather than in one per shuffle. Words
// computed and never drawn cost time, never a different draw.
func (s *Stream) Ahead(n int) {
	if s.pos == s.n && n > 0 {
		s.refill(n)
	}
}

// New starts a stream at counter 0.
func New(key, prefix string) *Stream {
	s := new(Stream)
	s.Reset(key, prefix)
	return s
}

// Reset is New into s, which a caller keeps from one stream to the next: an
// audit opens a stream per record, and a Stream is under a kilobyte.
func (s *Stream) Reset(key, prefix string) {
	s.key, s.prefix, s.pre, s.base, s.pos, s.n = key, prefix, s.pre[:0], 0, 0, 0
	s.fast.Init(key, prefix)
}

// ResetMatch is Reset(key, MatchPrefix(game, matchID, clientSeeds)) with
// the prefix, and the messages' last blocks (midstate.HMAC.Keep), in room s
// keeps: an audit opens a match per record.
func (s *Stream) ResetMatch(key, game, matchID string, clientSeeds []string) {
	s.pre = AppendMatchPrefix(s.pre[:0], game, matchID, clientSeeds)
	s.key, s.prefix, s.base, s.pos, s.n = key, "", 0, 0, 0
	s.fast.Keep()
	s.fast.InitBytes(key, s.pre)
}

// Message is the HMAC message of draw k (one of prefix and pre is empty).
func (s *Stream) Message(k uint64) string {
	return s.prefix + string(s.pre) + strconv.FormatUint(k, 10)
}

// Digest is the full HMAC of draw k, for traces.
func (s *Stream) Digest(k uint64) [32]byte { return MAC(s.key, s.Message(k)) }

// Counter is the k the next draw will use.
func (s *Stream) Counter() uint64 { return s.base + uint64(s.pos) }

// Next returns the word at the counter and advances it.
func (s *Stream) Next() (uint64, error) { return s.next(), nil }

// next is Next, small enough to be inlined where a caller draws many words:
// the batch is refilled out of line.
func (s *Stream) next() uint64 {
	if s.pos == s.n {
		s.refill(0)
	}
	s.pos++
	return s.ahead[(s.pos-1)&(batchMax-1)]
}

// refill computes the next batch of words, once the last is used up: need
// of them, rounded up to a pair (the words are computed two at a time), at
// most batchMax; 0 is a draw on its own.
func (s *Stream) refill(need int) {
	s.base += uint64(s.n)
	s.pos = 0
	switch {
	case need > 0:
		s.n = min(need+need%2, batchMax)
	case s.base == 0:
		s.n = batchFirst
	default:
		s.n = batchDraw
	}
	s.fast.Words(s.base, s.ahead[:s.n])
}

// Limit is the rejection bound of int(n): 2^52 - (2^52 mod n). A word at or above
// it is discarded (INT-2).
func Limit(n uint64) uint64 { return Span - Span%n }

// CheckN reports whether n is a valid argument of int(n): 1 <= n <= 2^52 (INT-1).
func CheckN(field string, n uint64) error {
	if n < 1 || n > Span {
		return errcode.New(errcode.OutOfRange, "%s: expected 1 <= n <= 2^52 (4503599627370496), found %d", field, n)
	}
	return nil
}

// Sampler turns words into integers and permutations.
type Sampler struct {
	Src Source
	// OnDraw, when set, hears every word the sampler judges: the n it sampled for,
	// the limit, the word, and whether it was kept. Traces use it.
	OnDraw func(n, limit, word uint64, accepted bool)
}

// Int is int(n): a whole number below n, every value equally likely. It draws
// words until one is below Limit(n) and returns that word mod n. int(1) still
// consumes a draw (INT-3).
func (s Sampler) Int(n uint64) (uint64, error) {
	if err := CheckN("n", n); err != nil {
		return 0, err
	}
	for {
		w, err := s.Src.Next()
		if err != nil {
			return 0, err
		}
		// w < Limit(n) with one division, the one that gives w mod n: with
		// w = qn + r, w < Span - Span mod n exactly when q < floor(Span/n),
		// that is when (q+1)n = w - r + n <= Span. No sum exceeds 2^53.
		r := w % n
		ok := w-r+n <= Span
		if s.OnDraw != nil {
			s.OnDraw(n, Limit(n), w, ok)
		}
		if ok {
			return r, nil
		}
	}
}

// Shuffle permutes a in place by Fisher-Yates from the top: for i from len-1 down
// to 1, j = int(i+1), swap a[i] and a[j] (SHUF-1). A list of one element takes no
// draws.
func Shuffle[T any](s Sampler, a []T) error {
	if st, ok := s.Src.(*Stream); ok && s.OnDraw == nil {
		shuffleStream(st, a)
		return nil
	}
	for i := len(a) - 1; i > 0; i-- {
		j, err := s.Int(uint64(i) + 1)
		if err != nil {
			return err
		}
		a[i], a[j] = a[j], a[i]
	}
	return nil
}

// shuffleStream is Shuffle on the HMAC stream, which never fails, with no
// one listening: Int's rejection test inline on each word, with no call
// through the Source interface per draw, and each batch sized to the swaps
// left (i of them); the place in the batch is a local variable between
// refills, not a field stored on every draw. Each n = i + 1 is at least 2 and far below 2^52, so CheckN
// always holds.
func shuffleStream[T any](st *Stream, a []T) {
	pos, end := st.pos, st.n
	for i := len(a) - 1; i > 0; i-- {
		n := uint64(i) + 1
		for {
			if pos == end {
				st.pos = pos
				st.refill(i)
				pos, end = st.pos, st.n
			}
			w := st.ahead[pos&(batchMax-1)]
			pos++
			var r uint64
			if n <= maxReciprocal {
				r = w - quotient(w, n)*n
			} else {
				r = w % n
			}
			if w-r+n <= Span {
				a[i], a[r] = a[r], a[i]
				break
			}
		}
	}
	st.pos = pos
}

// maxReciprocal is the largest n whose quotients shuffleStream takes by a
// multiplication: decks and seat orders. A 64-bit division takes several
// times as long as a multiplication, and a shuffle has one per card.
const maxReciprocal = 64

// reciprocalShift is 52 + 6, with 2^6 = maxReciprocal.
const reciprocalShift = WordBits + 6

// reciprocals[n] is ceil(2^58 / n).
var reciprocals = func() (t [maxReciprocal + 1]uint64) {
	for n := uint64(1); n <= maxReciprocal; n++ {
		t[n] = (1<<reciprocalShift + n - 1) / n
	}
	return t
}()

// quotient is floor(w / n) for a word w < 2^52 and 1 <= n <= 64, as
// (w * m) >> 58 with m = ceil(2^58 / n). It is exact for every w below 2^52:
// m*n exceeds 2^(52+6) by less than n <= 2^6, the condition of Granlund and
// Montgomery ("Division by invariant integers using multiplication", 1994,
// theorem 4.2) for dividends of 52 bits. The product fits 110 bits.
func quotient(w, n uint64) uint64 {
	hi, lo := bits.Mul64(w, reciprocals[n])
	return hi<<(64-reciprocalShift) | lo>>reciprocalShift
}

// Permutation is the shuffle of [0, 1, ..., n-1].
func (s Sampler) Permutation(n int) ([]int, error) {
	a := make([]int, n)
	for i := range a {
		a[i] = i
	}
	return a, Shuffle(s, a)
}

// plain is the stream computed the obvious way, HMAC over the whole message on
// every draw: the reference path the fast one is tested and measured against.
type plain struct {
	key, prefix string
	k           uint64
}

func (p *plain) Next() (uint64, error) {
	w := Word(p.key, p.prefix+strconv.FormatUint(p.k, 10))
	p.k++
	return w, nil
}
