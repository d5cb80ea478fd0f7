//go:build !amd64 || purego

package midstate

import "testing"

// setSHANI does nothing: this build has no assembly to turn on.
func setSHANI(testing.TB, bool) {}
