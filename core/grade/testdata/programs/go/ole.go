package main

import (
	"bufio"
	"os"
)

func main() {
	w := bufio.NewWriter(os.Stdout)
	for {
		w.WriteString("spam spam spam spam spam spam spam spam\n")
	}
}
