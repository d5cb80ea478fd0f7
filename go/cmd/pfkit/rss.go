package main

import (
	"fmt"
	"os"
	"strings"
)

// peakRSS is the process's peak resident memory from /proc (Linux), or 0
// where it cannot be read.
func peakRSS() int64 {
	data, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(data), "\n") {
		if rest, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			var kb int64
			fmt.Sscanf(strings.TrimSpace(rest), "%d kB", &kb)
			return kb << 10
		}
	}
	return 0
}
