package main

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// Every refusal of a flag names it --name, as the usage lines do, worded as
// README's "Command-line manners" says (Node's cli.js and Python's cli.py
// word them alike; tests/test_cli.py compares the three).
func TestFlagRefusals(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"verify", "--bogus", "x.json"}, "pfkit verify: unknown flag --bogus"},
		{[]string{"verify", "x.json", "-bogus"}, "pfkit verify: unknown flag --bogus"},
		{[]string{"verify", "-x=1"}, "pfkit verify: unknown flag --x"},
		{[]string{"verify", "---json"}, "pfkit verify: bad flag syntax: ---json"},
		{[]string{"verify", "--=x"}, "pfkit verify: bad flag syntax: --=x"},
		{[]string{"verify", "--json=maybe", "x.json"}, `pfkit verify: invalid value "maybe" for --json: expected true or false`},
		{[]string{"audit", "--workers", "many", "x"}, `pfkit audit: invalid value "many" for --workers: expected an integer`},
		{[]string{"audit", "x", "--workers"}, "pfkit audit: flag --workers needs a value"},
		{[]string{"conform", "--timeout", "5"}, `pfkit conform: invalid value "5" for --timeout: expected a duration such as 90s or 10m`},
		{[]string{"conform", "--skip="}, `pfkit conform: invalid value "" for --skip: expected a scheme or scheme/op, found an empty pattern`},
		{[]string{"archive", "generate", "--count=-"}, `pfkit archive generate: invalid value "-" for --count: expected an integer`},
	} {
		code, out, errs := pfkit(t, "", tc.args...)
		assert.Equal(t, 2, code, tc.args)
		assert.Empty(t, out, tc.args)
		first, rest, _ := strings.Cut(errs, "\n\n")
		assert.Equal(t, tc.want, first, tc.args)
		assert.True(t, strings.HasPrefix(rest, "usage: pfkit "), tc.args)
	}
}

// A flag that takes a value takes it after "=" or as the next argument, with
// one dash or two, before or after the other arguments.
func TestFlagValues(t *testing.T) {
	for _, args := range [][]string{
		{"archive", "generate", "--count", "2", "--kind=chess"},
		{"archive", "generate", "-count=2", "-kind", "chess"},
		{"archive", "generate", "--kind", "chess", "--count", "3", "--count=2"},
	} {
		code, out, errs := pfkit(t, "", args...)
		assert.Equal(t, 0, code, errs)
		assert.Equal(t, 2, strings.Count(out, "\n"), args)
		assert.Contains(t, out, `"chess_colour_v1"`, args)
	}
}

// The flag lists of every command's help spell each flag --name.
func TestHelpSpellsFlagsWithTwoDashes(t *testing.T) {
	for _, c := range commands {
		code, out, _ := pfkit(t, "", append(strings.Fields(c.name), "--help")...)
		assert.Equal(t, 0, code, c.name)
		_, flags, found := strings.Cut(out, "\nflags:\n")
		if !found {
			continue
		}
		for _, l := range strings.Split(strings.TrimSuffix(flags, "\n"), "\n") {
			if !strings.HasPrefix(l, "    \t") {
				assert.True(t, strings.HasPrefix(l, "  --"), "%s: %q", c.name, l)
			}
		}
	}
	_, out, _ := pfkit(t, "", "archive", "generate", "--help")
	assert.Contains(t, out, "  --kind string\n    \trecord kind: selfpoker, bridge, backgammon, chess, mixed (default \"selfpoker\")\n")
	assert.Contains(t, out, "  --count int\n    \tnumber of records (default 10000)\n")
}

// Usage lines name the program as it was invoked.
func TestProgName(t *testing.T) {
	for arg0, want := range map[string]string{
		"pfkit": "pfkit", "/usr/local/bin/pfkit": "pfkit", "bin/pfkit-2.0.0-linux-amd64": "pfkit-2.0.0-linux-amd64",
		`pfkit-2.0.0-windows-amd64.exe`: "pfkit-2.0.0-windows-amd64", "": "pfkit",
	} {
		assert.Equal(t, want, progName(arg0), arg0)
	}
	defer func(p string) { prog = p }(prog)
	prog = "pfkit-2.0.0-linux-amd64"
	_, out, _ := pfkit(t, "", "verify", "--help")
	assert.True(t, strings.HasPrefix(out, "usage: pfkit-2.0.0-linux-amd64 verify [--json] RECORD...\n"), out)
	_, _, errs := pfkit(t, "", "verify", "--bogus")
	assert.True(t, strings.HasPrefix(errs, "pfkit-2.0.0-linux-amd64 verify: unknown flag --bogus\n"), errs)
	_, out, _ = pfkit(t, "", "--help")
	assert.Contains(t, out, "  pfkit-2.0.0-linux-amd64 audit merge [--json] [--archive FILE [--rerun I,J,... | --sample K]] SUMMARY...\n")
	assert.Contains(t, out, "pfkit-2.0.0-linux-amd64 COMMAND --help describes one command.")
}
