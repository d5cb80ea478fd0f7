package stream

import (
	"math/big"
	"testing"
)

// slowInt is int(n) written with big integers straight from the spec's words:
// limit = 2^52 - (2^52 mod n), keep the first word below it, take it mod n.
func slowInt(words []uint64, n uint64) (value uint64, used int, ok bool) {
	span := new(big.Int).Lsh(big.NewInt(1), 52)
	bn := new(big.Int).SetUint64(n)
	limit := new(big.Int).Sub(span, new(big.Int).Mod(span, bn))
	for i, w := range words {
		bw := new(big.Int).SetUint64(w)
		if bw.Cmp(limit) < 0 {
			return new(big.Int).Mod(bw, bn).Uint64(), i + 1, true
		}
	}
	return 0, len(words), false
}

// FuzzSampler: over injected words, Int and Shuffle agree with a slow,
// obviously correct version of the spec's text, word for word.
func FuzzSampler(f *testing.F) {
	f.Add(uint64(52), uint64(Span-16), uint64(Span-17), uint64(5), uint8(7))
	f.Add(uint64(1<<51+1), uint64(1<<51+1), uint64(1<<51), uint64(0), uint8(3))
	f.Add(uint64(3), uint64(Span-1), uint64(Span-2), uint64(1), uint8(1))
	f.Fuzz(func(t *testing.T, n, w1, w2, w3 uint64, size uint8) {
		n = n%Span + 1
		words := []uint64{w1 % Span, w2 % Span, w3 % Span}
		src := &words2{w: words}
		got, err := Sampler{Src: src}.Int(n)
		want, used, ok := slowInt(words, n)
		if ok != (err == nil) || (ok && (got != want || src.i != used)) {
			t.Fatalf("int(%d) over %v: got %d (used %d, err %v), want %d (used %d, ok %v)", n, words, got, src.i, err, want, used, ok)
		}
		// A shuffle is int(i+1) for i from the top: replay it with slowInt.
		m := int(size)%9 + 1
		stream := []uint64{w1 % Span, w2 % Span, w3 % Span, w1 ^ w2%Span, (w2 + w3) % Span}
		for len(stream) < 64 {
			stream = append(stream, (stream[len(stream)-1]*6364136223846793005+1442695040888963407)%Span)
		}
		perm, err := Sampler{Src: &words2{w: stream}}.Permutation(m)
		a := make([]int, m)
		for i := range a {
			a[i] = i
		}
		rest, failed := stream, false
		for i := m - 1; i > 0; i-- {
			j, u, ok := slowInt(rest, uint64(i+1))
			if !ok {
				failed = true
				break
			}
			rest = rest[u:]
			a[i], a[j] = a[j], a[int(i)]
		}
		if failed != (err != nil) || (!failed && !equal(a, perm)) {
			t.Fatalf("shuffle(%d): got %v (err %v), want %v", m, perm, err, a)
		}
	})
}

type words2 struct {
	w []uint64
	i int
}

func (s *words2) Next() (uint64, error) {
	if s.i == len(s.w) {
		return 0, errExhausted
	}
	s.i++
	return s.w[s.i-1], nil
}

var errExhausted = &exhausted{}

type exhausted struct{}

func (*exhausted) Error() string { return "exhausted" }

func equal(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
