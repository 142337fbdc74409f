package report

import "github.com/fatih/color"

// Good colours text that reports a success (green).
func (s Style) Good(text string) string {
	return s.paint([]color.Attribute{color.FgGreen, color.Bold}, text)
}

// Bad colours text that reports a failure (red).
func (s Style) Bad(text string) string {
	return s.paint([]color.Attribute{color.FgRed, color.Bold}, text)
}

// Warning colours text that reports a warning (yellow).
func (s Style) Warning(text string) string {
	return s.paint([]color.Attribute{color.FgYellow, color.Bold}, text)
}
