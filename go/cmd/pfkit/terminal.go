package main

import (
	"os"
)

// isTerminal reports whether f is a terminal, where progress may be drawn.
func isTerminal(f *os.File) bool {
	info, err := f.Stat()
	return err == nil && info.Mode()&os.ModeCharDevice != 0
}
