//go:build !amd64 || purego

package midstate

import "testing"

// setSHANI and setAVX512 do nothing: this build has no assembly to turn on.
func setSHANI(testing.TB, bool) {}

func setAVX512(testing.TB, bool) {}
