package record

import (
	"fmt"

	"github.com/pfkit/pfkit/v2/go/internal/strictjson"
)

// notReadableJSON is REF-2's refusal of a record that is not readable JSON:
// the byte offset, then the line and column it falls on (REF-6), then the
// reader's message. Node's and Python's words are the same.
func notReadableJSON(data []byte, err *strictjson.Error) string {
	line, column := lineColumn(data, err.Offset)
	return fmt.Sprintf("the record is not readable JSON: at offset %d (line %d, column %d): %s", err.Offset, line, column, err.Message)
}

// lineColumn is where offset falls (REF-6): lines counted from 1, each
// ending at a line feed; columns from 1, counting the bytes before the
// offset on its line that do not continue a UTF-8 sequence (0x80 to 0xBF):
// its characters when it is valid UTF-8, and a count that never depends on
// decoding when it is not.
func lineColumn(data []byte, offset int) (line, column int) {
	line, column = 1, 1
	for _, b := range data[:min(offset, len(data))] {
		switch {
		case b == '\n':
			line, column = line+1, 1
		case b < 0x80 || b > 0xBF:
			column++
		}
	}
	return line, column
}
