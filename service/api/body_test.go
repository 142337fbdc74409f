package api

import (
	"bytes"
	"mime/multipart"
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// multipartBody is a multipart/form-data body as curl -F sends it: the
// fields, and the file (when name is set) as field file.
func multipartBody(t *testing.T, fields map[string]string, fileField, name, content string) (string, string) {
	t.Helper()
	var b bytes.Buffer
	mw := multipart.NewWriter(&b)
	for k, v := range fields {
		if err := mw.WriteField(k, v); err != nil {
			t.Fatal(err)
		}
	}
	if name != "" {
		fw, err := mw.CreateFormFile(fileField, name)
		if err != nil {
			t.Fatal(err)
		}
		fw.Write([]byte(content))
	}
	if err := mw.Close(); err != nil {
		t.Fatal(err)
	}
	return b.String(), mw.FormDataContentType()
}

// TestBodies: a submission may come as JSON, as a URL-encoded form (curl
// -d, --data-urlencode) or as a multipart form with the source as a file
// (curl -F file=@sum.py); its fields arrive the same.
func TestBodies(t *testing.T) {
	form := url.Values{"problem": {"a-plus-b"}, "language": {"py"}, "source": {"print(1+2)\n"}}.Encode()
	mp, mpType := multipartBody(t, map[string]string{"problem": "a-plus-b"}, "file", "sum.py", "print(1+2)\n")
	mpNamed, mpNamedType := multipartBody(t, map[string]string{"problem": "a-plus-b", "filename": "main.py", "language": "python"}, "source", "upload.txt", "print(1+2)\n")
	mpField, mpFieldType := multipartBody(t, map[string]string{"problem": "a-plus-b", "language": "py", "source": "print(1+2)\n"}, "", "", "")
	for _, tc := range []struct {
		name, body, contentType string
		want                    NewSubmission
	}{
		{"JSON", sub("a-plus-b", "py", "", "print(1+2)\n"), "application/json", NewSubmission{Problem: "a-plus-b", Language: "py", Source: "print(1+2)\n"}},
		{"JSON with a charset", sub("a-plus-b", "py", "", "print(1+2)\n"), "application/json; charset=utf-8", NewSubmission{Problem: "a-plus-b", Language: "py", Source: "print(1+2)\n"}},
		{"no content type: JSON", sub("a-plus-b", "py", "", "print(1+2)\n"), "", NewSubmission{Problem: "a-plus-b", Language: "py", Source: "print(1+2)\n"}},
		{"URL-encoded form", form, "application/x-www-form-urlencoded", NewSubmission{Problem: "a-plus-b", Language: "py", Source: "print(1+2)\n"}},
		{"multipart with a file", mp, mpType, NewSubmission{Problem: "a-plus-b", Filename: "sum.py", Source: "print(1+2)\n"}},
		{"multipart, a file and a filename", mpNamed, mpNamedType, NewSubmission{Problem: "a-plus-b", Language: "python", Filename: "main.py", Source: "print(1+2)\n"}},
		{"multipart without a file", mpField, mpFieldType, NewSubmission{Problem: "a-plus-b", Language: "py", Source: "print(1+2)\n"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := newAPIRig(t, Options{})
			a := r.do(t, "POST", "/api/v1/submissions", "ann-token", tc.body, "Content-Type", tc.contentType)
			if a.code != http.StatusAccepted {
				t.Fatalf("%d %s, want 202", a.code, a.body)
			}
			if got := r.b.received; len(got) != 1 || got[0] != tc.want {
				t.Errorf("received %+v, want %+v", got, tc.want)
			}
		})
	}
}

// TestBodyRefusals: what a body may not be, each refused with the status
// and the field it concerns, in words a client knows (no Go type names).
func TestBodyRefusals(t *testing.T) {
	mpTwo, mpTwoType := multipartBody(t, map[string]string{"problem": "a-plus-b", "source": "x"}, "file", "sum.py", "y")
	mpOther, mpOtherType := multipartBody(t, map[string]string{"problem": "a-plus-b"}, "attachment", "sum.py", "y")
	// A contest named in a form is read as in JSON, and admitted or not:
	// this rig runs no contests.
	mpContest, mpContestType := multipartBody(t, map[string]string{"problem": "A", "contest": "spring-26"}, "file", "sum.py", "y")
	for _, tc := range []struct {
		name, path, body, contentType string
		opt                           Options
		status                        int
		field, msg                    string
	}{
		{name: "text/plain", body: "print(1)", contentType: "text/plain", status: 415, field: "Content-Type",
			msg: `want application/json, application/x-www-form-urlencoded, multipart/form-data, got "text/plain"`},
		{name: "a malformed content type", body: "x", contentType: "application/", status: 415, field: "Content-Type"},
		{name: "a form batch", path: "/api/v1/submissions/batch", body: "problem=a-plus-b", contentType: "application/x-www-form-urlencoded", status: 415,
			field: "Content-Type", msg: "want application/json"},
		{name: "an unknown JSON field", body: `{"problem":"a-plus-b","language":"c","source":"x","lang":"c"}`, contentType: "application/json",
			status: 400, field: "lang", msg: "unknown field; want {problem, language, filename, source, contest}"},
		{name: "an unknown field in a batch", path: "/api/v1/submissions/batch", body: `{"submissions":[],"wait":1}`, contentType: "application/json",
			status: 400, field: "wait", msg: "unknown field"},
		{name: "an unknown field of a batch's submission", path: "/api/v1/submissions/batch", body: `{"submissions":[{"problem":"a","code":"x"}]}`, contentType: "application/json",
			status: 400, field: "code", msg: "unknown field"},
		{name: "an array, not an object", body: `[1]`, contentType: "application/json", status: 400, field: "body",
			msg: "want a JSON object {problem, language, filename, source, contest}, got a JSON array"},
		{name: "a number for a string", body: `{"source": 3}`, contentType: "application/json", status: 400, field: "source", msg: "want a JSON string, got a JSON number"},
		{name: "an object for the batch's list", path: "/api/v1/submissions/batch", body: `{"submissions": {}}`, contentType: "application/json", status: 400,
			field: "submissions", msg: "want a JSON array, got a JSON object"},
		{name: "an unknown form field", body: "problem=a-plus-b&code=x", contentType: "application/x-www-form-urlencoded", status: 400, field: "code", msg: "unknown field"},
		{name: "a form field twice", body: "problem=a&problem=b&source=x", contentType: "application/x-www-form-urlencoded", status: 400, field: "problem", msg: "given 2 times"},
		{name: "a multipart source twice", body: mpTwo, contentType: mpTwoType, status: 400, field: "file", msg: "more than one source"},
		{name: "a multipart form's contest", body: mpContest, contentType: mpContestType, status: 404, field: "contest", msg: "runs no contests"},
		{name: "a multipart file under another name", body: mpOther, contentType: mpOtherType, status: 400, field: "attachment", msg: "unknown field"},
		{name: "a multipart body with no boundary", body: "x", contentType: "multipart/form-data", status: 400, field: "body", msg: "malformed form"},
		{name: "a form over MaxBody", opt: Options{MaxBody: 100}, body: "source=" + strings.Repeat("x", 200), contentType: "application/x-www-form-urlencoded", status: 413},
		{name: "a source over the source limit", opt: Options{MaxSource: 256 << 10}, body: sub("a-plus-b", "c", "", strings.Repeat("x", 256<<10+1)), contentType: "application/json",
			status: 413, field: "source", msg: "262145 bytes, over the source limit of 256KiB (source_limit)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := newAPIRig(t, tc.opt)
			path := tc.path
			if path == "" {
				path = "/api/v1/submissions"
			}
			a := r.do(t, "POST", path, "ann-token", tc.body, "Content-Type", tc.contentType)
			if a.code != tc.status {
				t.Fatalf("%d %s, want %d", a.code, a.body, tc.status)
			}
			checkErrorBody(t, tc.name, a, tc.field)
			msg, _ := a.json()["error"].(string)
			if !strings.Contains(msg, tc.msg) {
				t.Errorf("error %q, want it to say %q", msg, tc.msg)
			}
			if strings.Contains(msg, "api.") || strings.Contains(msg, "NewSubmission") || strings.Contains(msg, "batchBody") {
				t.Errorf("error %q names a Go type", msg)
			}
			if len(r.b.received) != 0 {
				t.Errorf("submitted %+v", r.b.received)
			}
		})
	}
}
