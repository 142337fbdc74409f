package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"text/tabwriter"
	"time"

	"github.com/puzzlejudge/judge/internal/termsafe"
	"github.com/puzzlejudge/judge/service/store"
	"github.com/spf13/cobra"
)

func newTokenCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "token",
		Short: "Create, list and revoke the service's bearer tokens",
		Long: "token manages the bearer tokens of `judge serve`'s API. A token's plaintext is shown once, when it is\n" +
			"created; the store keeps only its sha256.",
	}
	pf := cmd.PersistentFlags()
	pf.String("data", "", "the service's data folder (default: $XDG_DATA_HOME/puzzlejudge, else ~/.local/share/puzzlejudge)")
	pf.String("store", "", "the store: a postgres:// URL (default: SQLite at DATA/"+store.DBFile+")")
	cmd.AddCommand(newTokenCreateCmd(), newTokenListCmd(), newTokenRevokeCmd())
	return cmd
}

// openStore opens the store the --data and --store flags name.
func openStore(cmd *cobra.Command) (store.Store, error) {
	data, _ := cmd.Flags().GetString("data")
	url, _ := cmd.Flags().GetString("store")
	if data == "" && url == "" {
		d, err := store.DefaultDataDir()
		if err != nil {
			return nil, usageError(err)
		}
		data = d
	}
	s, err := store.Open(cmd.Context(), store.Location(data, url))
	if err != nil {
		return nil, storeError(err)
	}
	return s, nil
}

// storeError maps a store error to an exit code: bad input is a usage
// error, anything else internal.
func storeError(err error) error {
	if errors.Is(err, store.ErrInvalid) || errors.Is(err, store.ErrNotFound) || errors.Is(err, store.ErrSchemaTooNew) {
		return usageError(err)
	}
	return internalError(err)
}

func newTokenCreateCmd() *cobra.Command {
	var user, role, name string
	cmd := &cobra.Command{
		Use:   "create --user NAME [--role admin|user] [--name LABEL]",
		Short: "Create a token and print it (once) on stdout",
		Long: "create makes a bearer token for a user, creating the user if new, and prints the token on stdout.\n" +
			"--role sets the user's role (for all its tokens); without it a new user gets user and an existing one keeps its role.",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if user == "" {
				return usageError(errors.New("token create: --user is required"))
			}
			if role != "" && !store.Role(role).Valid() {
				return usageError(fmt.Errorf("token create: --role %q: want admin or user", role))
			}
			s, err := openStore(cmd)
			if err != nil {
				return err
			}
			defer s.Close()
			tok, plain, err := s.CreateToken(cmd.Context(), store.NewToken{User: user, Role: store.Role(role), Name: name})
			if err != nil {
				return storeError(err)
			}
			fmt.Fprintln(cmd.OutOrStdout(), plain)
			fmt.Fprintf(cmd.ErrOrStderr(), "judge: token %s for %s (%s); it is shown only this once\n", tok.ID, tok.User, tok.Role)
			return nil
		},
	}
	cmd.Flags().StringVar(&user, "user", "", "the user the token signs in (1 to 64 letters, digits and .-_@)")
	cmd.Flags().StringVar(&role, "role", "", "the user's role: admin or user")
	cmd.Flags().StringVar(&name, "name", "", "a label shown by token list")
	return cmd
}

// tokenEntry is one token in `judge token list --format json`.
type tokenEntry struct {
	ID       string     `json:"id"`
	User     string     `json:"user"`
	Role     string     `json:"role"`
	Name     string     `json:"name,omitempty"`
	Created  time.Time  `json:"created"`
	LastUsed *time.Time `json:"last_used,omitempty"`
	Revoked  *time.Time `json:"revoked,omitempty"`
}

func newTokenListCmd() *cobra.Command {
	var format string
	cmd := &cobra.Command{
		Use:   "list",
		Short: "List the tokens (never their secrets)",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := checkFormat(format, "text", "json"); err != nil {
				return err
			}
			s, err := openStore(cmd)
			if err != nil {
				return err
			}
			defer s.Close()
			toks, err := s.ListTokens(cmd.Context())
			if err != nil {
				return storeError(err)
			}
			if format == "json" {
				entries := make([]tokenEntry, 0, len(toks))
				for _, t := range toks {
					entries = append(entries, tokenEntry{ID: t.ID, User: t.User, Role: string(t.Role), Name: t.Name,
						Created: t.CreatedAt, LastUsed: timePtr(t.LastUsedAt), Revoked: timePtr(t.RevokedAt)})
				}
				enc := json.NewEncoder(cmd.OutOrStdout())
				enc.SetIndent("", "  ")
				return enc.Encode(entries)
			}
			w := tabwriter.NewWriter(cmd.OutOrStdout(), 0, 0, 2, ' ', 0)
			fmt.Fprintln(w, "ID\tUSER\tROLE\tNAME\tCREATED\tLAST USED\tREVOKED")
			for _, t := range toks {
				fmt.Fprintf(w, "%s\t%s\t%s\t%s\t%s\t%s\t%s\n", t.ID, termsafe.Line(t.User), t.Role, termsafe.Line(dash(t.Name)),
					stamp(t.CreatedAt), stamp(t.LastUsedAt), stamp(t.RevokedAt))
			}
			return w.Flush()
		},
	}
	cmd.Flags().StringVar(&format, "format", "text", "output format: text or json")
	return cmd
}

func newTokenRevokeCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "revoke ID",
		Short: "Revoke a token by its ID (from token list)",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			s, err := openStore(cmd)
			if err != nil {
				return err
			}
			defer s.Close()
			if err := s.RevokeToken(cmd.Context(), args[0]); err != nil {
				return storeError(err)
			}
			fmt.Fprintf(cmd.OutOrStdout(), "revoked %s\n", termsafe.Line(args[0]))
			return nil
		},
	}
}

// stamp formats a time for token list; the zero time is "-".
func stamp(t time.Time) string {
	if t.IsZero() {
		return "-"
	}
	return t.Local().Format("2006-01-02 15:04")
}

func dash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

func timePtr(t time.Time) *time.Time {
	if t.IsZero() {
		return nil
	}
	return &t
}
