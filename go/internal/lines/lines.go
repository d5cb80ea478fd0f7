// Package lines reads runner requests, one a line, in bounded memory: of a
// line it holds at most the limit plus one byte, however long the line is
// (LIM-3). A line is split on the byte '\n' and trimmed of the whitespace JSON
// allows around a value (space, tab, CR, LF); blank lines are skipped.
package lines

import (
	"bufio"
	"io"
)

// Reader reads lines of at most Max bytes once trimmed.
type Reader struct {
	r   *bufio.Reader
	max int
	buf []byte
}

// NewReader reads from r; lines longer than max bytes, trimmed, are reported
// as too long and skipped to their end.
func NewReader(r io.Reader, max int) *Reader {
	return &Reader{r: bufio.NewReaderSize(r, 1<<16), max: max}
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\r' || c == '\n' }

// Next returns the next line that is not blank, trimmed. When the trimmed line
// is longer than the limit, tooLong is true and line is nil: its bytes past the
// limit were read and dropped. line is valid until the next call. err is io.EOF
// at the end of the input, together with the last line if it had no newline.
func (r *Reader) Next() (line []byte, tooLong bool, err error) {
	for {
		r.buf = r.buf[:0]
		started, long := false, false
		for {
			chunk, err := r.r.ReadSlice('\n')
			if !started {
				for len(chunk) > 0 && isSpace(chunk[0]) {
					chunk = chunk[1:]
				}
				started = len(chunk) > 0
			}
			if !long {
				room := r.max + 1 - len(r.buf)
				take := min(room, len(chunk))
				r.buf = append(r.buf, chunk[:take]...)
				for _, c := range chunk[take:] {
					if !isSpace(c) {
						long = true
						break
					}
				}
			}
			if err == bufio.ErrBufferFull {
				continue
			}
			t := r.buf
			for len(t) > 0 && isSpace(t[len(t)-1]) {
				t = t[:len(t)-1]
			}
			switch {
			case long || len(t) > r.max:
				return nil, true, err
			case len(t) > 0:
				return t, false, err
			case err != nil:
				return nil, false, err
			}
			break // a blank line
		}
	}
}
