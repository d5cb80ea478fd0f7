// Package words gives the English of the command-line reports. Each message is
// a code of spec/catalog/en.po ("cli." codes) with named parameters; the table
// in words_gen.go is generated from it by tools/words/catalog.py (make catalog), and
// Text fills a message in, the same way as node/src/words.js and
// python/src/pfkit/words.py.
package words

import (
	"fmt"
	"strconv"
	"strings"
)

// message is one row of the generated table.
type message struct {
	code, one, other, count string
}

var byCode = func() map[string]message {
	m := make(map[string]message, len(table))
	for _, row := range table {
		m[row.code] = row
	}
	return m
}()

// Text is the English of the message code with its parameters filled in. args
// are name, value pairs; a value is a string, an int, or any other number
// (printed as fmt.Print prints it). A plural message takes
// its singular form when its count parameter is 1. A code the catalog does not
// have gives the code itself, and a parameter not given stays {name}, so a
// mistake shows in the output and in the tests instead of stopping the report.
// No regular expression and no map: audits word millions of reports.
func Text(code string, args ...any) string {
	m, ok := byCode[code]
	if !ok {
		return code
	}
	text := m.other
	if m.count != "" {
		if n, ok := arg(args, m.count).(int); ok && n == 1 {
			text = m.one
		}
	}
	if strings.IndexByte(text, '{') < 0 {
		return text
	}
	var b strings.Builder
	for {
		open := strings.IndexByte(text, '{')
		if open < 0 {
			break
		}
		end := strings.IndexByte(text[open:], '}')
		if end < 0 {
			break
		}
		b.WriteString(text[:open])
		name := text[open+1 : open+end]
		switch v := arg(args, name).(type) {
		case int:
			b.WriteString(strconv.Itoa(v))
		case string:
			b.WriteString(v)
		case nil:
			b.WriteString(text[open : open+end+1])
		default:
			fmt.Fprint(&b, v)
		}
		text = text[open+end+1:]
	}
	b.WriteString(text)
	return b.String()
}

// arg is the value of the parameter name in name, value pairs, or nil.
func arg(args []any, name string) any {
	for i := 0; i+1 < len(args); i += 2 {
		if args[i] == name {
			return args[i+1]
		}
	}
	return nil
}
