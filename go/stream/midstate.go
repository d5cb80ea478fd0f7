package stream

import (
	"crypto/sha256"
	"encoding"
	"hash"
	"strconv"
)

// midstate computes stream words without re-hashing what every draw of a stream
// shares. HMAC(key, m) = H(opad || H(ipad || m)); with m = prefix || k, the SHA-256
// states after "ipad || prefix" and after "opad" are the same for every k, so each
// draw only hashes the counter's block and the outer block: two compressions,
// whatever the length of the prefix. The result is checked against MAC in tests.
type midstate struct {
	inner, outer []byte    // saved SHA-256 states (encoding.BinaryMarshaler form)
	h            hash.Hash // scratch hash the states are restored into
	buf          []byte
}

func newMidstate(key, prefix string) *midstate {
	var k [sha256.BlockSize]byte
	if len(key) > sha256.BlockSize {
		sum := sha256.Sum256([]byte(key))
		copy(k[:], sum[:])
	} else {
		copy(k[:], key)
	}
	var ipad, opad [sha256.BlockSize]byte
	for i := range k {
		ipad[i] = k[i] ^ 0x36
		opad[i] = k[i] ^ 0x5c
	}
	in := sha256.New()
	in.Write(ipad[:])
	in.Write([]byte(prefix))
	out := sha256.New()
	out.Write(opad[:])
	return &midstate{
		inner: state(in),
		outer: state(out),
		h:     sha256.New(),
		buf:   make([]byte, 0, 64),
	}
}

func state(h hash.Hash) []byte {
	b, err := h.(encoding.BinaryMarshaler).MarshalBinary()
	if err != nil {
		panic(err) // sha256 digests always marshal; a failure is a broken toolchain
	}
	return b
}

func (m *midstate) restore(s []byte) {
	if err := m.h.(encoding.BinaryUnmarshaler).UnmarshalBinary(s); err != nil {
		panic(err) // the state came from MarshalBinary of the same type
	}
}

func (m *midstate) digest(k uint64) [32]byte {
	m.restore(m.inner)
	m.buf = strconv.AppendUint(m.buf[:0], k, 10)
	m.h.Write(m.buf)
	var d [32]byte
	sum := m.h.Sum(d[:0])
	m.restore(m.outer)
	m.h.Write(sum)
	m.h.Sum(d[:0])
	return d
}

func (m *midstate) word(k uint64) uint64 { return WordOf(m.digest(k)) }
