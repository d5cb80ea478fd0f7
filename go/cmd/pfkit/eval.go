package main

import (
	"bufio"
	"context"
	"io"

	"github.com/pfkit/pfkit/v2/go/internal/conform"
	"github.com/pfkit/pfkit/v2/go/internal/lines"
	"github.com/pfkit/pfkit/v2/go/internal/ops"
	"github.com/pfkit/pfkit/v2/go/internal/strictjson"
)

func cmdEval(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	c := newCLI("eval", stdout, stderr)
	var f implFlags
	f.register(c.fs)
	pos, code, ok := c.parse(args)
	if !ok {
		return code
	}
	if code, ok := c.exact(pos, 0, "no arguments"); !ok {
		return code
	}
	impl, _, err := f.resolve(stderr)
	if err != nil {
		textOut{stderr}.printf("pfkit eval: %v", err)
		return 2
	}
	out := bufio.NewWriter(stdout)
	defer out.Flush()
	if p, ok := impl.(*conform.Process); ok {
		// The input goes to the implementation as it comes, byte for byte:
		// its adapter reads the lines and applies the limit itself.
		err := p.Pipe(context.Background(), stdin, func(resp []byte) {
			out.Write(resp)
			out.WriteByte('\n')
		})
		if err != nil {
			out.Flush()
			textOut{stderr}.printf("pfkit eval: %v", err)
			return 1
		}
		return 0
	}
	// Answer line by line, flushing each answer, so a caller can hold a
	// conversation over a pipe. Of a line longer than the limit no more than
	// the limit is held (LIM-3).
	in := lines.NewReader(stdin, strictjson.Default.MaxBytes)
	for {
		line, tooLong, err := in.Next()
		switch {
		case tooLong:
			b, _ := ops.TooLong().MarshalJSON()
			out.Write(b)
			out.WriteByte('\n')
		case line != nil:
			b, _ := ops.Eval(line).MarshalJSON()
			out.Write(b)
			out.WriteByte('\n')
		}
		out.Flush()
		if err != nil {
			return 0
		}
	}
}
