package midstate

import (
	"crypto/sha256"
	"encoding"
	"encoding/binary"
	"hash"
	"strconv"
)

// HMAC holds the saved states of HMAC-SHA256(key, prefix + …). It keeps
// scratch space, so one HMAC serves one goroutine at a time.
type HMAC struct {
	keyed
	room *room // nil: the messages' last blocks are made on the stack on every call (Keep)
}

// keyed is what Init sets: the states of one key and prefix.
type keyed struct {
	inner, outer State
	tail         [64]byte // the prefix bytes after its last full block, then zeros
	tailLen      int
	innerBytes   uint64 // bytes hashed into inner: the pad block and the prefix's full blocks
	std          *stdHMAC

	// mid is the state after the first 14 rounds of the last block(s) when
	// the tail holds at least the 56 bytes those rounds read (midRounds):
	// they are the same for every counter.
	mid    State
	hasMid bool
}

// stdHMAC is the path for CPUs without the SHA extensions, and for builds
// tagged purego: crypto/sha256 resumed from saved states, which uses the
// standard library's own assembly where it has some (AVX2, ARMv8 SHA-2, …)
// and so is never slower than crypto/sha256 itself.
type stdHMAC struct {
	inner, outer []byte // MarshalBinary of the states after the pads and the prefix
	h            hash.Hash
	digest       [32]byte
	digits       [20]byte
}

// Path names the compressions the HMACs made from now on use:
// "sha-extensions" (this package's assembly), "sha-extensions+avx-512" (the
// same, with runs of sixteen words in the AVX-512 registers) or
// "crypto-sha256" (saved states of the standard library's hash).
func Path() string { return pathName(useSHANI, useAVX512) }

func pathName(shaExtensions, avx512 bool) string {
	switch {
	case shaExtensions && avx512:
		return "sha-extensions+avx-512"
	case shaExtensions:
		return "sha-extensions"
	}
	return "crypto-sha256"
}

// New saves the states for key and prefix. Keys longer than a block are
// hashed first, as HMAC requires.
func New(key, prefix string) *HMAC {
	h := new(HMAC)
	h.Init(key, prefix)
	return h
}

// Init is New into h, which a caller may hold by value: a stream made per
// record then costs one allocation, not two.
func (h *HMAC) Init(key, prefix string) { initHMAC(h, key, prefix) }

// InitBytes is Init with the prefix given as bytes, which a caller may build
// in a buffer it keeps: h keeps nothing of them.
func (h *HMAC) InitBytes(key string, prefix []byte) { initHMAC(h, key, prefix) }

func initHMAC[T string | []byte](h *HMAC, key string, prefix T) {
	var k [64]byte
	if len(key) > 64 {
		sum := sha256.Sum256([]byte(key))
		copy(k[:], sum[:])
	} else {
		copy(k[:], key)
	}
	// The pads eight bytes at a time: a stream is opened per record.
	var ipad, opad [64]byte
	for i := 0; i < 64; i += 8 {
		w := binary.LittleEndian.Uint64(k[i:])
		binary.LittleEndian.PutUint64(ipad[i:], w^0x3636363636363636)
		binary.LittleEndian.PutUint64(opad[i:], w^0x5c5c5c5c5c5c5c5c)
	}
	if !useSHANI {
		h.keyed = keyed{std: newStd(&ipad, &opad, prefix)}
		return
	}
	was := lastBlocks{h.tail, h.tailLen, h.innerBytes}
	h.keyed = keyed{inner: IV, outer: IV}
	Block2(&h.inner, &h.outer, &ipad, &opad)
	h.innerBytes = 64
	for len(prefix) >= 64 {
		var blk [64]byte
		copy(blk[:], prefix[:64])
		h.inner.Block(&blk)
		h.innerBytes += 64
		prefix = prefix[64:]
	}
	h.tailLen = copy(h.tail[:], prefix)
	if h.tailLen >= 4*midRounds {
		h.mid, h.hasMid = rounds(h.inner, &h.tail, midRounds), true
	}
	// The room's blocks hold the tail, the digits and the length of the
	// last prefix: kept when those are the same (prefixes of one length
	// whose last block holds only their common end, like the ':' of most
	// of an archive's matches), made again otherwise.
	if r := h.room; r != nil && was != (lastBlocks{h.tail, h.tailLen, h.innerBytes}) {
		r.oneW, r.twoW = [2 * maxRun]uint8{}, [2 * maxRun]uint8{}
	}
}

// lastBlocks is what the messages' last blocks hold besides their
// counters' digits.
type lastBlocks struct {
	tail       [64]byte
	tailLen    int
	innerBytes uint64
}

// room is the messages' last blocks that one call to the assembly
// compresses, kept from call to call and from one Init to the next by an
// HMAC opened again and again (Keep): the messages of counters with as many
// digits differ only in their digits, so a block made since Init for that
// many digits gets only its digits written. Made afresh on every call, the
// blocks cost more to clear and copy than their digits do to write.
type room struct {
	one        [2 * maxRun][64]byte
	two        [2 * maxRun][128]byte
	oneW, twoW [2 * maxRun]uint8 // the digits each block was made for since Init; 0: none
}

// Keep has h keep room for the messages' last blocks from call to call and
// from one Init to the next, for an HMAC opened once a record: the room
// costs a stream opened once more than it saves.
func (h *HMAC) Keep() {
	if h.room == nil {
		h.room = new(room)
	}
}

// midRounds is how many rounds of a message's first block a 56-byte tail
// decides: rounds 0..13 read words 0..13 only, and the SHA extensions take
// rounds two at a time, so 14 rather than the 14 words' fifteenth.
const midRounds = 14

func newStd[T string | []byte](ipad, opad *[64]byte, prefix T) *stdHMAC {
	save := func(parts ...[]byte) []byte {
		h := sha256.New()
		for _, p := range parts {
			h.Write(p)
		}
		b, err := h.(encoding.BinaryMarshaler).MarshalBinary()
		if err != nil {
			panic("crypto/sha256 cannot save its state: " + err.Error())
		}
		return b
	}
	return &stdHMAC{inner: save(ipad[:], []byte(prefix)), outer: save(opad[:]), h: sha256.New()}
}

func (s *stdHMAC) sum(k uint64) [32]byte {
	u := s.h.(encoding.BinaryUnmarshaler)
	// The saved states came from this package's own MarshalBinary, so
	// restoring them cannot fail.
	u.UnmarshalBinary(s.inner)
	s.h.Write(strconv.AppendUint(s.digits[:0], k, 10))
	s.h.Sum(s.digest[:0])
	u.UnmarshalBinary(s.outer)
	s.h.Write(s.digest[:])
	var out [32]byte
	s.h.Sum(out[:0])
	return out
}

// innerBlocks writes the last block(s) of the inner hash of a counter whose
// decimal digits are d into buf: the prefix's tail, the digits, the 0x80
// marker, zeros, and the message length in bits. It returns 1 or 2, the
// number of blocks.
func (h *HMAC) innerBlocks(buf *[128]byte, d []byte) int {
	copy(buf[:], h.tail[:h.tailLen])
	n := h.tailLen + copy(buf[h.tailLen:], d)
	bits := (h.innerBytes + uint64(n)) * 8
	buf[n] = 0x80
	end := 64
	if n+9 > 64 {
		end = 128
	}
	binary.BigEndian.PutUint64(buf[end-8:end], bits)
	return end / 64
}

// lastBlock is innerBlocks when the message ends in one block, starting from
// a copy of the tail and its zeros.
func (h *HMAC) lastBlock(buf *[64]byte, d []byte) {
	*buf = h.tail
	n := h.tailLen + copy(buf[h.tailLen:], d)
	buf[n] = 0x80
	binary.BigEndian.PutUint64(buf[56:], (h.innerBytes+uint64(n))*8)
}

// decimal is a counter's digits, right-aligned in a buffer so that counting
// up is a carry along its bytes rather than a conversion per counter.
type decimal struct {
	b     [20]byte
	start int
}

func newDecimal(k uint64) decimal {
	d := decimal{start: 20}
	for {
		d.start--
		d.b[d.start] = byte('0' + k%10)
		if k /= 10; k == 0 {
			return d
		}
	}
}

func (d *decimal) digits() []byte { return d.b[d.start:] }

// inc adds one. Counters stay far below 2^64 - 1, whose 20 digits are the
// most this holds.
func (d *decimal) inc() {
	for i := 19; i >= d.start; i-- {
		if d.b[i] != '9' {
			d.b[i]++
			return
		}
		d.b[i] = '0'
	}
	d.start--
	d.b[d.start] = '1'
}

// outerBlock is the outer hash's only block: the 32-byte inner digest after
// the opad block, 96 bytes in all.
func outerBlock(out *[64]byte, s *State) {
	for i, w := range s {
		binary.BigEndian.PutUint32(out[4*i:], w)
	}
	out[32] = 0x80
	binary.BigEndian.PutUint64(out[56:], (64+32)*8)
}

// Sum is HMAC(key, prefix + decimal(k)).
func (h *HMAC) Sum(k uint64) [32]byte {
	if h.std != nil {
		return h.std.sum(k)
	}
	var buf [128]byte
	s := h.inner
	var digits [20]byte
	if h.innerBlocks(&buf, strconv.AppendUint(digits[:0], k, 10)) == 1 {
		s.Block((*[64]byte)(buf[:64]))
	} else {
		s.Block((*[64]byte)(buf[:64]))
		s.Block((*[64]byte)(buf[64:]))
	}
	var out [64]byte
	outerBlock(&out, &s)
	o := h.outer
	o.Block(&out)
	return o.Bytes()
}

// Word is the top 52 bits of Sum(k): the first 13 hex digits (spec WORD-1).
func (h *HMAC) Word(k uint64) uint64 {
	d := h.Sum(k)
	return binary.BigEndian.Uint64(d[:8]) >> 12
}

// word is the top 52 bits of a final state.
func word(s *State) uint64 { return (uint64(s[0])<<32 | uint64(s[1])) >> 12 }

// Words sets out[i] to Word(k+i). The messages of different counters are
// independent, so with the SHA extensions they are compressed two at a time,
// interleaved, up to maxRun pairs in one call to the assembly.
func (h *HMAC) Words(k uint64, out []uint64) {
	if h.std != nil {
		for i := range out {
			out[i] = h.Word(k + uint64(i))
		}
		return
	}
	d := newDecimal(k)
	for len(out) >= 2 {
		n := 0
		if useSHANI {
			n = h.wordsRun(&d, out)
		}
		if n == 0 {
			var ba, bb [128]byte
			na := h.innerBlocks(&ba, d.digits())
			d.inc()
			nb := h.innerBlocks(&bb, d.digits())
			d.inc()
			out[0], out[1] = h.word2(&ba, &bb, na, nb)
			n = 2
		}
		out = out[n:]
		k += uint64(n)
	}
	if len(out) == 1 {
		out[0] = h.Word(k)
	}
}

// maxRun is the most pairs of words one call to the assembly computes.
const maxRun = 8

// wordsRun computes, with the SHA extensions, the words of the pairs of
// counters from d on whose messages all end in one block, or all in two (up
// to maxRun pairs and len(out)/2), advances d past them and returns how many
// words it wrote: 0 when the first pair's messages differ (a counter that
// gains a digit at a block's end), which word2 then computes.
func (h *HMAC) wordsRun(d *decimal, out []uint64) int {
	pairs := min(len(out)/2, maxRun)
	switch n := h.tailLen + len(d.digits()); {
	case n+1+9 <= 64: // the second counter has at most one digit more
		return h.oneBlockWords(d, out, pairs)
	case n+9 > 64:
		return h.twoBlockWords(d, out, pairs)
	}
	return 0
}

// oneBlockWords is wordsRun's pairs of one-block messages, at least the
// first, in h's room (Keep) or, with none, on the stack, which Go zeroes on
// every call: only the path without a room declares the buffer.
func (h *HMAC) oneBlockWords(d *decimal, out []uint64, pairs int) int {
	if r := h.room; r != nil {
		n := h.oneBlockRoom(r, d, pairs)
		h.oneBlockWordsOf(&r.one, out, n)
		return 2 * n
	}
	var buf [2 * maxRun][64]byte
	n := h.oneBlockRun(&buf, d, pairs)
	h.oneBlockWordsOf(&buf, out, n)
	return 2 * n
}

// oneBlockWordsOf compresses the one-block messages in buf: a full run
// sixteen at a time where the CPU has AVX-512, otherwise two at a time.
func (h *HMAC) oneBlockWordsOf(buf *[2 * maxRun][64]byte, out []uint64, pairs int) {
	if pairs == maxRun && useAVX512 {
		h.words16(&buf[0][0], 64, 1, out)
		return
	}
	hmacWordsSHANI((*[8]uint32)(&h.inner), (*[8]uint32)(&h.outer), &buf[0], pairs, &out[0])
}

// words16 is the sixteen words of a full run of messages of nblocks blocks
// each, stride bytes apart from blocks on, one per lane of the AVX-512
// registers: sixteen compressions side by side cost about half what eight
// pairs of them cost with the SHA extensions (make bench, shuffle52).
func (h *HMAC) words16(blocks *byte, stride, nblocks int, out []uint64) {
	var ab [2][2 * maxRun]uint32
	hmacWordsAVX512((*[8]uint32)(&h.inner), (*[8]uint32)(&h.outer), blocks, stride, nblocks, &ab)
	for i := range out[:2*maxRun] {
		out[i] = (uint64(ab[0][i])<<32 | uint64(ab[1][i])) >> 12
	}
}

// oneBlockRun writes the last blocks of the messages of the counters from d
// on into buf, two a pair, for up to pairs pairs whose messages both end in
// one block, advances d past them and returns the number of pairs. Counters
// with as many digits have the same block but for the digits (the marker
// and the length stay): each block is a copy of one made for that width,
// its digits written in. The copy is from that block and not from the block
// before, whose digits were just stored byte by byte: reading them back 16
// bytes at a time would wait for those stores (a failed store forward,
// which perf showed as a third of this function's time).
func (h *HMAC) oneBlockRun(buf *[2 * maxRun][64]byte, d *decimal, pairs int) int {
	var model [64]byte
	width := 0 // the digits of model
	i := 0
	for ; i < 2*pairs && h.oneBlockNext(d, i); i++ {
		dig := d.digits()
		if len(dig) != width {
			h.lastBlock(&model, dig)
			width = len(dig)
		}
		buf[i] = model
		for j, c := range dig {
			buf[i][h.tailLen+j] = c
		}
		d.inc()
	}
	return i / 2
}

// oneBlockRoom is oneBlockRun into h's room, where a block made since Init
// for as many digits gets only its digits.
func (h *HMAC) oneBlockRoom(r *room, d *decimal, pairs int) int {
	if k, ok := d.small(); ok && k+uint64(2*pairs) <= 100 && h.tailLen+2+9 <= 64 {
		h.smallCounters(r, k, 2*pairs, false)
		*d = newDecimal(k + uint64(2*pairs))
		return pairs
	}
	i := 0
	for ; i < 2*pairs && h.oneBlockNext(d, i); i++ {
		dig := d.digits()
		if int(r.oneW[i]) != len(dig) {
			h.lastBlock(&r.one[i], dig)
			r.oneW[i] = uint8(len(dig))
		} else {
			for j, c := range dig {
				r.one[i][h.tailLen+j] = c
			}
		}
		d.inc()
	}
	return i / 2
}

// smallCounters is oneBlockRoom, or twoBlockWords in the room (two), for
// the n counters from k on, all below 100 (the first draws of every match,
// a seat order and a deal), whose digits it writes from their values rather
// than counting them up digit by digit. A block to make is a copy of a
// model of its width, as in oneBlockRun.
func (h *HMAC) smallCounters(r *room, k uint64, n int, two bool) {
	var models [3][128]byte // by width, zeroed
	var made [3]bool
	t := h.tailLen
	for i := range n {
		c := k + uint64(i)
		w := 1
		if c >= 10 {
			w = 2
		}
		blk, bw := r.one[i][:], &r.oneW[i]
		if two {
			blk, bw = r.two[i][:], &r.twoW[i]
		}
		if int(*bw) != w {
			if !made[w] {
				if two {
					h.innerBlocks(&models[w], []byte("00")[:w])
				} else {
					h.lastBlock((*[64]byte)(models[w][:64]), []byte("00")[:w])
				}
				made[w] = true
			}
			// Copied as arrays, a few vector moves, not by memmove.
			if two {
				r.two[i] = models[w]
			} else {
				r.one[i] = [64]byte(models[w][:64])
			}
			*bw = uint8(w)
		}
		if w == 1 {
			blk[t] = byte('0' + c)
		} else {
			blk[t], blk[t+1] = byte('0'+c/10), byte('0'+c%10)
		}
	}
}

// small is d's value when it has at most two digits.
func (d *decimal) small() (uint64, bool) {
	switch d.start {
	case 19:
		return uint64(d.b[19] - '0'), true
	case 18:
		return uint64(d.b[18]-'0')*10 + uint64(d.b[19]-'0'), true
	}
	return 0, false
}

// oneBlockNext says whether message i of a run of one-block messages, of
// the counter d, is one: the first of a pair whose messages both end in one
// block (the second counter has at most one digit more), or its second.
func (h *HMAC) oneBlockNext(d *decimal, i int) bool {
	return i%2 == 1 || h.tailLen+len(d.digits())+1+9 <= 64
}

// twoBlockWords is wordsRun's pairs of two-block messages, as oneBlockWords
// does them. Counters only gain digits, and the tail and 20 digits leave
// room for the marker and length in two blocks: once a message ends in two,
// every later one does.
func (h *HMAC) twoBlockWords(d *decimal, out []uint64, pairs int) int {
	if r := h.room; r != nil {
		if k, ok := d.small(); ok && k+uint64(2*pairs) <= 100 {
			h.smallCounters(r, k, 2*pairs, true)
			*d = newDecimal(k + uint64(2*pairs))
			h.twoBlockWordsOf(&r.two, out, pairs)
			return 2 * pairs
		}
		for i := range 2 * pairs {
			dig := d.digits()
			if int(r.twoW[i]) != len(dig) {
				r.two[i] = [128]byte{}
				h.innerBlocks(&r.two[i], dig)
				r.twoW[i] = uint8(len(dig))
			} else {
				for j, c := range dig {
					r.two[i][h.tailLen+j] = c
				}
			}
			d.inc()
		}
		h.twoBlockWordsOf(&r.two, out, pairs)
		return 2 * pairs
	}
	var buf [2 * maxRun][128]byte
	var model [128]byte
	width := 0 // the digits of model
	for i := range 2 * pairs {
		dig := d.digits()
		if len(dig) != width { // a model of the width, as in oneBlockRun
			model = [128]byte{}
			h.innerBlocks(&model, dig)
			width = len(dig)
		}
		buf[i] = model
		for j, c := range dig {
			buf[i][h.tailLen+j] = c
		}
		d.inc()
	}
	h.twoBlockWordsOf(&buf, out, pairs)
	return 2 * pairs
}

// twoBlockWordsOf compresses the two-block messages in buf.
func (h *HMAC) twoBlockWordsOf(buf *[2 * maxRun][128]byte, out []uint64, pairs int) {
	switch {
	case pairs == maxRun && useAVX512:
		h.words16(&buf[0][0], 128, 2, out)
	case h.hasMid:
		hmacWordsLongMidSHANI((*[8]uint32)(&h.inner), (*[8]uint32)(&h.outer), &buf[0], pairs, &out[0], (*[8]uint32)(&h.mid))
	default:
		hmacWordsLongSHANI((*[8]uint32)(&h.inner), (*[8]uint32)(&h.outer), &buf[0], pairs, &out[0])
	}
}

// word2 is the words of two counters whose inner blocks, na and nb of them,
// innerBlocks wrote into ba and bb, compressed side by side block by block:
// the path of a pair that gains a digit between its counters (9 to 10, 99
// to 100, …) at a block's end, and of the written-out compression.
func (h *HMAC) word2(ba, bb *[128]byte, na, nb int) (uint64, uint64) {
	a, b := h.inner, h.inner
	Block2(&a, &b, (*[64]byte)(ba[:64]), (*[64]byte)(bb[:64]))
	// A counter that gains a digit (9 to 10, 99 to 100, …) can push one
	// message, but not the other, into a second block.
	switch {
	case na == 2 && nb == 2:
		Block2(&a, &b, (*[64]byte)(ba[64:]), (*[64]byte)(bb[64:]))
	case na == 2:
		a.Block((*[64]byte)(ba[64:]))
	case nb == 2:
		b.Block((*[64]byte)(bb[64:]))
	}
	var oa, ob [64]byte
	outerBlock(&oa, &a)
	outerBlock(&ob, &b)
	a, b = h.outer, h.outer
	Block2(&a, &b, &oa, &ob)
	return word(&a), word(&b)
}

// Lanes16 compresses 32 blocks the way a run of sixteen one-block words
// does, sixteen lanes side by side: each lane's block from the IV, then the
// outer block of its digest. It is the sixteen-lane floor make bench puts
// beside the shuffle, and reports false where the words do not go sixteen at
// a time.
func Lanes16(blocks *[16][64]byte, out *[2][16]uint32) bool {
	if !useAVX512 {
		return false
	}
	hmacWordsAVX512((*[8]uint32)(&IV), (*[8]uint32)(&IV), &blocks[0][0], 64, 1, out)
	return true
}
