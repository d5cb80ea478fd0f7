//go:build !amd64 || purego

package midstate

func setSHANI(bool) {}
