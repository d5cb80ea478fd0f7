package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"

	"github.com/pfkit/pfkit/v2/go/internal/escape"
)

// writeJSON writes an indented document whose strings carry no hidden
// character raw (TXT-3): a record's text may reach a terminal this way too.
func writeJSON(w io.Writer, v any) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	enc.Encode(v)
	w.Write(escape.JSON(b.Bytes()))
}

// textOut writes a text report line by line, each through escape.Line
// (TXT-3): whatever a message quotes, no control or format character of a
// record reaches the terminal.
type textOut struct{ w io.Writer }

func (l textOut) printf(format string, args ...any) {
	io.WriteString(l.w, escape.Line(fmt.Sprintf(format, args...))+"\n")
}
