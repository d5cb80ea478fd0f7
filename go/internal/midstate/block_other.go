//go:build !amd64 || purego

package midstate

const useSHANI, useAVX512 = false, false

func blockSHANI(h *[8]uint32, p *[64]byte) { blockGeneric((*State)(h), p) }

func blocks2SHANI(ha, hb *[8]uint32, pa, pb *[64]byte) {
	blockGeneric((*State)(ha), pa)
	blockGeneric((*State)(hb), pb)
}

func hmacWordsSHANI(inner, outer *[8]uint32, blocks *[64]byte, pairs int, out *uint64) {
	panic("midstate: no SHA extensions in this build")
}

func hmacWordsLongSHANI(inner, outer *[8]uint32, blocks *[128]byte, pairs int, out *uint64) {
	panic("midstate: no SHA extensions in this build")
}

func hmacWordsLongMidSHANI(inner, outer *[8]uint32, blocks *[128]byte, pairs int, out *uint64, mid *[8]uint32) {
	panic("midstate: no SHA extensions in this build")
}

func hmacWordsAVX512(inner, outer *[8]uint32, blocks *byte, stride, nblocks int, out *[2][16]uint32) {
	panic("midstate: no AVX-512 in this build")
}
