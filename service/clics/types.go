package clics

// The objects of the Contest API 2023-06 that the handler serves, with
// the specification's property names. A nullable property the
// specification requires (state's times, a judgement's verdict while it
// runs, a submission's entry point) is a pointer without omitempty, so it
// is sent as null; an optional one is left out when unset, which the
// specification makes equivalent to null.

// APIInfo is GET /api: the version served and the provider.
type APIInfo struct {
	Version    string   `json:"version"`
	VersionURL string   `json:"version_url"`
	Provider   Provider `json:"provider"`
}

// Provider names the system serving the API.
type Provider struct {
	Name string `json:"name"`
}

// Access is GET /contests/{id}/access: the endpoints and properties the
// client sees, and its capabilities (none: the API is read only).
type Access struct {
	Capabilities []string         `json:"capabilities"`
	Endpoints    []AccessEndpoint `json:"endpoints"`
}

// AccessEndpoint is one endpoint type and the properties it serves.
type AccessEndpoint struct {
	Type       string   `json:"type"`
	Properties []string `json:"properties"`
}

// Contest is a contest object.
type Contest struct {
	ID                       string  `json:"id"`
	Name                     string  `json:"name"`
	FormalName               string  `json:"formal_name,omitempty"`
	StartTime                *string `json:"start_time"`
	Duration                 string  `json:"duration"`
	ScoreboardFreezeDuration string  `json:"scoreboard_freeze_duration,omitempty"`
	ScoreboardThawTime       string  `json:"scoreboard_thaw_time,omitempty"`
	ScoreboardType           string  `json:"scoreboard_type"`
	// PenaltyTime is in minutes; sent for pass-fail contests only.
	PenaltyTime *int `json:"penalty_time,omitempty"`
}

// The scoreboard types.
const (
	PassFail = "pass-fail"
	Score    = "score"
)

// JudgementType is a judgement type object.
type JudgementType struct {
	ID      string `json:"id"`
	Name    string `json:"name"`
	Penalty bool   `json:"penalty"`
	Solved  bool   `json:"solved"`
}

// Language is a language object.
type Language struct {
	ID                 string   `json:"id"`
	Name               string   `json:"name"`
	EntryPointRequired bool     `json:"entry_point_required"`
	Extensions         []string `json:"extensions"`
	Compiler           *Command `json:"compiler,omitempty"`
}

// Command is a language's compiler or runner, for information.
type Command struct {
	Command string `json:"command"`
	Args    string `json:"args,omitempty"`
	Version string `json:"version,omitempty"`
}

// Problem is a problem object.
type Problem struct {
	ID      string `json:"id"`
	Label   string `json:"label"`
	Name    string `json:"name"`
	Ordinal int    `json:"ordinal"`
	// TimeLimit is in seconds, a multiple of 0.001.
	TimeLimit     float64  `json:"time_limit"`
	TestDataCount int      `json:"test_data_count"`
	MaxScore      *float64 `json:"max_score,omitempty"` // score contests
}

// Team is a team object.
type Team struct {
	ID          string `json:"id"`
	Label       string `json:"label"`
	Name        string `json:"name"`
	DisplayName string `json:"display_name,omitempty"`
	Hidden      bool   `json:"hidden,omitempty"`
}

// State is the contest state object: when each phase began, null until
// it has.
type State struct {
	Started      *string `json:"started"`
	Frozen       *string `json:"frozen"`
	Ended        *string `json:"ended"`
	Thawed       *string `json:"thawed"`
	Finalized    *string `json:"finalized"`
	EndOfUpdates *string `json:"end_of_updates"`
}

// Submission is a submission object. Files is always empty: sources are
// not served here.
type Submission struct {
	ID          string    `json:"id"`
	LanguageID  string    `json:"language_id"`
	ProblemID   string    `json:"problem_id"`
	TeamID      string    `json:"team_id"`
	Time        string    `json:"time"`
	ContestTime string    `json:"contest_time"`
	EntryPoint  *string   `json:"entry_point"`
	Files       []FileRef `json:"files"`
}

// FileRef is a file reference.
type FileRef struct {
	Href     string `json:"href"`
	Filename string `json:"filename"`
	Mime     string `json:"mime"`
}

// Judgement is a judgement object; the verdict and end are null while
// it runs.
type Judgement struct {
	ID               string   `json:"id"`
	SubmissionID     string   `json:"submission_id"`
	JudgementTypeID  *string  `json:"judgement_type_id"`
	Score            *float64 `json:"score,omitempty"` // score contests
	StartTime        string   `json:"start_time"`
	StartContestTime string   `json:"start_contest_time"`
	EndTime          *string  `json:"end_time"`
	EndContestTime   *string  `json:"end_contest_time"`
	// MaxRunTime is in seconds, a multiple of 0.001.
	MaxRunTime *float64 `json:"max_run_time,omitempty"`
}

// Scoreboard is the scoreboard object.
type Scoreboard struct {
	Time        string          `json:"time"`
	ContestTime string          `json:"contest_time"`
	State       State           `json:"state"`
	Rows        []ScoreboardRow `json:"rows"`
}

// ScoreboardRow is one team's row, in rank order.
type ScoreboardRow struct {
	Rank     int            `json:"rank"`
	TeamID   string         `json:"team_id"`
	Score    RowScore       `json:"score"`
	Problems []ProblemScore `json:"problems"`
}

// RowScore is a row's score: num_solved and total_time in pass-fail
// contests, score in score contests; time (minutes) of the last solve or
// improvement, left out when there is none.
type RowScore struct {
	NumSolved *int     `json:"num_solved,omitempty"`
	TotalTime *int     `json:"total_time,omitempty"`
	Score     *float64 `json:"score,omitempty"`
	Time      *int     `json:"time,omitempty"`
}

// ProblemScore is one team's result on one problem: solved in pass-fail
// contests, score in score contests; time (minutes) when solved or
// scored.
type ProblemScore struct {
	ProblemID  string   `json:"problem_id"`
	NumJudged  int      `json:"num_judged"`
	NumPending int      `json:"num_pending"`
	Solved     *bool    `json:"solved,omitempty"`
	Score      *float64 `json:"score,omitempty"`
	Time       *int     `json:"time,omitempty"`
}
