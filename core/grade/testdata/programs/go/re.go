package main

func main() {
	var m map[string]int
	m["boom"] = 1
}
