package stream

import (
	"math/big"
	"strings"
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

// FuzzBatchedStream: the stream that computes words ahead in batches gives,
// draw for draw, the same integers, the same words (kept and rejected) and the
// same counter as the plain stream, one full HMAC per draw, which stays the
// oracle. The n values include ones that reject about half of all words, so
// rejections land anywhere within and across batches.
func FuzzBatchedStream(f *testing.F) {
	f.Add("server", "pf2:bridge:m:0=a:", uint64(52), uint8(60), uint8(0))
	f.Add("k", "p", uint64(1<<51+1), uint8(40), uint8(1))                                   // rejects about 1 word in 2
	f.Add(benchKey, benchPrefix, uint64(Span/3+1), uint8(30), uint8(2))                     // about 1 in 3
	f.Add("", "", uint64(1), uint8(12), uint8(0))                                           // int(1) still draws
	f.Add(strings.Repeat("x", 70), strings.Repeat("y", 54), uint64(3), uint8(25), uint8(1)) // counters gain digits near a block's end
	f.Fuzz(func(t *testing.T, key, prefix string, n uint64, draws, mode uint8) {
		n = n%Span + 1
		switch mode % 3 {
		case 1:
			n = 1<<51 + 1 + n%64 // heavy rejection
		case 2:
			n = Span/3 + 1 + n%64
		}
		var fastWords, plainWords []uint64
		fast := Sampler{Src: New(key, prefix), OnDraw: func(_, _, w uint64, _ bool) { fastWords = append(fastWords, w) }}
		ref := &plain{key: key, prefix: prefix}
		slow := Sampler{Src: ref, OnDraw: func(_, _, w uint64, _ bool) { plainWords = append(plainWords, w) }}
		for d := range int(draws) {
			m := n
			if d%5 == 4 {
				m = uint64(d) + 1 // shuffle-sized draws between the large ones
			}
			a, err1 := fast.Int(m)
			b, err2 := slow.Int(m)
			if err1 != nil || err2 != nil || a != b {
				t.Fatalf("draw %d, int(%d): batched %d (%v), plain %d (%v)", d, m, a, err1, b, err2)
			}
			if c := fast.Src.(*Stream).Counter(); c != ref.k {
				t.Fatalf("draw %d: batched counter %d, plain %d", d, c, ref.k)
			}
		}
		if !equalWords(fastWords, plainWords) {
			t.Fatalf("words differ:\nbatched %v\nplain   %v", fastWords, plainWords)
		}
	})
}

func equalWords(a, b []uint64) bool {
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

// FuzzShuffleStream: shuffles on the stream with no one listening take the
// inline path, whose batches are sized to the swaps left, between single
// draws that take the small batches; list for list and counter for counter
// they equal the generic shuffle over the plain stream, one full HMAC per
// draw.
func FuzzShuffleStream(f *testing.F) {
	f.Add("server", "pf2:bridge:m:0=a,1=b,2=c,3=d:", []byte{4, 52, 52})
	f.Add(benchKey, benchPrefix, []byte{52, 0, 52, 200})
	f.Add("k", strings.Repeat("y", 60), []byte{4, 52, 1, 33, 2, 0, 0, 130})   // messages in two blocks
	f.Add("k", strings.Repeat("y", 53), []byte{4, 52, 52, 52, 52, 52, 52, 9}) // counters gain a digit at a block's end
	f.Fuzz(func(t *testing.T, key, prefix string, steps []byte) {
		fast := Sampler{Src: New(key, prefix)}
		ref := &plain{key: key, prefix: prefix}
		slow := Sampler{Src: ref, OnDraw: func(_, _, _ uint64, _ bool) {}}
		for i, b := range steps {
			if b == 0 { // a draw on its own
				x, _ := fast.Int(6)
				y, _ := slow.Int(6)
				if x != y {
					t.Fatalf("step %d, int(6): inline %d, plain %d", i, x, y)
				}
				continue
			}
			p, _ := fast.Permutation(int(b))
			q, _ := slow.Permutation(int(b))
			if !equal(p, q) {
				t.Fatalf("step %d, shuffle of %d: inline %v, plain %v", i, b, p, q)
			}
			if c := fast.Src.(*Stream).Counter(); c != ref.k {
				t.Fatalf("step %d: inline counter %d, plain %d", i, c, ref.k)
			}
		}
	})
}
