package main

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"time"

	"github.com/pfkit/pfkit/v2/go/internal/escape"
	"github.com/pfkit/pfkit/v2/go/internal/record"
)

// prog is the name pfkit was invoked by (os.Args[0]'s base name, less .exe),
// so that usage lines and refusals name what the user typed: pfkit, or a
// release binary's pfkit-2.0.0-linux-amd64.
var prog = "pfkit"

// progName is that name for the path a program was started by.
func progName(arg0 string) string {
	name := strings.TrimSuffix(filepath.Base(arg0), ".exe")
	if name == "" || name == "." || name == string(filepath.Separator) {
		return "pfkit"
	}
	return name
}

// A command is one subcommand as its help describes it.
type command struct {
	name     string // the words after pfkit: "vectors generate"
	synopsis string // what follows them in the usage line
	about    string // what it does, wrapped at 72 columns
}

// commands lists every subcommand, in the order pfkit --help shows them.
var commands = []command{
	{"eval", "[--impl go|node|python | --cmd COMMAND]",
		`read runner requests (one JSON object a line) on standard input and
write the responses; with --impl or --cmd, forward them to that
implementation's adapter instead of answering in process`},
	{"conform", "[--impl go|node|python | --cmd COMMAND]... [--only S[/OP]] [--skip S[/OP]] [--require S[/OP]] [--all] [--report FILE] [--timeout D] [PATH...]",
		`run vector files and JSONL case files (default: the repository's
vectors/) through one implementation or several and print a scheme x
result matrix for each; with --report, also write a compliance report
(FILE.html or FILE.json); exit 0 only when every case of the ops each
implementation lists passes`},
	{"vectors generate", "[--dir DIR]",
		`regenerate every vector file from the reference (default: the
repository's vectors/)`},
	{"vectors check", "[--dir DIR]",
		`regenerate in memory and fail on any byte that differs from DIR`},
	{"verify", "[--json] RECORD...",
		`check match records (vectors/records/ has examples of every kind) and
print each check, passed or failed, with what was expected and found;
a file that cannot be read is named on standard error; - reads one
record from standard input (once), and the report names it -`},
	{"audit", "[--json] [--workers N] [--progress] [--shard I/N] ARCHIVE",
		`verify a whole archive (JSON lines, or a folder of records) on every
core with bounded memory, and summarise the verdicts; with --shard,
only part I of N (a byte range of the lines, or a share of the
folder's files), as one job of many; ARCHIVE is a file or a folder,
not - (standard input): a shard and audit merge --archive read it again`},
	{"audit merge", "[--json] [--archive FILE [--rerun I,J,... | --sample K]] SUMMARY...",
		`join the --json summaries of every shard of one archive into the
summary a single audit of the whole archive gives, refusing any set
no single run writes, and say which checks ran; --archive also holds
them to the archive read again, --rerun to shards run again, --sample
to K shards chosen at random run again; - reads one SUMMARY from
standard input`},
	{"archive generate", "[--kind KIND] [--count N] [--tamper-every K] [--out FILE]",
		`write a deterministic sample archive to standard output, or to FILE
(kinds: selfpoker, bridge, backgammon, chess, mixed)`},
	{"version", "",
		`print the kit's version, the commit this binary was built from and
whether that tree had changes (also pfkit --version)`},
}

// details says more than about, in pfkit COMMAND --help only.
var details = map[string]string{
	"conform": `PATH      a vector file (.json), a case file (.jsonl: one request a
          line with "expect" or "error"), or a directory of them;
          default: the repository's vectors/ (records are skipped);
          - reads a case file (.jsonl) from standard input
S[/OP]    a scheme, or a scheme and one of its ops, for --only,
          --skip and --require: --only match_seed_v2/draws,
          --skip selfpoker_v1; protocol.json's cases are
          protocol/envelope and protocol/implementation; a name
          that matches no case of the PATHs is fine, one that
          names nothing is refused
FILE      for --report: FILE.html, a page that stands alone (a matrix
          of implementations by scheme/op, each failing cell opening
          onto its cases), or FILE.json, the same as a document

Each run first asks the implementation to name itself and its ops
(spec IMPL-1) and shows the answer; the cases of an op it does not list
are not sent and do not fail the run ("partial: N of 12 ops"), unless
--require names the op. An adapter that answers with an error is run in
full; one that gives no valid answer fails the run as a whole. The
adapter runs in a process group of its own, ended whole at --timeout or
on Ctrl-C, with the request it was waiting for named; it must flush
its output after every line (spec CONF-3).
The matrix counts, per scheme and op, the cases passed, failed and
not implemented (answered not_implemented or not sent; listed apart).
A failure shows the case's comment and flags and the first
difference in the order the spec lists the output; for a bulk case,
the first request that went wrong as a line for pfkit eval, with the
expected output; for draws, selfpoker_v1 and a match no draw locates,
a trace request to run through pfkit eval and your adapter and compare
step by step;
for commit, colour, match, selfpoker_v1's deck and poker's hand, a where
line that locates the difference (for a match the game, the stage and
the first draw to differ, with its k, message, words and value), and
for a poker hand a proof request for the first card that differs (spec
CONF-5).
Exit status 1 when a case failed or was answered not_implemented, an
op --require names is not listed, or the run stopped.`,
}

const usageFooter = `
Flags may come before or after the other arguments; after -- every argument
is a file name. %[1]s COMMAND --help describes one command.

Exit status: 0 success; 1 a failed case or check; 2 bad usage or an unreadable
input; 3 (verify, audit) a record of an unspecified scheme and nothing worse.
For several records: 1 if any check failed, else 2 if any record or file was
unreadable, else 3 if any named an unspecified scheme, else 0. 4 (audit,
audit merge) no record at all: nothing was verified.
The runner contract, error codes and vector format: spec/pfkit.md, vectors/README.md.
`

// usage is pfkit's own help.
func usage() string {
	var b strings.Builder
	b.WriteString("pfkit: the provably-fair randomness kit (reference implementation in Go)\n\nusage:\n")
	for _, c := range commands {
		fmt.Fprintf(&b, "  %s\n", strings.TrimSpace(prog+" "+c.name+" "+c.synopsis))
		for _, l := range strings.Split(c.about, "\n") {
			fmt.Fprintf(&b, "      %s\n", l)
		}
	}
	fmt.Fprintf(&b, "  %s help [COMMAND]\n      this help, or one command's\n", prog)
	fmt.Fprintf(&b, usageFooter, prog)
	return b.String()
}

// unknownCommand refuses a first word that names no command: the word
// alone, the command it most resembles, and where the usage is, in two
// lines (python -m pfkit words it alike).
func unknownCommand(word string) string {
	var names []string
	for _, c := range commands {
		first, _, _ := strings.Cut(c.name, " ")
		names = append(names, first)
	}
	msg := prog + ": unknown command " + escape.Quoted(word)
	if near := closest(word, append(names, "help")); near != "" {
		msg += "; did you mean " + near + "?"
	}
	return escape.Line(msg) + "\n" + escape.Line(`run "`+prog+` --help" for usage`) + "\n"
}

// closest is the name at the least edit distance from word (the first of
// several), when that distance is at most 2 and less than word's length;
// "" otherwise.
func closest(word string, names []string) string {
	best, bestD := "", 3
	for _, n := range names {
		if d := editDistance(word, n); d < bestD && d < len([]rune(word)) {
			best, bestD = n, d
		}
	}
	return best
}

// editDistance is the Levenshtein distance between a and b, in characters.
func editDistance(a, b string) int {
	x, y := []rune(a), []rune(b)
	prev := make([]int, len(y)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(x); i++ {
		cur := make([]int, len(y)+1)
		cur[0] = i
		for j := 1; j <= len(y); j++ {
			cost := 1
			if x[i-1] == y[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev = cur
	}
	return prev[len(y)]
}

// group is the help of a word that only leads to subcommands ("vectors").
func group(word string) string {
	var b strings.Builder
	b.WriteString("usage:\n")
	for _, c := range commands {
		if strings.HasPrefix(c.name, word+" ") {
			fmt.Fprintf(&b, "  %s %s %s\n", prog, c.name, c.synopsis)
		}
	}
	return b.String()
}

func lookup(name string) command {
	for _, c := range commands {
		if c.name == name {
			return c
		}
	}
	panic("pfkit: no command " + name)
}

// cli parses one subcommand's arguments.
type cli struct {
	command
	fs             *flag.FlagSet
	stdout, stderr io.Writer
}

func newCLI(name string, stdout, stderr io.Writer) *cli {
	c := &cli{command: lookup(name), stdout: stdout, stderr: stderr}
	c.fs = flag.NewFlagSet("pfkit "+name, flag.ContinueOnError)
	c.fs.SetOutput(io.Discard) // parse prints the problem or the help itself, on the right stream
	c.fs.Usage = func() {}
	return c
}

// help is the command's usage line, what it does and its flags.
func (c *cli) help() string {
	var b bytes.Buffer
	fmt.Fprintf(&b, "usage: %s\n\n%s\n", strings.TrimSpace(prog+" "+c.name+" "+c.synopsis), c.about)
	if d := details[c.name]; d != "" {
		fmt.Fprintf(&b, "\n%s\n", d)
	}
	n := 0
	c.fs.VisitAll(func(*flag.Flag) { n++ })
	if n > 0 {
		b.WriteString("\nflags:\n")
		c.fs.VisitAll(func(f *flag.Flag) { writeFlag(&b, f) })
	}
	return b.String()
}

// writeFlag is the flag package's PrintDefaults for one flag, with the name
// spelled --name, as the usage lines and every refusal spell it.
func writeFlag(b *bytes.Buffer, f *flag.Flag) {
	value, about := flag.UnquoteUsage(f)
	fmt.Fprintf(b, "  --%s", f.Name)
	if value != "" {
		fmt.Fprintf(b, " %s", value)
	}
	fmt.Fprintf(b, "\n    \t%s", strings.ReplaceAll(about, "\n", "\n    \t"))
	switch g, _ := f.Value.(flag.Getter); {
	case f.DefValue == "" || f.DefValue == "false" || f.DefValue == "0":
	case g != nil && fmt.Sprintf("%T", g.Get()) == "string":
		fmt.Fprintf(b, " (default %q)", f.DefValue)
	default:
		fmt.Fprintf(b, " (default %v)", f.DefValue)
	}
	b.WriteByte('\n')
}

// parse reads the flags wherever they stand among the other arguments (the
// flag package alone stops at the first one that is not a flag); after "--"
// every argument is positional. A flag is written with one dash or two, its
// value after "=" or as the next argument (a boolean takes only "="). It
// returns the positional arguments, or ok=false and the exit status: 0 after
// -h or --help (the help on standard output), 2 for a flag it does not know,
// a missing value or one it cannot read (the message and the help on
// standard error, worded as README's "Command-line manners" says).
func (c *cli) parse(args []string) (pos []string, code int, ok bool) {
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			return append(pos, args[i+1:]...), 0, true
		}
		if len(a) < 2 || a[0] != '-' {
			pos = append(pos, a) // "-" alone is a file name by custom
			continue
		}
		body := strings.TrimPrefix(a[1:], "-")
		name, value, hasValue := strings.Cut(body, "=")
		if name == "" || name[0] == '-' {
			return nil, c.fail("bad flag syntax: %s", a), false
		}
		if name == "h" || name == "help" {
			fmt.Fprint(c.stdout, c.help())
			return nil, 0, false
		}
		f := c.fs.Lookup(name)
		if f == nil {
			return nil, c.fail("unknown flag --%s", name), false
		}
		if !hasValue && isBoolFlag(f) {
			value, hasValue = "true", true
		}
		if !hasValue {
			if i+1 == len(args) {
				return nil, c.fail("flag --%s needs a value", name), false
			}
			i++
			value = args[i]
		}
		if err := f.Value.Set(value); err != nil {
			return nil, c.fail("invalid value %s for --%s: %s", escape.Quoted(value), name, expected(f, err)), false
		}
	}
	return pos, 0, true
}

// expected says what a flag's value should have been: the flag's own
// message, or for the flag package's types (whose message is only "parse
// error") what they take.
func expected(f *flag.Flag, err error) string {
	g, ok := f.Value.(flag.Getter)
	if !ok {
		return err.Error()
	}
	switch g.Get().(type) {
	case bool:
		return "expected true or false"
	case int, int64, uint, uint64:
		return "expected an integer"
	case time.Duration:
		return "expected a duration such as 90s or 10m"
	}
	return err.Error()
}

func isBoolFlag(f *flag.Flag) bool {
	b, ok := f.Value.(interface{ IsBoolFlag() bool })
	return ok && b.IsBoolFlag()
}

// fail refuses the arguments: the problem and the short usage (the usage
// line and where the help is) on standard error, exit status 2; --help
// prints the long one.
func (c *cli) fail(format string, args ...any) int {
	// A word of the command line may hold anything (TXT-3).
	fmt.Fprintf(c.stderr, "%s\n\n%s", escape.Line(prog+" "+c.name+": "+fmt.Sprintf(format, args...)), c.shortUsage())
	return 2
}

// shortUsage is the usage line and a pointer to the help.
func (c *cli) shortUsage() string {
	line := strings.TrimSpace(prog + " " + c.name + " " + c.synopsis)
	return escape.Line("usage: "+line) + "\n" + escape.Line(`run "`+prog+" "+c.name+` --help" for more`) + "\n"
}

// stdinOnce refuses standard input (-) named more than once: the first
// reading takes all it has (TXT-4).
func (c *cli) stdinOnce(paths []string) (int, bool) {
	n := 0
	for _, p := range paths {
		if p == record.StdinName {
			n++
		}
	}
	if n > 1 {
		return c.fail("%s", stdinTwice(n)), false
	}
	return 0, true
}

// noStdin refuses standard input (-) where the command reads its file more
// than once; why says why (TXT-4).
func (c *cli) noStdin(what, path, why string) (int, bool) {
	if path == record.StdinName {
		return c.fail("%s: - (standard input) is not read here: %s; save it to a file and name that", what, why), false
	}
	return 0, true
}

// stdinTwice is the refusal of - named n times, in the words Node and Python
// print too.
func stdinTwice(n int) string {
	return fmt.Sprintf("- (standard input) can be named once, found %d times", n)
}

// exact refuses positional arguments beyond want (a word the command does
// not take), and too few.
func (c *cli) exact(pos []string, want int, what string) (int, bool) {
	switch {
	case len(pos) > want && want == 0:
		return c.fail("unexpected argument %s", escape.Quoted(pos[0])), false
	case len(pos) > want:
		quoted := make([]string, len(pos))
		for i, p := range pos {
			quoted[i] = escape.Quoted(p)
		}
		return c.fail("expected %s, found %d arguments: %s", what, len(pos), strings.Join(quoted, " ")), false
	case len(pos) < want:
		return c.fail("expected %s", what), false
	}
	return 0, true
}

// subcommand checks the word after a command that only groups subcommands
// (vectors, archive): --help prints the group's usage on standard output, a
// word that names no subcommand is refused.
func subcommand(group0 string, args []string, stdout, stderr io.Writer) (int, bool) {
	if len(args) > 0 {
		for _, c := range commands {
			if c.name == group0+" "+args[0] {
				return 0, true
			}
		}
	}
	if len(args) == 1 && (args[0] == "-h" || args[0] == "-help" || args[0] == "--help") {
		fmt.Fprint(stdout, group(group0))
		return 0, false
	}
	if len(args) == 0 {
		fmt.Fprintf(stderr, "%s %s: expected a subcommand\n\n%s", prog, group0, group(group0))
	} else {
		fmt.Fprintf(stderr, "%s %s: unknown subcommand %s\n\n%s", prog, group0, escape.Quoted(args[0]), group(group0))
	}
	return 2, false
}
