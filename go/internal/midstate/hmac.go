package midstate

import (
	"crypto/sha256"
	"encoding/binary"
	"strconv"
)

// HMAC holds the saved states of HMAC-SHA256(key, prefix + …).
type HMAC struct {
	inner, outer State
	tail         [64]byte // the prefix bytes after its last full block
	tailLen      int
	innerBytes   uint64 // bytes hashed into inner: the pad block and the prefix's full blocks
}

// New saves the states for key and prefix. Keys longer than a block are
// hashed first, as HMAC requires.
func New(key, prefix string) *HMAC {
	var k [64]byte
	if len(key) > 64 {
		sum := sha256.Sum256([]byte(key))
		copy(k[:], sum[:])
	} else {
		copy(k[:], key)
	}
	h := &HMAC{inner: IV, outer: IV}
	var ipad, opad [64]byte
	for i := range k {
		ipad[i] = k[i] ^ 0x36
		opad[i] = k[i] ^ 0x5c
	}
	h.inner.Block(&ipad)
	h.outer.Block(&opad)
	h.innerBytes = 64
	for len(prefix) >= 64 {
		var blk [64]byte
		copy(blk[:], prefix[:64])
		h.inner.Block(&blk)
		h.innerBytes += 64
		prefix = prefix[64:]
	}
	h.tailLen = copy(h.tail[:], prefix)
	return h
}

// Sum is HMAC(key, prefix + decimal(k)).
func (h *HMAC) Sum(k uint64) [32]byte {
	// Inner hash: the prefix's tail, the counter's digits, the 0x80 marker,
	// zeros, and the message length in bits; one block, or two when the tail
	// is long.
	var buf [128]byte
	n := copy(buf[:], h.tail[:h.tailLen])
	n += len(strconv.AppendUint(buf[n:n], k, 10))
	bits := (h.innerBytes + uint64(n)) * 8
	buf[n] = 0x80
	end := 64
	if n+9 > 64 {
		end = 128
	}
	binary.BigEndian.PutUint64(buf[end-8:end], bits)
	s := h.inner
	s.Block((*[64]byte)(buf[:64]))
	if end == 128 {
		s.Block((*[64]byte)(buf[64:128]))
	}
	// Outer hash: the 32-byte inner digest after the opad block, 96 bytes in
	// all, always one block.
	var out [64]byte
	for i, w := range s {
		binary.BigEndian.PutUint32(out[4*i:], w)
	}
	out[32] = 0x80
	binary.BigEndian.PutUint64(out[56:], (64+32)*8)
	o := h.outer
	o.Block(&out)
	return o.Bytes()
}

// Word is the top 52 bits of Sum(k): the first 13 hex digits.
func (h *HMAC) Word(k uint64) uint64 {
	d := h.Sum(k)
	return binary.BigEndian.Uint64(d[:8]) >> 12
}
