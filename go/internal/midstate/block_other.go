//go:build !amd64 || purego

package midstate

const useSHANI = false

func blockSHANI(h *[8]uint32, p *[64]byte) { blockGeneric((*State)(h), p) }
