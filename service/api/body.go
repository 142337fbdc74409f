package api

import (
	"encoding/json"
	"errors"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"reflect"
	"slices"
	"strings"
)

// The shapes of the bodies, as errors describe them.
const (
	submissionShape = "a JSON object {problem, language, filename, source, contest}"
	batchShape      = "a JSON object {submissions: [{problem, language, filename, source}, ...]}"
)

// Content types a submission's body may have.
const (
	typeJSON      = "application/json"
	typeForm      = "application/x-www-form-urlencoded"
	typeMultipart = "multipart/form-data"
)

// formFields are the fields of a submission's form body, as in its JSON.
var formFields = []string{"problem", "language", "filename", "source", "contest"}

// fileFields are the multipart fields that may carry the source as a
// file (curl -F file=@a.py): its name is the filename unless one is given.
var fileFields = []string{"file", "source"}

// decodeSubmission reads one submission from a body of at most MaxBody
// bytes: JSON, a URL-encoded form or a multipart form (with the source
// as a file or a field); any other content type is 415.
func (s *Server) decodeSubmission(w http.ResponseWriter, r *http.Request) (NewSubmission, error) {
	var in NewSubmission
	mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if r.Header.Get("Content-Type") == "" {
		mt, err = typeJSON, nil
	}
	if err != nil {
		return in, unsupported(r, typeJSON, typeForm, typeMultipart)
	}
	switch mt {
	case typeJSON:
		return in, s.decodeJSON(w, r, &in, submissionShape)
	case typeForm:
		r.Body = http.MaxBytesReader(w, r.Body, s.opt.MaxBody)
		if err := r.ParseForm(); err != nil {
			return in, formError(err)
		}
		return in, fromForm(&in, r.PostForm, nil)
	case typeMultipart:
		r.Body = http.MaxBytesReader(w, r.Body, s.opt.MaxBody)
		if err := r.ParseMultipartForm(s.opt.MaxBody); err != nil {
			return in, formError(err)
		}
		defer r.MultipartForm.RemoveAll()
		return in, fromForm(&in, r.MultipartForm.Value, r.MultipartForm.File)
	}
	return in, unsupported(r, typeJSON, typeForm, typeMultipart)
}

// unsupported is the 415 of a content type other than those accepted.
func unsupported(r *http.Request, accepted ...string) error {
	return Errorf(http.StatusUnsupportedMediaType, "Content-Type", "want %s, got %q", strings.Join(accepted, ", "), r.Header.Get("Content-Type"))
}

// formError maps a form that cannot be read to 400, or to the body's
// limit (413).
func formError(err error) error {
	var mbe *http.MaxBytesError
	if errors.As(err, &mbe) {
		return err
	}
	return Errorf(http.StatusBadRequest, "body", "malformed form: %v", err)
}

// fromForm fills in from a form's values and files: each field at most
// once, no other fields, the source as a value or as one file.
func fromForm(in *NewSubmission, values map[string][]string, files map[string][]*multipart.FileHeader) error {
	dst := map[string]*string{"problem": &in.Problem, "language": &in.Language, "filename": &in.Filename, "source": &in.Source, "contest": &in.Contest}
	for k, vs := range values {
		p, ok := dst[k]
		if !ok {
			return unknownField(k, strings.Join(formFields, ", "))
		}
		if len(vs) > 1 {
			return Errorf(http.StatusBadRequest, k, "given %d times, want once", len(vs))
		}
		*p = vs[0]
	}
	for k, fs := range files {
		if !slices.Contains(fileFields, k) {
			return unknownField(k, strings.Join(formFields, ", ")+" (the source may be a file field: file or source)")
		}
		if len(fs) > 1 || in.Source != "" {
			return Errorf(http.StatusBadRequest, k, "more than one source given, want one")
		}
		data, err := readPart(fs[0])
		if err != nil {
			return Errorf(http.StatusBadRequest, k, "cannot read the file: %v", err)
		}
		in.Source = string(data)
		if in.Filename == "" {
			in.Filename = fs[0].Filename
		}
	}
	return nil
}

// readPart reads an uploaded file (held in memory: the body is bounded).
func readPart(fh *multipart.FileHeader) ([]byte, error) {
	f, err := fh.Open()
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(f)
}

// unknownField is the 400 of a field the body may not have.
func unknownField(name, want string) error {
	return Errorf(http.StatusBadRequest, name, "unknown field; want %s", want)
}

// decodeJSON reads a JSON body of at most MaxBody bytes into v, refusing
// fields v does not have; shape describes v in errors (no Go type name
// reaches a client).
func (s *Server) decodeJSON(w http.ResponseWriter, r *http.Request, v any, shape string) error {
	if ct := r.Header.Get("Content-Type"); ct != "" {
		if mt, _, err := mime.ParseMediaType(ct); err != nil || mt != typeJSON {
			return unsupported(r, typeJSON)
		}
	}
	body := http.MaxBytesReader(w, r.Body, s.opt.MaxBody)
	dec := json.NewDecoder(body)
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return jsonError(err, shape)
	}
	if _, err := dec.Token(); err != io.EOF {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			return err
		}
		return Errorf(http.StatusBadRequest, "body", "malformed JSON: more after the object")
	}
	return nil
}

// jsonError maps an error of encoding/json to a 400 naming the field.
func jsonError(err error, shape string) error {
	var mbe *http.MaxBytesError
	var te *json.UnmarshalTypeError
	var se *json.SyntaxError
	switch {
	case errors.As(err, &mbe):
		return err
	case errors.As(err, &te) && te.Field == "":
		return Errorf(http.StatusBadRequest, "body", "want %s, got a JSON %s", shape, te.Value)
	case errors.As(err, &te):
		return Errorf(http.StatusBadRequest, te.Field, "want a JSON %s, got a JSON %s", jsonKind(te.Type), te.Value)
	case errors.As(err, &se):
		return Errorf(http.StatusBadRequest, "body", "malformed JSON at byte %d: %s", se.Offset, strings.TrimPrefix(err.Error(), "json: "))
	case errors.Is(err, io.EOF):
		return Errorf(http.StatusBadRequest, "body", "empty: want %s", shape)
	case errors.Is(err, io.ErrUnexpectedEOF):
		return Errorf(http.StatusBadRequest, "body", "malformed JSON: it ends early")
	}
	// encoding/json has no type for an unknown field: its message is
	// `json: unknown field "name"`.
	if name, ok := strings.CutPrefix(err.Error(), "json: unknown field "); ok {
		return unknownField(strings.Trim(name, `"`), strings.TrimPrefix(shape, "a JSON object "))
	}
	return Errorf(http.StatusBadRequest, "body", "malformed JSON: %s", strings.TrimPrefix(err.Error(), "json: "))
}

// jsonKind names the JSON kind a Go type is decoded from.
func jsonKind(t reflect.Type) string {
	switch t.Kind() {
	case reflect.String:
		return "string"
	case reflect.Bool:
		return "boolean"
	case reflect.Slice, reflect.Array:
		return "array"
	case reflect.Struct, reflect.Map:
		return "object"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64, reflect.Uint, reflect.Uint8,
		reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Float32, reflect.Float64:
		return "number"
	}
	return "value"
}

// decode is decodeJSON for a body whose shape is v's JSON fields, named
// in errors as "a JSON object {a, b, ...}": every endpoint taking a JSON
// object refuses unknown fields alike.
func (s *Server) decode(w http.ResponseWriter, r *http.Request, v any) error {
	return s.decodeJSON(w, r, v, objectShape(v))
}

// objectShape describes the JSON object v (a pointer to a struct) decodes
// from by its fields' JSON names.
func objectShape(v any) string {
	t := reflect.TypeOf(v)
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t.Kind() != reflect.Struct {
		return "a JSON " + jsonKind(t)
	}
	var names []string
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		if !f.IsExported() {
			continue
		}
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "-" {
			continue
		}
		if name == "" {
			name = f.Name
		}
		names = append(names, name)
	}
	return "a JSON object {" + strings.Join(names, ", ") + "}"
}
