// Package midstate computes HMAC-SHA256 for many messages that share a key and
// a prefix, as every draw stream of the spec does (spec section 4, "Commitment,
// words and sampling": word k is the HMAC of the prefix followed by k in
// decimal): the SHA-256 states after the key pad and the shared prefix are
// saved once, and each message then costs only the compression of its last
// block(s) and of the outer block. On amd64 CPUs with the SHA extensions the
// compression runs in assembly, two independent blocks at a time where the
// caller has them; elsewhere, and in builds tagged purego, the saved states
// are crypto/sha256's own, so the kit is never slower than the standard
// library there.
package midstate

import (
	"crypto/sha256"
	"encoding/binary"
)

// State is the eight SHA-256 working words.
type State [8]uint32

// IV is SHA-256's initial state.
var IV = State{0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19}

// Block compresses one 64-byte block into s.
func (s *State) Block(p *[64]byte) {
	if useSHANI {
		blockSHANI((*[8]uint32)(s), p)
		return
	}
	blockGeneric(s, p)
}

// Block2 compresses pa into a and pb into b. With the SHA extensions the two
// compressions run interleaved, in about the time of one and a half: each
// round instruction waits for the previous round of its own block only.
func Block2(a, b *State, pa, pb *[64]byte) {
	if useSHANI {
		blocks2SHANI((*[8]uint32)(a), (*[8]uint32)(b), pa, pb)
		return
	}
	blockGeneric(a, pa)
	blockGeneric(b, pb)
}

// Sum64 is SHA-256 of exactly 64 bytes, such as a seed's hex text, which
// stream.IsCommitment hashes: its block, then the padding block, the same
// for every such message. With the
// SHA extensions it is two compressions and nothing else, where
// crypto/sha256 also copies the message, builds the padding and runs its
// checks; an audit computes one commitment a record.
func Sum64(p *[64]byte) [32]byte {
	if !useSHANI {
		return sha256.Sum256(p[:])
	}
	s := IV
	s.Block(p)
	s.Block(&pad64)
	return s.Bytes()
}

// pad64 is the last block of a 64-byte message: the marker and its length,
// 512 bits.
var pad64 = [64]byte{0: 0x80, 62: 0x02}

// Bytes is the state as a digest: its words big-endian.
func (s *State) Bytes() (d [32]byte) {
	for i, w := range s {
		binary.BigEndian.PutUint32(d[4*i:], w)
	}
	return d
}

var k256 = [64]uint32{
	0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
	0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
	0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
	0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
	0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
	0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
	0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
	0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
}

func rotr(x uint32, n uint) uint32 { return x>>n | x<<(32-n) }

// rounds is the working variables a..h after the first n rounds (n <= 16)
// of the compression of p from s, before the feed-forward: what the rounds
// of a block whose first 4n bytes are known leave for the rest.
func rounds(s State, p *[64]byte, n int) State {
	a, b, c, d, e, f, g, h := s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7]
	for i := range n {
		w := binary.BigEndian.Uint32(p[4*i:])
		t1 := h + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + (e&f ^ ^e&g) + k256[i] + w
		t2 := (rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + (a&b ^ a&c ^ b&c)
		h, g, f, e, d, c, b, a = g, f, e, d+t1, c, b, a, t1+t2
	}
	return State{a, b, c, d, e, f, g, h}
}

// blockGeneric is FIPS 180-4's compression function, written out.
func blockGeneric(s *State, p *[64]byte) {
	var w [64]uint32
	for i := range 16 {
		w[i] = binary.BigEndian.Uint32(p[4*i:])
	}
	for i := 16; i < 64; i++ {
		s0 := rotr(w[i-15], 7) ^ rotr(w[i-15], 18) ^ w[i-15]>>3
		s1 := rotr(w[i-2], 17) ^ rotr(w[i-2], 19) ^ w[i-2]>>10
		w[i] = w[i-16] + s0 + w[i-7] + s1
	}
	a, b, c, d, e, f, g, h := s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7]
	for i := range 64 {
		t1 := h + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + (e&f ^ ^e&g) + k256[i] + w[i]
		t2 := (rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + (a&b ^ a&c ^ b&c)
		h, g, f, e, d, c, b, a = g, f, e, d+t1, c, b, a, t1+t2
	}
	s[0] += a
	s[1] += b
	s[2] += c
	s[3] += d
	s[4] += e
	s[5] += f
	s[6] += g
	s[7] += h
}
