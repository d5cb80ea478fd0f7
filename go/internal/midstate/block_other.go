//go:build !amd64 || purego

package midstate

const useSHANI = false

func blockSHANI(h *[8]uint32, p *[64]byte) { blockGeneric((*State)(h), p) }

func blocks2SHANI(ha, hb *[8]uint32, pa, pb *[64]byte) {
	blockGeneric((*State)(ha), pa)
	blockGeneric((*State)(hb), pb)
}

func hmacWords2SHANI(inner, outer *[8]uint32, pa, pb *[64]byte, out *[2]uint64) {
	panic("midstate: no SHA extensions in this build")
}

func hmacWordsLong2SHANI(inner, outer *[8]uint32, pa, pb *[128]byte, out *[2]uint64) {
	panic("midstate: no SHA extensions in this build")
}
