//go:build amd64 && !purego

package midstate

func setSHANI(on bool) { useSHANI = on }
