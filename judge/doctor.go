package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"

	"github.com/fatih/color"
	"github.com/puzzlejudge/judge/core/compile"
	"github.com/puzzlejudge/judge/core/config"
	"github.com/puzzlejudge/judge/core/engine"
	"github.com/puzzlejudge/judge/core/report"
	"github.com/puzzlejudge/judge/runner"
	"github.com/spf13/cobra"
)

func newDoctorCmd() *cobra.Command {
	var format string
	cmd := &cobra.Command{
		Use:   "doctor",
		Short: "Check this machine: cgroups, namespaces, sandbox mode, compilers, cache",
		Long: "doctor checks, item by item, what the judge needs on this machine and prints the one-line fix for\n" +
			"each missing piece. It exits 0 when the full sandbox and every configured language are ready.",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := checkFormat(format, "text", "json"); err != nil {
				return err
			}
			cfg, err := loadConfig(cmd)
			if err != nil {
				return err
			}
			checks := []runner.Check{configCheck(cfg)}
			checks = append(checks, runner.Probe()...)
			sb, err := engine.OpenSandbox(cfg)
			mode := runner.Check{Name: "sandbox mode"}
			if err != nil {
				mode.Detail = err.Error()
				mode.Fix = "fix the items above, or set sandbox: basic in configs/judge.yaml (no isolation)"
			} else {
				defer sb.Close()
				info := sb.Info()
				mode.OK = info.Mode == runner.ModeFull
				mode.Detail = fmt.Sprintf("%s (configured %s), memory measured by %s", info.Mode, cfg.Sandbox, info.Memory)
				if !mode.OK {
					mode.Fix = "full mode needs the items above; basic mode does not isolate submissions"
				}
			}
			checks = append(checks, mode)
			checks = append(checks, languageChecks(cmd.Context(), cfg.Languages, sb)...)
			checks = append(checks, cacheCheck(cfg.CacheDir))
			ready := true
			for _, c := range checks {
				ready = ready && c.OK
			}
			if format == "json" {
				if err := report.JSON(cmd.OutOrStdout(), map[string]any{"ready": ready, "checks": checks}); err != nil {
					return internalError(err)
				}
			} else {
				printChecks(cmd.OutOrStdout(), checks, ready, report.Style{Color: !color.NoColor})
			}
			if !ready {
				return errVerdict
			}
			return nil
		},
	}
	cmd.Flags().StringVar(&format, "format", "text", "output format: text or json")
	return cmd
}

// languageChecks looks for each language's tools as the server and its
// workers do at start (compile.Probe: its programs along the box's PATH,
// its version command run in a box), so that doctor says what they will
// offer; with no box to be had, the version command runs on the host.
func languageChecks(ctx context.Context, langs map[string]*compile.Language, sb *runner.Sandbox) []runner.Check {
	names := make([]string, 0, len(langs))
	for n := range langs {
		names = append(names, n)
	}
	sort.Strings(names)
	var checks []runner.Check
	for _, n := range names {
		l := langs[n]
		c := runner.Check{Name: "language " + n, Fix: l.Install}
		t := compile.Probe(ctx, sb, l)
		switch {
		case !t.Present():
			c.Detail = t.Missing
		case len(l.Version) == 0:
			c.OK, c.Detail, c.Fix = true, "no version command configured", ""
		case sb == nil:
			out, ok := hostVersion(l.Version)
			line := strings.TrimSpace(strings.SplitN(strings.TrimSpace(out), "\n", 2)[0])
			if ok {
				c.OK, c.Detail, c.Fix = true, line+" (on the host)", ""
			} else {
				c.Detail = fmt.Sprintf("%s failed on the host: %s", strings.Join(l.Version, " "), line)
			}
		default:
			c.OK, c.Detail, c.Fix = true, t.Version+" (in the box)", ""
		}
		checks = append(checks, c)
	}
	return checks
}

// configCheck says which configuration is in force.
func configCheck(cfg *config.Config) runner.Check {
	c := runner.Check{Name: "configuration", OK: true, Detail: "built-in (no --config, no $" + config.EnvConfig + ", no " + config.DefaultPath + " here or in a parent folder)"}
	if cfg.File != "" {
		c.Detail = cfg.File
		if abs, err := filepath.Abs(cfg.File); err == nil {
			c.Detail = abs
		}
	}
	return c
}

func hostVersion(args []string) (string, bool) {
	out, err := exec.Command(args[0], args[1:]...).CombinedOutput()
	if err != nil && len(out) == 0 {
		return err.Error(), false
	}
	return string(out), err == nil
}

func cacheCheck(dir string) runner.Check {
	c := runner.Check{Name: "cache dir", Detail: dir}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		c.Fix = fmt.Sprintf("make %s writable, or set cache_dir in configs/judge.yaml", dir)
		c.Detail = err.Error()
		return c
	}
	f, err := os.CreateTemp(dir, ".doctor-")
	if err != nil {
		c.Fix = fmt.Sprintf("make %s writable, or set cache_dir in configs/judge.yaml", dir)
		c.Detail = err.Error()
		return c
	}
	f.Close()
	os.Remove(f.Name())
	c.OK = true
	if warm, _ := filepath.Glob(filepath.Join(dir, "warm", "*", ".complete")); len(warm) > 0 {
		c.Detail += fmt.Sprintf(" (writable; %d warm build cache ready)", len(warm))
	} else {
		c.Detail += " (writable; the warm Go build cache is built at the first Go compile)"
	}
	return c
}

func printChecks(w io.Writer, checks []runner.Check, ready bool, s report.Style) {
	for _, c := range checks {
		mark := s.Good("ok")
		if !c.OK {
			mark = s.Bad("no")
		}
		fmt.Fprintf(w, "  %s  %-20s %s\n", mark, c.Name, c.Detail)
		if !c.OK && c.Fix != "" {
			fmt.Fprintf(w, "      %-20s fix: %s\n", "", c.Fix)
		}
	}
	if ready {
		fmt.Fprintln(w, "\nready: full sandbox and every language")
	} else {
		fmt.Fprintln(w, "\nnot ready: see the fixes above")
	}
}
