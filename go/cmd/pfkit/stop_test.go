//go:build unix

package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// unflushed is an adapter in Python whose standard output is block-buffered,
// as Python's is on a pipe without PYTHONUNBUFFERED: its answer to the
// implementation request stays in its buffer while conform waits for it.
const unflushed = `import os, sys, json
out = os.fdopen(1, "w", buffering=1 << 16)
for line in sys.stdin:
    req = json.loads(line)
    out.write(json.dumps({"id": req["id"], "error": {"code": "unknown_scheme", "message": "no"}}) + "\n")
`

// gone waits up to five seconds for a process to be gone, or dead and
// waiting to be reaped by whichever process adopted it (a zombie holds no
// pipe).
func gone(pid int) bool {
	for range 100 {
		if syscall.Kill(pid, 0) != nil {
			return true
		}
		if stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid)); err == nil {
			if i := bytes.LastIndexByte(stat, ')'); i >= 0 && bytes.HasPrefix(stat[i+1:], []byte(" Z")) {
				return true
			}
		}
		time.Sleep(50 * time.Millisecond)
	}
	return false
}

// An adapter that never answers, behind sh -c, and one that never flushes:
// conform ends the whole process group at --timeout, within a few seconds,
// and names the request it was waiting for.
func TestConformTimeoutEndsTheGroup(t *testing.T) {
	dir := t.TempDir()
	pidFile := filepath.Join(dir, "pid")
	script := filepath.Join(dir, "unflushed.py")
	require.NoError(t, os.WriteFile(script, []byte(unflushed), 0o644))
	commit := filepath.Join(root, "vectors", "match_seed_v2", "commit.json")
	for _, tc := range []struct {
		name, cmd, waiting string
	}{
		// sh forks sleep, which holds the pipes: killing sh alone would hang.
		{"never answers", "sleep 600 & echo $! > '" + pidFile + "'; wait", "the implementation request"},
		{"never flushes", "echo $$ > '" + pidFile + "'; exec python3 '" + script + "'", "the implementation request"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			start := time.Now()
			code, _, errs := pfkit(t, "", "conform", "--timeout", "1s", "--cmd", tc.cmd, commit)
			took := time.Since(start)
			assert.Equal(t, 1, code)
			assert.Less(t, took, 5*time.Second, "conform ran %v past a 1s timeout", took)
			assert.Contains(t, errs, "--timeout 1s passed while waiting for the answer to "+tc.waiting)
			assert.Contains(t, errs, "its process group was ended")
			b, err := os.ReadFile(pidFile)
			require.NoError(t, err)
			pid, err := strconv.Atoi(strings.TrimSpace(string(b)))
			require.NoError(t, err)
			assert.True(t, gone(pid), "process %d outlived the run", pid)
		})
	}
}

// Ctrl-C (SIGINT) and SIGTERM end the adapter's group too, and conform says
// which request it was waiting for.
func TestConformInterruptEndsTheGroup(t *testing.T) {
	self, err := os.Executable()
	require.NoError(t, err)
	commit := filepath.Join(root, "vectors", "match_seed_v2", "commit.json")
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM} {
		t.Run(sig.String(), func(t *testing.T) {
			pidFile := filepath.Join(t.TempDir(), "pid")
			cmd := exec.Command(self, "conform", "--cmd", "sleep 600 & echo $! > '"+pidFile+"'; wait", commit)
			cmd.Env = append(os.Environ(), asPfkit+"=1")
			var errs bytes.Buffer
			cmd.Stderr = &errs
			require.NoError(t, cmd.Start())
			for range 100 {
				if _, err := os.Stat(pidFile); err == nil {
					break
				}
				time.Sleep(50 * time.Millisecond)
			}
			time.Sleep(100 * time.Millisecond)
			require.NoError(t, cmd.Process.Signal(sig))
			done := make(chan error, 1)
			go func() { done <- cmd.Wait() }()
			select {
			case <-done:
			case <-time.After(5 * time.Second):
				cmd.Process.Kill()
				t.Fatalf("conform still running 5s after %v", sig)
			}
			assert.Equal(t, 1, cmd.ProcessState.ExitCode())
			assert.Contains(t, errs.String(), "interrupted ("+sig.String()+") while waiting for the answer to the implementation request")
			b, err := os.ReadFile(pidFile)
			require.NoError(t, err)
			pid, _ := strconv.Atoi(strings.TrimSpace(string(b)))
			assert.True(t, gone(pid), "process %d outlived the run", pid)
		})
	}
}
