package record

import (
	"fmt"
	"io"
	"os"

	"github.com/pfkit/pfkit/go/internal/errcode"
)

// ReadFile reads one record file, at most Limits.MaxBytes of it. A file that
// cannot be read at all (missing, a directory, no permission) is an
// *Unreadable with file_unreadable: it is not a record, so nothing about a
// record is claimed; one over the limit is input_too_large, refused by its
// size before a byte is read when the size is known.
func ReadFile(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, FileError(err)
	}
	defer f.Close()
	if info, err := f.Stat(); err == nil && info.Mode().IsRegular() && info.Size() > int64(Limits.MaxBytes) {
		return nil, tooLarge(info.Size())
	}
	data, err := io.ReadAll(io.LimitReader(f, int64(Limits.MaxBytes)+1))
	if err != nil {
		return nil, FileError(err)
	}
	if len(data) > Limits.MaxBytes {
		return nil, &Unreadable{errcode.InputTooLarge, fmt.Sprintf("the file has more than %d bytes, the limit is %d", Limits.MaxBytes, Limits.MaxBytes)}
	}
	return data, nil
}

func tooLarge(size int64) error {
	return &Unreadable{errcode.InputTooLarge, fmt.Sprintf("the file has %d bytes, the limit is %d", size, Limits.MaxBytes)}
}

// FileError is errcode.File as an *Unreadable.
func FileError(err error) *Unreadable {
	e := errcode.File(err)
	return &Unreadable{e.Code, e.Message}
}
