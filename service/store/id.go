package store

import (
	"crypto/rand"
	"sync"
	"time"
)

// crockford is the ULID alphabet: Crockford's base32, which sorts like the
// numbers it encodes.
const crockford = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"

// IDLen is the length of a submission ID.
const IDLen = 26

// idSource makes ULIDs: 48 bits of Unix milliseconds, then 80 random bits
// that grow by one for IDs made within the same millisecond, so the IDs of
// one source sort in the order they were made.
type idSource struct {
	mu   sync.Mutex
	ms   uint64
	rand [10]byte
}

// next returns a new ID for time now.
func (g *idSource) next(now time.Time) string {
	g.mu.Lock()
	defer g.mu.Unlock()
	ms := uint64(now.UnixMilli())
	if ms > g.ms {
		g.ms = ms
		rand.Read(g.rand[:]) // never fails (crypto/rand since Go 1.24)
		g.rand[0] &= 0x7f    // leave room to count up within the millisecond
	} else {
		for i := len(g.rand) - 1; i >= 0; i-- {
			g.rand[i]++
			if g.rand[i] != 0 {
				break
			}
		}
	}
	return encodeID(g.ms, g.rand)
}

// encodeID writes 48 bits of time and 80 bits of randomness as 26
// Crockford base32 characters, most significant first.
func encodeID(ms uint64, r [10]byte) string {
	var b [IDLen]byte
	// 10 characters of time: 50 bits, the top 2 always zero.
	for i := 9; i >= 0; i-- {
		b[i] = crockford[ms&31]
		ms >>= 5
	}
	// 16 characters of randomness: 80 bits, 5 at a time.
	var acc uint64
	bits := 0
	pos := 10
	for _, c := range r {
		acc = acc<<8 | uint64(c)
		bits += 8
		for bits >= 5 {
			bits -= 5
			b[pos] = crockford[(acc>>uint(bits))&31]
			pos++
		}
	}
	return string(b[:])
}

// ValidID reports whether id looks like an ID this package makes: 26
// upper-case Crockford base32 characters starting with 0-7.
func ValidID(id string) bool {
	if len(id) != IDLen || id[0] > '7' {
		return false
	}
	for i := 0; i < len(id); i++ {
		c := id[i]
		ok := c >= '0' && c <= '9' || c >= 'A' && c <= 'Z' && c != 'I' && c != 'L' && c != 'O' && c != 'U'
		if !ok {
			return false
		}
	}
	return true
}
