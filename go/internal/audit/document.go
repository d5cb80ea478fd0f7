package audit

import (
	kitroot "github.com/pfkit/pfkit/v2"
)

// Document is the JSON summary pfkit audit --json and pfkit audit merge
// --json write (AUD-1, AUD-2, spec/schemas/audit_summary_v1.json): the
// release that wrote it, the summary, its verdict and exit status, and the
// digest of its sealed members. A run adds what it cost; a merge adds what
// it checked, in a member of its own. Neither is sealed, so that the
// merged summary is the single run's, digest included.
type Document struct {
	Pfkit struct {
		Version string `json:"version"`
	} `json:"pfkit"`
	*Summary
	Seconds      *float64 `json:"seconds,omitempty"`
	PeakRSSBytes int64    `json:"peakRSSBytes,omitempty"`
	Merge        *Proof   `json:"merge,omitempty"`
	Verdict      string   `json:"verdict"`
	Exit         int      `json:"exit"`
	Digest       string   `json:"digest"`
}

// NewDocument is the document of s, written by this release, its verdict
// and exit status the ones its counts give; Seal sets its digest once the
// rest is filled in.
func NewDocument(s *Summary) *Document {
	d := &Document{Summary: s, Verdict: s.Verdict(), Exit: s.Exit()}
	d.Pfkit.Version = kitroot.Version
	return d
}

// Seal sets the document's digest of its sealed members (Digest).
func (d *Document) Seal() error {
	d.Digest = ""
	sum, err := Digest(d)
	d.Digest = sum
	return err
}
