//go:build !unix

package conform

import "os/exec"

// ownGroup ends the command itself when the run stops. Windows, the one
// release target that is not unix, has no process group to signal: what the
// command started is left to it, and WaitDelay closes the pipes it holds.
func ownGroup(cmd *exec.Cmd) {
	cmd.Cancel = func() error { return cmd.Process.Kill() }
}
