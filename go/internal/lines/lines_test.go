package lines

import (
	"io"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

type got struct {
	line    string
	tooLong bool
}

func readAll(t *testing.T, input string, max int) []got {
	r := NewReader(strings.NewReader(input), max)
	var out []got
	for {
		line, tooLong, err := r.Next()
		if line != nil || tooLong {
			out = append(out, got{string(line), tooLong})
		}
		if err == io.EOF {
			return out
		}
		require.NoError(t, err)
	}
}

func TestLines(t *testing.T) {
	big := strings.Repeat("x", 1<<17) // longer than the read buffer
	for _, tc := range []struct {
		name, input string
		max         int
		want        []got
	}{
		{"blank lines skipped", "\n  \n\t\r\na\n\n b \r\n", 10, []got{{"a", false}, {"b", false}}},
		{"no newline at the end", "a\nb", 10, []got{{"a", false}, {"b", false}}},
		{"empty input", "", 10, nil},
		{"exactly the limit", "0123456789\n", 10, []got{{"0123456789", false}}},
		{"one byte over", "0123456789a\n", 10, []got{{"", true}}},
		{"whitespace around is not counted", "   0123456789 \t \r\n", 10, []got{{"0123456789", false}}},
		{"content resumes past the limit", "0123456789" + strings.Repeat(" ", 100) + "x\nok", 10, []got{{"", true}, {"ok", false}}},
		{"long lines across reads", big + "\n" + big[:100] + "\n", 1 << 16, []got{{"", true}, {big[:100], false}}},
		{"a long blank line", strings.Repeat(" ", 1<<18) + "\nz", 10, []got{{"z", false}}},
		{"a long line at the end", "a\n" + big, 1 << 16, []got{{"a", false}, {"", true}}},
		{"other spaces are content", "\u00a0\n", 10, []got{{"\u00a0", false}}},
	} {
		assert.Equal(t, tc.want, readAll(t, tc.input, tc.max), tc.name)
	}
}

// However long a line, the reader holds no more than the limit and one byte.
func TestLinesHoldTheLimit(t *testing.T) {
	r := NewReader(io.MultiReader(strings.NewReader(strings.Repeat("y", 50<<20)), strings.NewReader("\nq\n")), 1000)
	_, tooLong, err := r.Next()
	require.NoError(t, err)
	assert.True(t, tooLong)
	assert.LessOrEqual(t, cap(r.buf), 2048)
	line, _, _ := r.Next()
	assert.Equal(t, "q", string(line))
}
