//go:build amd64 && !purego

package midstate

import "testing"

// setSHANI turns the assembly on or off until tb ends, then puts the switch
// back as it was.
func setSHANI(tb testing.TB, on bool) {
	was := useSHANI
	useSHANI = on
	tb.Cleanup(func() { useSHANI = was })
}

// setAVX512 is setSHANI for the sixteen-lane words.
func setAVX512(tb testing.TB, on bool) {
	was := useAVX512
	useAVX512 = on
	tb.Cleanup(func() { useAVX512 = was })
}

// A test that flips the switch leaves it as it found it.
func TestSetSHANIRestores(t *testing.T) {
	was := useSHANI
	t.Run("flipped", func(t *testing.T) {
		setSHANI(t, !was)
		if useSHANI == was {
			t.Fatal("setSHANI did not change the switch")
		}
	})
	if useSHANI != was {
		t.Fatalf("the switch is %v after the subtest, was %v", useSHANI, was)
	}
}
