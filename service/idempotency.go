package service

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"net/http"

	"github.com/puzzlejudge/judge/service/api"
)

// requestHash is the hash kept with an idempotency key: of the
// submission's fields as the request gave them, whichever body (JSON or
// form) carried them; "" without a key.
func requestHash(in api.NewSubmission, key string) string {
	if key == "" {
		return ""
	}
	h := sha256.New()
	for _, f := range []string{in.Problem, in.Language, in.Filename, in.Source} {
		_ = binary.Write(h, binary.BigEndian, uint64(len(f)))
		h.Write([]byte(f))
	}
	return hex.EncodeToString(h.Sum(nil))
}

// keyReused is the answer to an idempotency key reused for another
// submission: 422, as the IETF's Idempotency-Key draft asks for a key
// reused with a different payload (its 409 is for a request still being
// processed with the same key, which the store's atomic insert rules out).
func keyReused() error {
	return api.Errorf(http.StatusUnprocessableEntity, "Idempotency-Key",
		"already used for another submission (a different problem, language, filename or source); use a new key for a new submission")
}
