package clics

// The tables of this file describe the shapes of the CLICS Contest API,
// version 2023-06, that the handler serves. We wrote them for these tests
// from the text of the specification,
// https://ccs-specs.icpc.io/2023-06/contest_api (tag 2023-06 of
// github.com/icpc/ccs-specs, Contest_API.md). Each table comes from one
// section of that page:
//
//	fileRef, location      #json-property-types (FILE, LOCATION)
//	apiInfo                #api-information (version and provider objects)
//	capabilities           #capabilities
//	accessObj              #access (access and endpoint objects)
//	contest                #contests
//	judgementType          #judgement-types
//	knownJudgementTypes    #known-judgement-types
//	language               #languages (language and Command objects)
//	problem                #problems
//	team                   #teams (team and team location objects)
//	state                  #contest-state
//	submission             #submissions
//	judgement              #judgements
//	scoreboard             #scoreboard-format (scoreboard, row, score and
//	                       problem data objects)
//	eventLine, eventTypes  #notification-format and #event-feed
//
// The checker (speccheck_test.go, specfeed_test.go) holds every golden
// answer and every event of the feed to them. How the specification's
// words become a table:
//   - A property's type is its Type column: string, number, integer,
//     boolean, ID, TIME, RELTIME, FILE, LOCATION, "array of <type>", an
//     object, and "<type> ?" (nullable: null, or left out, section
//     "Extensibility"). Section "JSON property types" gives the syntax of
//     ID, TIME and RELTIME, asks for their optional parts to be used
//     consistently, and lists the properties of FILE and LOCATION.
//   - The properties a table lists are all the section defines; any other
//     is refused. Section "Table column description" says results
//     should not carry properties access does not list, and access lists
//     only defined ones.
//   - Required (present, not null) is what the text itself demands: an
//     object's id (section "Required and optional endpoints"), the
//     properties of the fixed-shape answers (api, access, scoreboard,
//     event) and of FILE, LOCATION, Command and team location objects.
//     Any other property is required when the access answer lists it and
//     its type is not nullable (section "Table column description"),
//     which checkListed checks.
//   - A "Required iff" or "must not be set if" of a description is a rule
//     of its object. "Required iff X" is read both ways: set when X, null
//     or left out when not.
//   - Bounds come from the descriptions: time limits and run times
//     non-negative multiples of 0.001, ranks from 1, counts from 0,
//     latitude and longitude in range, one archive or package at most.
//   - Where a table is stricter than the text it says so: known
//     judgement types only ("should be used"), equal state times allowed.

import (
	"fmt"
	"regexp"
	"strings"
)

// Section "JSON property types": the FILE object. Width and height are
// required for images.
var fileRef = &object{
	name: "FILE",
	props: []prop{
		req("href", str()), req("filename", str()), opt("hash", str().orNull()), req("mime", str()),
		opt("width", integer().orNull()), opt("height", integer().orNull()),
	},
	rules: []rule{func(o map[string]any) string {
		if m, _ := o["mime"].(string); strings.HasPrefix(m, "image/") && (!set(o, "width") || !set(o, "height")) {
			return "an image FILE needs width and height"
		}
		return ""
	}},
}

// Section "JSON property types": the LOCATION object.
var location = &object{
	name:  "LOCATION",
	props: []prop{req("latitude", number().within(-90, 90)), req("longitude", number().within(-180, 180))},
}

// files is "array of FILE ?".
func files() shape { return arrayOf(obj(fileRef)).orNull() }

// Section "API information" (#api-information): the version object and
// its provider.
var apiInfo = &object{
	name: "api",
	props: []prop{
		req("version", str().oneOf("2023-06")), req("version_url", str()),
		opt("provider", obj(&object{name: "provider", props: []prop{
			req("name", str()), opt("version", str().orNull()), opt("logo", files()),
		}}).orNull()),
	},
}

// Section "Capabilities" (#capabilities): the capabilities listed.
var capabilities = []string{"contest_start", "contest_thaw", "team_submit", "team_clar",
	"proxy_submit", "proxy_clar", "admin_submit", "admin_clar"}

// Section "Access" (#access): capabilities, and endpoint objects each
// with a non-empty list of properties. An endpoint's type must be one
// these tables describe and its properties ones its table defines
// (sub-properties as property.subproperty, section "Table column
// description").
var accessObj = &object{
	name: "access",
	props: []prop{
		req("capabilities", arrayOf(str().oneOf(capabilities...))),
		req("endpoints", arrayOf(obj(&object{
			name:  "endpoint",
			props: []prop{req("type", str()), req("properties", arrayOf(str()).nonEmpty())},
			rules: []rule{accessEndpointDefined},
		}))),
	},
}

// Section "Contests" (#contests).
var contest = &object{
	name: "contest",
	props: []prop{
		req("id", id()), opt("name", str()), opt("formal_name", str().orNull()),
		opt("start_time", tstamp().orNull()), opt("countdown_pause_time", reltime().orNull()),
		opt("duration", reltime()), opt("scoreboard_freeze_duration", reltime().orNull()),
		opt("scoreboard_thaw_time", tstamp().orNull()), opt("scoreboard_type", str().oneOf("pass-fail", "score")),
		opt("penalty_time", integer()), opt("banner", files()), opt("logo", files()),
		opt("location", obj(location).orNull()),
	},
	rules: []rule{func(o map[string]any) string {
		if set(o, "start_time") && set(o, "countdown_pause_time") {
			return "start_time and countdown_pause_time are both set"
		}
		return ""
	}},
}

// Section "Judgement Types", table "Known judgement types"
// (#known-judgement-types): the identifiers a server should use; ours
// are all among them (ids.go), so others are refused.
var knownJudgementTypes = []string{"AC", "RE", "WA", "TLE", "RTE", "CE", "APE", "OLE", "PE", "EO", "IO",
	"NO", "WTL", "ILE", "TCO", "TWA", "TPE", "TEO", "TIO", "TNO", "MLE", "SV", "IF", "RCO", "RWA",
	"RPE", "REO", "RIO", "RNO", "CTL", "JE", "SE", "CS"}

// Section "Judgement Types" (#judgement-types).
var judgementType = &object{
	name: "judgement type",
	props: []prop{
		req("id", id().oneOf(knownJudgementTypes...)), opt("name", str()),
		opt("penalty", boolean()), opt("solved", boolean()),
	},
}

// Section "Languages" (#languages): the language and its Command
// objects.
var language = func() *object {
	command := obj(&object{name: "command", props: []prop{
		req("command", str()), opt("args", str().orNull()), opt("version", str().orNull()),
		opt("version_command", str().orNull()),
	}})
	return &object{
		name: "language",
		props: []prop{
			req("id", id()), opt("name", str()), opt("entry_point_required", boolean()),
			opt("entry_point_name", str().orNull()), opt("extensions", arrayOf(str())),
			opt("compiler", command), opt("runner", command),
		},
		rules: []rule{iff("entry_point_name", "entry_point_required is true", func(o map[string]any) bool {
			return o["entry_point_required"] == true
		})},
	}
}()

// Section "Problems" (#problems).
var problem = &object{
	name: "problem",
	props: []prop{
		req("id", id()), opt("uuid", str().orNull()), opt("label", str()), opt("name", str()),
		opt("ordinal", integer()), opt("rgb", str().matching(rgbHex).orNull()), opt("color", str().orNull()),
		opt("time_limit", number().atLeast(0).millis()), opt("test_data_count", integer().atLeast(0)),
		opt("max_score", number()), opt("package", arrayOf(obj(fileRef)).atMost(1).orNull()),
		opt("statement", files()),
	},
}

// rgbHex is an HTML hexadecimal colour, #AC00FF or #fff.
var rgbHex = regexp.MustCompile(`^#([0-9A-Fa-f]{3}|[0-9A-Fa-f]{6})$`)

// Section "Teams" (#teams): the team and its team location object.
var team = &object{
	name: "team",
	props: []prop{
		req("id", id()), opt("icpc_id", str().orNull()), opt("name", str()), opt("label", str()),
		opt("display_name", str().orNull()), opt("organization_id", id().orNull()),
		opt("group_ids", arrayOf(id()).orNull()), opt("hidden", boolean().orNull()),
		opt("location", obj(&object{name: "team location", props: []prop{
			req("x", number()), req("y", number()), req("rotation", number()),
		}}).orNull()),
		opt("photo", files()), opt("video", files()), opt("backup", files()), opt("key_log", files()),
		opt("tool_data", files()), opt("desktop", files()), opt("webcam", files()), opt("audio", files()),
	},
}

// Section "Contest state" (#contest-state): ended, thawed and finalized
// "must not be set" before started, frozen and ended, and the times that
// are set keep the order started < frozen < ended < thawed <
// end_of_updates and ended < finalized < end_of_updates. Equal times
// pass: the handler's end_of_updates is the later of finalized and
// thawed.
var state = &object{
	name: "state",
	props: []prop{
		opt("started", tstamp().orNull()), opt("frozen", tstamp().orNull()), opt("ended", tstamp().orNull()),
		opt("thawed", tstamp().orNull()), opt("finalized", tstamp().orNull()),
		opt("end_of_updates", tstamp().orNull()),
	},
	rules: []rule{
		needs("ended", "started"), needs("thawed", "frozen"), needs("finalized", "ended"),
		inOrder("started", "frozen", "ended", "thawed", "end_of_updates"),
		inOrder("ended", "finalized", "end_of_updates"),
	},
}

// Section "Submissions" (#submissions): one archive at most; C and C++
// have no entry point ("it must therefore be null"), Java and Kotlin
// need one.
var submission = &object{
	name: "submission",
	props: []prop{
		req("id", id()), opt("language_id", id()), opt("problem_id", id()), opt("team_id", id()),
		opt("time", tstamp()), opt("contest_time", reltime()), opt("entry_point", str().orNull()),
		opt("files", arrayOf(obj(fileRef)).atMost(1)), opt("reaction", files()),
	},
	rules: []rule{func(o map[string]any) string {
		switch o["language_id"] {
		case "c", "cpp":
			if set(o, "entry_point") {
				return "a C or C++ submission has an entry_point"
			}
		case "java", "kotlin":
			if !set(o, "entry_point") {
				return "a Java or Kotlin submission has no entry_point"
			}
		}
		return ""
	}},
}

// Section "Judgements" (#judgements): the verdict and the end are set
// together, when the judgement completes.
var judgement = &object{
	name: "judgement",
	props: []prop{
		req("id", id()), opt("submission_id", id()),
		opt("judgement_type_id", id().oneOf(knownJudgementTypes...).orNull()), opt("score", number()),
		opt("start_time", tstamp()), opt("start_contest_time", reltime()),
		opt("end_time", tstamp().orNull()), opt("end_contest_time", reltime().orNull()),
		opt("max_run_time", number().atLeast(0).millis().orNull()),
	},
	rules: []rule{
		iff("end_time", "judgement_type_id is set", func(o map[string]any) bool { return set(o, "judgement_type_id") }),
		iff("end_contest_time", "judgement_type_id is set", func(o map[string]any) bool { return set(o, "judgement_type_id") }),
	},
}

// Section "Scoreboard", "Scoreboard format" (#scoreboard-format): the
// scoreboard, its rows in rank order, a row's score (num_solved and
// total_time in pass-fail contests, score in score contests; time null
// iff nothing is solved) and its problem data objects (solved or score;
// time iff solved or scored).
var scoreboard = &object{
	name: "scoreboard",
	props: []prop{
		req("time", tstamp()), req("contest_time", reltime()), req("state", obj(state)),
		req("rows", arrayOf(obj(&object{
			name: "scoreboard row",
			props: []prop{
				req("rank", integer().atLeast(1)), req("team_id", id()),
				req("score", obj(&object{
					name: "score",
					props: []prop{
						opt("num_solved", integer().atLeast(0)), opt("total_time", integer().atLeast(0)),
						opt("score", number()), opt("time", integer().atLeast(0).orNull()),
					},
					rules: []rule{
						oneShape("score", "num_solved", "total_time"),
						func(o map[string]any) string {
							n, ok := num(o["num_solved"])
							if ok && set(o, "time") != (n > 0) {
								return "time is null but num_solved > 0, or set with num_solved 0"
							}
							return ""
						},
					},
				})),
				opt("problems", arrayOf(obj(&object{
					name: "problem data",
					props: []prop{
						req("problem_id", id()), req("num_judged", integer().atLeast(0)),
						req("num_pending", integer().atLeast(0)), opt("solved", boolean()),
						opt("score", number()), opt("time", integer().atLeast(0)),
					},
					rules: []rule{
						oneShape("score", "solved"),
						iff("time", "solved is true or score > 0", func(o map[string]any) bool {
							s, _ := num(o["score"])
							return o["solved"] == true || s > 0
						}),
					},
				})).orNull()),
			},
		}))),
	},
	rules: []rule{ranked},
}

// Section "Notification format" (#notification-format): an event, one
// line of the event feed (section "Event feed", #event-feed). Its data
// is checked against the table of its type (eventTypes), by checkEvent.
var eventLine = &object{
	name: "event",
	props: []prop{
		req("type", str()), opt("id", id().orNull()), opt("data", anything().orNull()),
		opt("token", str().orNull()),
	},
}

// eventTypes maps the event types of section "Notification format" that
// the handler serves to their objects; contest and state are singletons.
var eventTypes = map[string]*object{
	"contest": contest, "judgement-types": judgementType, "languages": language, "problems": problem,
	"teams": team, "state": state, "submissions": submission, "judgements": judgement,
}

// accessTypes maps the endpoint types an access answer may list to their
// objects: the event types, and the scoreboard.
var accessTypes = func() map[string]*object {
	m := map[string]*object{"scoreboard": scoreboard}
	for k, v := range eventTypes {
		m[k] = v
	}
	return m
}()

// endpoints maps the answers the golden test checks to their shapes:
// each collection an array of its objects.
var endpoints = map[string]shape{
	"api": obj(apiInfo), "access": obj(accessObj),
	"contests": arrayOf(obj(contest)), "contest": obj(contest),
	"judgement-types": arrayOf(obj(judgementType)), "judgement-type": obj(judgementType),
	"languages": arrayOf(obj(language)), "language": obj(language),
	"problems": arrayOf(obj(problem)), "problem": obj(problem),
	"teams": arrayOf(obj(team)), "team": obj(team),
	"state":       obj(state),
	"submissions": arrayOf(obj(submission)), "submission": obj(submission),
	"judgements": arrayOf(obj(judgement)), "judgement": obj(judgement),
	"scoreboard": obj(scoreboard),
}

// accessEndpointDefined says an access endpoint object names a type
// these tables describe and only properties its table defines.
func accessEndpointDefined(o map[string]any) string {
	typ, _ := o["type"].(string)
	obj, ok := accessTypes[typ]
	if !ok {
		return fmt.Sprintf("endpoint type %q is none the tables describe", typ)
	}
	props, _ := o["properties"].([]any)
	for _, p := range props {
		name, _ := p.(string)
		if _, ok := obj.lookup(name); !ok {
			return fmt.Sprintf("endpoint %s: property %q the specification does not define", typ, name)
		}
	}
	return ""
}

// ranked says the rows' ranks never go down.
func ranked(o map[string]any) string {
	rows, _ := o["rows"].([]any)
	last := 0.0
	for i, r := range rows {
		row, _ := r.(map[string]any)
		rank, _ := num(row["rank"])
		if rank < last {
			return fmt.Sprintf("rows[%d] has rank %v after rank %v", i, rank, last)
		}
		last = rank
	}
	return ""
}

// oneShape says an object has either all the pass-fail properties or the
// score property, not both nor neither nor part of the pass-fail ones.
func oneShape(score string, passFail ...string) rule {
	return func(o map[string]any) string {
		n := 0
		for _, p := range passFail {
			if set(o, p) {
				n++
			}
		}
		if (n == len(passFail)) == set(o, score) || (n > 0 && n < len(passFail)) {
			return fmt.Sprintf("needs either %s (pass-fail) or %s (score)", strings.Join(passFail, " and "), score)
		}
		return ""
	}
}
