package record

import (
	"bytes"
	"fmt"
	"io"
	"os"

	"github.com/pfkit/pfkit/v2/go/internal/errcode"
)

// StdinName is the file name that stands for standard input (TXT-4).
const StdinName = "-"

// ReadFile reads one record file, at most Limits.MaxBytes of it. A file that
// cannot be read at all (missing, a directory, no permission) is an
// *Unreadable with file_unreadable: it is not a record, so nothing about a
// record is claimed; one over the limit is input_too_large, refused by its
// size before a byte is read when the size is known.
//
// The name "-" is standard input (TXT-4), as on every command line of the
// kit; a file named - is ./-.
func ReadFile(path string) ([]byte, error) {
	f := os.Stdin
	if path != StdinName {
		var err error
		if f, err = os.Open(path); err != nil {
			return nil, FileError(err)
		}
		defer f.Close()
	}
	max := int64(Limits.MaxBytes)
	info, err := f.Stat()
	if err != nil {
		return nil, FileError(err)
	}
	if info.Mode().IsRegular() && info.Size() > max {
		return nil, tooLarge(info.Size())
	}
	// Of a pipe, a device or standard input at most the limit and one byte
	// is read and held (LIM-3), into one buffer of that size, or of the
	// file's size and one byte: a buffer grown as bytes arrive would hold its
	// old copies too. The pages of a fresh buffer are touched only as bytes
	// arrive.
	size := max + 1
	if info.Mode().IsRegular() {
		size = info.Size() + 1
	}
	buf := make([]byte, size)
	n, err := io.ReadFull(f, buf)
	if err == nil && int64(n) <= max {
		// A regular file that grew after its size was read.
		var rest bytes.Buffer
		rest.Write(buf)
		_, err = rest.ReadFrom(io.LimitReader(f, max+1-int64(n)))
		buf, n = rest.Bytes(), rest.Len()
	}
	if err != nil && err != io.EOF && err != io.ErrUnexpectedEOF {
		return nil, FileError(err)
	}
	if int64(n) > max {
		return nil, &Unreadable{errcode.InputTooLarge, fmt.Sprintf("the file has more than %d bytes, the limit is %d", max, max)}
	}
	return buf[:n], nil
}

func tooLarge(size int64) error {
	return &Unreadable{errcode.InputTooLarge, fmt.Sprintf("the file has %d bytes, the limit is %d", size, Limits.MaxBytes)}
}

// FileError is errcode.File as an *Unreadable.
func FileError(err error) *Unreadable {
	e := errcode.File(err)
	return &Unreadable{e.Code, e.Message}
}
