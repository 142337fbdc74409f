// This program is compiled once, outside any box, to fill the warm Go build
// cache that every Go compile then sees as a private copy. It imports the
// standard packages contest solutions use, so that their compiled forms are
// already in the cache.

//go:build ignore

package main

import (
	"bufio"
	"bytes"
	"container/heap"
	"container/list"
	"container/ring"
	"errors"
	"fmt"
	"io"
	"maps"
	"math"
	"math/big"
	"math/bits"
	"math/rand"
	randv2 "math/rand/v2"
	"os"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode"
)

var (
	_ = bufio.NewReader
	_ = bytes.NewBuffer
	_ = heap.Init
	_ = list.New
	_ = ring.New
	_ = errors.New
	_ = fmt.Println
	_ = io.EOF
	_ = maps.Keys[map[int]int]
	_ = math.Abs
	_ = big.NewInt
	_ = bits.OnesCount
	_ = rand.Intn
	_ = randv2.IntN
	_ = os.Exit
	_ = regexp.MustCompile
	_ = slices.Sort[[]int]
	_ = sort.Ints
	_ = strconv.Itoa
	_ = strings.Fields
	_ sync.Mutex
	_ = time.Now
	_ = unicode.IsDigit
)

func main() {}
