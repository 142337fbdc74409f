package engine

import (
	"errors"

	"github.com/puzzlejudge/judge/core/config"
	"github.com/puzzlejudge/judge/runner"
)

// sandboxConfig is the sandbox the configuration asks for, keeping idle
// boxes ready.
func sandboxConfig(cfg *config.Config, idle int) runner.Config {
	return runner.Config{Mode: cfg.Sandbox, WorkDir: cfg.BoxDir, Disk: cfg.BoxDisk, Idle: idle}
}

// OpenSandbox opens the sandbox the configuration asks for on its own,
// without a compiler or grader, keeping one box idle: a look at what the
// machine offers (judge doctor runs the languages' version commands in
// it), which must not ask more of the machine than one box. Its error is
// the sandbox's, unwrapped, as doctor prints it. Close the sandbox when
// done with it.
func OpenSandbox(cfg *config.Config) (*runner.Sandbox, error) {
	if cfg == nil {
		return nil, errors.New("engine: no configuration")
	}
	return runner.New(sandboxConfig(cfg, 1))
}
