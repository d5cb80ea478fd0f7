package conform

import (
	"bytes"
	"encoding/json"
	"html/template"
	"io"
	"sort"
	"strings"

	"github.com/pfkit/pfkit/v2"
	"github.com/pfkit/pfkit/v2/go/internal/escape"
	"github.com/pfkit/pfkit/v2/go/internal/ops"
	"github.com/pfkit/pfkit/v2/go/internal/words"
)

// Report is a compliance report (CONF-2): one run of the same cases over
// several implementations, in the shape of spec/schemas/conform_report_v1.json.
type Report struct {
	Pfkit KitJSON `json:"pfkit"`
	// Commit and Tree say which build judged: the commit the binary was
	// built from and whether that tree had changes ("unknown" when the
	// build does not say).
	Commit          string       `json:"commit,omitempty"`
	Tree            string       `json:"tree,omitempty"`
	Files           int          `json:"files"`
	Cases           int          `json:"cases"`
	Implementations []ReportImpl `json:"implementations"`
	Exit            int          `json:"exit"`
}

// KitJSON is the member "pfkit" of every JSON report (VER-5).
type KitJSON struct {
	Version string `json:"version"`
}

// ReportImpl is one implementation's column.
type ReportImpl struct {
	Label      string               `json:"label"`
	Says       *ops.Implementation  `json:"says"`
	Answered   string               `json:"answered,omitempty"`
	Problem    string               `json:"problem,omitempty"`
	UnknownOps []string             `json:"unknownOps,omitempty"`
	Partial    *Partial             `json:"partial,omitempty"`
	Missing    []string             `json:"missing,omitempty"`
	Whole      bool                 `json:"failedAsWhole,omitempty"`
	Error      string               `json:"error,omitempty"`
	Header     string               `json:"-"`
	Totals     Totals               `json:"totals"`
	Ops        map[string]ReportRow `json:"ops"`
}

// Totals counts the cases of one implementation.
type Totals struct {
	Passed         int `json:"passed"`
	Failed         int `json:"failed"`
	NotImplemented int `json:"notImplemented"`
}

// ReportRow is one cell: an implementation's cases of one scheme/op.
type ReportRow struct {
	Totals
	NotSent  int             `json:"notSent,omitempty"`
	Reason   string          `json:"reason,omitempty"`
	Failures []ReportFailure `json:"failures"`
}

// ReportFailure is one failing case, with what pfkit eval needs to show it.
type ReportFailure struct {
	Case     string   `json:"case"`
	Comment  string   `json:"comment"`
	Flags    []string `json:"flags"`
	Detail   string   `json:"detail"`
	Request  string   `json:"request,omitempty"`
	Expected string   `json:"expected,omitempty"`
	Trace    string   `json:"trace,omitempty"`
	Where    string   `json:"where,omitempty"`
}

// NewReport gathers the runs into a report.
func NewReport(files, cases int, runs []Judged) Report {
	r := Report{Pfkit: KitJSON{pfkit.Version}, Files: files, Cases: cases, Implementations: []ReportImpl{}}
	for _, j := range runs {
		ri := ReportImpl{Label: j.Label, Says: j.Identity.Says, Answered: j.Identity.Answered, Problem: j.Identity.Problem,
			UnknownOps: j.Identity.Unknown, Header: j.Identity.String(), Ops: map[string]ReportRow{},
			Partial: j.Partial(), Missing: j.Missing, Whole: j.Whole}
		if j.Err != nil {
			ri.Error = j.Err.Error()
		}
		if j.Err != nil || j.Failed() > 0 {
			r.Exit = 1
		}
		for _, row := range Rows(j.Results) {
			rr := ReportRow{Totals: Totals{row.Pass, row.Fail, row.NotImpl}, NotSent: row.NotSent, Reason: row.Reason, Failures: []ReportFailure{}}
			for _, f := range row.Failures {
				flags := f.Flags
				if flags == nil {
					flags = []string{}
				}
				rr.Failures = append(rr.Failures, ReportFailure{f.Name, f.Comment, flags, f.Detail, f.Request, f.Expected, f.Trace, f.Where})
			}
			ri.Ops[row.Key] = rr
			ri.Totals.Passed += row.Pass
			ri.Totals.Failed += row.Fail
			ri.Totals.NotImplemented += row.NotImpl
		}
		r.Implementations = append(r.Implementations, ri)
	}
	return r
}

// WriteJSON writes the report as one indented JSON document whose strings
// carry no hidden character raw (TXT-3).
func (r Report) WriteJSON(w io.Writer) error {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(r); err != nil {
		return err
	}
	_, err := w.Write(escape.JSON(b.Bytes()))
	return err
}

// htmlCell is one cell of the page's matrix.
type htmlCell struct {
	Row   ReportRow
	Class string
	Found bool
}

// htmlRow is one scheme/op of the page's matrix.
type htmlRow struct {
	Key   string
	Cells []htmlCell
}

// WriteHTML writes the report as one page that stands alone: inline style,
// no script, nothing fetched, every text escaped (CONF-2).
func (r Report) WriteHTML(w io.Writer) error {
	keys := map[string]bool{}
	for _, im := range r.Implementations {
		for k := range im.Ops {
			keys[k] = true
		}
	}
	var rows []htmlRow
	for _, k := range sortedKeys(keys) {
		row := htmlRow{Key: k}
		for _, im := range r.Implementations {
			c, ok := im.Ops[k]
			class := "none"
			switch {
			case !ok:
			case c.Failed > 0:
				class = "fail"
			case c.NotImplemented > 0:
				class = "ni"
			default:
				class = "pass"
			}
			row.Cells = append(row.Cells, htmlCell{c, class, ok})
		}
		rows = append(rows, row)
	}
	return page.Execute(w, struct {
		Report
		Rows       []htmlRow
		CasesFrom  string
		Run        string
		WholeWords string
	}{r, rows, CasesFrom(r.Cases, r.Files), countOf(len(r.Implementations), "implementation", "implementations"), wholeFailure})
}

func sortedKeys(m map[string]bool) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// shown is text from an implementation or a vector file as the page shows
// it: hidden characters escaped (TXT-2's \u{…}); html/template escapes the
// rest for HTML.
func shown(s string) string { return escape.Line(s) }

// The page's words are the catalog's (cli.conform.page.*): w is words.Text.
var page = template.Must(template.New("report").Funcs(template.FuncMap{"shown": shown, "join": strings.Join, "required": requiredWords, "w": words.Text}).Parse(pageHTML))
