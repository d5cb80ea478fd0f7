//go:build unix

package conform

import (
	"os/exec"
	"syscall"
)

// ownGroup starts the command in a process group of its own, so that the
// processes it starts (sh -c forks the adapter) can be ended with it: a
// child left behind would hold the pipes open and the run would never end.
func ownGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error {
		// The group's id is the leader's pid (Setpgid with Pgid 0).
		return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	}
}
