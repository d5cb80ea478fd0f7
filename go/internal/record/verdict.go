package record

import (
	"errors"
	"sync"

	"github.com/pfkit/pfkit/v2/go/internal/errcode"
)

// The four verdicts a record can get (REC-2). Verified and Failed come with a
// report; an unreadable record has an error code and a message, and so has a
// record of an unspecified scheme.
const (
	StatusUnreadable  = "unreadable"
	StatusUnspecified = "unspecified"
)

// Statuses lists the verdicts in the order reports show them.
var Statuses = []string{Verified, Failed, StatusUnreadable, StatusUnspecified}

// Verdict is what verifying one record gives: this mapping from the verifier's
// answers to verdicts is the one every command and test uses.
type Verdict struct {
	Status  string       // Verified, Failed, StatusUnreadable or StatusUnspecified
	Report  *Report      // for verified and failed
	Code    errcode.Code // for unreadable and unspecified
	Message string       // for unreadable and unspecified: what was expected and found
	Scheme  string       // for unspecified: the scheme the record names
}

// Reason is the verdict's error in one line, "code: message", or "" for a
// record that has a report.
func (v Verdict) Reason() string {
	if v.Report != nil {
		return ""
	}
	return string(v.Code) + ": " + v.Message
}

// Err is the verdict's error, an *errcode.Error with its code, or nil for a
// record that has a report (verified or failed).
func (v Verdict) Err() error {
	if v.Report != nil {
		return nil
	}
	return &errcode.Error{Code: v.Code, Message: v.Message}
}

// Judge verifies data and gives its verdict.
func Judge(data []byte) Verdict { return JudgeSeeing(data, nil) }

// JudgeSeeing is Judge, and when the record is verified and see is not nil,
// it shows see what the record dealt (the statistics of an audit, STAT-1).
func JudgeSeeing(data []byte, see func(*Dealt)) Verdict {
	// A verdict holds no list of the record it was given (its reports copy
	// the values they show), so the plain form can read the next record: a
	// worker of an audit reads millions into a few forms.
	p := plainForms.Get().(*plainForm)
	defer func() {
		p.rec.Data = nil // the pool holds no record's bytes
		plainForms.Put(p)
	}()
	return judgeRead(p.read(data), data, see)
}

// judgeRead judges data, read plainly as r, or the general way when r is nil.
func judgeRead(r *Record, data []byte, see func(*Dealt)) Verdict {
	if r == nil {
		var err error
		if r, err = readGeneral(data); err != nil {
			return verdictOf(nil, err)
		}
	}
	v := verdictOf(Verify(r))
	if see != nil && v.Status == Verified {
		seeDealt(r, nil, see)
	}
	return v
}

var plainForms = sync.Pool{New: func() any { return new(plainForm) }}

// JudgeFile reads a record file (ReadFile) and gives its verdict: a file that
// cannot be read is unreadable with file_unreadable, one over the size limit
// unreadable with input_too_large.
func JudgeFile(path string) Verdict {
	data, err := ReadFile(path)
	if err != nil {
		return verdictOf(nil, err)
	}
	return Judge(data)
}

// Unread is the verdict on a record that could not even be read (a file over
// the size limit, a line of an archive over it): unreadable, with code.
func Unread(code errcode.Code, message string) Verdict {
	return Verdict{Status: StatusUnreadable, Code: code, Message: message}
}

func verdictOf(rep *Report, err error) Verdict {
	if err == nil {
		return Verdict{Status: rep.Status, Report: rep}
	}
	var un *Unreadable
	var us *Unspecified
	switch {
	case errors.As(err, &un):
		return Unread(un.Code, un.Message)
	case errors.As(err, &us):
		return Verdict{Status: StatusUnspecified, Code: errcode.SchemeUnspecified, Message: us.Why, Scheme: us.Scheme}
	}
	// A schema-valid record the verifier could not follow: a bug in the
	// reference, never a verdict on the record.
	return Unread(errcode.InternalError, err.Error())
}

// ExitCode is the exit status of a run over records, from how many got each
// verdict (REC-2, decision D-21): 1 when a check failed, else 2 when a record
// was unreadable, else 3 when a record named an unspecified scheme, else 0.
func ExitCode(byStatus map[string]int) int {
	switch {
	case byStatus[Failed] > 0:
		return 1
	case byStatus[StatusUnreadable] > 0:
		return 2
	case byStatus[StatusUnspecified] > 0:
		return 3
	}
	return 0
}
