//go:build amd64 && !purego

package midstate

// The functions without bodies are in block_amd64.s.

// blockSHANI compresses one block with the SHA extensions.
//
//go:noescape
func blockSHANI(h *[8]uint32, p *[64]byte)

// blocks2SHANI compresses two independent blocks, their rounds interleaved.
//
//go:noescape
func blocks2SHANI(ha, hb *[8]uint32, pa, pb *[64]byte)

// hmacWordsSHANI is 2*pairs words of one HMAC whose messages end in one
// block each, blocks[0], blocks[1], … one after the other: each compressed
// from the inner state, then its outer block from the outer state, two
// messages side by side (what hmac.go's word2 computes for two one-block
// messages). out holds 2*pairs words; pairs is at least 1.
//
//go:noescape
func hmacWordsSHANI(inner, outer *[8]uint32, blocks *[64]byte, pairs int, out *uint64)

// hmacWordsLongSHANI is hmacWordsSHANI for messages whose inner hash ends in
// two blocks each, 128 bytes a message.
//
//go:noescape
func hmacWordsLongSHANI(inner, outer *[8]uint32, blocks *[128]byte, pairs int, out *uint64)

// hmacWordsLongMidSHANI is hmacWordsLongSHANI for messages whose first
// block starts with 56 bytes of the prefix: mid is the state after that
// block's first 14 rounds (HMAC.Init saves it), where each message's rounds
// start.
//
//go:noescape
func hmacWordsLongMidSHANI(inner, outer *[8]uint32, blocks *[128]byte, pairs int, out *uint64, mid *[8]uint32)

// hmacWordsAVX512 is sixteen words of one HMAC, one per lane of the AVX-512
// registers (block_avx512_amd64.s): lane j's message is the nblocks blocks at
// blocks + j*stride, nblocks at least 1. out gets the first two words of each
// final state.
//
//go:noescape
func hmacWordsAVX512(inner, outer *[8]uint32, blocks *byte, stride, nblocks int, out *[2][16]uint32)

func cpuid(eaxArg, ecxArg uint32) (eax, ebx, ecx, edx uint32)

func xgetbv() (eax, edx uint32)

// useSHANI reports whether the CPU has the SHA extensions and the SSSE3 and
// SSE4.1 instructions the assembly also uses.
var useSHANI = func() bool {
	maxLeaf, _, _, _ := cpuid(0, 0)
	if maxLeaf < 7 {
		return false
	}
	_, _, ecx1, _ := cpuid(1, 0)
	_, ebx7, _, _ := cpuid(7, 0)
	const ssse3, sse41, sha = 1 << 9, 1 << 19, 1 << 29
	return ecx1&ssse3 != 0 && ecx1&sse41 != 0 && ebx7&sha != 0
}()

// useAVX512 reports whether runs of sixteen words go in the AVX-512
// registers: the CPU has the SHA extensions (the HMAC's saved states and the
// words left over are theirs, so the run is only ever reached with them),
// AVX-512's foundation and byte instructions, and the operating system saves
// the opmask and all 32 vector registers at full width besides SSE and AVX
// (XCR0 bits 1, 2, 5, 6 and 7). Where the system enables AVX-512 only on a
// thread's first use (macOS), XCR0 says no and the words go two at a time.
var useAVX512 = useSHANI && func() bool {
	_, _, ecx1, _ := cpuid(1, 0)
	const osxsave = 1 << 27
	if ecx1&osxsave == 0 {
		return false
	}
	if xcr0, _ := xgetbv(); xcr0&0xe6 != 0xe6 {
		return false
	}
	_, ebx7, _, _ := cpuid(7, 0)
	const avx512f, avx512bw = 1 << 16, 1 << 30
	return ebx7&avx512f != 0 && ebx7&avx512bw != 0
}()
