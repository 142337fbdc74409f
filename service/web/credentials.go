package web

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/puzzlejudge/judge/service/api"
)

// maxCredentials bounds the accounts one form makes.
const maxCredentials = 500

// credentialsView is the credentials page: the form, and once posted one
// card per account made, to print (shown once: the tokens are not kept).
type credentialsView struct {
	Prefix, Kind, Display string
	Count                 int
	Cards                 []credentialCard
	Server                string
	Error                 string
}

// credentialCard is one printed account.
type credentialCard struct {
	Name, DisplayName, Kind, Token string
}

// credentialsPage is GET /admin/credentials: the form.
func (h *Handler) credentialsPage(w http.ResponseWriter, r *http.Request) {
	h.render(w, r, http.StatusOK, "credentials", "Credentials for printing", credentialsView{Prefix: "team", Kind: "team", Count: 10})
}

// credentialNames are the names prefix01 … prefixNN of count accounts,
// numbered with at least two digits.
func credentialNames(prefix string, count int) []string {
	width := max(2, len(strconv.Itoa(count)))
	names := make([]string, count)
	for i := range names {
		names[i] = fmt.Sprintf("%s%0*d", prefix, width, i+1)
	}
	return names
}

// makeCredentials is POST /admin/credentials: count accounts named
// prefix01…, each with a token, shown on cards for printing. No name may
// be taken; the accounts made before a failure are shown with it.
func (h *Handler) makeCredentials(w http.ResponseWriter, r *http.Request) {
	v := credentialsView{Prefix: strings.TrimSpace(r.PostFormValue("prefix")), Kind: r.PostFormValue("kind"),
		Display: strings.TrimSpace(r.PostFormValue("display")), Server: h.serverURL(r)}
	n, err := strconv.Atoi(strings.TrimSpace(r.PostFormValue("count")))
	v.Count = n
	switch {
	case err != nil || n < 1 || n > maxCredentials:
		v.Error = fmt.Sprintf("count: want a number from 1 to %d", maxCredentials)
	case v.Prefix == "":
		v.Error = "prefix: missing"
	case v.Kind != "user" && v.Kind != "team":
		v.Error = "kind: want user or team"
	}
	if v.Error != "" {
		h.render(w, r, http.StatusUnprocessableEntity, "credentials", "Credentials for printing", v)
		return
	}
	names := credentialNames(v.Prefix, n)
	existing, err := h.b.Users(r.Context())
	if err != nil {
		h.fail(w, r, err)
		return
	}
	taken := map[string]bool{}
	for _, u := range existing {
		taken[u.Name] = true
	}
	for _, name := range names {
		if taken[name] {
			v.Error = fmt.Sprintf("prefix: %s is taken; choose another prefix", name)
			h.render(w, r, http.StatusConflict, "credentials", "Credentials for printing", v)
			return
		}
	}
	w.Header().Set("Cache-Control", "no-store")
	for i, name := range names {
		display := name
		if v.Display != "" {
			display = fmt.Sprintf("%s %d", v.Display, i+1)
		}
		u, err := h.b.CreateUser(r.Context(), api.NewUser{Name: name, DisplayName: display, Kind: v.Kind, Role: "user"})
		if err == nil {
			var tok api.IssuedToken
			if tok, err = h.b.IssueToken(r.Context(), name, "printed"); err == nil {
				v.Cards = append(v.Cards, credentialCard{Name: u.Name, DisplayName: u.DisplayName, Kind: u.Kind, Token: tok.Plaintext})
				continue
			}
		}
		v.Error = fmt.Sprintf("%s: %v (the %d accounts before it were made)", name, err, len(v.Cards))
		h.render(w, r, http.StatusUnprocessableEntity, "credentials", "Credentials for printing", v)
		return
	}
	h.render(w, r, http.StatusOK, "credentials", "Credentials for printing", v)
}
