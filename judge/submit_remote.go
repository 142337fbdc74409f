package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"os"
	"path/filepath"

	"github.com/fatih/color"
	"github.com/puzzlejudge/judge/core/grade"
	"github.com/puzzlejudge/judge/core/report"
	"github.com/puzzlejudge/judge/core/verdict"
	"github.com/puzzlejudge/judge/internal/termsafe"
	"github.com/puzzlejudge/judge/service/client"
	"github.com/spf13/cobra"
)

// envToken is the environment variable --token defaults to.
const envToken = "PUZZLEJUDGE_TOKEN"

// withRemote adds --server and --token to submit: with --server the
// source is judged by a running service (judge serve), followed over its
// event stream, and printed as a local run prints it, with the same exit
// codes.
func withRemote(cmd *cobra.Command) *cobra.Command {
	var server, token, contest string
	cmd.Flags().StringVar(&server, "server", "", "judge on a running service at this URL (judge serve) instead of here")
	cmd.Flags().StringVar(&token, "token", "", "the service's bearer token with --server (default $"+envToken+")")
	cmd.Flags().StringVar(&contest, "contest", "", "with --server, submit in this contest (the problem may then be its label: A, B, …)")
	local := cmd.RunE
	cmd.RunE = func(cmd *cobra.Command, args []string) error {
		if server == "" {
			if contest != "" {
				return usageError(fmt.Errorf("--contest needs --server"))
			}
			return local(cmd, args)
		}
		c, err := serviceClient("--server", server, token)
		if err != nil {
			return err
		}
		return runRemoteSubmit(cmd, args, c, contest)
	}
	return cmd
}

// serviceClient is the client for the service (judge serve) at server
// with token, which defaults to $PUZZLEJUDGE_TOKEN; without either, a
// usage error says that who needs one.
func serviceClient(who, server, token string) (*client.Client, error) {
	if token == "" {
		token = os.Getenv(envToken)
	}
	if token == "" {
		return nil, usageError(fmt.Errorf("%s needs --token or $%s", who, envToken))
	}
	return &client.Client{BaseURL: server, Token: token}, nil
}

func runRemoteSubmit(cmd *cobra.Command, args []string, c *client.Client, contest string) error {
	format, _ := cmd.Flags().GetString("format")
	lang, _ := cmd.Flags().GetString("lang")
	if format != "text" && format != "json" {
		return usageError(fmt.Errorf("unknown format %q with --server (want text or json)", format))
	}
	src, err := os.ReadFile(args[1])
	if err != nil {
		return usageError(fmt.Errorf("%s: not a readable source file", args[1]))
	}
	ctx := cmd.Context()
	id, err := c.Submit(ctx, client.Submission{Problem: args[0], Language: lang, Filename: filepath.Base(args[1]), Source: string(src), Contest: contest})
	if err != nil {
		return remoteError(err)
	}
	fmt.Fprintf(cmd.ErrOrStderr(), "judge: submission %s queued on %s\n", id, c.BaseURL)
	final, err := c.Follow(ctx, id, nil)
	if err != nil {
		return finish(ctx, remoteError(err))
	}
	var rep grade.Report
	if err := json.Unmarshal(final, &rep); err != nil {
		return internalError(fmt.Errorf("the service's verdict is not a report: %w", err))
	}
	var state struct {
		Error string `json:"error"`
	}
	_ = json.Unmarshal(final, &state)
	if rep.Verdict == "" {
		// Cancelled before it was judged.
		return internalError(fmt.Errorf("submission %s ended without a verdict: %s", id, termsafe.Line(state.Error)))
	}
	out := cmd.OutOrStdout()
	if format == "json" {
		err = report.JSON(out, &rep)
	} else {
		err = report.Text(out, &rep, c.ProblemTitle(ctx, args[0]), report.Style{Color: !color.NoColor && isTerminal(out)})
	}
	if err != nil {
		return internalError(err)
	}
	switch rep.Verdict {
	case verdict.AC:
		return nil
	case verdict.IE:
		return &exitError{exitInternal, fmt.Errorf("internal error: %s", termsafe.Line(rep.InternalError()))}
	}
	return errVerdict
}

// remoteError maps the service's refusals to the exit codes of a local
// run: bad input is a usage error, the rest internal.
func remoteError(err error) error {
	var se *client.StatusError
	if errors.As(err, &se) {
		err = fmt.Errorf("%s", termsafe.Line(se.Error()))
		switch {
		case se.Status == http.StatusNotFound, se.Status == http.StatusUnprocessableEntity, se.Status == http.StatusRequestEntityTooLarge,
			se.Status == http.StatusBadRequest, se.Status == http.StatusUnauthorized, se.Status == http.StatusForbidden:
			return usageError(err)
		}
	}
	return internalError(err)
}
