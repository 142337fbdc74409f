package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/puzzlejudge/judge/internal/termsafe"
	"github.com/puzzlejudge/judge/service/client"
	"github.com/spf13/cobra"
)

// envServer is the environment variable --server defaults to.
const envServer = "PUZZLEJUDGE_SERVER"

func newClarCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "clar",
		Short: "Ask the jury of a running service, answer, announce, list clarifications",
		Long: "clar talks to a running judge service (judge serve) about clarifications: a user asks the jury a\n" +
			"question about a problem or in general, an admin answers it privately or to everyone (--to-all) and\n" +
			"makes announcements, and list shows what the token may see. A TEXT of - is read from standard input.",
	}
	pf := cmd.PersistentFlags()
	pf.String("server", "", "the service's URL (default $"+envServer+")")
	pf.String("token", "", "the service's bearer token (default $"+envToken+")")
	pf.String("contest", "", "the contest a question or an announcement is about, or list keeps (with the general ones)")
	cmd.AddCommand(newClarAskCmd(), newClarAnnounceCmd(), newClarAnswerCmd(), newClarListCmd())
	return cmd
}

// clarClient is the client the --server and --token flags name.
func clarClient(cmd *cobra.Command) (*client.Client, error) {
	server, _ := cmd.Flags().GetString("server")
	token, _ := cmd.Flags().GetString("token")
	if server == "" {
		server = os.Getenv(envServer)
	}
	if server == "" {
		return nil, usageError(fmt.Errorf("clar needs --server or $%s", envServer))
	}
	return serviceClient("clar", server, token)
}

// clarText is the text of the arguments, or standard input for "-".
func clarText(cmd *cobra.Command, args []string) (string, error) {
	if len(args) == 1 && args[0] == "-" {
		b, err := io.ReadAll(io.LimitReader(cmd.InOrStdin(), 1<<20))
		if err != nil {
			return "", usageError(fmt.Errorf("reading the text from standard input: %w", err))
		}
		return string(b), nil
	}
	return strings.Join(args, " "), nil
}

// newClarPostCmd is ask or announce: post a text, about a problem.
func newClarPostCmd(use, short string, post func(*client.Client, *cobra.Command, client.NewClarification) (client.Clarification, error)) *cobra.Command {
	var problem string
	cmd := &cobra.Command{
		Use:   use + " [--problem SLUG] TEXT...|-",
		Short: short,
		Args:  cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			c, err := clarClient(cmd)
			if err != nil {
				return err
			}
			text, err := clarText(cmd, args)
			if err != nil {
				return err
			}
			contest, _ := cmd.Flags().GetString("contest")
			got, err := post(c, cmd, client.NewClarification{Contest: contest, Problem: problem, Text: text})
			if err != nil {
				return remoteError(err)
			}
			fmt.Fprintf(cmd.OutOrStdout(), "%d\n", got.ID)
			return nil
		},
	}
	cmd.Flags().StringVar(&problem, "problem", "", "the problem it is about (default: general)")
	return cmd
}

func newClarAskCmd() *cobra.Command {
	return newClarPostCmd("ask", "Ask the jury a question and print its id", func(c *client.Client, cmd *cobra.Command, q client.NewClarification) (client.Clarification, error) {
		return c.Ask(cmd.Context(), q)
	})
}

func newClarAnnounceCmd() *cobra.Command {
	return newClarPostCmd("announce", "Announce to every user (an admin token) and print its id", func(c *client.Client, cmd *cobra.Command, a client.NewClarification) (client.Clarification, error) {
		return c.Announce(cmd.Context(), a)
	})
}

func newClarAnswerCmd() *cobra.Command {
	var toAll bool
	cmd := &cobra.Command{
		Use:   "answer ID [--to-all] TEXT...|-",
		Short: "Answer a question (an admin token), to its asker or to everyone",
		Args:  cobra.MinimumNArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			id, err := strconv.ParseInt(args[0], 10, 64)
			if err != nil || id <= 0 {
				return usageError(fmt.Errorf("clar answer: %q is not a clarification id", args[0]))
			}
			c, err := clarClient(cmd)
			if err != nil {
				return err
			}
			text, err := clarText(cmd, args[1:])
			if err != nil {
				return err
			}
			if _, err := c.Answer(cmd.Context(), id, text, toAll); err != nil {
				return remoteError(err)
			}
			return nil
		},
	}
	cmd.Flags().BoolVar(&toAll, "to-all", false, "publish the answer, and its question without the asker's name, to every user")
	return cmd
}

func newClarListCmd() *cobra.Command {
	var format string
	cmd := &cobra.Command{
		Use:   "list [--format FORMAT]",
		Short: "List the clarifications and announcements the token may see, newest first",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := checkFormat(format, "text", "json"); err != nil {
				return err
			}
			c, err := clarClient(cmd)
			if err != nil {
				return err
			}
			contest, _ := cmd.Flags().GetString("contest")
			cs, err := c.Clarifications(cmd.Context(), contest)
			if err != nil {
				return remoteError(err)
			}
			out := cmd.OutOrStdout()
			if format == "json" {
				b, err := json.MarshalIndent(map[string]any{"clarifications": cs}, "", "  ")
				if err != nil {
					return internalError(errors.New("clar list: encoding the list"))
				}
				_, err = out.Write(termsafe.JSON(append(b, '\n')))
				return err
			}
			for _, c := range cs {
				writeClar(out, c)
			}
			return nil
		},
	}
	cmd.Flags().StringVar(&format, "format", "text", "output format: text or json")
	return cmd
}

// writeClar writes one clarification as text: a heading line, then the
// question and the answer indented. Their text is the askers': escaped.
func writeClar(w io.Writer, c client.Clarification) {
	about := c.Problem
	if about == "" {
		about = "general"
	}
	if c.Contest != "" {
		about += " (" + c.Contest + ")"
	}
	head := fmt.Sprintf("#%d %s %s", c.ID, c.Kind, about)
	if c.From != "" {
		head += " from " + c.From
	}
	if c.ToAll && c.Kind != "announcement" {
		head += " to everyone"
	}
	fmt.Fprintln(w, termsafe.Line(head))
	indent := func(label, s string) {
		fmt.Fprintf(w, "  %s %s\n", label, strings.ReplaceAll(termsafe.Text(s), "\n", "\n     "))
	}
	if c.Question != "" {
		indent("Q:", c.Question)
	}
	if c.Answer != "" {
		indent("A:", c.Answer)
	}
}
